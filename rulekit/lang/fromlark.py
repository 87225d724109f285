"""Lark's parse tree turned into the typed syntax tree of :mod:`.syntax`, once per
parse (:func:`build`): each grammar rule of grammar/expressions.lark has its maker in
:data:`_MAKE` (tests/test_syntax.py holds every rule to having one)."""
from __future__ import annotations

from .syntax import (And, Assign, Attr, BinOp, Call, CallStmt, ChooseIn, ChooseNothing,
                     ChooseParts, Coalesce, Compare, Conditional, FalseLit, For, Head,
                     In, Index, Int, Lambda, Let, LetIn, ListLit, MapLit, Move, Name, Neg,
                     Node, Not, NotIn, NullLit, Or, Pair, String, TrueLit)


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
