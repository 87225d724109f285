"""A choice in parts, as the model holds it (docs/language.md, "Choices in parts"):
each part (:class:`PartDef`) and the whole choice (:class:`Parts`) with its conditions.
The compiler makes them (rulekit.compiler.parts); the engine asks its questions about
them (rulekit.runtime.choices)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class PartDef:
    """One part of a choice in parts (docs/language.md, "Choices in parts"): ``name``
    (bound in ``legal``, ``so_far`` and ``do``), ``word`` (written before its value in
    the action's text, or None), ``form``: ``item`` (one item of a listed domain),
    ``set`` (a set of cards of ``combinations(Z, k)``/``subsets(Z, lo, hi)``, decided
    card by card) or ``amount`` (a whole number of ``numbers(lo, hi)``); ``kind`` what
    an item is (``card``, ``play`` or a typed choice: :data:`TYPED_CHOICES`; ``card`` for
    a set, ``int`` for an amount). Compiled functions of ``(G, L)``, ``L`` holding the
    parts before it: ``domain`` (an item part's items, a set part's cards), ``low`` and
    ``high`` (a set's sizes, an amount's range; None for an item part). ``domain_text``
    as written."""
    name: str
    word: str | None
    form: str
    kind: str
    domain: Callable | None
    low: Callable | None = None
    high: Callable | None = None
    domain_text: str = ""


@dataclass(frozen=True)
class Parts:
    """How an action decides in parts: its ``parts`` (a tuple of :class:`PartDef`), the
    ``so_far`` condition (``f(G, L)`` on a beginning of a choice, the later parts null,
    a set not begun ``[]``; None: none), the ``legal`` condition (on the complete
    choice; None: always), ``keep_order`` (a set's or play's cards in domain order in
    the text), and ``reads``: for each part, whether ``so_far`` or ``legal`` reads it
    (a part neither reads is counted in closed form). ``pre`` and ``post``: ``legal``
    split after its leading ``and``-ed conditions that name no part (``pre``, the same
    for every choice of a decision: evaluated once; None when there are none) and the
    rest (``post``; None: nothing left)."""
    parts: tuple
    so_far: Callable | None
    legal: Callable | None
    keep_order: bool = False
    reads: tuple = ()
    pre: Callable | None = None
    post: Callable | None = None

    def __post_init__(self):
        # derived once, when made (the model never changes after):
        # ``names``: the parts' names, in order; ``plain``: whether every part's value
        # goes into the conditions' locals as it is (no set, no play: no tuple to copy)
        object.__setattr__(self, "names", tuple(p.name for p in self.parts))
        object.__setattr__(self, "plain", all(p.form != "set" and p.kind != "play"
                                              for p in self.parts))


def bind_parts(defn, choice) -> dict:
    """The locals of a choice in parts' effects: each part's name bound to its value
    (a set or a play as a fresh list; a pile as its :class:`PileRef`, which the code
    reads as the pile's cards)."""
    return {p.name: list(v) if v.__class__ is tuple else v
            for p, v in zip(defn.parts.parts, choice)}
