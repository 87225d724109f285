"""The best split of a hand into melds (sets and runs) and the deadwood left, for the
rummy family: ``best_melds(cards, f)`` and ``deadwood(cards, f)``.

A *set* is 3 or 4 cards of one rank; a *run* is 3 or more cards of one suit in
consecutive rank order (the order of ``cards.ranks``: a pack that lists ``A`` first has
aces low, and ranks never wrap around). Cards without a rank (the extra cards, jokers)
are in no meld. ``f`` gives each card's deadwood value (``c -> min(rank(c) + 1, 10)``);
the best split is the one whose cards left out (the deadwood) have the smallest total
value; among splits of equal value, the one that melds the most cards, then the first
in a fixed order (melds tried lowest card first), so the answer never depends on
chance.

The search is exact: every meld that can be made of the hand is listed, and a search
over the hand's cards, lowest first, either leaves the card out or puts it into one
of the melds that hold it, remembering the best answer for each set of cards still to
place (at most 2^n of them, far fewer in practice: a hand of 10 or 11 cards takes
well under a millisecond). Hands are limited to :data:`MAX_MELD_CARDS` cards.
"""
from __future__ import annotations

from itertools import combinations

from .functions import builtin

MAX_MELD_CARDS = 24         # cards a best_melds hand may hold


def _melds(G, cs: list) -> list:
    """Every meld of the cards ``cs`` (indexes into cs, as sorted tuples), each card
    used once: sets of 3 and 4 of a rank, runs of 3 or more of a suit."""
    rules = G.rules
    rank_of, suit_of = rules.rank_of, rules.suit_of
    by_rank: dict = {}
    by_suit: dict = {}
    for i, c in enumerate(cs):
        r = rank_of.get(c)
        if r is None:
            continue                        # an extra card: in no meld
        by_rank.setdefault(r, []).append(i)
        by_suit.setdefault(suit_of[c], {}).setdefault(r, i)   # one copy of a rank a run
    out = []
    for group in by_rank.values():
        for k in (3, 4):
            out += combinations(group, k) if len(group) >= k else []
    for ranks in by_suit.values():
        stretch: list = []
        for r in sorted(ranks):
            if stretch and r != stretch[-1][0] + 1:
                out += _runs_of(stretch)
                stretch = []
            stretch.append((r, ranks[r]))
        out += _runs_of(stretch)
    return [tuple(sorted(m)) for m in out]


def _runs_of(stretch: list) -> list:
    """Every run of 3 or more of a stretch of consecutive ranks ((rank, index) pairs)."""
    n = len(stretch)
    return [tuple(i for _, i in stretch[a:b]) for a in range(n) for b in range(a + 3, n + 1)]


def split(G, cs, f) -> tuple:
    """(the melds, the deadwood) of the best split of ``cs`` (see the module docstring):
    melds as lists of cards (a set in the hand's order, a run ascending), in the order of
    their first card in ``cs``; the deadwood in the hand's order. Raises ValueError for
    more than :data:`MAX_MELD_CARDS` cards or a value of ``f`` that is not a number."""
    cs = list(cs)
    n = len(cs)
    if n > MAX_MELD_CARDS:
        raise ValueError(f"best_melds: a hand of {n} cards; the limit is {MAX_MELD_CARDS}")
    values = []
    for c in cs:
        v = f(c)
        if v.__class__ is not int:
            raise ValueError(f"best_melds: the deadwood value of {c} is {v!r}, not a "
                             "whole number")
        values.append(v)
    holding = [[] for _ in range(n)]        # card index -> the melds (bit masks) with it
    for m in _melds(G, cs):
        mask = 0
        for i in m:
            mask |= 1 << i
        holding[m[0]].append((mask, m))
    memo: dict = {}

    def best(left: int):
        """(deadwood value, -cards melded, melds) for the cards of mask ``left``."""
        if not left:
            return (0, 0, ())
        got = memo.get(left)
        if got is not None:
            return got
        i = (left & -left).bit_length() - 1         # the lowest card still to place
        rest = best(left & ~(1 << i))
        answer = (rest[0] + values[i], rest[1], rest[2])    # card i left out
        for mask, m in holding[i]:
            if mask & left == mask:
                sub = best(left & ~mask)
                cand = (sub[0], sub[1] - len(m), (m,) + sub[2])
                if cand[:2] < answer[:2]:
                    answer = cand
        memo[left] = answer
        return answer

    _, _, chosen = best((1 << n) - 1)
    rank_of = G.rules.rank_of
    melds, used = [], set()
    for m in sorted(chosen):
        used.update(m)
        melds.append(sorted((cs[i] for i in m), key=rank_of.__getitem__)
                     if len({rank_of[cs[i]] for i in m}) > 1 else [cs[i] for i in m])
    return melds, [c for i, c in enumerate(cs) if i not in used]


@builtin("cards fn", "list", "the best split of the cards into melds, sets (3 or 4 of a "
         "rank) and runs (3 or more of a suit in consecutive rank order, in cards.ranks "
         "order: list A first for aces low; no wrapping), each a play: the split whose "
         "cards left out have the smallest total of f, the deadwood value of a card (then "
         "the most cards melded); exact, for a hand of at most 24 cards",
         "best_melds(hand[actor], c -> min(rank(c) + 1, 10))", state=True, sighted=True,
         items="play", words="the best melds of {0}, counting {1.body:bare} for each "
         "{1.x} left out")
def best_melds(G, cs, f):
    return split(G, cs, f)[0]


@builtin("cards fn", "cards", "the cards best_melds(cards, f) leaves out, in the cards' "
         "order (their value: sum_of(deadwood(cs, f), f))",
         "sum_of(deadwood(hand[s], c -> value(c)), c -> value(c))", state=True,
         sighted=True, words="the deadwood of {0}, counting {1.body:bare} for each {1.x}")
def deadwood(G, cs, f):
    return split(G, cs, f)[1]
