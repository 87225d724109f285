"""The game's seeded random source: how rulekit shuffles, and a source whose draws an
outside chooser answers.

:func:`shuffle` is the Fisher-Yates shuffle of CPython's ``random.Random.shuffle`` (as
of Python 3.11), written out with ``getrandbits`` bound once instead of a method call
per card: the same random source in the same state gives the same order and leaves the
source in the same state, about twice as fast. Owning it keeps records exact whatever a
later Python's ``random.shuffle`` does (``tests/test_randomness.py`` holds both to the
same results).

:class:`Chance` is the hook for tools that choose the game's luck themselves (the
OpenSpiel bridge makes each draw a chance node): every draw the engine makes (a
shuffle, card by card; a number below ``n``, such as the dealer draw or a card put
``at: random``) is asked of its ``choose`` function. A game given no such source pays
one class comparison per shuffle.
"""
from __future__ import annotations

import random

from .limits import MAX_INT_DIGITS


# (position, positions left, bits drawn) of each swap of a shuffle, last position first
_SWAPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(1, 4096))


def shuffle(rng: random.Random, cards: list) -> None:
    """Shuffle the list ``cards`` in place with ``rng`` (a ``random.Random``): the order
    ``rng.shuffle(cards)`` gives. A subclass of ``random.Random`` (such as
    :class:`Chance`) shuffles with its own ``shuffle``."""
    if rng.__class__ is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    if len(cards) <= len(_SWAPS) + 1:       # the swaps' figures from a table
        swaps = _SWAPS[len(cards) - 2::-1] if len(cards) > 1 else ()
    else:
        swaps = ((i, i + 1, (i + 1).bit_length()) for i in range(len(cards) - 1, 0, -1))
    for i, n, k in swaps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


class Chance(random.Random):
    """A random source whose every draw ``choose`` answers.

    ``choose(options)`` is called with either a whole number ``n`` >= 2 (a number from
    0 to n - 1 is wanted: ``randrange``, ``randint``, ``choice`` ...) or a list of two
    or more items (the next item of a shuffled order is wanted, out of those left) and
    returns a whole number: the number drawn, or the index of the chosen item in the
    list. A draw with one possible result is not asked. ``shuffle(x)`` asks for the
    item of each position in turn, first to last, among the items not yet placed.
    ``random()`` and ``getrandbits()`` (draws with no finite list of results) raise
    NotImplementedError; a bad answer of ``choose`` raises ValueError.
    """

    def __init__(self, choose):
        super().__init__(0)
        self.choose = choose

    def _randbelow(self, n: int) -> int:
        if n <= 1:
            return 0
        return self._answer(n, n)

    def _answer(self, options, n: int) -> int:
        k = self.choose(options)
        if k.__class__ is not int or not 0 <= k < n:
            raise ValueError(f"a chance choice must be a whole number from 0 to {n - 1}, "
                             f"not {k!r}")
        return k

    def shuffle(self, x) -> None:
        """Put ``x`` (a list) in the order ``choose`` picks, position by position."""
        for i in range(len(x) - 1):
            left = x[i:]
            j = i + self._answer(left, len(left))
            x[i], x[j] = x[j], x[i]

    def random(self):
        raise NotImplementedError("a Chance source answers draws from a finite list only")

    def getrandbits(self, k):
        raise NotImplementedError("a Chance source answers draws from a finite list only")

    def fork(self) -> "Chance":
        """A copy that asks the same ``choose`` (what a copy of a game draws from)."""
        return Chance(self.choose)


def seed_problem(seed) -> str | None:
    """Why ``seed`` is not a game's seed, in words (``must be a whole number from 0 to
    999999999999, not -1``), or None for a seed: a whole number (not a bool) from 0 below
    ``10 ** MAX_INT_DIGITS``. Python's ``random.Random(-1)`` is ``Random(1)``: a
    negative seed would deal another seed's game, so none is taken."""
    top = 10 ** MAX_INT_DIGITS - 1
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= top:
        shown = repr(seed) if not isinstance(seed, int) or isinstance(seed, bool) else \
            (str(seed) if len(str(seed)) <= 20 else f"a number of {len(str(abs(seed)))} digits")
        return f"must be a whole number from 0 to {top}, not {shown[:40]}"
    return None
