"""Game statistics from random playouts: length, abort rate, how often things happen.

    python benchmarks/stats.py mattis_norsk --games 1000
    python benchmarks/stats.py atlanta_mattis --games 1000 \\
        --when "forced=step == 'play_turn' and forced(actor)" --event "dreck=the dreck"

For each allowed player count (or ``--players N``): games, mean actions per game,
aborted games, the mean count per game of every action name, of each ``--when
NAME=EXPR`` (decisions at which the expression, in the ruleset's language, holds) and
of each ``--event NAME=TEXT`` (announcements containing TEXT).
"""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter

import rulekit


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("ruleset")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--players", type=int)
    p.add_argument("--option", action="append", default=[], metavar="K=V")
    p.add_argument("--when", action="append", default=[], metavar="NAME=EXPR")
    p.add_argument("--event", action="append", default=[], metavar="NAME=TEXT")
    args = p.parse_args()
    rules = rulekit.load(args.ruleset, dict(o.split("=", 1) for o in args.option))
    whens = [w.split("=", 1) for w in args.when]
    events = [e.split("=", 1) for e in args.event]
    lo, hi, _ = rules.players
    counts = [args.players] if args.players else range(lo, hi + 1)
    for n in counts:
        start = time.perf_counter()
        actions = aborted = 0
        per = Counter()
        for seed in range(args.games):
            game = rules.new_game(players=n, seed=seed)
            rng = random.Random(seed)
            while not game.finished:
                for name, expr in whens:
                    if game.evaluate(expr):
                        per[name] += 1
                act = rng.choice(game.legal_actions())
                per["action " + act.name] += 1
                game.apply(act)
            for name, text in events:
                per[name] += sum(text in ev.get("text", "") for ev in game.events)
            actions += game.actions
            aborted += game.result.status == "aborted"
        took = time.perf_counter() - start
        extra = ", ".join(f"{k} {v / args.games:.2f}" for k, v in sorted(per.items()))
        print(f"{args.ruleset} {n}p: {args.games} games, {actions / args.games:.1f} actions/game, "
              f"aborted {aborted} ({100 * aborted / args.games:.1f}%); per game: {extra} "
              f"[{took:.1f} s]")


if __name__ == "__main__":
    main()
