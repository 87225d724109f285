"""The language reference (docs/language.md) lists every built-in and every effect."""
from pathlib import Path

from rulekit.compiling import EFFECT_KEYS
from rulekit.functions import REGISTRY
from rulekit.reference import END, START, builtins_table

PAGE = Path(__file__).resolve().parents[1] / "docs" / "language.md"


def test_builtins_table_is_current():
    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index(START) + len(START):text.index(END)].strip()
    assert section == builtins_table(), "regenerate with: python -m rulekit.reference"


def test_every_builtin_has_doc_and_an_example_that_parses():
    from rulekit.expressions import parse
    for name, b in REGISTRY.items():
        assert b.doc, name
        assert f"{name}(" in b.example, name
        parse(b.example)


def test_every_effect_is_documented():
    text = PAGE.read_text(encoding="utf-8")
    missing = [k for k in EFFECT_KEYS if f"`{k}:" not in text]
    assert missing == []
