"""The scenario records (copied from ../shared/scenarios) replayed through the Python API."""
from pathlib import Path

import pytest

from scenario_check import SCENARIOS, replay_scenario, scenario_files

SHARED = Path(__file__).resolve().parents[2] / "shared" / "scenarios"
SUPPORTED = ("mattis_", "myllymatti_", "norsk_", "atlanta_")


@pytest.mark.parametrize("path", [p for p in scenario_files() if p.name.startswith(SUPPORTED)],
                         ids=lambda p: p.stem)
def test_scenario(path):
    problems = replay_scenario(path)
    assert problems == [], "\n".join(problems)


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/scenarios is not present")
def test_copies_match_shared():
    """The copies in tests/scenarios/ must equal ../shared/scenarios/ when it exists."""
    shared = {p.name: p.read_bytes() for p in SHARED.glob("*.json")}
    ours = {p.name: p.read_bytes() for p in SCENARIOS.glob("*.json")}
    assert sorted(shared) == sorted(ours)
    differ = [name for name in shared if shared[name] != ours[name]]
    assert differ == []
