"""Every value a page or a client sends to the web server, read in one place.

Whatever comes from outside (a websocket message, a request body, a query string, a
header) goes through this module before other code sees it:

- :func:`parse_json` reads JSON text and refuses what is not JSON, nested too deep,
  ``NaN`` or ``Infinity`` (or a number that overflows to it), a whole number of more
  than ``MAX_INT_DIGITS`` digits, and text that is not valid Unicode (a lone surrogate
  written as ``"\\ud800"``: it cannot be stored, compared or sent back);
- :func:`read` checks the fields of a message, a body or a query string against a
  spec (``{name: Field}``) and gives back exactly the spec's fields, each of its form:
  :func:`text` (valid Unicode of bounded length), :func:`count` (a whole number: a JSON
  number, or ASCII digits in a query string or header, so that ``²`` or a 5,000-digit
  number is refused before ``int()`` sees it), :func:`names` (a list of texts) and
  :func:`options` (an object of names and plain values).

Every problem is a :class:`FieldError` whose message names the field and says what it
should be; nothing here raises anything else. The specs of the protocol (docs/web.md)
are at the end.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Callable

from ..limits import MAX_INT_DIGITS, MAX_PLAYERS
from .choosing import MAX_MADE, MAX_SET


class FieldError(ValueError):
    """A value from a page or a client that is not of its form; the message says which
    and what it should be (shown to the person, a 400 on HTTP)."""


class _Bad(ValueError):
    """Inside this module: why a value is not of its form (no field name yet)."""


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Bad(f"a whole number of more than {MAX_INT_DIGITS} digits")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Bad(f"a number too large ({text[:20]})")
    return value


def _constant(name: str):
    raise _Bad(f"{name}, which is not a JSON number")


def _check_text(value: str) -> str:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise _Bad("text that is not valid Unicode (a lone surrogate)") from None
    return value


def parse_json(raw, what: str, hint: str = "") -> object:
    """The JSON value of ``raw`` (str, or bytes in UTF-8). Raises FieldError for
    anything the module docstring says it refuses ("``what`` is not JSON``hint``", or
    "``what`` holds ..." saying what it holds); every string in the result (keys too)
    is valid Unicode."""
    try:
        value = json.loads(raw, parse_int=_number, parse_float=_real,
                           parse_constant=_constant)
    except _Bad as exc:
        raise FieldError(f"{what} holds {exc}") from None
    except (ValueError, RecursionError):
        raise FieldError(f"{what} is not JSON{hint}") from None
    stack = [value]
    while stack:                        # every string, without recursion
        v = stack.pop()
        try:
            if isinstance(v, str):
                _check_text(v)
            elif isinstance(v, dict):
                for k, item in v.items():
                    _check_text(k)
                    stack.append(item)
            elif isinstance(v, list):
                stack.extend(v)
        except _Bad as exc:
            raise FieldError(f"{what} holds {exc}") from None
    return value


Check = Callable[[object], object]      # the value read, or raises _Bad


def text(most: int) -> Check:
    """A check: a string of at most ``most`` characters, valid Unicode."""
    def check(value):
        if not isinstance(value, str):
            raise _Bad("text")
        if len(value) > most:
            raise _Bad(f"at most {most} characters")
        return _check_text(value)
    return check


def count(most: int = 10 ** MAX_INT_DIGITS - 1, digits: bool = False) -> Check:
    """A check: a whole number from 0 to ``most``. From JSON (``digits`` False) a
    number, not true/false; from a query string or a header (``digits`` True) ASCII
    digits, at most ``MAX_INT_DIGITS`` of them (no sign, no space, no ``²``)."""
    def check(value):
        if digits:
            if not (isinstance(value, str) and value.isascii() and value.isdigit()
                    and len(value) <= MAX_INT_DIGITS):
                raise _Bad(f"ASCII digits, at most {MAX_INT_DIGITS} of them")
            value = int(value)
        elif isinstance(value, bool) or not isinstance(value, int):
            raise _Bad("a whole number")
        if not 0 <= value <= most:
            raise _Bad(f"from 0 to {most}")
        return value
    return check


def names(most: int, chars: int) -> Check:
    """A check: a list of at most ``most`` texts of at most ``chars`` characters."""
    one = text(chars)

    def check(value):
        if not isinstance(value, list):
            raise _Bad("a list")
        if len(value) > most:
            raise _Bad(f"at most {most} of them")
        return [one(v) for v in value]
    return check


def options(most: int, chars: int = 200) -> Check:
    """A check: an object of at most ``most`` names (texts of at most 64 characters),
    each with a plain value: true/false, a number, a text of at most ``chars``
    characters, or a list of such (the ruleset then says whether it fits)."""
    name = text(64)

    def plain(v):
        if isinstance(v, str):
            return text(chars)(v)
        if v is None or isinstance(v, (bool, int, float)):
            return v
        raise _Bad("values that are true/false, numbers, texts or lists of them")

    def check(value):
        if not isinstance(value, dict):
            raise _Bad("an object of option names and values")
        if len(value) > most:
            raise _Bad(f"at most {most} of them")
        return {name(k): [plain(x) for x in v] if isinstance(v, list) and len(v) <= most
                else plain(v) for k, v in value.items()}
    return check


async def body(request, most: int):
    """The body of ``request`` (a Starlette Request), or None when it is over ``most``
    bytes: refused by its Content-Length, or while it streams (never more than that
    is held). Raises FieldError for a Content-Length not of its form; whatever the
    request's stream raises (the client left before the end) passes through."""
    length = request.headers.get("content-length")
    if length is not None:
        length = read("the request", {"length": length}, {"length": LENGTH})["length"]
        if length > most:
            return None
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > most:
            return None
    return bytes(raw)


@dataclass(frozen=True)
class Field:
    """One field of a message: ``check`` reads it, ``doc`` says what it is (in the
    error), ``required``: a missing (or null) one is an error, else it reads as None."""
    check: Check
    doc: str
    required: bool = False


def read(what: str, data, spec: dict) -> dict:
    """The fields of ``spec`` (``{name: Field}``) read from ``data`` (a dict: a parsed
    message, a body, a query string's parameters): ``{name: value or None}``; other
    keys are ignored. Raises FieldError naming the first field missing or not of its
    form (``what`` names the whole: "an act", "the request")."""
    if not isinstance(data, dict):
        raise FieldError(f"{what} is a JSON object with " + ", ".join(spec))
    out = {}
    for name, field in spec.items():
        value = data.get(name)
        if value is None:
            if field.required:
                raise FieldError(f"{what} needs its {name}: {field.doc}")
            out[name] = None
            continue
        try:
            out[name] = field.check(value)
        except _Bad as exc:
            raise FieldError(f"{name}: {field.doc}, {exc}") from None
    return out


# ---- the protocol's fields (docs/web.md) ----------------------------------------------------
MAX_TEXT = 500                  # characters of an action, a ruleset name
HELLO = {"token": Field(text(100), "the seat's token from its link, or null to watch")}
NAME = {"name": Field(text(100), "the name the person at the seat gives", True)}
ACT = {"action": Field(text(MAX_TEXT), "the text of one of the seat's actions", True),
       "version": Field(count(), "the move count the page shows", True)}
PARTS = {"action": Field(text(100), "the name of a choice in parts", True),
         "made": Field(names(MAX_MADE, MAX_TEXT), "the parts made so far, each as its text"),
         "set": Field(names(MAX_SET, 20), "the cards of a set part chosen so far, or null"),
         "version": Field(count(), "the move count the page shows", True)}
AGAIN = {"game": Field(count(), "the number of the finished game the page shows")}
CREATE = {"ruleset": Field(text(MAX_TEXT), "a ruleset's name as /api/rulesets gives it",
                           True),
          "options": Field(options(100), "an object of option names and values"),
          "seats": Field(names(MAX_PLAYERS, 30), "a list with what sits at each seat",
                         True)}
RECORD = {"game": Field(count(digits=True), "the number of a game at this table")}
LENGTH = Field(count(digits=True), "Content-Length, the body's size in bytes")
