"""The ``rulekit`` command line (INTERFACES.md section 1).

Commands: ``list``, ``validate``, ``play``, ``replay``, ``simulate``, ``compare``,
``analyze`` and
more (``rulekit --help``). Errors a user can cause print one
clear line on stderr and exit non-zero (1; 2 for usage errors), never a traceback.
Heavy libraries are imported only by the commands that need them, so ``--help`` is quick.
"""
from __future__ import annotations

import argparse
import os
import sys

from .. import __version__
from ..errors import CardError, IllegalAction, OutputError, RecordError
from ..limits import MAX_ACTIONS, MAX_PLAYER_NAME_CHARS, MAX_RECORD_ACTIONS
from ..play.agents import TABLE_KIND
from .arguments import Whole, check_ranges
from .common import Exit, Usage, fail, silence_stdout
from .serve import add_parser as add_serve_parser, cmd_serve
from .simulate import add_parsers as add_simulate_parsers, cmd_compare, cmd_simulate
from .analyze import add_parser as add_analyze_parser, cmd_analyze
from .rulesets import (cmd_compile, cmd_diff, cmd_explain, cmd_graph, cmd_list, cmd_new,
                       cmd_rules, cmd_schema, cmd_validate)


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # usage errors: one line, exit 2
        self.print_usage(sys.stderr)
        print(f"rulekit: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def cmd_play(args) -> int:
    """``rulekit play``: :func:`rulekit.cli.games.cmd_play` (imported when run: the
    terminal table and its modules are not needed by the other commands)."""
    from .games import cmd_play as run
    return run(args)


def cmd_replay(args) -> int:
    """``rulekit replay``: :func:`rulekit.cli.games.cmd_replay` (imported when run)."""
    from .games import cmd_replay as run
    return run(args)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="rulekit", description="Write, check, play and replay card game "
                "variants written as YAML rulesets.")
    p.add_argument("--version", action="version", version=f"rulekit {__version__}")
    p.add_argument("--debug", action="store_true",
                   help="on an internal error (a bug of rulekit), print its traceback")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    p.commands = sub.choices               # name -> sub-parser (check_ranges walks them)
    force = {"action": "store_true", "help": "replace an existing output file (never one "
             "the command reads)"}

    s = sub.add_parser("list", help="list the bundled rulesets (or those in DIR)")
    s.add_argument("dir", nargs="?", metavar="DIR")

    s = sub.add_parser("validate", help="check rulesets; print file:line:col diagnostics")
    s.add_argument("rulesets", nargs="+", metavar="RULESET",
                   help="bundled names, YAML files, or folders (every .yaml file in them)")
    s.add_argument("--json", action="store_true", help="print the diagnostics as JSON")
    s.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="check with this option value (repeatable)")
    s.add_argument("--simulate", type=Whole(1, 100000), metavar="N",
                   help="also play N random games at each player count (at most 100000); "
                   "report aborts")

    s = sub.add_parser("play", help="play one game with bots and print its transcript")
    p.play_parser = s
    s.add_argument("ruleset", metavar="RULESET", nargs="?",
                   help="a bundled name or a path to a YAML file (not with --resume)")
    s.add_argument("--resume", metavar="RECORD",
                   help="carry on an unfinished game from its record, with the same seats")
    s.add_argument("--rulesets", action="append", default=[], metavar="DIR",
                   help="with --resume: a folder the record's ruleset may come from")
    s.add_argument("--players", type=Whole(1), metavar="N")
    s.add_argument("--seed", type=Whole(0), metavar="S", help="random seed (default: a random "
                   "one, printed so the game can be played again)")
    s.add_argument("--dealer", type=Whole(0), metavar="D")
    s.add_argument("--deck", metavar="CARDS", help="all cards, top first, separated by spaces or "
                   "commas")
    s.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="set a ruleset option (repeatable)")
    s.add_argument("--agent", action="append", default=[], metavar="SEAT=KIND",
                   help="the agent for a seat, or all=KIND for every seat not named: random, "
                   "greedy, or ismcts[:N] (a search of N simulated games a move; "
                   "docs/bots.md); default random, or at a --human table "
                   f"{TABLE_KIND}")
    s.add_argument("--human", type=Whole(0), metavar="SEAT", action="append",
                   help="you play this seat at the terminal, seeing only what it may see; "
                   "give it again for more people at one screen (hot-seat)")
    s.add_argument("--name", action="append", metavar="NAME",
                   help="your name at the table (with one --human seat), or SEAT=NAME for "
                   "one of several --human seats (repeatable); at most "
                   f"{MAX_PLAYER_NAME_CHARS} characters, no control characters or "
                   "direction marks. Bots are named 'Bot SEAT (KIND)'")
    s.add_argument("--ascii", action="store_true",
                   help="letters instead of suit symbols at the --human seat")
    s.add_argument("--record", metavar="FILE", help="write the game record (JSON) to FILE "
                   "(not an existing file, unless --force)")
    s.add_argument("--force", **force)
    s.add_argument("--json", action="store_true", help="print the final state dump as JSON")
    s.add_argument("--quiet", action="store_true", help="print only the result")
    s.add_argument("--max-actions", type=Whole(1, MAX_RECORD_ACTIONS), default=None,
                   metavar="N", help=f"stop the game as aborted after N actions (default "
                   f"{MAX_ACTIONS})")

    s = sub.add_parser("new", help="write a starter house-rule variant of a ruleset")
    s.add_argument("name", metavar="NAME", help="the variant's name (letters, digits, _ and -)")
    s.add_argument("--from", dest="base", required=True, metavar="BASE",
                   help="the ruleset it extends (a bundled name or a path)")
    s.add_argument("-o", "--output", metavar="FILE",
                   help="where to write it (default NAME.yaml; - for standard output)")
    s.add_argument("--force", **force)

    s = sub.add_parser("rules", help="how to play: the ruleset's rule book, with rule ids")
    s.add_argument("ruleset", metavar="RULESET")
    s.add_argument("--ids", action="store_true", help="list only the rule ids")
    s.add_argument("--notes", action="store_true",
                   help="add the rule book's notes for authors (sources, decisions)")
    s.add_argument("--width", type=Whole(20, 1000), metavar="COLUMNS",
                   help="wrap to this many columns (default: the terminal's width)")

    s = sub.add_parser("schema", help="the installed JSON Schema of rulesets (for editors)")
    s.add_argument("-o", "--output", metavar="FILE",
                   help="write the whole schema (effects included) to FILE (- for stdout)")
    s.add_argument("--variant", action="store_true",
                   help="the schema for a variant (a file with extends:), which states only "
                   "what differs")
    s.add_argument("--force", **force)

    s = sub.add_parser("explain", help="the rules in plain words, from the compiled ruleset")
    s.add_argument("ruleset", metavar="RULESET")
    s.add_argument("--option", action="append", default=[], metavar="K=V")
    s.add_argument("--formal", action="store_true",
                   help="the ruleset's conditions and effects as written (pseudo-code)")

    s = sub.add_parser("diff", help="what differs between two rulesets after resolution")
    s.add_argument("a", metavar="A")
    s.add_argument("b", metavar="B")

    s = sub.add_parser("graph", help="the phase/step machine as a diagram")
    s.add_argument("ruleset", metavar="RULESET")
    s.add_argument("--format", choices=["mermaid", "dot", "json"], default="mermaid")

    s = sub.add_parser("compile", help="compile a ruleset; say what it generated, or show it")
    s.add_argument("ruleset", metavar="RULESET")
    s.add_argument("--option", action="append", default=[], metavar="K=V")
    s.add_argument("--show", action="store_true",
                   help="print the generated Python (for debugging a slow ruleset)")

    add_simulate_parsers(sub, force)
    add_analyze_parser(sub, force)
    add_serve_parser(sub)
    s = sub.add_parser("replay", help="re-run a game record, checking every action")
    s.add_argument("record", metavar="RECORD")
    s.add_argument("--rulesets", action="append", default=[], metavar="DIR",
                   help="a folder the record's ruleset may come from, besides the record's "
                   "own folder (repeatable)")
    s.add_argument("--upto", type=Whole(0), metavar="N", help="stop after N actions")
    s.add_argument("--transcript", action="store_true",
                   help="print the game move by move (as play does) before the state")
    s.add_argument("--json", action="store_true", help="print the state dump as JSON")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: sys.argv[1:]); return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    if args.command == "play" and args.ruleset is None and args.resume is None:
        parser.play_parser.error("give a RULESET to play (or --resume RECORD)")
    for attr in ("ruleset", "record", "a", "b", "base", "resume", "dir"):
        if attr == "record" and args.command == "play":
            continue                       # play --record '' is answered by play itself
        value = getattr(args, attr, None)
        if isinstance(value, str) and not value.strip():
            print(f"rulekit: error: an empty name is not a {attr.replace('base', 'ruleset')}"
                  " (an empty name)", file=sys.stderr)
            return 2
    if args.command in ("play", "replay"):
        for folder in args.rulesets:
            if not os.path.isdir(folder):
                return fail(f"--rulesets: {folder} is not a folder")
    problem = check_ranges(parser, args)   # every command's numbers: out of range is 1
    if problem:
        return fail(problem)
    handler = {"list": cmd_list, "validate": cmd_validate, "play": cmd_play,
               "replay": cmd_replay, "new": cmd_new, "explain": cmd_explain,
               "diff": cmd_diff, "graph": cmd_graph, "compile": cmd_compile,
               "simulate": cmd_simulate, "compare": cmd_compare, "analyze": cmd_analyze,
               "rules": cmd_rules,
               "schema": cmd_schema, "serve": cmd_serve}[args.command]
    for stream in (sys.stdout, sys.stderr):   # never fail on a character the terminal lacks
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass
    try:
        code = handler(args)
        sys.stdout.flush()
        return code
    except KeyboardInterrupt:
        _ignore_interrupts()                    # a second Ctrl-C while stopping: no trace
        return fail("interrupted", 130)
    except BrokenPipeError:
        silence_stdout()
        return 0
    except (IllegalAction, CardError, RecordError) as exc:
        return fail(str(exc))
    except OutputError as exc:                 # the path may not or cannot be written
        return fail(str(exc), exc.code)
    except Usage as exc:
        return fail(str(exc), 2)
    except Exit as exc:                        # already reported
        return exc.code
    except OSError as exc:
        import errno
        if exc.errno == errno.ENAMETOOLONG:
            return fail(f"a file name is too long: {str(exc.filename)[:40]}...")
        silence_stdout()                       # e.g. the output device is full
        return fail(f"cannot write the output: {exc.strerror or exc}")
    except Exception as exc:                   # a bug of rulekit, never of the user
        if args.debug:
            import traceback
            traceback.print_exc()
        return fail(f"internal error, please report it (with --debug for the details): "
                    f"{type(exc).__name__}: {exc}", 70)


def _ignore_interrupts() -> None:
    """Ignore Ctrl-C from now on (the command is stopping after one: a second one
    during its way out, worker pools' threads joined at exit included, would end it
    with Python's traceback and no exit status of ours). Only the main thread may."""
    import signal
    import threading
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
