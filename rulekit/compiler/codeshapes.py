"""What generated code is, read from its tree (:mod:`rulekit.lang.codetree`): the
shapes the hot-path compiler (:mod:`rulekit.compiler.optimize`) and the listing builder
(:mod:`rulekit.compiler.hotpath`) recognise and write: what computes a value and what
only reads one, what is read once at the top, the ends of a list, a built-in applying a
lambda written as a loop, logic folded, a concatenation split into its parts, a
condition's first operand taken out of a loop (unswitched), and how a listing is
written where its memos are computed before the loop."""
from __future__ import annotations

import operator
from dataclasses import replace
from itertools import compress, repeat

from ..lang.codetree import Code, call, code, fmt, has, local, render, uses
from ..lang.codetree import walk as _walk
from ..lang.types import Typed

_CHEAP = ("len", "_SUIT.get", "_RANK.get", "_RANKNAME.get")  # calls not worth a memo
_PLACED = ("var", "param", "load", "temp", "one")   # locals an end may read twice
_ENDS = ("first", "last", "lowest", "highest")  # list ends written in place


def _computed(c: Code) -> bool:
    """Whether ``c`` computes a value (a call, a list built by a loop or joined from
    lists) rather than reading one: what may be computed once."""
    return c.kind in ("call", "listcomp", "concat") or (c.kind == "oneoff" and c.listed)


def _cheap(c: Code) -> bool:
    """Whether ``c`` is a call too cheap to keep (a count, a card's rank or suit)."""
    return c.kind == "call" and c.fn in _CHEAP


def _simple(c: Code) -> bool:
    """Whether ``c`` cannot fail nor cost: a local, a literal, a read of the locals, of
    a zone or variable, or the actor."""
    return c.kind in ("local", "lit", "lvar") or (c.kind == "state"
                                                  and c.attr in ("actor", "v", "z"))


def _placed(c: Code) -> bool:
    """Whether ``c`` is a value already in place (a local, a read of the locals, a
    memo): an end of it may read it twice."""
    return (c.kind == "local" and c.role in _PLACED) or c.kind in ("lvar", "memo")


def _loaded(c: Code) -> bool:
    """Whether ``c`` is what a listing reads once into a local at the top: the actor,
    a zone or variable (or a seat's of them, by the actor or a local read so)."""
    if c.kind == "state":
        return c.attr == "actor" or (c.attr in ("v", "z") and c.key is not None)
    if c.kind == "index":
        base, idx = c.kids
        return base.kind == "state" and base.attr in ("v", "z") and (
            (idx.kind == "state" and idx.attr == "actor")
            or (idx.kind == "local" and idx.role == "load"))
    return False


def _end(name: str, x: Code) -> Code:
    """End ``name`` (``first``, ``last``, ``lowest``, ``highest``) of the list ``x`` (a
    local or a memo, read twice) written in place."""
    if name in ("first", "last"):
        return fmt("ifexp", "({}[" + ("0" if name == "first" else "-1") + "] if {} else None)",
                   x, x, wrapped=True)
    return fmt("ifexp", "(({}[0] if {} == 1 and {}[0] in _RANKED else {}) if {} else None)",
               x, call("len", [x]), x, call(f"_B_{name}", [x], state=True), x, wrapped=True)


# a built-in applying a lambda to each item, as a Python loop (the same values in the
# same order as the built-in: see rulekit.lang.lists): no call per item
_LOOPS = {"any": "_any", "all": "_all", "filter": None, "map": None, "sum_of": "_sum",
          "max_of": "_max", "min_of": "_min"}


def _loop(name: str, b: Code, p: Code, x: Code) -> Code:
    """Built-in ``name`` of ``_LOOPS`` applying ``p -> b`` to each item of ``x``, as a
    loop."""
    if name == "filter":
        return fmt("listcomp", "[{} for {} in {} if ({})]", p, p, x, b)
    if name == "map":
        return fmt("listcomp", "[({}) for {} in {}]", b, p, x)
    fn, gen = _LOOPS[name], fmt("gen", "({}) for {} in {}", b, p, x)
    if name in ("max_of", "min_of"):
        return code("call", [fn + "((", gen, "), default=None)"], fn=fn, state=False)
    return code("call", [fn + "(", gen, ")"], fn=fn, state=False)


# a comparison of a card's table value with a value the card does not change, applied to
# each card of a list: a scan in C (map, any, all, compress), no Python code per card
_SCAN_OPS = {"==": "_eq", "!=": "_ne", "<": "_lt", "<=": "_le", ">": "_gt", ">=": "_ge"}
_FLIPPED = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}
_TABLES = ("_SUIT", "_RANK", "_VALUE", "_RANKNAME")
SCAN_NAMESPACE = {"_eq": operator.eq, "_ne": operator.ne, "_lt": operator.lt,
                  "_le": operator.le, "_gt": operator.gt, "_ge": operator.ge,
                  "_repeat": repeat, "_compress": compress}
_READS = ("local", "lit", "lvar", "state", "index", "lookup")


def _read_only(c: Code) -> bool:
    """Whether ``c`` only reads (locals, literals, the state's zones and variables,
    items of them, a zone card's table value): evaluating it twice gives the same value
    at no cost, and it cannot fail."""
    return all(n.kind in _READS for n in _walk(c))


def _table_read(c: Code, p: Code) -> tuple | None:
    """(table, exact) when ``c`` reads a card table at lambda parameter ``p``:
    ``_SUIT[p]`` (a card of a zone: never fails, exact) or ``_SUIT.get(p)``."""
    kids = c.kids
    if len(kids) != 1 or kids[0].kind != "local" or kids[0].name != p.name:
        return None
    if c.kind == "lookup" and getattr(c, "card_table", None) in _TABLES:
        return c.card_table, True
    if c.kind == "call" and c.fn in {t + ".get" for t in _TABLES}:
        return c.fn[:-4], False
    return None


def _as_scan(name: str, b: Code, p: Code, x: Code) -> Code | None:
    """Built-in ``name`` (``any``, ``all``, ``filter``) applying ``p -> T(p) OP Y`` (or
    ``Y OP T(p)``) to each item of ``x``, where T is a card table and Y does not vary
    with the item, written as a scan in C: ``Y in map(T, x)`` for ``any`` of ``==``,
    ``Y not in map(T, x)`` for ``all`` of ``!=``, else ``any``/``all``/``compress``
    over ``map(OP, map(T, x), repeat(Y))``. The same comparisons in the same order,
    stopping where the built-in stops; Y is evaluated once, when ``x`` has an item
    (where the built-in first evaluates it), so it fails (or not) as the built-in
    would. None when the lambda has another form, or ``x`` is not a plain read (it is
    read twice) or assigns."""
    while b.kind == "group" and len(b.kids) == 1:
        b = b.kids[0]
    op = getattr(b, "op", None) if b.kind == "compare" else None
    if op not in _SCAN_OPS or len(b.kids) != 2:
        return None
    left, right = b.kids
    read = _table_read(left, p)
    if read is None:
        read, op, other = _table_read(right, p), _FLIPPED[op], left
    else:
        other = right
    if read is None or uses(other, {p.name}) \
            or has(other, lambda n: n.kind in ("memo", "walrus")):
        return None
    table, exact = read
    settled = _read_only(other)             # cannot fail: no need to wait for an item
    if not (exact or settled) or not (settled or _read_only(x)):
        return None                         # (T.get of an odd item fails first; x is
    #                                         read twice when the value must wait)
    values = fmt("call", "_map(" + table + ".__getitem__, {})" if exact
                 else "_map(" + table + ".get, {})", x, fn="_map", state=False)
    if name == "any" and op == "==":
        scan = fmt("call", "({} in {})", other, values, wrapped=True, fn="_scan", state=False)
    elif name == "all" and op == "!=":
        scan = fmt("call", "({} not in {})", other, values, wrapped=True, fn="_scan",
                   state=False)
    else:
        tests = fmt("call", "_map(" + _SCAN_OPS[op] + ", {}, _repeat({}))", values, other,
                    fn="_map", state=False)
        fn = {"any": "_any", "all": "_all", "filter": "list"}[name]
        scan = fmt("call", fn + ("(_compress({}, {}))" if name == "filter" else "({})"),
                   *((x, tests) if name == "filter" else (tests,)), fn="_scan", state=False)
    if settled:
        return scan
    empty = {"any": "False", "all": "True", "filter": "[]"}[name]
    return fmt("call", "({} if {} else " + empty + ")", scan, x, wrapped=True, fn="_scan",
               state=False)


def _as_loop(name: str, c: Code) -> Code | None:
    """``_B_any(X, (lambda _pN: B))`` (and the other built-ins of ``_LOOPS``) written as
    a loop over X, or None for any other form. X is evaluated first, once, as the
    built-in's argument is; one that assigns (a memo: ``:=`` may not appear in a
    loop's list) is passed to a one-off function instead."""
    if c.kind != "call" or c.fn != f"_B_{name}" or c.state:
        return None
    args = c.kids
    if len(args) != 2 or args[1].kind != "lambda" or args[1].kids[0].role != "param":
        return None
    x, (p, b) = args[0], args[1].kids
    if name in ("any", "all", "filter"):
        scan = _as_scan(name, b, p, x)
        if scan is not None:
            return scan
    if not has(x, lambda n: n.kind in ("memo", "walrus")):
        return _loop(name, b, p, x)
    arg = local("_x" + p.name[2:], "arg")
    loop = _loop(name, b, p, arg)
    return code("oneoff", ["(lambda ", arg, ": ", loop, ")(", x, ")"],
                listed=loop.kind == "listcomp")


def _fold_logic(out: Typed, op: str) -> Typed:
    """``(True or x)`` is True, ``(False or x)`` is x; ``(False and x)`` is False,
    ``(True and x)`` is x (the language's or/and are Python's)."""
    first, second = out.code.kids
    if first.kind == "lit" and first.value.__class__ is bool:
        return replace(out, code=first if first.value == (op == "or") else second)
    return out



def _parts(c: Code) -> list:
    """The parts ``[A, B, ...]`` of a list concatenation ``A + B ...``; ``[c]`` for
    anything else."""
    if c.kind != "concat":
        return [c]
    return [part for kid in c.kids for part in _parts(kid)]


def _operands(c: Code) -> list:
    """The operands of a chain of one boolean operator, nested ones flattened."""
    out = []
    for v in c.kids:
        out += _operands(v) if v.kind == c.kind else [v]
    return out


def _unswitch_tree(legal: Code, items: set):
    """How a listing's loop over a zone may be split on what does not vary with the item
    (``items``: its names): ``("if", test, then, else)`` for ``X if C else Y`` whose
    ``C`` does not vary (``then``/``else``: the same, for X and Y), ``(first, op, rest)``
    as :func:`_unswitch` says, else the condition itself (a loop that tests it)."""
    node = legal
    while node.kind == "group" and len(node.kids) == 1:
        node = node.kids[0]
    if node.kind == "ifexp" and len(node.kids) == 3 and not uses(node.kids[1], items):
        then, test, other = node.kids
        return ("if", test, _unswitch_tree(then, items), _unswitch_tree(other, items))
    split = _unswitch(node, items)
    if split is None:
        return legal
    first, op, rest = split                 # the rest split again on its own first operand
    return first, op, _unswitch_tree(rest, items)


def _unswitch(legal: Code, items: set) -> tuple | None:
    """(first, "or"/"and", rest) when legal condition ``legal`` is ``A or B ...`` (or
    ``A and B ...``) whose first operand ``A`` reads none of ``items`` (the chosen
    item's names), each operand bracketed (so memos keep their exact form); else
    None."""
    if legal.kind not in ("or", "and"):
        return None
    values = _operands(legal)
    if len(values) < 2 or uses(values[0], items):
        return None
    cut = [v if v.wrapped else fmt("group", "({})", v, wrapped=True) for v in values]
    op = legal.kind
    parts = []
    for i, v in enumerate(cut[1:]):
        parts += [f" {op} ", v] if i else [v]
    return cut[0], op, code(op, parts)


def _computed_before(names: set, forced: bool):
    """How code is written where the memos ``names`` are computed before the loop:
    each as its local; with ``forced``, a definition written in place no longer
    evaluates such a memo argument first (it is computed already)."""
    def swap(node):
        kind = node.kind
        if kind == "memo" and node.name in names:
            return node.name
        if forced and kind == "or" and getattr(node, "inline", False):
            out, skip = [], False
            for p in node.parts:
                if skip:
                    skip = False
                elif isinstance(p, Code) and p.kind == "force" and p.kids[0].kind == "memo" \
                        and p.kids[0].name in names:
                    skip = True                  # the force and the " or " after it
                else:
                    out.append(render(p, swap))
            return "".join(out)
        return None
    return swap
