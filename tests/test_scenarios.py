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


def _original_rules(text: str) -> dict:
    """The rules of a book in the team's original form: table rows ``| ID | text |`` and
    sections ``## ID Title`` (the title is part of the rule's words)."""
    import re
    out = {m.group(1): m.group(2)
           for m in re.finditer(r"^\| ([A-Z]+-[0-9]+) \| (.*) \|$", text, re.M)}
    for m in re.finditer(r"^## ([A-Z]+-[0-9]+) (.*)\n((?:(?!## ).*\n?)*)", text, re.M):
        out[m.group(1)] = f"{m.group(2)} {m.group(3)}"
    return out


def test_rule_books_keep_the_shared_originals_rules():
    """The Mattis family's rule books in docs/rules/ (shipped with the package) say what
    the team's originals in <repository root>/../shared/rules/ say, when present: the
    same rule ids in the same order, and each rule's words the original's, except for
    passages moved to the book's notes for authors (found there, word for word). A rule
    that was a section (``## ID Title``) keeps its title as its section's."""
    import difflib
    import re

    from rulekit.source.rulebook import parse_rule_book
    if not (SHARED / "rules").is_dir():
        pytest.skip(f"the team's shared rule books {SHARED / 'rules'} are not there")
    words = re.compile(r"\w+").findall
    originals = sorted((SHARED / "rules").glob("*.md"))
    assert originals
    for original in originals:
        old = _original_rules(original.read_text(encoding="utf-8"))
        book = parse_rule_book((ROOT / "docs" / "rules" / original.name)
                               .read_text(encoding="utf-8"), original.name)
        titled = re.search(r"^## [A-Z]+-[0-9]", original.read_text(encoding="utf-8"), re.M)
        new = {r.id: f"{r.section if titled else ''} {r.text}" for r in book.rules}
        assert list(new) == list(old), original.name
        notes = " ".join(words(book.notes))
        for rid, text in old.items():
            was, now = words(text), words(new[rid])
            diff = difflib.SequenceMatcher(None, was, now, autojunk=False)
            for tag, i, j, k, m in diff.get_opcodes():
                assert tag in ("equal", "delete"), (original.name, rid, now[k:m])
                if tag == "delete":
                    assert " ".join(was[i:j]) in notes, (original.name, rid, was[i:j])
