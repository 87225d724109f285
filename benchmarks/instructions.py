"""The hot path by machine instructions: playouts, clone() and determinize() of two
rulekit trees, side by side, counted by valgrind's callgrind: the same figures on a
busy machine as on an idle one (timings here vary by 10-20% from run to run).

    git worktree add --detach /tmp/rulekit-base 3f121f4
    python benchmarks/instructions.py /tmp/rulekit-base                 # the four Mattis
    python benchmarks/instructions.py /tmp/rulekit-base --ruleset mattis --players 4 8

Each figure is the instructions of a run doing the work minus those of a run that
does everything else (start-up, loading, building the sampled states), so only the
work is counted: per action of seeded random games (uniform over the legal actions),
per ``clone()`` and per ``determinize()`` of states sampled along those games (every
fifth decision), the same games in both trees. Python's hash seed is fixed, so a run
gives the same count every time. Needs ``valgrind`` (``apt install valgrind``); a
run takes about 50 times as long as without it, so keep ``--games`` small.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from hot_path import PLAY, RULESETS, SAMPLE, arguments  # noqa: E402 (this folder is on the path)

SNIPPET = r"""
import random, sys
import rulekit
try:                                      # (imported now: not counted with the work)
    import rulekit.runtime.engine
except ImportError:
    import rulekit.engine
try:
    from rulekit.play.search import determinize
except ImportError:                       # older trees
    from rulekit.agents import determinize
name, players, games, what = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rules = rulekit.load(name)
count = 0
if what == "play":
    actions = 0
""" + textwrap.indent(PLAY, "    ") + r"""
    count = actions
else:
    states = []
""" + textwrap.indent(SAMPLE, "    ") + r"""
    r = random.Random(7)
    if what == "clone":
        for s in states:
            s.clone()
    elif what == "determinize":
        for s in states:
            determinize(s, s.to_act, r)
    count = len(states)
print("COUNT", count)
"""


def instructions(tree: Path, ruleset: str, players: int, games: int, what: str):
    """(instructions, count) of one run under callgrind, importing rulekit from ``tree``
    (``what``: play, states, clone or determinize; ``play`` with 0 games for the
    baseline of playouts)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", SNIPPET, ruleset, str(players), str(games),
                          what], env=env, capture_output=True, text=True, cwd=tree)
    refs = re.search(r"Collected : ([\d,]+)", out.stderr)
    count = re.search(r"COUNT (\d+)", out.stdout)
    if out.returncode or not refs or not count:
        raise SystemExit(f"{tree}: {ruleset} {players}p {what} failed:\n{out.stderr[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(count.group(1))


def measure(tree: Path, ruleset: str, players: int, games: int, pool) -> dict:
    """Instructions per action (play), per clone and per determinize for one tree."""
    jobs = {"play0": pool.submit(instructions, tree, ruleset, players, 0, "play")}
    for what in ("play", "states", "clone", "determinize"):
        jobs[what] = pool.submit(instructions, tree, ruleset, players, games, what)
    got = {k: j.result() for k, j in jobs.items()}
    out = {"play": (got["play"][0] - got["play0"][0]) / got["play"][1]}
    for what in ("clone", "determinize"):
        out[what] = (got[what][0] - got["states"][0]) / got[what][1]
    out["actions"] = got["play"][1]
    return out


def main() -> None:
    p = arguments(__doc__, "4, or the ruleset's only count", 5)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = p.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt install valgrind)")
    print(f"{'ruleset':16} {'n':>2}  {'instr./action':>13} {'base':>9} {'x':>5}   "
          f"{'clone':>8} {'x':>5}   {'determinize':>11} {'x':>5}   (instructions)")
    with ThreadPoolExecutor(args.jobs) as pool:
        for name in args.ruleset or RULESETS:
            for n in args.players or ([3] if name == "atlanta_mattis" else [4]):
                b = measure(args.base, name, n, args.games, pool)
                t = measure(args.tree, name, n, args.games, pool)
                if b["actions"] != t["actions"]:
                    print(f"  note: the trees play different games ({b['actions']} vs "
                          f"{t['actions']} actions)")
                print(f"{name:16} {n:2}  {t['play']:13,.0f} {b['play']:9,.0f} "
                      f"{b['play'] / t['play']:5.2f}   {t['clone']:8,.0f} "
                      f"{b['clone'] / t['clone']:5.2f}   {t['determinize']:11,.0f} "
                      f"{b['determinize'] / t['determinize']:5.2f}", flush=True)


if __name__ == "__main__":
    main()
