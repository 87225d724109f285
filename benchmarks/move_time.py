"""How long a bot takes to move: CPU seconds per decision, every bundled game.

    python benchmarks/move_time.py                       # ismcts (its default budget)
    python benchmarks/move_time.py --kind ismcts:500 --games 3 --rulesets mattis

Seat 0 is the bot of ``--kind``; the other seats play at random (they only move the game
on). Decisions with one legal action (taken at once) are left out. Printed per game and
player count: the number of decisions timed, the mean, median, 90th percentile and
largest CPU seconds of one move. CPU time, not wall time: on a shared machine the wall
clock runs slower than this by the load.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rulekit  # noqa: E402
from rulekit.play.agents import TABLE_KIND, RandomAgent, make_agent  # noqa: E402


def move_times(ruleset: str, kind: str, players: int, games: int) -> list[float]:
    """The CPU seconds of each of seat 0's decisions with a choice over ``games``
    games (seeds 0, 1, ...)."""
    rules = rulekit.load(ruleset)
    times = []
    for seed in range(games):
        game = rules.new_game(players=players, seed=seed)
        bot, other = make_agent(kind, seed), RandomAgent(seed)
        while not game.finished:
            if game.to_act == 0 and len(game.legal_actions()) > 1:
                start = time.process_time()
                act = bot.choose(game)
                times.append(time.process_time() - start)
            else:
                act = other.choose(game)
            game.apply(act)
    return times


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kind", default=TABLE_KIND, help=f"the bot (default {TABLE_KIND})")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--rulesets", help="comma-separated (default: every bundled one)")
    p.add_argument("--players", type=int, help="the player count (default: each game's)")
    args = p.parse_args(argv)
    names = args.rulesets.split(",") if args.rulesets else rulekit.bundled()
    print(f"{args.kind} at seat 0, random seats elsewhere, {args.games} games each; CPU s a move")
    print("| game | players | moves | mean | median | 90% | max |\n|---|---|---|---|---|---|---|")
    for name in names:
        n = args.players or rulekit.load(name).players[2]
        t = sorted(move_times(name, args.kind, n, args.games))
        if not t:
            continue
        print(f"| {name} | {n} | {len(t)} | {sum(t) / len(t):.3f} | {t[len(t) // 2]:.3f} | "
              f"{t[int(len(t) * 0.9)]:.3f} | {t[-1]:.3f} |", flush=True)


if __name__ == "__main__":
    main()
