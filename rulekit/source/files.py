"""Where the package's data lives: the grammar, the JSON Schema, the bundled rulesets.

In an installed wheel they sit inside the package (``rulekit/grammar``,
``rulekit/rulesets``); in a source checkout they are the top-level ``grammar/`` and
``rulesets/`` folders beside the package.
"""
from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent.parent   # the package folder


def data_dir(name: str) -> Path:
    """The folder ``name`` (``"grammar"`` or ``"rulesets"``), installed or in the checkout."""
    inside = _HERE / name
    if inside.is_dir():
        return inside
    return _HERE.parent / name


def grammar_path() -> Path:
    """Path of the expression grammar (``expressions.lark``)."""
    return data_dir("grammar") / "expressions.lark"


def schema_path() -> Path:
    """Path of the ruleset JSON Schema (Draft 2020-12)."""
    return data_dir("rulesets") / "ruleset.schema.json"


def bundled_rulesets() -> dict[str, Path]:
    """Bundled ruleset names mapped to their YAML files, sorted by name."""
    folder = data_dir("rulesets")
    return {p.stem: p for p in sorted(folder.glob("*.yaml"))}
