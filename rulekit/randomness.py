"""The game's seeded random source: how rulekit shuffles.

:func:`shuffle` is the Fisher-Yates shuffle of CPython's ``random.Random.shuffle`` (as
of Python 3.11), written out with ``getrandbits`` bound once instead of a method call
per card: the same random source in the same state gives the same order and leaves the
source in the same state, about twice as fast. Owning it keeps records exact whatever a
later Python's ``random.shuffle`` does (``tests/test_randomness.py`` holds both to the
same results).
"""
from __future__ import annotations

import random


def shuffle(rng: random.Random, cards: list) -> None:
    """Shuffle the list ``cards`` in place with ``rng`` (a ``random.Random``): the order
    ``rng.shuffle(cards)`` gives."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
