"""Rows of piles in expressions (docs/language.md, "zones"): ``row[i]``, ``row[s]``
and ``row[s][i]`` compiled (:func:`row_index`), and the run-time helpers of generated
code: a pile of a row by its index, checked; a seat's row; a pile held as its
place, read as its cards; the ends of a pile known only at run time."""
from __future__ import annotations

from .codetree import call, fmt, lit, state
from .types import ExprError, Typed, compatible


def _slot(i, k: int, name: str) -> int:
    """The pile ``i`` of a row of ``k`` piles (``name``): ``i`` itself, checked
    (ValueError outside 0 to k-1)."""
    if i.__class__ is not int or not 0 <= i < k:
        raise ValueError(f"{name}[{'null' if i is None else i!r}]: the row has {k} piles, "
                         f"0 to {k - 1}")
    return i


def _seat_slot(G, s, i, k: int, name: str) -> int:
    """The slot of seat ``s``'s pile ``i`` of a row per seat of ``k`` piles each
    (``s * k + i``; ValueError for a seat not of game ``G`` or ``i`` outside 0 to
    k-1)."""
    if i.__class__ is not int or not 0 <= i < k:
        raise ValueError(f"{name}[{s!r}][{'null' if i is None else i!r}]: each seat's row "
                         f"has {k} piles, 0 to {k - 1}")
    if s.__class__ is not int or not 0 <= s < G.n:
        raise ValueError(f"{name}[{'null' if s is None else s!r}]: not a seat of this game")
    return s * k + i


def _row_of(piles: list, s, k: int, name: str) -> list:
    """Seat ``s``'s piles of a row per seat (``piles``: every seat's, flat; ``k``
    each): a new list of them (ValueError for a seat not of the game)."""
    if s.__class__ is not int or not 0 <= s * k < len(piles):
        raise ValueError(f"{name}[{'null' if s is None else s!r}]: not a seat of this game")
    return piles[s * k:(s + 1) * k]


def _pile_cards(G, ref):
    """The cards of pile ``ref`` (a local holding a pile: a ``PileRef``, its place) in
    game ``G``: the pile's own list; None for None."""
    return None if ref is None else ref.cards_in(G)


def _pile_end(G, which: str, cards, n=None):
    """``top``, ``bottom`` or ``top_n`` (``n`` cards) of ``cards``, a list met at run
    time: a zone's pile by its zone's ``top`` end, any other list by its last item."""
    if cards is None:
        return None if which != "top_n" else []
    place = G.pile_place(cards)
    first = place is not None and G.rules.zones[place[0]].top == "first"
    if which == "top_n":
        return cards[:n] if first else cards[-n or len(cards):]
    if not cards:
        return None
    return cards[0] if (which == "top") == first else cards[-1]


def row_index(ctx, t, base, idx) -> Typed:
    """``row[i]`` (a pile of a row of the game, ``i`` from 0), ``row[s]`` (seat
    ``s``'s piles of a row per seat) or ``row[s][i]`` (one of them)."""
    decl = base.row
    name, k = decl.name, decl.row
    if decl.per == "seat" and base.row_seat is None:
        if not compatible(idx.type, "seat"):
            raise ExprError(f"'{name}' is a row per seat: index it with a seat first, "
                            f"not {idx.type}", t.index.start, "type")
        return Typed(call("_row_of", [base.code, idx.code, lit(str(k), k),
                                      ctx.const(name)]),
                     "list", items="place", row=decl, row_seat=idx.code)
    if not compatible(idx.type, "int"):
        raise ExprError(f"a pile of the row '{name}' is chosen by a whole number "
                        f"(0 to {k - 1}), not {idx.type}", t.index.start, "type")
    if base.row_seat is None:
        slot = call("_slot", [idx.code, lit(str(k), k), ctx.const(name)])
    else:
        slot = call("_seat_slot", [base.row_seat, idx.code, lit(str(k), k),
                                   ctx.const(name)], state=True)
    read = fmt("index", "{}[{}]", state(f"G.z[{name!r}]", "z", name), slot)
    return Typed(read, "zone", zone=(decl, slot))


def pile_end(name: str, args: list, tops_first, const) -> Typed:
    """``top``, ``bottom`` or ``top_n`` (``name``) of the compiled ``args`` (a zone or a
    pile, and for ``top_n`` a number): read at the zone's end where its declaration
    says, or, for a pile known only at run time (where some zone's top is its first
    card: ``tops_first()``), by the run-time helper that asks the pile's zone.
    ``const(value)``: the code of a constant."""
    z = args[0]
    if z.zone is None and (z.pile or (z.type == "any" and tops_first())):
        extra = [args[1].code] if len(args) > 1 else []
        return Typed(call("_pile_end", [const(name), z.code] + extra, state=True),
                     "card" if name in ("top", "bottom") else "cards")
    top_first = z.zone is not None and z.zone[0].top == "first"
    if name == "top":
        return Typed(call("_B_first" if top_first else "_B_last", [z.code]), "card")
    if name == "bottom":
        return Typed(call("_B_last" if top_first else "_B_first", [z.code]), "card")
    n = args[1].code
    if top_first:
        return Typed(fmt("slice", "{}[:{}]", z.code, n), "cards")
    return Typed(fmt("slice", "{}[-({}) or {}:]", z.code, n, call("len", [z.code])), "cards")
