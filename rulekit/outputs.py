"""Every file rulekit writes goes through here: one guard for output paths, one writer.

The rule (docs/security.md, "Files rulekit writes"), the same for every command and
option that writes a file (``play --record``, ``simulate --csv``, ``--plot``,
``--records``, ``new -o``, ``schema -o``, ...):

- the path is checked before the command does its work (:func:`check_output`,
  :func:`check_folder`), so that a long simulation never ends in a write error;
- a folder, a device, FIFO or socket, and a file the command reads (the ruleset being
  played and the files it extends) are refused, even with ``--force``;
- an existing file is refused unless ``--force`` is given, or unless it is the
  command's own file to update (``play --resume`` writes back to the record it
  resumes); files named by rulekit itself are never replaced (:func:`fresh_path`);
- the file is written to a temporary file in the same folder, then renamed over the
  target (:func:`write_atomic`): a reader never sees half a file, and a failure leaves
  the old file whole;
- every error is one :class:`~rulekit.errors.OutputError` that names the path.
"""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from .errors import OutputError


def reads_of(files, words: str) -> list:
    """``(path, words)`` pairs for :func:`check_output`'s ``reads``: the last of
    ``files`` (a ruleset's files, base first, as ``Source.files`` lists them) is
    ``words`` (``"the ruleset being played"``), the others are files it extends."""
    files = [str(f) for f in files or ()]
    if not files:
        return []
    main = files[-1]
    return [(main, words)] + [(f, f"a file {Path(main).name} extends") for f in files[:-1]]


def check_output(path, flag: str, *, force: bool = False, reads=(), own: bool = False,
                 what: str | None = None) -> Path:
    """Check, before any work, that the file ``path`` (given with the option ``flag``,
    such as ``--csv``) may be written. ``reads``: ``(path, words)`` of the files the
    command reads, never written over; ``force``: an existing file may be replaced;
    ``own``: the file is the command's own to update (it may exist); ``what``: how a
    write error names the file (``"the record"``: "cannot write the record to PATH").
    Returns the path. Raises OutputError (code 2 for an empty name or one with NUL)."""
    if not isinstance(path, (str, os.PathLike)) or not str(path).strip():
        raise OutputError(f"{flag} needs a file name", 2)
    text = str(path)
    if "\0" in text:
        raise OutputError(f"{flag}: a file name cannot hold a NUL character", 2)
    target = Path(text)
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:             # a name too long, a file in the way of a folder
        raise OutputError(_cannot(flag, what, text, exc)) from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise OutputError(f"{flag}: {text} is a folder; give a file name")
    for read, words in reads:
        if _same(target, read):
            raise OutputError(f"{flag}: {text} is {words}; give another file")
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise OutputError(f"{flag}: {text} is not a regular file")
    if st is not None and not (force or own):
        raise OutputError(f"{flag}: {text} already exists; {_forcing(flag)} to replace it")
    folder = target.absolute().parent
    if not folder.is_dir():
        raise OutputError(_cannot(flag, what, text, "No such file or directory"))
    if not os.access(folder, os.W_OK | os.X_OK) or (st is not None and
                                                    not os.access(target, os.W_OK)):
        raise OutputError(_cannot(flag, what, text, "Permission denied"))
    return target


def check_folder(folder, flag: str, names, *, force: bool = False, reads=()) -> Path:
    """Check, before any work, a folder that files are written into (``simulate
    --records DIR``; made if missing). ``names(name) -> bool`` tells the files the
    command would write there: those that exist are refused unless ``force``, and
    those the command reads (``reads``, as for :func:`check_output`) always. Returns
    the folder. Raises OutputError."""
    if not isinstance(folder, (str, os.PathLike)) or not str(folder).strip():
        raise OutputError(f"{flag} needs a folder name", 2)
    text = str(folder)
    if "\0" in text:
        raise OutputError(f"{flag}: a folder name cannot hold a NUL character", 2)
    where = Path(text)
    if where.exists() and not where.is_dir():
        raise OutputError(f"{flag}: {text} exists and is not a folder")
    if where.is_dir():
        try:
            clash = sorted(e.name for e in os.scandir(where) if names(e.name))
        except OSError as exc:
            raise OutputError(_cannot(flag, None, text, exc)) from None
        for name in clash:
            for read, words in reads:
                if _same(where / name, read):
                    raise OutputError(f"{flag}: {where / name} is {words}; give another "
                                      "folder")
        if clash and not force:
            more = f" and {len(clash) - 1} more of the files it would write" \
                if len(clash) > 1 else ""
            raise OutputError(f"{flag}: {text} already holds {clash[0]}{more}; "
                              f"{_forcing(flag)} to replace them")
    above = where.absolute()
    while not above.exists():          # the folders to make: the first that is there
        above = above.parent
    if not above.is_dir():
        raise OutputError(f"{flag}: cannot make the folder {text}: {above} is a file")
    if not os.access(above, os.W_OK | os.X_OK):
        raise OutputError(_cannot(flag, None, text, "Permission denied"))
    return where


def fresh_path(path) -> Path:
    """``path`` if nothing is there, else the first free name with ``-2``, ``-3``, ...
    before its suffix (``x.json``, ``x-2.json``): for files rulekit names itself, which
    never replace one."""
    target = Path(path)
    n = 2
    while os.path.lexists(target):
        target = Path(path).with_name(f"{Path(path).stem}-{n}{Path(path).suffix}")
        n += 1
    return target


def write_atomic(path, data, *, what: str | None = None) -> None:
    """Write ``data`` (text, written as UTF-8; bytes; or a function given the open
    binary file) to ``path`` through a temporary file in the same folder, renamed over
    it when whole. A new file gets the permissions ``open()`` would give it; a replaced
    one keeps its own. Raises OutputError naming the path (``what``: see
    :func:`check_output`); an exception raised by ``data`` passes through. Either way
    the temporary file is removed and an existing file is left as it was."""
    target = Path(path)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = 0o666 & ~_umask()
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                   dir=str(target.absolute().parent))
    except OSError as exc:
        raise OutputError(_cannot(None, what, str(path), exc)) from None
    try:
        with os.fdopen(fd, "wb") as f:
            if callable(data):
                data(f)
            else:
                f.write(data.encode("utf-8") if isinstance(data, str) else data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise OutputError(_cannot(None, what, str(path), exc)) from None
        raise


_UMASK: list = []


def _umask() -> int:
    """The process's umask (read once: setting it to read it is not thread-safe)."""
    if not _UMASK:
        mask = os.umask(0o022)
        os.umask(mask)
        _UMASK.append(mask)
    return _UMASK[0]


def _same(a, b) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def _forcing(flag: str) -> str:
    """How to say "replace it anyway": the command line's --force, the API's force."""
    return "give --force" if flag.startswith("-") else "pass force=True"


def _cannot(flag, what, path: str, why) -> str:
    reason = why if isinstance(why, str) else (why.strerror or str(why))
    if what:
        return f"cannot write {what} to {path}: {reason}"
    return f"{flag + ': ' if flag else ''}cannot write {path}: {reason}"
