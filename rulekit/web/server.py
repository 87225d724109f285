"""The web server: Starlette routes and websockets around a :class:`~.tables.Hall`.

Routes (docs/web.md has the message protocol):

- ``GET /``: the lobby (make a table: every game offered with its summary, players,
  options and a link to its rules); ``GET /t/ID``: a table's page (a seat's page
  when the link carries the seat's token after ``#``, else a spectator's), its rule
  book in a panel; ``GET /rules/NAME``: a game's rule book (rulekit.web.pages);
- ``GET /api/rulesets``: the rulesets with players and options; ``POST /api/tables``
  ``{"ruleset", "options", "seats"}``: a new table, its seat links;
- ``GET /api/tables/ID/record?game=N``: a finished game's record (this one, the last);
- ``WS /ws/ID``: the page's connection: ``hello`` (with the token), then ``act``, ``again``
  and ``name``; each change gets a fresh ``state`` for each page from its own view.

Bots act from a task per table, a move at a time after ``bot_delay`` seconds, thinking
in a worker thread. Every change of a table is under its lock. Every field a client
sends is read by rulekit.web.fields first; bad input (an unknown table, a wrong token,
an illegal or stale action, a message not JSON, binary or too deep, a field not of its
form, a refused name, a busy database) is answered with an ``error`` or a 4xx, never a
traceback. Every request passes rulekit.web.guard (its Host and Origin; a bug's last word).
"""
from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import sys
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..play.agents import KINDS
from . import fields
from .fields import FieldError
from .guard import Guard, Hosts
from .page import card_faces
from .pages import Pages
from .hall import Hall
from .tables import BOT_KIND, PERSON, TableError

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 10_000        # characters of one message from a page
MAX_FRAME = 1 << 20         # bytes of one websocket frame (more: the connection closes)
MAX_BODY = 100_000          # bytes of a request body (POST /api/tables)
PER_MINUTE = 10             # tables one client address may make in a minute
PAGE_HEADERS = {            # the pages run only their own files, in no other site's frame
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; "
                               "img-src 'self' data:; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}


def JSONResponse(body, status_code: int = 200, headers=None) -> Response:
    """``body`` as JSON, every character outside ASCII escaped (so any text at all,
    even a file name that is not valid Unicode, is sent and never fails)."""
    return Response(json.dumps(body), status_code=status_code, headers=headers,
                    media_type="application/json")


class Server:
    """The tables of one server and what drives them. ``bot_delay``: seconds a bot
    waits before each move (so people can follow); ``on_send(table, viewer, message)``:
    called with every message sent to a page (tests inspect them); ``per_minute``:
    tables one client address may make in a minute; ``hosts``: the names it answers to
    (rulekit.web.guard.Hosts; default: the address each connection came in at, and
    localhost on a loopback one)."""

    def __init__(self, hall: Hall, bot_delay: float = 0.6, default_bot: str = BOT_KIND,
                 on_send=None, per_minute: int = PER_MINUTE, hosts: Hosts | None = None):
        self.hall = hall
        self.hosts = hosts or Hosts()
        self.per_minute = per_minute
        self.made: dict = {}            # client address -> times of its last tables
        self.bot_delay = bot_delay
        self.window_wait = 4 * bot_delay    # more, at a shared window a person leads
        self.default_bot = default_bot
        self.on_send = on_send
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="rulekit-bot")
        self.clients: dict = {}         # table id -> {websocket: viewer}
        self.drawn = itertools.count()  # each broadcast's number, in the order built
        self.shown: dict = {}           # websocket -> the number of the state it last got
        self.locks: dict = {}
        self.drivers: dict = {}
        self.errors: list = []          # unexpected failures (a bug), kept for tests
        self.making = asyncio.Lock()    # tables are made one at a time
        self.retry = 1.0                # seconds a bot waits when its move is not stored
        self.pages = Pages(hall, [PERSON, *KINDS], default_bot)   # the lobby, rule books

    def bug(self, where: str, exc: BaseException) -> None:
        """A bug of rulekit at ``where``: kept in ``errors`` and told on stderr in one
        line; the server goes on."""
        self.errors.append(f"{where}: {type(exc).__name__}: {exc}")
        print(f"rulekit serve: internal error at {where}, please report it: "
              f"{type(exc).__name__}: {exc}", file=sys.stderr)

    def lock(self, table) -> asyncio.Lock:
        """The lock under which ``table``'s game is changed or looked at."""
        return self.locks.setdefault(table.id, asyncio.Lock())

    # ---- sending -----------------------------------------------------------------------
    async def send(self, ws: WebSocket, table, viewer, message: dict, seen=False) -> bool:
        """Send ``message`` to one page; False when its connection is gone. (``seen``:
        ``on_send`` was already called, when the message was built.)"""
        if self.on_send is not None and table is not None and not seen:
            self.on_send(table, viewer, message)
        try:
            await ws.send_text(json.dumps(message))
            return True
        except Exception:               # a closed connection: forget it
            return False

    async def broadcast(self, table) -> None:
        """A fresh state to every page of ``table``, each built from its own view. A page
        never gets a state older than one it has got: two broadcasts built in one order
        may reach their sending in the other (each sends after the table's lock is
        released), and the older one is then not sent to a page the newer one reached
        (a page drawing an older table would act on it, be told the table moved on, and
        wait for a state that no longer comes)."""
        clients = self.clients.get(table.id, {})
        async with self.lock(table):
            states = {v: table.state(v) for v in set(clients.values())}
            number = next(self.drawn)
            if self.on_send is not None:
                for v, message in states.items():
                    self.on_send(table, v, message)
        for ws, viewer in list(clients.items()):
            if viewer not in states or self.shown.get(ws, -1) > number:
                continue                # came since, or already has a newer state
            self.shown[ws] = number
            if not await self.send(ws, table, viewer, states[viewer], seen=True):
                clients.pop(ws, None)
                self.shown.pop(ws, None)

    # ---- bots ----------------------------------------------------------------------------
    def wake(self, table) -> None:
        """Start the bots' task of ``table`` when a bot may act and none runs."""
        if table.bot_to_act() is not None and table.id not in self.drivers:
            self.drivers[table.id] = asyncio.get_running_loop().create_task(self._drive(table))

    async def _drive(self, table) -> None:
        loop = asyncio.get_running_loop()
        try:
            while (seat := table.bot_to_act()) is not None:
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay + (self.window_wait if
                                                          table.person_first(seat) else 0))
                async with self.lock(table):
                    seat = table.bot_to_act()
                    if seat is None:
                        break
                    choice = await loop.run_in_executor(self.pool, table.bot_move, seat)
                    busy = False
                    try:                # the database write in a thread: never blocks
                        if isinstance(choice, Exception):
                            await run_in_threadpool(table.stop, str(choice))
                        else:
                            await run_in_threadpool(table.act, seat, str(choice))
                    except TableError:  # the database is busy: try again later
                        busy = True
                if busy:
                    await asyncio.sleep(self.retry)
                    continue
                await self.broadcast(table)
        except Exception as exc:        # a bug of rulekit: keep the server up, say it
            self.bug(f"table {table.id}", exc)
        finally:
            self.drivers.pop(table.id, None)

    async def drive_all(self) -> None:
        """Start the bots of every table that waits for one (after a restart)."""
        for table in self.hall.tables.values():
            self.wake(table)

    # ---- HTTP ----------------------------------------------------------------------------
    async def _page(self, make, *args):
        """The HTML page ``make(*args)`` writes (in a thread); 404 in words for the
        TableError it raises (an unknown table or game)."""
        try:
            return HTMLResponse(await run_in_threadpool(make, *args), headers=PAGE_HEADERS)
        except TableError as exc:
            return Response(f"{exc}\n", status_code=404, media_type="text/plain")

    async def index(self, request: Request):
        """``GET /``: the lobby page (rulekit.web.pages.Pages.lobby)."""
        return await self._page(self.pages.lobby)

    async def table_page(self, request: Request):
        """``GET /t/ID``: a table's page, its game's rule book in a panel."""
        return await self._page(self.pages.table, request.path_params["tid"])

    async def rules_page(self, request: Request):
        """``GET /rules/NAME``: the rule book of a game offered."""
        return await self._page(self.pages.rules, request.path_params["name"])

    async def rulesets(self, request: Request):
        """``GET /api/rulesets``: ``{"rulesets": [{name, title, summary, players,
        options}], "kinds": [...], "bot": the default bot kind, "chosen": the game to
        preselect or null}``; each option ``{name, type, default, doc, widget}``, its
        widget declared by its type (:meth:`rulekit.lang.options.OptionType.widget`)."""
        out = []
        for name, rules in await run_in_threadpool(self.pages.games):
            out.append({"name": name, "title": rules.title, "summary": rules.summary,
                        "players": list(rules.players),
                        "options": [{"name": d.name, "type": d.type, "default": d.default,
                                     "doc": d.doc, "widget": d.widget(rules.cards)}
                                    for d in rules.option_decls.values()]})
        return JSONResponse({"rulesets": out, "kinds": [PERSON, *KINDS],
                             "bot": self.default_bot, "chosen": self.hall.chosen})

    async def create(self, request: Request):
        """``POST /api/tables`` ``{"ruleset", "options", "seats"}``: ``{"id", "watch",
        "seats": [{seat, who, link}]}``, or 400 with ``{"error"}``. Only as JSON (another
        site's page cannot send that without asking this server first: not allowed)."""
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return JSONResponse({"error": "send the table as application/json"},
                                status_code=415)
        if not self._may_make(request.client.host if request.client else ""):
            return JSONResponse({"error": f"at most {self.per_minute} new tables a minute from "
                                 "one address: wait a little" if self.per_minute else "this "
                                 "server makes no new tables (--per-minute 0)"}, status_code=429)
        try:
            raw = await fields.body(request, MAX_BODY)
        except ClientDisconnect:        # the client left mid-body: nobody to answer
            return Response(status_code=400)
        except FieldError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        if raw is None:
            return JSONResponse({"error": f"a request is at most {MAX_BODY} bytes"},
                                status_code=413)
        try:
            body = fields.read("a new table", fields.parse_json(raw or b"null", "the request"),
                               fields.CREATE)
            async with self.making:
                table = await run_in_threadpool(self.hall.create, body["ruleset"],
                                                body["options"] or {}, body["seats"])
        except (FieldError, TableError) as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        self.wake(table)
        return JSONResponse({"id": table.id, "watch": f"/t/{table.id}",
                             "seats": [{"seat": s, "who": k, "link": f"/t/{table.id}#"
                                        + table.tokens[s] if k == PERSON else None}
                                       for s, k in enumerate(table.seats)]})

    def _may_make(self, address: str) -> bool:
        """Whether ``address`` may make a table now (and count it when it may)."""
        now = time.monotonic()
        if len(self.made) > 10_000:     # forget the addresses quiet for a minute
            self.made = {a: q for a, q in self.made.items() if now - q[-1] < 60}
        times = self.made.setdefault(address, deque())
        while times and now - times[0] >= 60:
            times.popleft()
        if len(times) >= self.per_minute:
            return False
        times.append(now)
        return True

    async def record(self, request: Request):
        """``GET /api/tables/ID/record[?game=N]``: the record of game N (default: this
        game once it is over, else the one before) as a download; 404 with ``{"error"}``
        for an unknown table, a game still being played or one no longer kept, 400 for
        a ``game`` that is not a number."""
        try:
            query = fields.read("the query", dict(request.query_params), fields.RECORD)
            table = self.hall.get(request.path_params["tid"])
            async with self.lock(table):
                number, rec = table.record(query["game"])
        except FieldError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        except TableError as exc:
            return JSONResponse({"error": str(exc)}, status_code=404)
        name = f"{table.rules.name}-{table.id}-{number}.json"
        return Response(json.dumps(rec, indent=1) + "\n", media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    # ---- the page's connection -------------------------------------------------------------
    async def socket(self, ws: WebSocket):
        """``WS /ws/ID``: ``hello``, then ``act``/``again``/``name``/``ping`` (docs/web.md)."""
        await ws.accept()
        table = viewer = None
        try:
            try:
                table = self.hall.get(ws.path_params["tid"])
                hello = await self._message(ws)
                if hello is None or hello.get("type") != "hello":
                    raise TableError("the first message is hello (with the seat's token)")
                viewer = table.seat_of(fields.read("hello", hello, fields.HELLO)["token"])
            except (TableError, FieldError) as exc:
                await self.send(ws, None, None, {"type": "error", "message": str(exc),
                                                 "fatal": True})
                await ws.close(code=4004)
                return
            await self.send(ws, table, viewer, {"type": "pack",
                                                "faces": card_faces(table.rules)})
            self.clients.setdefault(table.id, {})[ws] = viewer
            if viewer is not None:
                table.here[viewer] = table.here.get(viewer, 0) + 1
            await self.broadcast(table)
            while True:
                msg = await self._message(ws)
                if msg is None:
                    continue
                await self._handle(ws, table, viewer, msg)
        except WebSocketDisconnect:
            pass
        finally:
            self.shown.pop(ws, None)
            if table is not None and ws in self.clients.get(table.id, {}):
                del self.clients[table.id][ws]
                if viewer is not None:
                    table.here[viewer] -= 1
                    table.touched = time.monotonic()
                await self.broadcast(table)

    async def _message(self, ws: WebSocket):
        """The next message as a dict, or None after answering a malformed one."""
        frame = await ws.receive()
        if frame["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(frame.get("code", 1000))
        text, problem = frame.get("text"), None
        if text is None:
            problem = "a message is text (a JSON object), not binary"
        elif len(text) > MAX_MESSAGE:
            problem = f"a message is at most {MAX_MESSAGE} characters"
        else:
            try:
                msg = fields.parse_json(text, "a message",
                                        ': send a JSON object such as {"type": "act"}')
            except FieldError as exc:
                msg, problem = None, str(exc)
            if problem is None and (not isinstance(msg, dict) or not isinstance(msg.get("type"), str)):
                problem = "a message is a JSON object with a \"type\""
        if problem is not None:
            await self.send(ws, None, None, {"type": "error", "message": problem})
            return None
        return msg

    async def _handle(self, ws, table, viewer, msg: dict) -> None:
        kind = msg["type"]
        game, was = table.game, table.game.status
        try:
            if viewer is None and kind in ("act", "parts", "again", "name"):
                raise TableError("a spectator cannot act: open a seat's link to play")
            if kind == "act":
                act = fields.read("an act", msg, fields.ACT)
                async with self.lock(table):
                    await run_in_threadpool(table.act, viewer, act["action"], act["version"])
            elif kind == "parts":
                ask = fields.read("a question about a choice in parts", msg, fields.PARTS)
                answer = {"type": "parts", **{k: ask[k] for k in ("action", "made", "set",
                                                                  "version")}}
                try:
                    async with self.lock(table):
                        answer["next"] = await run_in_threadpool(
                            table.choice_options, viewer, ask["action"], ask["made"],
                            ask["set"], ask["version"])
                except TableError as exc:       # said with the question it answers
                    answer.update(next=None, error=str(exc))
                await self.send(ws, table, viewer, answer)
                return
            elif kind == "again":
                seen = fields.read("again", msg, fields.AGAIN)["game"]
                async with self.lock(table):
                    if seen is not None and table.number > seen:
                        raise TableError(f"game {table.number} has already been started "
                                         "at this table (another seat pressed play again)")
                    await run_in_threadpool(self.hall.again, table)
            elif kind == "name":
                async with self.lock(table):
                    table.name_seat(viewer, fields.read("a name", msg, fields.NAME)["name"])
            elif kind == "ping":
                await self.send(ws, table, viewer, {"type": "pong"})
                return
            else:
                raise TableError("this connection has said hello already" if kind == "hello"
                                 else f"unknown message type {kind[:30]!r}: act, parts, again, "
                                 "name, ping")
        except (TableError, FieldError) as exc:
            await self.send(ws, table, viewer, {"type": "error", "message": str(exc)})
            if kind == "act" and table.game is game and game.status != was:
                await self.broadcast(table)     # the ruleset failed: the game stopped
            return
        await self.broadcast(table)
        self.wake(table)


def make_app(server: Server) -> Guard:
    """The ASGI application of ``server``: its Starlette routes behind a
    rulekit.web.guard.Guard of ``server.hosts`` (restores nothing by itself: call
    ``server.hall.restore()`` first)."""
    routes = [Route("/", server.index), Route("/t/{tid}", server.table_page),
              Route("/rules/{name}", server.rules_page),
              Route("/api/rulesets", server.rulesets),
              Route("/api/tables", server.create, methods=["POST"]),
              Route("/api/tables/{tid}/record", server.record),
              WebSocketRoute("/ws/{tid}", server.socket),
              Mount("/static", StaticFiles(directory=str(STATIC)), name="static")]

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await server.drive_all()
        yield
        for task in list(server.drivers.values()):     # bots stop before their threads
            task.cancel()
        server.pool.shutdown(wait=False, cancel_futures=True)

    async def internal(request, exc):   # the answer to a bug; the Guard tells it
        return JSONResponse({"error": "internal error, please report it"}, 500)

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={Exception: internal})
    return Guard(app, server.hosts, server.bug)

