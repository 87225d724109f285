"""Wall time to validate every bundled ruleset in one process, and CLI start-up.

    python benchmarks/validate.py

Prints: the time to import the pipeline's libraries, the time to validate all bundled
rulesets (first run, imports done), a second run, and `rulekit --help` wall time
(median of 5, a fresh process each).
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time


def main() -> None:
    t0 = time.perf_counter()
    import jsonschema  # noqa: F401
    import lark  # noqa: F401
    import networkx  # noqa: F401
    import yaml  # noqa: F401

    import rulekit
    imports = time.perf_counter() - t0
    names = list(rulekit.bundled())
    runs = []
    for _ in range(2):
        t = time.perf_counter()
        for name in names:
            rules, diags = rulekit.check(name)
            assert rules is not None, diags
        runs.append(time.perf_counter() - t)
    helps = []
    for _ in range(5):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "rulekit", "--help"], check=True,
                       capture_output=True)
        helps.append(time.perf_counter() - t)
    print(f"imports {imports * 1000:.0f} ms; validate {len(names)} bundled rulesets: first "
          f"{runs[0] * 1000:.0f} ms, again {runs[1] * 1000:.0f} ms; "
          f"`python -m rulekit --help` {statistics.median(helps) * 1000:.0f} ms (median of 5)")


if __name__ == "__main__":
    main()
