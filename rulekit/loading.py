"""Load a ruleset's YAML into plain data, keeping the position of every node.

Stage 1 of the pipeline (DESIGN.md). What it guarantees:

* every mapping key, list item and scalar has a :class:`~rulekit.errors.Pos`
  (``Source.pos(path)``), and every string scalar can map a character offset back
  to its line and column (``Source.pos(path, offset)``), block scalars included;
* duplicate keys are errors;
* only ``true``/``false`` are booleans and only digits are integers (YAML 1.2 core):
  ``yes``, ``no``, ``on``, ``off`` and ``1:30`` stay strings;
* ``extends:`` (a bundled name or a path relative to the extending file) is resolved
  and merged: mappings merge by key, ``null`` deletes a key, anything else replaces.

Usage::

    doc = load_document("path/to/variant.yaml", sink)
    doc.data["phases"]          # plain data
    doc.pos(("phases", "shed")) # Pos of that node
"""
from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .errors import DiagnosticSink, Pos
from .resources import bundled_rulesets

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


class _Builder:
    def __init__(self, filename: str, text: str, sink: DiagnosticSink):
        self.filename = filename
        self.lines = text.splitlines()
        self.sink = sink
        self.positions: dict = {}
        self.scalars: dict = {}
        self.key_positions: dict = {}

    def build(self, node, path: tuple):
        self.positions[path] = _mark_pos(self.filename, node.start_mark)
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
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        if node.style == "":       # libyaml writes plain style as ''
            node.style = None
        value = self.resolve_scalar(node)
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
            return int(text)
        if _FLOAT.match(text):
            return float(text)
        return text


def _yaml_error_message(exc: yaml.MarkedYAMLError) -> str:
    problem = exc.problem or str(exc)
    context = f" {exc.context}" if exc.context else ""
    msg = f"YAML syntax error: {problem}{context}".replace("\n", " ")
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


def parse_yaml(text: str, filename: str, sink: DiagnosticSink) -> Source | None:
    """Parse YAML ``text`` into a :class:`Source`; errors go to ``sink`` (then None)."""
    try:
        # libyaml when present (fast); on an error the pure-Python parser runs again so
        # that messages and positions are the same everywhere
        try:
            node = yaml.compose(text, Loader=_FAST_LOADER)
        except yaml.YAMLError:
            node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        pos = _mark_pos(filename, mark) if mark else Pos(filename, 1, 1)
        sink.error(pos, _yaml_error_message(exc), "yaml")
        return None
    except yaml.YAMLError as exc:   # pragma: no cover - pyyaml always marks its errors
        sink.error(Pos(filename, 1, 1), f"YAML error: {exc}", "yaml")
        return None
    if node is None:
        sink.error(Pos(filename, 1, 1), "the file is empty: a ruleset is a YAML mapping", "shape")
        return None
    builder = _Builder(filename, text, sink)
    data = builder.build(node, ())
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else "a single value"
        sink.error(Pos(filename, 1, 1),
                   f"the top level of a ruleset must be a mapping (key: value lines), not {kind}",
                   "shape")
        return None
    return Source(data, builder.positions, builder.scalars, builder.key_positions, [filename])


# --------------------------------------------------------------------------------------
# extends and merging

def resolve_name(name: str, relative_to: Path | None = None) -> Path | None:
    """Path of a ruleset named by bundled name or by path (relative to ``relative_to``).

    None if nothing of that name exists; an existing folder is returned as is, so the
    caller can say it is a folder rather than that it does not exist.
    """
    bundled = bundled_rulesets()
    if name in bundled and "/" not in name and not name.endswith((".yaml", ".yml")):
        return bundled[name]
    candidate = Path(name)
    if relative_to is not None and not candidate.is_absolute():
        candidate = relative_to / candidate
    if candidate.exists():
        return candidate
    return None


_BY_NAME = {("definitions",), ("procedures",)}


def head_name(key: str) -> str:
    """The name of a definition or procedure key: ``beats(p, top)`` -> ``beats``."""
    return str(key).split("(", 1)[0].strip()


def _merge(base, over, over_src: "Source", path: tuple = (), deleted: dict | None = None):
    """Merge ``over`` into ``base``: mappings by key, None deletes, else replace.

    Definitions and procedures match by name, so an override may change parameters.
    Each deletion is recorded in ``deleted`` (path -> Pos of the null in the variant).
    """
    if not (isinstance(base, dict) and isinstance(over, dict)):
        return over
    out = dict(base)
    for key, value in over.items():
        if path in _BY_NAME:
            name = head_name(key)
            for old in [k for k in out if k != key and head_name(k) == name]:
                moved = out.pop(old)            # overridden with other parameters
                if value is not None:
                    out[key] = moved
        if value is None:
            if deleted is not None:
                where = path + (head_name(key),) if path in _BY_NAME else path + (key,)
                deleted[where] = over_src.key_pos(path + (key,))
            out.pop(key, None)
        elif key in out:
            out[key] = _merge(out[key], value, over_src, path + (key,), deleted)
        else:
            out[key] = value
    return out


def _check_new_options(own: dict, base: Source, src: Source, base_name: str,
                       sink: DiagnosticSink) -> None:
    """A variant that sets an option its base does not have must declare it fully."""
    from .schema import suggest
    options = own.get("options")
    if not isinstance(options, dict):
        return
    known = (base.data.get("options") or {}) if isinstance(base.data, dict) else {}
    for name, value in options.items():
        if name in known or not isinstance(value, dict) or "type" in value:
            continue
        sink.error(src.key_pos(("options", name)),
                   f"'{name}' is not an option of {base_name}{suggest(name, known)}; "
                   f"its options: {', '.join(known) or 'none'} (a new option needs a `type`)",
                   "option")


def read_text(path: Path, display: str, sink: DiagnosticSink) -> str | None:
    """Read a ruleset file's text, reporting unreadable files to ``sink``."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        sink.error(None, f"{display}: no such file", "missing-file")
    except IsADirectoryError:
        sink.error(None, f"{display}: is a folder, not a ruleset file", "missing-file")
    except UnicodeDecodeError as exc:
        sink.error(Pos(display, 1, 1), f"not UTF-8 text ({exc.reason})", "yaml")
    except OSError as exc:
        sink.error(None, f"{display}: cannot read ({exc.strerror})", "missing-file")
    return None


def _base_display(name: str, path: Path, display: str) -> str:
    """How diagnostics name a base file: a relative ``extends:`` path is shown beside the
    extending file as that file is shown; a bundled name relative to the working folder
    when it is inside it; an absolute path as is."""
    if Path(name).is_absolute():
        return str(path)
    if path == bundled_rulesets().get(name):
        try:
            return str(path.resolve().relative_to(Path.cwd()))
        except ValueError:
            return str(path)
    return os.path.normpath(Path(display).parent / name)


def load_document(path: Path, sink: DiagnosticSink, display: str | None = None,
                  _chain: tuple = ()) -> Source | None:
    """Load ``path`` and everything it ``extends``, merged; errors go to ``sink``."""
    display = display or str(path)
    chain = _chain + (path.resolve(),)
    text = read_text(path, display, sink)
    if text is None:
        return None
    src = parse_yaml(text, display, sink)
    if src is None:
        return None
    base_name = src.data.get("extends")
    if base_name is None:
        return src
    if not isinstance(base_name, str):
        sink.error(src.pos(("extends",)), "extends: must name a ruleset (a bundled name or a "
                   "path to a YAML file)", "extends")
        return None
    base_path = resolve_name(base_name, path.parent)
    if base_path is None or base_path.is_dir():
        known = ", ".join(bundled_rulesets())
        close = difflib.get_close_matches(base_name, list(bundled_rulesets()), n=1, cutoff=0.6)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        what = "is a folder, not a ruleset file" if base_path is not None else \
            f"no ruleset '{base_name}'{hint}"
        sink.error(src.pos(("extends",)),
                   f"extends: {what} (bundled: {known}; a path is relative "
                   f"to this file's folder)", "missing-base")
        return None
    if base_path.resolve() in chain:   # reported at the extends: that closes the cycle
        names = " -> ".join(p.name for p in chain + (base_path.resolve(),))
        sink.error(src.pos(("extends",)), f"extends cycle: {names}", "extends-cycle")
        return None
    base = load_document(base_path, sink, _base_display(base_name, base_path, display), chain)
    if base is None:
        return None
    own = dict(src.data)
    del own["extends"]
    _check_new_options(own, base, src, base_name, sink)
    deleted = dict(base.deleted)
    merged = _merge(base.data, own, src, (), deleted)
    positions = {**base.positions, **src.positions}
    scalars = {**base.scalars, **src.scalars}
    keys = {**base.key_positions, **src.key_positions}
    return Source(merged, positions, scalars, keys, base.files + src.files, deleted)
