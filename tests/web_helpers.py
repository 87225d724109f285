"""What the web tests share: a server in this process, and the leak check that every
message a page gets names only cards its seat may know."""
from __future__ import annotations

import re
import socket
import threading
import time

from rulekit.web.server import MAX_FRAME, Server, make_app
from rulekit.web.store import Store
from rulekit.web.hall import Hall

WORD = re.compile(r"[^\s,.:;()\[\]]+")


def strings(value, skip=("type",)):
    """Every string inside a message (values, not keys)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                yield from strings(v, skip)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v, skip)


def visible(view) -> set:
    return {c for zone in view["zones"].values() for part in zone
            for c in (part if isinstance(part, list) else [part]) if isinstance(c, str)}


class LeakCheck:
    """``on_send`` for a Server: for every message, the cards it names must be cards
    the page's viewer has seen at some time (its view now or before, or public).
    ``leaks`` lists any that are not; ``messages`` counts what was checked."""

    def __init__(self):
        self.known: dict = {}
        self.seen: dict = {}
        self.leaks: list = []
        self.messages = 0
        self.lock = threading.Lock()

    def __call__(self, table, viewer, message):
        if message.get("type") in ("pack", "error", "pong"):
            return
        g = table.game
        with self.lock:
            self.messages += 1
            key = (table.id, table.number, viewer)
            view = g.view(viewer) if viewer is not None else g.spectator_view()
            known = self.known.setdefault(key, set())
            known |= visible(view) | set(g.public)
            # an action's own text names cards every seat saw played (unless the action
            # is private: then the others get its public summary); cards put face up to
            # every seat (moved to a zone all see, revealed, shown) were seen, even when
            # the hand ended and gathered them before this message (a poker showdown)
            start = self.seen.get(key, 0)
            zones = g.rules.zones
            for ev in g.events[start:]:
                if ev["kind"] == "action":
                    said = ev["action"] if ev.get("public") is None or ev["seat"] == viewer \
                        else ev["public"]
                    known |= {w for w in WORD.findall(str(said)) if w in g.rules.cards.order}
                elif ev["kind"] in ("revealed", "shown") or (
                        ev["kind"] == "moved" and zones[ev["to"][0]].see == "all"):
                    known |= set(ev["cards"])
            self.seen[key] = len(g.events)
            pack = g.rules.cards.order
            named = {w for s in strings(message) for w in WORD.findall(s) if w in pack}
            bad = named - known
            if bad:
                self.leaks.append((table.id, viewer, sorted(bad), g.actions))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """A real server (uvicorn) on 127.0.0.1 in a thread of this process."""

    def __init__(self, db=":memory:", bot_delay=0.0, on_send=None, named=()):
        import uvicorn
        self.hall = Hall(Store(db), named)
        self.warnings = self.hall.restore()
        self.server = Server(self.hall, bot_delay=bot_delay, on_send=on_send)
        self.port = free_port()
        config = uvicorn.Config(make_app(self.server), host="127.0.0.1", port=self.port,
                                log_level="warning", ws_max_size=MAX_FRAME)
        self.uv = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.uv.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 10
        while not self.uv.started:
            if time.time() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self):
        self.uv.should_exit = True
        self.thread.join(10)
