"""The option types: every kind of house-rule knob a ruleset may declare, each declared
once.

An option (``options: {NAME: {type: T, default: ..., doc: ..., rule: ...}}``) has a
type, and the type's :class:`OptionType` says everything rulekit does with it:

* ``name`` (the word after ``type:``), ``doc`` (what its values are) and ``example``
  (an option of the type, as YAML): its row of the language reference;
* ``keys``: its own keys of the option's mapping besides ``type``, ``default``,
  ``doc`` and ``rule``, each with its JSON Schema (the schema's ``option`` definition
  is generated from them: :func:`option_schema`), and ``needs``: those it cannot do
  without;
* :meth:`~OptionType.parse`: command-line or web text (``--option NAME=TEXT``, a field
  of the web lobby) to a value: ValueError when the text is not of the type's form (a
  malformed command line, exit 2), :class:`OptionRange` when it is but the value is
  out of range (exit 1);
* :meth:`~OptionType.check`: whether a value is allowed (the default, every value
  chosen); :meth:`~OptionType.in_play`: the value as expressions see it
  (``option.NAME``), and :meth:`~OptionType.expr_type` its static type;
* :meth:`~OptionType.allowed` and :meth:`~OptionType.describe`: what it allows, in
  words (``rulekit explain``) and in short (``--formal``, ``new``, ``diff``);
* :meth:`~OptionType.literal`: the values a comparison of ``option.NAME`` with a
  literal may meet (:mod:`.comparisons`), or None;
* :meth:`~OptionType.widget`: how the web lobby asks for it: ``input`` (``checkbox``,
  ``number``, ``select`` or ``text``), ``min``/``max`` (a number), ``values`` and
  ``labels`` (a select's values and the texts shown for them), and ``value``: the
  default as the input holds it (true/false for a checkbox, else the text
  :meth:`~OptionType.parse` reads back).

The hooks take the option's declaration ``o`` (:class:`rulekit.model.OptionDecl`:
``name``, ``type``, ``default``, ``values``, ``min``, ``max``, ``of``, and ``extra``,
the keys only its type reads) and, where the pack matters, ``cards``
(:class:`rulekit.cards.Cards`). Adding an option type is one subclass of
:class:`OptionType` registered with :func:`option_type` (and its test).
"""
from __future__ import annotations

import re

from ..limits import MAX_INT_DIGITS
from .literals import Known, among, in_range
from .registries import Registry
from .wording import NAME_WORDS


class OptionRange(ValueError):
    """An option's text of the right form whose value is out of range (too many digits)."""


COMMON_KEYS = ("type", "default", "doc", "rule")    # every option's keys, whatever its type


class OptionType:
    """One type of option (see the module docstring); the methods here are the
    defaults a type overrides."""
    name: str = ""
    doc: str = ""
    example: str = ""
    keys: dict = {}
    needs: tuple = ()

    def parse(self, o, text: str, cards):
        """The value written ``text``; raises ValueError (not of the form) or
        :class:`OptionRange` (of the form, out of range)."""
        return text

    def check(self, o, value, cards) -> str | None:
        """None when ``value`` is allowed, else what is (``"must be true or false"``)."""
        return None

    def in_play(self, o, value, cards):
        """``value`` as expressions see it; raises ValueError with what is wrong."""
        return value

    def expr_type(self, o, value) -> str:
        """The static type of ``option.NAME`` holding ``value`` (as :meth:`in_play` gives it)."""
        return ("bool" if isinstance(value, bool) else "int" if isinstance(value, int)
                else "list" if isinstance(value, list) else "str")

    def allowed(self, o, cards) -> str:
        """What the option allows, in words (``rulekit explain``)."""
        return self.name

    def describe(self, o, cards) -> str:
        """What the option allows, in short: ``a | b``, ``2..3``, or the type's name."""
        return self.name

    def literal(self, o, cards) -> Known | None:
        """The values ``option.NAME`` may hold, for the literal check; None: not fixed."""
        return None

    def text(self, o, value) -> str:
        """``value`` as the text :meth:`parse` reads back."""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, list):
            return " ".join(self.text(o, v) for v in value)
        return "" if value is None else str(value)

    def widget(self, o, cards) -> dict:
        """How the web lobby asks for the option (see the module docstring)."""
        return {"input": "text", "value": self.text(o, o.default)}

    def stand_in(self, o, cards):
        """A value of the type, used in place of a default that is not allowed (so
        that the option's uses report nothing more)."""
        return None


OPTION_TYPES: dict[str, OptionType] = Registry("an option type")


def option_type(cls):
    """Register the :class:`OptionType` subclass ``cls`` (one instance) under its
    ``name``. Raises DuplicateName for a name taken, ValueError for a key it declares
    that every option has, or that another type declares with another schema."""
    kind = cls()
    for key, schema in kind.keys.items():
        if key in COMMON_KEYS:
            raise ValueError(f"option type '{kind.name}': '{key}' is a key of every option")
        for other in OPTION_TYPES.values():
            if key in other.keys and other.keys[key] != schema:
                raise ValueError(f"option type '{kind.name}': its key '{key}' has another "
                                 f"schema in option type '{other.name}'")
    missing = [k for k in kind.needs if k not in kind.keys]
    if not kind.name or missing:
        raise ValueError(f"option type {cls.__name__}: a name, and its needs among its keys")
    OPTION_TYPES[kind.name] = kind
    return cls


def option_schema() -> dict:
    """The JSON Schema of an option's mapping: the common keys and every type's own
    (in registry order), the ``type`` one of the registered names."""
    own: dict = {}
    for kind in OPTION_TYPES.values():
        for key, schema in kind.keys.items():
            own.setdefault(key, schema)
    return {"type": "object", "additionalProperties": False, "required": ["type", "default"],
            "properties": {"type": {"enum": list(OPTION_TYPES)}, **own, "default": {},
                           "doc": {"type": "string"}, "rule": {"type": "string"},
                           "words": NAME_WORDS}}


_LIST = {"type": "array"}
_INT = {"type": "integer"}


@option_type
class BoolOption(OptionType):
    name = "bool"
    doc = "true or false"
    example = "{type: bool, default: false}"

    def parse(self, o, text, cards):
        low = text.strip().lower()
        if low in ("true", "false"):
            return low == "true"
        raise ValueError("must be true or false")

    def check(self, o, value, cards):
        return None if isinstance(value, bool) else "must be true or false"

    def allowed(self, o, cards):
        return "true or false"

    def widget(self, o, cards):
        return {"input": "checkbox", "value": o.default is True}

    def stand_in(self, o, cards):
        return False


@option_type
class IntOption(OptionType):
    name = "int"
    doc = "a whole number, from `min` to `max` when they are given (and one of `values`)"
    example = "{type: int, min: 2, max: 3, default: 2}"
    keys = {"values": _LIST, "min": _INT, "max": _INT}

    def parse(self, o, text, cards):
        if not re.fullmatch(r"[-+]?[0-9]+", text.strip()):
            raise ValueError("must be a whole number")
        digits = len(text.strip().lstrip("+-"))
        if digits > MAX_INT_DIGITS:
            raise OptionRange(f"a number of {digits} digits: the limit is {MAX_INT_DIGITS}")
        return int(text)

    def check(self, o, value, cards):
        if isinstance(value, bool) or not isinstance(value, int):
            return "must be a whole number"
        if (o.min is not None and value < o.min) or (o.max is not None and value > o.max):
            return f"must be between {o.min} and {o.max}"
        if o.values and value not in o.values:
            return "must be one of " + ", ".join(map(str, o.values))
        return None

    def allowed(self, o, cards):
        return f"{o.min} to {o.max}" if o.min is not None else "a whole number"

    def describe(self, o, cards):
        return f"{o.min}..{o.max}" if o.min is not None else "int"

    def literal(self, o, cards):
        if o.min is None and o.max is None:
            return None
        return in_range(o.min, o.max, f"a value of option '{o.name}'")

    def widget(self, o, cards):
        if o.values:
            return {"input": "select", "values": [self.text(o, v) for v in o.values],
                    "value": self.text(o, o.default)}
        return {"input": "number", "min": o.min, "max": o.max,
                "value": self.text(o, o.default)}

    def stand_in(self, o, cards):
        return 0


@option_type
class ChoiceOption(OptionType):
    name = "choice"
    doc = "one of its `values`"
    example = "{type: choice, values: [winner_first, leader_first], default: winner_first}"
    keys = {"values": _LIST}
    needs = ("values",)

    def parse(self, o, text, cards):
        if text in (o.values or []):
            return text
        return next((v for v in o.values or [] if self.text(o, v) == text), text)

    def check(self, o, value, cards):
        if value not in (o.values or []):
            return "must be one of " + ", ".join(map(str, o.values or []))
        return None

    def allowed(self, o, cards):
        return "one of " + ", ".join(map(str, o.values or []))

    def describe(self, o, cards):
        return " | ".join(map(str, o.values or []))

    def literal(self, o, cards):
        if not o.values:
            return None
        return among(o.values, f"a value of option '{o.name}'", "it allows", sep=", ")

    def widget(self, o, cards):
        return {"input": "select", "values": [self.text(o, v) for v in o.values or []],
                "value": self.text(o, o.default)}

    def stand_in(self, o, cards):
        return next((v for v in o.values or [] if isinstance(v, (str, int))), "")


@option_type
class ListOption(OptionType):
    name = "list"
    doc = ("a list of items from `values` (any items without it); `of: rank` (or `suit`) "
           "items are rank names (suits) of the pack, and expressions see ranks as rank "
           "indexes, so that `rank(c) in option.NAME` works")
    example = "{type: list, of: rank, default: [2, 3]}"
    keys = {"values": _LIST, "of": {"enum": ["rank", "suit", "int", "str"]}}

    def parse(self, o, text, cards):
        items = [x for x in text.replace(",", " ").split() if x]
        known = {str(v): v for v in o.values or []}     # '2' names the value 2
        return [known.get(x, x) for x in items]

    def check(self, o, value, cards):
        if not isinstance(value, list):
            return "must be a list"
        bad = [v for v in value if o.values and v not in o.values]
        if bad:
            return f"has {bad[0]!r}, not one of " + ", ".join(map(str, o.values))
        return None

    def in_play(self, o, value, cards):
        """For a list ``of: rank`` (or ``suit``): the items as rank indexes (or suit
        names), so that ``rank(c) in option.NAME`` works. Raises ValueError."""
        if o.of not in ("rank", "suit") or not isinstance(value, list):
            return value
        names = cards.ranks if o.of == "rank" else cards.suits
        out = []
        for v in value:
            text = str(v)
            if o.of == "rank":
                text = str(cards.aliases.get(text, text))
            match = next((n for n in names if n.upper() == text.upper()), None)
            if match is None:
                raise ValueError(f"has {v!r}, which is not a {o.of} ({' '.join(names)})")
            out.append(names.index(match) if o.of == "rank" else match)
        return out

    def allowed(self, o, cards):
        return "a list" + (" of " + ", ".join(map(str, o.values)) if o.values else "")

    def stand_in(self, o, cards):
        return []
