"""rulekit against OpenSpiel's C++ games, driven from the same Python loop: instructions
per decision (valgrind's callgrind: the same figure on a busy machine as on an idle
one) and CPU time per decision over alternating rounds, for a pair of games that are
the same game in both (as near as their options allow).

    python benchmarks/native.py                           # Crazy Eights and Hearts at 4
    python benchmarks/native.py --pair hearts --games 20 --rounds 5
    python benchmarks/native.py --no-valgrind             # CPU time only

The loop is the one a random bot runs, in both: rulekit's ``game.random_legal(rng)``
then ``game.apply``; OpenSpiel's ``rng.choice(state.legal_actions())`` then
``state.apply_action``, a chance node's outcome drawn by its probabilities. rulekit's
games keep no event log (``events=False``: OpenSpiel's keep none either). A
decision is a move of a seat (chance nodes, OpenSpiel's deals, are not counted, though
their cost is: rulekit deals inside ``new_game``). Each instruction figure is a run
doing the games minus a run doing none (start-up, imports and loading left out). A
ratio above 1 means rulekit does more per decision.

The pairs (rule differences that their options cannot take away are listed in
docs/performance.md; issue 34 asks for them):

- ``crazy_eights``: rulekit's bundled ``crazy_eights`` and OpenSpiel's ``crazy_eights``
  (``players=4``);
- ``hearts``: rulekit's ``hearts`` with ``target=1`` (one hand) and OpenSpiel's
  ``hearts`` (one hand, passing left).

Needs ``open_spiel`` (``pip install -e ".[test]"`` installs it) and, for instructions,
``valgrind``.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

PAIRS = {
    # (an OpenSpiel option None: the number of players; Hearts is for four only there)
    "crazy_eights": {"rulekit": ("crazy_eights", {}),
                     "openspiel": ("crazy_eights", {"players": None})},
    "hearts": {"rulekit": ("hearts", {"target": "1"}), "openspiel": ("hearts", {})},
}

SNIPPET = r"""
import json, random, sys, time
side, name, options, players, games = (sys.argv[1], sys.argv[2], json.loads(sys.argv[3]),
                                       int(sys.argv[4]), int(sys.argv[5]))
if side == "rulekit":
    import rulekit
    rules = rulekit.load(name, options or None)
    rules.new_game(players=players, seed=0)     # (the engine's modules imported: not counted)
    def play(seed):
        game = rules.new_game(players=players, seed=seed, events=False)
        rng = random.Random(seed)
        while not game.finished:
            game.apply(game.random_legal(rng))
        return game.actions
else:
    import pyspiel
    game_ = pyspiel.load_game(name, {k: players if v is None else v
                                     for k, v in options.items()})
    game_.new_initial_state()                   # (likewise)
    def play(seed):
        state = game_.new_initial_state()
        rng = random.Random(seed)
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        return moves
decisions = 0
start = time.process_time()
for seed in range(games):
    decisions += play(seed)
print("RESULT", decisions, time.process_time() - start)
"""


def run(side: str, pair: str, players: int, games: int, valgrind: bool) -> tuple:
    """(instructions or None, decisions, CPU seconds) of one process playing ``games``
    games of ``pair``'s ``side`` (rulekit or openspiel)."""
    name, options = PAIRS[pair][side]
    cmd = [sys.executable, "-c", SNIPPET, side, name, json.dumps(options), str(players),
           str(games)]
    if valgrind:
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(HERE)}
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=HERE)
    got = re.search(r"RESULT (\d+) ([\d.e-]+)", out.stdout)
    if out.returncode or not got:
        err = "\n".join(line for line in out.stderr.splitlines()
                        if not re.match(r"==\d+==", line))
        raise SystemExit(f"{side} {pair} failed (exit {out.returncode}):\n{err[-2000:]}")
    refs = re.search(r"Collected : ([\d,]+)", out.stderr) if valgrind else None
    return (int(refs.group(1).replace(",", "")) if refs else None, int(got.group(1)),
            float(got.group(2)))


def measure(pair: str, players: int, games: int, rounds: int, valgrind: bool) -> dict:
    """Per side: instructions per decision (None without valgrind), decisions, and the
    median CPU microseconds per decision over ``rounds`` alternating rounds."""
    out = {}
    for side in ("rulekit", "openspiel"):
        entry = {"instructions": None}
        if valgrind:
            base, _, _ = run(side, pair, players, 0, True)
            work, decisions, _ = run(side, pair, players, games, True)
            entry["instructions"] = (work - base) / decisions
        out[side] = entry
    cpu = {"rulekit": [], "openspiel": []}
    for _ in range(rounds):                   # alternating: the machine's load is shared
        for side in ("rulekit", "openspiel"):
            _, decisions, seconds = run(side, pair, players, games, False)
            cpu[side].append(1e6 * seconds / decisions)
            out[side]["decisions"] = decisions
    for side in cpu:
        out[side]["cpu_us"] = statistics.median(cpu[side])
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pair", action="append", choices=sorted(PAIRS),
                   help="a pair of games (default: every pair)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--rounds", type=int, default=3, help="CPU-time rounds (alternating)")
    p.add_argument("--no-valgrind", action="store_true", help="CPU time only")
    args = p.parse_args()
    valgrind = not args.no_valgrind
    if valgrind and shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt install valgrind), or give "
                         "--no-valgrind")
    print(f"{'pair':14} {'n':>2}  {'rulekit instr.':>14} {'openspiel':>10} {'x':>6}   "
          f"{'rulekit us':>10} {'openspiel':>10} {'x':>6}   (per decision; x = rulekit / "
          "openspiel)", flush=True)
    for pair in args.pair or sorted(PAIRS):
        m = measure(pair, args.players, args.games, args.rounds, valgrind)
        r, o = m["rulekit"], m["openspiel"]
        ri, oi = r["instructions"], o["instructions"]
        instr = (f"{ri:14,.0f} {oi:10,.0f} {ri / oi:6.2f}" if valgrind
                 else f"{'-':>14} {'-':>10} {'-':>6}")
        print(f"{pair:14} {args.players:2}  {instr}   {r['cpu_us']:10.1f} "
              f"{o['cpu_us']:10.1f} {r['cpu_us'] / o['cpu_us']:6.2f}   "
              f"({r['decisions']} and {o['decisions']} decisions)", flush=True)


if __name__ == "__main__":
    main()
