"""The command line's one argument policy, for every command.

An argparse ``type=`` here checks only a value's *form*: a value not of its form (``--seed
abc``, ``--players many``) is a malformed command line, exit 2 (argparse's usage error).
A numeric type also carries the value's *range*, which :func:`check_ranges` checks after
parsing, for whichever command was given: a well-formed value out of range (``--seed -1``,
``--port 70000``, a number of more digits than the limit) is exit 1, one line naming the
flag. A range that depends on the game (a seat, a player count) is the command's to check
once the ruleset is loaded, also exit 1. ``tests/test_cli_ranges.py`` walks the parser:
every typed argument of every command uses these types.
"""
from __future__ import annotations

import argparse
import math
import re

from ..limits import MAX_INT_DIGITS, MAX_JOBS, MAX_RECORD_ACTIONS

_WHOLE = re.compile(r"[+-]?[0-9]+")
_NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")      # as the names of a ruleset


class TooLong:
    """A whole number of more digits than the limit, kept as its count of digits (never
    converted); :func:`check_ranges` refuses it."""

    def __init__(self, digits: int):
        self.digits = digits

    def __repr__(self) -> str:
        return f"<a number of {self.digits} digits>"


class Form:
    """An argument type: ``__call__(text)`` is the value, or ArgumentTypeError when the
    text is not of its form; ``problem(value)`` says why a value is out of range (None
    when it is in range). ``example_bad`` is a text not of its form (for tests)."""
    example_bad = "x"

    def __call__(self, text: str):
        raise NotImplementedError

    def problem(self, value) -> str | None:
        return None


class Whole(Form):
    """A whole number (ASCII digits, an optional sign) from ``lo`` to ``hi`` (either may
    be None: no bound but the limit of MAX_INT_DIGITS digits)."""
    example_bad = "1.5"

    def __init__(self, lo: int | None = None, hi: int | None = None):
        self.lo, self.hi = lo, hi

    def __call__(self, text: str):
        t = str(text).strip()
        if not _WHOLE.fullmatch(t):
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number")
        digits = len(t.lstrip("+-").lstrip("0")) or 1
        return TooLong(digits) if digits > MAX_INT_DIGITS else int(t)

    def problem(self, value) -> str | None:
        if isinstance(value, TooLong):
            return f"a number of {value.digits} digits: the limit is {MAX_INT_DIGITS}"
        if not isinstance(value, (int, float)):
            return None                       # a word of the form (``all``)
        return _outside(value, self.lo, self.hi)


class Number(Whole):
    """A decimal number (``0.5``, ``2``, ``1e3``; not ``nan`` or ``inf``) from ``lo`` to
    ``hi``; ``above``: it must be more than this."""
    example_bad = "fast"

    def __init__(self, lo: float | None = None, hi: float | None = None,
                 above: float | None = None):
        super().__init__(lo, hi)
        self.above = above

    def __call__(self, text: str):
        t = str(text).strip()
        if not _NUMBER.fullmatch(t) or len(t) > 100:
            raise argparse.ArgumentTypeError(f"'{text}' is not a number")
        return float(t)

    def problem(self, value) -> str | None:
        if not math.isfinite(value):
            return f"must be a number from {_n(self.lo)} to {_n(self.hi)}, not {value}" \
                if self.hi is not None else f"must be a finite number, not {value}"
        if self.above is not None and not value > self.above:
            return f"must be more than {_n(self.above)}, not {_n(value)}"
        return _outside(value, self.lo, self.hi)


class WholeOr(Whole):
    """A whole number in range, or one of ``words`` (``--players N|all``)."""
    example_bad = "many"

    def __init__(self, words: tuple, lo: int | None = None, hi: int | None = None):
        super().__init__(lo, hi)
        self.words = words

    def __call__(self, text: str):
        if str(text).strip() in self.words:
            return str(text).strip()
        try:
            return super().__call__(text)
        except argparse.ArgumentTypeError:
            raise argparse.ArgumentTypeError(
                f"'{text}' is not a whole number or {' or '.join(self.words)}") from None


class NamedText(Form):
    """``NAME=TEXT`` where NAME is a name (letters, digits and _, not starting with a
    digit, as the names of a ruleset) and TEXT is not empty: ``(NAME, TEXT)``."""
    example_bad = "3=true"

    def __init__(self, what: str = "EXPR"):
        self.what = what

    def __call__(self, text: str):
        name, sep, value = str(text).partition("=")
        if not sep or not value.strip():
            raise argparse.ArgumentTypeError(f"takes NAME={self.what}, not '{text}'")
        if not NAME.fullmatch(name.strip()):
            raise argparse.ArgumentTypeError(
                f"'{name.strip()}' is not a name (letters, digits and _, not starting "
                f"with a digit) in '{text}'")
        return name.strip(), value.strip()


class RayAddress(Form):
    """A Ray cluster's address: ``auto``, ``HOST:PORT`` or ``ray://HOST:PORT``
    (:data:`rulekit.simulation.runner.RAY_ADDRESS`); its port's range and whether a
    cluster answers there are checked when it is used."""
    example_bad = "http://127.0.0.1:6379"

    def __call__(self, text: str):
        from ..simulation.runner import RAY_ADDRESS
        if not RAY_ADDRESS.fullmatch(str(text).strip()):
            raise argparse.ArgumentTypeError(
                f"'{text}' is not a Ray address (auto, HOST:PORT or ray://HOST:PORT)")
        return str(text).strip()


def check_ranges(parser: argparse.ArgumentParser, args) -> str | None:
    """The first value of ``args`` (parsed by ``parser``, whose ``commands`` maps each
    command to its sub-parser) that is out of its type's range, as one line naming its
    flag; None when every value is in range."""
    actions = list(parser._actions)
    command = getattr(args, "command", None)
    if command is not None:
        actions += parser.commands[command]._actions
    for action in actions:
        if not isinstance(action.type, Form):
            continue
        value = getattr(args, action.dest, None)
        for v in value if isinstance(value, list) else [value]:
            if v is None:
                continue
            why = action.type.problem(v)
            if why:
                return f"{flag_of(action)}: {why}"
    return None


def flag_of(action) -> str:
    """How an argument is named: its longest option string, or its metavar."""
    if action.option_strings:
        return max(action.option_strings, key=len)
    return str(action.metavar or action.dest)


def _outside(value, lo, hi) -> str | None:
    if (lo is None or value >= lo) and (hi is None or value <= hi):
        return None
    if hi is None:
        return f"must be at least {_n(lo)}, not {_n(value)}"
    if lo is None:
        return f"must be at most {_n(hi)}, not {_n(value)}"
    return f"must be from {_n(lo)} to {_n(hi)}, not {_n(value)}"


def _n(x) -> str:
    """A number as the user would write it (``2``, not ``2.0``)."""
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return str(x)


def add_run_arguments(s) -> None:
    """The arguments of a run of many games (``simulate``, ``compare``, ``analyze``):
    ``--seed``, ``--jobs``, ``--backend``, ``--address``, ``--max-actions``, added to
    argparse parser ``s``."""
    s.add_argument("--seed", type=Whole(0), default=0, metavar="S",
                   help="the run's seed (default 0): each game's seed comes from it")
    s.add_argument("--jobs", type=Whole(1, MAX_JOBS), metavar="N",
                   help="worker processes (default: the machine's cores)")
    s.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="where the games run (ray: pip install rulekit[ray])")
    s.add_argument("--address", type=RayAddress(), metavar="ADDR",
                   help="with --backend ray: a Ray cluster's address (auto, HOST:PORT "
                   "or ray://HOST:PORT)")
    s.add_argument("--max-actions", type=Whole(1, MAX_RECORD_ACTIONS), default=None,
                   metavar="N", help="abort a game after N actions (default 10000)")
