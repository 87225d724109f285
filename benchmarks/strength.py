"""How strong the search bot is: ismcts against greedy and against random, every bundled
game, with 95% intervals.

    python benchmarks/strength.py                        # 200 simulations, 100 games a pairing
    python benchmarks/strength.py --sims 100 --games 30 --rulesets mattis,durak
    RULEKIT_SOAK=1 pytest tests/test_strength.py         # a smaller run, as a test

For each bundled ruleset (at its default player count) and each opponent kind, game
``k`` is dealt from seed ``seed + k``; the search bot sits at seat ``k % players`` and
every other seat is the opponent kind (all seeded from the game's seed and their seat,
as ``rulekit simulate`` seeds them), so every seat and dealer position is taken in turn
and a run is the same every time. Printed per pairing: the search bot's share of games
won (it is among the winners) and lost (among the losers), with Wilson 95% intervals;
its mean return (rulekit.outcome: +1 first, -1 last) with a 95% interval; ``par``, the
mean return of a seat in those games (what a bot as strong as its opponents would
expect: in a game where only the last place loses, more than 0; in a game of one seat,
the return of the opponent kind playing the same deal alone); the CPU seconds a game
took; and the search bot's mean and largest CPU seconds per move (decisions with one
legal action, taken at once, left out).
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rulekit  # noqa: E402
from rulekit.play.agents import make_agent  # noqa: E402
from rulekit.play.search import EXPLORATION, ROLLOUT_DEPTH, SearchAgent  # noqa: E402
from rulekit.play.session import play_out  # noqa: E402
from rulekit.simulation.stats import mean_interval, wilson  # noqa: E402


class Timed:
    """Wraps an agent and keeps the CPU seconds of each of its real choices."""

    def __init__(self, agent):
        self.agent, self.kind, self.times = agent, agent.kind, []

    def choose(self, game, seat=None):
        several = len(game.legal_actions(seat)) > 1
        start = time.process_time()
        act = self.agent.choose(game, seat)
        if several:
            self.times.append(time.process_time() - start)
        return act


def pairing(ruleset: str, opponent: str, games: int, sims: int, depth: int = ROLLOUT_DEPTH,
            seed: int = 0, players: int | None = None, exploration: float = EXPLORATION,
            guide: int = 0) -> dict:
    """Play ``games`` games of ``ruleset`` (its default player count, or ``players``):
    one search bot of ``sims`` simulations a move (rollouts of ``depth``, UCB constant
    ``exploration``) against
    ``opponent`` at every other seat. Returns the figures of one row (see the module
    docstring): games, finished, won, lost, returns (the bot's), par, cpu, moves."""
    rules = rulekit.load(ruleset)
    n = players or rules.players[2]
    won = lost = finished = 0
    returns, pars, moves = [], [], []
    start = time.process_time()
    for k in range(games):
        s0 = seed + k
        me = k % n
        game = rules.new_game(players=n, seed=s0)
        bot = Timed(SearchAgent(s0 * 1000 + me + 1, sims, depth, exploration, guide))
        agents = {s: bot if s == me else make_agent(opponent, s0 * 1000 + s + 1)
                  for s in range(n)}
        play_out(game, agents)
        moves += bot.times
        res = game.result
        if res.status != "finished" or res.returns is None:
            returns.append(0.0)
            pars.append(0.0)
            continue
        finished += 1
        won += me in res.winners
        lost += me in res.losers
        returns.append(res.returns[me])
        pars.append(math.fsum(res.returns) / n if n > 1 else _alone(rules, s0, opponent))
    return {"ruleset": ruleset, "players": n, "opponent": opponent, "games": games,
            "finished": finished, "won": won, "lost": lost, "returns": returns,
            "par": math.fsum(pars) / max(1, len(pars)),
            "cpu": (time.process_time() - start) / max(1, games), "moves": moves}


def _alone(rules, seed: int, kind: str) -> float:
    """The par of a game of one seat (a patience): the return of the opponent kind
    playing the same deal alone (its own return would be the search bot's)."""
    game = rules.new_game(players=1, seed=seed)
    play_out(game, {0: make_agent(kind, seed * 1000 + 1)})
    res = game.result
    return res.returns[0] if res.status == "finished" and res.returns is not None else 0.0


def row(r: dict) -> str:
    """One markdown table row of the figures ``r`` of :func:`pairing`."""
    g = r["games"]
    wl, wh = wilson(r["won"], g)
    ll, lh = wilson(r["lost"], g)
    m, lo, hi = mean_interval(r["returns"])
    mv = r["moves"]
    per = f"{sum(mv) / len(mv):.3f} / {max(mv):.3f}" if mv else "-"
    return (f"| {r['ruleset']} | {r['players']} | {r['opponent']} | {g} | "
            f"{r['won'] / g:.0%} ({wl:.0%}-{wh:.0%}) | {r['lost'] / g:.0%} ({ll:.0%}-{lh:.0%}) | "
            f"{m:+.2f} ({lo:+.2f} to {hi:+.2f}) | {r['par']:+.2f} | {r['cpu']:.1f} | {per} |")


HEADER = ("| game | players | opponents | games | ismcts won (95%) | ismcts lost (95%) | "
          "mean return (95%) | par | CPU s/game | s/move mean / max |\n"
          "|---|---|---|---|---|---|---|---|---|---|")


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sims", type=int, default=200, help="simulations a move (default 200)")
    p.add_argument("--depth", type=int, default=ROLLOUT_DEPTH,
                   help=f"rollout depth before the heuristic judges (default {ROLLOUT_DEPTH})")
    p.add_argument("--exploration", type=float, default=EXPLORATION,
                   help=f"the UCB constant (default {EXPLORATION})")
    p.add_argument("--guide", type=int, default=0, help="greedy rollout actions (default 0)")
    p.add_argument("--players", type=int, help="the player count (default: each game's)")
    p.add_argument("--games", type=int, default=100, help="games a pairing (default 100)")
    p.add_argument("--rulesets", help="comma-separated (default: every bundled one)")
    p.add_argument("--opponents", default="greedy,random")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    names = args.rulesets.split(",") if args.rulesets else rulekit.bundled()
    print(f"ismcts:{args.sims} (rollouts of {args.depth} actions, then the heuristic; UCB "
          f"constant {args.exploration}) against "
          f"each opponent kind at every other seat; {args.games} games a pairing, seeds "
          f"{args.seed}..{args.seed + args.games - 1}, the search bot's seat rotating; "
          f"rulekit {rulekit.__version__}, CPU seconds on this machine", flush=True)
    print(HEADER, flush=True)
    for name in names:
        for opp in args.opponents.split(","):
            print(row(pairing(name, opp, args.games, args.sims, args.depth, args.seed,
                              args.players, args.exploration, args.guide)), flush=True)


if __name__ == "__main__":
    main()
