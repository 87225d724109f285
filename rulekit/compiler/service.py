"""The expression service: expressions of a ruleset's language compiled after the
ruleset itself, at play time (``GameState.evaluate``, why an action is not legal, the
terminal's and the web's words).

It is the one door from play to the compiler, and it is small: it knows the compiled
model's names (zones, variables, options, definitions, procedures, the cards), the
options' values as expressions see them, and the generated code's globals, which its
functions run in (a copy of them, with a constants table of its own: compiling at play
time changes nothing of the model). The compile context that made the ruleset (its
source data, diagnostics, working records) is gone by then: nothing here reaches it.
Each text is compiled once per ruleset and set of extra names (cached). Callers see
only :meth:`Expressions.compile`.

Example::

    >>> fn, typ = rules.expressions.compile("count(hand[s])", ("s",))
    >>> typ, game.call_ruleset(fn, {"s": 2})
    ('int', 5)
"""
from __future__ import annotations

from ..errors import GENERATED
from ..lang.expressions import Compiler
from ..lang.types import Scope
from .constants import const_code

# the context names a play-time expression may read (``seat`` from its locals)
SPECIALS = frozenset({"actor", "last_action", "seat"})


class _Unused:
    """Where a play-time compile notes the names it uses: nowhere (the "never used"
    warnings were given when the ruleset was checked)."""
    __slots__ = ()

    def add(self, name) -> None:
        pass


class _Names:
    """What a play-time expression may name (the expression compiler's context,
    :class:`rulekit.lang.expressions.Compiler`): read from the model, plus the code's
    globals and a constants table of this service's own."""
    step_actions = None                     # (no step is being compiled)
    used_zones = used_vars = used_options = _Unused()

    def __init__(self, model: dict, options: dict, code_globals: dict):
        self.zones, self.vars = model["zones"], model["vars"]
        self.option_decls, self.definitions = model["option_decls"], model["definitions"]
        self.procedures, self.cards = model["procedures"], model["cards"]
        self.options = options              # name -> its value as expressions see it
        self._globals = code_globals
        self.ns = None                      # the copy the service's functions run in
        self._index: dict = {}

    def const(self, value) -> str:
        if self.ns is None:
            self._start()
        return const_code(value, self.ns["_K"], self._index)

    def _start(self) -> None:
        """The service's own globals: the code's, with a constants table that starts
        as the code's (same places) and grows with the service's constants."""
        self.ns = dict(self._globals)
        self.ns["_K"] = list(self._globals.get("_K", ()))


class _PlayCompiler(Compiler):
    """The expression compiler, noting no use (the model is not changed)."""

    def note_definition(self, info) -> None:
        pass


class Expressions:
    """Compiles expressions against one compiled ruleset (see the module docstring).
    Made by :func:`rulekit.compiler.building.build_model` from the model's names
    (``model``: a mapping with ``zones``, ``vars``, ``option_decls``, ``definitions``,
    ``procedures`` and ``cards``), ``options`` (name -> value as expressions see it)
    and ``code_globals`` (the generated code's globals)."""

    def __init__(self, model: dict, options: dict, code_globals: dict):
        self._names = _Names(model, options, code_globals)
        self._compiler = _PlayCompiler(self._names)
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
            typed = self._compiler.expr(text, Scope(locals={n: "any" for n in names},
                                                    specials=SPECIALS), want)
            names_ = self._names
            if names_.ns is None:
                names_._start()
            fn = eval(compile(f"lambda G, L: {typed.code}", GENERATED, "eval"), names_.ns)
            out = self._cache[key] = (fn, typed.type)
        return out
