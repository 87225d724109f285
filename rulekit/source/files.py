"""Where the package's data lives: the grammar, the JSON Schema, the bundled rulesets
and their rule books.

In an installed wheel they sit inside the package (``rulekit/grammar``,
``rulekit/rulesets``, ``rulekit/rules``); in a source checkout they are the top-level
``grammar/``, ``rulesets/`` and ``docs/rules/`` folders beside the package.
"""
from __future__ import annotations

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
    the ruleset's file, else among the bundled rule books. Raises FileNotFoundError
    naming the first that is in neither place, ValueError for a name that is not a plain
    file name."""
    out = []
    for name in names:
        if "/" in name or "\\" in name or name.startswith(".") or not name.endswith(".md"):
            raise ValueError(f"rule_book: '{name}' is not a plain file name (x.md)")
        places = ([ruleset_file.parent / name] if ruleset_file is not None else []) + \
            [data_dir("rules") / name]
        found = next((p for p in places if p.is_file()), None)
        if found is None:
            raise FileNotFoundError(f"rule book '{name}': not beside the ruleset nor among "
                                    "the bundled rule books")
        out.append(found)
    return out


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


def read_limited(path: Path, what: str = "file", limit: int | None = None) -> str:
    """The UTF-8 text of the regular file ``path``, at most MAX_FILE_BYTES long.

    Raises FileNotFoundError, IsADirectoryError, UnicodeDecodeError, OSError, or
    ValueError (with a message) for a device, a FIFO or socket, or a file over the limit.
    """
    import stat

    from ..limits import MAX_FILE_BYTES
    limit = MAX_FILE_BYTES if limit is None else limit
    info = path.stat()
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(str(path))
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"{path}: not a regular file (a device, a pipe or a socket is not "
                         f"a {what})")
    if info.st_size > limit:
        raise ValueError(f"{path}: {info.st_size} bytes; a {what} may have at most "
                         f"{limit} (the limit)")
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"{path}: more than {limit} bytes (the limit)")
    return data.decode("utf-8-sig")            # a byte-order mark is fine
