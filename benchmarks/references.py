"""rulekit against hand-written Python engines of the same games (benchmarks/reference/):
random playouts, instructions per action (valgrind's callgrind: the same figure on a
busy machine as on an idle one) and CPU time per action over alternating rounds.

    python benchmarks/references.py                        # the four Mattis games
    python benchmarks/references.py --game mattis_norsk --games 40 --rounds 7
    python benchmarks/references.py --no-valgrind          # CPU time only
    python benchmarks/references.py --tree /tmp/other      # another rulekit tree's engine

Both sides play the same seeded games in the same loop: game k deals from seed k (the
reference engines shuffle the same deck and draw the same dealer as rulekit does from
a seed) and draws its actions uniformly from the legal ones with ``random.Random(k)``:
rulekit's ``game.random_legal(rng)`` then ``game.apply`` (or, in a tree that has it,
``game.play_randomly(rng)``, the very game of that loop, in a game that keeps no event
log: ``events=False``; the references keep none either), the reference's
``rng.choice(state.legal_actions())`` then ``state.apply``. The reference engines list
their legal actions in rulekit's order (the hand's cards in hand order, then ``stock``
or ``take``), so both sides play the very same games, action for action (a line notes
it if the action counts differ). tests/test_reference_engines.py checks that the two
play the same game (same legal actions at every decision, same returns) and that the
two loops above play the same games.

Each instruction figure is a run doing the games minus a run doing none (start-up,
imports and loading left out; both runs play one warm-up game first, so what is first
built during a game is left out too). CPU time: each round runs both sides, each in a
fresh process, in alternating order; the table gives the median per side and the
median of the rounds' ratios. ``x = reference / rulekit``: above 1, rulekit does less
per action (issue 34's target: at least 1.5 on every Mattis variant).

The games: Mattis, Norwegian Mattis and Myllymatti at 4 players, Atlanta Mattis at 3
(its only count). ``--option K=V`` sets an option in both (the options of the bundled
rulesets; not Mattis's and Norwegian Mattis's ``sequences``, nor Atlanta's shared slough
window). Run it with the
Python that has rulekit's dependencies (the venv's). Needs ``valgrind`` for
instructions (``apt install valgrind``).
"""
from __future__ import annotations

import argparse
import importlib
import inspect
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = HERE.parent

# the bundled ruleset -> the reference engine's module (benchmarks/reference/) and class
GAMES = {"mattis": ("mattis", "Mattis"), "mattis_norsk": ("mattis_norsk", "MattisNorsk"),
         "myllymatti": ("myllymatti", "Myllymatti"),
         "atlanta_mattis": ("atlanta_mattis", "AtlantaMattis")}
WARM_UP = 999_999                         # the seed of the warm-up game (not counted)

SNIPPET = r"""
import importlib, json, random, sys, time
side, name, players, games, options = (sys.argv[1], sys.argv[2], int(sys.argv[3]),
                                       int(sys.argv[4]), json.loads(sys.argv[5]))
if side == "rulekit":
    import rulekit
    rules = rulekit.load(name, {k: str(v).lower() if isinstance(v, bool) else str(v)
                                for k, v in options.items()} or None)
    quiet = {"events": False} if hasattr(rules.new_game(players=players), "play_randomly") \
        else {}
    def play(seed):
        game = rules.new_game(players=players, seed=seed, **quiet)
        rng = random.Random(seed)
        if quiet:                           # (the very game of the loop below)
            game.play_randomly(rng)
        pick = game.random_legal
        while not game.finished:
            game.apply(pick(rng))
        return game.actions
else:
    sys.path.insert(0, sys.argv[6])
    module, cls = json.loads(sys.argv[7])
    engine = getattr(importlib.import_module(module), cls)
    def play(seed):
        state = engine(players, seed, **options)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        return state.actions
play(WARM_UP)
actions = 0
start = time.process_time()
for seed in range(games):
    actions += play(seed)
print("RESULT", actions, time.process_time() - start)
""".replace("WARM_UP", str(WARM_UP))


def run(side: str, game: str, players: int, games: int, options: dict, tree: Path,
        valgrind: bool) -> tuple:
    """(instructions or None, actions, CPU seconds) of one fresh process playing
    ``games`` random games of ``game`` on ``side`` (rulekit, imported from ``tree``, or
    the reference engine)."""
    cmd = [sys.executable, "-c", SNIPPET, side, game, str(players), str(games),
           json.dumps(options), str(HERE / "reference"), json.dumps(GAMES[game])]
    if valgrind:
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(tree)}
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=tree)
    got = re.search(r"RESULT (\d+) ([\d.e-]+)", out.stdout)
    if out.returncode or not got:
        lines = [line for line in out.stderr.splitlines()
                 if line.strip() and not re.match(r"==\d+==", line)]
        said = lines[-1] if lines else f"exit {out.returncode}, nothing printed"
        raise SystemExit(f"{side} {game} {players}p failed: {said}")
    refs = re.search(r"Collected : ([\d,]+)", out.stderr) if valgrind else None
    return (int(refs.group(1).replace(",", "")) if refs else None, int(got.group(1)),
            float(got.group(2)))


def measure(game: str, players: int, games: int, cpu_games: int, rounds: int,
            options: dict, tree: Path, valgrind: bool) -> dict:
    """Per side: instructions per action (None without valgrind), actions of the
    instruction runs, median CPU microseconds per action over ``rounds`` alternating
    rounds and the actions of a CPU run; and ``ratio``: the median over the rounds of
    reference / rulekit CPU."""
    out = {}
    for side in ("rulekit", "reference"):
        entry = {"instructions": None, "actions": None}
        if valgrind:
            base, _, _ = run(side, game, players, 0, options, tree, True)
            work, actions, _ = run(side, game, players, games, options, tree, True)
            entry["instructions"] = (work - base) / actions
            entry["actions"] = actions
        out[side] = entry
    cpu = {"rulekit": [], "reference": []}
    ratios = []
    for r in range(rounds):                   # alternating: the machine's load is shared
        order = ("rulekit", "reference") if r % 2 == 0 else ("reference", "rulekit")
        got = {}
        for side in order:
            _, actions, seconds = run(side, game, players, cpu_games, options, tree, False)
            got[side] = 1e6 * seconds / actions
            cpu[side].append(got[side])
            out[side]["cpu_actions"] = actions
        ratios.append(got["reference"] / got["rulekit"])
    for side in cpu:
        out[side]["cpu_us"] = statistics.median(cpu[side]) if rounds else float("nan")
    out["ratio"] = statistics.median(ratios) if rounds else float("nan")
    return out


def check_options(game: str, options: dict) -> None:
    """Exit with a clear message if the reference engine of ``game`` does not take one
    of ``options`` (rulekit says so itself for its rulesets)."""
    module, cls = GAMES[game]
    sys.path.insert(0, str(HERE / "reference"))
    try:
        engine = getattr(importlib.import_module(module), cls)
    finally:
        sys.path.pop(0)
    takes = [k for k in inspect.signature(engine).parameters
             if k not in ("players", "seed", "deck", "dealer", "max_actions")]
    for k in options:
        if k not in takes:
            raise SystemExit(f"the reference engine of {game} does not take the option "
                             f"{k!r}; it takes: {', '.join(takes)}")


def typed(text: str):
    """An option's value for the reference engine's keyword: a bool, an int or text."""
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return int(text) if text.lstrip("-").isdigit() else text


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", action="append", choices=sorted(GAMES),
                   help="a game (default: every game with a reference engine)")
    p.add_argument("--players", type=int,
                   help="players (default: 3 for Atlanta Mattis, its only count; else 4)")
    p.add_argument("--games", type=int, default=20, help="games of the instruction runs")
    p.add_argument("--cpu-games", type=int, default=200, help="games of each CPU run")
    p.add_argument("--rounds", type=int, default=5, help="CPU-time rounds (alternating)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="a game option, in both engines")
    p.add_argument("--tree", type=Path, default=TREE,
                   help="the rulekit tree to measure (default: this checkout)")
    p.add_argument("--no-valgrind", action="store_true", help="CPU time only")
    args = p.parse_args()
    valgrind = not args.no_valgrind
    if valgrind and shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt install valgrind), or give "
                         "--no-valgrind")
    bad = [o for o in args.option if "=" not in o]
    if bad:
        p.error(f"--option takes NAME=VALUE, not {bad[0]!r}")
    options = {k: typed(v) for k, v in (o.split("=", 1) for o in args.option)}
    for game in args.game or sorted(GAMES):
        check_options(game, options)
    print(f"{'game':14} {'n':>2}  {'rulekit instr.':>14} {'reference':>10} {'x':>5}   "
          f"{'rulekit us':>10} {'reference':>10} {'x':>5}   (per action; x = reference / "
          "rulekit)", flush=True)
    for game in args.game or sorted(GAMES):
        players = args.players or (3 if game == "atlanta_mattis" else 4)
        m = measure(game, players, args.games, args.cpu_games, args.rounds, options,
                    args.tree.resolve(), valgrind)
        r, h = m["rulekit"], m["reference"]
        instr = (f"{r['instructions']:14,.0f} {h['instructions']:10,.0f} "
                 f"{h['instructions'] / r['instructions']:5.2f}" if valgrind
                 else f"{'-':>14} {'-':>10} {'-':>5}")
        played = (f"   ({r['actions']} and {h['actions']} actions)" if valgrind
                  else f"   ({r.get('cpu_actions')} and {h.get('cpu_actions')} actions a run)")
        if r["actions"] != h["actions"] or r.get("cpu_actions") != h.get("cpu_actions"):
            played += "  note: the two played different games"
        print(f"{game:14} {players:2}  {instr}   {r['cpu_us']:10.2f} "
              f"{h['cpu_us']:10.2f} {m['ratio']:5.2f}{played}", flush=True)


if __name__ == "__main__":
    main()
