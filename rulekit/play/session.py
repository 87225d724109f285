"""One loop for playing a game: ``play`` (agents and people), ``replay --transcript``
(the record's actions) and ``validate --simulate`` (random games) all go through
:func:`step` and :func:`play_out`.
"""
from __future__ import annotations

from ..errors import Diagnostic, Pos, RulesetFailure
from .transcript import face_up_cards, face_up_to_all


def step(game, action, transcript=None) -> None:
    """Apply ``action`` (for the seat to act, or its own seat where several may act)
    and, with a ``transcript``, print the actions it took (a simultaneous choice: that
    the seat has chosen; all of them once everyone has) with the cards they turned face
    up or picked up, and the announcements that followed.
    Raises rulekit.IllegalAction as ``game.apply`` does."""
    if transcript is None:
        game.apply(action)
        return
    before = set() if transcript.quiet else face_up_to_all(game)    # (quiet: not said)
    table, mark = face_up_cards(game), len(game.events)
    game.apply(action)
    transcript.actions(mark, before, table)
    transcript.flush()


def play_out(game, agents: dict, transcript=None, stop=None, after=None) -> None:
    """Play until the game ends, asking ``agents[seat].choose(game)`` at each decision.
    An agent that gives up raises (a person who leaves: rulekit.play.terminal.Abandoned);
    the game stays as it was before that decision. A ruleset that fails inside an agent
    (its heuristic) ends the game as aborted. ``stop()``, checked before each
    decision, raises KeyboardInterrupt when true (an interrupt that some library code
    swallowed still stops the game); ``after(game)`` runs after each action (saving the
    record of a person's game as it goes, say). An agent that took the game back
    (:func:`rewind`) returns :data:`UNDO`: the loop carries on from the game as it now
    is."""
    while not game.finished:
        if stop is not None and stop():
            raise KeyboardInterrupt
        try:
            action = _ask(game, agents)
        except RulesetFailure as exc:           # the ruleset failed inside an agent
            game.stop(str(exc))
            return
        if action is UNDO:
            if transcript is not None:
                transcript.rewound()
        else:
            step(game, action, transcript)
        if after is not None:
            after(game)


class _Wait:
    """What a person returns to let the next seat in precedence act first."""

    def __repr__(self):
        return "WAIT"


WAIT = _Wait()


class _Undo:
    """What a person returns after taking the game back to an earlier decision."""

    def __repr__(self):
        return "UNDO"


UNDO = _Undo()


def rewind(game, upto: int) -> None:
    """Take ``game`` back, in place, to the state after the first ``upto`` actions of its
    history, as if the later ones never happened (its record and random source agree):
    the game is replayed from :meth:`~rulekit.runtime.engine.GameState.restart`.
    Raises ValueError for ``upto`` outside 0..len(history)."""
    history = game.history
    if not 0 <= upto <= len(history):
        raise ValueError(f"rewind: {upto} is not between 0 and {len(history)}")
    fresh = game.restart()
    for text in history[:upto]:
        fresh.apply(text)
    game.__dict__ = fresh.__dict__


def _ask(game, agents: dict):
    """The action to take now: the seat to act's, or where several seats may act (a
    shared window), the first in precedence that does not :data:`WAIT` (only a
    person waits; an agent always acts, and the last seat may not wait)."""
    actors = game.actors
    if len(actors) == 1:
        return agents[actors[0]].choose(game)
    for seat in actors:
        agent = agents[seat]
        action = agent.choose(game) if seat == game.to_act else agent.choose(game, seat=seat)
        if action is not WAIT:
            return action
    raise RuntimeError("every seat waited")       # the last seat may not wait


def simulate(rules, name: str, games: int) -> list:
    """Play ``games`` random games at each allowed player count (seeds 0, 1, ...) and
    return, per player count, one error diagnostic when some game aborted (the ruleset
    failed, or no seat could act), else one warning when some game only ran into its
    ``max_actions`` (random play need not end every game: a game that ends only when
    someone plays well is not broken)."""
    from .agents import RandomAgent
    out = []
    lo, hi, _ = rules.players
    where = Pos(rules.path or name, 1, 1)
    for players in range(lo, hi + 1):
        aborted, stopped = [], []
        for seed in range(games):
            game = rules.new_game(players=players, seed=seed)
            agent = RandomAgent(seed)
            play_out(game, {s: agent for s in range(players)})
            if game.result.status == "aborted":
                ran_out = game.actions >= game.max_actions
                (stopped if ran_out else aborted).append((seed, game.result.message))
        if aborted:
            seed, why = aborted[0]
            out.append(Diagnostic(where, "error",
                                  f"{len(aborted)} of {games} random games with {players} "
                                  f"players aborted; the first (seed {seed}): {why}",
                                  "simulate"))
        elif stopped:
            seed, why = stopped[0]
            out.append(Diagnostic(where, "warning",
                                  f"{len(stopped)} of {games} random games with {players} "
                                  f"players did not end (the first, seed {seed}: {why}): "
                                  "random play may never end this game; `rulekit simulate "
                                  "--agent all=greedy` plays it with greedy bots",
                                  "simulate"))
    return out
