"""The Markdown that rule books are written in (docs/rules/README.md), read and shown:
as plain text for a terminal (:func:`to_text`, wrapped to a width) and as HTML for a
web page (:func:`to_html`, every character of the source escaped).

Only the subset the books use is read, the rest is shown as the text it is:

- blocks: ``#`` headings, paragraphs, lists (``-``, ``*``, ``+`` or ``1.``; nested by
  indenting; an item runs on over indented lines and blank lines before indented
  ones), pipe tables (a header row, a ``|---|`` row, then rows), fenced code (```` ``` ````
  or ``~~~``) and ``---`` rules;
- inline: ```code```, ``**strong**``, ``*emphasis*`` and ``_emphasis_``, links
  ``[text](https://...)`` and ``<https://...>`` (only ``http``, ``https`` and
  ``mailto`` addresses become links in HTML; any other is shown as text), and
  backslash escapes.

A rule book is data written by a ruleset's author, so it is never trusted: in HTML no
tag, attribute or entity of the source passes through (everything is escaped, and the
converter writes only the tags above), and the plain text is left for the caller to
make printable (:func:`rulekit.errors.printable`).
"""
from __future__ import annotations

import html
import re
import textwrap
from dataclasses import dataclass, field

_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_ITEM = re.compile(r"^( {0,3})([-*+]|[0-9]{1,9}[.)])([ \t]+|$)")
_RULE = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_TABLE_SEP = re.compile(r"^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_RULE_ID = re.compile(r"[A-Z][A-Z0-9]*-[0-9]+")
_INLINE = re.compile(
    r"(?P<code>(?P<ticks>`+)(?P<ctext>.+?)(?P=ticks))"
    r"|\*\*(?P<strong>\S(?:.*?\S)?)\*\*"
    r"|(?<![\w*])\*(?P<em>[^\s*](?:[^*]*?[^\s*])?)\*(?![\w*])"
    r"|(?<![\w\\])_(?P<em2>[^\s_](?:[^_]*?[^\s_])?)_(?!\w)"
    r"|\[(?P<ltext>[^\]]+)\]\((?P<url>[^)\s]+)\)"
    r"|<(?P<auto>(?:https?://|mailto:)[^>\s]+)>"
    r"|\\(?P<esc>[!-/:-@\[-`{-~])", re.DOTALL)
_SAFE_URL = re.compile(r"^(?:https?://|mailto:)[^\s\"'<>`]+$", re.IGNORECASE)


@dataclass
class Block:
    """One block of a parsed document: ``kind`` is ``heading`` (``level``, ``text``),
    ``para`` (``text``), ``list`` (``ordered``, ``items``: a list of block lists),
    ``pipes`` (a pipe table: ``rows``: header row first, each a list of cell texts), ``code``
    (``text``, shown as written) or ``rule`` (a horizontal line)."""
    kind: str
    text: str = ""
    level: int = 0
    ordered: bool = False
    items: list = field(default_factory=list)
    rows: list = field(default_factory=list)


# ---- blocks --------------------------------------------------------------------------
def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _starts_block(lines, i: int) -> bool:
    """Whether ``lines[i]`` begins a block that ends a paragraph before it."""
    line = lines[i]
    if _HEADING.match(line) or _FENCE.match(line) or _RULE.match(line):
        return True
    m = _ITEM.match(line)
    if m and line[m.end():].strip() and (m.group(2) in "-*+" or m.group(2)[:-1] == "1"):
        return True
    return _table_starts(lines, i)


def _table_starts(lines, i: int) -> bool:
    return (lines[i].lstrip().startswith("|") and i + 1 < len(lines)
            and "-" in lines[i + 1] and bool(_TABLE_SEP.match(lines[i + 1])))


def parse(text: str) -> list[Block]:
    """The blocks of the Markdown ``text`` (see the module docstring)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").expandtabs(4).split("\n")
    return _blocks(lines)


def _blocks(lines) -> list[Block]:
    out: list[Block] = []
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if (m := _FENCE.match(line)) is not None:
            mark, body, i = m.group(1), [], i + 1
            while i < n and not (lines[i].strip().startswith(mark[0] * len(mark))
                                 and not lines[i].strip().strip(mark[0])):
                body.append(lines[i])
                i += 1
            out.append(Block("code", text=textwrap.dedent("\n".join(body))))
            i += 1
            continue
        if (m := _HEADING.match(line)) is not None:
            out.append(Block("heading", text=(m.group(2) or "").strip(), level=len(m.group(1))))
            i += 1
            continue
        if _RULE.match(line):
            out.append(Block("rule"))
            i += 1
            continue
        if _table_starts(lines, i):
            rows = [_cells(line)]
            i += 2
            while i < n and lines[i].strip() and "|" in lines[i]:
                rows.append(_cells(lines[i]))
                i += 1
            width = len(rows[0])
            out.append(Block("pipes", rows=[(r + [""] * width)[:width] for r in rows]))
            continue
        if _ITEM.match(line):
            block, i = _list(lines, i)
            out.append(block)
            continue
        para = [line.strip()]
        i += 1
        while i < n and lines[i].strip() and not _starts_block(lines, i):
            para.append(lines[i].strip())
            i += 1
        out.append(Block("para", text="\n".join(para)))
    return out


def _list(lines, i: int) -> tuple[Block, int]:
    """The list starting at ``lines[i]`` and the index of the line after it."""
    first = _ITEM.match(lines[i])
    ordered = first.group(2) not in "-*+"
    base = len(first.group(1))
    items, n = [], len(lines)
    while i < n:
        m = _ITEM.match(lines[i])
        if m is None or len(m.group(1)) != base or (m.group(2) not in "-*+") != ordered:
            break
        content = m.end() if m.group(3) else m.end() + 1
        body = [lines[i][m.end():]]
        j = i + 1
        while j < n:
            if lines[j].strip():
                if _indent(lines[j]) <= base:
                    break
                body.append(lines[j][min(_indent(lines[j]), content):])
                j += 1
                continue
            k = next((k for k in range(j, n) if lines[k].strip()), n)
            if k == n or _indent(lines[k]) <= base:
                break
            body.extend([""] * (k - j))
            j = k
        items.append(_blocks(body))
        i = j
        k = next((k for k in range(i, n) if lines[k].strip()), n)
        if k < n and (m := _ITEM.match(lines[k])) and len(m.group(1)) == base:
            i = k                       # blank lines between the items of one list
        else:
            break
    return Block("list", ordered=ordered, items=items), i


def _cells(line: str) -> list[str]:
    """The cells of a table row: split at ``|`` outside code spans (``\\|`` is a ``|``)."""
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    cells, cur, i, ticks = [], [], 0, 0
    while i < len(s):
        ch = s[i]
        if ch == "\\" and i + 1 < len(s) and s[i + 1] == "|":
            cur.append("|")
            i += 2
            continue
        if ch == "`":
            run = len(s[i:]) - len(s[i:].lstrip("`"))
            ticks = run if not ticks else (0 if run == ticks else ticks)
            cur.append("`" * run)
            i += run
            continue
        if ch == "|" and not ticks:
            cells.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
        i += 1
    cells.append("".join(cur).strip())
    return cells


# ---- inline --------------------------------------------------------------------------
def _spans(text: str) -> list[tuple]:
    """``text`` as inline spans: ``("text", s)``, ``("code", s)``, ``("strong", spans)``,
    ``("em", spans)``, ``("link", spans, url)``."""
    out, at = [], 0
    for m in _INLINE.finditer(text):
        if m.start() > at:
            out.append(("text", text[at:m.start()]))
        at = m.end()
        if m.group("code") is not None:
            code = m.group("ctext").replace("\n", " ")     # a line break in code: a space
            out.append(("code", code[1:-1] if code[:1] == code[-1:] == " " and code.strip()
                        else code))
        elif m.group("strong") is not None:
            out.append(("strong", _spans(m.group("strong"))))
        elif m.group("em") is not None or m.group("em2") is not None:
            out.append(("em", _spans(m.group("em") or m.group("em2"))))
        elif m.group("ltext") is not None:
            out.append(("link", _spans(m.group("ltext")), m.group("url")))
        elif m.group("auto") is not None:
            out.append(("link", [("text", m.group("auto"))], m.group("auto")))
        else:
            out.append(("text", m.group("esc")))
    if at < len(text):
        out.append(("text", text[at:]))
    return out


def inline_text(text: str) -> str:
    """The inline Markdown ``text`` as plain words: no ``**``, backticks or escapes; a
    link as its text followed by its address in brackets (when they differ)."""
    return _plain(_spans(text))


def _plain(spans) -> str:
    out = []
    for span in spans:
        kind = span[0]
        if kind in ("text", "code"):
            out.append(span[1])
        elif kind in ("strong", "em"):
            out.append(_plain(span[1]))
        else:
            words = _plain(span[1])
            out.append(words if words == span[2] or words == span[2].removeprefix("mailto:")
                       else f"{words} ({span[2]})")
    return "".join(out)


def _html(spans) -> str:
    out = []
    for span in spans:
        kind = span[0]
        if kind == "text":
            out.append(html.escape(span[1]))
        elif kind == "code":
            out.append(f"<code>{html.escape(span[1])}</code>")
        elif kind == "strong":
            out.append(f"<strong>{_html(span[1])}</strong>")
        elif kind == "em":
            out.append(f"<em>{_html(span[1])}</em>")
        elif _SAFE_URL.match(span[2]):
            out.append(f'<a href="{html.escape(span[2])}" rel="nofollow noopener noreferrer">'
                       f"{_html(span[1])}</a>")
        else:                           # javascript:, data:, a relative path: only words
            out.append(html.escape(_plain([span])))
    return "".join(out)


# ---- HTML ----------------------------------------------------------------------------
def to_html(text: str, shift: int = 0) -> str:
    """The Markdown ``text`` as an HTML fragment, every character of the source
    escaped; headings ``shift`` levels lower (``#`` as ``<h2>`` with 1; at most h6). A
    list item that starts with a bold rule id has the class ``rule`` and the HTML id
    "rule-" then the rule's id, so a page can link to it."""
    return "\n".join(_html_block(b, shift) for b in parse(text))


def _html_block(b: Block, shift: int) -> str:
    if b.kind == "heading":
        level = min(6, b.level + shift)
        return f"<h{level}>{_html(_spans(b.text))}</h{level}>"
    if b.kind == "para":
        return f"<p>{_html(_spans(b.text))}</p>"
    if b.kind == "code":
        return f"<pre><code>{html.escape(b.text)}</code></pre>"
    if b.kind == "rule":
        return "<hr>"
    if b.kind == "pipes":
        head = "".join(f"<th>{_html(_spans(c))}</th>" for c in b.rows[0])
        body = "".join("<tr>" + "".join(f"<td>{_html(_spans(c))}</td>" for c in row) + "</tr>"
                       for row in b.rows[1:])
        return (f"<table><thead><tr>{head}</tr></thead>"
                + (f"<tbody>{body}</tbody>" if body else "") + "</table>")
    tag = "ol" if b.ordered else "ul"
    items = []
    for blocks in b.items:
        attrs = ""
        if blocks and blocks[0].kind == "para":
            m = re.match(r"\*\*(" + _RULE_ID.pattern + r")\*\*", blocks[0].text)
            if m:
                attrs = f' class="rule" id="rule-{html.escape(m.group(1))}"'
        if len(blocks) == 1 and blocks[0].kind == "para":     # a tight item: no <p>
            inner = _html(_spans(blocks[0].text))
        else:
            inner = "\n".join(_html_block(x, shift) for x in blocks)
        items.append(f"<li{attrs}>{inner}</li>")
    return f"<{tag}>" + "\n".join(items) + f"</{tag}>"


# ---- plain text ----------------------------------------------------------------------
def to_text(text: str, width: int = 80) -> str:
    """The Markdown ``text`` as plain text ``width`` columns wide (at least 20):
    headings on their own lines (``#`` underlined with ``=``, ``##`` with ``-``),
    paragraphs and list items wrapped (a rule's bold id kept as its plain id), tables as
    aligned columns when they fit (else each row as ``header: cell`` lines), code as
    written, indented. No Markdown marker is left (``**``, backticks, ``#``)."""
    width = max(20, int(width))
    return "\n".join(_text_blocks(parse(text), width)).rstrip("\n")


def _wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    words = " ".join(text.split())
    if not words:
        return [first.rstrip()] if first.strip() else []
    return textwrap.wrap(words, max(8, width), initial_indent=first, subsequent_indent=rest,
                         break_on_hyphens=False, break_long_words=True) or [first.rstrip()]


def _text_blocks(blocks, width: int) -> list[str]:
    out: list[str] = []
    for b in blocks:
        if out:
            out.append("")
        out.extend(_text_block(b, width))
    return out


def _text_block(b: Block, width: int, top: bool = True) -> list[str]:
    if b.kind == "heading":
        words = _wrap(inline_text(b.text), width)
        if b.level <= 2 and words:
            words.append(("=" if b.level == 1 else "-") * min(width, max(map(len, words))))
        return words
    if b.kind == "para":
        return _wrap(inline_text(b.text), width)
    if b.kind == "code":
        return ["    " + line if line else "" for line in b.text.split("\n")]
    if b.kind == "rule":
        return ["-" * min(width, 40)]
    if b.kind == "pipes":
        return _text_table(b.rows, width)
    rendered = []
    for n, blocks in enumerate(b.items, 1):
        mark = f"{n}. " if b.ordered else "- "
        inner: list[str] = []
        for k, x in enumerate(blocks):
            if k and x.kind != "list":
                inner.append("")        # a paragraph (or a table) after another block
            inner.extend(_text_block(x, width - len(mark), top=False))
        inner = inner or [""]
        rendered.append([(mark + inner[0]).rstrip()]
                        + [(" " * len(mark) + line).rstrip() for line in inner[1:]])
    spaced = top and any(len(r) > 1 for r in rendered)   # long rules: a line between
    out: list[str] = []
    for r in rendered:
        if out and spaced:
            out.append("")
        out.extend(r)
    return out


def _text_table(rows, width: int) -> list[str]:
    cells = [[" ".join(inline_text(c).split()) for c in row] for row in rows]
    cols = len(cells[0])
    widths = [max(len(r[k]) for r in cells) for k in range(cols)]
    gap = 2
    fixed = sum(widths[:-1]) + gap * (cols - 1)
    last = width - fixed
    if last >= max(12, min(widths[-1], 20)):
        out = []
        for i, row in enumerate(cells):
            head = "".join(c.ljust(w + gap) for c, w in zip(row[:-1], widths))
            tail = _wrap(row[-1], last) or [""]
            out.append((head + tail[0]).rstrip())
            out.extend((" " * fixed + t).rstrip() for t in tail[1:])
            if i == 0:
                out.append("  ".join("-" * w for w in widths[:-1] + [min(widths[-1], last)]))
        return out
    out = []                            # too narrow: each row as "header: cell" lines
    heads = cells[0]
    for row in cells[1:]:
        if out:
            out.append("")
        for k, (h, c) in enumerate(zip(heads, row)):
            out.extend(_wrap(f"{h}: {c}" if h else c, width, "- " if k == 0 else "  ",
                             "    "))
    return out
