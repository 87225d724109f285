"""Effects that move cards: move, deal, shuffle, and their runtime primitives."""
from __future__ import annotations

from ..state_api import AT_BOTTOM, AT_RANDOM, Place
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
    if dest.zone is None and not dest.pile:
        c.err(p, f"move: the destination must be a zone (like hand[actor]), not {dest.type}",
              "type")
        return None
    if not cards_or_card(what):
        c.err(p, f"move: can only move a card, cards or a zone, not {what.type}", "type")
        return None
    if dest.zone is None:                # a pile known at run time (pile_of, a part)
        return [f"_move_onto(G, {what.code}, {dest.code}, {by.code if by else 'None'}, "
                f"{c.text(kind)}, {'None' if at is None else at})"]
    decl, seat_code = dest.zone
    c.use_zone(decl.name)
    args = (f"{what.code}, {seat_code or 'None'}, {by.code if by else 'None'}, "
            f"{c.text(kind)}")
    if at is not None:                   # a place other than the top: the general mover
        return [f"_move(G, {what.code}, {c.text(decl.name)}, {seat_code or 'None'}, "
                f"{by.code if by else 'None'}, {c.text(kind)}, {at})"]
    mover = f"_move_to_{decl.name}"
    if mover not in c.ns:
        make = getattr(c.state_api, "zone_mover", None) or generic_mover   # (the state's)
        c.ns[mover] = make(decl, frozenset(k for k, z in c.zones.items() if z.tagged),
                           frozenset(k for k, z in c.zones.items() if z.see == "top"))
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
    dealer = f"_deal_to_{to}"
    if dealer not in c.ns:               # the state's fast path of a deal into the zone
        make = getattr(c.state_api, "zone_dealer", None) or generic_dealer
        c.ns[dealer] = make(decl, frozenset(k for k, z in c.zones.items() if z.tagged),
                            frozenset(k for k, z in c.zones.items() if z.see == "top"))
    return [f"_deal(G, {src.code}, {c.text(src.zone[0].name)}, {c.text(to)}, {each_code}, "
            f"{seats_code}, {short}, {dealer})"]


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
    if z.zone is None and not z.pile:
        c.err(path + ("shuffle",), "shuffle: give a zone")
        return None
    return [f"_shuffle(G, {z.code})"]


# ---- runtime primitives (called from generated code; G is the game state) ------------------
# each changes the game only through rulekit.lang.state_api.GameStateAPI

PRIMITIVES.update(_Place=Place, _AT_BOTTOM=AT_BOTTOM, _AT_RANDOM=AT_RANDOM)  # generated code's names


@primitive
def _at_count(n):
    """``at N``: N itself, a whole number (ValueError for null, true, text, ...)."""
    if n.__class__ is not int:
        raise ValueError(f"move: at {_shown(n)}: give a whole number of cards, bottom or "
                         "random")
    return n


@primitive
def _move(G, what, zname, seat, by, kind, at=None):
    """move: WHAT to ZONE [at PLACE] [by SEAT] [as KIND]: ``G.move`` (see
    :meth:`rulekit.lang.state_api.GameStateAPI.move`)."""
    G.move(what, zname, seat, by, kind, at)


@primitive
def _move_onto(G, what, pile, by, kind, at=None):
    """move: WHAT to PILE, a pile known at run time (``pile_of(c)``, a chosen pile):
    ``G.move`` onto its place (ValueError when the list is no zone's pile)."""
    place = G.pile_place(pile)
    if place is None:
        raise ValueError(f"move: the destination {'null' if pile is None else 'list'} is "
                         "not a pile of a zone (a copy made by let, or a list built by "
                         "the rules, cannot be moved to)")
    G.move(what, place[0], place[1], by, kind, at)


def _shown(x) -> str:
    return "null" if x is None else repr(x) if isinstance(x, (int, str)) and \
        not isinstance(x, bool) else type(x).__name__


def generic_mover(decl, tagged_zones: frozenset, top_zones: frozenset = frozenset()):
    """``move`` onto the top of zone ``decl`` as a function ``(G, what, seat, by,
    kind)`` that calls ``G.move``: the fast path of any implementation of the API
    that has none of its own (see :meth:`rulekit.lang.state_api.GameStateAPI.
    zone_mover`)."""
    zname = decl.name

    def move(G, what, seat, by, kind):
        G.move(what, zname, seat, by, kind)
    move.__name__ = move.__qualname__ = f"_move_to_{zname}"
    return move


def generic_dealer(decl, tagged_zones: frozenset, top_zones: frozenset = frozenset()):
    """A deal into zone ``decl`` as a function ``(G, src, first, seats, rounds)`` that
    moves each card with ``G.move`` in turn: the fast path of any implementation of
    the API that has none of its own (see :meth:`rulekit.lang.state_api.
    GameStateAPI.zone_dealer`)."""
    zname = decl.name

    def deal(G, src, first, seats, rounds):
        for _ in range(rounds):
            for s in seats:
                if not src:
                    return
                G.move(src[0] if first else src[-1], zname, s, None, "play")
    deal.__name__ = deal.__qualname__ = f"_deal_to_{zname}"
    return deal


@primitive
def _deal(G, src, src_name, to, each, seats, short=False, dealer=None):
    """deal: one card at a time from the top of ``src`` to each seat of ``seats`` in
    turn, round after round, until each has received ``each`` (None: until ``src`` is
    empty) or ``src`` runs out: which stops the game (ValueError) unless ``short``.
    ``dealer``: the zone's dealer (:meth:`rulekit.lang.state_api.GameStateAPI.
    zone_dealer`, made when compiled), which makes the moves."""
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
    if dealer is None:                      # (no dealer given: the plain moves)
        zones = G.rules.zones
        dealer = generic_dealer(zones[to], frozenset(k for k, z in zones.items() if z.tagged))
    dealer(G, src, decl.top == "first", seats, rounds)


@primitive
def _shuffle(G, cards):
    """shuffle: the zone's cards in a new order from the game's seeded random source."""
    G.shuffle(cards)
