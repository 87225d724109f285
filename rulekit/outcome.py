"""How a finished game came out for each seat: its places (a ranking, ties allowed),
winners and losers, scores, a draw, and the returns vector (one number per seat, the
figure bots and simulations maximise).

A game's outcome is built from what its ruleset's ``end_game`` says, in one of these
forms (see the language reference)::

    places(4, loser=2)                  # [[0, 1, 3], [2]]: seat 2 last, the rest tie first
    places(4, winner=1)                 # [[1], [0, 2, 3]]
    places(4, winners=[0, 2])           # [[0, 2], [1, 3]]  (with losers=: a middle place)
    places(4, ranking=[3, [0, 1], 2])   # [[3], [0, 1], [2]]: an item may be a tie
    places(3, scores=[5, 9, 5], lowest=True)   # [[0, 2], [1]]
    places(3, draw=True)                # [[0, 1, 2]]

With teams (lists of seats, every seat in one), the form names teams by number and a
team's place and score are its members'::

    team_places(4, [[0, 2], [1, 3]], winner=1)   # [[1, 3], [0, 2]]

Returns, unless the ruleset gives its own (``returns:``): the first place gets +1, the
last -1, a place in between a value linear in its mean position (a tie shares the
mean of the positions it fills), everyone 0 in a draw::

    default_returns([[3], [0, 1], [2]])      # [0.0, 0.0, -1.0, 1.0]

A game of one seat (a patience) has no one to share places with: its ``end_game``
reads as a result for that seat (:func:`single`): a win, a loss, or a score alone::

    single({"winner": 0}, False)        # 'win':  winners [0], returns [1.0]
    single({"winners": []}, False)      # 'loss': losers [0], returns [-1.0]
    single({"scores": [23]}, False)     # 'score': returns [23] (-23 with best: lowest)

Everything here is pure data in, data out; a form that does not place every seat of
the game exactly once raises :class:`OutcomeError` (the ruleset's mistake: the game
stops with its message).
"""
from __future__ import annotations

import functools

FORMS = ("loser", "winner", "winners", "losers", "ranking", "scores", "draw")
# besides a form, end_game may group the seats: {teams: L, ...} (see team_places)


class OutcomeError(ValueError):
    """An ``end_game`` whose values do not describe every seat of the game once."""


def _seat(n: int, s, what: str, listed: bool = False) -> int:
    if s.__class__ is not int or not 0 <= s < n:
        raise OutcomeError(f"end_game: {what} {'lists ' if listed else ''}{shown(s)}"
                           f"{', which' if listed else ''} is not a seat of this game "
                           f"(0 to {n - 1})")
    return s


def _seats(n: int, value, what: str) -> list:
    if value.__class__ is not list:
        raise OutcomeError(f"end_game: {what} must be a list of seats, not {shown(value)}")
    out = [_seat(n, s, what, listed=True) for s in value]
    if len(set(out)) != len(out):
        raise OutcomeError(f"end_game: {what} names a seat twice: {shown(value)}")
    return out


def shown(v) -> str:
    """A value as a rules author writes it (null, true, [0, 1], 'QS')."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float, str)):
        return repr(v) if isinstance(v, str) else str(v)
    if isinstance(v, list):
        return "[" + ", ".join(shown(x) for x in v[:8]) + (", ..." if len(v) > 8 else "") + "]"
    return type(v).__name__


def places(n: int, *, loser=None, winner=None, winners=None, losers=None, ranking=None,
           scores=None, lowest: bool = False, draw: bool = False) -> list:
    """The places of an ``n``-seat game, best first: a list of lists of seats (each in
    seat order), every seat in exactly one. Give one form (``loser``; ``winner``;
    ``winners`` and/or ``losers``; ``ranking``; ``scores``, best highest unless
    ``lowest``; ``draw``). Raises OutcomeError for seats out of range or repeated, a
    ranking that misses a seat, or scores that are not one number per seat."""
    given = [k for k, v in (("loser", loser), ("winner", winner), ("ranking", ranking),
                            ("draw", draw or None)) if v is not None]
    if winners is not None or losers is not None:
        given.append("winners and losers")
    if scores is not None and not given:
        given.append("scores")
    if len(given) > 1:
        raise OutcomeError("end_game: give one way the game came out, not "
                           + " and ".join(given))
    everyone = list(range(n))
    if draw:
        return [everyone]
    if loser is not None:
        s = _seat(n, loser, "the loser")
        return [p for p in ([x for x in everyone if x != s], [s]) if p]
    if winner is not None:
        s = _seat(n, winner, "the winner")
        return [p for p in ([s], [x for x in everyone if x != s]) if p]
    if winners is not None or losers is not None:
        w = _seats(n, winners, "winners") if winners is not None else []
        lo = _seats(n, losers, "losers") if losers is not None else []
        both = set(w) & set(lo)
        if both:
            raise OutcomeError(f"end_game: seat {min(both)} is among both the winners and "
                               "the losers")
        rest = [x for x in everyone if x not in w and x not in lo]
        groups = [sorted(w), rest, sorted(lo)]
        return [g for g in groups if g]
    if ranking is not None:
        if ranking.__class__ is not list:
            raise OutcomeError(f"end_game: the ranking must be a list of seats (or lists "
                               f"of tied seats), best first, not {shown(ranking)}")
        out, seen = [], set()
        for item in ranking:
            group = _seats(n, item, "a tie in the ranking") if item.__class__ is list \
                else [_seat(n, item, "the ranking", listed=True)]
            for s in group:
                if s in seen:
                    raise OutcomeError(f"end_game: the ranking names seat {s} twice")
                seen.add(s)
            if group:
                out.append(sorted(group))
        missing = [s for s in everyone if s not in seen]
        if missing:
            raise OutcomeError(f"end_game: the ranking leaves out seat"
                               f"{'s' if len(missing) > 1 else ''} "
                               f"{', '.join(map(str, missing))} (it must place every seat)")
        return out
    if scores is not None:
        nums = check_scores(n, scores)
        order = sorted(set(nums), reverse=not lowest)
        return [[s for s in everyone if nums[s] == v] for v in order]
    raise OutcomeError("end_game: say how the game came out (loser, winner, winners, "
                       "losers, ranking, scores or draw)")


def check_teams(n: int, teams) -> list:
    """``teams`` as a list of lists of seats, each seat of an ``n``-seat game in exactly
    one team, no team empty; OutcomeError otherwise."""
    if teams.__class__ is not list or not teams or not all(t.__class__ is list for t in teams):
        raise OutcomeError(f"end_game: teams must be a list of teams, each a list of "
                           f"seats, not {shown(teams)}")
    seen = set()
    for t in teams:
        if not t:
            raise OutcomeError("end_game: a team has no seats")
        for s in _seats(n, t, "a team"):
            if s in seen:
                raise OutcomeError(f"end_game: seat {s} is in two teams")
            seen.add(s)
    missing = [s for s in range(n) if s not in seen]
    if missing:
        raise OutcomeError(f"end_game: the teams leave out seat{'s' if len(missing) > 1 else ''}"
                           f" {', '.join(map(str, missing))} (every seat is in one team)")
    return [sorted(t) for t in teams]


def team_places(n: int, teams, *, scores=None, **form) -> list:
    """The places of an ``n``-seat game played in ``teams`` (see :func:`check_teams`):
    ``form`` is one of :func:`places`' forms over team numbers (0 for the first team),
    and ``scores`` one number per team; every member of a team shares its place. Raises
    OutcomeError as :func:`places` does, the team numbers standing for seats."""
    teams = check_teams(n, teams)
    try:
        groups = places(len(teams), scores=scores, **form)
    except OutcomeError as exc:       # say team where places() says seat
        raise OutcomeError(str(exc).replace("seats", "teams").replace("seat", "team")
                           .replace("a team of this game", "a team number")) from None
    return [sorted(s for t in g for s in teams[t]) for g in groups]


def team_scores(n: int, teams: list, scores) -> list:
    """One number per seat: each seat its team's score (``scores`` one per team);
    OutcomeError unless ``scores`` is one number per team."""
    try:
        nums = check_scores(len(teams), scores)
    except OutcomeError as exc:
        raise OutcomeError(str(exc).replace("per seat", "per team")) from None
    out = [0] * n
    for t, members in enumerate(teams):
        for s in members:
            out[s] = nums[t]
    return out


def check_scores(n: int, scores) -> list:
    """``scores`` as a list of one number per seat; OutcomeError otherwise."""
    if scores.__class__ is not list or len(scores) != n or not all(
            isinstance(x, (int, float)) and not isinstance(x, bool) for x in scores):
        raise OutcomeError(f"end_game: the scores must be one number per seat ({n}), not "
                           f"{shown(scores)}")
    return list(scores)


def single(form: dict, draw: bool) -> str | None:
    """How ``end_game`` comes out in a game of one seat, from its ``form`` (form name ->
    value, as given to :func:`places`; ``scores`` may stand beside) and ``draw``:
    ``"win"`` (the winner is seat 0, the winners hold it, or only losers are named and
    they do not), ``"loss"`` (the loser is seat 0, the losers hold it, or the winners
    are named and do not hold it: ``{winners: []}``), ``"score"`` (scores alone), or
    None: a draw (``draw: true``, a ranking of the one seat)."""
    if draw or "ranking" in form:
        return None
    if "winner" in form:
        return "win" if form["winner"] == 0 else "loss"
    if "loser" in form:
        return "loss" if form["loser"] == 0 else "win"
    if "winners" in form or "losers" in form:
        if 0 in (form.get("losers") or ()):
            return "loss"
        if 0 in (form.get("winners") or ()):
            return "win"
        return "loss" if "winners" in form else "win"
    return "score" if form.get("scores") is not None else None


def default_returns(groups: list) -> list:
    """One number per seat for ``groups`` (places, best first): +1 for the first place,
    -1 for the last, linear in mean position in between, 0 for everyone in a draw."""
    n = sum(len(g) for g in groups)
    out = [0.0] * n
    if len(groups) < 2:
        return out
    twice, pos = [], 0                  # twice each place's mean position: whole
    for g in groups:
        twice.append(2 * pos + len(g) - 1)
        pos += len(g)
    first, span = twice[0], twice[-1] - twice[0]
    for g, m in zip(groups, twice):     # exact, then one rounding: -1/3 is -0.333...3
        value = (span - 2 * (m - first)) / span     # (int / int: correctly rounded)
        for s in g:
            out[s] = value
    return out


def make(groups: list, scores=None, returns=None, teams=None, alone: str | None = None,
         lowest: bool = False) -> dict:
    """The outcome record: ``ranking`` (the places, seats), ``winners`` and ``losers``
    (the seats of the first and last place; empty in a draw), ``draw``, ``scores`` (one
    per seat, or None) and ``returns`` (the default ones unless given); with ``teams``
    (lists of seats) also ``teams``, whose members share places and scores.

    ``alone``: a one-seat game's result (:func:`single`): ``"win"`` (winners ``[0]``,
    return +1), ``"loss"`` (losers ``[0]``, return -1) or ``"score"`` (neither; the
    return is the score, its negative when ``lowest`` is best); none of them is a
    draw."""
    several = len(groups) > 1
    out = {"ranking": [list(g) for g in groups],
           "winners": list(groups[0]) if several else [],
           "losers": list(groups[-1]) if several else [],
           "draw": not several,
           "scores": None if scores is None else list(scores),
           "returns": list(returns) if returns is not None else default_returns(groups)}
    if alone is not None and not several:
        out["winners"] = [0] if alone == "win" else []
        out["losers"] = [0] if alone == "loss" else []
        out["draw"] = False
        if returns is None:
            out["returns"] = [1.0 if alone == "win" else -1.0 if alone == "loss" else
                              float(-scores[0] if lowest else scores[0])
                              if scores is not None else 0.0]
    if teams is not None:
        out["teams"] = [list(t) for t in teams]
    return out


def copy_outcome(o):
    """A copy of outcome ``o`` (from :func:`make`) whose lists are new, or None."""
    if o is None:
        return None
    return {k: ([list(g) for g in v] if k in ("ranking", "teams") else
                list(v) if isinstance(v, list) else v) for k, v in o.items()}


def _who_named(seats: list, teams=None, names=None) -> str:
    if teams:                               # whole teams: "team 0 (seats 0 and 2)"
        named = [t for t, members in enumerate(teams) if members[0] in seats]
        return " and ".join(f"team {t} ({_who_named(teams[t], None, names)})" for t in named)
    if names and any(s < len(names) and names[s] for s in seats):
        said = [names[s] if s < len(names) and names[s] else f"seat {s}" for s in seats]
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + f" and {said[-1]}"
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def _points(seats: list, scores) -> str:
    if scores is None:
        return ""
    vals = {scores[s] for s in seats}
    if len(vals) != 1:
        return " (" + ", ".join(f"{scores[s]:g}" for s in seats) + " points)"
    v = vals.pop()
    return f" with {v:g} point{'' if v == 1 else 's'}"


def describe(outcome: dict, names=None) -> str:
    """The outcome in words: ``seat 2 wins with 23 points; seat 0 is last with 4
    points`` (middle places after ``then``), ``seat 1 loses`` (everyone else tied
    first), ``seat 3 wins`` (everyone else tied last), ``the game is a draw``; a game
    of one seat: ``seat 0 wins``, ``seat 0 loses``, ``seat 0 scores 23 points``.
    ``names``: the players' names, one per seat (None where unnamed), said instead of
    the seat numbers (``Ann wins with 23 points``)."""
    teams = outcome.get("teams")
    _who = functools.partial(_who_named, names=names)
    if teams:                               # points per team: a member's points
        def points(g, scores):
            return _points([t[0] for t in teams if t[0] in g], scores)
    else:
        points = _points

    def one(g):                             # a single seat or a single team
        return len(g) == 1 or (teams and sum(t[0] in g for t in teams) == 1)
    if outcome["draw"]:
        return "the game is a draw" + points(outcome["ranking"][0], outcome["scores"])
    scores, groups = outcome["scores"], outcome["ranking"]
    if len(groups) == 1:                    # one seat alone: a win, a loss or a score
        seat = groups[0]
        if seat == outcome.get("winners"):
            return f"{_who(seat, teams)} wins{points(seat, scores)}"
        if seat == outcome.get("losers"):
            return f"{_who(seat, teams)} loses{points(seat, scores)}"
        got = points(seat, scores).removeprefix(" with") or " nothing"
        return f"{_who(seat, teams)} scores{got}"
    w, lo = groups[0], groups[-1]
    if len(groups) == 2 and scores is None:      # one side named: the other is the rest
        if one(w):
            return f"{_who(w, teams)} wins"
        if one(lo):
            return f"{_who(lo, teams)} loses"
        return f"{_who(w, teams)} win; {_who(lo, teams)} lose"
    words = [f"{_who(w, teams)} win{'s' if one(w) else ''}{points(w, scores)}"]
    middle = groups[1:-1]
    if middle:
        words.append("then " + ", ".join(_who(g, teams) + points(g, scores) for g in middle))
    words.append(f"{_who(lo, teams)} {'is' if one(lo) else 'are'} last{points(lo, scores)}")
    return "; ".join(words)
