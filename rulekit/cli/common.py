"""What the command handlers share: one-line failures, option pairs, diagnostics."""
from __future__ import annotations

import sys

from ..errors import RulesetError, printable


def fail(message: str, code: int = 1) -> int:
    """Print ``rulekit: MESSAGE`` on stderr, on one line and safe for a terminal (a line
    break in the message is written ``\\n``); return ``code``."""
    print(f"rulekit: {printable(message, 2000, one_line=True)}", file=sys.stderr)
    return code


class Exit(Exception):
    """Stop the command with exit ``code``; what went wrong is already printed."""

    def __init__(self, code: int):
        super().__init__(code)
        self.code = code


class Usage(Exception):
    """A wrong command line found after parsing: one line, exit 2."""


def option_pairs(pairs: list[str]) -> dict:
    """``--option NAME=VALUE`` pairs as a dict of texts; raises _Usage when malformed."""
    out = {}
    for pair in pairs:
        k, sep, v = pair.partition("=")
        if not sep or not k.strip():
            raise Usage(f"--option takes NAME=VALUE, not '{pair}'")
        out[k.strip()] = v.strip()
    return out


def print_diagnostics(diags, stream=None, where: str = ""):
    """Print ``file:line:col: severity: message`` lines (default: on stderr).

    A diagnostic without a position (a missing file, a bad --option value) is printed as
    ``rulekit: [where: ]severity: message`` so it still says who is talking.
    That one is one line: a line break in its message (a name quoted from a record or
    an option) is written ``\\n``; one with a position may show its source line and a
    caret under the column.
    """
    stream = sys.stderr if stream is None else stream
    for d in diags:
        if d.pos is None:
            print(printable(f"rulekit: {where + ': ' if where else ''}{d}", 4000,
                            one_line=True), file=stream)
        else:
            print(printable(str(d), 4000), file=stream)


def load_or_report(name: str, options=None, roots=None):
    """The loaded ruleset, or None after printing its errors. A command-line option
    value that is not of the option's form (``sequences=maybe``) is a malformed command
    line: raises Exit(2) after printing."""
    from ..runtime.loader import load
    try:
        return load(name, options or {}, roots)
    except RulesetError as exc:
        print_diagnostics(exc.errors)
        if any(d.code == "option-form" for d in exc.errors):
            raise Exit(2) from None
        return None


def silence_stdout():
    """After a broken pipe: send further output (and the final flush) to /dev/null."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def count(n: int, word: str) -> str:
    """'1 action', '3 actions'."""
    return f"{n} {word}{'' if n == 1 else 's'}"
