"""``rulekit simulate`` and ``rulekit compare``: many games, their figures, side by side.

Progress goes to stderr (a bar with games/s and time left on a terminal, a plain line
every tenth of the run otherwise), the report to stdout (text, or ``--json``); ``--csv``
and ``--plot`` write files. The record of the first aborted game (of each player count) is
always kept: in ``--records DIR`` if given, else as
``rulekit-abort-<players>p-<seed>.json`` in the current folder. Output paths are checked
before the first game is played.
"""
from __future__ import annotations

import csv
import json
import sys
import time

from ..errors import RulesetError
from .common import fail, load_or_report, option_pairs


def add_parsers(sub, positive, nonneg, parser_class) -> None:
    """The ``simulate`` and ``compare`` sub-commands (``positive``, ``nonneg``: argument
    types of whole numbers)."""
    for name, help_ in (("simulate", "play many games and report the figures, per seat "
                         "with 95%% intervals"),
                        ("compare", "simulate variants on the same seeds, side by side")):
        s = sub.add_parser(name, help=help_)
        if name == "simulate":
            s.add_argument("ruleset", metavar="RULESET")
            s.add_argument("--option", action="append", default=[], metavar="K=V",
                           help="a house-rule option (repeatable)")
            s.add_argument("--records", metavar="DIR", help="keep every game's record here")
            s.add_argument("--csv", metavar="FILE", help="write one row per player count "
                           "and seat")
        else:
            s.add_argument("variants", nargs="+", metavar="VARIANT",
                           help="a ruleset, optionally with options: NAME:K=V,K=V "
                           "(the first is the reference)")
        s.add_argument("--games", type=positive, default=1000, metavar="N",
                       help="games per player count (default 1000)")
        s.add_argument("--players", metavar="N|all",
                       help="a player count, or all (default: the ruleset's default)")
        s.add_argument("--agent", action="append", default=[], metavar="SEAT=KIND",
                       help="an agent for a seat, or all=KIND (the others random): random, "
                       "greedy or ismcts[:N] (N simulations a move)")
        s.add_argument("--seed", type=nonneg, default=0, metavar="S",
                       help="the run's seed (default 0): each game's seed comes from it")
        s.add_argument("--jobs", type=positive, metavar="N",
                       help="worker processes (default: the machine's cores)")
        s.add_argument("--backend", choices=("local", "ray"), default="local",
                       help="where the games run (ray: pip install rulekit[ray])")
        s.add_argument("--address", metavar="ADDR", help="a Ray cluster's address")
        s.add_argument("--max-actions", type=positive, default=None, metavar="N",
                       help="abort a game after N actions (default 10000)")
        s.add_argument("--json", action="store_true", help="print the figures as JSON")
        s.add_argument("--plot", metavar="FILE", help="draw the figures (.png or .svg; "
                       "pip install rulekit[plot])")
        s.add_argument("--when", action="append", default=[], metavar="NAME=EXPR",
                       help="count the decisions at which an expression of the ruleset's "
                       "language holds (repeatable)")
        s.add_argument("--quiet", action="store_true", help="no progress on stderr")


class _Progress:
    """Progress on stderr: a rich bar on a terminal, else a line per tenth."""

    def __init__(self, what: str, quiet: bool):
        self.what, self.quiet = what, quiet
        self.bar = self.task = None
        self.start = time.perf_counter()
        self.next_line = 0.1

    def __call__(self, done: int, total: int) -> None:
        if self.quiet:
            return
        if sys.stderr.isatty():
            if self.bar is None:
                from rich.progress import (BarColumn, MofNCompleteColumn, Progress,
                                           TextColumn, TimeRemainingColumn)
                self.bar = Progress(TextColumn(self.what), BarColumn(), MofNCompleteColumn(),
                                    TextColumn("{task.fields[rate]} games/s"),
                                    TimeRemainingColumn(), transient=True,
                                    console=_stderr_console(),
                                    auto_refresh=False)   # no thread: workers are forked
                self.bar.start()
                self.task = self.bar.add_task(self.what, total=total, rate="-")
            took = time.perf_counter() - self.start
            self.bar.update(self.task, completed=done,
                            rate=f"{done / took:.0f}" if took > 0 else "-")
            self.bar.refresh()
            return
        if done >= self.next_line * total or done == total:
            took = time.perf_counter() - self.start
            print(f"rulekit: {self.what}: {done}/{total} games, "
                  f"{done / took if took > 0 else 0:.0f} games/s", file=sys.stderr)
            while self.next_line * total <= done:
                self.next_line += 0.1

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _stderr_console():
    from rich.console import Console
    return Console(stderr=True)


def _common(args):
    """(players, keywords for rulekit.simulate) from the shared arguments."""
    players = args.players
    if players is not None and players != "all":
        try:
            players = int(players)
        except ValueError:
            raise ValueError(f"--players takes a number or all, not '{players}'") from None
    when = {}
    for pair in args.when:
        name, sep, expr = pair.partition("=")
        if not sep or not name.strip() or not expr.strip():
            raise ValueError(f"--when takes NAME=EXPR, not '{pair}'")
        when[name.strip()] = expr.strip()
    kw = {"agents": args.agent, "seed": args.seed, "jobs": args.jobs,
          "backend": args.backend, "address": args.address, "when": when}
    if args.max_actions is not None:
        kw["max_actions"] = args.max_actions
    return players, kw


def _check_outputs(args) -> str | None:
    """What is wrong with the output paths (checked before any game is played), or None."""
    import os
    if args.plot:
        if not args.plot.lower().endswith((".png", ".svg")):
            return f"--plot: the file must end in .png or .svg, not '{args.plot}'"
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            return "--plot needs matplotlib: pip install 'rulekit[plot]'"
    for flag, path in (("--plot", args.plot), ("--csv", getattr(args, "csv", None))):
        if path:
            folder = os.path.dirname(os.path.abspath(path))
            if not os.path.isdir(folder):
                return f"{flag}: cannot write {path}: no folder {folder}"
            if os.path.isdir(path):
                return f"{flag}: {path} is a folder"
    records = getattr(args, "records", None)
    if records and os.path.exists(records) and not os.path.isdir(records):
        return f"--records: {records} exists and is not a folder"
    return None


def cmd_simulate(args) -> int:
    """``rulekit simulate RULESET ...``: see the module docstring."""
    from ..simulation import simulate
    options = option_pairs(args.option)
    if (problem := _check_outputs(args)) is not None:
        return fail(problem)
    if load_or_report(args.ruleset, options) is None:
        return 1
    progress = _Progress(f"simulate {args.ruleset}", args.quiet)
    try:
        players, kw = _common(args)
        res = simulate(args.ruleset, args.games, players, options, records=args.records,
                       progress=progress, **kw)
    except (ValueError, ImportError, RulesetError) as exc:
        return fail(_why(exc))
    finally:
        progress.close()
    _keep_abort(res, args.records)
    print(json.dumps(res.to_dict(), indent=1) if args.json else res.text())
    try:
        if args.csv:
            from ..simulation.report import CSV_COLUMNS
            with open(args.csv, "w", newline="", encoding="utf-8") as fh:
                w = csv.DictWriter(fh, fieldnames=CSV_COLUMNS)
                w.writeheader()
                w.writerows(res.rows())
        if args.plot:
            _plot([res], args.plot)
    except OSError as exc:
        return fail(f"cannot write {exc.filename or 'the output'}: {exc.strerror or exc}")
    return 0


def cmd_compare(args) -> int:
    """``rulekit compare A B ...``: the variants on the same seeds, side by side."""
    from ..simulation import compare, parse_variant
    try:
        variants = [parse_variant(v) for v in args.variants]
    except ValueError as exc:
        return fail(str(exc))
    if len(variants) < 2:
        return fail("compare needs at least two variants (the first is the reference)")
    if (problem := _check_outputs(args)) is not None:
        return fail(problem)
    for name, opts in variants:
        if load_or_report(name, opts) is None:
            return 1
    progress = _Progress("compare", args.quiet)
    try:
        players, kw = _common(args)
        cmp = compare(variants, args.games, players, progress=progress, **kw)
    except (ValueError, ImportError, RulesetError) as exc:
        return fail(_why(exc))
    finally:
        progress.close()
    for i, r in enumerate(cmp.results):
        _keep_abort(r, None, f"v{i + 1}-")
    print(json.dumps(cmp.to_dict(), indent=1) if args.json else cmp.text())
    if args.plot:
        try:
            _plot(cmp.results, args.plot)
        except OSError as exc:
            return fail(f"cannot write {exc.filename or 'the output'}: {exc.strerror or exc}")
    return 0


def _why(exc: Exception) -> str:
    if isinstance(exc, ImportError):
        return (f"{exc.name or 'a library'} is not installed: pip install 'rulekit[ray]' "
                "for --backend ray, 'rulekit[plot]' for --plot")
    return str(exc)


def _keep_abort(res, folder, prefix: str = "") -> None:
    """Write each player count's first aborted game's record (if any) where the user
    will find it: ``rulekit-abort-[PREFIX]<players>p-<seed>.json`` here (``--records``
    keeps every game already)."""
    if folder is not None:
        return
    from ..runtime.records import write_record
    for n, rec in sorted(res.abort_records.items()):
        path = f"rulekit-abort-{prefix}{n}p-{rec['seed']}.json"
        write_record(path, rec)
        print(f"rulekit: the first aborted game's record ({n} players"
              f"{', ' + res.label if prefix else ''}) is kept in {path}", file=sys.stderr)


def _plot(results, path: str) -> None:
    """Draw ``results`` into ``path`` (checked beforehand). Raises OSError."""
    from ..simulation.plot import draw
    draw(results, path)
