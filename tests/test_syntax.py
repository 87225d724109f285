"""The typed syntax tree (rulekit.lang.syntax): every grammar rule becomes a class with
named fields, positions and source text are exact, deep trees build without recursion,
and no module but the parser's two reads lark's trees."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from rulekit.lang import fromlark, syntax
from rulekit.lang.grammar import START_RULES, parse, parser
from rulekit.lang.types import ExprError

ROOT = Path(__file__).resolve().parents[1] / "rulekit"

# one text per construct: (entry, text, the class of the root)
SAMPLES = [
    ("expr", "x", syntax.Name), ("expr", "12", syntax.Int), ("expr", "'a b'", syntax.String),
    ("expr", "null", syntax.NullLit), ("expr", "true", syntax.TrueLit),
    ("expr", "false", syntax.FalseLit), ("expr", "[1, x]", syntax.ListLit),
    ("expr", "[]", syntax.ListLit), ("expr", "c -> rank(c)", syntax.Lambda),
    ("expr", "a if b else c", syntax.Conditional), ("expr", "a or b", syntax.Or),
    ("expr", "a and b", syntax.And), ("expr", "not a", syntax.Not),
    ("expr", "a <= b", syntax.Compare), ("expr", "a in b", syntax.In),
    ("expr", "a not in b", syntax.NotIn), ("expr", "a ?? b", syntax.Coalesce),
    ("expr", "a % 3", syntax.BinOp), ("expr", "-a", syntax.Neg),
    ("expr", "hand[s]", syntax.Index), ("expr", "option.fast", syntax.Attr),
    ("expr", "f()", syntax.Call), ("expr", "f(a, b)", syntax.Call),
    ("move_stmt", "c to trick", syntax.Move),
    ("move_stmt", "c to trick at bottom by s as 'extra'", syntax.Move),
    ("assign_stmt", "x = 1", syntax.Assign), ("assign_stmt", "p[s] = 1", syntax.Assign),
    ("let_stmt", "w = 2", syntax.Let), ("for_stmt", "s in seats()", syntax.For),
    ("choose_stmt", "c in hand[actor]", syntax.ChooseIn),
    ("choose_stmt", "nothing", syntax.ChooseNothing),
    ("choose_stmt", "c in hand[actor], 'on' p in seats()", syntax.ChooseParts),
    ("choose_stmt", "'with' c in hand[actor]", syntax.ChooseParts),
    ("call_stmt", "draw(s, 2)", syntax.CallStmt), ("call_stmt", "draw()", syntax.CallStmt),
    ("head_stmt", "f", syntax.Head), ("head_stmt", "f(a, b)", syntax.Head),
    ("expr", "{'C': 'S', x: 1 + 2}", syntax.MapLit), ("expr", "{}", syntax.MapLit),
    ("expr", "let x = count(h); x * x", syntax.LetIn),
]


@pytest.mark.parametrize("start,text,cls", SAMPLES, ids=[s[1] for s in SAMPLES])
def test_every_construct_has_its_class(start, text, cls):
    tree = parse(text, start)
    assert type(tree) is cls and tree.kind == cls.kind
    assert (tree.start, tree.end, tree.text) == (0, len(text), text)
    with pytest.raises(dataclasses.FrozenInstanceError):
        tree.start = 3


def test_every_rule_of_the_grammar_is_built():
    """A rule added to the grammar without its class here fails this test."""
    rules = {r.alias or r.origin.name for r in parser().rules}
    rules = {str(r) for r in rules if not str(r).startswith(("_", "__"))}
    handled = set(fromlark._MAKE) | {"attr", "move_as"}
    inlined = {"expr", "test", "or_test", "and_test", "not_test", "comparison", "arith",
               "term", "factor", "postfix", "atom", "start", *START_RULES}
    assert rules - inlined <= handled
    assert handled - {"args", "params", "pairs", "move_at", "move_by", "move_as"} == \
        {cls.kind for cls in vars(syntax).values()
         if isinstance(cls, type) and issubclass(cls, syntax.Node) and cls.kind}


def test_parts_of_a_choice_keep_their_words_and_positions():
    text = "c in hand[actor], 'on' p in seats(), n in numbers(1, x)"
    tree = parse(text, "choose_stmt")
    assert [(m.word, m.name, m.domain.text) for m in tree.members] == [
        (None, "c", "hand[actor]"), ("on", "p", "seats()"), (None, "n", "numbers(1, x)")]
    assert [m.start for m in tree.members] == [0, text.index("'on"), text.index("n in")]
    assert tree.members[2].domain.args[1].start == text.index("x)")


def test_named_fields_and_positions():
    text = "count(hand[s]) > 2 and option.fast"
    tree = parse(text)
    cmp, opt = tree.left, tree.right
    assert (cmp.op, cmp.left.name, cmp.right.value) == (">", "count", 2)
    index = cmp.left.args[0]
    assert (index.base.name, index.index.name) == ("hand", "s")
    assert (index.start, index.end, index.text) == (6, 13, "hand[s]")
    assert (opt.base, opt.attr, opt.attr_start) == ("option", "fast", text.index("fast"))
    move = parse("top(stock) to trick at 0 as 'extra'", "move_stmt")
    assert (move.what.name, move.to.name, move.at.value, move.by) == ("top", "trick", 0, None)
    assert (move.as_.value, move.as_.text) == ("extra", "'extra'")
    assert parse("p[s] = x + 1", "assign_stmt").index.name == "s"
    assert parse("x = 1", "assign_stmt").index is None
    assert parse("f(a, b)", "head_stmt").params == ("a", "b")
    assert [n.text for n in syntax.walk(parse("a + f(b)"))] == ["a + f(b)", "a", "f(b)", "b"]


def lark_depth(text: str) -> int:
    from lark import Tree
    deepest, todo = 0, [(parser().parse(text, start="expr"), 1)]
    while todo:
        node, d = todo.pop()
        deepest = max(deepest, d)
        todo.extend((c, d + 1) for c in node.children if isinstance(c, Tree))
    return deepest


@pytest.mark.parametrize("text", ["a", "f(a, g(b))", "[1, [2, [3]]]", "-(-(-x))",
                                  "a if b else c or d", "x -> y -> f(x, y)"])
def test_depth_counts_as_the_grammar_nests(text):
    assert parse(text).depth == lark_depth(text)


def test_a_deep_tree_builds_without_recursion():
    text = " + ".join(["a"] * 3000)
    parse.cache_clear()
    tree = parse(text)
    assert tree.depth == 3000 and tree.end == len(text)
    assert sum(1 for _ in syntax.walk(tree)) == 5999


def test_literal():
    assert [syntax.literal(parse(t)) for t in ("'x'", "3", "-3", "x", "-x")] == \
        ["x", 3, -3, None, None]


def test_a_syntax_error_is_an_expression_error():
    with pytest.raises(ExprError) as exc:
        parse("a +")
    assert exc.value.code == "expr-syntax"


def test_only_the_parser_reads_lark_trees():
    """No module but lang/grammar.py and lang/fromlark.py (the syntax tree made of
    lark's) imports lark or reads a tree's children by position."""
    allowed = {ROOT / "lang" / "grammar.py", ROOT / "lang" / "fromlark.py"}
    for path in ROOT.rglob("*.py"):
        if path in allowed:
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import) lark", text, re.M), path
        assert ".children[" not in text, path
