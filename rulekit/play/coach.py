"""Advice for a person at the table: ``hint`` says what the strongest bot there is
would play, and why as far as it can say.

The bot is the search bot (rulekit.play.search.SearchAgent, the opponents' default at
a person's table): it plays the rest of the game many times on copies in which every
card hidden from the seat is redealt, with nothing the seat cannot see influencing the
copy (a canonical determinization: the copies do not depend on where the hidden cards
really are, nor on the game's random source), and takes the action that did best. A
hint never changes the game nor draws from its random source: it has its own, seeded
from the game's seed and the number of actions so far, so asking twice gives the same
hint.

How sure a hint is: the search's visits of its best two actions are put to a one-sided
binomial test (were the two equally good, each visit would go either way with even
odds). Below 95% sure, the hint says it is a toss-up between the two; a best choice
visited fewer than FEW_VISITS times (many choices, few simulations: a Hearts pass has
286) is said to be a guess.
"""
from __future__ import annotations

import math
import random

from .search import DEFAULT_SIMULATIONS, SearchAgent


FEW_VISITS = 5      # a best choice visited fewer times than this is a guess, not a hint


def hint(game, seat: int, simulations: int = DEFAULT_SIMULATIONS) -> str:
    """One line: the action the search bot would take for ``seat`` now after
    ``simulations`` simulated games, and why (``hint: play 7S - chosen in ...``).
    Raises rulekit.errors.RulesetFailure when the ruleset's heuristic fails."""
    actions = game.candidate_actions(random.Random(f"hint {game.seed} {len(game.history)}"),
                                     seat)
    if not actions:
        return "you have nothing to do now"
    if len(actions) == 1 and not game.parted_actions(seat):
        return f"hint: {actions[0]} (the only legal action)"
    bot = SearchAgent(random.Random(f"hint {game.seed} {len(game.history)} {seat}")
                      .randrange(2 ** 32), simulations)
    stats = bot.search(game, seat, actions)
    choice, visits, mean, top = stats[0]
    why = (f"chosen in {visits} of {simulations} simulated games, which came out "
           f"{mean:+.2f} for you on average ({returns_scale(game)})")
    if top:
        why += f" and put you on top in {top:.0%} of them"
    nxt = stats[1]
    if nxt[1]:
        why += f"; next best: {nxt[0]} ({nxt[1]} game{'' if nxt[1] == 1 else 's'}, " \
               f"{nxt[2]:+.2f})"
    p = ahead_by_chance(visits, nxt[1])
    if visits < FEW_VISITS:
        sure = (f"a guess: {simulations} simulated games over {len(stats)} choices are too "
                "few to tell them apart")
    elif p >= 0.05:
        sure = f"a toss-up between {choice} and {nxt[0]} (not 95% sure which is better)"
    elif p >= 0.0005:
        sure = f"{min(99, round(100 * (1 - p)))}% sure it is better than {nxt[0]}"
    else:
        sure = f"clearly better than {nxt[0]}"
    heuristic = _heuristic_text(game)
    how = (f"plays each game on at random for {bot.depth} actions, then judges it where a "
           f"position scores {heuristic}" if heuristic is not None else
           "plays each game on at random to its end")
    return f"hint: {choice} - {sure}: {why} (a search bot guessing the cards you cannot " \
        f"see; it {how})"


def returns_scale(game) -> str:
    """What a mean return means in ``game``: its ruleset's own ``returns:`` scale, a
    one-seat game's win and loss, or the default scale by place."""
    if game.rules.returns_fn is not None:
        return "on the scale of the game's own returns"
    if game.n == 1:
        return "+1 is a win, -1 a loss"
    return "+1 is first place, -1 last"


def ahead_by_chance(first: int, second: int) -> float:
    """The chance (0-1) that an action visited ``first`` times leads one visited
    ``second`` times (``first >= second >= 0``, whole numbers) by at least that much if
    the two were equally good: a one-sided binomial test of ``first`` of
    ``first + second`` visits at even odds (exact up to 2,000 visits, a normal
    approximation with continuity correction above). 1.0 when there are no visits."""
    n = first + second
    if n == 0:
        return 1.0
    if n <= 2000:
        return sum(math.comb(n, k) for k in range(first, n + 1)) / 2 ** n
    z = (first - 0.5 - n / 2) / math.sqrt(n / 4)
    return 0.5 * math.erfc(z / math.sqrt(2))


def _heuristic_text(game) -> str | None:
    """The phase's heuristic in words (rulekit.analysis.words), or None."""
    from ..analysis.words import Words
    phase = game.rules.phases[game.phase]
    if phase.heuristic is None:
        return None
    if phase.heuristic_text is None:
        return "the game's score of a position"
    return Words(game.rules, names={"seat": "you"}).text(phase.heuristic_text)
