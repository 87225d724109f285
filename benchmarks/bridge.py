"""The OpenSpiel bridge against rulekit's own engine: random playouts of the same
ruleset through pyspiel's API on rulekit's game and through the engine directly, side
by side. Instructions per engine action (valgrind's callgrind: the same figure on a
busy machine as on an idle one) and CPU time per engine action over alternating rounds.

    python benchmarks/bridge.py                         # Hearts (one hand) and Mattis at 4
    python benchmarks/bridge.py --pair hearts_match --games 4 --rounds 5
    python benchmarks/bridge.py --no-valgrind            # CPU time only
    python benchmarks/bridge.py --tree /tmp/rulekit-base # another tree's rulekit (before)

The engine's loop is a random bot's: ``game.random_legal(rng)`` then ``game.apply``,
from ``rules.new_game(seed=...)``. The bridge's loop is OpenSpiel's:
``rng.choice(state.legal_actions())`` then ``state.apply_action``, a chance node's
outcome drawn by its probabilities (the deal, card by card, and every later draw), from
``game.new_initial_state()``. Both count the engine's actions (``game.actions`` at the
end), so a ratio is the bridge's cost of one rulekit action (its decisions, card by
card or part by part, and its chance nodes included) over the engine's. Each
instruction figure is a run doing the games minus a run doing none (start-up, imports,
loading and one warming game left out). A ratio above 1 means the bridge does more per
action.

The pairs: ``hearts`` (``target=1``: one hand, draws only in the deal), ``mattis``
(default options) and ``hearts_match`` (a whole match to 100: a new deal each hand, so
draws in the middle of the game). Needs ``open_spiel`` (``pip install -e ".[test]"``)
and, for instructions, ``valgrind``.
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

PAIRS = {"hearts": ("hearts", {"target": "1"}), "mattis": ("mattis", {}),
         "hearts_match": ("hearts", {})}

SNIPPET = r"""
import json, random, sys, time
side, name, options, players, games = (sys.argv[1], sys.argv[2], json.loads(sys.argv[3]),
                                       int(sys.argv[4]), int(sys.argv[5]))
if side == "rulekit":
    import rulekit
    rules = rulekit.load(name, options or None)
    def play(seed):
        game = rules.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            game.apply(game.random_legal(rng))
        return game.actions
else:
    import pyspiel
    from rulekit import openspiel
    game_ = openspiel.load_game(name, players=players, options=options)
    def play(seed):
        state = game_.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        return state.rulekit_game.actions
play(10 ** 6)            # (warm: what the first game alone does is left out, in both runs)
actions = 0
start = time.process_time()
for seed in range(games):
    actions += play(seed)
print("RESULT", actions, time.process_time() - start)
"""


TREE = HERE


def run(side: str, pair: str, players: int, games: int, valgrind: bool) -> tuple:
    """(instructions or None, engine actions, CPU seconds) of one process playing
    ``games`` games of ``pair`` on ``side`` (rulekit or bridge), with the rulekit of
    ``TREE``."""
    name, options = PAIRS[pair]
    cmd = [sys.executable, "-c", SNIPPET, side, name, json.dumps(options), str(players),
           str(games)]
    if valgrind:
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(TREE)}
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=TREE)
    got = re.search(r"RESULT (\d+) ([\d.e-]+)", out.stdout)
    if out.returncode or not got:
        err = "\n".join(line for line in out.stderr.splitlines()
                        if not re.match(r"==\d+==", line))
        raise SystemExit(f"{side} {pair} failed (exit {out.returncode}):\n{err[-2000:]}")
    refs = re.search(r"Collected : ([\d,]+)", out.stderr) if valgrind else None
    return (int(refs.group(1).replace(",", "")) if refs else None, int(got.group(1)),
            float(got.group(2)))


def measure(pair: str, players: int, games: int, rounds: int, valgrind: bool) -> dict:
    """Per side: instructions per engine action (None without valgrind), actions, and
    the median CPU microseconds per action over ``rounds`` alternating rounds."""
    out = {}
    for side in ("rulekit", "bridge"):
        entry = {"instructions": None}
        if valgrind:
            base, _, _ = run(side, pair, players, 0, True)
            work, actions, _ = run(side, pair, players, games, True)
            entry["instructions"] = (work - base) / actions
        out[side] = entry
    cpu = {"rulekit": [], "bridge": []}
    for _ in range(rounds):                   # alternating: the machine's load is shared
        for side in ("rulekit", "bridge"):
            _, actions, seconds = run(side, pair, players, games, False)
            cpu[side].append(1e6 * seconds / actions)
            out[side]["actions"] = actions
    for side in cpu:
        out[side]["cpu_us"] = statistics.median(cpu[side])
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pair", action="append", choices=sorted(PAIRS),
                   help="a ruleset and its options (default: hearts and mattis)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--rounds", type=int, default=3, help="CPU-time rounds (alternating)")
    p.add_argument("--no-valgrind", action="store_true", help="CPU time only")
    p.add_argument("--tree", type=Path, default=HERE,
                   help="the rulekit tree to measure (default: this one)")
    args = p.parse_args()
    global TREE
    TREE = args.tree.resolve()
    where = subprocess.run([sys.executable, "-c", "import rulekit; print(rulekit.__file__)"],
                           env={**os.environ, "PYTHONPATH": str(TREE)}, capture_output=True,
                           text=True, check=True, cwd=TREE)
    if not where.stdout.startswith(str(TREE)):
        raise SystemExit(f"{TREE}: imports rulekit from {where.stdout.strip()}, not the tree")
    valgrind = not args.no_valgrind
    if valgrind and shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt install valgrind), or give "
                         "--no-valgrind")
    print(f"{'pair':14} {'n':>2}  {'engine instr.':>14} {'bridge':>10} {'x':>6}   "
          f"{'engine us':>10} {'bridge':>10} {'x':>6}   (per engine action; x = bridge / "
          "engine)", flush=True)
    for pair in args.pair or ["hearts", "mattis"]:
        m = measure(pair, args.players, args.games, args.rounds, valgrind)
        r, b = m["rulekit"], m["bridge"]
        ri, bi = r["instructions"], b["instructions"]
        instr = (f"{ri:14,.0f} {bi:10,.0f} {bi / ri:6.2f}" if valgrind
                 else f"{'-':>14} {'-':>10} {'-':>6}")
        print(f"{pair:14} {args.players:2}  {instr}   {r['cpu_us']:10.1f} "
              f"{b['cpu_us']:10.1f} {b['cpu_us'] / r['cpu_us']:6.2f}   "
              f"({r['actions']} and {b['actions']} actions)", flush=True)


if __name__ == "__main__":
    main()
