"""Rule books (docs/rules/README.md): the player's text first, then one fixed heading,
``## Notes for authors``, above everything that is not for players.

:func:`parse_rule_book` splits one file into its two parts and finds its rules (a
bullet at the left margin that starts with a bold rule id: capital letters, or digits
after the first, a hyphen and a number); :func:`load_rule_book` reads and parses every
file of a ruleset's ``rule_book``; :func:`render_text` is what ``rulekit rules`` and the
terminal's ``rules`` show (the markdown as plain text), :func:`render_html` what a
web page shows (rulekit.source.markdown converts both). The structured form
(:class:`RuleBook`: sections, each a list of rules and markdown in order) is for any
other reader.
"""
from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

NOTES_HEADING = "## Notes for authors"
_ID = r"[A-Z][A-Z0-9]*-[0-9]+"
_BULLET = re.compile(rf"^[-*+][ \t]+\*\*({_ID})\*\*(.*)$")
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


class RuleBookError(ValueError):
    """A malformed rule book: the message is one line, ``FILE:LINE: what is wrong``."""


@dataclass(frozen=True)
class Rule:
    """One rule of the player's part: its ``id``, the title of the ``section`` it is in
    ("" before the first section), its ``text`` (markdown, the bold id and the bullet
    taken off, continuation lines unindented) and the ``line`` it starts on (1-based)."""
    id: str
    section: str
    text: str
    line: int


@dataclass(frozen=True)
class Section:
    """A heading of the player's part and what follows it up to the next heading:
    ``items`` in order, each a :class:`Rule` or a markdown text (a paragraph, a table,
    a list that is not a rule). The part before the first section heading is a section
    titled "" (level 1), present only when it holds something."""
    title: str
    level: int
    line: int
    items: tuple = ()

    @property
    def rules(self) -> tuple:
        """The section's rules, in order."""
        return tuple(i for i in self.items if isinstance(i, Rule))


@dataclass(frozen=True)
class RuleBook:
    """One parsed rule book file.

    ``name``: the file's name; ``title``: its first ``#`` heading ("" if none);
    ``sections``: the player's part, structured (:class:`Section`); ``player_text``:
    the player's part as written; ``text``: the whole file (the notes included);
    ``notes``: the notes part after its heading ("" when there is none);
    ``rule_notes``: rule id -> the texts of the notes' bullets keyed by that id."""
    name: str
    title: str
    sections: tuple
    player_text: str
    text: str
    notes: str = ""
    rule_notes: dict = field(default_factory=dict)

    @property
    def rules(self) -> tuple:
        """Every rule of the player's part, in book order."""
        return tuple(r for s in self.sections for r in s.rules)


def parse_rule_book(text: str, name: str = "rule book") -> RuleBook:
    """Parse the markdown ``text`` of the rule book file ``name`` (used in messages).

    The player's part is everything before the line ``## Notes for authors``; the notes
    are everything after it. A rule is a bullet at the left margin whose first word is a
    bold rule id; it runs on over indented lines (blank lines inside included), so a
    rule may hold nested lists. In the notes, such a bullet is a note on that rule.
    Fenced code blocks are read as text. Returns a :class:`RuleBook`. Raises
    :class:`RuleBookError` (``FILE:LINE: ...``) for a second notes heading, a heading
    that is nearly the notes heading but not it exactly, a rule id defined twice in the
    player's part, or a note keyed by an id that names no rule of this file."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    code = _in_code(lines)
    cut = None
    for i, line in enumerate(lines):
        m = None if code[i] or line[:1] != "#" else _HEADING.match(line)
        if m is None or m.group(2).casefold() != NOTES_HEADING[3:].casefold():
            continue
        if line.rstrip() != NOTES_HEADING:
            raise RuleBookError(f"{name}:{i + 1}: the notes heading is written "
                                f"'{NOTES_HEADING}', exactly, not '{line.strip()[:80]}'")
        if cut is not None:
            raise RuleBookError(f"{name}:{i + 1}: a second '{NOTES_HEADING}' heading (the "
                                f"first is at line {cut + 1}); a rule book has one")
        cut = i
    end = len(lines) if cut is None else cut
    title, sections = _player_part(lines[:end], code)
    rules: dict = {}
    for rule in (r for s in sections for r in s.rules):
        if rule.id in rules:
            raise RuleBookError(f"{name}:{rule.line}: the rule id {rule.id} is defined twice "
                                f"(first at line {rules[rule.id].line})")
        rules[rule.id] = rule
    rule_notes: dict = {}            # rule id -> [note text, ...]
    if cut is not None:
        for item in _items(lines, cut + 1, len(lines), code, ""):
            if not isinstance(item, Rule):
                continue
            if item.id not in rules:
                raise RuleBookError(f"{name}:{item.line}: a note on {item.id}, which is no "
                                    f"rule of {name} (a note's bold id names a rule above "
                                    f"'{NOTES_HEADING}')")
            rule_notes.setdefault(item.id, []).append(item.text)
    return RuleBook(name=name, title=title, sections=tuple(sections),
                    player_text="\n".join(lines[:end]).strip("\n"),
                    text="\n".join(lines).strip("\n"),
                    notes="" if cut is None else "\n".join(lines[cut + 1:]).strip("\n"),
                    rule_notes={k: tuple(v) for k, v in rule_notes.items()})


def load_rule_book(names, ruleset_file) -> list:
    """The :class:`RuleBook` of each file of a ruleset's ``rule_book`` (file names), in
    order, read by :func:`rulekit.source.files.read_rule_book` (its limits and
    confinement). Raises what that raises (FileNotFoundError, ValueError, OSError),
    and :class:`RuleBookError` for a malformed file or a rule id defined in two of the
    files."""
    from .files import read_rule_book
    books = [parse_rule_book(text, name) for name, text in read_rule_book(names, ruleset_file)]
    seen: dict = {}
    for book in books:
        for rule in book.rules:
            if rule.id in seen:
                first, where = seen[rule.id]
                raise RuleBookError(f"{book.name}:{rule.line}: the rule id {rule.id} is "
                                    f"defined twice in the rule book (first in {first}, "
                                    f"line {where.line})")
            seen[rule.id] = (book.name, rule)
    return books


def book_text(books, notes: bool = False) -> str:
    """The Markdown of ``books`` (:class:`RuleBook`) as written: each file's player part
    (with ``notes``, the whole file), a ``---- FILE ----`` line before each file after
    the first. (What a person reads is :func:`render_text`.)"""
    parts = []
    for i, book in enumerate(books):
        body = book.text if notes else book.player_text
        parts.append(body if i == 0 else f"\n---- {book.name} ----\n\n{body}")
    return "\n".join(parts)


def book_markdown(books, notes: bool = False) -> list[tuple[str, str]]:
    """``(file name, markdown)`` of each of ``books`` (:class:`RuleBook`): its player's
    part, or with ``notes`` the whole file (the notes heading and notes included)."""
    return [(book.name, book.text if notes else book.player_text) for book in books]


def render_text(books, width: int = 80, notes: bool = False) -> str:
    """What ``rulekit rules`` prints of ``books``: each file's markdown (see
    :func:`book_markdown`) as plain text ``width`` columns wide
    (:func:`rulekit.source.markdown.to_text`: headings, wrapped rules with their ids
    kept, readable tables, no markdown markers), a ``---- FILE ----`` line before each
    file after the first. Not yet made printable (the caller does)."""
    from .markdown import to_text
    parts = []
    for i, (name, text) in enumerate(book_markdown(books, notes)):
        body = to_text(text, width)
        parts.append(body if i == 0 else f"\n---- {name} ----\n\n{body}")
    return "\n".join(parts)


def render_html(books, notes: bool = False, shift: int = 1) -> str:
    """``books`` as an HTML fragment for a web page: each file an ``<article
    class="rule-book">`` of its markdown (:func:`book_markdown`) converted by
    :func:`rulekit.source.markdown.to_html` (everything in the source escaped;
    headings ``shift`` levels lower)."""
    import html

    from .markdown import to_html
    return "\n".join(f'<article class="rule-book" data-file="{html.escape(name)}">\n'
                     f"{to_html(text, shift)}\n</article>"
                     for name, text in book_markdown(books, notes))


def _in_code(lines) -> list:
    """Whether each line is inside (or fences) a fenced code block."""
    out, fence = [], None
    for line in lines:
        m = _FENCE.match(line) if line.lstrip(" ")[:1] in ("`", "~") else None
        if fence is None and m:
            fence = m.group(1)[0] * len(m.group(1))
            out.append(True)
        elif fence is not None:
            out.append(True)
            if line.strip().startswith(fence) and not line.strip().strip(fence[0]):
                fence = None
        else:
            out.append(False)
    return out


def _player_part(lines, code) -> tuple:
    """``(title, sections)`` of the player's part ``lines``."""
    title, start = "", 0
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        m = None if code[i] else _HEADING.match(line)
        if m and len(m.group(1)) == 1:
            title, start = m.group(2), i + 1
        break
    heads = [(i, m) for i in range(start, len(lines))
             if lines[i][:1] == "#" and not code[i] and (m := _HEADING.match(lines[i]))]
    sections = []
    bounds = [(start, "", 1)] + [(i + 1, m.group(2), len(m.group(1))) for i, m in heads]
    ends = [i for i, _ in heads] + [len(lines)]
    for (begin, head, level), stop in zip(bounds, ends):
        items = tuple(_items(lines, begin, stop, code, head))
        if head or items:
            sections.append(Section(head, level, begin if head else start + 1, items))
    return title, sections


def _items(lines, begin, stop, code, section) -> list:
    """The rules and the markdown between them in ``lines[begin:stop]``."""
    out, chunk, i = [], [], begin

    def flush():
        text = "\n".join(chunk).strip("\n")
        if text.strip():
            out.append(text)
        chunk.clear()

    while i < stop:
        bullet = lines[i][:1] in ("-", "*", "+") and not code[i]
        m = _BULLET.match(lines[i]) if bullet else None
        if m is None:
            chunk.append(lines[i])
            i += 1
            continue
        flush()
        j = i + 1
        while j < stop:
            if lines[j].strip():
                if not lines[j][:1].isspace():
                    break
                j += 1
                continue
            k = next((k for k in range(j, stop) if lines[k].strip()), stop)
            if k == stop or not lines[k][:1].isspace():
                break
            j = k
        more = textwrap.dedent("\n".join(lines[i + 1:j]))
        body = (m.group(2).strip() + ("\n" + more if more.strip() else "")).strip()
        out.append(Rule(m.group(1), section, body, i + 1))
        i = j
    flush()
    return out
