"""Advice for a person at the table: ``hint`` says what the strongest bot there is
would play, and why as far as it can say.

The bot is the greedy one (rulekit.play.agents.GreedyAgent): it looks one action ahead
on a copy of the game in which every card hidden from the seat is redealt at random, and
scores the result with the phase's ``heuristic`` (or the result, when the action ends
the game). A hint never changes the game: it works on copies, with its own random
source seeded from the game's seed and the number of actions so far, so asking twice
gives the same hint.
"""
from __future__ import annotations

import random

from .agents import GreedyAgent


def hint(game, seat: int) -> str:
    """One line: the action the greedy bot would take for ``seat`` now and why
    (``play 7S: ...``). Raises rulekit.errors.RulesetFailure when the ruleset's
    heuristic fails."""
    actions = game.legal_actions(seat)
    if not actions:
        return "you have nothing to do now"
    if len(actions) == 1:
        return f"hint: {actions[0]} (the only legal action)"
    bot = GreedyAgent(random.Random(f"hint {game.seed} {len(game.history)} {seat}")
                      .randrange(2 ** 32))
    scored = bot.scores(game, seat, actions)
    top = max(score for score, _ in scored)
    best = [act for score, act in scored if score == top]
    choice = best[0]
    rest = sorted({score for score, _ in scored if score != top}, reverse=True)
    heuristic = _heuristic_text(game)
    if abs(top) >= 10 ** 8:
        why = "it ends the game " + ("in your favour" if top > 0 else "(as well as any can)")
    elif heuristic is None:
        return f"hint: {choice} (the game gives bots no way to score a position: any " \
               "legal action is as good)"
    else:
        why = (f"it scores {_num(top)} for you, the next best {_num(rest[0])}" if rest
               else f"every action scores {_num(top)} for you")
        why += f", where a position scores {heuristic}"
    also = f"; as good: {', '.join(map(str, best[1:4]))}" if len(best) > 1 else ""
    return f"hint: {choice} - {why}{also} (a bot looking one action ahead, guessing the " \
        "cards you cannot see)"


def _heuristic_text(game) -> str | None:
    """The phase's heuristic in words (rulekit.analysis.words), or None."""
    from ..analysis.words import Words
    phase = game.rules.phases[game.phase]
    if phase.heuristic is None:
        return None
    try:
        text = game.rules.source.data["phases"][game.phase]["heuristic"]
    except (KeyError, TypeError):
        return "the game's score of a position"
    return Words(game.rules, names={"seat": "you"}).text(text)


def _num(x) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"
