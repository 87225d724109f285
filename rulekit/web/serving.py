"""``rulekit serve``'s loop: a database opened, its tables restored, a rulekit.web.server
Server behind uvicorn until interrupted."""
from __future__ import annotations

import sys

from .guard import Hosts
from .hall import Hall
from .server import MAX_FRAME, PER_MINUTE, Server, make_app


def serve(db: str, named=(), host: str = "127.0.0.1", port: int = 8000,
          bot_delay: float = 0.6, say=print, idle: float = 30 * 60,
          per_minute: int = PER_MINUTE, allowed=(), warn=None) -> None:
    """Run the server until interrupted: open (or create) the database ``db``, restore
    its tables (``warn``, default a line on stderr, tells each one that is not; the
    others are served), listen on ``host``:``port`` (``say`` tells where to open it),
    answering to ``host``, this machine's addresses and the names of ``allowed``
    (rulekit.web.guard). ``idle``: seconds after which a table nobody plays is closed;
    ``per_minute``: tables one client address may make in a minute.
    Raises StoreError for a database that cannot be used or an address it cannot
    listen on (a port in use)."""
    import socket

    import uvicorn

    from .store import Store, StoreError
    try:                                # a port in use, a host unknown: one line
        socket.create_server((host, port)).close()
    except OSError as exc:
        raise StoreError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    hall = Hall(Store(db), named, idle=idle)
    for line in hall.restore():
        (warn or (lambda text: print(text, file=sys.stderr)))(line)
    server = Server(hall, bot_delay=bot_delay, per_minute=per_minute,
                    hosts=Hosts(host, allowed))
    from urllib.parse import quote
    first = hall.chosen                 # the game the lobby preselects
    shown = {"0.0.0.0": "127.0.0.1", "::": "[::1]"}.get(host, f"[{host}]" if ":" in host
                                                         else host)
    where = f"http://{shown}:{port}/" + (f"?ruleset={quote(first)}" if first else "")
    say(f"rulekit serve: {len(hall.tables)} table(s) from {db}; open {where} (Ctrl-C stops)")
    uvicorn.run(make_app(server), host=host, port=port, log_level="warning",
                ws_max_size=MAX_FRAME)
