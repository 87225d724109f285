"""The language reference (docs/language.md) lists every built-in and every effect: its
tables are generated from the registries, and the page holds them verbatim."""
from pathlib import Path

import pytest

from rulekit.analysis.reference import SECTIONS, TABLES, section
from rulekit.lang.builtins import REGISTRY
from rulekit.lang.effects import EFFECTS

PAGE = Path(__file__).resolve().parents[1] / "docs" / "language.md"


@pytest.mark.parametrize("name", sorted(SECTIONS))
def test_generated_tables_are_current(name):
    text = PAGE.read_text(encoding="utf-8")
    assert section(text, name) == TABLES[name](), \
        "regenerate with: python -m rulekit.analysis.reference --write docs/language.md"


def test_every_builtin_has_doc_and_an_example_that_parses():
    from rulekit.lang.grammar import parse
    for name, b in REGISTRY.items():
        assert b.doc, name
        assert f"{name}(" in b.example, name
        parse(b.example)


def test_every_effect_is_documented():
    text = PAGE.read_text(encoding="utf-8")
    missing = [k for k in EFFECTS if f"`{k}:" not in text]
    assert missing == []
