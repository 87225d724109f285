"""Throughput of `rulekit simulate` with 1 worker process against N, side by side.

    python benchmarks/simulate_jobs.py --ruleset mattis --players 4 --games 2000 --rounds 3

Each round runs the same simulation (same seed, so the same games) with ``--jobs 1`` and
with ``--jobs N`` (default 2), in alternating order, and prints games/s for both and
their ratio; the median ratio over the rounds is the figure to quote (a shared, noisy
machine makes only ratios measured side by side meaningful). The figures of both runs
are checked to be identical.
"""
from __future__ import annotations

import argparse
import statistics
import time

import rulekit


def rate(ruleset: str, players: int, games: int, jobs: int, seed: int):
    start = time.perf_counter()
    res = rulekit.simulate(ruleset, games=games, players=players, jobs=jobs, seed=seed)
    return games / (time.perf_counter() - start), res.figures


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ruleset", default="mattis")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args()
    ratios = []
    for r in range(args.rounds):
        order = (1, args.jobs) if r % 2 == 0 else (args.jobs, 1)
        got = {j: rate(args.ruleset, args.players, args.games, j, r) for j in order}
        assert got[1][1] == got[args.jobs][1], "the figures differ between job counts"
        ratio = got[args.jobs][0] / got[1][0]
        ratios.append(ratio)
        print(f"round {r + 1}: 1 process {got[1][0]:.0f} games/s, {args.jobs} processes "
              f"{got[args.jobs][0]:.0f} games/s: {ratio:.2f}x")
    print(f"median ratio {args.jobs} processes / 1: {statistics.median(ratios):.2f}x "
          f"({args.ruleset}, {args.players} players, {args.games} games a run)")


if __name__ == "__main__":
    main()
