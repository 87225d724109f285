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

    python benchmarks/instructions.py /tmp/rulekit-base --what play      # playouts only
    python benchmarks/instructions.py /tmp/rulekit-base --ruleset hearts --option target=1

``--what play`` leaves out clone() and determinize() (two fifths of the runs);
``--what ismcts`` counts instructions per simulation of the default ISMCTS search
(25 simulations from each of the first 8 sampled states with a choice);
``--option K=V`` sets a ruleset option in both trees (``target=1``: one Hearts hand a
game). Run it with the Python that has rulekit's dependencies (the venv's): each tree is
checked first to import its own rulekit with it, and a run that fails shows Python's
error, not valgrind's log.

The games (and the sampled states) keep no event log in a tree whose ``new_game``
takes ``events`` (``events=False``: what bots and playouts use, rulekit 34 on); a
tree without it logs as it always did. ``--log`` keeps the log in both trees (like
for like: what a game a person watches costs).
"""
from __future__ import annotations

import json
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
import json, random, sys
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
SEARCHED, SIMULATIONS = 8, 25             # (--what ismcts: states searched, simulations)
rules = rulekit.load(name, json.loads(sys.argv[5]))
import inspect                            # quiet games where the tree has them
QUIET = {"events": False} if sys.argv[6] == "quiet" and \
    "events" in inspect.signature(rules.new_game).parameters else {}
count = 0
if what == "play":
    actions = 0
""" + textwrap.indent(PLAY.replace("seed=seed)", "seed=seed, **QUIET)"), "    ") + r"""
    count = actions
else:
    states = []
""" + textwrap.indent(SAMPLE.replace("seed=seed)", "seed=seed, **QUIET)"), "    ") + r"""
    r = random.Random(7)
    if what == "clone":
        for s in states:
            s.clone()
    elif what == "determinize":
        for s in states:
            determinize(s, s.to_act, r)
    if what == "ismcts":                  # simulations of the default search, counted
        from rulekit.play.search import SearchAgent
        count = 0
        for s in [s for s in states if len(s.legal_actions()) > 1][:SEARCHED]:
            SearchAgent(seed=1, simulations=SIMULATIONS).search(s)
            count += SIMULATIONS
    else:
        count = len(states)
print("COUNT", count)
"""


def check_tree(tree: Path, ruleset: str, players: int, options: dict, log: str) -> None:
    """Exit with a clear message unless this Python, without valgrind, imports rulekit
    from ``tree`` itself (its dependencies too) and loads ``ruleset`` there, as the
    measured runs do (seconds, where a failure under valgrind takes minutes)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, "-c", "import rulekit; print(rulekit.__file__)"],
                         env=env, capture_output=True, text=True, cwd=tree)
    if out.returncode == 0 and not out.stdout.startswith(str(tree.resolve())):
        raise SystemExit(f"{tree}: imports rulekit from {out.stdout.strip()}, not the tree")
    if out.returncode == 0:
        out = subprocess.run([sys.executable, "-c", SNIPPET, ruleset, str(players), "0",
                              "play", json.dumps(options), log],
                             env=env, capture_output=True, text=True, cwd=tree)
    if out.returncode:
        raise SystemExit(f"{tree}: {ruleset} {players}p does not load with "
                         f"{sys.executable} (the venv's Python has rulekit's "
                         f"dependencies):\n{out.stderr[-1500:]}")


def instructions(tree: Path, ruleset: str, players: int, games: int, what: str,
                 options: dict, log: str = "quiet"):
    """(instructions, count) of one run under callgrind, importing rulekit from ``tree``
    (``what``: play, states, clone or determinize; ``play`` with 0 games for the
    baseline of playouts; ``options``: the ruleset's options; ``log``: ``quiet``, games
    without an event log where the tree has them, or ``log``)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", SNIPPET, ruleset, str(players), str(games),
                          what, json.dumps(options), log],
                         env=env, capture_output=True, text=True, cwd=tree)
    refs = re.search(r"Collected : ([\d,]+)", out.stderr)
    count = re.search(r"COUNT (\d+)", out.stdout)
    if out.returncode or not refs or not count:
        # Python's own error, without valgrind's lines (==pid==), which quote the snippet
        python = "\n".join(line for line in out.stderr.splitlines()
                           if not re.match(r"==\d+==", line))
        raise SystemExit(f"{tree}: {ruleset} {players}p {what} failed (exit "
                         f"{out.returncode}):\n{python[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(count.group(1))


def measure_search(tree: Path, ruleset: str, players: int, games: int, pool,
                   options: dict, log: str = "quiet") -> float:
    """Instructions per simulation of the default ISMCTS search (rulekit.play.search),
    25 simulations from each of the first 8 sampled states with a choice, for one
    tree."""
    run = lambda what: pool.submit(instructions, tree, ruleset, players, games, what, options,
                                   log)
    base, work = run("states"), run("ismcts")
    (b, _), (w, count) = base.result(), work.result()
    return (w - b) / count


def measure(tree: Path, ruleset: str, players: int, games: int, pool, options: dict,
            only_play: bool = False, log: str = "quiet") -> dict:
    """Instructions per action (play) and per game, per clone and per determinize (NaN
    with ``only_play``) for one tree."""
    run = lambda n, what: pool.submit(instructions, tree, ruleset, players, n, what, options,
                                      log)
    jobs = {"play0": run(0, "play"), "play": run(games, "play")}
    if not only_play:
        for what in ("states", "clone", "determinize"):
            jobs[what] = run(games, what)
    got = {k: j.result() for k, j in jobs.items()}
    work = got["play"][0] - got["play0"][0]
    out = {"play": work / got["play"][1], "game": work / games}
    for what in ("clone", "determinize"):
        out[what] = (float("nan") if only_play
                     else (got[what][0] - got["states"][0]) / got[what][1])
    out["actions"] = got["play"][1]
    return out


def main() -> None:
    p = arguments(__doc__, "4, or the ruleset's only count", 5)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--what", choices=("all", "play", "ismcts"), default="all",
                   help="play: playouts only (no clone/determinize runs); ismcts: "
                   "instructions per simulation of the default search only")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="a ruleset option, in both trees")
    p.add_argument("--log", action="store_true",
                   help="games keep their event log in both trees (default: no log where "
                   "a tree's new_game takes events=False)")
    args = p.parse_args()
    args.log = "log" if args.log else "quiet"
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt install valgrind)")
    options = dict(o.split("=", 1) for o in args.option)
    if args.what == "ismcts":
        return search_table(args, options)
    print(f"{'ruleset':16} {'n':>2}  {'instr./action':>13} {'base':>9} {'x':>5}   "
          f"{'clone':>8} {'x':>5}   {'determinize':>11} {'x':>5}   {'actions':>7} "
          f"{'instr./game':>13} {'base':>13}   (instructions; x = base / this)", flush=True)
    with ThreadPoolExecutor(args.jobs) as pool:
        for name in args.ruleset or RULESETS:
            for n in args.players or ([3] if name == "atlanta_mattis" else [4]):
                for tree in (args.base, args.tree):
                    check_tree(tree, name, n, options, args.log)
                b = measure(args.base, name, n, args.games, pool, options, args.what == "play",
                            args.log)
                t = measure(args.tree, name, n, args.games, pool, options, args.what == "play",
                            args.log)
                if b["actions"] != t["actions"]:
                    print(f"  note: the trees play different games ({b['actions']} vs "
                          f"{t['actions']} actions)")
                print(f"{name:16} {n:2}  {t['play']:13,.0f} {b['play']:9,.0f} "
                      f"{b['play'] / t['play']:5.2f}   {t['clone']:8,.0f} "
                      f"{b['clone'] / t['clone']:5.2f}   {t['determinize']:11,.0f} "
                      f"{b['determinize'] / t['determinize']:5.2f}   {t['actions']:7} "
                      f"{t['game']:13,.0f} {b['game']:13,.0f}", flush=True)


def search_table(args, options: dict) -> None:
    """``--what ismcts``: instructions per ISMCTS simulation in both trees."""
    print(f"{'ruleset':16} {'n':>2}  {'instr./simulation':>17} {'base':>11} {'x':>5}   "
          "(x = base / this)", flush=True)
    with ThreadPoolExecutor(args.jobs) as pool:
        for name in args.ruleset or RULESETS:
            for n in args.players or ([3] if name == "atlanta_mattis" else [4]):
                for tree in (args.base, args.tree):
                    check_tree(tree, name, n, options, args.log)
                b = measure_search(args.base, name, n, args.games, pool, options, args.log)
                t = measure_search(args.tree, name, n, args.games, pool, options, args.log)
                print(f"{name:16} {n:2}  {t:17,.0f} {b:11,.0f} {b / t:5.2f}", flush=True)


if __name__ == "__main__":
    main()
