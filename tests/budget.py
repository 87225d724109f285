"""How many random games the suite plays.

The default run keeps to a CPU budget (a few minutes on 2 cores), so the random-game
tests play a quick sample. With ``RULEKIT_SOAK=1`` they play their full soak sizes (the
sizes the suite used to play by default, or more). Those tests carry the ``soak``
marker: ``RULEKIT_SOAK=1 pytest -m soak`` runs the soaks alone.
"""
import os

SOAK = os.environ.get("RULEKIT_SOAK", "") not in ("", "0")


def games(quick: int, soak: int) -> int:
    """The number of games (or seeds) to play: ``quick`` by default, ``soak`` when soaking."""
    return soak if SOAK else quick
