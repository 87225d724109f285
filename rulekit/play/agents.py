"""Agents that choose actions for a seat.

An agent is any object with ``choose(game) -> Action`` (``game`` is the
:class:`~rulekit.engine.GameState` with that agent's seat to act); at a step where
several seats may act, an agent that is not first in precedence is asked with
``choose(game, seat=SEAT)`` (rulekit.play.session.play_out). Made by
:func:`make_agent`; the kinds are ``random`` and ``greedy``.

The greedy agent never uses information its seat does not have: it scores each legal
action on a *determinized* copy of the game, where every card hidden from the seat
(``view(seat)`` shows it as null) has been shuffled among the places the seat cannot
see, so the copy agrees with everything the seat knows and nothing else.
"""
from __future__ import annotations

import random

from ..randomness import shuffle

KINDS = ("random", "greedy")


class RandomAgent:
    """Picks uniformly among the legal actions with its own seeded random source."""
    kind = "random"

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, game, seat=None):
        """One of the legal actions of ``seat`` (default: the seat to act)."""
        return self.rng.choice(game.legal_actions(seat))


def determinize(game, seat: int, rng: random.Random):
    """A copy of ``game`` in which the cards hidden from ``seat`` are redealt at random
    among the hidden places (each zone keeps its count; visible cards stay put).

    Tags and face-down marks belong to the place, so they follow the new card. What is
    hidden is what :meth:`~rulekit.runtime.engine.GameState.view` hides, found without
    building the view; the redeal takes the same values from ``rng`` as it always did.
    The pending choices of other seats at a simultaneous step are forgotten (those
    seats choose again in the copy): ``seat`` cannot know them.
    """
    copy = game.clone()
    hid = bool(copy._pending) and any(s != seat for s in copy._pending)
    if hid:
        copy._hide_choices(seat)
    marks = copy.marks
    segments = []   # (list object, the hidden indices or None for all of it, (zone, seat))
    hidden = []     # the hidden cards, in zone, seat and list order
    for name, decl in game.rules.zones.items():
        content = copy.z[name]
        lists = enumerate(content) if decl.per == "seat" else ((None, content),)
        for s, lst in lists:
            if not lst:
                continue
            default = decl.see == "all" or (decl.see == "owner" and s == seat)
            if not marks:
                if not default:
                    segments.append((lst, None, (name, s)))
                    hidden += lst
                continue
            idx = [i for i, c in enumerate(lst)
                   if not (marks.get(c) == "up" or (marks.get(c) != "down" and default))]
            if idx:
                segments.append((lst, idx, (name, s)))
                hidden += [lst[i] for i in idx]
    if not hidden:
        if hid:
            copy.call_ruleset(lambda g, L: g._relist(), {})
        return copy
    new = hidden[:]
    shuffle(rng, new)
    if copy._where_shared:              # shared with the game: its own before changing
        copy.where, copy._where_shared = copy.where.copy(), False
    tags, where = copy.tags, copy.where
    old_tags = {c: tags.pop(c) for c in hidden if c in tags} if tags else None
    old_marks = {c: marks.pop(c) for c in hidden if c in marks} if marks else None
    pos = 0
    for lst, idx, loc in segments:
        if idx is None:
            chunk = new[pos:pos + len(lst)]
            lst[:] = chunk
        else:
            chunk = new[pos:pos + len(idx)]
            for i, card in zip(idx, chunk):
                lst[i] = card
        where.update(dict.fromkeys(chunk, loc))
        pos += len(chunk)
    if old_tags or old_marks:         # they belong to the place: onto its new card
        for old, card in zip(hidden, new):
            if old_tags and old in old_tags:
                tags[card] = old_tags[old]
            if old_marks and old in old_marks:
                marks[card] = old_marks[old]
    copy.call_ruleset(lambda g, L: g._relist(), {})
    return copy


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
        actions = game.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        scored = self.scores(game, seat, actions)
        top = max(score for score, _ in scored)
        return self.rng.choice([act for score, act in scored if score == top])

    def scores(self, game, seat=None, actions=None) -> list:
        """``[(score, action)]`` for each legal action of ``seat`` (default: the seat to
        act), in the order of ``game.legal_actions``: the seat's heuristic after it on a
        determinized copy, or ``10**9`` times its return when it ends the game."""
        actions = game.legal_actions(seat) if actions is None else actions
        seat = game.to_act if seat is None else seat
        phases = game.rules.phases
        base = determinize(game, seat, self.rng)
        out = []
        for act in actions:
            trial = base.clone()
            trial.apply(act)
            while trial._pending and not trial.finished:   # a simultaneous step: the
                trial.apply(self.rng.choice(trial.legal_actions()))  # others at random
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


def make_agent(kind: str, seed=None):
    """An agent of ``kind`` (one of :data:`KINDS`); raises ValueError for an unknown kind."""
    if kind == "random":
        return RandomAgent(seed)
    if kind == "greedy":
        return GreedyAgent(seed)
    raise ValueError(f"unknown agent kind '{kind}'; kinds: {', '.join(KINDS)}")


class SeatError(ValueError):
    """``--agent SEAT=KIND`` names a seat that does not exist at this table."""


def seat_agents(specs: list[str], n: int, seed: int, human=None,
                kinds: dict | None = None) -> dict:
    """Agents for every seat but the ``human`` one(s) (a seat, or a collection of seats),
    from ``SEAT=KIND`` texts (the others as in ``kinds``, else random), each seeded from
    ``seed`` and its seat. Raises SeatError for a seat that does not exist, ValueError
    with a message for a malformed text, a person's seat or an unknown kind."""
    people = set() if human is None else {human} if isinstance(human, int) else set(human)
    kinds = {s: (kinds or {}).get(s, "random") for s in range(n)}
    given: set = set()
    for spec in specs:
        if "=" not in spec:
            raise ValueError(f"--agent takes SEAT=KIND, not '{spec}'")
        seat, kind = spec.split("=", 1)
        try:
            s = int(seat)
        except ValueError:
            raise ValueError(f"--agent: '{seat}' is not a seat number") from None
        if not 0 <= s < n:
            raise SeatError(f"--agent: seat {s} does not exist (seats 0 to {n - 1})")
        if s in people:
            raise ValueError(f"--agent: seat {s} is "
                             f"{'the' if len(people) == 1 else 'a'} --human seat")
        if s in given:
            raise ValueError(f"--agent: seat {s} is given twice")
        given.add(s)
        kinds[s] = kind.strip()
    return {s: make_agent(k, seed * 1000 + s + 1) for s, k in kinds.items() if s not in people}
