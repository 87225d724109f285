"""The words templates of the language's constructs: parsing and filling them.

A template (docs/language.md, "Words"):

* ``{0}``, ``{1}`` are the arguments in words, ``{name}`` a named part (an effect's
  parts, a definition's parameters); ``{1.x}`` and ``{1.body}`` the parameter and the
  body of a function argument ``x -> body``;
* ``{0:not}`` the argument's negative words, ``{0:items}`` what a list is made of (a
  zone's are "cards in" it), ``{0:bare}`` its words without a leading "the",
  ``{0:'s}`` its possessive (missing for a phrase of more than two words, so that
  ``[{1:'s} {0}|the {0} of {1}]`` reads "s's hand" but "the hand of the first of
  pending");
* ``[...]`` an optional part, kept when every part named in it has a value
  (``[A|B]``: A, else B, else nothing);
* ``positive|negative`` (outside brackets): the words of a condition, then of its
  negation ("{0} is empty|{0} is not empty").

:func:`fill` fills one with :class:`Phrase` values; :mod:`.words` writes whole
expressions and effects with them.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..lang.wording import SLOT as _SLOT, slots, split_template

__all__ = ["Phrase", "Block", "fill", "joined", "lay_out", "slots", "split_template"]


@dataclass
class Phrase:
    """Words for one expression: ``text`` (positive), ``neg`` (negative, when the
    construct has its own), ``kind`` (``atom``, ``and``, ``or``, ``cond``, ``arith``,
    ``cmp``: how it binds), ``items`` ("cards in stock" for a zone), ``x`` and ``body``
    (a function ``x -> body``)."""
    text: str
    neg: str | None = None
    kind: str = "atom"
    items: str | None = None
    x: str | None = None
    body: "Phrase | None" = None

    def __str__(self) -> str:
        return self.text

    def negative(self) -> str:
        """The negative words: its own, else ``not X`` (``it is not so that X``)."""
        if self.neg is not None:
            return self.neg
        return f"not {self.text}" if self.kind == "atom" else f"it is not so that {self.text}"


def fill(template: str, args=(), parts=None, negative: bool = False) -> list:
    """The pieces of ``template`` (its negative form with ``negative``, when it has one)
    filled from ``args`` (``{0}``...) and ``parts`` (``{name}``): text, and the values
    that are not text (a :class:`Block` of nested lines) as they are. A part that is
    None or False is missing (an optional part naming it is dropped); True fills in as
    nothing. Raises ValueError for a template that does not close its brackets."""
    pos, neg = split_template(template)
    text = neg if negative and neg is not None else pos
    return _fill(text, list(args), dict(parts or {}))


def _value(key, attr, conv, args, parts):
    v = args[int(key)] if key.isdigit() and int(key) < len(args) else parts.get(key)
    if v is None or v is False:
        return None
    if v is True:
        return ""
    if attr:
        v = getattr(v, attr, None)
        if v is None:
            return None
    if conv == "not":
        return v.negative() if isinstance(v, Phrase) else f"not {v}"
    if conv == "items":
        return (v.items or v.text) if isinstance(v, Phrase) else str(v)
    if conv == "'s":                    # a possessive: short phrases only
        t = str(v)
        return "your" if t == "you" else t + "'s" if len(t.split()) <= 2 else None
    if conv == "bare":                  # without its leading article
        t = str(v)
        return t[4:] if t.startswith("the ") else t
    return v


def _fill(text: str, args: list, parts: dict) -> list:
    out: list = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "[":
            j = _closing(text, i)
            for alt in _alternatives(text[i + 1:j]):
                if all(_value(m.group(1), m.group(2), m.group(3), args, parts) is not None
                       for m in _SLOT.finditer(_outside_brackets(alt))):
                    out += _fill(alt, args, parts)
                    break
            i = j + 1
        elif ch == "{":
            m = _SLOT.match(text, i)
            if m is None:
                raise ValueError(f"a '{{' that names no part in {text!r}")
            v = _value(m.group(1), m.group(2), m.group(3), args, parts)
            out.append("" if v is None else v)
            i = m.end()
        else:
            j = min((k for k in (text.find("[", i), text.find("{", i)) if k >= 0),
                    default=len(text))
            out.append(text[i:j])
            i = j
    return out


def _outside_brackets(text: str) -> str:
    """``text`` without its bracketed parts (their holes are optional)."""
    out, depth = [], 0
    for ch in text:
        depth += ch == "["
        if depth == 0:
            out.append(ch)
        depth -= ch == "]"
    return "".join(out)


def _closing(text: str, i: int) -> int:
    depth = 0
    for j in range(i, len(text)):
        depth += {"[": 1, "]": -1}.get(text[j], 0)
        if depth == 0:
            return j
    raise ValueError(f"a '[' that is never closed in {text!r}")


def _alternatives(text: str) -> list[str]:
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += {"[": 1, "]": -1, "{": 1, "}": -1}.get(ch, 0)
        if ch == "|" and depth == 0:
            out.append(text[start:i])
            start = i + 1
    return out + [text[start:]]


def joined(pieces: list) -> str:
    """The pieces of :func:`fill` as one line (nested lines joined by '; ')."""
    return "".join(p.inline() if isinstance(p, Block) else str(p) for p in pieces)


@dataclass
class Block:
    """Nested lines (an effect's child list) inside a filled template."""
    lines: list

    def inline(self) -> str:
        return "; ".join(line.strip() for line in self.lines) or "nothing"


def lay_out(pieces: list, indent: str) -> list[str]:
    """Filled pieces as lines: a nested block of one short line stays on its line;
    a longer one goes below, indented, and the text after it starts a new line."""
    lines, current = [], indent
    for p in pieces:
        if not isinstance(p, Block):
            text = str(p)
            if current == indent:                     # a new line: no leading '; '
                text = text.lstrip("; ,")
            current += text
            continue
        one = len(p.lines) == 1 and len(p.lines[0].strip()) <= 60
        if one or not p.lines:
            current += p.inline()
        else:
            lines.append(current.rstrip())
            lines += p.lines
            current = indent
    if current.strip():
        lines.append(current.rstrip())
    return lines
