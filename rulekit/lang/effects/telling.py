"""Effects on what seats see and know, and on the seats: reveal, conceal, hide, show,
out, announce, end_game."""
from __future__ import annotations

import re

from ... import outcome
from ...errors import RulesetFault, failure_words
from .registry import EXPR, TEXT, GameOver, cards_or_card, effect, primitive

# ---- what seats see ----------------------------------------------------------------------

def _c_marks(c, path, scope, key, mark):
    v = c.expr(path + (key,), scope)
    if v is None:
        return None
    if not cards_or_card(v):
        c.err(path + (key,), f"{key}: give a card, cards or a zone, not {v.type}", "type")
        return None
    return [f"_mark(G, {v.code}, {c.text(mark) if mark else 'None'})"]


@effect("reveal", "reveal: CARDS", TEXT, "reveal: X` / `conceal: X` / `hide: X",
        "mark cards seen by all / seen by none / clear the mark", "reveal: c",
        explain=lambda item, v: f"turn {v} face up for everyone",
        words="turn {value} face up for everyone")
def _c_reveal(c, path, item, scope):
    return _c_marks(c, path, scope, "reveal", "up")


@effect("conceal", "conceal: CARDS", TEXT, "", "", "",
        explain=lambda item, v: f"turn {v} face down for everyone",
        words="turn {value} face down for everyone")
def _c_conceal(c, path, item, scope):
    return _c_marks(c, path, scope, "conceal", "down")


@effect("hide", "hide: CARDS", TEXT, "", "", "",
        explain=lambda item, v: f"clear the face-up marks of {v}",
        words="let {value} be seen again only as its zone says")
def _c_hide(c, path, item, scope):
    return _c_marks(c, path, scope, "hide", None)


@effect("show", "show: CARDS", TEXT, "show: X",
        "show cards once to every seat (an event; no lasting mark)", "show: hand[s]",
        explain=lambda item, v: f"show {v} to everyone once",
        words="show {value} to everyone, once")
def _c_show(c, path, item, scope):
    v = c.expr(path + ("show",), scope)
    if v is None:
        return None
    owner = "None"
    if v.zone is not None and v.zone[1] is not None and v.zone[0].per == "seat":
        k = v.zone[0].row             # a row per seat: the slot's seat
        owner = v.zone[1] if not k else f"({v.zone[1]}) // {k}"
    return [f"_show(G, {v.code}, {owner})"]


# ---- seats and the end ---------------------------------------------------------------------

@effect("out", "out: SEAT", TEXT, "out: S",
        "the seat leaves the game; appended to `out_order`", "out: actor",
        explain=lambda item, v: f"{v} leaves the game",
        words="{value} leaves the game")
def _c_out(c, path, item, scope):
    v = c.expr(path + ("out",), scope, "seat")
    return None if v is None else [f"_out(G, {v.code})"]


@effect("announce", "announce: TEXT", TEXT, "announce: TEXT",
        "an event for transcripts; each `{expr}` is filled in", 'announce: "seat {w} wins"',
        explain=lambda item, v: f'announce "{v}"',
        words='announce "{value}"', parts="text")
def _c_announce(c, path, item, scope):
    holes: list = []
    code = template(c, path + ("announce",), item["announce"], scope, "announce", holes)
    said = c.const(str(item["announce"]))       # the text as written (simulations count it)
    if code is None:
        return None
    lines = ["if G.log is not None:", f"    _announce(G, {code}, {said})"]
    risky = unsafe_holes(holes)                 # a quiet game (no event log) builds no
    if risky:                                   # text, but fails where the text would
        lines += ["else:", f"    ({', '.join(risky)},)"]
    return lines


# a hole's code that cannot fail: a local or variable or zone read by name, a plain
# attribute of the game, a constant
_SAFE_HOLE = re.compile(r"(?:L|G\.v|G\.z)\['\w+'\]|G\.(?:actor|dealer|n|hand_no|phase)"
                        r"|_K\[\d+\]|-?\d+|'\w*'")


def unsafe_holes(holes: list) -> list:
    """The codes of ``holes`` (a template's ``{expr}`` parts) that might fail when
    evaluated: a game that keeps no event log evaluates only these, so that it stops
    where one that builds the text would."""
    return [h for h in holes if not _SAFE_HOLE.fullmatch(h)]


def template(c, p, text: str, scope, what: str, holes: list | None = None) -> str | None:
    """The code of text ``text`` (at ``p``) whose ``{expr}`` parts are filled in (each
    value shown as :func:`_fmt` shows it); None after reporting an error. ``holes``:
    a list to which the code of each part's value is appended."""
    parts = []
    i = 0
    ok = True
    while i < len(text):
        j = text.find("{", i)
        if j < 0:
            parts.append(c.text(text[i:]))
            break
        if j > i:
            parts.append(c.text(text[i:j]))
        k = text.find("}", j)
        if k < 0:
            c.err(p, f"{what}: '{{' without a closing '}}'", "expr-syntax", offset=j)
            return None
        inner = c.inner_expr(p, text[j + 1:k], j + 1, scope)
        if inner is None:
            ok = False
        else:
            parts.append(f"_fmt({inner.code})")
            if holes is not None:
                holes.append(inner.code)
        i = k + 1
    if not ok:
        return None
    return " + ".join(parts) or "''"


@effect("new_hand", "new_hand: true", {"const": True}, "new_hand: true",
        "a new hand (deal) of a match begins: the hand number (`hand_no`) goes up by one, "
        "every seat is back in and `out_order` starts empty; the transcript marks it, and a "
        "card turned face up again is shown as news again. The ruleset gathers, shuffles "
        "and deals the cards with its own effects",
        "new_hand: true", explain=lambda item, v: "a new hand begins",
        words="a new hand begins", parts="none")
def _c_new_hand(c, path, item, scope):
    return ["_new_hand(G)"]


_OUTCOME_KEYS = ("loser", "winner", "winners", "losers", "ranking", "scores", "teams")


def _explain_end(item, v) -> str:
    if not isinstance(v, dict):
        return "the game ends"
    return _explain_form(v) + (f" (teams {v['teams']}, named by number)" if "teams" in v else "")


def _explain_form(v: dict) -> str:
    beside = f" (scores {v['scores']})" if "scores" in v else ""
    if "loser" in v:
        return f"the game ends: {v['loser']} loses{beside}"
    if "winner" in v:
        return f"the game ends: {v['winner']} wins{beside}"
    if v.get("draw"):
        return "the game ends in a draw"
    parts = [f"{k} {v[k]}" for k in ("winners", "losers", "ranking") if k in v]
    if "scores" in v:
        parts.append(f"scores {v['scores']} ({v.get('best', 'highest')} best)")
    return "the game ends: " + ", ".join(parts)


@effect("end_game", "end_game: {loser: S} / {winner: S} / {winners: L, losers: L} / "
        "{ranking: L} / {scores: L, best: highest|lowest} / {draw: true} [teams: L]",
        {"type": "object", "additionalProperties": False, "minProperties": 1,
         "properties": {**{k: EXPR for k in _OUTCOME_KEYS},
                        "best": {"enum": ["highest", "lowest"]},
                        "draw": {"const": True}}},
        "end_game: {loser: S}` / `{winner: S}` / `{winners: L, losers: L}` / "
        "`{ranking: L}` / `{scores: L, best: lowest}` / `{draw: true}`, beside any: `teams: L",
        "the game is finished; nothing after it runs. Every seat gets a place: the loser "
        "last and the rest tied first; the winner first and the rest tied last; winners "
        "first, losers last, the rest between; a ranking (best first, an item may be a "
        "list of tied seats); or places by `scores` (one number per seat, `best` "
        "highest unless `lowest`); a draw ties everyone. `scores` may also stand beside "
        "another form (reported, not ranked by). With `teams` (a list of lists of seats, "
        "every seat in one) the form names teams by number (0 first) and every member "
        "shares its team's place and score", "end_game: {loser: first(seats_in())}",
        explain=_explain_end, ends_game=True,
        words="the game ends[: {loser} loses][: {winner} wins][: {winners} win][; {losers} "
        "lose][: the seats rank {ranking}, best first][; ranked by {scores}[, {best} best|, "
        "highest best]][ in a draw{draw}][ (teams {teams}, named by number)]", parts="mapping")
def _c_end_game(c, path, item, scope):
    spec = item["end_game"]
    p = path + ("end_game",)
    forms = {("winners" if k == "losers" else k) for k in spec
             if k not in ("scores", "best", "teams")}
    if len(forms) > 1:
        c.err(p, "end_game: give one way the game came out (loser, winner, winners and "
              "losers, ranking or draw), not " + " and ".join(sorted(forms)), "type")
        return None
    if "best" in spec and (forms or "scores" not in spec):
        c.err(p + ("best",), "end_game: best says how scores rank the seats, so it goes "
              "with scores alone", "type")
        return None
    if not forms and "scores" not in spec:
        c.err(p, "end_game: say how the game came out (loser, winner, winners, losers, "
              "ranking, scores or draw)", "type")
        return None
    what = "a team number" if "teams" in spec else "a seat"
    for key in ("loser", "winner"):
        if key not in spec:
            continue
        literal = c.literal(p + (key,))
        if literal is None or (isinstance(literal, int) and not 0 <= literal < c.players[1]):
            c.err(p + (key,), f"end_game: the {key} must be {what} (0 to "
                  f"{c.players[1] - 1}), not {'null' if literal is None else literal}", "type")
            return None
    if set(spec) == {"loser"}:                  # the one-loser shorthand
        loser = c.expr(p + ("loser",), scope, "seat")
        return None if loser is None else [f"_end_game(G, {loser.code})"]
    parts = []
    for key in _OUTCOME_KEYS:
        if key in spec:
            v = c.expr(p + (key,), scope, "seat" if key in ("loser", "winner") else "list")
            if v is None:
                return None
            if v.type in ("cards", "zone", "play") and key == "teams":
                c.err(p + (key,), f"end_game: teams must be a list of lists of seats, not "
                      f"{v.type}", "type")
                return None
            if v.type in ("cards", "zone", "play"):
                c.err(p + (key,), f"end_game: {key} must be a list of "
                      f"{'numbers' if key == 'scores' else 'seats'}, not {v.type}", "type")
                return None
            parts.append(f"{c.text(key)}: {v.code}")
    lowest = spec.get("best") == "lowest"
    return [f"_finish(G, {{{', '.join(parts)}}}, {lowest}, {bool(spec.get('draw'))})"]


# ---- runtime primitives ----------------------------------------------------------------

@primitive
def _mark(G, what, mark):
    """reveal (``up``), conceal (``down``) or hide (clear the mark) a card or cards:
    ``G.mark`` (a ``revealed`` event for cards turned face up)."""
    G.mark(what, mark)


@primitive
def _show(G, what, owner=None):
    """show: the cards are shown once to every seat (a ``shown`` event; no lasting mark).
    ``owner``: the seat whose zone they are in, named in the event's text."""
    G.show(what, owner)


@primitive
def _out(G, s):
    """out: the seat leaves the game and is appended to ``out_order`` (an ``out`` event)."""
    G.put_out(s)


@primitive
def _new_hand(G):
    """new_hand: the next hand of a match (see
    :meth:`rulekit.lang.state_api.GameStateAPI.new_hand`)."""
    G.new_hand()


@primitive
def _set_dealer(G, s):
    """set: dealer = S (a seat of this game; ValueError otherwise)."""
    if s.__class__ is not int or not 0 <= s < G.n:
        raise ValueError(f"set: dealer = {_fmt(s) if s is not None else 'null'}: not a seat "
                         f"of this game (0 to {G.n - 1})")
    G.set_dealer(s)


@primitive
def _announce(G, text, said=None):
    """announce: an ``announced`` event with the filled-in ``text`` and, as ``said``,
    the text as the ruleset writes it (``seat {w} wins``)."""
    G.emit({"kind": "announced", "text": text, "said": said})


@primitive
def _end_game(G, loser):
    """end_game: {loser: S}: status finished, ``loser`` last and every other seat tied
    first (an ``ended`` event); the effects that follow are skipped. A loser that is
    not a seat is the ruleset's error."""
    if loser.__class__ is not int or not 0 <= loser < G.n:
        raise ValueError(f"end_game: the loser {outcome.shown(loser)} is not a seat of this "
                         f"game (0 to {G.n - 1})")
    _finished(G, outcome.places(G.n, loser=loser), None,
              alone=outcome.single({"loser": loser}, False) if G.n == 1 else None)


@primitive
def _finish(G, given: dict, lowest: bool, draw: bool):
    """end_game in any other form (``given``: form name -> value, see
    :func:`rulekit.outcome.places`): every seat placed, status finished (an ``ended``
    event), the effects that follow skipped. Values that do not place every seat
    once are the ruleset's error (OutcomeError, a ValueError)."""
    scores = given.get("scores")
    if "teams" in given:
        _finish_teams(G, given, lowest, draw)
    if scores is not None:
        scores = outcome.check_scores(G.n, scores)
    forms = {k: v for k, v in given.items() if k != "scores"}
    if "loser" in forms and forms["loser"] is None:
        raise outcome.OutcomeError("end_game: the loser is null, not a seat")
    if "winner" in forms and forms["winner"] is None:
        raise outcome.OutcomeError("end_game: the winner is null, not a seat")
    for key in ("winners", "losers", "ranking"):
        if key in forms and forms[key] is None:
            raise outcome.OutcomeError(f"end_game: {key} is null, not a list of seats")
    if forms or draw:
        groups = outcome.places(G.n, lowest=lowest, draw=draw, **forms)
    else:
        groups = outcome.places(G.n, scores=scores, lowest=lowest)
    alone = outcome.single(given, draw) if G.n == 1 else None
    _finished(G, groups, scores, alone=alone, lowest=lowest)


def _finish_teams(G, given: dict, lowest: bool, draw: bool):
    teams = outcome.check_teams(G.n, given["teams"])
    forms = {k: v for k, v in given.items() if k not in ("scores", "teams")}
    for key, v in forms.items():
        if v is None:
            raise outcome.OutcomeError(f"end_game: {key} is null, not a team number"
                                       f"{'' if key in ('loser', 'winner') else 's'}")
    scores = given.get("scores")
    groups = outcome.team_places(G.n, teams, scores=None if forms or draw else scores,
                                 lowest=lowest, draw=draw, **forms)
    seat_scores = None if scores is None else outcome.team_scores(G.n, teams, scores)
    alone = outcome.single({k: v for k, v in given.items() if k != "teams"}, draw) \
        if G.n == 1 else None
    _finished(G, groups, seat_scores, teams, alone, lowest)


def _finished(G, groups: list, scores, teams=None, alone=None, lowest=False) -> None:
    fn = G.rules.returns_fn
    returns = None
    if fn is not None:                  # the ruleset's own returns: one number per seat
        returns = []
        for s in range(G.n):
            try:
                r = fn(G, {"seat": s})
            except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as exc:
                raise RulesetFault(f"returns: for seat {s}: {failure_words(exc)}") from None
            if isinstance(r, bool) or not isinstance(r, (int, float)):
                raise RulesetFault(f"returns: for seat {s} it gives {outcome.shown(r)}, "
                                   "not a number")
            returns.append(r)
    G.finish(outcome.make(groups, scores, returns, teams, alone, lowest))
    raise GameOver()


@primitive
def _heuristic_value(value, L: dict, phase: str):
    """The value of phase ``phase``'s ``heuristic`` for the seat ``L["seat"]``; raises
    RulesetFault (the ruleset's error, named) unless it is a number."""
    if value.__class__ is int or value.__class__ is float:
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RulesetFault(f"the heuristic of phase {phase}: for seat {L.get('seat')} it "
                           f"gives {outcome.shown(value)}, not a number")
    return value


@primitive
def _fmt(value) -> str:
    """How an announcement shows a value: cards as text, lists space-separated, null '-'."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return " ".join(_fmt(v) for v in value)
    return str(value)
