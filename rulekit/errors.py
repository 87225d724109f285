"""Diagnostics and the exceptions rulekit raises.

Every problem a user can cause is reported as a :class:`Diagnostic` (file, line,
column, severity, message, code) or as one of the exceptions below; none of them
should ever reach a user as a traceback.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Pos:
    """A position in a source file: 1-based ``line`` and ``column``.

    ``file`` is the path as given by the user (or ``<string>``).
    """
    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Diagnostic:
    """One finding about a ruleset.

    ``severity`` is ``"error"`` or ``"warning"``; ``code`` is a short stable
    identifier (``yaml``, ``schema``, ``expr-syntax``, ``unknown-name``, ...).
    """
    pos: Pos | None
    severity: str
    message: str
    code: str = "error"

    @property
    def file(self) -> str | None:
        return self.pos.file if self.pos else None

    @property
    def line(self) -> int | None:
        return self.pos.line if self.pos else None

    @property
    def column(self) -> int | None:
        return self.pos.column if self.pos else None

    def __str__(self) -> str:
        where = f"{self.pos}: " if self.pos else ""
        return f"{where}{self.severity}: {self.message}"

    def as_dict(self) -> dict:
        """The JSON form used by ``rulekit validate --json``."""
        return {"file": self.file, "line": self.line, "column": self.column,
                "severity": self.severity, "message": self.message, "code": self.code}


class RulekitError(Exception):
    """Base class of every error rulekit raises on purpose."""


class RulesetError(RulekitError):
    """A ruleset could not be loaded or compiled.

    ``diagnostics`` lists every finding (errors and warnings), in file order.
    ``str(error)`` is one ``file:line:col: severity: message`` line per finding.
    """

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]


class IllegalAction(RulekitError):
    """An action that is not legal in the current state (or not parseable).

    ``action`` is the text or Action given, ``seat`` the seat to act (or None),
    ``legal`` the action strings that would have been legal.
    """

    def __init__(self, message: str, action=None, seat=None, legal=()):
        self.action = action
        self.seat = seat
        self.legal = list(legal)
        super().__init__(message)


class TooManyChoices(IllegalAction):
    """``legal_actions()`` of a decision with more than MAX_CHOICES legal actions (a
    choice in parts too big to list): ask for options part by part, a random legal
    action or a count instead. ``count`` is the number, or None ("more than")."""

    def __init__(self, message: str, count=None):
        super().__init__(message)
        self.count = count


class CardError(IllegalAction):
    """Card text that does not name a card of the ruleset's pack. An action with
    bad card text is an illegal action, so this is an IllegalAction too."""

    def __init__(self, message: str):
        super().__init__(message)


class RulesetFailure(RulesetError):
    """Code of a ruleset failed at play time outside a move (an agent's ``heuristic``,
    ``evaluate``): ``str()`` says where and how, as an aborted game's message does."""

    def __init__(self, message: str):
        super().__init__([Diagnostic(None, "error", message, "runtime")])
        self.args = (message,)

    def __str__(self) -> str:
        return self.args[0]


class ParameterError(RulesetError, ValueError):
    """A value given to the API of a game that the game does not take: a parameter of a
    game of the OpenSpiel bridge (a player count, options, ``max_actions``, a parameter
    it does not have) or a seat that does not exist. One diagnostic (code
    ``parameter``); ``str()`` is its message. A ValueError too, as such errors were."""

    def __init__(self, message: str):
        super().__init__([Diagnostic(None, "error", message, "parameter")])
        self.args = (message,)

    def __str__(self) -> str:
        return self.args[0]


class RecordError(RulekitError):
    """A game record that is not valid JSON or not of the rulekit-record/1 shape."""


class OutputError(RulekitError):
    """A file rulekit was asked to write may not or cannot be written (rulekit.outputs).
    The message names the path; ``code`` is the exit code the command line gives it (2
    for a malformed name, such as an empty one; else 1)."""

    def __init__(self, message: str, code: int = 1):
        super().__init__(message)
        self.code = code


@dataclass
class DiagnosticSink:
    """Collects diagnostics while a ruleset is loaded and compiled."""
    items: list[Diagnostic] = field(default_factory=list)

    def error(self, pos: Pos | None, message: str, code: str = "error") -> None:
        self.items.append(Diagnostic(pos, "error", message, code))

    def warning(self, pos: Pos | None, message: str, code: str = "warning") -> None:
        self.items.append(Diagnostic(pos, "warning", message, code))

    @property
    def has_errors(self) -> bool:
        return any(d.severity == "error" for d in self.items)

    def sorted(self, first: str | None = None) -> list[Diagnostic]:
        """The diagnostics in file order; those of the file ``first`` (the one the user
        named, before the bases it extends) come first."""
        def key(d: Diagnostic):
            return (d.file != first if first else False, d.file or "", d.line or 0,
                    d.column or 0)
        return sorted(self.items, key=key)



def suggest(name, known) -> str:
    """A `` (did you mean 'X'?)`` hint for a misspelt ``name`` among ``known``, or ''."""
    import difflib
    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


# The file name of Python code generated from a ruleset: an exception raised in a frame
# of this file is the ruleset's error, anything else is rulekit's own.
GENERATED = "<ruleset code>"


# what a Python exception raised in a ruleset's code means, in a rules author's words
RUNTIME_WORDS = {"ZeroDivisionError": "division by zero", "MemoryError": "out of memory",
                  "TypeError": "a value of the wrong type (often a variable that is still null)",
                  "KeyError": "no such card, seat or name", "IndexError": "no such item",
                  "AttributeError": "a value of the wrong type", "ValueError": "a bad value"}


def failure_words(exc: BaseException) -> str:
    """``exc`` (raised by a ruleset's code) in words: ``division by zero``, ``no such
    item (list index out of range)``."""
    what = RUNTIME_WORDS.get(type(exc).__name__, "error")
    return what if isinstance(exc, ZeroDivisionError) else f"{what} ({exc})"


class RulesetFault(Exception):
    """Raised at play time by rulekit's own code when a ruleset cannot go on (no
    transition applies, a choice that is not a card or play): the game aborts."""


def _escaped(ch: str) -> str:
    """A character not to print as itself, as Python writes it: ``\\x1b``, ``\\u202e``,
    ``\\U000e0001``."""
    n = ord(ch)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}"


def printable(text: str, limit: int = 300, one_line: bool = False) -> str:
    """``text`` safe to print on a terminal: control characters (escape sequences, NUL)
    and other unprintable ones written as Python writes them (``\\xNN``, ``\\uNNNN``),
    and at most ``limit`` characters. Line breaks and tabs are kept unless ``one_line``
    (then a line break is written ``\\n``: a message that quotes a stranger's text, such
    as a record's, stays one line)."""
    keep = "\t" if one_line else "\n\t"
    out = "".join(ch if ch.isprintable() or ch in keep else
                  "\\n" if ch == "\n" else _escaped(ch) for ch in str(text))
    return out if len(out) <= limit else out[:limit - 3] + "..."
