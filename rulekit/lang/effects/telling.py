"""Effects on what seats see and know, and on the seats: reveal, conceal, hide, show,
out, announce, end_game."""
from __future__ import annotations

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
        explain=lambda item, v: f"turn {v} face up for everyone")
def _c_reveal(c, path, item, scope):
    return _c_marks(c, path, scope, "reveal", "up")


@effect("conceal", "conceal: CARDS", TEXT, "", "", "",
        explain=lambda item, v: f"turn {v} face down for everyone")
def _c_conceal(c, path, item, scope):
    return _c_marks(c, path, scope, "conceal", "down")


@effect("hide", "hide: CARDS", TEXT, "", "", "",
        explain=lambda item, v: f"clear the face-up marks of {v}")
def _c_hide(c, path, item, scope):
    return _c_marks(c, path, scope, "hide", None)


@effect("show", "show: CARDS", TEXT, "show: X",
        "show cards once to every seat (an event; no lasting mark)", "show: hand[s]",
        explain=lambda item, v: f"show {v} to everyone once")
def _c_show(c, path, item, scope):
    v = c.expr(path + ("show",), scope)
    if v is None:
        return None
    owner = v.zone[1] if v.zone is not None and v.zone[1] is not None else "None"
    return [f"_show(G, {v.code}, {owner})"]


# ---- seats and the end ---------------------------------------------------------------------

@effect("out", "out: SEAT", TEXT, "out: S",
        "the seat leaves the game; appended to `out_order`", "out: actor",
        explain=lambda item, v: f"{v} leaves the game")
def _c_out(c, path, item, scope):
    v = c.expr(path + ("out",), scope, "seat")
    return None if v is None else [f"_out(G, {v.code})"]


@effect("announce", "announce: TEXT", TEXT, "announce: TEXT",
        "an event for transcripts; each `{expr}` is filled in", 'announce: "seat {w} wins"',
        explain=lambda item, v: f'announce "{v}"')
def _c_announce(c, path, item, scope):
    p = path + ("announce",)
    text = item["announce"]
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
            c.err(p, "announce: '{' without a closing '}'", "expr-syntax", offset=j)
            return None
        inner = c.inner_expr(p, text[j + 1:k], j + 1, scope)
        if inner is None:
            ok = False
        else:
            parts.append(f"_fmt({inner.code})")
        i = k + 1
    if not ok:
        return None
    return ["_announce(G, " + (" + ".join(parts) or "''") + ")"]


@effect("end_game", "end_game: {loser: SEAT}",
        {"type": "object", "additionalProperties": False, "required": ["loser"],
         "properties": {"loser": EXPR}},
        "end_game: {loser: S}", "the game is finished with this loser; nothing after it "
        "runs", "end_game: {loser: first(seats_in())}",
        explain=lambda item, v: f"the game ends: {v.get('loser')} loses", ends_game=True)
def _c_end_game(c, path, item, scope):
    p = path + ("end_game", "loser")
    literal = c.literal(p)
    if literal is None or (isinstance(literal, int) and not 0 <= literal < c.players[1]):
        c.err(p, f"end_game: the loser must be a seat (0 to {c.players[1] - 1}), not "
              f"{'null' if literal is None else literal}", "type")
        return None
    loser = c.expr(p, scope, "seat")
    return None if loser is None else [f"_end_game(G, {loser.code})"]


# ---- runtime primitives ----------------------------------------------------------------

@primitive
def _mark(G, what, mark):
    """reveal (``up``), conceal (``down``) or hide (clear the mark) a card or cards;
    emits a ``revealed`` event for cards turned face up."""
    if what is None:
        return
    cards = [what] if what.__class__ is str else list(what)
    for c in cards:
        if mark is None:
            G.marks.pop(c, None)
        else:
            G.marks[c] = mark
    if mark == "up" and cards:
        G.surfaced.extend(cards)
        G.emit({"kind": "revealed", "cards": cards})


@primitive
def _show(G, what, owner=None):
    """show: the cards are shown once to every seat (a ``shown`` event; no lasting mark).
    ``owner``: the seat whose zone they are in, named in the event's text."""
    if what is None:
        return
    cards = [what] if what.__class__ is str else list(what)
    if not cards:
        return
    who = f"seat {owner} shows" if owner is not None else "shown to all:"
    G.public.update(cards)
    G.emit({"kind": "shown", "cards": cards, "seat": owner,
            "text": f"{who} {' '.join(cards)}"})


@primitive
def _out(G, s):
    """out: the seat leaves the game and is appended to ``out_order`` (an ``out`` event)."""
    if G.inplay[s]:
        G.inplay[s] = False
        G.out_order.append(s)
        G.emit({"kind": "out", "seat": s})


@primitive
def _announce(G, text):
    """announce: an ``announced`` event with the filled-in text."""
    G.emit({"kind": "announced", "text": text})


@primitive
def _end_game(G, loser):
    """end_game: status finished, ``loser`` recorded (an ``ended`` event); the effects
    that follow are skipped. A loser that is not a seat is the ruleset's error."""
    if loser.__class__ is not int or not 0 <= loser < G.n:
        raise ValueError(f"end_game: the loser {_fmt(loser)} is not a seat of this game")
    G.loser = loser
    G.status = "finished"
    G.emit({"kind": "ended", "loser": loser})
    raise GameOver()


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
