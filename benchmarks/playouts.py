"""Random-playout speed: actions per second for a bundled ruleset, one process.

    python benchmarks/playouts.py mattis --players 4 --seconds 10

Plays random games (seeded, uniform over the legal actions) for about ``--seconds``
and prints games, actions, actions per second and mean actions per game. Setup time
(loading and compiling the ruleset) is reported separately and not counted.
"""
from __future__ import annotations

import argparse
import random
import time

import rulekit


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("ruleset", nargs="?", default="mattis")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--option", action="append", default=[], metavar="K=V")
    args = p.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    t0 = time.perf_counter()
    rules = rulekit.load(args.ruleset, options)
    load_s = time.perf_counter() - t0
    games = actions = aborted = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        game = rules.new_game(players=args.players, seed=games)
        rng = random.Random(games)
        while not game.finished:
            game.apply(rng.choice(game.legal_actions()))
        actions += game.actions
        aborted += game.result.status == "aborted"
        games += 1
    elapsed = time.perf_counter() - start
    print(f"{args.ruleset} {args.players}p: {games} games, {actions} actions in {elapsed:.1f} s "
          f"= {actions / elapsed:,.0f} actions/s, {games / elapsed:.1f} games/s, "
          f"{actions / games:.1f} actions/game, {aborted} aborted; load {load_s * 1000:.0f} ms")


if __name__ == "__main__":
    main()
