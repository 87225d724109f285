"""Who the web server answers, and its last word on a bug of its own.

:class:`Guard` wraps the server's ASGI application. A request (HTTP or websocket) is
answered only when its ``Host`` header, and its ``Origin`` header when it has one (a
browser sends it with every websocket and every POST), name this server as
:class:`Hosts` knows it: the address it was started on (``--host``), the address the
connection came in at with the port it came in at (one of this machine's own; with
``--host 0.0.0.0`` any of them, and the machine's name), ``localhost`` when that
address is a loopback one, and the names given with ``--allowed-host``. Anything else
gets ``403`` with one line of text, before the application sees it: a page of another
site cannot reach the server through a name it controls (DNS rebinding) nor through the
user's browser (a websocket or a POST from its pages carries its own Origin).

An exception that escapes the application is a bug of rulekit: ``on_bug(where, exc)``
is told, an HTTP request that has not been answered gets ``500`` with
``{"error": "internal error, please report it"}``, a websocket is closed (1011), and
nothing reaches the ASGI server's log as a traceback. Needs no third-party module.
"""
from __future__ import annotations

import ipaddress
import json
import re
import socket

WILDCARDS = {"0.0.0.0", "::", ""}
DEFAULT_PORTS = {"http": 80, "ws": 80, "https": 443, "wss": 443}
_HOST = re.compile(r"(\[[0-9a-f:.]+\]|[a-z0-9_][a-z0-9_.\-]*)(?::([0-9]{1,5}))?")
_ORIGIN = re.compile(r"(https?)://(.+)")


def split_host(text: str, default_port: int | None = None):
    """``(name, port)`` of a ``Host`` value (``name``, ``name:port``, ``[v6]:port``),
    the name lower-cased and without brackets, the port ``default_port`` when not
    written; None when ``text`` is not of that form."""
    m = _HOST.fullmatch(text.strip().lower())
    if m is None:
        return None
    port = int(m.group(2)) if m.group(2) else default_port
    if port is not None and not 0 < port < 65536:
        return None
    return m.group(1).strip("[]"), port


def allowed_host(text: str):
    """``(name, port or None)`` of an ``--allowed-host`` value; raises ValueError when
    it is not a host name or address with an optional port (no scheme, path or ``*``)."""
    parsed = split_host(text)
    if parsed is None or not text.strip():
        raise ValueError(f"'{text[:80]}' is not NAME or NAME:PORT (such as games.example.org "
                         "or 192.168.1.20:8000)")
    return parsed


def _address(name):
    """``name`` as one spelling: an IP address in its short form (an IPv4 address
    mapped into IPv6 as the IPv4 one), any other name as it is."""
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        return name
    return str(ip.ipv4_mapped if ip.version == 6 and ip.ipv4_mapped else ip)


def _loopback(address) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return address == "localhost"


class Hosts:
    """The names under which this server may be reached (module docstring): ``bound``
    the address it listens on (None: not known, as in tests), ``allowed`` the
    ``--allowed-host`` values (``NAME`` any port, ``NAME:PORT`` that port only)."""

    def __init__(self, bound: str | None = None, allowed=()):
        self.bound = _address(split_host(bound)[0] if bound and split_host(bound) else bound)
        self.allowed = [(_address(n), p) for n, p in map(allowed_host, allowed)]
        self.names = set()
        if bound is not None and bound in WILDCARDS:
            self.names.add(socket.gethostname().lower())

    def admits(self, name: str, port, local) -> bool:
        """Whether a request for ``name``:``port`` may be answered; ``local``: the
        ``(address, port)`` the connection came in at, or None when not known."""
        name = _address(name)
        if any(name == n and (p is None or p == port) for n, p in self.allowed):
            return True
        here, here_port = local if local else (None, None)
        if here_port is not None and port != here_port:
            return False
        own = {here, self.bound} | self.names
        if _loopback(here) or _loopback(self.bound):
            own.add("localhost")
        return name in own - {None}

    def problem(self, scope) -> str | None:
        """Why the ASGI ``scope``'s request is refused, or None when it is not."""
        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        local = scope.get("server")
        local = (_address(str(local[0]).lower()), local[1]) if local else None
        default = DEFAULT_PORTS.get(scope.get("scheme", "http"), 80)
        host = split_host(headers.get(b"host", b"").decode("latin-1"), default)
        if host is None or not self.admits(host[0], host[1], local):
            return ("the request's Host is not this server's address (start the server "
                    "with --allowed-host NAME to answer to another name)")
        origin = headers.get(b"origin")
        if origin is not None:
            m = _ORIGIN.fullmatch(origin.decode("latin-1").strip().lower())
            where = m and split_host(m.group(2), DEFAULT_PORTS[m.group(1)])
            if not where or not self.admits(where[0], where[1], local):
                return ("the request comes from a page of another site (its Origin); "
                        "only this server's own pages may use it")
        return None


class Guard:
    """ASGI middleware around ``app``: the checks of ``hosts`` (a :class:`Hosts`) on
    every request, and ``on_bug(where, exc)`` for an exception of ``app`` (module
    docstring)."""

    def __init__(self, app, hosts: Hosts, on_bug):
        self.app, self.hosts, self.on_bug = app, hosts, on_bug

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        problem = self.hosts.problem(scope)
        if problem is not None:
            return await self._refuse(kind, scope, receive, send, problem)
        state = {"started": False, "closed": False}

        async def sending(message):
            if message["type"] in ("http.response.start", "websocket.accept",
                                   "websocket.http.response.start"):
                state["started"] = True
            if message["type"] == "websocket.close":
                state["closed"] = True
            await send(message)
        try:
            await self.app(scope, receive, sending)
        except Exception as exc:        # a bug of rulekit: one line, an answer
            self.on_bug(scope.get("path", "?"), exc)
            try:
                if kind == "http" and not state["started"]:
                    await _answer(send, 500, "application/json", json.dumps(
                        {"error": "internal error, please report it"}))
                elif kind == "websocket" and not state["closed"]:
                    await send({"type": "websocket.close", "code": 1011})
            except Exception:           # the client is gone: nothing to tell
                pass

    @staticmethod
    async def _refuse(kind, scope, receive, send, problem: str):
        if kind == "http":
            return await _answer(send, 403, "text/plain; charset=utf-8", problem + "\n")
        await receive()                 # websocket.connect
        if "websocket.http.response" in scope.get("extensions") or {}:
            return await _answer(send, 403, "text/plain; charset=utf-8", problem + "\n",
                                 prefix="websocket.")
        await send({"type": "websocket.close", "code": 1008})


async def _answer(send, status: int, media: str, body: str, prefix: str = "") -> None:
    data = body.encode("utf-8")
    await send({"type": f"{prefix}http.response.start", "status": status,
                "headers": [(b"content-type", media.encode()),
                            (b"content-length", str(len(data)).encode())]})
    await send({"type": f"{prefix}http.response.body", "body": data})
