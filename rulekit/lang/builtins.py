"""Built-in functions of the expression language: generic card-game vocabulary.

Each built-in has a signature (parameter types, result type), a one-line description,
an example and its words (how a call reads in English; :mod:`.functions` holds the
registry and says how); ``rulekit/lang/expressions.py`` checks calls against the
signature at compile time and emits a direct call of the implementation below. The
list built-ins are in :mod:`.lists`, the choice-domain ones in :mod:`.domains`.

Types: ``card``; ``cards`` (a list of cards; a zone stands for the cards it holds, in
zone order); ``play`` (a list of cards put down together); ``seat``, ``rank`` and
``int`` (whole numbers: a rank is its index in ``cards.ranks``, lowest 0); ``suit``
and ``str`` (text); ``bool``; ``list`` (any list); ``fn`` (``x -> expr``); ``any``.

Implementations that need the game take the state ``G`` as first argument
(``state=True``); the compiler passes it.
"""
from __future__ import annotations

from itertools import chain, compress, filterfalse

from .domains import DOMAIN_BUILTINS
from .functions import REGISTRY, Builtin, builtin, compiled_builtin  # noqa: F401 (the registry's home)


# ---- cards -----------------------------------------------------------------------------
# rank(c) and suit(c) read the ruleset's tables (_RANK, _SUIT in the generated code's
# namespace), compiled in place.

compiled_builtin("rank", "card", "rank", "the card's rank as its index in cards.ranks (lowest "
                 "0); null for null", "rank(first(hand[actor])) >= rank(top(trick))",
                 inline="_RANK.get({0})",
                 words="the rank of {0}", pack="rank")
compiled_builtin("suit", "card", "suit", "the card's suit letter; null for null",
                 "suit(c) == trump", inline="_SUIT.get({0})",
                 words="the suit of {0}", pack="suit")

# pile ends read the zone's `top` key, so the compiler writes them per zone
compiled_builtin("top", "cards", "card", "the card at the pile's top end (zone key `top`; a "
                 "list's last item); null if empty", "top(stock)", zone_aware=True,
                 words="the top card of {0}")
compiled_builtin("bottom", "cards", "card", "the card at the pile's bottom end; null if empty",
                 "bottom(trick)", zone_aware=True,
                 words="the bottom card of {0}")
compiled_builtin("top_n", "cards int", "cards", "the n cards at the pile's top end, in zone "
                 "order", "top_n(stock, 10)", zone_aware=True,
                 words="the top {1} cards of {0}")


@builtin("str", "card", "the card a text names ('QS', '10h'); a text that names no card of "
         "the pack is an error when the ruleset is checked", "card('QS') in hand[actor]",
         state=True, sighted=True,
         words="{0}")
def card(G, text):
    return G.rules.parse_card(text)


@builtin("card", "str", "the card's rank as written in cards.ranks ('T', 'A', '7')",
         "rank_name(c) == 'A'", state=True, sighted=True, pack="rank_name",
         words="the rank of {0}")
def rank_name(G, c):
    r = G.rules.rank_of.get(c)
    return None if r is None else G.rules.ranks[r]


@builtin("cards", "card", "the card of highest rank (the first such in list order; cards "
         "without a rank, the extra cards, are left out); null if none", "highest(hand[s])",
         state=True, sighted=True,
         words="the highest card of {0}")
def highest(G, cs):
    return _by_rank(G, cs, max)


@builtin("cards", "card", "the card of lowest rank (the first such in list order; cards "
         "without a rank, the extra cards, are left out); null if none", "lowest(p)",
         state=True, sighted=True,
         words="the lowest card of {0}")
def lowest(G, cs):
    return _by_rank(G, cs, min)


def _by_rank(G, cs, pick):
    """``pick`` (max or min) of the cards of ``cs`` that have a rank, by rank; or None."""
    r = G.rules.cards.ranked
    ranked = [c for c in cs if c in r] if len(r) < len(G.rules.rank_of) else cs
    return pick(ranked, key=r.__getitem__) if ranked else None


@builtin("card", "str", "the card's face: its text without the copy mark ('QS' for QS#2, "
         "'JK' for JK#2), the same for every copy of a card", "face(c) == 'JK'", state=True,
         sighted=True, pack="face",
         words="the face of {0}")
def face(G, c):
    return G.rules.cards.face_of.get(c) if c.__class__ is str else None


@builtin("cards", "cards", "the cards sorted by rank, lowest first (suit order breaks ties)",
         "by_rank(hand[actor])", state=True, sighted=True,
         words="{0} sorted by rank")
def by_rank(G, cs):
    key = G.rules.card_order
    return sorted(cs, key=key.__getitem__)


@builtin("cards", "list", "the cards in groups of one rank, lowest rank first, each group in "
         "the cards' order (cards without a rank, the extra cards, are left out)",
         "max_of(rank_groups(hand[actor]), g -> count(g))", state=True, sighted=True,
         words="{0} in groups of one rank")
def rank_groups(G, cs):
    rank_of = G.rules.rank_of.get
    groups: dict = {}
    for c in cs:
        r = rank_of(c)
        if r is not None:
            groups.setdefault(r, []).append(c)
    return [groups[r] for r in sorted(groups)]


@builtin("cards", "list", "each card as a one-card play", "singles(hand[actor])",
         words="each card of {0} alone")
def singles(cs):
    return [[c] for c in cs]


@builtin("cards int", "list",
         "every run of n or more cards of one suit in consecutive rank order, each ascending",
         "runs(hand[actor], 2)", state=True, sighted=True,
         words="the runs of {1} or more cards of one suit in {0}")
def runs(G, cs, n):
    up = G.rules.next_up
    if up is None or n.__class__ is not int or n < 2 or cs.__class__ is not list:
        return runs_by_suit(G, cs, n)   # copies; runs of one card; not a plain list
    ups = list(map(up.__getitem__, cs))     # (a bad item fails first, as in runs_by_suit)
    if not ups:
        return []
    held = set(cs)
    linked = list(compress(cs, map(held.__contains__, ups)))    # (its next card is held)
    if not linked:
        return []                       # the usual hand: no two cards in a row
    # a stretch starts at a linked card whose own predecessor is not held
    seconds = set(map(up.__getitem__, linked))
    starts = list(dict.fromkeys(filterfalse(seconds.__contains__, linked)))
    if len(starts) > 1:                 # the order of runs_by_suit: suits by their
        suit_of, rank_of = G.rules.suit_of, G.rules.rank_of     # first card in cs,
        first = {s: i for i, s in enumerate(dict.fromkeys(map(suit_of.__getitem__, cs)))}
        starts.sort(key=lambda c: (first[suit_of[c]], rank_of[c]))     # then rank
    out = []
    for c in starts:
        stretch = [c]
        c = up[c]
        while c in held:
            stretch.append(c)
            c = up[c]
        last = len(stretch)
        for i in range(last - n + 1):
            out += [stretch[i:j] for j in range(i + n, last + 1)]
    return out


def runs_by_suit(G, cs, n):
    """``runs`` by sorting each suit's cards (any pack, copies included): the same
    runs in the same order."""
    rules = G.rules
    suit_of, rank_of = rules.suit_of, rules.rank_of
    by_suit: dict = {}
    for c in cs:
        s = suit_of[c]
        if s in by_suit:
            by_suit[s].append(c)
        else:
            by_suit[s] = [c]
    by_suit.pop(None, None)                 # extra cards have no suit: in no run
    out = []
    for suit_cards in by_suit.values():
        if len(suit_cards) < n:
            continue
        suit_cards.sort(key=rank_of.__getitem__)
        # maximal stretches of consecutive ranks (a second copy of a rank, from another
        # pack, is skipped: a run takes the first copy in the list's order); each run
        # of n or more cards of a stretch, by its first card then its length
        stretch, prev = [], None
        for c in suit_cards + [None]:
            r = rank_of[c] if c is not None else None
            if r == prev and c is not None:
                continue
            if c is None or (prev is not None and r != prev + 1):
                last = len(stretch)
                for i in range(min(last, last - n + 1)):
                    out += [stretch[i:j] for j in range(i + n, last + 1)]
                stretch = []
            stretch.append(c)
            prev = r
    return out


@builtin("cards", "cards",
         "the bottom run of a pile: its first card and each next card that continues the same "
         "suit in consecutive rank", "bottom_run(trick)", state=True, sighted=True,
         words="the run at the bottom of {0}")
def bottom_run(G, cs):
    if not cs:
        return []
    rank_of, suit_of = G.rules.rank_of, G.rules.suit_of
    out = [cs[0]]
    if rank_of[cs[0]] is None:              # an extra card: a run of its own
        return out
    for c in cs[1:]:
        if suit_of[c] == suit_of[out[-1]] and rank_of[c] == rank_of[out[-1]] + 1:
            out.append(c)
        else:
            break
    return out


# ---- piles and faces ------------------------------------------------------------------

@builtin("card", "zone", "the pile the card lies in: its zone, a seat's zone or a row's "
         "pile (a place to `move` to, a pile to compare or read); null for null. The "
         "rules read every card's pile, seen or not; a bot's copy of the game has each "
         "card its seat cannot see where the copy put it",
         "top(pile_of(c)) == c", state=True,
         words="the pile {0} lies in")
def pile_of(G, c):
    place = G.place_of(c)
    if place is None:
        return None
    z = G.z[place[0]]
    return z if place[1] is None else z[place[1]]


@builtin("card", "bool", "true if every seat sees the card where it lies: turned face up "
         "(`reveal`), or not turned face down (`conceal`) in a zone that shows it to all "
         "(`see: all`; `see: top` and it is the top card); false for null",
         "face_up(top(tableau[i]))", state=True,
         words="{0} is face up|{0} is face down")
def face_up(G, c):
    place = G.place_of(c)
    if place is None:
        return False
    mark = G.marks.get(c)
    if mark is not None:
        return mark == "up"
    decl = G.rules.zones[place[0]]
    if decl.see == "all":
        return True
    if decl.see != "top":
        return False
    z = G.z[place[0]]
    pile = z if place[1] is None else z[place[1]]
    return c == (pile[0] if decl.top == "first" else pile[-1])


# ---- tagged zones ----------------------------------------------------------------------

@builtin("card", "seat", "the seat that put the card on the tagged zone it lies in; null if untagged",
         "hand[seat_of(c)]", state=True, sighted=True,
         words="the seat that played {0}")
def seat_of(G, c):
    t = G.tags.get(c)
    return t[0] if t else None


@builtin("card", "int", "the play number the card got on its tagged zone (1, 2, ...); null if untagged",
         "play_of(c) > start", state=True, sighted=True,
         words="the play number of {0}")
def play_of(G, c):
    t = G.tags.get(c)
    return t[1] if t else None


@builtin("card", "str", "the kind the card was moved with (`as 'KIND'`; default 'play')",
         "kind_of(c) == 'play'", state=True, sighted=True,
         words="the kind of play {0} was")
def kind_of(G, c):
    t = G.tags.get(c)
    return t[2] if t else None


@builtin("cards", "list", "the cards grouped by play number, oldest first (untagged cards alone)",
         "count(plays_in(trick))", state=True, sighted=True,
         words="the plays on {0}")
def plays_in(G, cs):
    out: list = []
    last = object()
    tags = G.tags
    for c in cs:
        t = tags.get(c)
        key = t[1] if t else None
        if out and key is not None and key == last:
            out[-1].append(c)
        else:
            out.append([c])
        last = key
    return out


@builtin("cards", "play", "the most recent play still on a tagged pile (empty list if none)",
         "last_play(trick)", state=True, sighted=True,
         words="the last play on {0}")
def last_play(G, cs):
    if not cs:
        return []
    tags = G.tags
    t = tags.get(cs[-1])
    if not t:
        return [cs[-1]]
    i = len(cs) - 1
    while i > 0 and (tags.get(cs[i - 1]) or (None, None))[1] == t[1]:
        i -= 1
    return cs[i:]


# ---- seats -----------------------------------------------------------------------------

@builtin("", "list", "every seat 0..n-1", "seats()", state=True, sighted=True, items="seat",
         words="every seat")
def seats(G):
    return list(range(G.n))


@builtin("", "list", "the seats still in the game, in seat order", "count(seats_in())",
         state=True, sighted=True, items="seat",
         words="the seats still in")
def seats_in(G):
    return list(compress(range(G.n), G.inplay))


@builtin("", "list", "the seats that went out (`out:`), in the order they went out",
         "first(out_order()) == actor", state=True, sighted=True, items="seat",
         words="the seats in the order they went out")
def out_order(G):
    return G.out_order[:]


@builtin("seat", "bool", "true if the seat is still in the game", "is_in(s)", state=True,
         sighted=True,
         words="{0} is still in the game|{0} is out of the game")
def is_in(G, s):
    return s is not None and G.inplay[s]


@builtin("seat", "list",
         "the seats still in, clockwise starting at s (s first if still in)",
         "seats_from(left_of(dealer))", state=True, sighted=True, items="seat",
         words="the seats still in, clockwise from {0}")
def seats_from(G, s):
    n, inp = G.n, G.inplay
    if s.__class__ is int and 0 <= s < n:   # (a seat: the seats from it, in C)
        return list(compress(chain(range(s, n), range(s)), inp[s:] + inp[:s]))
    return [(s + i) % n for i in range(n) if inp[(s + i) % n]]


@builtin("seat", "seat", "the next seat clockwise after s that is still in the game; "
         "s itself if nobody else is", "left_of(actor)", state=True, sighted=True,
         words="the seat to the left of {0}")
def left_of(G, s):
    n, inp = G.n, G.inplay
    t = (s + 1) % n
    if inp[t]:                          # (the usual case: the next seat is in)
        return t
    for i in range(2, n + 1):
        t = (s + i) % n
        if inp[t]:
            return t
    return None


@builtin("seat", "seat", "the seat directly clockwise after s, in or out", "next_seat(dealer)",
         state=True, sighted=True,
         words="the seat after {0}")
def next_seat(G, s):
    return (s + 1) % G.n


from . import lists  # noqa: E402,F401 (registers the list built-ins)
from . import melds  # noqa: E402,F401 (registers best_melds and deadwood)

# the built-ins that make choice domains (numbers, suits, ranks, combinations, subsets)
for _fn, _params, _result, _doc, _example, _state, _items, _words, _sighted in DOMAIN_BUILTINS:
    builtin(_params, _result, _doc, _example, state=_state, items=_items, words=_words,
            sighted=_sighted)(_fn)
