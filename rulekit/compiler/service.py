"""The expression service: expressions of a ruleset's language compiled after the
ruleset itself, at play time (``GameState.evaluate``, why an action is not legal, the
terminal's and the web's words).

It is the one door from play to the compiler: the compile context that made the ruleset
stays behind it, and callers see only :meth:`Expressions.compile`. Each text is compiled
once per ruleset and set of extra names (cached).

Example::

    >>> fn, typ = rules.expressions.compile("count(hand[s])", ("s",))
    >>> typ, game.call_ruleset(fn, {"s": 2})
    ('int', 5)
"""
from __future__ import annotations

from ..lang.types import Scope

# the context names a play-time expression may read (``seat`` from its locals)
SPECIALS = frozenset({"actor", "last_action", "seat"})


class Expressions:
    """Compiles expressions against one compiled ruleset (see the module docstring)."""

    def __init__(self, context):
        self._context = context
        self._cache: dict = {}

    def compile(self, text: str, names: tuple = (), want: str | None = None) -> tuple:
        """``(fn, static type)`` of expression ``text``: ``fn(game, L)`` computes its
        value, ``L`` mapping each of ``names`` (extra local names, of any type) to a
        value; ``actor``, ``last_action`` and ``seat`` (from ``L``) are available;
        ``want``: the static type its value must have (``"bool"``), if any.
        Raises :class:`rulekit.lang.types.ExprError` (``message``, ``offset`` into
        ``text``, ``code``) for an expression that does not compile; TypeError for a
        ``text`` that is not a str."""
        if not isinstance(text, str):
            raise TypeError(f"an expression is text, not {type(text).__name__}")
        key = (text, tuple(names), want)
        out = self._cache.get(key)
        if out is None:
            c = self._context
            typed = c.compiler.expr(text, Scope(locals={n: "any" for n in names},
                                                specials=SPECIALS), want)
            out = self._cache[key] = (c.fn(typed.code), typed.type)
        return out
