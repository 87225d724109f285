"""Generated code is a tree (rulekit.lang.codetree) that the optimiser reads and writes:
no module of rulekit/compiler reads generated code back as text (no regular expression,
no re-parsing, no string surgery), and a tree written another way says so."""
import ast
from pathlib import Path

import rulekit
from rulekit.lang.codetree import Code, call, code, fmt, inline, lit, local, render, unmemo, \
    uses, walk

COMPILER = Path(rulekit.__file__).resolve().parent / "compiler"

# str and pattern methods that read text
TEXT_METHODS = {"startswith", "endswith", "find", "rfind", "index", "rindex", "split",
                "rsplit", "splitlines", "replace", "strip", "lstrip", "rstrip", "partition",
                "rpartition", "count", "match", "fullmatch", "search", "findall", "finditer"}
# (``sub`` of a pattern: only the modules of USES_RE import re)
# the functions of rulekit/compiler that read text, and what text: none of it generated
# code but the lines of a compiled effect list (stepcode._body: the body of its function)
READS_TEXT = {
    ("constants", "const_code"): "a value of the ruleset: written as a literal or not",
    ("context", "literal"): "a count as written in the ruleset",
    ("context", "expr_err"): "an error message",
    ("declarations", "_words"): "the ruleset's names of ranks and suits",
    ("declarations", "declare_cards"): "the ruleset's card symbols and names",
    ("notation", "_spots"): "the ruleset's words",
    ("stepcode", "_body"): "the lines of a compiled effect list, one level deeper",
}
USES_RE = {"constants", "context", "declarations", "notation"}   # the ruleset's text


def _scan():
    imports, reads = {}, set()
    for path in sorted(COMPILER.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports[path.stem] = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import)
                              for a in n.names}
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef):
                for n in ast.walk(fn):
                    if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) \
                            and n.func.attr in TEXT_METHODS:
                        reads.add((path.stem, fn.name))
    return imports, reads


def test_no_compiler_module_reads_generated_code_as_text():
    imports, reads = _scan()
    assert {m for m, names in imports.items() if "re" in names} == USES_RE
    assert [m for m, names in imports.items() if "ast" in names] == []    # nothing re-parsed
    assert reads <= set(READS_TEXT), reads - set(READS_TEXT)
    assert ("optimize", "node") not in reads and "codeshapes" not in {m for m, _ in reads}


def test_a_node_is_its_text_and_its_tree():
    c = local("v_c", "var")
    rank = inline("_RANK.get({0})", [c])
    t = fmt("compare", "({} == {})", rank, lit("3", 3), op="==", wrapped=True)
    assert t == "(_RANK.get(v_c) == 3)" and isinstance(t, Code)
    assert (rank.kind, rank.fn, t.op, t.wrapped) == ("call", "_RANK.get", "==", True)
    assert [n.kind for n in walk(t)] == ["compare", "call", "local", "lit"]
    assert uses(t, {"v_c"}) and not uses(t, {"v_d"})
    assert inline("(not {0})", [c]).kind == "not"
    assert call("_B_seats", [], state=True, comma=True) == "_B_seats(G, )"


def test_a_tree_written_another_way():
    h = local("_h0", "memo")
    plain = call("_B_top_play", [local("_g0", "load")], state=True)
    memo = fmt("memo", "({} if {} is not _u else ({} := {}))", h, h, h, plain, wrapped=True,
               name="_h0")
    t = code("line", ["if ", fmt("not", "(not {})", memo, wrapped=True), ":"])
    assert t == "if (not (_h0 if _h0 is not _u else (_h0 := _B_top_play(G, _g0)))):"
    assert render(t, lambda n: n.name if n.kind == "memo" else None) == "if (not _h0):"
    assert unmemo(t) == "if (not _B_top_play(G, _g0)):" and unmemo(t).kind == "line"
    assert unmemo(plain) is plain           # nothing to write out: the same node


def test_every_listing_is_a_tree_of_known_shapes():
    """Every expression of every bundled game's listings is built of known nodes: none of
    unknown shape (which the optimiser and the sight analysis could not read)."""
    from rulekit.compiler import hotpath
    seen = []
    original = hotpath._legal_source

    def spy(*args):
        text, listing = original(*args)
        seen.append(listing)
        return text, listing
    hotpath._legal_source = spy
    try:
        for name in rulekit.bundled():
            rulekit.check(name)
    finally:
        hotpath._legal_source = original
    assert seen
    kinds = {n.kind for listing in seen for line in listing.lines if isinstance(line, Code)
             for n in walk(line)}
    assert "raw" not in kinds and {"memo", "call", "state", "local", "line"} <= kinds


def test_each_legal_condition_is_compiled_once_per_pass(monkeypatch):
    """A choice's legal condition is compiled by the check (the plain compiler: its
    errors) and by the hot path (its listing), once each: not again by the optimising
    pass of the effects (which never used it), nor twice by the hot path when nothing
    in it is written twice. (A domain that joins a zone's one-card plays to other lists,
    ``singles(hand[actor]) + runs(...)``, is listed in two forms, the one-card plays
    knowing their card: the hot path compiles the condition once for each.)"""
    from collections import Counter
    from rulekit.compiler import hotpath
    from rulekit.lang.expressions import Compiler
    seen, forms = Counter(), Counter()
    original, listed = Compiler.expr, hotpath._expr

    def spy(self, text, scope, want=None):
        seen[(type(self).__name__, text)] += 1
        return original(self, text, scope, want)

    def form(c, hc, text, scope):
        forms[(text, bool(hc.single))] += 1
        return listed(c, hc, text, scope)
    monkeypatch.setattr(Compiler, "expr", spy)
    monkeypatch.setattr(hotpath, "_expr", form)
    for name in rulekit.bundled():
        seen.clear()
        forms.clear()
        rules, _ = rulekit.check(name)
        actions = [a for p in rules.phases.values() for a in p.actions.values()
                   if a.legal_text is not None]
        texts = Counter(a.legal_text for a in actions)
        parted = Counter(a.legal_text for a in actions if a.parts is not None)
        assert texts
        for text, n in texts.items():
            assert seen[("_DefAwareCompiler", text)] == n, (name, text)
            steps = sum(1 for s in rules.steps() if s.decides
                        for a in s.actions if a.legal_text == text and a.parts is None)
            kinds = [k for k in forms if k[0] == text]
            assert all(forms[k] == steps for k in kinds), (name, text, forms)
            # (a choice in parts is never listed: its condition, compiled by the
            # optimising pass, is the one the engine runs)
            assert seen[("HotCompiler", text)] == steps * len(kinds) + parted[text], \
                (name, text)


def test_play_time_expressions_are_trees_too():
    """The expression service writes its constants as trees as the compile context does
    (review: ``-option.min_run`` at play time read a constant of plain text)."""
    rules = rulekit.load("mattis", {"min_run": "3"})
    game = rules.new_game(seed=1)
    fn, typ = rules.expressions.compile("-option.min_run")
    assert (typ, game.call_ruleset(fn, {})) == ("int", -3)
