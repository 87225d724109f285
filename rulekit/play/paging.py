"""The terminal table's lines on screen: how many rows a line of markup takes, and
lines cut into pages."""
from __future__ import annotations


def _cell_len(markup: str) -> int:
    from rich.text import Text
    return Text.from_markup(markup).cell_len


def rows(lines: list[str], width: int) -> int:
    """How many screen rows ``lines`` (rich markup) take at ``width`` columns."""
    width = max(1, width)
    return sum(max(1, -(-_cell_len(line) // width)) for line in lines)


def pages(lines: list[str], height: int) -> list[list[str]]:
    """``lines`` cut into pages of at most ``height`` lines (at least 3 each)."""
    height = max(3, height)
    return [lines[i:i + height] for i in range(0, len(lines), height)] or [[]]
