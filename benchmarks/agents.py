"""How often an agent loses against random bots, per ruleset and player count.

    python benchmarks/agents.py --games 300

Seat 0 is played by ``--agent`` (default greedy), every other seat by a random bot;
the dealer rotates with the seed. Prints the agent's loss rate next to the rate a
random player would have (1/players), and the mean wall time per game.
"""
from __future__ import annotations

import argparse
import time

import rulekit
from rulekit.play.agents import make_agent


def loss_rate(rules, players: int, games: int, kind: str) -> tuple[float, float]:
    losses = 0
    start = time.perf_counter()
    for seed in range(games):
        game = rules.new_game(players=players, seed=seed)
        agents = [make_agent(kind if s == 0 else "random", seed * 10 + s) for s in range(players)]
        while not game.finished:
            game.apply(agents[game.to_act].choose(game))
        losses += game.result.loser == 0
    return losses / games, (time.perf_counter() - start) / games


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("rulesets", nargs="*")
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--agent", default="greedy")
    p.add_argument("--players", type=int)
    args = p.parse_args()
    for name in args.rulesets or list(rulekit.bundled()):
        rules = rulekit.load(name)
        lo, hi, default = rules.players
        for n in ([args.players] if args.players else sorted({lo, default, hi})):
            rate, per_game = loss_rate(rules, n, args.games, args.agent)
            print(f"{name} {n}p: {args.agent} at seat 0 loses {rate:.1%} of {args.games} games "
                  f"against random (random would lose {1 / n:.1%}); {per_game * 1000:.0f} ms/game")


if __name__ == "__main__":
    main()
