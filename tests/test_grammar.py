"""The expression grammar is LALR(1) without conflicts (lark's strict mode), and random
well-formed expressions compile to code that agrees with an independent oracle."""
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulekit
from rulekit.lang.grammar import START_RULES

GRAMMAR = Path(__file__).resolve().parents[1] / "grammar" / "expressions.lark"


def test_grammar_is_conflict_free_in_strict_mode():
    from lark import Lark
    Lark(GRAMMAR.read_text(), parser="lalr", start=START_RULES, strict=True)


def test_strict_mode_does_catch_a_conflict():
    """The check above is not vacuous: an ambiguous rule is refused."""
    from lark import Lark
    from lark.exceptions import GrammarError
    with pytest.raises(GrammarError):
        Lark('start: a | b\na: "x"\nb: "x"\n', parser="lalr", strict=True)


# ---- property test: compiled expressions against a tiny oracle ------------------------
# Integer and boolean expressions over literals and the names x, y (bound as locals).
# The oracle evaluates the same tree directly in Python, independently of rulekit.

def ints(depth):
    leaf = st.one_of(st.integers(0, 20).map(lambda n: ("int", n)),
                     st.sampled_from([("name", "x"), ("name", "y")]))
    if depth == 0:
        return leaf
    sub = ints(depth - 1)
    return st.one_of(
        leaf,
        st.tuples(st.sampled_from(["+", "-", "*"]), sub, sub).map(lambda t: ("bin",) + t),
        st.tuples(sub).map(lambda t: ("neg", t[0])),
        st.tuples(bools(depth - 1), sub, sub).map(lambda t: ("cond",) + t),
        st.tuples(st.sampled_from(["max", "min"]), sub, sub).map(lambda t: ("call",) + t),
        st.lists(sub, max_size=4).map(lambda xs: ("count", xs)),
    )


def bools(depth):
    leaf = st.sampled_from([("bool", True), ("bool", False)])
    if depth == 0:
        return leaf
    return st.one_of(
        leaf,
        st.tuples(st.sampled_from(["==", "!=", "<", ">", "<=", ">="]), ints(depth - 1),
                  ints(depth - 1)).map(lambda t: ("cmp",) + t),
        st.tuples(st.sampled_from(["and", "or"]), bools(depth - 1), bools(depth - 1))
        .map(lambda t: ("logic",) + t),
        st.tuples(bools(depth - 1)).map(lambda t: ("not", t[0])),
        st.tuples(ints(depth - 1), st.lists(ints(depth - 1), max_size=3))
        .map(lambda t: ("in", t[0], t[1])),
    )


def text(node) -> str:
    kind = node[0]
    if kind == "int":
        return str(node[1])
    if kind == "name":
        return node[1]
    if kind == "bool":
        return "true" if node[1] else "false"
    if kind == "bin":
        return f"({text(node[2])} {node[1]} {text(node[3])})"
    if kind == "neg":
        return f"(-{text(node[1])})"
    if kind == "cond":
        return f"({text(node[2])} if {text(node[1])} else {text(node[3])})"
    if kind == "call":
        return f"{node[1]}({text(node[2])}, {text(node[3])})"
    if kind == "count":
        return "count([" + ", ".join(text(x) for x in node[1]) + "])"
    if kind == "cmp":
        return f"({text(node[2])} {node[1]} {text(node[3])})"
    if kind == "logic":
        return f"({text(node[2])} {node[1]} {text(node[3])})"
    if kind == "not":
        return f"(not {text(node[1])})"
    if kind == "in":
        return f"({text(node[1])} in [" + ", ".join(text(x) for x in node[2]) + "])"
    raise AssertionError(kind)


def oracle(node, env):
    kind = node[0]
    if kind in ("int", "bool"):
        return node[1]
    if kind == "name":
        return env[node[1]]
    if kind == "bin":
        a, b = oracle(node[2], env), oracle(node[3], env)
        return {"+": a + b, "-": a - b, "*": a * b}[node[1]]
    if kind == "neg":
        return -oracle(node[1], env)
    if kind == "cond":
        return oracle(node[2], env) if oracle(node[1], env) else oracle(node[3], env)
    if kind == "call":
        a, b = oracle(node[2], env), oracle(node[3], env)
        return max(a, b) if node[1] == "max" else min(a, b)
    if kind == "count":
        return len(node[1])
    if kind == "cmp":
        a, b = oracle(node[2], env), oracle(node[3], env)
        return {"==": a == b, "!=": a != b, "<": a < b, ">": a > b, "<=": a <= b,
                ">=": a >= b}[node[1]]
    if kind == "logic":
        a = bool(oracle(node[2], env))
        return (a and bool(oracle(node[3], env))) if node[1] == "and" else \
            (a or bool(oracle(node[3], env)))
    if kind == "not":
        return not oracle(node[1], env)
    if kind == "in":
        return oracle(node[1], env) in [oracle(x, env) for x in node[2]]
    raise AssertionError(kind)


@pytest.fixture(scope="module")
def game():
    return rulekit.load("mattis").new_game(players=3, seed=0)


@settings(max_examples=300, deadline=None)
@given(expr=st.one_of(ints(3), bools(3)), x=st.integers(-5, 5), y=st.integers(-5, 5))
def test_compiled_expressions_agree_with_oracle(game, expr, x, y):
    source = text(expr)
    got = game.evaluate(source, x=x, y=y)
    want = oracle(expr, {"x": x, "y": y})
    if isinstance(want, bool):
        assert bool(got) == want, source
    else:
        assert got == want, source
