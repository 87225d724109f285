"""Static types of the expression language, and what a compiled fragment carries.

Types: ``card``; ``cards`` (a list of cards; a zone stands for the cards it holds);
``play`` (cards put down together); ``seat``, ``rank`` and ``int`` (whole numbers);
``suit`` and ``str`` (text); ``bool``; ``list``; ``map`` (``{k: v, ...}``); ``fn``
(``x -> expr``); ``zone`` (a pile: a zone of one pile, a seat's, a row's; its cards);
``null``; ``any``. A list of a row's piles has items ``place`` (piles, each read as its
cards).
"""
from __future__ import annotations

from dataclasses import dataclass, field


NUMERIC = {"int", "seat", "rank"}
TEXT = {"str", "suit"}
LISTY = {"cards", "list", "play", "zone"}


def compatible(have: str, want: str) -> bool:
    """Whether a value of static type ``have`` may be used where ``want`` is expected."""
    if have == want or "any" in (have, want) or have == "null":
        return True
    if have in NUMERIC and want in NUMERIC:
        return True
    if have in TEXT and want in TEXT:
        return True
    if have in LISTY and want in LISTY:
        return True
    return False


def mismatch(have: str, want: str) -> str:
    """The message for a value of static type ``have`` where ``want`` is expected."""
    if want == "bool":
        return f"expected a condition (true or false), but this is {have}"
    return f"expected {want}, but this is {have}"


class ExprError(Exception):
    """A compile-time error in an expression: ``message``, ``offset`` into the text,
    ``code``, and ``name`` (the unknown or misused name, when there is one)."""

    def __init__(self, message: str, offset: int = 0, code: str = "expr", name: str = ""):
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.code = code
        self.name = name


@dataclass
class Typed:
    """A compiled fragment: Python ``code``, static ``type``, and for a zone its target."""
    code: str
    type: str
    zone: tuple | None = None     # (ZoneDecl, seat_code or None) when this names a zone
    perseat: object = None        # a per-seat zone or variable used without [seat]
    items: str | None = None      # the type of a list's items (a map's values), if known
    keys: tuple | None = None     # a map's keys, when every one is a literal
    pile: bool = False            # a zone's pile known only at run time (pile_of, a part)
    row: object = None            # a row of piles (its ZoneDecl): the list of its piles
    row_seat: object = None       # ... of one seat's row: the seat's code


@dataclass
class Scope:
    """Names visible to an expression beyond the ruleset's globals.

    ``pylocals``: name -> type, compiled as Python locals (parameters, lambdas);
    ``locals``: name -> type, read from the locals dict ``L``;
    ``specials``: which context names exist (``actor``, ``last_action``, ``seat``);
    ``bound``: name -> :class:`Typed`, compiled as that fragment (the parameters of a
    definition written in place by the hot-path compiler);
    ``varying``: the names whose value changes within the code being compiled (a
    choice variable, lambda parameters): what does not use them may be computed once.
    """
    pylocals: dict = field(default_factory=dict)
    locals: dict = field(default_factory=dict)
    specials: frozenset = frozenset()
    bound: dict = field(default_factory=dict)
    varying: frozenset = frozenset()

    def child(self, **pylocals) -> "Scope":
        """A scope with lambda parameters ``pylocals`` (name -> type) added; they vary,
        and hide bound names of the same name."""
        bound = {k: v for k, v in self.bound.items() if k not in pylocals} \
            if self.bound else self.bound
        return Scope({**self.pylocals, **pylocals}, self.locals, self.specials, bound,
                     self.varying | frozenset(pylocals))


_SCALARS = {"seat", "int", "rank", "suit", "str", "bool", "null"}


def mixed(kinds: set):
    """The item type of a list whose items have the static types ``kinds``: "mixed" when
    they are scalars of different kinds (seats and ranks, numbers and words), else None
    (unknown)."""
    return "mixed" if len(kinds) > 1 and kinds <= _SCALARS and kinds != {"null"} else None


def joined(a, b):
    """The item type of two lists joined (``+``, or either branch of ``a if c else b``)."""
    if a == b:
        return a
    if a in _SCALARS | {"mixed"} and b in _SCALARS | {"mixed"}:
        return "mixed"
    return None


CARD_LISTS = ("cards", "zone", "play")      # the static types of a list of cards


def joined_type(a: str, b: str) -> str:
    """The static type of two lists joined with ``+``: their type when it is the same, a
    list of cards when both are lists of cards, else a list."""
    if a == b:
        return a
    return "cards" if a in CARD_LISTS and b in CARD_LISTS else "list"


def listed(result: str, items, arg) -> tuple:
    """The static type and item type of a built-in's result, given its declared
    ``result`` and ``items`` and its first argument ``arg`` (a Typed, or None).
    ``items="same"``: the argument's items (some of a list of cards is a list of
    cards); ``items="flat"``: the items of the argument's items (a row of piles or a
    list of plays flattened is a list of cards)."""
    if items == "same":
        if result == "list" and arg.type in CARD_LISTS:
            return "cards", None
        return result, arg.items
    if items == "flat":
        return ("cards", None) if arg.items in ("place", "play") else (result, None)
    return result, items
