"""How the engine tells a ruleset's failures from rulekit's bugs, in words."""
from __future__ import annotations

from ..errors import GENERATED, RulesetFault  # noqa: F401 (the engine's name for it)

_RUNTIME_WORDS = {"ZeroDivisionError": "division by zero", "MemoryError": "out of memory",
                  "TypeError": "a value of the wrong type (often a variable that is still null)",
                  "KeyError": "no such card, seat or name", "IndexError": "no such item",
                  "AttributeError": "a value of the wrong type", "ValueError": "a bad value"}


def raised_by_ruleset(exc: BaseException) -> bool:
    """Whether ``exc`` was raised inside code generated from a ruleset (a frame of
    :data:`rulekit.errors.GENERATED` in its traceback)."""
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == GENERATED:
            return True
        tb = tb.tb_next
    return False
