"""``rulekit serve``: the web table (rulekit.web), with its options and errors."""
from __future__ import annotations

import argparse
import os

from .common import fail


def _host_name(text: str) -> str:
    """An ``--allowed-host`` value, checked for its form (exit 2 when it is not)."""
    from ..web.guard import allowed_host
    try:
        allowed_host(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def add_parser(sub, nonneg) -> None:
    """Add ``serve`` to the subcommands ``sub``."""
    s = sub.add_parser("serve", help="host tables in the browser: one link per seat, bots "
                       "for empty seats, every move kept in a database")
    s.add_argument("ruleset", metavar="RULESET", nargs="?",
                   help="a bundled name (the lobby's first choice) or a ruleset file to "
                   "offer besides the bundled ones")
    s.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only; "
                   "0.0.0.0: every machine that can reach this one)")
    s.add_argument("--allowed-host", action="append", default=[], type=_host_name,
                   metavar="NAME[:PORT]",
                   help="answer requests for this name too (a name of this machine, a "
                   "proxy's); repeatable. Without it the server answers only to its "
                   "address and localhost")
    s.add_argument("--port", type=nonneg, default=8000, help="the port (default 8000)")
    s.add_argument("--db", default="rulekit-tables.db", metavar="FILE",
                   help="the SQLite database of the tables (default rulekit-tables.db; "
                   "restarting on it brings the tables back)")
    s.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS",
                   help="how long a bot waits before each move (default 0.6)")
    s.add_argument("--idle", type=float, default=30, metavar="MINUTES",
                   help="close a table with no person connected and no move for this "
                   "long (default 30)")
    s.add_argument("--per-minute", type=nonneg, default=10, metavar="N",
                   help="tables one client address may make in a minute (default 10)")


def cmd_serve(args) -> int:
    """Run the server until Ctrl-C; one line for anything the user can fix."""
    try:
        from ..web.server import serve
    except ImportError as exc:
        return fail(f"serve needs the web extra ({exc.name} is missing): "
                    "pip install 'rulekit[web]'")
    from ..source.files import bundled_rulesets
    from ..web.store import StoreError
    named = []
    if args.ruleset is not None:
        if args.ruleset not in bundled_rulesets() and not os.path.isfile(args.ruleset):
            return fail(f"serve: {args.ruleset} is neither a bundled ruleset ("
                        + ", ".join(bundled_rulesets()) + ") nor a file")
        named.append(args.ruleset)
        from .common import load_or_report
        if load_or_report(args.ruleset) is None:
            return 1
    if not 0 <= args.bot_delay <= 60:
        return fail("--bot-delay: from 0 to 60 seconds", 2)
    if not args.idle > 0:
        return fail("--idle: more than 0 minutes", 2)
    if args.port > 65535:
        return fail(f"--port: at most 65535, not {args.port}", 2)
    try:
        serve(args.db, named, args.host, args.port, args.bot_delay,
              idle=args.idle * 60, per_minute=args.per_minute, allowed=args.allowed_host)
    except StoreError as exc:
        return fail(str(exc))
    return 0
