"""The values a ruleset fixes, for the literal check of comparisons
(:mod:`.comparisons`): ``rank_name(c) == '10'`` in a pack that writes ``T`` is an error
when the ruleset is checked.

A :class:`Known` says which values something can take, in words. The pack fixes the
result of some built-ins: each declares its *pack domain* (``pack=`` in
:func:`rulekit.lang.functions.builtin`), one of :data:`PACK_DOMAINS`; an option's type
fixes an option's values (:meth:`rulekit.lang.options.OptionType.literal`).
"""
from __future__ import annotations

from typing import Callable, NamedTuple


class Known(NamedTuple):
    """The values something can take: ``test(value)`` is true for one of them; ``what``
    one of them is in words (``"a suit of this pack"``); ``has`` what there is (``"it
    has C D H S"``); ``values`` the values a close spelling is looked for among."""
    test: Callable
    what: str
    has: str
    values: list


def among(values, what: str, verb: str, sep: str = " ") -> Known:
    """Exactly one of ``values`` (the same value and type), listed after ``verb``."""
    values = list(values)
    return Known(lambda v: any(v == x and type(v) is type(x) for x in values), what,
                 f"{verb} {sep.join(str(v) for v in values)}", values)


def in_range(lo, hi, what: str) -> Known:
    """A whole number from ``lo`` to ``hi`` (either may be None: no bound)."""
    has = (f"it allows {lo} to {hi}" if lo is not None and hi is not None else
           f"it allows {lo} or more" if lo is not None else f"it allows {hi} or less")
    return Known(lambda v: isinstance(v, int) and (lo is None or v >= lo)
                 and (hi is None or v <= hi), what, has, [])


def pack_text(cards) -> str:
    """What the cards of the pack ``cards`` (:class:`rulekit.cards.Cards`) are, in words."""
    extra = f"; and {' '.join(cards.extra)}" if cards.extra else ""
    return (f"its cards are a rank ({' '.join(cards.ranks)}) then a suit "
            f"({' '.join(cards.suits)}){extra}")


def _ranks(cards) -> Known:
    n = len(cards.ranks)
    return Known(lambda v: isinstance(v, int) and 0 <= v < n, "a rank of this pack",
                 f"its ranks are 0 ({cards.ranks[0]}) to {n - 1} ({cards.ranks[-1]})", [])


def _faces(cards) -> Known:
    faces = list(dict.fromkeys(cards.face_of.values()))
    return Known(lambda v: v in faces, "a card of this pack", pack_text(cards), faces)


# pack domain -> the values of a built-in's result in a pack (``Cards`` -> Known):
# ``rank`` a rank index, ``rank_name`` a rank as written, ``suit`` a suit, ``face`` a
# card's face (its text without the copy mark)
PACK_DOMAINS: dict[str, Callable] = {
    "rank": _ranks,
    "rank_name": lambda cards: among(cards.ranks, "a rank name of this pack", "it has"),
    "suit": lambda cards: among(cards.suits, "a suit of this pack", "it has"),
    "face": _faces,
}
