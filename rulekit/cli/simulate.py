"""``rulekit simulate`` and ``rulekit compare``: many games, their figures, side by side.

Progress goes to stderr (a bar with games/s and time left on a terminal, a plain line
every tenth of the run otherwise), the report to stdout (text, or ``--json``); ``--csv``
and ``--plot`` write files. The record of the first aborted game (of each player count) is
always kept: in ``--records DIR`` if given, else as
``rulekit-abort-<players>p-<seed>.json`` in the current folder (never over a file:
``-2``, ``-3``... when the name is taken). Every output path is checked before the first
game is played (rulekit.outputs: an existing file only with ``--force``, never a file
the run reads), and a file that cannot be written is one line naming it.
"""
from __future__ import annotations

import csv
import io
import json
import os
import sys
import time

from ..errors import OutputError, RecordError, RulesetError
from ..limits import MAX_SIMULATED_GAMES
from ..outputs import write_atomic
from .arguments import NamedText, Whole, WholeOr, add_run_arguments
from .common import Usage, fail, load_or_report, option_pairs


def add_parsers(sub, force: dict) -> None:
    """The ``simulate`` and ``compare`` sub-commands (``force``: the keywords of their
    ``--force`` argument)."""
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
        s.add_argument("--games", type=Whole(1, MAX_SIMULATED_GAMES), default=1000, metavar="N",
                       help="games per player count (default 1000)")
        s.add_argument("--players", type=WholeOr(("all",), 1), metavar="N|all",
                       help="a player count, or all (default: the ruleset's default)")
        s.add_argument("--agent", action="append", default=[], metavar="SEAT=KIND",
                       help="an agent for a seat, or all=KIND (the others random): random, "
                       "greedy or ismcts[:N] (N simulations a move)")
        add_run_arguments(s)
        s.add_argument("--json", action="store_true", help="print the figures as JSON")
        s.add_argument("--plot", metavar="FILE", help="draw the figures (.png or .svg; "
                       "pip install rulekit[plot])")
        s.add_argument("--when", action="append", default=[], type=NamedText(),
                       metavar="NAME=EXPR", help="count the decisions at which a condition "
                       "of the ruleset's language holds (repeatable, one name each)")
        s.add_argument("--force", **force)
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
    """(players, keywords for rulekit.simulate) from the shared arguments. Raises Usage
    for a --when name given twice, or --address without --backend ray."""
    when = {}
    for name, expr in args.when:
        if name in when:
            raise Usage(f"--when: the name {name} is given twice")
        when[name] = expr
    if args.address is not None and args.backend != "ray":
        raise Usage("--address is a Ray cluster's: give it with --backend ray")
    kw = {"agents": args.agent, "seed": args.seed, "jobs": args.jobs,
          "backend": args.backend, "address": args.address, "when": when}
    if args.max_actions is not None:
        kw["max_actions"] = args.max_actions
    return args.players, kw


def _check_agents(specs: list, rules) -> None:
    """Raise Usage (exit 2) for an ``--agent`` text not of its form, before any game is
    played, as ``play`` does; a seat beyond the table is said when the games start."""
    from ..simulation import parse_agents
    try:
        parse_agents(specs, rules.players[1], seats=False)
    except ValueError as exc:
        raise Usage(str(exc)) from None


def _check_outputs(args, loaded: list) -> None:
    """Check every file the command will write, before any game is played (the rule of
    rulekit.outputs): ``--plot``, ``--csv``, and the records of ``--records DIR``.
    ``loaded``: the rulesets read (never written over). Raises OutputError."""
    from ..outputs import check_folder, check_output, reads_of
    reads = [r for rules in loaded
             for r in reads_of(rules.source.files, "a ruleset being simulated")]
    if args.plot:
        if not args.plot.lower().endswith((".png", ".svg")):
            raise OutputError(f"--plot: the file must end in .png or .svg, not '{args.plot}'")
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise OutputError("--plot needs matplotlib: pip install 'rulekit[plot]'") from None
    for flag, path in (("--plot", args.plot), ("--csv", getattr(args, "csv", None))):
        if path is not None:
            check_output(path, flag, force=args.force, reads=reads)
    if args.plot and getattr(args, "csv", None) and \
            os.path.abspath(args.plot) == os.path.abspath(args.csv):
        raise OutputError(f"--csv and --plot both name {args.csv}; give two files")
    if getattr(args, "records", None) is not None:
        from ..simulation import planned_records, player_counts
        try:
            counts = player_counts(loaded[0], args.players)
        except ValueError:
            return                         # said by simulate, before any game
        check_folder(args.records, "--records", planned_records(counts, args.games),
                     force=args.force, reads=reads)


def cmd_simulate(args) -> int:
    """``rulekit simulate RULESET ...``: see the module docstring."""
    from ..simulation import simulate
    options = option_pairs(args.option)
    players, kw = _common(args)
    rules = load_or_report(args.ruleset, options)
    if rules is None:
        return 1
    _check_agents(args.agent, rules)
    _check_outputs(args, [rules])
    progress = _Progress(f"simulate {args.ruleset}", args.quiet)
    try:
        res = simulate(args.ruleset, args.games, players, options, records=args.records,
                       progress=progress, force=args.force, **kw)
    except (ValueError, ImportError, RulesetError) as exc:
        return fail(_why(exc))
    finally:
        progress.close()
    print(json.dumps(res.to_dict(), indent=1) if args.json else res.text())
    sys.stdout.flush()
    return _write_outputs(args, [res], args.csv, args.records)


def cmd_compare(args) -> int:
    """``rulekit compare A B ...``: the variants on the same seeds, side by side."""
    from ..simulation import compare, parse_variant
    try:
        variants = [parse_variant(v) for v in args.variants]
    except ValueError as exc:
        return fail(str(exc))
    if len(variants) < 2:
        return fail("compare needs at least two variants (the first is the reference)")
    players, kw = _common(args)
    loaded = []
    for name, opts in variants:
        rules = load_or_report(name, opts)
        if rules is None:
            return 1
        loaded.append(rules)
    _check_agents(args.agent, loaded[0])
    _check_outputs(args, loaded)
    progress = _Progress("compare", args.quiet)
    try:
        cmp = compare(variants, args.games, players, progress=progress, **kw)
    except (ValueError, ImportError, RulesetError) as exc:
        return fail(_why(exc))
    finally:
        progress.close()
    print(json.dumps(cmp.to_dict(), indent=1) if args.json else cmp.text())
    sys.stdout.flush()
    return _write_outputs(args, cmp.results, None, None)


def _write_outputs(args, results: list, csv_path, records) -> int:
    """Write the CSV, the picture and the first aborts' records (each whole or not at
    all, rulekit.outputs); a failure does not keep the others from being written. The
    exit code: 1 after the first failure (said in one line, with its path), else 0."""
    problems = []
    if csv_path:
        from ..simulation.report import CSV_COLUMNS
        text = io.StringIO()
        w = csv.DictWriter(text, fieldnames=CSV_COLUMNS)
        w.writeheader()
        w.writerows(results[0].rows())
        problems.append(_attempt(lambda: write_atomic(csv_path, text.getvalue())))
    if args.plot:
        from ..simulation.plot import draw
        problems.append(_attempt(lambda: draw(results, args.plot)))
    if records is None:
        for i, res in enumerate(results):
            prefix = f"v{i + 1}-" if len(results) > 1 else ""
            problems.append(_attempt(lambda: _keep_abort(res, prefix)))
    problems = [p for p in problems if p]
    return fail(problems[0]) if problems else 0


def _attempt(write) -> str | None:
    try:
        write()
    except (OutputError, RecordError) as exc:
        return str(exc)
    return None


def _why(exc: Exception) -> str:
    if isinstance(exc, ImportError):
        return (f"{exc.name or 'a library'} is not installed: pip install 'rulekit[ray]' "
                "for --backend ray, 'rulekit[plot]' for --plot")
    return str(exc)


def _keep_abort(res, prefix: str = "") -> None:
    """Write each player count's first aborted game's record (if any) where the user
    will find it: ``rulekit-abort-[PREFIX]<players>p-<seed>.json`` here, or, when that
    name is taken, the first free ``...-2.json``, ``-3``... (a file rulekit names itself
    never replaces one; ``--records`` keeps every game already). Raises RecordError."""
    from ..outputs import fresh_path
    from ..runtime.records import write_record
    for n, rec in sorted(res.abort_records.items()):
        path = str(fresh_path(f"rulekit-abort-{prefix}{n}p-{rec['seed']}.json"))
        write_record(path, rec)
        print(f"rulekit: the first aborted game's record ({n} players"
              f"{', ' + res.label if prefix else ''}) is kept in {path}", file=sys.stderr)
