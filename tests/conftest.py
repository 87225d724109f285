import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from budget import SOAK  # noqa: E402  (tests/ must be on sys.path first)

# The order the suite runs in, so that `pytest -x` stops on a broken rule first:
#   0. rule tests: the rule book's cases, the scenarios, the language constructs;
#   1. everything else (loading errors, the command line, records, ...);
#   2. the long random-game tests: the `soak` marker (sized by RULEKIT_SOAK, see
#      tests/budget.py) and the `random_games` marker.
RULE_FILES = ("test_rules_*.py", "test_scenarios.py", "test_constructs.py",
              "test_builtins.py", "test_sequences.py")
LATE_MARKERS = ("soak", "random_games")


def run_group(item) -> int:
    path = item.path
    if any(path.match(pattern) for pattern in RULE_FILES):
        return 0
    if any(item.get_closest_marker(m) for m in LATE_MARKERS):
        return 2
    return 1


def pytest_collection_modifyitems(session, config, items):
    items.sort(key=run_group)          # stable: the file order holds within each group


def pytest_report_header(config):
    return ("random games: full soak sizes (RULEKIT_SOAK=1)" if SOAK else
            "random games: quick sizes (RULEKIT_SOAK=1 plays the full soaks)")
