"""The hot path, side by side: random playouts, clone(), determinize() and memory per
game state of two rulekit source trees, for each ruleset and player count.

    git worktree add --detach /tmp/rulekit-base 3f121f4    # the tree to compare against
    python benchmarks/hot_path.py /tmp/rulekit-base                  # every bundled Mattis
    python benchmarks/hot_path.py /tmp/rulekit-base --ruleset mattis --players 4 8

For each ruleset and player count, each round measures both trees, each in a fresh
process (in alternating order), on the same seeded games:

- playouts: random games (uniform over the legal actions), CPU time of the games alone
  (loading excluded), as actions per second;
- clone: ``clone()`` of game states sampled along those games, CPU microseconds each
  (the least of 5 blocks of calls: the machine's noise only ever adds time);
- determinize: ``determinize(state, to_act, rng)`` of the same states, likewise;
- memory: bytes allocated per live copy of those states (``tracemalloc``).

The machine is shared and noisy, so what counts is the ratio within a round; the table
gives the median over the rounds (above 1: this tree is faster or smaller).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

RULESETS = ("mattis", "atlanta_mattis", "myllymatti", "mattis_norsk")

# random games (uniform over the legal actions), their actions counted; a tree that has
# play_randomly plays them with it (the very game of its random_legal loop: issue 34)
PLAY = r"""
for seed in range(games):
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    if hasattr(game, "play_randomly"):
        game.play_randomly(rng)
    pick = getattr(game, "random_legal", None)      # (choices in parts: never listed)
    while not game.finished:
        game.apply(pick(rng) if pick else rng.choice(game.legal_actions()))
    actions += game.actions
"""
# the same, a copy of every fifth state kept
SAMPLE = r"""
for seed in range(games):
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not game.finished:
        if k % 5 == 2:
            states.append(game.clone())
        pick = getattr(game, "random_legal", None)
        game.apply(pick(rng) if pick else rng.choice(game.legal_actions()))
        k += 1
"""

SNIPPET = r"""
import gc, json, random, sys, time, tracemalloc
import rulekit
try:
    from rulekit.play.agents import determinize
except ImportError:                       # older trees
    from rulekit.agents import determinize
name, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rules = rulekit.load(name)
actions, states = 0, []
start = time.process_time()
""" + PLAY + r"""
cpu = time.process_time() - start
# the same games again, sampling states
""" + SAMPLE + r"""reps = max(1, 800 // max(1, len(states)))
r = random.Random(7)
clone = det = float("inf")
for _ in range(5):                        # the least CPU time per call of 5 blocks
    gc.collect()
    start = time.process_time()
    for _ in range(reps):
        for s in states:
            s.clone()
    clone = min(clone, (time.process_time() - start) / (reps * len(states)))
    start = time.process_time()
    for _ in range(reps):
        for s in states:
            determinize(s, s.to_act, r)
    det = min(det, (time.process_time() - start) / (reps * len(states)))
gc.collect()
tracemalloc.start()
before = tracemalloc.get_traced_memory()[0]
kept = [s.clone() for s in states]
mem = (tracemalloc.get_traced_memory()[0] - before) / len(kept)
tracemalloc.stop()
print(json.dumps({"actions": actions, "cpu": cpu, "clone": clone, "determinize": det,
                  "memory": mem, "states": len(states)}))
"""


def player_counts(tree: Path, ruleset: str) -> list:
    """Every player count ``ruleset`` allows, as the tree's rulekit loads it."""
    out = subprocess.run([sys.executable, "-c", "import sys, rulekit; lo, hi, _ = "
                          "rulekit.load(sys.argv[1]).players; print(lo, hi)", ruleset],
                         env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True,
                         text=True, check=True, cwd=tree)
    lo, hi = map(int, out.stdout.split())
    return list(range(lo, hi + 1))


def run(tree: Path, ruleset: str, players: int, games: int) -> dict:
    """One measurement in a fresh process importing rulekit from ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    where = subprocess.run([sys.executable, "-c", "import rulekit; print(rulekit.__file__)"],
                           env=env, capture_output=True, text=True, check=True, cwd=tree)
    if not where.stdout.startswith(str(tree.resolve())):
        raise SystemExit(f"{tree}: imports rulekit from {where.stdout.strip()}, not the tree")
    out = subprocess.run([sys.executable, "-c", SNIPPET, ruleset, str(players), str(games)],
                         env=env, capture_output=True, text=True, cwd=tree)
    if out.returncode:
        raise SystemExit(f"{tree}: {ruleset} {players}p failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout)


def compare(base: Path, tree: Path, ruleset: str, players: int, games: int,
            rounds: int) -> dict:
    """Median ratios (this over base: speed for playouts, base over this for times and
    memory) and this tree's figures for one ruleset and player count."""
    ratios: dict = {"playouts": [], "clone": [], "determinize": [], "memory": []}
    mine = None
    for r in range(rounds):
        order = [("base", base), ("this", tree)] if r % 2 == 0 else [("this", tree), ("base", base)]
        res = {label: run(path, ruleset, players, games) for label, path in order}
        b, t = res["base"], res["this"]
        if b["actions"] != t["actions"]:
            print(f"  note: the trees play different games ({b['actions']} vs {t['actions']} "
                  "actions)")
        ratios["playouts"].append((t["actions"] / t["cpu"]) / (b["actions"] / b["cpu"]))
        for k in ("clone", "determinize", "memory"):
            ratios[k].append(b[k] / t[k])
        mine = t
    return {"ratio": {k: statistics.median(v) for k, v in ratios.items()},
            "this": mine}


def arguments(doc: str, players: str, games: int) -> argparse.ArgumentParser:
    """The arguments of a side-by-side benchmark: the base tree, this tree, rulesets,
    player counts (``players``: the help on their default) and games."""
    p = argparse.ArgumentParser(description=doc.splitlines()[0])
    p.add_argument("base", type=Path, help="the other source tree (e.g. a git worktree)")
    p.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1],
                   help="this tree (default: the checkout holding this script)")
    p.add_argument("--ruleset", action="append", help="a ruleset (default: the four Mattis)")
    p.add_argument("--players", type=int, nargs="+", help=f"player counts (default: {players})")
    p.add_argument("--games", type=int, default=games)
    return p


def main() -> None:
    p = arguments(__doc__, "all", 40)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    args = p.parse_args()
    results = []
    print(f"{'ruleset':16} {'n':>2}  {'actions/s':>9} {'x':>5}   {'clone us':>8} {'x':>5}   "
          f"{'determ. us':>10} {'x':>5}   {'bytes/state':>11} {'x':>5}")
    for name in args.ruleset or RULESETS:
        for n in args.players or player_counts(args.tree, name):
            res = compare(args.base, args.tree, name, n, args.games, args.rounds)
            t, x = res["this"], res["ratio"]
            print(f"{name:16} {n:2}  {t['actions'] / t['cpu']:9,.0f} {x['playouts']:5.2f}   "
                  f"{t['clone'] * 1e6:8.1f} {x['clone']:5.2f}   {t['determinize'] * 1e6:10.1f} "
                  f"{x['determinize']:5.2f}   {t['memory']:11,.0f} {x['memory']:5.2f}", flush=True)
            results.append({"ruleset": name, "players": n, **res})
    if args.json:
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
