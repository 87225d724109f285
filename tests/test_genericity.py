"""DESIGN.md, the genericity rule: the engine package names no bundled game."""
import re
from pathlib import Path

import rulekit

WORDS = re.compile(r"mattis|myllymatti|atlanta|norsk|dreck|slough|krig|sjans|durak|skitgubbe|"
                   r"perevod|podkid|president|scum|holdem|hold'em|poker|blinds?\b|side pots?|showdown|"
                   r"\bgin\b|gin.rummy|undercut|lay.?offs?\b|knock|spite|malice|pay-?off|klondike",
                   re.IGNORECASE)


def test_engine_package_names_no_game():
    package = Path(rulekit.__file__).parent
    hits = []
    for path in package.rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if WORDS.search(line):
                hits.append(f"{path.name}:{number}: {line.strip()}")
    assert hits == []


def test_the_check_itself_can_fail(tmp_path):
    """The pattern does catch a game's name (so the test above is not vacuous)."""
    assert WORDS.search("def slough_window(): pass")
    assert WORDS.search("# Mattis tie-break")
    assert WORDS.search("# the side pots of no-limit Hold'em")
    assert WORDS.search("a pay-off pile of Spite and Malice")
    assert WORDS.search("# gin: no lay-offs") and not WORDS.search("begin the engine")


def test_bundled_rulesets_validate_without_errors_or_warnings():
    for name in rulekit.bundled():
        rules, diagnostics = rulekit.check(name)
        assert rules is not None and diagnostics == [], (name, diagnostics)


RULE_ID = re.compile(r"\b(?!UTF-)[A-Z]{1,4}-[0-9]+\b")


def test_engine_package_cites_no_rule_book_id():
    """Rule-book ids (C-8, MAT-11) belong to rulesets and their tests, not the engine."""
    package = Path(rulekit.__file__).parent
    hits = [f"{p.relative_to(package)}:{n}: {line.strip()}"
            for p in package.rglob("*.py")
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if RULE_ID.search(line)]
    assert hits == []


def test_help_cites_no_rule_book_id(capsys):
    from rulekit.cli import build_parser
    parser = build_parser()
    texts = [parser.format_help()]
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    texts += [p.format_help() for p in sub.choices.values()]
    assert [t for t in texts if RULE_ID.search(t)] == []


def test_engine_package_names_no_zone_a_ruleset_chose():
    """No string in the package is the name of a zone some bundled ruleset declares
    (``hand``, ``trick``, ``stock`` ...): the engine reads zones from the ruleset. The
    engine's own ``deck`` and the language's words (an effect named ``out``) are fine."""
    import ast

    from rulekit.lang.effects import EFFECTS
    zones = set()
    for name in rulekit.bundled():
        zones |= set(rulekit.load(name).zones)
    forbidden = zones - {"deck"} - set(EFFECTS)
    package = Path(rulekit.__file__).parent
    hits = []
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in forbidden:
                hits.append(f"{path.relative_to(package)}:{node.lineno}: {node.value!r}")
    assert forbidden and hits == []


def test_the_id_check_can_fail():
    assert RULE_ID.search("(max_actions, C-8)") and RULE_ID.search("MAT-11 take")
    assert not RULE_ID.search("a top-2 card, utf-8")
