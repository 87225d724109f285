"""The fast paths of moving cards: per-zone movers and dealers (the state API's
``zone_mover`` and ``zone_dealer``, which :class:`~rulekit.runtime.changes.Changes`
gives), each the same change as :meth:`~rulekit.runtime.changes.Changes.move` of
each card in turn, with the zone's keys read once when the ruleset is compiled."""
from __future__ import annotations


def zone_mover(decl, tagged_zones: frozenset, top_zones: frozenset = frozenset()):
    """See :meth:`rulekit.lang.state_api.GameStateAPI.zone_mover`: ``move`` onto the
    top of zone ``decl``, the zone's ``top``, ``see`` and ``tagged`` read once, one
    card moved without making lists."""
    zname, top_first = decl.name, decl.top == "first"
    see_all, tagged = decl.see == "all" or decl.see == "top", decl.tagged
    game_here = (zname, None)     # (a zone per game: one place)
    def move(G, what, seat, by, kind):
        if what.__class__ is not str:
            if what.__class__ is list and len(what) == 1 and what[0].__class__ is str:
                what = what[0]            # a one-card play moves as its card
            else:
                return G.move(what, zname, seat, by, kind)
        if G._where_shared:
            G.where, G._where_shared = G.where.copy(), False
        z, where = G.z, G.where
        loc = where.get(what)
        if loc is None:
            raise ValueError(_not_a_card(what))
        here = game_here if seat is None else (zname, seat)
        log = G.log
        if log is not None:
            log.append(("moved1", what, here, G.actions, G.phase))
        zn, s = loc
        src = z[zn] if s is None else z[zn][s]
        src.remove(what)
        if top_zones and src and zn in top_zones:   # its new top card is seen by all
            G.surfaced.append(src[0] if G.rules.zones[zn].top == "first" else src[-1])
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

def zone_dealer(decl, tagged_zones: frozenset, top_zones: frozenset = frozenset()):
    """See :meth:`rulekit.lang.state_api.GameStateAPI.zone_dealer`: a deal into zone
    ``decl`` in one pass (its cards off the source at once, each seat's cards onto
    its list at once, their places, events and ``surfaced`` in the deal's order);
    card by card with the zone's mover where one pass could differ: a tagged zone
    (each card its play number), a source that shows its top card (each card
    uncovers the next), a source that is one of the zone's lists, a seat listed
    twice or not a seat of the zone."""
    zname, top_first = decl.name, decl.top == "first"
    see_all = decl.see == "all" or decl.see == "top"
    mover = zone_mover(decl, tagged_zones, top_zones)
    one_pass = not decl.tagged

    def deal(G, src, first, seats, rounds):
        k = len(seats)
        if not src or not k:
            return
        lists = G.z[zname]
        loc = G.where.get(src[0] if first else src[-1])
        if one_pass and loc is not None and loc[0] != zname and \
                loc[0] not in top_zones and len(set(seats)) == k and \
                all(s.__class__ is int and 0 <= s < len(lists) for s in seats):
            zn, s = loc
            if (G.z[zn] if s is None else G.z[zn][s]) is src:
                return _one_pass(G, src, first, seats, rounds * k, zname, top_first,
                                 see_all, zn in tagged_zones)
        for _ in range(rounds):             # card by card (see above)
            for s in seats:
                if not src:
                    return
                mover(G, src[0] if first else src[-1], s, None, "play")
    deal.__name__ = deal.__qualname__ = f"_deal_to_{zname}"
    return deal


def _one_pass(G, src: list, first: bool, seats: list, total: int, zname: str,
              top_first: bool, see_all: bool, src_tagged: bool) -> None:
    """A deal's moves of the top ``total`` cards of ``src`` (fewer when it holds fewer;
    ``first``: its top is its first card) to the lists of zone ``zname`` of ``seats``
    in turn, in one pass: the change of moving each card in turn with the zone's mover
    (:func:`zone_dealer` says when it may be used)."""
    if G._where_shared:
        G.where, G._where_shared = G.where.copy(), False
    n = len(src)
    count = total if total < n else n
    if first:
        cards = src[:count]
        del src[:count]
    else:
        cards = src[n - count:]
        cards.reverse()
        del src[n - count:]
    k = len(seats)
    places = [(zname, s) for s in seats]
    log = G.log
    if log is not None:                     # the moves' events, in the deal's order
        actions, phase = G.actions, G.phase
        log.extend([("moved1", c, places[i % k], actions, phase)
                    for i, c in enumerate(cards)])
    if src_tagged:
        tags = G.tags
        for c in cards:
            tags.pop(c, None)
    marks = G.marks
    if marks:
        for c in cards:
            if c in marks:
                del marks[c]
    where, lists = G.where, G.z[zname]
    for j in range(k if count > k else count):
        got = cards[j::k]
        where.update(dict.fromkeys(got, places[j]))
        dest = lists[seats[j]]
        if top_first:                       # each card onto the top: the last on top
            got.reverse()
            dest[:0] = got
        else:
            dest.extend(got)
    if see_all:
        G.surfaced.extend(cards)


def _not_a_card(x) -> str:
    shown = x if isinstance(x, (str, int)) else type(x).__name__
    return f"move: {shown!r} is not a card of the pack (zones hold cards only)"
