"""``rulekit serve``: the web table (rulekit.web), with its options and errors."""
from __future__ import annotations

import argparse
import os

from .arguments import Form, Number, Whole
from .common import fail


IDLE_MAX = 10 ** 6            # minutes (about two years)
PER_MINUTE_MAX = 10 ** 6


class HostName(Form):
    """An ``--allowed-host`` value, ``NAME[:PORT]``, checked for its form (exit 2 when
    it is not; rulekit.web.guard.allowed_host)."""
    example_bad = "http://evil.example/"

    def __call__(self, text: str):
        from ..web.guard import allowed_host
        try:
            allowed_host(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return text


def add_parser(sub) -> None:
    """Add ``serve`` to the subcommands ``sub``."""
    s = sub.add_parser("serve", help="host tables in the browser: one link per seat, bots "
                       "for empty seats, every move kept in a database")
    s.add_argument("ruleset", metavar="RULESET", nargs="?",
                   help="a bundled name (preselected in the lobby) or a ruleset file to "
                   "offer besides the bundled ones")
    s.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only; "
                   "0.0.0.0: every machine that can reach this one)")
    s.add_argument("--allowed-host", action="append", default=[], type=HostName(),
                   metavar="NAME[:PORT]",
                   help="answer requests for this name too (a name of this machine, a "
                   "proxy's); repeatable. Without it the server answers only to its "
                   "address and localhost")
    s.add_argument("--port", type=Whole(1, 65535), default=8000,
                   help="the port (default 8000)")
    s.add_argument("--db", default="rulekit-tables.db", metavar="FILE",
                   help="the SQLite database of the tables (default rulekit-tables.db; "
                   "restarting on it brings the tables back)")
    s.add_argument("--bot-delay", type=Number(0, 60), default=0.6, metavar="SECONDS",
                   help="how long a bot waits before each move (default 0.6, at most 60)")
    s.add_argument("--idle", type=Number(hi=IDLE_MAX, above=0), default=30, metavar="MINUTES",
                   help="close a table with no person connected and no move for this "
                   "long (default 30)")
    s.add_argument("--per-minute", type=Whole(0, PER_MINUTE_MAX), default=10, metavar="N",
                   help="tables one client address may make in a minute (default 10; 0: "
                   "none, the tables of --db only)")


def cmd_serve(args) -> int:
    """Run the server until Ctrl-C; one line for anything the user can fix."""
    try:
        from ..web.serving import serve
    except ImportError as exc:
        return fail(f"serve needs the web extra ({exc.name} is missing): "
                    "pip install 'rulekit[web]'")
    from ..source.files import bundled_rulesets
    from ..web.store import StoreError
    from ..outputs import check_output, reads_of
    named, reads = [], []
    if args.ruleset is not None:
        if args.ruleset not in bundled_rulesets() and not os.path.isfile(args.ruleset):
            from ..errors import suggest
            return fail(f"serve: {args.ruleset} is neither a bundled ruleset nor a file"
                        f"{suggest(args.ruleset, bundled_rulesets())}; bundled: "
                        + ", ".join(bundled_rulesets()))
        named.append(args.ruleset)
        from .common import load_or_report
        rules = load_or_report(args.ruleset)
        if rules is None:
            return 1
        reads = reads_of(rules.source.files, "the ruleset being served")
    # the database is the server's own: it may exist (a restarted server carries on)
    check_output(args.db, "--db", own=True, reads=reads)
    try:
        serve(args.db, named, args.host, args.port, args.bot_delay,
              idle=args.idle * 60, per_minute=args.per_minute, allowed=args.allowed_host)
    except StoreError as exc:
        return fail(str(exc))
    return 0
