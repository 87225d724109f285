"""Agents that choose actions for a seat.

An agent is any object with ``choose(game) -> Action`` (``game`` is the
:class:`~rulekit.engine.GameState` with that agent's seat to act); at a step where
several seats may act, an agent that is not first in precedence is asked with
``choose(game, seat=SEAT)`` (rulekit.play.session.play_out). Made by
:func:`make_agent`; the kinds are ``random``, ``greedy`` and ``ismcts`` (``ismcts:N``:
N simulations a move; rulekit.play.search), and docs/bots.md compares them.

The greedy agent never uses information its seat does not have: it scores each legal
action on a *determinized* copy of the game, where every card hidden from the seat
(``view(seat)`` shows it as null) has been shuffled among the places the seat cannot
see, so the copy agrees with everything the seat knows and nothing else
(:func:`~rulekit.play.search.determinize`, importable from here too; the greedy agent
keeps its plain redeal, value for value, so that recorded simulations stay the same).
"""
from __future__ import annotations

import random

from .search import DEFAULT_SIMULATIONS, MAX_SIMULATIONS, SearchAgent, determinize

KINDS = ("random", "greedy", "ismcts")
TABLE_KIND = f"ismcts:{DEFAULT_SIMULATIONS}"    # the opponents of a person, by default


class RandomAgent:
    """Picks uniformly among the legal actions with its own seeded random source."""
    kind = "random"

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, game, seat=None):
        """One of the legal actions of ``seat`` (default: the seat to act), uniformly
        (a choice in parts is never listed: ``GameState.random_legal``)."""
        return game.random_legal(self.rng, seat)


class GreedyAgent:
    """One-step look-ahead: applies each legal action to a determinized copy (at a
    simultaneous step, with random choices for the seats still to choose, so that the
    step resolves) and keeps the one whose resulting state scores best for its seat by
    the ruleset's ``heuristic``
    of the phase the copy is then in (else of the phase the decision is in). Ties are
    broken at random (seeded). Without any heuristic it plays like a random agent. A
    heuristic that fails raises rulekit.errors.RulesetFailure."""
    kind = "greedy"

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, game, seat=None):
        """The best-scoring legal action of ``seat`` (default: the seat to act)."""
        actions = game.candidate_actions(self.rng, seat)
        if len(actions) == 1:
            return actions[0]
        scored = self.scores(game, seat, actions)
        top = max(score for score, _ in scored)
        return self.rng.choice([act for score, act in scored if score == top])

    def scores(self, game, seat=None, actions=None) -> list:
        """``[(score, action)]`` for each legal action of ``seat`` (default: the seat to
        act), in the order of ``game.candidate_actions`` (the legal actions; a choice in
        parts too big to list: a sample of its complete choices): the seat's heuristic
        after it on a determinized copy, or ``10**9`` times its return when it ends the
        game."""
        actions = game.candidate_actions(self.rng, seat) if actions is None else actions
        seat = game.to_act if seat is None else seat
        phases = game.rules.phases
        base = determinize(game, seat, self.rng, events=False)   # (no one reads its events)
        out = []
        for act in actions:
            trial = base.clone()
            trial.apply(act)
            while trial._pending and not trial.finished:   # a simultaneous step: the
                trial.apply(trial.random_legal(self.rng))       # others at random
            if trial.finished:
                score = _final_score(trial, seat)
            else:
                h = phases[trial.phase].heuristic or phases[game.phase].heuristic
                score = trial.call_ruleset(h, {"seat": seat}) if h is not None else 0
            out.append((score, act))
        return out


def _final_score(game, seat: int) -> float:
    """A finished game: the seat's return (rulekit.outcome; +1 first, -1 last by
    default), scaled far beyond any heuristic's values; an aborted game 0."""
    res = game.result
    if res.status != "finished" or res.returns is None:
        return 0
    return 10**9 * res.returns[seat]


def parse_kind(kind) -> tuple:
    """``"ismcts:200"`` -> ``("ismcts", 200)``; ``"greedy"`` -> ``("greedy", None)``;
    ``"ismcts"`` gets :data:`DEFAULT_SIMULATIONS`. Raises ValueError with a message for
    an unknown kind, a number given to a kind that takes none, or a number of
    simulations that is not a whole number from 1 to :data:`MAX_SIMULATIONS`."""
    text = str(kind).strip()
    name, colon, number = text.partition(":")
    name = name.strip()
    if name not in KINDS:
        shown = text if len(text) <= 30 else text[:27] + "..."
        raise ValueError(f"unknown agent kind '{shown}'; kinds: {', '.join(KINDS)} "
                         f"(ismcts:N for N simulations a move)")
    if name != "ismcts":
        if colon:
            raise ValueError(f"agent kind '{name}' takes no number (only ismcts:N does)")
        return name, None
    if not colon:
        return name, DEFAULT_SIMULATIONS
    number = number.strip()
    if not (number.isascii() and number.isdigit()) or len(number) > 7 \
            or not 1 <= int(number) <= MAX_SIMULATIONS:
        shown = number if len(number) <= 12 else number[:9] + "..."
        raise ValueError(f"agent kind 'ismcts:{shown}': the number of simulations a move "
                         f"must be a whole number from 1 to {MAX_SIMULATIONS}")
    return name, int(number)


def make_agent(kind: str, seed=None):
    """An agent of ``kind`` (one of :data:`KINDS`, ``ismcts:N`` for N simulations a
    move); raises ValueError as :func:`parse_kind` does."""
    name, number = parse_kind(kind)
    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent(seed)
    return SearchAgent(seed, number)


class SeatError(ValueError):
    """``--agent SEAT=KIND`` names a seat that does not exist at this table."""


def seat_agents(specs: list[str], n: int, seed: int, human=None,
                kinds: dict | None = None, default: str = "random") -> dict:
    """Agents for every seat but the ``human`` one(s) (a seat, or a collection of seats),
    from ``SEAT=KIND`` texts and ``all=KIND`` (every seat not given by a number; the
    others as in ``kinds``, else ``default``), each seeded from ``seed`` and its seat.
    Raises SeatError for a seat that does not exist, ValueError with a message for a
    malformed text, a person's seat or an unknown kind."""
    people = set() if human is None else {human} if isinstance(human, int) else set(human)
    kinds = {s: (kinds or {}).get(s, default) for s in range(n)}
    given: set = set()
    every = None
    for spec in specs:
        if "=" not in spec:
            raise ValueError(f"--agent takes SEAT=KIND or all=KIND, not '{spec}'")
        seat, kind = spec.split("=", 1)
        parse_kind(kind)
        if seat.strip() == "all":
            if every is not None:
                raise ValueError("--agent: all= is given twice")
            every = kind.strip()
            continue
        try:
            s = int(seat)
        except ValueError:
            raise ValueError(f"--agent: '{seat}' is not a seat number or 'all'") from None
        if not 0 <= s < n:
            raise SeatError(f"--agent: seat {s} does not exist (seats 0 to {n - 1})")
        if s in people:
            raise ValueError(f"--agent: seat {s} is "
                             f"{'the' if len(people) == 1 else 'a'} --human seat")
        if s in given:
            raise ValueError(f"--agent: seat {s} is given twice")
        given.add(s)
        kinds[s] = kind.strip()
    if every is not None:
        kinds.update({s: every for s in range(n) if s not in given})
    return {s: make_agent(k, seed * 1000 + s + 1) for s, k in kinds.items() if s not in people}
