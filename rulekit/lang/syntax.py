"""The typed syntax tree of the expression language: what every other module reads.

:func:`rulekit.lang.grammar.parse` parses a text with lark and turns lark's tree into
these classes, once (:func:`build`); nothing else looks at lark's trees. Each node
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
           "For", "ChooseIn", "ChooseParts", "ChooseNothing", "CallStmt", "Head", "build", "walk",
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


# ---- from lark's tree ---------------------------------------------------------------------
def _first(items):
    return items[0] if items else None


# lark rule -> a function of (position fields, the converted children) -> a node; a child
# is a converted node, a token's text, a tuple (an argument list), or None
_MAKE = {
    "name": lambda p, k: Name(*p, k[0]),
    "int": lambda p, k: Int(*p, k[0]),
    "string": lambda p, k: String(*p, k[0][1:-1]),
    "null": lambda p, k: NullLit(*p),
    "true": lambda p, k: TrueLit(*p),
    "false": lambda p, k: FalseLit(*p),
    "list": lambda p, k: ListLit(*p, k[0] or ()),
    "map": lambda p, k: MapLit(*p, k[0] or ()),
    "pair": lambda p, k: Pair(*p, k[0], k[1]),
    "lambda_": lambda p, k: Lambda(*p, k[0], k[1]),
    "let_in": lambda p, k: LetIn(*p, k[0], k[1], k[2]),
    "conditional": lambda p, k: Conditional(*p, k[0], k[1], k[2]),
    "or_": lambda p, k: Or(*p, k[0], k[1]),
    "and_": lambda p, k: And(*p, k[0], k[1]),
    "not_": lambda p, k: Not(*p, k[0]),
    "compare": lambda p, k: Compare(*p, k[0], k[1], k[2]),
    "in_": lambda p, k: In(*p, k[0], k[1]),
    "not_in": lambda p, k: NotIn(*p, k[0], k[1]),
    "coalesce": lambda p, k: Coalesce(*p, k[0], k[1]),
    "binop": lambda p, k: BinOp(*p, k[0], k[1], k[2]),
    "neg": lambda p, k: Neg(*p, k[0]),
    "index": lambda p, k: Index(*p, k[0], k[1]),
    "call": lambda p, k: Call(*p, k[0], k[1] or ()),
    "move_stmt": lambda p, k: Move(*p, *k),
    "assign_stmt": lambda p, k: Assign(*p, *k),
    "let_stmt": lambda p, k: Let(*p, *k),
    "for_stmt": lambda p, k: For(*p, *k),
    "choose_in": lambda p, k: ChooseIn(*p, k[1], k[2], None if k[0] is None else k[0][1:-1]),
    "choose_parts": lambda p, k: k[0] if len(k) == 1 and k[0].word is None
    else ChooseParts(*p, tuple(k)),
    "choose_nothing": lambda p, k: ChooseNothing(*p),
    "call_stmt": lambda p, k: CallStmt(*p, k[0], k[1] or ()),
    "head_stmt": lambda p, k: Head(*p, k[0], (k[1] if len(k) > 1 else None) or ()),
    # wrappers: their one part, or all of them
    "args": lambda p, k: tuple(k),
    "params": lambda p, k: tuple(k),
    "pairs": lambda p, k: tuple(k),
    "move_at": lambda p, k: k[0],
    "move_by": lambda p, k: k[0],
}


def build(tree, text: str) -> Node:
    """The typed tree of lark's ``tree`` (parsed from ``text`` with positions; its
    rules those of grammar/expressions.lark). Iterative, so a deep tree cannot exhaust
    the stack. Raises KeyError for a rule this module does not know (a grammar change
    without its class here: tests/test_grammar.py builds every rule)."""
    from lark import Token, Tree
    done: dict = {}         # id(lark tree) -> (converted, lark depth)
    todo = [(tree, False)]
    while todo:
        t, ready = todo.pop()
        if not ready:
            todo.append((t, True))
            todo.extend((c, False) for c in t.children if isinstance(c, Tree))
            continue
        kids, depth = [], 0
        for c in t.children:
            if isinstance(c, Tree):
                node, d = done.pop(id(c))
                kids.append(node)
                depth = max(depth, d)
            elif isinstance(c, Token):
                kids.append(str(c))
            else:
                kids.append(None)
        meta = t.meta
        start = getattr(meta, "start_pos", None) if not meta.empty else None
        end = getattr(meta, "end_pos", None) if not meta.empty else None
        start = 0 if start is None else start
        end = len(text) if end is None else end
        if t.data == "attr":
            attr_start = t.children[1].start_pos
            node = Attr(start, end, text[start:end], depth + 1, kids[0], kids[1], attr_start)
        elif t.data == "move_as":
            tok = t.children[0]
            node = String(tok.start_pos, tok.end_pos, str(tok), depth + 1, str(tok)[1:-1])
        else:
            node = _MAKE[t.data]((start, end, text[start:end], depth + 1), kids)
        done[id(t)] = (node, depth + 1)
    return done[id(tree)][0]
