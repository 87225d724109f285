"""Work per action, exactly: Python bytecodes executed per action of random games, for
this tree and another, side by side (noise-free, unlike timings on a shared machine).

    git worktree add --detach /tmp/rulekit-base 3f121f4
    python benchmarks/opcodes.py /tmp/rulekit-base                  # every ruleset and count
    python benchmarks/opcodes.py /tmp/rulekit-base --ruleset mattis --players 4 --top 15

Each measurement runs in a fresh process importing rulekit from its tree, plays the same
seeded random games (uniform over the legal actions) with ``sys.settrace`` counting
opcode events, and reports bytecodes per action; ``--top N`` also lists the functions
that execute the most of them (this tree), which is where a slow ruleset spends its time.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from hot_path import RULESETS, player_counts  # noqa: E402 (this folder is on the path)

SNIPPET = r"""
import collections, json, random, sys
import rulekit
name, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rules = rulekit.load(name)
counts = collections.Counter()
def tracer(frame, event, arg):
    frame.f_trace_opcodes = True
    frame.f_trace_lines = False
    if event == "opcode":
        counts[frame.f_code.co_filename.rsplit("/", 1)[-1] + ":" + frame.f_code.co_name] += 1
    return tracer
actions = 0
for seed in range(games):
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    sys.settrace(tracer)
    while not game.finished:
        game.apply(rng.choice(game.legal_actions()))
    sys.settrace(None)
    actions += game.actions
print(json.dumps({"actions": actions, "opcodes": sum(counts.values()),
                  "top": counts.most_common(40)}))
"""


def run(tree: Path, ruleset: str, players: int, games: int) -> dict:
    """One count in a fresh process importing rulekit from ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", SNIPPET, ruleset, str(players), str(games)],
                         env=env, capture_output=True, text=True, cwd=tree)
    if out.returncode:
        raise SystemExit(f"{tree}: {ruleset} {players}p failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("base", type=Path, help="the other source tree (e.g. a git worktree)")
    p.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1])
    p.add_argument("--ruleset", action="append", help="a ruleset (default: the four Mattis)")
    p.add_argument("--players", type=int, nargs="+", help="player counts (default: all)")
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--top", type=int, default=0, help="list this tree's N busiest functions")
    args = p.parse_args()
    print(f"{'ruleset':16} {'n':>2}  {'base':>8} {'this':>8}  {'ratio':>5}   (bytecodes per action)")
    for name in args.ruleset or RULESETS:
        for n in args.players or player_counts(args.tree, name):
            b, t = (run(tree, name, n, args.games) for tree in (args.base, args.tree))
            if b["actions"] != t["actions"]:
                print(f"  note: the trees play different games ({b['actions']} vs "
                      f"{t['actions']} actions)")
            pb, pt = b["opcodes"] / b["actions"], t["opcodes"] / t["actions"]
            print(f"{name:16} {n:2}  {pb:8,.0f} {pt:8,.0f}  {pb / pt:5.2f}", flush=True)
            for where, k in t["top"][:args.top]:
                print(f"      {k / t['actions']:8.1f}  {where}")


if __name__ == "__main__":
    main()
