"""The scenario records (copied from the team's shared/scenarios) replayed through the
Python API. The team's ``shared`` folder is the sibling of the repository root (the
folder that holds pyproject.toml): ``<repository root>/../shared``."""
from pathlib import Path

import pytest

from scenario_check import SCENARIOS, replay_scenario, scenario_files


def repository_root(start: Path) -> Path:
    """The nearest folder at or above ``start`` that holds pyproject.toml."""
    for folder in [start, *start.parents]:
        if (folder / "pyproject.toml").is_file():
            return folder
    raise AssertionError(f"no pyproject.toml at or above {start}")


ROOT = repository_root(Path(__file__).resolve().parent)
SHARED = ROOT.parent / "shared"
SUPPORTED = ("mattis_", "myllymatti_", "norsk_", "atlanta_")


@pytest.mark.parametrize("path", [p for p in scenario_files() if p.name.startswith(SUPPORTED)],
                         ids=lambda p: p.stem)
def test_scenario(path):
    problems = replay_scenario(path)
    assert problems == [], "\n".join(problems)


def test_repository_root_is_found_from_any_depth(tmp_path):
    """However deep a checkout sits (a worktree in a subfolder, say), its root is the
    folder with pyproject.toml; here, rulekit's own."""
    (tmp_path / "team" / "deep" / "repo" / "tests" / "sub").mkdir(parents=True)
    (tmp_path / "team" / "deep" / "repo" / "pyproject.toml").write_text("")
    found = repository_root(tmp_path / "team" / "deep" / "repo" / "tests" / "sub")
    assert found == tmp_path / "team" / "deep" / "repo"
    assert 'name = "rulekit"' in (ROOT / "pyproject.toml").read_text()
    assert Path(__file__).resolve().is_relative_to(ROOT)


def test_copies_match_shared():
    """The copies in tests/scenarios/ must equal <repository root>/../shared/scenarios/;
    skipped only when the shared folder is not there (a checkout on its own)."""
    if not SHARED.is_dir():
        pytest.skip(f"the team's shared folder {SHARED} (the sibling of the repository "
                    f"root {ROOT}) does not exist: nothing to compare with")
    originals = SHARED / "scenarios"
    assert originals.is_dir(), f"{SHARED} exists but has no scenarios/ folder"
    shared = {p.name: p.read_bytes() for p in originals.glob("*.json")}
    ours = {p.name: p.read_bytes() for p in SCENARIOS.glob("*.json")}
    assert sorted(shared) == sorted(ours)
    differ = [name for name in shared if shared[name] != ours[name]]
    assert differ == []


def test_rule_book_copies_match_shared():
    """The Mattis family's rule books in docs/rules/ (shipped with the package) must
    equal the team's originals in <repository root>/../shared/rules/, when present."""
    if not (SHARED / "rules").is_dir():
        pytest.skip(f"the team's shared rule books {SHARED / 'rules'} are not there")
    for original in sorted((SHARED / "rules").glob("*.md")):
        copy = ROOT / "docs" / "rules" / original.name
        assert copy.is_file() and copy.read_bytes() == original.read_bytes(), original.name
