"""Effects that move cards: move, deal, shuffle, and their runtime primitives."""
from __future__ import annotations

from ...randomness import shuffle
from .registry import EXPR, PRIMITIVES, TEXT, cards_or_card, effect, primitive

# ---- moving cards ----------------------------------------------------------------------

@effect("move", "move: CARDS to ZONE [at PLACE] [by SEAT] [as KIND]", TEXT,
        "move: X to Z [at P] [by S] [as 'K']",
        "move a card, a list of cards or a whole zone (in its order) onto zone `Z`'s top "
        "end, or `at bottom` under its bottom end, `at N` with N cards of the zone above "
        "them (`at 0` is the top; N from 0 to the zone's count), or `at random` at a "
        "place drawn from the game's seeded random source (every place, top and bottom "
        "included, equally likely); the cards keep their order. On a tagged zone they "
        "get one new play number, seat `S` (default `actor`) and kind `K`; moving "
        "anything but cards of the pack stops the game",
        "move: top(stock) to trick",
        explain=lambda item, v: f"move {v}",
        words="move {what} to {to}[, at {at}][, played by {by}][, as a {as}]", parts="move_stmt")
def _c_move(c, path, item, scope):
    p = path + ("move",)
    tree = c.stmt(p, "move_stmt")
    if tree is None:
        return None
    what = c.sub(p, tree.what, scope)
    dest = c.sub(p, tree.to, scope)
    at = _at(c, p, tree.at, scope)
    by = c.sub(p, tree.by, scope, "seat") if tree.by is not None else None
    kind = tree.as_.value if tree.as_ is not None else "play"
    if what is None or dest is None or at is False:
        return None
    if dest.zone is None:
        c.err(p, f"move: the destination must be a zone (like hand[actor]), not {dest.type}",
              "type")
        return None
    if not cards_or_card(what):
        c.err(p, f"move: can only move a card, cards or a zone, not {what.type}", "type")
        return None
    decl, seat_code = dest.zone
    c.use_zone(decl.name)
    args = (f"{what.code}, {seat_code or 'None'}, {by.code if by else 'None'}, "
            f"{c.text(kind)}")
    if at is not None:                   # a place other than the top: the general mover
        return [f"_move(G, {what.code}, {c.text(decl.name)}, {seat_code or 'None'}, "
                f"{by.code if by else 'None'}, {c.text(kind)}, {at})"]
    mover = f"_move_to_{decl.name}"
    if mover not in c.ns:
        c.ns[mover] = mover_to(decl, frozenset(k for k, z in c.zones.items() if z.tagged))
    return [f"{mover}(G, {args})"]


def _at(c, p, tree, scope):
    """The code of a move's place (``at``, a syntax node): None for the top (no ``at``),
    'bottom', 'random', or a whole number's code; False after reporting an error."""
    if tree is None:
        return None
    if tree.kind == "name":
        word = tree.name
        if word in ("bottom", "random") and not any(
                word in names for names in (c.vars, c.definitions, scope.locals,
                                            scope.pylocals, scope.bound)):
            return f"_AT_{word.upper()}"
    n = c.sub(p, tree, scope, "int")
    if n is not None and n.type == "null":
        c.err(p, "move: at null: give a whole number of cards, bottom or random", "type")
        return False
    return False if n is None else f"_at_count({n.code})"


def _explain_deal(item, v) -> str:
    each = f"{v['each']} card(s) each" if "each" in v else "all the cards"
    who = (f"to the seats {v['seats']} in that order" if "seats" in v else
           f"clockwise from {v.get('first', 'left_of(dealer)')}")
    return f"deal {each} from {v['from']} into {v['to']}, one at a time, {who}"


@effect("deal", "deal: {from, to, each, first, seats, short}",
        {"type": "object", "additionalProperties": False, "required": ["from", "to"],
         "properties": {"from": EXPR, "to": TEXT, "each": EXPR, "first": EXPR,
                        "seats": EXPR, "short": {"type": "boolean"}}},
        "deal: {from, to, each, first, seats, short}",
        "one card at a time from the top of `from` into per-seat zone `to`, round after "
        "round: clockwise over the seats still in starting at `first` (default: left of "
        "the dealer), or in the order of the list `seats`; `each` cards per seat, or "
        "(without `each`) until `from` is empty. `from` running out before every seat has "
        "`each` stops the game, unless `short: true` says a short deal is fine",
        "deal: {from: deck, to: hand, each: 3}", explain=_explain_deal,
        words="deal [{each} cards each|all the cards] from {from} into the seats' {to}, one "
        "at a time[, to {seats} in that order|, clockwise from {first}|, clockwise from the "
        "dealer's left][ (a short deal is fine{short})]", parts="mapping")
def _c_deal(c, path, item, scope):
    spec = item["deal"]
    p = path + ("deal",)
    src = c.expr(p + ("from",), scope)
    if "each" in spec and not c.not_negative(p + ("each",), "deal: each"):
        return None
    each = c.expr(p + ("each",), scope, "int") if "each" in spec else None
    first = c.expr(p + ("first",), scope, "seat") if "first" in spec else None
    order = c.expr(p + ("seats",), scope, "list") if "seats" in spec else None
    to = spec["to"]
    decl = c.zones.get(to)
    if decl is None and c.broken(("zones", str(to))):
        return None                     # its zone was left out: reported already
    if decl is None or decl.per != "seat":
        c.err(p + ("to",), f"deal: 'to' must name a per-seat zone, not '{to}'"
              + c.suggest(str(to), [z for z, d in c.zones.items() if d.per == "seat"]))
        return None
    if "first" in spec and "seats" in spec:
        c.err(p + ("seats",), "deal: give `first` (clockwise over the seats still in) or "
              "`seats` (this order), not both")
        return None
    if src is None or any(k in spec and v is None for k, v in
                          (("each", each), ("first", first), ("seats", order))):
        return None
    if src.zone is None:
        c.err(p + ("from",), "deal: 'from' must be a zone")
        return None
    c.use_zone(to)
    short = spec.get("short") is True
    count = _constant(c, spec.get("each"))
    if each is not None and not short and src.zone[0].name == "deck" and count is not None:
        need, have = count * c.players[1], len(c.cards.pack)
        defn = ("definitions", str(spec["each"]).strip())
        where = c.src.pos(defn) if isinstance(spec["each"], str) and c.src.pos(defn) \
            else c.src.pos(p + ("each",))   # the definition the count comes from, if any
        if need > have:             # the whole pack at the most players: too few cards
            c.sink.warning(where, f"deal: {count} cards each for "
                           f"{c.players[1]} players need {need} cards, but the pack has "
                           f"{have}: the game stops when the deck runs out (write short: "
                           "true if a short deal is fine)", "short-deal")
    if order is not None:
        seats_code = order.code
    else:
        seats_code = f"_B_seats_from(G, {first.code if first else '_B_left_of(G, G.dealer)'})"
    each_code = each.code if each is not None else "None"
    return [f"_deal(G, {src.code}, {c.text(src.zone[0].name)}, {c.text(to)}, {each_code}, "
            f"{seats_code}, {short})"]


def _constant(c, value):
    """``value`` as a whole number when it is one, or names a definition without
    parameters whose value is one (``hand_size: 3``); else None."""
    if isinstance(value, str):
        body = (c.data.get("definitions") or {}).get(value.strip())
        value = body.get("value") if isinstance(body, dict) else body
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@effect("shuffle", "shuffle: ZONE", TEXT, "shuffle: Z",
        "shuffle a zone with the game's seeded random source", "shuffle: stock",
        explain=lambda item, v: f"shuffle {v}",
        words="shuffle {value}")
def _c_shuffle(c, path, item, scope):
    z = c.expr(path + ("shuffle",), scope)
    if z is None:
        return None
    if z.zone is None:
        c.err(path + ("shuffle",), "shuffle: give a zone")
        return None
    return [f"_shuffle(G, {z.code})"]


# ---- runtime primitives (called from generated code; G is the game state) ------------------

@primitive
class _Place:
    """The places ``at bottom`` and ``at random`` of a move (not values a ruleset can
    write any other way)."""
    __slots__ = ("word",)

    def __init__(self, word: str):
        self.word = word


_AT_BOTTOM, _AT_RANDOM = _Place("bottom"), _Place("random")
PRIMITIVES.update(_AT_BOTTOM=_AT_BOTTOM, _AT_RANDOM=_AT_RANDOM)   # generated code's names


@primitive
def _at_count(n):
    """``at N``: N itself, a whole number (ValueError for null, true, text, ...)."""
    if n.__class__ is not int:
        raise ValueError(f"move: at {_shown(n)}: give a whole number of cards, bottom or "
                         "random")
    return n


@primitive
def _move(G, what, zname, seat, by, kind, at=None):
    """move: WHAT to ZONE [at PLACE] [by SEAT] [as KIND]. ``what`` is a card, a list of
    cards, or a whole zone (every card, in zone order); null moves nothing. Moved cards
    keep their order and go on the destination's top end, or ``at`` its ``"bottom"``,
    ``"random"`` (one draw from the game's random source: a place from 0 to the
    count, 0 the top) or a whole number of cards below the top (ValueError outside 0
    to the count, counted before the move); on a tagged zone they all get one new play
    number, the seat ``by`` (default: the actor) and the kind. Face marks clear. Emits
    a ``moved`` event."""
    if what is None:
        return
    if what.__class__ is str:
        cards = [what]
    else:
        cards = list(what)
        if not cards:
            return
    rules = G.rules
    decl = rules.zones[zname]
    z = G.z
    dest = z[zname][seat] if seat is not None else z[zname]
    if G._where_shared:                 # shared with a copy (clone): copied first
        G.where, G._where_shared = G.where.copy(), False
    where, marks, tags = G.where, G.marks, G.tags
    for c in cards:
        if c.__class__ is not str or c not in where:
            raise ValueError(_not_a_card(c))
    if len(cards) > 1 and len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise ValueError(f"move: {twice} is listed twice (a card is in one place)")
    here = (zname, seat)
    if at is not None:
        at = _place(G, at, dest, cards)
    G.events.append(("moved", cards, here, G.actions, G.phase))   # (rulekit.events)
    loc = where[cards[0]]
    src = z[loc[0]] if loc[1] is None else z[loc[0]][loc[1]]
    if src is what and src is not dest:
        # a whole zone: off it at once (its cards, their tags and marks with them)
        src.clear()
        if loc[0] in rules.tagged_zones:
            for c in cards:
                tags.pop(c, None)
        if marks:
            for c in cards:
                if c in marks:
                    del marks[c]
        where.update(dict.fromkeys(cards, here))
    else:
        tagged = rules.tagged_zones
        for c in cards:         # off the zone it is in, its tag and face mark with it
            zn, s = where[c]
            (z[zn][s] if s is not None else z[zn]).remove(c)
            if zn in tagged:
                tags.pop(c, None)
            if c in marks:
                del marks[c]
            where[c] = here
    if at is not None:                  # below the top: ``at`` cards stay above them
        i = at if decl.top == "first" else len(dest) - at
        dest[i:i] = cards
    elif decl.top == "first":
        dest[:0] = cards
    else:
        dest.extend(cards)
    if decl.see == "all":
        G.surfaced.extend(cards)
    if decl.tagged:
        num = G.playno.get(here, 0) + 1
        G.playno[here] = num
        tag = (by if by is not None else G.actor, num, kind)
        for c in cards:
            tags[c] = tag


def _place(G, at, dest: list, cards: list) -> int:
    """How many cards of ``dest`` stay above the moved ``cards`` (those of ``cards``
    already in ``dest`` not counted): ``at`` is "bottom", "random" or a whole number
    from 0 to that count; ValueError for any other."""
    moving = set(cards)
    count = sum(1 for c in dest if c not in moving) if moving & set(dest) else len(dest)
    if at is _AT_BOTTOM:
        return count
    if at is _AT_RANDOM:
        return G.rng.randrange(count + 1)
    if at.__class__ is not int or not 0 <= at <= count:
        other = " other" if moving & set(dest) else ""
        raise ValueError(f"move: at {_shown(at)}: the zone holds {count}{other} card"
                         f"{'' if count == 1 else 's'} (at takes 0 to {count}, bottom or "
                         "random)")
    return at


def _shown(x) -> str:
    return "null" if x is None else repr(x) if isinstance(x, (int, str)) and \
        not isinstance(x, bool) else type(x).__name__


def _not_a_card(x) -> str:
    shown = x if isinstance(x, (str, int)) else type(x).__name__
    return f"move: {shown!r} is not a card of the pack (zones hold cards only)"


def mover_to(decl, tagged_zones: frozenset):
    """``_move`` into the zone ``decl`` as a function of its own (``move(G, what, seat,
    by, kind)``), the zone's ``top``, ``see`` and ``tagged`` read once, and one card
    moved without making lists; the same effect as ``_move(G, what, decl.name, ...)``."""
    zname, top_first = decl.name, decl.top == "first"
    see_all, tagged = decl.see == "all", decl.tagged

    game_here = (zname, None)     # (a zone per game: one place)

    def move(G, what, seat, by, kind):
        if what.__class__ is not str:
            if what.__class__ is list and len(what) == 1 and what[0].__class__ is str:
                what = what[0]            # a one-card play moves as its card
            else:
                return _move(G, what, zname, seat, by, kind)
        if G._where_shared:
            G.where, G._where_shared = G.where.copy(), False
        z, where = G.z, G.where
        loc = where.get(what)
        if loc is None:
            raise ValueError(_not_a_card(what))
        here = game_here if seat is None else (zname, seat)
        G.events.append(("moved1", what, here, G.actions, G.phase))
        zn, s = loc
        (z[zn] if s is None else z[zn][s]).remove(what)
        tags = G.tags
        if zn in tagged_zones:
            tags.pop(what, None)
        marks = G.marks
        if marks and what in marks:
            del marks[what]
        where[what] = here
        dest = z[zname] if seat is None else z[zname][seat]
        if top_first:
            dest.insert(0, what)
        else:
            dest.append(what)
        if see_all:
            G.surfaced.append(what)
        if tagged:
            playno = G.playno
            num = playno[here] = playno.get(here, 0) + 1
            tags[what] = (by if by is not None else G.actor, num, kind)
    move.__name__ = move.__qualname__ = f"_move_to_{zname}"
    return move


@primitive
def _deal(G, src, src_name, to, each, seats, short=False):
    """deal: one card at a time from the top of ``src`` to each seat of ``seats`` in
    turn, round after round, until each has received ``each`` (None: until ``src`` is
    empty) or ``src`` runs out: which stops the game (ValueError) unless ``short``."""
    decl = G.rules.zones[src_name]
    seats = list(seats)
    if not seats:
        return
    if each is not None and each < 0:
        raise ValueError(f"deal: each {each}: a count may not be negative")
    if each is not None and not short and len(src) < each * len(seats):
        raise ValueError(f"deal: {each} cards each for {len(seats)} seats need "
                         f"{each * len(seats)}, but {src_name} holds {len(src)} (write "
                         "short: true if a short deal is fine)")
    rounds = each if each is not None else (len(src) + len(seats) - 1) // len(seats)
    for _ in range(rounds):
        for s in seats:
            if not src:
                return
            _move(G, src[0] if decl.top == "first" else src[-1], to, s, None, "play")


@primitive
def _shuffle(G, cards):
    """shuffle: the zone's cards in a new order from the game's seeded random source."""
    shuffle(G.rng, cards)
