"""The built-ins that make choice domains: ``numbers``, ``suits``, ``ranks`` (the items
of typed choices) and ``combinations``, ``subsets`` (several cards in one choice, their
listing bounded by :data:`rulekit.limits.MAX_CHOICES`); and ``value`` (a card's value
from the pack's ``values`` table). :mod:`.builtins` registers
them from :data:`DOMAIN_BUILTINS`."""
from __future__ import annotations

import itertools
import math

from ..limits import MAX_CHOICES

MAX_NUMBERS = 1000


def numbers(a, b):
    if a is None or b is None:
        raise TypeError("numbers: a bound is null")
    if b - a >= MAX_NUMBERS:
        raise ValueError(f"numbers({a}, {b}): more than {MAX_NUMBERS} numbers")
    return list(range(a, b + 1))


def suits(G):
    return list(G.rules.suits)


def ranks(G):
    return list(range(len(G.rules.ranks)))


def value(G, c):
    if c is None:
        return None
    v = G.rules.cards.value_of.get(c) if c.__class__ is str else None
    if v is None:
        raise ValueError(f"value: {c!r} is not a card of the pack")
    return v


def combinations(cs, k):
    return _choices(cs, k, k, f"combinations(..., {k})")


def subsets(cs, lo, hi):
    return _choices(cs, lo, hi, f"subsets(..., {lo}, {hi})")


def _choices(cs, lo, hi, what: str) -> list:
    """Every choice of ``lo`` to ``hi`` of the cards ``cs`` (fewest first, each in list
    order, as lists); ValueError for more than MAX_CHOICES of them."""
    if lo is None or hi is None:
        raise TypeError(f"{what}: a count is null")
    cs = list(cs)
    lo, hi = max(lo, 0), min(hi, len(cs))
    total = sum(math.comb(len(cs), k) for k in range(lo, hi + 1))
    if total > MAX_CHOICES:
        raise ValueError(f"{what} of {len(cs)} cards: {total} choices, more than "
                         f"{MAX_CHOICES}; offer one card per decision instead")
    return [list(p) for k in range(lo, hi + 1) for p in itertools.combinations(cs, k)]


# (function, parameter types, result type, doc, example, reads the state, item type,
# words: how a call reads in English, sighted: reads of the state only the pack's
# tables; see rulekit.lang.functions)
DOMAIN_BUILTINS = [
    (numbers, "int int", "list", f"the whole numbers from a to b, both included, ascending "
     f"(at most {MAX_NUMBERS} of them)", "numbers(1, 7)", False, "int",
     "the whole numbers from {0} to {1}", False),
    (suits, "", "list", "the suits of the pack, in cards.suits order", "suits()", True,
     "suit", "the suits", True),
    (ranks, "", "list", "the ranks of the pack as numbers (0 the lowest), ascending",
     "ranks()", True, "rank", "the ranks", True),
    (value, "card", "int", "the card's value in cards.values (its own, else its rank's, "
     "else its suit's, else 0); null for null", "sum_of(taken[s], c -> value(c))", True, None,
     "the value of {0}", True),
    (combinations, "cards int", "list", f"every choice of k of the cards (each a play, its "
     f"cards in list order; at most {MAX_CHOICES} of them)", "combinations(hand[actor], 3)",
     False, "play", "every choice of {1} cards from {0}", False),
    (subsets, "cards int int", "list", f"every choice of lo to hi of the cards, fewest "
     f"first (each a play; at most {MAX_CHOICES} of them)", "subsets(hand[actor], 1, 3)",
     False, "play", "every choice of {1} to {2} cards from {0}", False),
]
