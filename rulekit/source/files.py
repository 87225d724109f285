"""Where the package's data lives: the grammar, the JSON Schema, the bundled rulesets
and their rule books.

In an installed wheel they sit inside the package (``rulekit/grammar``,
``rulekit/rulesets``, ``rulekit/rules``); in a source checkout they are the top-level
``grammar/``, ``rulesets/`` and ``docs/rules/`` folders beside the package.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

_HERE = Path(__file__).resolve().parent.parent   # the package folder


_CHECKOUT = {"rules": Path("docs") / "rules"}     # where a checkout keeps them


def data_dir(name: str) -> Path:
    """The folder ``name`` (``"grammar"``, ``"rulesets"`` or ``"rules"``: the rule books),
    installed or in the checkout."""
    inside = _HERE / name
    if inside.is_dir():
        return inside
    return _HERE.parent / _CHECKOUT.get(name, Path(name))


def rule_book_files(names, ruleset_file: Path | None) -> list[Path]:
    """The files of a ruleset's ``rule_book`` (plain file names, ``x.md``): each beside
    the ruleset's file, else among the bundled rule books; each checked as
    :func:`read_limited` will open it (a regular file, no symbolic link leading out of
    the ruleset's folder), and all of them together at most MAX_RULE_BOOK_BYTES.
    A file named twice is listed once. Raises FileNotFoundError naming the first that is
    in neither place, ValueError (one line, with the path) for a name that is not a
    plain file name, a file refused or the book over the limit."""
    from ..limits import MAX_RULE_BOOK_BYTES
    out, total = [], 0
    for name in names:
        if "/" in name or "\\" in name or name.startswith(".") or not name.endswith(".md"):
            raise ValueError(f"rule_book: '{name}' is not a plain file name (x.md)")
        folders = ([ruleset_file.parent] if ruleset_file is not None else []) + \
            [data_dir("rules")]
        found = next((f for f in folders if _exists(f / name)), None)
        if found is None:
            raise FileNotFoundError(f"rule book '{name}': not beside the ruleset nor among "
                                    "the bundled rule books")
        path = found / name
        if path in out:
            continue
        try:
            info = _regular(confined(path, _confining(found)), path, "rule book")
        except FileNotFoundError:
            raise FileNotFoundError(f"{path}: a symbolic link to nothing (rule book "
                                    f"'{name}')") from None
        except IsADirectoryError:
            raise ValueError(f"{path}: is a folder, not a rule book") from None
        total += info.st_size
        if total > MAX_RULE_BOOK_BYTES:
            raise ValueError(f"{path}: the rule book's files have more than "
                             f"{MAX_RULE_BOOK_BYTES} bytes together (the limit)")
        out.append(path)
    return out


def read_rule_book(names, ruleset_file: Path | None) -> list[tuple[str, str]]:
    """``(file name, text)`` of each file of a ruleset's ``rule_book``, in order (see
    :func:`rule_book_files`; each read by :func:`read_limited`, confined to the
    ruleset's folder when found there). Raises FileNotFoundError, ValueError or OSError
    with one line naming the file."""
    from ..limits import MAX_RULE_BOOK_BYTES
    out, left = [], MAX_RULE_BOOK_BYTES
    for path in rule_book_files(names, ruleset_file):
        try:
            text = read_limited(path, "rule book", left, within=_confining(path.parent))
        except UnicodeDecodeError:
            raise ValueError(f"rule book {path}: not UTF-8 text") from None
        left -= len(text.encode("utf-8"))
        out.append((path.name, text))
    return out


def _confining(folder: Path) -> Path | None:
    """The folder a rule book found in ``folder`` is confined to: its own, unless it is
    rulekit's bundled rule books (an installation may be made of links)."""
    return None if folder == data_dir("rules") else folder


def _exists(path: Path) -> bool:
    """Whether anything (a file, a folder, a link, even a broken one) is at ``path``."""
    try:
        return os.path.lexists(path)
    except (OSError, ValueError):          # a name too long, a NUL
        return False


def grammar_path() -> Path:
    """Path of the expression grammar (``expressions.lark``)."""
    return data_dir("grammar") / "expressions.lark"


def schema_path(variant: bool = False) -> Path:
    """Path of the ruleset JSON Schema (Draft 2020-12), or with ``variant`` of the one
    for files with ``extends:`` (generated from it: rulekit.lang.schema.variant_schema)."""
    return data_dir("rulesets") / ("ruleset-variant.schema.json" if variant
                                   else "ruleset.schema.json")


def bundled_rulesets() -> dict[str, Path]:
    """Bundled ruleset names mapped to their YAML files, sorted by name."""
    folder = data_dir("rulesets")
    return {p.stem: p for p in sorted(folder.glob("*.yaml"))}


def confined(path: Path, within: Path | None) -> str:
    """The real path of ``path`` (every symbolic link followed): ``within / NAME``, a
    file that a ruleset in the folder ``within`` names by the relative path NAME. When a
    symbolic link changes where NAME leads (the file itself, or a folder on its way, is
    a link), the file must lie under ``within`` (its real folder); a NAME without links
    may lead anywhere (``../base.yaml``), and so may an absolute name. ``within`` None:
    no confinement. Raises ValueError naming ``path`` for a link that leads out."""
    real = os.path.realpath(path)
    if within is None:
        return real
    try:
        named = Path(path).relative_to(within)      # as the ruleset wrote it
    except ValueError:                              # an absolute name: as written
        return real
    folder = os.path.realpath(within)
    if real == os.path.normpath(os.path.join(folder, named)) or \
            os.path.commonpath([real, folder]) == folder:
        return real
    raise ValueError(f"{path}: a symbolic link leading out of the folder "
                     f"{os.path.abspath(within)}; refused (a link a ruleset names must stay "
                     "in its folder)")


def _regular(real: str, shown, what: str) -> os.stat_result:
    """``os.stat`` of ``real``, which must be a regular file (messages name it
    ``shown``). Raises FileNotFoundError, IsADirectoryError, or ValueError for a device,
    a FIFO or a socket."""
    info = os.stat(real)
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(str(shown))
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"{shown}: not a regular file (a device, a pipe or a socket is not "
                         f"a {what})")
    return info


def read_limited(path: Path, what: str = "file", limit: int | None = None,
                 within: Path | None = None) -> str:
    """The UTF-8 text of the regular file ``path``, at most ``limit`` bytes long
    (default MAX_FILE_BYTES): the one way rulekit opens a file it reads (rulesets, the
    files they name, records). ``within``: the folder of the ruleset that names the
    file; a symbolic link may not lead out of it (:func:`confined`).

    The file is checked before it is opened and again once open (no link followed at
    the last step, never blocking on a pipe). Raises FileNotFoundError,
    IsADirectoryError, UnicodeDecodeError, OSError, or ValueError (a message starting
    with the path) for a link leading out, a device, a FIFO or socket, or a file over
    the limit.
    """
    from ..limits import MAX_FILE_BYTES
    limit = MAX_FILE_BYTES if limit is None else limit
    real = confined(path, within)
    _regular(real, path, what)
    fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                 | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode):    # changed since it was checked
            raise ValueError(f"{path}: not a regular file (a device, a pipe or a socket is "
                             f"not a {what})")
        if info.st_size > limit:
            raise ValueError(f"{path}: {info.st_size} bytes; a {what} may have at most "
                             f"{limit} (the limit)")
        data = f.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"{path}: more than {limit} bytes (the limit)")
    return data.decode("utf-8-sig")            # a byte-order mark is fine
