"""Random-playout speed of two rulekit source trees, measured side by side.

    git worktree add /tmp/rulekit-base HEAD~1        # the tree to compare against
    python benchmarks/side_by_side.py /tmp/rulekit-base --ruleset mattis --players 4

Each round plays the same seeded random games (uniform over the legal actions; drawn
with ``random_legal`` where the tree has it, as a choice in parts is never listed) once
with each tree, in alternating order, each in a fresh process, and takes the process's
CPU time for the games alone (loading excluded). The machine is shared and noisy, so
the figure that matters is the ratio within a round; the median ratio over the rounds
is printed last (above 1: this tree is faster).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

SNIPPET = r"""
import json, random, sys, time
import rulekit
name, players, games, options = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), json.loads(sys.argv[4])
rules = rulekit.load(name, options)
actions = 0
start = time.process_time()
for seed in range(games):
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    pick = getattr(game, "random_legal", None)      # (choices in parts: never listed)
    while not game.finished:
        game.apply(pick(rng) if pick else rng.choice(game.legal_actions()))
    actions += game.actions
print(json.dumps({"cpu": time.process_time() - start, "actions": actions}))
"""


def run(tree: Path, args) -> dict:
    """One measurement in a fresh process importing rulekit from ``tree``."""
    out = subprocess.run([sys.executable, "-c", "import rulekit, sys; print(rulekit.__file__)"],
                         env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True,
                         text=True, check=True, cwd=tree)
    if not out.stdout.startswith(str(tree.resolve())):
        raise SystemExit(f"{tree}: imports rulekit from {out.stdout.strip()}, not from the tree")
    out = subprocess.run([sys.executable, "-c", SNIPPET, args.ruleset, str(args.players),
                          str(args.games), json.dumps(dict(o.split("=", 1) for o in args.option))],
                         env={**os.environ, "PYTHONPATH": str(tree)},
                         capture_output=True, text=True, check=True, cwd=tree)
    return json.loads(out.stdout)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("base", type=Path, help="the other source tree (e.g. a git worktree)")
    p.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1],
                   help="this tree (default: the checkout holding this script)")
    p.add_argument("--ruleset", default="mattis")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=150)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--option", action="append", default=[], metavar="K=V")
    args = p.parse_args()
    ratios = []
    for r in range(args.rounds):
        order = [("base", args.base), ("this", args.tree)]
        if r % 2:
            order.reverse()
        res = {label: run(tree, args) for label, tree in order}
        if res["base"]["actions"] != res["this"]["actions"]:
            print(f"note: the trees play different games ({res['base']['actions']} vs "
                  f"{res['this']['actions']} actions)")
        ratio = res["base"]["cpu"] / res["this"]["cpu"]
        ratios.append(ratio)
        print(f"round {r + 1}: base {res['base']['actions'] / res['base']['cpu']:,.0f} "
              f"actions/s, this {res['this']['actions'] / res['this']['cpu']:,.0f} "
              f"actions/s, speed ratio this/base {ratio:.3f}")
    print(f"{args.ruleset} {args.players}p, {args.games} games x {args.rounds} rounds: median "
          f"speed ratio this/base {statistics.median(ratios):.3f} "
          f"(min {min(ratios):.3f}, max {max(ratios):.3f})")


if __name__ == "__main__":
    main()
