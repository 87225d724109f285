"""The registry of built-in functions: :class:`Builtin`, :data:`REGISTRY` and the two
ways of registering one (:func:`builtin` for a function the generated code calls,
:func:`compiled_builtin` for one the expression compiler writes in place).

Every built-in declares, in one place: its parameter and result types, its ``doc`` and
``example`` (its row of the language reference) and its ``words``: how it reads in
plain English, a template whose ``{0}``, ``{1}`` are its arguments in words
(``"the number of {0:items}"``; the template language is described in
docs/language.md and read by :mod:`rulekit.analysis.words`). ``rulekit explain`` and
the reasons given for an illegal move are written from those templates.

A built-in also declares what other modules must know of it, so that none keeps a list
of names: ``sighted`` (it is given the game state but reads nothing of it a redeal of
the hidden cards changes: only the card tables, the seats in play, the player count
and the tags of the cards given; :mod:`rulekit.compiler.sight` trusts exactly these,
and tests/test_sight.py checks their source) and ``pack`` (the pack fixes the values of
its result: one of :data:`rulekit.lang.literals.PACK_DOMAINS`, so that a comparison
with a literal it can never return is an error, :mod:`rulekit.lang.comparisons`).
Registering a name twice raises :class:`rulekit.lang.registries.DuplicateName`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .literals import PACK_DOMAINS
from .registries import Registry


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
    sighted: bool = False         # given G, reads only what a redeal keeps (module docstring)
    pack: str | None = None       # the pack domain of its result (literals.PACK_DOMAINS)


REGISTRY: dict[str, Builtin] = Registry("a built-in function")


def builtin(params: str, result: str, doc: str, example: str, state: bool = False,
            name: str | None = None, items: str | None = None, *, words: str,
            sighted: bool = False, pack: str | None = None):
    """Register the decorated function as a built-in named ``name`` (default: its own);
    ``items``: the type of the items of its list result, when known (``seat``);
    ``words``: its English template (required); ``sighted`` and ``pack``: see the
    module docstring. Raises DuplicateName for a name taken, ValueError for a
    ``sighted`` built-in not given the state or an unknown pack domain."""
    def wrap(fn):
        key = name or fn.__name__.rstrip("_")
        _add(Builtin(key, tuple(params.split()) if params else (), result, fn, doc, example,
                     state, items=items, words=words, sighted=sighted, pack=pack))
        return fn
    return wrap


def compiled_builtin(name: str, params: str, result: str, doc: str, example: str,
                     inline: str | None = None, zone_aware: bool = False, *,
                     words: str, pack: str | None = None) -> None:
    """Register a built-in that the expression compiler writes in place (no function):
    ``inline`` is a code template of the arguments; ``zone_aware`` ones read the zone;
    ``words``: its English template (required); ``pack``: the pack domain of its
    result. Raises as :func:`builtin` does."""
    _add(Builtin(name, tuple(params.split()), result, None, doc, example, inline=inline,
                 zone_aware=zone_aware, words=words, pack=pack))


def _add(b: Builtin) -> None:
    if b.sighted and not b.state:
        raise ValueError(f"built-in '{b.name}': sighted says what it reads of the game "
                         "state, and it is not given the state (state=True)")
    if b.pack is not None and b.pack not in PACK_DOMAINS:
        raise ValueError(f"built-in '{b.name}': pack={b.pack!r} is not a pack domain ("
                         + ", ".join(PACK_DOMAINS) + ")")
    REGISTRY[b.name] = b
