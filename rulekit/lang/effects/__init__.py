"""The effect registry: every effect of the language, declared once.

An effect is a one-key YAML mapping (``- move: c to trick``). Each :class:`Effect`
declares, in one place:

* ``key`` and ``form``: its YAML key and written form (the schema branch's title, used
  in messages: "the form is `move: CARDS to ZONE ...`");
* ``value``: the JSON Schema of the key's value, and ``children``: the keys that hold
  nested effect lists (``then``/``else`` of ``if``, ``do`` of ``for``) — together they
  generate the schema branch (:func:`schema_branches`);
* ``compile``: a function ``(c, path, item, scope) -> list[str] | None`` that returns
  straight-line Python *source lines* (never closures) for the item, using the compile
  context ``c`` (see :class:`rulekit.compiler.blocks.BlockCompiler`: ``c.expr``,
  ``c.stmt``, ``c.sub``, ``c.block`` for a child list, ``c.err``); None after reporting
  an error;
* the runtime primitives its code calls (plain functions of the game state ``G``,
  gathered in :data:`PRIMITIVES`);
* ``doc_form``, ``doc`` and ``example``: its row of the language reference;
* ``explain``: its phrase for ``rulekit explain --formal`` (the effect as written);
* ``words``: its plain-English template for ``rulekit explain`` and the reasons given
  for an illegal move (docs/language.md, "Words"), and ``parts``: where the template's
  named parts come from: ``expr`` (the value is an expression: ``{value}``), a grammar
  entry (``move_stmt``: the statement's parts by the names of
  :data:`rulekit.lang.grammar.STATEMENT_PARTS`, ``{what}``, ``{to}``, ...), ``text``
  (a text with ``{expr}`` parts, as written: ``{value}``), ``mapping`` (each key of
  the value, an expression) or ``none``; a child list is ``{then}``, ``{do}``, ...;
* ``ends_game``: whether running it ends the game (the machine's "can this step end
  the game" analysis is built from this flag and the compiled effect tree).

The effects live in three families (:mod:`.moving`, :mod:`.control`, :mod:`.telling`),
registered in that order; adding an effect touches one family module (and its test).
"""
from __future__ import annotations

# each family registers its effects; this order is the schema's and the docs' order
from . import moving  # noqa: F401,I001
from . import control  # noqa: F401,I001
from . import telling  # noqa: F401,I001
from .registry import EFFECTS, PRIMITIVES, Effect, GameOver, effect_text, effects_text, schema_branches

__all__ = ["EFFECTS", "PRIMITIVES", "Effect", "GameOver", "effect_key", "effect_text",
           "effects_text", "schema_branches"]


def effect_key(item) -> str | None:
    """The effect key of a (shape-checked) effect item."""
    return next((k for k in item if k in EFFECTS), None) if isinstance(item, dict) else None
