"""The typed syntax tree of the expression language: what every other module reads.

:func:`rulekit.lang.grammar.parse` parses a text with lark and turns lark's tree into
these classes, once (:func:`rulekit.lang.fromlark.build`); nothing else looks at lark's
trees. Each node
knows where it is (``start`` and ``end``: offsets into the parsed text), its own source
text (``text``), and how deeply it nests (``depth``, counted as the grammar nests: a
call's argument list is a level of its own). Nodes are immutable and compared by
identity. ``kind`` names the construct (the grammar's rule name, e.g. ``"call"``): a
compiler dispatches on it (``n_call``), and ``parts()`` gives the child nodes in source
order for a walk.

Example::

    >>> from rulekit.lang.grammar import parse
    >>> tree = parse("count(hand[s]) > 2")
    >>> tree.kind, tree.op, tree.left.name, tree.left.args[0].base.name
    ('compare', '>', 'count', 'hand')
    >>> tree.right.text, tree.right.start
    ('2', 17)
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

__all__ = ["Node", "Name", "Int", "String", "NullLit", "TrueLit", "FalseLit", "ListLit",
           "MapLit", "Pair", "Lambda", "LetIn", "Conditional", "Or", "And", "Not", "Compare",
           "In", "NotIn", "Coalesce", "BinOp", "Neg", "Index", "Attr", "Call", "Move", "Assign", "Let",
           "For", "ChooseIn", "ChooseParts", "ChooseNothing", "CallStmt", "Head", "walk",
           "literal", "STATEMENT_PARTS"]


@dataclass(frozen=True, eq=False, slots=True)
class Node:
    """A node: ``start``/``end`` offsets in the parsed text, its ``text``, ``depth``."""
    start: int
    end: int
    text: str
    depth: int
    kind: ClassVar[str] = ""

    def parts(self) -> tuple:
        """The child nodes, in source order (None and plain values left out)."""
        out = []
        for f in fields(self)[4:]:
            value = getattr(self, f.name)
            if isinstance(value, Node):
                out.append(value)
            elif isinstance(value, tuple):
                out.extend(v for v in value if isinstance(v, Node))
        return tuple(out)


# ---- expressions ----------------------------------------------------------------------
@dataclass(frozen=True, eq=False, slots=True)
class Name(Node):
    """A name: a zone, variable, definition, local, or a special (``actor``)."""
    name: str
    kind: ClassVar[str] = "name"


@dataclass(frozen=True, eq=False, slots=True)
class Int(Node):
    """A whole number as written (``digits``; ``value`` is the int)."""
    digits: str
    kind: ClassVar[str] = "int"

    @property
    def value(self) -> int:
        return int(self.digits)


@dataclass(frozen=True, eq=False, slots=True)
class String(Node):
    """A quoted text; ``value`` without its quotes (``text`` keeps them)."""
    value: str
    kind: ClassVar[str] = "string"


@dataclass(frozen=True, eq=False, slots=True)
class NullLit(Node):
    """``null``."""
    kind: ClassVar[str] = "null"


@dataclass(frozen=True, eq=False, slots=True)
class TrueLit(Node):
    """``true``."""
    kind: ClassVar[str] = "true"


@dataclass(frozen=True, eq=False, slots=True)
class FalseLit(Node):
    """``false``."""
    kind: ClassVar[str] = "false"


@dataclass(frozen=True, eq=False, slots=True)
class ListLit(Node):
    """``[a, b, ...]``."""
    items: tuple
    kind: ClassVar[str] = "list"


@dataclass(frozen=True, eq=False, slots=True)
class Pair(Node):
    """``key: value``, one entry of a :class:`MapLit`."""
    key: Node
    value: Node
    kind: ClassVar[str] = "pair"


@dataclass(frozen=True, eq=False, slots=True)
class MapLit(Node):
    """``{k: v, ...}``: ``pairs``, each a :class:`Pair`, in source order."""
    pairs: tuple
    kind: ClassVar[str] = "map"


@dataclass(frozen=True, eq=False, slots=True)
class Lambda(Node):
    """``x -> body``."""
    param: str
    body: Node
    kind: ClassVar[str] = "lambda_"


@dataclass(frozen=True, eq=False, slots=True)
class LetIn(Node):
    """``let name = value; body``: ``body`` with the local ``name`` standing for
    ``value`` (evaluated once)."""
    name: str
    value: Node
    body: Node
    kind: ClassVar[str] = "let_in"


@dataclass(frozen=True, eq=False, slots=True)
class Conditional(Node):
    """``then if test else orelse``."""
    then: Node
    test: Node
    orelse: Node
    kind: ClassVar[str] = "conditional"


@dataclass(frozen=True, eq=False, slots=True)
class Or(Node):
    """``left or right``."""
    left: Node
    right: Node
    kind: ClassVar[str] = "or_"


@dataclass(frozen=True, eq=False, slots=True)
class And(Node):
    """``left and right``."""
    left: Node
    right: Node
    kind: ClassVar[str] = "and_"


@dataclass(frozen=True, eq=False, slots=True)
class Not(Node):
    """``not operand``."""
    operand: Node
    kind: ClassVar[str] = "not_"


@dataclass(frozen=True, eq=False, slots=True)
class Compare(Node):
    """``left op right``, ``op`` one of ``== != < > <= >=``."""
    left: Node
    op: str
    right: Node
    kind: ClassVar[str] = "compare"


@dataclass(frozen=True, eq=False, slots=True)
class In(Node):
    """``left in right``."""
    left: Node
    right: Node
    kind: ClassVar[str] = "in_"


@dataclass(frozen=True, eq=False, slots=True)
class NotIn(Node):
    """``left not in right``."""
    left: Node
    right: Node
    kind: ClassVar[str] = "not_in"


@dataclass(frozen=True, eq=False, slots=True)
class Coalesce(Node):
    """``left ?? right``."""
    left: Node
    right: Node
    kind: ClassVar[str] = "coalesce"


@dataclass(frozen=True, eq=False, slots=True)
class BinOp(Node):
    """``left op right``, ``op`` one of ``+ - * / %``."""
    left: Node
    op: str
    right: Node
    kind: ClassVar[str] = "binop"


@dataclass(frozen=True, eq=False, slots=True)
class Neg(Node):
    """``-operand``."""
    operand: Node
    kind: ClassVar[str] = "neg"


@dataclass(frozen=True, eq=False, slots=True)
class Index(Node):
    """``base[index]``: a seat's zone or variable, or an item of a list."""
    base: Node
    index: Node
    kind: ClassVar[str] = "index"


@dataclass(frozen=True, eq=False, slots=True)
class Attr(Node):
    """``base.attr`` (``option.NAME``); ``attr_start``: where ``attr`` is written."""
    base: str
    attr: str
    attr_start: int
    kind: ClassVar[str] = "attr"


@dataclass(frozen=True, eq=False, slots=True)
class Call(Node):
    """``name(args...)``; the name is written at ``start``."""
    name: str
    args: tuple
    kind: ClassVar[str] = "call"


# ---- statements (the effects' small forms) ----------------------------------------------
@dataclass(frozen=True, eq=False, slots=True)
class Move(Node):
    """``what to to [at at] [by by] [as 'as_']`` (``as_``: a :class:`String` or None)."""
    what: Node
    to: Node
    at: Node | None
    by: Node | None
    as_: Node | None
    kind: ClassVar[str] = "move_stmt"


@dataclass(frozen=True, eq=False, slots=True)
class Assign(Node):
    """``var = value`` or ``var[index] = value``; ``var`` is written at ``start``."""
    var: str
    index: Node | None
    value: Node
    kind: ClassVar[str] = "assign_stmt"


@dataclass(frozen=True, eq=False, slots=True)
class Let(Node):
    """``name = value`` (a ``let``)."""
    name: str
    value: Node
    kind: ClassVar[str] = "let_stmt"


@dataclass(frozen=True, eq=False, slots=True)
class For(Node):
    """``name in items`` (a ``for``)."""
    name: str
    items: Node
    kind: ClassVar[str] = "for_stmt"


@dataclass(frozen=True, eq=False, slots=True)
class ChooseIn(Node):
    """``name in domain``: an action's ``choose`` of one part, or one part of a
    :class:`ChooseParts`; ``word`` the word written before it (``'on' p in piles``),
    else None."""
    name: str
    domain: Node
    word: str | None = None
    kind: ClassVar[str] = "choose_in"


@dataclass(frozen=True, eq=False, slots=True)
class ChooseParts(Node):
    """``a in A, 'word' b in B, ...``: an action's ``choose`` of several parts, each a
    :class:`ChooseIn` in ``members`` (a choice of one part without a word is a ChooseIn
    itself)."""
    members: tuple
    kind: ClassVar[str] = "choose_parts"


@dataclass(frozen=True, eq=False, slots=True)
class ChooseNothing(Node):
    """``nothing`` (an action without a choice)."""
    kind: ClassVar[str] = "choose_nothing"


@dataclass(frozen=True, eq=False, slots=True)
class CallStmt(Node):
    """``name(args...)`` (a ``call`` of a procedure)."""
    name: str
    args: tuple
    kind: ClassVar[str] = "call_stmt"


@dataclass(frozen=True, eq=False, slots=True)
class Head(Node):
    """``name`` or ``name(params...)`` (a definition's or procedure's head)."""
    name: str
    params: tuple
    kind: ClassVar[str] = "head_stmt"


# the named parts of each statement, in order (the parts of an effect's words template,
# rulekit.lang.effects): (part name, attribute)
STATEMENT_PARTS = {
    "move_stmt": (("what", "what"), ("to", "to"), ("at", "at"), ("by", "by"), ("as", "as_")),
    "assign_stmt": (("var", "var"), ("index", "index"), ("value", "value")),
    "let_stmt": (("name", "name"), ("value", "value")),
    "for_stmt": (("name", "name"), ("list", "items")),
    "call_stmt": (("name", "name"), ("args", "args")),
}


def literal(node):
    """The value of ``node`` when it is a literal text or whole number (a negative one
    too), else None."""
    if isinstance(node, String):
        return node.value
    if isinstance(node, Int):
        return node.value
    if isinstance(node, Neg) and isinstance(node.operand, Int):
        return -node.operand.value
    return None


def walk(node: Node):
    """Every node under ``node`` (itself first), depth first, in source order
    (iteratively: a deep tree cannot exhaust the stack)."""
    todo = [node]
    while todo:
        n = todo.pop()
        yield n
        todo.extend(reversed(n.parts()))
