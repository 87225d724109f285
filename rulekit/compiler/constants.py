"""The constants table of generated code: how a value of the ruleset is written into
it (:func:`const_code`), for the compile context and the play-time expression service
(:mod:`.service`), each with a table of its own."""
from __future__ import annotations

import re

_PLAIN = re.compile(r"[A-Za-z0-9_ .,:;!?-]*")


def const_code(value, constants: list, index: dict) -> str:
    """Code for ``value`` (a text, number, list... of the ruleset). No value's ``repr``
    is ever written into generated code: a bool, null, a whole number or a plain text
    (letters, digits, spaces and ``_-.,:;!?``) is written as a literal of our own;
    anything else is read from the constants table ``constants`` (``_K[i]``; appended
    to, ``index`` mapping each value's kind and ``repr`` to its place)."""
    if value is None or value is True or value is False:
        return str(value)
    if value.__class__ is int:
        return str(value) if value >= 0 else f"({value})"
    if value.__class__ is str and _PLAIN.fullmatch(value):
        return f"'{value}'"
    kind = "list" if isinstance(value, list) else "dict" if isinstance(value, dict) \
        else type(value).__name__           # (read-only ones as the same kind)
    key = (kind, repr(value))
    if key not in index:
        index[key] = len(constants)
        constants.append(value)
    return f"_K[{index[key]}]"
