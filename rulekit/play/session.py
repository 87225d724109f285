"""One loop for playing a game: ``play`` (agents and people), ``replay --transcript``
(the record's actions) and ``validate --simulate`` (random games) all go through
:func:`step` and :func:`play_out`.
"""
from __future__ import annotations

from ..errors import Diagnostic, Pos, RulesetFailure
from .transcript import face_up_cards


def step(game, action, transcript=None) -> None:
    """Apply ``action`` for the seat to act and, with a ``transcript``, print it with the
    cards it turned face up or picked up, and the announcements that followed.
    Raises rulekit.IllegalAction as ``game.apply`` does."""
    if transcript is None:
        game.apply(action)
        return
    seat, before, table, mark = game.to_act, set(game.public), face_up_cards(game), \
        len(game.events)
    game.apply(action)
    transcript.action(seat, action, before, table, mark)
    transcript.flush()


def play_out(game, agents: dict, transcript=None, stop=None, after=None) -> None:
    """Play until the game ends, asking ``agents[seat].choose(game)`` at each decision.
    An agent that gives up raises (a person who leaves: rulekit.play.terminal.Abandoned);
    the game stays as it was before that decision. A ruleset that fails inside an agent
    (its heuristic) ends the game as aborted. ``stop()``, checked before each
    decision, raises KeyboardInterrupt when true (an interrupt that some library code
    swallowed still stops the game); ``after(game)`` runs after each action (saving the
    record of a person's game as it goes, say)."""
    while not game.finished:
        if stop is not None and stop():
            raise KeyboardInterrupt
        try:
            action = agents[game.to_act].choose(game)
        except RulesetFailure as exc:           # the ruleset failed inside an agent
            game.stop(str(exc))
            return
        step(game, action, transcript)
        if after is not None:
            after(game)


def simulate(rules, name: str, games: int) -> list:
    """Play ``games`` random games at each allowed player count (seeds 0, 1, ...) and
    return one error diagnostic per player count at which some game aborted."""
    from .agents import RandomAgent
    out = []
    lo, hi, _ = rules.players
    for players in range(lo, hi + 1):
        aborted = []
        for seed in range(games):
            game = rules.new_game(players=players, seed=seed)
            agent = RandomAgent(seed)
            play_out(game, {s: agent for s in range(players)})
            if game.result.status == "aborted":
                aborted.append((seed, game.result.message))
        if aborted:
            seed, why = aborted[0]
            out.append(Diagnostic(Pos(rules.path or name, 1, 1), "error",
                                  f"{len(aborted)} of {games} random games with {players} "
                                  f"players aborted; the first (seed {seed}): {why}",
                                  "simulate"))
    return out
