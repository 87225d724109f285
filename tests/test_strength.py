"""The strength of the search bot, as a soak (``RULEKIT_SOAK=1``; never in the default
run): benchmarks/strength.py at a smaller budget. The full table (200 simulations a
move, 100 games a pairing) is ``python benchmarks/strength.py``; docs/bots.md keeps it."""
import sys
from pathlib import Path

import pytest

from budget import SOAK

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import rulekit  # noqa: E402

pytestmark = [pytest.mark.soak,
              pytest.mark.skipif(not SOAK, reason="a soak: RULEKIT_SOAK=1 plays it")]


@pytest.mark.parametrize("name", sorted(rulekit.bundled()))
def test_search_beats_random_play(name):
    """Against random seats, the search bot's mean return is above par (what a seat of
    those games gets on average) by more than its 95% interval."""
    from strength import pairing, row
    from rulekit.simulation.stats import mean_interval
    r = pairing(name, "random", games=24, sims=60)
    print(row(r))
    _, low, _ = mean_interval(r["returns"])
    assert r["finished"] == r["games"] and low > r["par"], row(r)
