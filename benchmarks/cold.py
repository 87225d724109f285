"""Cold commands of two rulekit trees, side by side: what loading and checking cost a
fresh process, by machine instructions (callgrind: the same figure on a busy machine as
on an idle one) and by CPU time over alternating rounds.

    git worktree add --detach /tmp/rulekit-base HEAD~1
    python benchmarks/cold.py /tmp/rulekit-base
    python benchmarks/cold.py /tmp/rulekit-base --only play-mattis --rounds 5

The commands, each a fresh Python process with the tree first on its path (start-up
and imports included, as a person running the command pays them):

- ``check-NAME``: ``rulekit.check(NAME)`` (the whole pipeline) for each bundled NAME;
- ``validate-mattis``: ``rulekit validate mattis``;
- ``play-mattis``: ``rulekit play mattis``'s work up to the first decision (load, a
  new game of 4, its first legal actions).

Each process runs once before it is measured (Python's bytecode caches written), with
a fixed hash seed. The ratio (base / this tree) above 1 means this tree does less.
Needs ``valgrind``; a command takes about 50 times as long under it.
"""
from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
NAMES = ["atlanta_mattis", "crazy_eights", "durak", "hearts", "mattis", "mattis_norsk",
         "myllymatti", "skitgubbe"]

PRELUDE = "import sys; sys.path.insert(0, sys.argv[1]); import rulekit\n"
COMMANDS = {f"check-{n}": PRELUDE + f"rules, diags = rulekit.check({n!r})\n" for n in NAMES}
COMMANDS["validate-mattis"] = PRELUDE + (
    "from rulekit.cli import main\nsys.argv = ['rulekit', 'validate', 'mattis']\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n")
COMMANDS["play-mattis"] = PRELUDE + (
    "rules = rulekit.load('mattis')\ngame = rules.new_game(players=4, seed=1)\n"
    "assert game.legal_actions()\n")


def run(tree: str, code: str, valgrind: bool) -> float:
    """Instructions (``valgrind``) or CPU seconds of one process running ``code``."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    argv = [sys.executable, "-c", code, tree]
    if valgrind:
        argv = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, env=env, capture_output=True, text=True, cwd="/tmp")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: failed:\n{done.stderr[-2000:]}")
    if valgrind:
        return float(re.search(r"Collected : (\d+)", done.stderr).group(1))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("base", help="the other tree (a git worktree)")
    p.add_argument("--tree", default=str(HERE), help="this tree (default: this checkout)")
    p.add_argument("--only", nargs="*", choices=sorted(COMMANDS), help="these commands")
    p.add_argument("--rounds", type=int, default=3, help="CPU-time rounds (alternating)")
    p.add_argument("--no-valgrind", action="store_true", help="CPU time only")
    a = p.parse_args()
    names = a.only or list(COMMANDS)
    print(f"{'command':<22} {'base instr':>14} {'this instr':>14} {'ratio':>6}   "
          f"{'base s':>7} {'this s':>7} {'ratio':>6}")
    for name in names:
        code = COMMANDS[name]
        for tree in (a.base, a.tree):
            run(tree, code, False)                  # bytecode caches written
        if a.no_valgrind:
            ib = it = float("nan")
        else:
            ib, it = run(a.base, code, True), run(a.tree, code, True)
        tb, tt = [], []
        for i in range(a.rounds):                   # alternating, this tree first on odd
            order = [(a.base, tb), (a.tree, tt)][::1 if i % 2 == 0 else -1]
            for tree, out in order:
                out.append(run(tree, code, False))
        sb, st = statistics.median(tb), statistics.median(tt)
        print(f"{name:<22} {ib:>14,.0f} {it:>14,.0f} {ib / it:>6.2f}   "
              f"{sb:>7.2f} {st:>7.2f} {sb / st:>6.2f}", flush=True)
        time.sleep(0.1)


if __name__ == "__main__":
    main()
