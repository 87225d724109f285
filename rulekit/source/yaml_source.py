"""Load a ruleset's YAML into plain data, keeping the position of every node.

Stage 1 of the pipeline (DESIGN.md). What it guarantees:

* every mapping key, list item and scalar has a :class:`~rulekit.errors.Pos`
  (``Source.pos(path)``), and every string scalar can map a character offset back
  to its line and column (``Source.pos(path, offset)``), block scalars included;
* duplicate keys are errors;
* only ``true``/``false`` are booleans and only digits are integers (YAML 1.2 core):
  ``yes``, ``no``, ``on``, ``off`` and ``1:30`` stay strings;
* ``extends:`` is resolved by :mod:`rulekit.source.extends`.

Usage::

    doc = parse_yaml(text, "variant.yaml", sink)
    doc.data["phases"]          # plain data
    doc.pos(("phases", "shed")) # Pos of that node
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import yaml

from ..errors import DiagnosticSink, Pos
from ..limits import MAX_INT_DIGITS, MAX_NAME_CHARS, MAX_NESTING, MAX_YAML_NODES

Path_ = tuple  # a path into the data: keys and list indexes

_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_INT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT = re.compile(r"[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\Z")


@dataclass
class _Scalar:
    """Where a string scalar's characters came from: (value offset, line, col) runs."""
    segments: list[tuple[int, int, int]]


@dataclass
class Source:
    """Plain data plus the positions of its nodes, possibly merged from several files."""
    data: object
    positions: dict = field(default_factory=dict)   # path -> Pos
    scalars: dict = field(default_factory=dict)     # path -> _Scalar (strings)
    key_positions: dict = field(default_factory=dict)  # path -> Pos of the key itself
    files: list = field(default_factory=list)       # the files merged, base first
    deleted: dict = field(default_factory=dict)     # path -> Pos where a variant deleted it
    pruned: dict = field(default_factory=dict)      # path -> the malformed value left out

    def pos(self, path: Path_, offset: int | None = None) -> Pos | None:
        """Position of the node at ``path``; with ``offset``, of that character of a string.

        Falls back to the nearest enclosing node that has a position.
        """
        path = tuple(path)
        if offset is not None and path in self.scalars and path in self.positions:
            base = self.positions[path]
            line, col = base.line, base.column
            for start, ln, cl in self.scalars[path].segments:
                if start <= offset:
                    line, col = ln, cl + (offset - start)
                else:
                    break
            return Pos(base.file, line, col)
        while path:
            if path in self.positions:
                return self.positions[path]
            path = path[:-1]
        return self.positions.get(())

    def key_pos(self, path: Path_) -> Pos | None:
        """Position of the mapping key that ends ``path`` (else of its value)."""
        path = tuple(path)
        return self.key_positions.get(path) or self.pos(path)


# --------------------------------------------------------------------------------------
# YAML -> plain data with positions

def _mark_pos(filename: str, mark) -> Pos:
    return Pos(filename, mark.line + 1, mark.column + 1)


def _scalar_segments(node, value: str, lines: list[str]) -> list[tuple[int, int, int]]:
    """Map each source line of a (possibly multi-line) scalar to its offset in ``value``."""
    start, end = node.start_mark, node.end_mark
    if node.style in ("|", ">"):
        first_line = start.line + 1          # content starts below the indicator
        src = range(first_line, min(end.line + 1, len(lines)))
    else:
        src = range(start.line, min(end.line + 1, len(lines)))
    segments: list[tuple[int, int, int]] = []
    cursor = 0
    for ln in src:
        text = lines[ln]
        if ln == start.line and node.style not in ("|", ">"):
            col0 = start.column + (1 if node.style in ("'", '"') else 0)
        else:
            col0 = len(text) - len(text.lstrip(" "))
        piece = text[col0:].rstrip()
        if node.style in ("'", '"') and piece.endswith(node.style) and ln == end.line:
            piece = piece[:-1]
        if not piece:
            continue
        found = value.find(piece, cursor)
        if found < 0:
            # escapes or folding we cannot follow: map the rest to this line's start
            segments.append((cursor, ln + 1, col0 + 1))
            break
        segments.append((found, ln + 1, col0 + 1))
        cursor = found + len(piece)
    return segments or [(0, start.line + 1, start.column + 1)]


class TooLarge(Exception):
    """Input over one of rulekit's limits: ``pos`` and ``message`` say where and which."""

    def __init__(self, pos: Pos, message: str):
        super().__init__(message)
        self.pos = pos
        self.message = message


class _Builder:
    def __init__(self, filename: str, text: str, sink: DiagnosticSink):
        self.filename = filename
        self.lines = text.splitlines()
        self.sink = sink
        self.positions: dict = {}
        self.scalars: dict = {}
        self.key_positions: dict = {}
        self.nodes = 0
        self.open: set = set()       # ids of the nodes being built (an alias inside itself)

    def build(self, node, path: tuple):
        self.nodes += 1
        if self.nodes > MAX_YAML_NODES:      # aliases can make a small file expand hugely
            raise TooLarge(_mark_pos(self.filename, node.start_mark),
                           f"the YAML expands to more than {MAX_YAML_NODES} nodes (the "
                           "limit); are aliases (*name) repeating a large part?")
        self.positions[path] = _mark_pos(self.filename, node.start_mark)
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            if id(node) in self.open:
                raise TooLarge(_mark_pos(self.filename, node.start_mark),
                               "an alias (*name) that contains itself")
            self.open.add(id(node))
            try:
                return self._build_collection(node, path)
            finally:
                self.open.discard(id(node))
        return self._build_scalar(node, path)

    def _build_collection(self, node, path: tuple):
        if isinstance(node, yaml.MappingNode):
            out: dict = {}
            for knode, vnode in node.value:
                if knode.tag == "tag:yaml.org,2002:merge":
                    self.sink.error(_mark_pos(self.filename, knode.start_mark),
                                    "YAML merge keys (<<) are not supported; use `extends:`",
                                    "yaml")
                    continue
                key = self.build_key(knode)
                if key is None:
                    continue
                if key in out:
                    first = self.key_positions.get(path + (key,))
                    where = f" (first at line {first.line})" if first else ""
                    self.sink.error(_mark_pos(self.filename, knode.start_mark),
                                    f"duplicate key '{key}'{where}", "duplicate-key")
                    continue
                self.key_positions[path + (key,)] = _mark_pos(self.filename, knode.start_mark)
                out[key] = self.build(vnode, path + (key,))
            return out
        return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]

    def _build_scalar(self, node, path: tuple):
        if node.style == "":       # libyaml writes plain style as ''
            node.style = None
        value = self.resolve_scalar(node)
        if isinstance(value, int) and not isinstance(value, bool) \
                and len(node.value.lstrip("+-")) > MAX_INT_DIGITS:
            raise TooLarge(_mark_pos(self.filename, node.start_mark),
                           f"a number of {len(node.value.lstrip('+-'))} digits: the limit is "
                           f"{MAX_INT_DIGITS}")
        if isinstance(value, str) and value:
            self.scalars[path] = _Scalar(_scalar_segments(node, value, self.lines))
        return value

    def build_key(self, knode):
        if getattr(knode, "style", None) == "":
            knode.style = None
        if not isinstance(knode, yaml.ScalarNode):
            self.sink.error(_mark_pos(self.filename, knode.start_mark),
                            "a mapping key must be a plain name, not a list or mapping", "yaml")
            return None
        value = self.resolve_scalar(knode)
        if value is None:
            return "null"
        return str(value) if not isinstance(value, bool) else ("true" if value else "false")

    @staticmethod
    def resolve_scalar(node):
        """YAML 1.2 core resolution for plain scalars; quoted and block scalars are strings."""
        text = node.value
        if node.style is not None:
            return text
        if node.tag not in (None, "tag:yaml.org,2002:str", "tag:yaml.org,2002:int",
                            "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
                            "tag:yaml.org,2002:null", "tag:yaml.org,2002:timestamp",
                            "tag:yaml.org,2002:value", "tag:yaml.org,2002:merge",
                            "tag:yaml.org,2002:yaml"):
            return text
        if node.tag == "tag:yaml.org,2002:str" and node.style is None and \
                getattr(node, "_explicit", False):
            return text
        if text in ("", "~", "null", "Null", "NULL"):
            return None
        if text in ("true", "True", "TRUE"):
            return True
        if text in ("false", "False", "FALSE"):
            return False
        if _INT.match(text):
            return int(text) if len(text) <= 4000 else 0    # too long: reported by build
        if _FLOAT.match(text):
            return float(text)
        return text


def _yaml_error_message(exc: yaml.MarkedYAMLError) -> str:
    problem = exc.problem or str(exc)
    context = f" {exc.context}" if exc.context else ""
    msg = f"YAML syntax error: {problem}{context}".replace("\n", " ")
    if "quoted scalar" in (exc.context or "") and "end of stream" in problem:
        return "YAML syntax error: a quoted text that is never closed (the quote opens here)"
    if "'\\t'" in problem or "\\t" in problem:
        msg = "YAML syntax error: a tab character; indent with spaces, not tabs"
    elif "flow" in (exc.context or "") or "expected ',' or ']'" in problem \
            or "expected ',' or '}'" in problem:
        msg += ("; if this [ ] or { } holds an expression, its ':', ',' or '[' clash with YAML "
                "flow syntax: write the list in block style (one '- item' per line) or quote "
                "the expression")
    elif "mapping values are not allowed" in problem:
        msg += ("; a ': ' inside a value starts a new mapping: quote the value, or use a "
                "block scalar (>- then the text indented on the next lines)")
    elif "expected <block end>" in problem:
        msg = ("YAML syntax error: the indentation does not line up here: keys of one "
               "mapping (and items of one list) must start in the same column")
    elif "special characters are not allowed" in problem or "#x0000" in problem:
        msg = "YAML syntax error: the file holds a control character (such as NUL); is it text?"
    return msg


_LEAD = re.compile(r"[ \t]*(?:[-?][ \t]+)*[ \t]*[\"']?")    # indent, '- ', '? ', a quote
_COLON = re.compile(r":(?=[ \t]|$)")                     # a ':' that ends a key


def _long_key(text: str, mark) -> tuple | None:
    """``(line, column, length)`` of a mapping key longer than YAML can read (1024
    characters) on the line of the syntax error at ``mark`` or the line before, which
    then caused it; else None. Such a key is reported as a name over the limit."""
    if mark is None:
        return None
    lines = text.splitlines()
    for ln in (mark.line, mark.line - 1):
        line = lines[ln] if 0 <= ln < len(lines) else ""
        for colon in _COLON.finditer(line):
            end = colon.start()
            cut = max(line.rfind(c, 0, end) for c in "{[,") + 1     # in a flow mapping
            start = _LEAD.match(line, cut).end()
            key = line[start:end].rstrip(" \t\"'")
            if len(key) > 1024 and not re.search(r":[ \t]", key):
                return ln + 1, start + 1, len(key)
    return None


def _check_nesting(text: str, filename: str, loader=_FAST_LOADER) -> None:
    """Raise TooLarge at the first mapping or list nested more than MAX_NESTING deep
    (read as a stream of events, so a deep file cannot exhaust the stack). With the
    pure-Python ``loader``, stop quietly at a syntax error (compose reports it)."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_NESTING:
                    raise TooLarge(_mark_pos(filename, event.start_mark),
                                   f"nested more than {MAX_NESTING} levels deep (the limit)")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        if loader is _FAST_LOADER:
            raise


def parse_yaml(text: str, filename: str, sink: DiagnosticSink) -> Source | None:
    """Parse YAML ``text`` into a :class:`Source`; errors go to ``sink`` (then None).
    Input over a limit (:mod:`rulekit.limits`) is reported at its position."""
    try:
        # libyaml when present (fast); on an error the pure-Python parser runs again so
        # that messages and positions are the same everywhere
        try:
            _check_nesting(text, filename)
            node = yaml.compose(text, Loader=_FAST_LOADER)
        except yaml.YAMLError:
            _check_nesting(text, filename, yaml.SafeLoader)
            node = yaml.compose(text, Loader=yaml.SafeLoader)
    except TooLarge as exc:
        sink.error(exc.pos, exc.message, "limit")
        return None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        if "quoted scalar" in (exc.context or "") and exc.context_mark is not None:
            mark = exc.context_mark            # an unclosed quote: point where it opens
        long = _long_key(text, exc.problem_mark)
        if long is not None:
            sink.error(Pos(filename, long[0], long[1]), f"a name of {long[2]} characters; the "
                       f"limit is {MAX_NAME_CHARS}", "limit")
            return None
        pos = _mark_pos(filename, mark) if mark else Pos(filename, 1, 1)
        sink.error(pos, _yaml_error_message(exc), "yaml")
        return None
    except yaml.reader.ReaderError as exc:     # a control character such as NUL
        before = text[:exc.position]
        line = before.count("\n") + 1
        col = exc.position - (before.rfind("\n") + 1) + 1
        char = "NUL" if exc.character in (0, chr(0)) else repr(exc.character)
        sink.error(Pos(filename, line, col), f"the file holds a control character ({char}) "
                   "here; is it text?", "yaml")
        return None
    except yaml.YAMLError as exc:   # pragma: no cover - pyyaml always marks its errors
        sink.error(Pos(filename, 1, 1), f"YAML error: {exc}", "yaml")
        return None
    if node is None:
        sink.error(Pos(filename, 1, 1), "the file is empty: a ruleset is a YAML mapping", "shape")
        return None
    builder = _Builder(filename, text, sink)
    try:
        data = builder.build(node, ())
    except TooLarge as exc:
        sink.error(exc.pos, exc.message, "limit")
        return None
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else "a single value"
        sink.error(Pos(filename, 1, 1),
                   f"the top level of a ruleset must be a mapping (key: value lines), not {kind}",
                   "shape")
        return None
    return Source(data, builder.positions, builder.scalars, builder.key_positions, [filename])
