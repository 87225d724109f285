"""Maps (``{k: v, ...}``, ``m[k]``) and local names (``let x = a; e``) of the expression
language: the compile methods of :class:`rulekit.lang.expressions.Compiler` for them (a
mixin, as :mod:`.comparisons`), and the helper generated code calls (``_mapget``).

A map of literals is a constant of the ruleset, built once; one with an expression in
it is a Python dict built where it is written. ``m[k]`` is null for a missing key; a
literal key that a map of literal keys lacks is an error when the ruleset is checked.
``let x = a; e`` compiles to ``(lambda x: e)(a)``: ``a`` evaluated once, ``x`` typed as
``a``.
"""
from __future__ import annotations

from .codetree import code, local
from .syntax import literal
from .types import ExprError, Typed


class MapsAndLocals:
    """The compile methods of map literals and ``let ... ;`` (a mixin of the expression
    compiler; ``let_name`` and ``let_body`` are the compiler's)."""

    def n_map(self, t, scope):
        """``{k: v, ...}``: a map (a Python dict built where it is written; a constant
        when every key and value is a literal). Keys are scalars (numbers, texts, cards,
        true, false, null); a literal key written twice is an error."""
        keys, values, parts, known, kinds = [], [], ["{"], {}, set()
        for i, pair in enumerate(t.pairs):
            k, v = self.node(pair.key, scope), self.node(pair.value, scope)
            if k.type in ("cards", "list", "play", "zone", "fn", "map") or k.perseat is not None:
                raise ExprError(f"a map's key is a number, a text, a card, true, false or "
                                f"null, not {k.type}", pair.key.start, "type")
            if v.perseat is not None:
                raise ExprError(f"'{pair.value.text}' is per seat: index it with a seat, "
                                f"e.g. [actor]", pair.value.start, "type")
            value = self.literal_value(pair.key)
            if value is not _NOT_LITERAL:
                if (type(value), value) in known:
                    raise ExprError(f"the key {pair.key.text} is written twice in this map",
                                    pair.key.start, "type")
                known[(type(value), value)] = True
            keys.append(value)
            values.append(self.literal_value(pair.value))
            kinds.add(v.type)
            parts += ([", "] if i else []) + [k.code, ": ", v.code]
        typ = next(iter(kinds)) if len(kinds) == 1 else \
            ("any" if len(kinds - {"null"}) != 1 else next(iter(kinds - {"null"})))
        typ = "cards" if typ == "zone" else typ
        if _NOT_LITERAL not in keys and _NOT_LITERAL not in values:
            out = self.ctx.const(dict(zip(keys, values)))
        else:
            out = code("map", parts + ["}"])
        return Typed(out, "map", items=typ, keys=None if _NOT_LITERAL in keys else
                     tuple(keys))

    def literal_value(self, node):
        """The value of ``node`` when it is a literal (a number, a text, true, false,
        null, ``card('QS')``), else ``_NOT_LITERAL``."""
        kind = node.kind
        if kind in ("int", "string") or (kind == "neg" and node.operand.kind == "int"):
            return literal(node)
        if kind in ("true", "false", "null"):
            return {"true": True, "false": False, "null": None}[kind]
        if kind == "call" and node.name == "card" and node.name not in self.ctx.definitions \
                and len(node.args) == 1 and node.args[0].kind == "string":
            card = self.ctx.cards.lookup(node.args[0].value)
            return _NOT_LITERAL if card is None else card
        return _NOT_LITERAL

    def n_let_in(self, t, scope):
        """``let x = a; e``: ``e`` with the local ``x`` standing for the value of ``a``,
        evaluated once, before ``e`` (written ``(lambda x: e)(a)``). ``x`` has ``a``'s
        type (a zone's cards for a zone); it hides a name of the ruleset (or an outer
        local) of the same name within ``e``."""
        value = self.node(t.value, scope)
        if value.perseat is not None:
            raise ExprError(f"'{t.value.text}' is per seat: index it with a seat, e.g. "
                            f"[actor]", t.value.start, "type")
        typ = "cards" if value.type == "zone" else value.type
        pyname = self.let_name(t.name)
        inner = scope.child(**{t.name: typ})
        inner.bound = {**inner.bound, t.name: Typed(local(pyname, "param"), typ,
                                                    items=value.items, keys=value.keys)}
        body = self.let_body(t.body, inner)
        if body.perseat is not None:
            raise ExprError(f"'{t.body.text}' is per seat: index it with a seat, e.g. "
                            f"[actor]", t.body.start, "type")
        return Typed(code("letin", ["(lambda ", local(pyname, "param"), ": ", body.code,
                                    ")(", value.code, ")"]),
                     "cards" if body.type == "zone" else body.type, items=body.items,
                     keys=body.keys)


_NOT_LITERAL = object()     # what literal_value gives for an expression that is no literal


def _shown(v) -> str:
    """A map's literal key as it is written (``'C'``, ``3``, ``null``; a card is its
    text, ``'QS'``)."""
    if v is None or isinstance(v, bool):
        return {None: "null", True: "true", False: "false"}[v]
    return repr(v) if isinstance(v, str) else str(v)


def _mapget(m, k):
    """``m[k]`` of the language for a map: the value of key ``k``, null when there is none
    (a key that is a list, which no map holds, is not there either)."""
    try:
        return m.get(k)
    except TypeError:
        return None
