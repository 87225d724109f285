"""Helpers of the hot-path compiler that read and rewrite generated code as text
(:mod:`rulekit.compiler.optimize`): literals and logic folded, brackets stripped, a
concatenation split into its parts, a domain ``singles(Z)`` of a zone recognised, and
a built-in applied with a lambda written as a Python loop."""
from __future__ import annotations

import ast
import re
from dataclasses import replace

from ..lang.expressions import Typed

# a built-in applying a lambda to each item, as a Python loop (the same values in the
# same order as the built-in: see rulekit.lang.lists): no call per item
_LOOPS = {"any": "_any(({b}) for {p} in {x})", "all": "_all(({b}) for {p} in {x})",
          "filter": "[{p} for {p} in {x} if ({b})]", "map": "[({b}) for {p} in {x}]",
          "sum_of": "_sum(({b}) for {p} in {x})",
          "max_of": "_max((({b}) for {p} in {x}), default=None)",
          "min_of": "_min((({b}) for {p} in {x}), default=None)"}
_LAMBDA_ARG = re.compile(r"_B_(\w+)\((.*), \(lambda (_p\d+): (.*)\)\)", re.S)


def _as_loop(name: str, code: str) -> str | None:
    """``_B_any(X, (lambda _pN: B))`` (and the other built-ins of ``_LOOPS``) written as
    a loop over X, or None for any other form. X is evaluated first, once, as the
    built-in's argument is; one that assigns (a memo: ``:=`` may not appear in a
    loop's list) is passed to a one-off function instead."""
    m = _LAMBDA_ARG.fullmatch(code)
    if m is None or m.group(1) != name or not _balanced(m.group(2)) \
            or not _balanced(m.group(4)):
        return None
    x, p, b = m.group(2), m.group(3), m.group(4)
    if ":=" not in x:
        return _LOOPS[name].format(b=b, p=p, x=x)
    arg = "_x" + p[2:]
    return f"(lambda {arg}: {_LOOPS[name].format(b=b, p=p, x=arg)})({x})"


def _literal(code: str):
    """The value of a literal the expression compiler writes (text, number, bool, null)."""
    if code.startswith("'"):
        return code[1:-1]
    if code in ("True", "False", "None"):
        return {"True": True, "False": False, "None": None}[code]
    return int(code.strip("()"))


def _fold_logic(out: Typed, op: str) -> Typed:
    """``(True or x)`` is True, ``(False or x)`` is x; ``(False and x)`` is False,
    ``(True and x)`` is x (the language's or/and are Python's)."""
    for lit in ("True", "False"):
        head = f"({lit} {op} "
        if out.code.startswith(head):
            if (lit == "True") == (op == "or"):
                return replace(out, code=lit)
            return replace(out, code=out.code[len(head):-1])
    return out


def _strip(code: str) -> str:
    """``code`` without brackets around the whole of it."""
    while code.startswith("(") and code.endswith(")"):
        depth = 0
        for i, ch in enumerate(code):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0:
                break
        if i != len(code) - 1:
            break
        code = code[1:-1]
    return code


def _concat_parts(code: str) -> list:
    """The parts ``[A, B, ...]`` of a list concatenation ``(list(A) + list(B) ...)`` as
    the expression compiler writes ``A + B``; ``[code]`` for anything else."""
    inner = _strip(code)
    pieces, depth, start = [], 0, 0
    for i, ch in enumerate(inner):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "'" and depth >= 0:
            return [code]                 # a text: do not look inside
        elif depth == 0 and inner.startswith(" + ", i):
            pieces.append(inner[start:i])
            start = i + 3
    pieces.append(inner[start:])
    if len(pieces) < 2 or not all(p.startswith("list(") and p.endswith(")")
                                  and _balanced(p[5:-1]) for p in pieces):
        return [code]
    return [part for p in pieces for part in _concat_parts(p[5:-1])]


def _balanced(code: str) -> bool:
    depth = 0
    for ch in code:
        depth += (ch in "([{") - (ch in ")]}")
        if depth < 0:
            return False
    return depth == 0


def _single_domain(hc, code: str) -> str | None:
    """For a domain ``singles(Z)`` of a zone Z (distinct cards): the code of Z."""
    m = re.fullmatch(r"_B_singles\((_g\d+)(\[_g\d+\])?\)", _strip(hc.unmemo(code)))
    if m is None:
        return None
    base = next((k for k, v in hc.loads.items() if v == m.group(1)), "")
    return m.group(1) + (m.group(2) or "") if base.startswith("G.z[") else None


def _unswitch(code: str, items: set) -> tuple | None:
    """(first, "or"/"and", rest) when legal condition ``code`` is ``A or B ...`` (or
    ``A and B ...``) whose first operand ``A`` reads none of ``items`` (the chosen
    item's names), as texts cut from ``code`` (so memos keep their exact text); else
    None."""
    try:
        tree = ast.parse(code, mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(tree, ast.BoolOp):
        return None
    values = _operands(tree)        # ((A and B) and C) is A and B and C
    if any(v.lineno != 1 or v.end_lineno != 1 for v in values):
        return None
    first = values[0]
    if any(isinstance(n, ast.Name) and n.id in items for n in ast.walk(first)):
        return None
    raw = code.encode("utf-8")
    cut = [f"({raw[v.col_offset:v.end_col_offset].decode('utf-8')})" for v in values]
    op = "or" if isinstance(tree.op, ast.Or) else "and"
    return cut[0], op, f" {op} ".join(cut[1:])


def _operands(node) -> list:
    """The operands of a chain of one boolean operator, nested ones flattened."""
    out = []
    for v in node.values:
        out += _operands(v) if isinstance(v, ast.BoolOp) and type(v.op) is type(node.op) \
            else [v]
    return out
