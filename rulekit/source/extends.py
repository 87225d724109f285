"""Resolve ``extends:`` chains and merge a variant onto its base.

Stage 1b of the pipeline: a ruleset names its base by bundled name or by a path relative
to its own file; the two documents merge (mappings by key; definitions and procedures by
name, so an override may change parameters; ``null`` deletes, recorded with its
position so that later errors can blame the deletion).

Usage::

    doc = load_document(Path("variant.yaml"), sink)
    doc.data["phases"]          # plain, merged data
    doc.deleted                 # path -> Pos of each `null` in a variant
"""
from __future__ import annotations

import os
from pathlib import Path

from ..errors import DiagnosticSink, Pos, suggest
from ..limits import MAX_EXTENDS
from .files import bundled_rulesets, read_limited
from .yaml_source import Source, parse_yaml



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
    try:
        if candidate.exists():
            return candidate
    except OSError:                  # a name too long for the file system, say
        return None
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


def read_text(path: Path, display: str, sink: DiagnosticSink,
              within: Path | None = None) -> str | None:
    """Read a ruleset file's text, reporting unreadable files to ``sink``; ``within``:
    the folder of the ruleset that names it (``extends:``), which a symbolic link may
    not lead out of (rulekit.source.files.read_limited)."""
    try:
        return read_limited(path, "ruleset", within=within)
    except UnicodeDecodeError as exc:
        sink.error(Pos(display, 1, 1), f"not UTF-8 text ({exc.reason})", "yaml")
    except ValueError as exc:     # a device, a pipe, over the size limit, a link leading out
        sink.error(None, f"{display}: {str(exc).split(': ', 1)[-1]}", "limit")
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


def _outside(path: Path, roots) -> bool:
    """Whether ``path`` is neither bundled nor under one of the folders ``roots``."""
    real = path.resolve()
    if real in {p.resolve() for p in bundled_rulesets().values()}:
        return False
    return not any(real == Path(r).resolve() or Path(r).resolve() in real.parents
                   for r in roots)


def load_document(path: Path, sink: DiagnosticSink, display: str | None = None,
                  _chain: tuple = (), roots=None, _within: Path | None = None
                  ) -> Source | None:
    """Load ``path`` and everything it ``extends``, merged; errors go to ``sink``.

    ``roots`` (for a ruleset a record names): every base must be bundled or lie under
    one of these folders. A chain longer than MAX_EXTENDS files is refused. A base is
    read only through a symbolic link that stays in the extending file's folder."""
    display = display or str(path)
    chain = _chain + (path.resolve(),)
    if len(chain) > MAX_EXTENDS:
        sink.error(None, f"{display}: extends more than {MAX_EXTENDS} rulesets in a chain "
                   "(the limit)", "limit")
        return None
    text = read_text(path, display, sink, _within)
    if text is None:
        return None
    src = parse_yaml(text, display, sink)
    if src is None:
        return None
    base_name = src.data.get("extends")
    if base_name is None:
        return src
    if not isinstance(base_name, str) or not base_name.strip():
        sink.error(src.pos(("extends",)), "extends: must name a ruleset (a bundled name or a "
                   "path to a YAML file)", "extends")
        return None
    base_path = resolve_name(base_name, path.parent)
    if base_path is None or base_path.is_dir():
        known = ", ".join(bundled_rulesets())
        hint = suggest(base_name, bundled_rulesets())
        what = "is a folder, not a ruleset file" if base_path is not None else \
            f"no ruleset '{base_name}'{hint}"
        sink.error(src.pos(("extends",)),
                   f"extends: {what} (bundled: {known}; a path is relative "
                   f"to this file's folder)", "missing-base")
        return None
    if roots is not None and _outside(base_path, roots):
        sink.error(src.pos(("extends",)), f"extends: '{base_name}' is outside the folders a "
                   "record's ruleset may use (its own folder and --rulesets folders)",
                   "confined")
        return None
    if base_path.resolve() in chain:   # reported at the extends: that closes the cycle
        names = " -> ".join(p.name for p in chain + (base_path.resolve(),))
        sink.error(src.pos(("extends",)), f"extends cycle: {names}", "extends-cycle")
        return None
    base = load_document(base_path, sink, _base_display(base_name, base_path, display), chain,
                         roots, path.parent)
    if base is None:
        return None
    own = dict(src.data)
    del own["extends"]
    if "title" not in own and isinstance(own.get("name"), str):   # not the base's title
        own["title"] = own["name"].replace("_", " ").replace("-", " ")
    _check_new_options(own, base, src, base_name, sink)
    deleted = dict(base.deleted)
    merged = _merge(base.data, own, src, (), deleted)
    positions = {**base.positions, **src.positions}
    scalars = {**base.scalars, **src.scalars}
    keys = {**base.key_positions, **src.key_positions}
    return Source(merged, positions, scalars, keys, base.files + src.files, deleted)
