"""DESIGN.md, the genericity rule: the engine package names no bundled game."""
import re
from pathlib import Path

import rulekit

WORDS = re.compile(r"mattis|myllymatti|atlanta|norsk|dreck|slough|krig|sjans", re.IGNORECASE)


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


def test_bundled_rulesets_validate_without_errors_or_warnings():
    for name in rulekit.bundled():
        rules, diagnostics = rulekit.check(name)
        assert rules is not None and diagnostics == [], (name, diagnostics)
