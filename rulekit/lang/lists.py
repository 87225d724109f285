"""The built-ins on lists: counting, picking items, the functions of ``x -> ...``
(``any``, ``all``, ``filter``, ``map``, ``max_by``, ...) and ``min``/``max``;
registered in :data:`rulekit.lang.functions.REGISTRY` when :mod:`.builtins` imports
this module."""
from __future__ import annotations

from .functions import builtin, compiled_builtin

# ---- lists -----------------------------------------------------------------------------

compiled_builtin("count", "list", "int", "number of items", "count(hand[s])",
                 inline="len({0})",
                 words="the number of {0:items}")
compiled_builtin("empty", "list", "bool", "true if there are no items", "empty(stock)",
                 inline="(not {0})",
                 words="{0} is empty|{0} is not empty")


@builtin("list", "any", "the first item, null if none", "first(seats_in())",
         words="the first of {0}")
def first(xs):
    return xs[0] if xs else None


@builtin("list", "any", "the last item, null if none", "last(plays_in(trick))",
         words="the last of {0}")
def last(xs):
    return xs[-1] if xs else None


@builtin("list int", "any", "item i (0-based; negative counts from the end), null if none",
         "at(trick, -2)",
         words="item {1} of {0}")
def at(xs, i):
    try:
        return xs[i]
    except (IndexError, TypeError):
        return None


@builtin("list", "list", "all items but the first", "rest(queue)", items="same",
         words="all but the first of {0}")
def rest(xs):
    return xs[1:]


@builtin("list int", "list", "the items from index n on", "drop(trick, round_start)",
         items="same",
         words="{0} after its first {1}")
def drop(xs, n):
    return xs[n:]


@builtin("list int", "list", "the first n items", "take(stock, 3)", name="take", items="same",
         words="the first {1} of {0}")
def take_(xs, n):
    return xs[:n]


@builtin("list", "list", "the items in reverse order", "reverse(seats_in())", items="same",
         words="{0} in reverse order")
def reverse(xs):
    return xs[::-1]


@builtin("list", "list", "a list of lists joined into one list (of a row of piles, or of "
         "plays: their cards)", "flatten(plays_in(trick))", items="flat",
         words="{0} joined into one list")
def flatten(xss):
    return [x for xs in xss for x in xs]


@builtin("list any", "int", "position of x in the list, null if absent", "index_of(queue, s)",
         words="the position of {1} in {0}")
def index_of(xs, x):
    try:
        return xs.index(x)
    except ValueError:
        return None


@builtin("list fn", "bool", "f holds for some item", "any(hand[s], c -> suit(c) == trump)",
         words="for some {1.x} in {0}, {1.body}|for no {1.x} in {0}, {1.body}")
def any_(xs, f):
    return any(f(x) for x in xs)


@builtin("list fn", "bool", "f holds for every item", "all(p, c -> suit(c) == 'H')",
         words="for every {1.x} in {0}, {1.body}|not for every {1.x} in {0}, {1.body}")
def all_(xs, f):
    return all(f(x) for x in xs)


@builtin("list fn", "list", "the items for which f holds, in order",
         "filter(trick, c -> rank(c) == 12)", items="same",
         words="each {1.x} in {0} for which {1.body}")
def filter_(xs, f):
    return [x for x in xs if f(x)]


@builtin("list fn", "list", "f of each item, in order", "map(round, c -> seat_of(c))",
         words="{1.body} for each {1.x} in {0}")
def map_(xs, f):
    return [f(x) for x in xs]


@builtin("list fn", "any", "the first item with the largest f, null if none",
         "max_by(trick, c -> rank(c))",
         words="the {1.x} in {0} with the largest {1.body:bare}")
def max_by(xs, f):
    best, best_v = None, None
    for x in xs:
        v = f(x)
        if best_v is None or v > best_v:
            best, best_v = x, v
    return best


@builtin("list fn", "any", "the first item with the smallest f, null if none",
         "min_by(trick, c -> rank(c))",
         words="the {1.x} in {0} with the smallest {1.body:bare}")
def min_by(xs, f):
    best, best_v = None, None
    for x in xs:
        v = f(x)
        if best_v is None or v < best_v:
            best, best_v = x, v
    return best


@builtin("list fn", "list", "the items in the order of their f, smallest first; items with "
         "equal f keep their order (f a number, or a list of numbers compared item by item)",
         "sort_by(players_left, s -> [score[s], s])", items="same",
         words="{0} in order of {1.body:bare}, smallest first")
def sort_by(xs, f):
    return sorted(xs, key=f)


@builtin("list fn", "list", "the items in groups of equal f, each group a list in the items' "
         "order; the groups in the order of their first item",
         "group_by(hand[actor], c -> suit(c))",
         words="{0} in groups of equal {1.body:bare}")
def group_by(xs, f):
    groups: dict = {}
    for x in xs:
        groups.setdefault(f(x), []).append(x)
    return list(groups.values())


@builtin("list fn", "int", "the sum of f over the items (0 if none)",
         "sum_of(hand[s], c -> rank(c))",
         words="the sum of {1.body} over each {1.x} in {0}")
def sum_of(xs, f):
    return sum(f(x) for x in xs)


@builtin("list fn", "int", "the largest f over the items, null if none",
         "max_of(trick, c -> rank(c))",
         words="the largest {1.body:bare} for any {1.x} in {0}")
def max_of(xs, f):
    return max((f(x) for x in xs), default=None)


@builtin("list fn", "int", "the smallest f over the items, null if none",
         "min_of(trick, c -> rank(c))",
         words="the smallest {1.body:bare} for any {1.x} in {0}")
def min_of(xs, f):
    return min((f(x) for x in xs), default=None)


@builtin("int int", "int", "the larger of two numbers", "max(0, 3 - count(hand[s]))",
         words="the larger of {0} and {1}")
def max_(a, b):
    return a if a >= b else b


@builtin("int int", "int", "the smaller of two numbers", "min(3 - count(hand[s]), count(stock))",
         words="the smaller of {0} and {1}")
def min_(a, b):
    return a if a <= b else b
