"""The effect registry: the :class:`Effect` declaration, the registries and the
helpers the effect families share (see :mod:`rulekit.lang.effects`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..registries import Registry
from ..types import compatible


class GameOver(Exception):
    """Raised by ``end_game`` to stop the effects that follow."""


@dataclass(frozen=True)
class Effect:
    """One effect of the language (see the module docstring for each field)."""
    key: str
    form: str
    value: dict
    compile: Callable
    explain: Callable
    doc_form: str
    doc: str
    example: str
    children: tuple = ()
    ends_game: bool = False
    words: str = ""
    parts: str = "expr"


EFFECTS: dict[str, Effect] = Registry("an effect")
PRIMITIVES: dict[str, Callable] = Registry("an effect primitive")

TEXT = {"type": "string"}
EXPR = {"$ref": "#/$defs/expr"}
COND = {"$ref": "#/$defs/cond"}      # a condition: text or true/false, never a number


def effect(key: str, form: str, value: dict, doc_form: str, doc: str, example: str,
           explain: Callable, children: tuple = (), ends_game: bool = False, *,
           words: str, parts: str = "expr"):
    """Register the decorated compile function as effect ``key``; ``words`` is its
    English template (required) and ``parts`` says where the template's named parts
    come from (see the module docstring of :mod:`rulekit.lang.effects`). Raises
    :class:`rulekit.lang.registries.DuplicateName` when ``key`` is taken."""
    def wrap(fn):
        EFFECTS[key] = Effect(key, form, value, fn, explain, doc_form, doc, example,
                              children, ends_game, words, parts)
        return fn
    return wrap


def primitive(fn):
    """Register a runtime primitive under its own name (generated code calls it); raises
    :class:`rulekit.lang.registries.DuplicateName` when the name is taken."""
    PRIMITIVES[fn.__name__] = fn
    return fn


def schema_branches() -> list[dict]:
    """The ``anyOf`` branches (disjoint: each has its own key) of the schema's ``effect`` definition, in registry order."""
    out = []
    for e in EFFECTS.values():
        props = {e.key: e.value}
        for child in e.children:
            props[child] = {"$ref": "#/$defs/effects"}
        out.append({"type": "object", "title": e.form, "properties": props,
                    "required": [e.key], "additionalProperties": False})
    return out


def effect_text(item) -> str:
    """One effect (its YAML mapping) as a short English phrase."""
    key = next((k for k in item if k in EFFECTS), None) if isinstance(item, dict) else None
    return str(item) if key is None else EFFECTS[key].explain(item, item[key])


def effects_text(items) -> str:
    """An effect list as English phrases joined by '; ' ('nothing' if empty)."""
    return "; ".join(effect_text(e) for e in items or []) or "nothing"


def indent(lines: list[str]) -> list[str]:
    """Python source lines one level deeper (``pass`` for an empty body)."""
    return ["    " + ln for ln in lines] if lines else ["    pass"]


def listy(v) -> str:
    """Code that copies a list value (so a later change of the source does not show)."""
    return f"list({v.code})" if v.type in ("cards", "list", "zone", "play") else v.code


def cards_or_card(v) -> bool:
    return compatible(v.type, "cards") or compatible(v.type, "card")



# the shared helpers of the effect families
__all__ = ["Effect", "EFFECTS", "PRIMITIVES", "GameOver", "effect", "primitive", "indent",
           "listy", "cards_or_card", "effects_text", "schema_branches", "TEXT", "EXPR",
           "COND"]
