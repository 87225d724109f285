"""Built-in functions of the expression language: generic card-game vocabulary.

Each built-in has a signature (parameter types, result type), a one-line description
and an example; ``rulekit/expressions.py`` checks calls against the signature at
compile time and emits a direct call of the implementation below.

Types: ``card``; ``cards`` (a list of cards; a zone stands for the cards it holds, in
zone order); ``play`` (a list of cards put down together); ``seat``, ``rank`` and
``int`` (whole numbers: a rank is its index in ``cards.ranks``, lowest 0); ``suit``
and ``str`` (text); ``bool``; ``list`` (any list); ``fn`` (``x -> expr``); ``any``.

Implementations that need the game take the state ``G`` as first argument
(``state=True``); the compiler passes it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .domains import DOMAIN_BUILTINS



@dataclass(frozen=True)
class Builtin:
    """A built-in function: ``params`` types, ``result`` type, ``impl``, docs."""
    name: str
    params: tuple
    result: str
    impl: Callable
    doc: str
    example: str
    state: bool = False
    inline: str | None = None     # code template compiled in place of a call ({0}, {1})
    items: str | None = None      # the type of the items of a list result, when known
    zone_aware: bool = False      # compiled by the expression compiler from the zone's `top`


REGISTRY: dict[str, Builtin] = {}


def builtin(params: str, result: str, doc: str, example: str, state: bool = False,
            name: str | None = None, items: str | None = None):
    """Register the decorated function as a built-in named ``name`` (default: its own);
    ``items``: the type of the items of its list result, when known (``seat``)."""
    def wrap(fn):
        key = name or fn.__name__.rstrip("_")
        REGISTRY[key] = Builtin(key, tuple(params.split()) if params else (), result, fn,
                                doc, example, state, items=items)
        return fn
    return wrap


def compiled_builtin(name: str, params: str, result: str, doc: str, example: str,
                     inline: str | None = None, zone_aware: bool = False) -> None:
    """Register a built-in that the expression compiler writes in place (no function):
    ``inline`` is a code template of the arguments; ``zone_aware`` ones read the zone."""
    REGISTRY[name] = Builtin(name, tuple(params.split()), result, None, doc, example,
                             inline=inline, zone_aware=zone_aware)


# ---- cards -----------------------------------------------------------------------------
# rank(c) and suit(c) read the ruleset's tables (_RANK, _SUIT in the generated code's
# namespace), compiled in place.

compiled_builtin("rank", "card", "rank", "the card's rank as its index in cards.ranks (lowest "
                 "0); null for null", "rank(first(hand[actor])) >= rank(top(trick))",
                 inline="_RANK.get({0})")
compiled_builtin("suit", "card", "suit", "the card's suit letter; null for null",
                 "suit(c) == trump", inline="_SUIT.get({0})")

# pile ends read the zone's `top` key, so the compiler writes them per zone
compiled_builtin("top", "cards", "card", "the card at the pile's top end (zone key `top`; a "
                 "list's last item); null if empty", "top(stock)", zone_aware=True)
compiled_builtin("bottom", "cards", "card", "the card at the pile's bottom end; null if empty",
                 "bottom(trick)", zone_aware=True)
compiled_builtin("top_n", "cards int", "cards", "the n cards at the pile's top end, in zone "
                 "order", "top_n(stock, 10)", zone_aware=True)


@builtin("str", "card", "the card a text names ('QS', '10h'); a text that names no card of "
         "the pack is an error when the ruleset is checked", "card('QS') in hand[actor]",
         state=True)
def card(G, text):
    return G.rules.parse_card(text)


@builtin("card", "str", "the card's rank as written in cards.ranks ('T', 'A', '7')",
         "rank_name(c) == 'A'", state=True)
def rank_name(G, c):
    r = G.rules.rank_of.get(c)
    return None if r is None else G.rules.ranks[r]


@builtin("cards", "card", "the card of highest rank (the first such in list order; cards "
         "without a rank, the extra cards, are left out); null if none", "highest(hand[s])",
         state=True)
def highest(G, cs):
    return _by_rank(G, cs, max)


@builtin("cards", "card", "the card of lowest rank (the first such in list order; cards "
         "without a rank, the extra cards, are left out); null if none", "lowest(p)",
         state=True)
def lowest(G, cs):
    return _by_rank(G, cs, min)


def _by_rank(G, cs, pick):
    """``pick`` (max or min) of the cards of ``cs`` that have a rank, by rank; or None."""
    r = G.rules.cards.ranked
    ranked = [c for c in cs if c in r] if len(r) < len(G.rules.rank_of) else cs
    return pick(ranked, key=r.__getitem__) if ranked else None


@builtin("card", "str", "the card's face: its text without the copy mark ('QS' for QS#2, "
         "'JK' for JK#2), the same for every copy of a card", "face(c) == 'JK'", state=True)
def face(G, c):
    return G.rules.cards.face_of.get(c) if c.__class__ is str else None


@builtin("cards", "cards", "the cards sorted by rank, lowest first (suit order breaks ties)",
         "by_rank(hand[actor])", state=True)
def by_rank(G, cs):
    key = G.rules.card_order
    return sorted(cs, key=key.__getitem__)


@builtin("cards", "list", "each card as a one-card play", "singles(hand[actor])")
def singles(cs):
    return [[c] for c in cs]


@builtin("cards int", "list",
         "every run of n or more cards of one suit in consecutive rank order, each ascending",
         "runs(hand[actor], 2)", state=True)
def runs(G, cs, n):
    rules = G.rules
    by_suit: dict = {}
    for c in cs:
        by_suit.setdefault(rules.suit_of[c], []).append(c)
    by_suit.pop(None, None)                 # extra cards have no suit: in no run
    out = []
    rank_of = rules.rank_of
    for suit_cards in by_suit.values():
        if len(suit_cards) < n:
            continue
        suit_cards.sort(key=rank_of.__getitem__)
        # split into maximal stretches of consecutive ranks (a second copy of a rank,
        # from another pack, is skipped: a run takes the first copy in the list's order)
        stretch = [suit_cards[0]]
        stretches = []
        for c in suit_cards[1:]:
            if rank_of[c] == rank_of[stretch[-1]]:
                continue
            if rank_of[c] == rank_of[stretch[-1]] + 1:
                stretch.append(c)
            else:
                stretches.append(stretch)
                stretch = [c]
        stretches.append(stretch)
        for st in stretches:
            for i in range(len(st)):
                for j in range(i + n, len(st) + 1):
                    out.append(st[i:j])
    return out


@builtin("cards", "cards",
         "the bottom run of a pile: its first card and each next card that continues the same "
         "suit in consecutive rank", "bottom_run(trick)", state=True)
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


# ---- tagged zones ----------------------------------------------------------------------

@builtin("card", "seat", "the seat that put the card on the tagged zone it lies in; null if untagged",
         "hand[seat_of(c)]", state=True)
def seat_of(G, c):
    t = G.tags.get(c)
    return t[0] if t else None


@builtin("card", "int", "the play number the card got on its tagged zone (1, 2, ...); null if untagged",
         "play_of(c) > start", state=True)
def play_of(G, c):
    t = G.tags.get(c)
    return t[1] if t else None


@builtin("card", "str", "the kind the card was moved with (`as 'KIND'`; default 'play')",
         "kind_of(c) == 'play'", state=True)
def kind_of(G, c):
    t = G.tags.get(c)
    return t[2] if t else None


@builtin("cards", "list", "the cards grouped by play number, oldest first (untagged cards alone)",
         "count(plays_in(trick))", state=True)
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
         "last_play(trick)", state=True)
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


# ---- lists -----------------------------------------------------------------------------

compiled_builtin("count", "list", "int", "number of items", "count(hand[s])",
                 inline="len({0})")
compiled_builtin("empty", "list", "bool", "true if there are no items", "empty(stock)",
                 inline="(not {0})")


@builtin("list", "any", "the first item, null if none", "first(seats_in())")
def first(xs):
    return xs[0] if xs else None


@builtin("list", "any", "the last item, null if none", "last(plays_in(trick))")
def last(xs):
    return xs[-1] if xs else None


@builtin("list int", "any", "item i (0-based; negative counts from the end), null if none",
         "at(trick, -2)")
def at(xs, i):
    try:
        return xs[i]
    except (IndexError, TypeError):
        return None


@builtin("list", "list", "all items but the first", "rest(queue)", items="same")
def rest(xs):
    return xs[1:]


@builtin("list int", "list", "the items from index n on", "drop(trick, round_start)",
         items="same")
def drop(xs, n):
    return xs[n:]


@builtin("list int", "list", "the first n items", "take(stock, 3)", name="take", items="same")
def take_(xs, n):
    return xs[:n]


@builtin("list", "list", "the items in reverse order", "reverse(seats_in())", items="same")
def reverse(xs):
    return xs[::-1]


@builtin("list", "list", "a list of lists joined into one list", "flatten(plays_in(trick))")
def flatten(xss):
    return [x for xs in xss for x in xs]


@builtin("list any", "int", "position of x in the list, null if absent", "index_of(queue, s)")
def index_of(xs, x):
    try:
        return xs.index(x)
    except ValueError:
        return None


@builtin("list fn", "bool", "f holds for some item", "any(hand[s], c -> suit(c) == trump)")
def any_(xs, f):
    return any(f(x) for x in xs)


@builtin("list fn", "bool", "f holds for every item", "all(p, c -> suit(c) == 'H')")
def all_(xs, f):
    return all(f(x) for x in xs)


@builtin("list fn", "list", "the items for which f holds, in order",
         "filter(trick, c -> rank(c) == 12)", items="same")
def filter_(xs, f):
    return [x for x in xs if f(x)]


@builtin("list fn", "list", "f of each item, in order", "map(round, c -> seat_of(c))")
def map_(xs, f):
    return [f(x) for x in xs]


@builtin("list fn", "any", "the first item with the largest f, null if none",
         "max_by(trick, c -> rank(c))")
def max_by(xs, f):
    best, best_v = None, None
    for x in xs:
        v = f(x)
        if best_v is None or v > best_v:
            best, best_v = x, v
    return best


@builtin("list fn", "any", "the first item with the smallest f, null if none",
         "min_by(trick, c -> rank(c))")
def min_by(xs, f):
    best, best_v = None, None
    for x in xs:
        v = f(x)
        if best_v is None or v < best_v:
            best, best_v = x, v
    return best


@builtin("list fn", "int", "the sum of f over the items (0 if none)",
         "sum_of(hand[s], c -> rank(c))")
def sum_of(xs, f):
    return sum(f(x) for x in xs)


@builtin("list fn", "int", "the largest f over the items, null if none",
         "max_of(trick, c -> rank(c))")
def max_of(xs, f):
    return max((f(x) for x in xs), default=None)


@builtin("list fn", "int", "the smallest f over the items, null if none",
         "min_of(trick, c -> rank(c))")
def min_of(xs, f):
    return min((f(x) for x in xs), default=None)


@builtin("int int", "int", "the larger of two numbers", "max(0, 3 - count(hand[s]))")
def max_(a, b):
    return a if a >= b else b


@builtin("int int", "int", "the smaller of two numbers", "min(3 - count(hand[s]), count(stock))")
def min_(a, b):
    return a if a <= b else b


# ---- seats -----------------------------------------------------------------------------

@builtin("", "list", "every seat 0..n-1", "seats()", state=True, items="seat")
def seats(G):
    return list(range(G.n))


@builtin("", "list", "the seats still in the game, in seat order", "count(seats_in())",
         state=True, items="seat")
def seats_in(G):
    inp = G.inplay
    return [s for s in range(G.n) if inp[s]]


@builtin("seat", "bool", "true if the seat is still in the game", "is_in(s)", state=True)
def is_in(G, s):
    return s is not None and G.inplay[s]


@builtin("seat", "list",
         "the seats still in, clockwise starting at s (s first if still in)",
         "seats_from(left_of(dealer))", state=True, items="seat")
def seats_from(G, s):
    n, inp = G.n, G.inplay
    return [(s + i) % n for i in range(n) if inp[(s + i) % n]]


@builtin("seat", "seat", "the next seat clockwise after s that is still in the game; "
         "s itself if nobody else is", "left_of(actor)", state=True)
def left_of(G, s):
    n, inp = G.n, G.inplay
    for i in range(1, n + 1):
        t = (s + i) % n
        if inp[t]:
            return t
    return None


@builtin("seat", "seat", "the seat directly clockwise after s, in or out", "next_seat(dealer)",
         state=True)
def next_seat(G, s):
    return (s + 1) % G.n


# the built-ins that make choice domains (numbers, suits, ranks, combinations, subsets)
for _fn, _params, _result, _doc, _example, _state, _items in DOMAIN_BUILTINS:
    builtin(_params, _result, _doc, _example, state=_state, items=_items)(_fn)
