"""The registry of built-in functions: :class:`Builtin`, :data:`REGISTRY` and the two
ways of registering one (:func:`builtin` for a function the generated code calls,
:func:`compiled_builtin` for one the expression compiler writes in place).

Every built-in declares, in one place: its parameter and result types, its ``doc`` and
``example`` (its row of the language reference) and its ``words``: how it reads in
plain English, a template whose ``{0}``, ``{1}`` are its arguments in words
(``"the number of {0:items}"``; the template language is described in
docs/language.md and read by :mod:`rulekit.analysis.words`). ``rulekit explain`` and
the reasons given for an illegal move are written from those templates.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Builtin:
    """A built-in function: ``params`` types, ``result`` type, ``impl``, docs, words."""
    name: str
    params: tuple
    result: str
    impl: Callable
    doc: str
    example: str
    state: bool = False
    inline: str | None = None     # code template compiled in place of a call ({0}, {1})
    items: str | None = None      # the type of the items of a list result, when known
    zone_aware: bool = False      # compiled by the expression compiler from the zone's `top`
    words: str = ""               # how a call reads in English ({0}, {1}: the arguments)


REGISTRY: dict[str, Builtin] = {}


def builtin(params: str, result: str, doc: str, example: str, state: bool = False,
            name: str | None = None, items: str | None = None, *, words: str):
    """Register the decorated function as a built-in named ``name`` (default: its own);
    ``items``: the type of the items of its list result, when known (``seat``);
    ``words``: its English template (required)."""
    def wrap(fn):
        key = name or fn.__name__.rstrip("_")
        REGISTRY[key] = Builtin(key, tuple(params.split()) if params else (), result, fn,
                                doc, example, state, items=items, words=words)
        return fn
    return wrap


def compiled_builtin(name: str, params: str, result: str, doc: str, example: str,
                     inline: str | None = None, zone_aware: bool = False, *,
                     words: str) -> None:
    """Register a built-in that the expression compiler writes in place (no function):
    ``inline`` is a code template of the arguments; ``zone_aware`` ones read the zone;
    ``words``: its English template (required)."""
    REGISTRY[name] = Builtin(name, tuple(params.split()), result, None, doc, example,
                             inline=inline, zone_aware=zone_aware, words=words)
