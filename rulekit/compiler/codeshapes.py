"""What generated code is, read from its tree (:mod:`rulekit.lang.codetree`): the
shapes the hot-path compiler (:mod:`rulekit.compiler.optimize`) and the listing builder
(:mod:`rulekit.compiler.hotpath`) recognise and write: what computes a value and what
only reads one, what is read once at the top, the ends of a list, a built-in applying a
lambda written as a loop, logic folded, a concatenation split into its parts, a
condition's first operand taken out of a loop (unswitched), and how a listing is
written where its memos are computed before the loop."""
from __future__ import annotations

from dataclasses import replace

from ..lang.codetree import Code, call, code, fmt, has, local, render, uses
from ..lang.types import Typed

_CHEAP = ("len", "_SUIT.get", "_RANK.get")      # calls not worth a memo
_PLACED = ("var", "param", "load", "temp", "one")   # locals an end may read twice
_ENDS = ("first", "last", "lowest", "highest")  # list ends written in place


def _computed(c: Code) -> bool:
    """Whether ``c`` computes a value (a call, or a list built by a loop) rather
    than reading one: what may be computed once."""
    return c.kind == "call" or c.kind == "listcomp" or (c.kind == "oneoff" and c.listed)


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
    return split if split is not None else legal


def _unswitch(legal: Code, items: set) -> tuple | None:
    """(first, "or"/"and", rest) when legal condition ``legal`` is ``A or B ...`` (or
    ``A and B ...``) whose first operand ``A`` reads none of ``items`` (the chosen
    item's names), each operand bracketed (so memos keep their exact form); else
    None."""
    if legal.kind not in ("or", "and"):
        return None
    values = _operands(legal)
    if uses(values[0], items):
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
