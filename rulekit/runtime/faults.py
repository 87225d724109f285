"""How the engine tells a ruleset's failures from rulekit's bugs, in words."""
from __future__ import annotations

from ..errors import GENERATED, RUNTIME_WORDS, RulesetFault  # noqa: F401 (the engine's names)

_RUNTIME_WORDS = RUNTIME_WORDS


def raised_by_ruleset(exc: BaseException) -> bool:
    """Whether ``exc`` was raised inside code generated from a ruleset (a frame of
    :data:`rulekit.errors.GENERATED` in its traceback)."""
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == GENERATED:
            return True
        tb = tb.tb_next
    return False
