"""The web table's hardening: hostile or odd input (deep JSON, binary frames, big
bodies and frames, a lobby flood), the database busy, records of earlier games."""
import json
import sqlite3
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from rulekit.web import fields  # noqa: E402
from rulekit.web.guard import Hosts, allowed_host  # noqa: E402
from rulekit.web.server import MAX_BODY, MAX_MESSAGE, Server, make_app  # noqa: E402
from rulekit.web.store import Store  # noqa: E402
from rulekit.web.hall import Hall  # noqa: E402
from rulekit.web.tables import TableError  # noqa: E402
from test_web import hello, make_table, until_state  # noqa: E402
from web_helpers import LiveServer  # noqa: E402


def client(db=":memory:", **kw):
    server = Server(Hall(Store(db)), bot_delay=0, **kw)
    return TestClient(make_app(server)), server


def _next_not_state(ws) -> dict:
    """The next message that is not a state broadcast (bots move meanwhile)."""
    while True:
        m = json.loads(ws.receive_text())
        if m["type"] != "state":
            return m


def test_deep_json_and_binary_frames_get_an_error_and_the_connection_stays():
    c, server = client()
    with c:
        tid, tokens = make_table(c, "mattis", ["person", "random", "random"])
        with c.websocket_connect(f"/ws/{tid}") as ws:       # binary before hello
            ws.send_bytes(b"\x00\x01")
            m = json.loads(ws.receive_text())
            assert m["type"] == "error" and "not binary" in m["message"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            hello(ws, tokens[0])
            deep = "[" * 5000 + "]" * 5000
            assert len(deep) <= MAX_MESSAGE
            for bad, words in [(deep, "JSON object"), (b"\x00" * 10, "not binary"),
                               ('{"type": "act", "action": "x"}', "needs its version")]:
                (ws.send_bytes if isinstance(bad, bytes) else ws.send_text)(bad)
                m = _next_not_state(ws)         # (a bot's move may broadcast a state first)
                assert m["type"] == "error" and words in m["message"], m
            ws.send_text(json.dumps({"type": "ping"}))
            assert _next_not_state(ws)["type"] == "pong"
    assert server.errors == []


def test_bad_or_big_create_bodies_are_refused_in_words():
    c, _ = client()
    with c:
        deep = "[" * 50000 + "]" * 50000
        r = c.post("/api/tables", content=deep, headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"] == "the request is not JSON"
        r = c.post("/api/tables", content=b" " * (MAX_BODY + 1),
                   headers={"content-type": "application/json"})
        assert r.status_code == 413 and "at most" in r.json()["error"]
        sent = []

        def stream():                       # no Content-Length: refused while streaming
            for _ in range(1000):
                sent.append(1)
                yield b" " * 10_000
        r = c.post("/api/tables", content=stream(), headers={"content-type": "application/json"})
        assert r.status_code == 413 and "at most" in r.json()["error"]
        r = c.post("/api/tables", json={"ruleset": "hearts", "seats": ["random"] * 4,
                                        "options": {"target": "abc"}})
        assert r.status_code == 400 and not r.json()["error"].startswith("error:")


def test_a_big_frame_gets_an_error_not_a_closed_connection():
    from websockets.sync.client import connect
    pytest.importorskip("websockets")
    live = LiveServer()
    try:
        table = live.hall.create("mattis", {}, ["person", "random", "random"])
        ws = connect(f"ws://127.0.0.1:{live.port}/ws/{table.id}", open_timeout=10)
        ws.send(json.dumps({"type": "hello", "token": table.tokens[0]}))
        assert json.loads(ws.recv(10))["type"] == "pack"
        json.loads(ws.recv(10))
        ws.send("x" * 50_000)
        m = json.loads(ws.recv(10))
        assert m["type"] == "error" and "at most" in m["message"]
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(10))["type"] == "pong"
        ws.close()
    finally:
        live.stop()
    assert live.server.errors == []


def test_idle_tables_are_closed_and_a_flood_is_limited(tmp_path):
    import time
    db = str(tmp_path / "t.db")
    server = Server(Hall(Store(db), idle=0.3), bot_delay=0, per_minute=3)
    c = TestClient(make_app(server))
    with c:
        made = [make_table(c, "mattis", ["person"] * 3) for _ in range(3)]
        r = c.post("/api/tables", json={"ruleset": "mattis", "seats": ["person"] * 3})
        assert r.status_code == 429 and "a minute" in r.json()["error"]
        kept, tokens = made[0]
        with c.websocket_connect(f"/ws/{kept}") as ws:      # a person at table 0
            hello(ws, tokens[0])
            time.sleep(0.35)
            assert sorted(server.hall.close_idle()) == sorted(t for t, _ in made[1:])
        assert kept in server.hall.tables
        assert c.get(f"/t/{made[1][0]}").status_code == 404
        time.sleep(0.35)                                  # nobody there now
        assert server.hall.close_idle() == [kept] and not server.hall.tables
    back = Hall(Store(db))
    assert back.restore() == [] and not back.tables       # abandoned: not restored
    assert Store(db).tables()[0].games[-1][2] == "abandoned"


def test_the_last_game_record_stays_and_a_second_play_again_is_told():
    import random
    c, server = client()
    with c:
        tid, tokens = make_table(c, "myllymatti", ["person", "person"])
        table = server.hall.tables[tid]
        g, rng = table.game, random.Random(2)
        while not g.finished:
            seat = g.actors[0]
            table.act(seat, str(rng.choice(g.legal_actions(seat))))
        first = c.get(f"/api/tables/{tid}/record?game=1").json()
        with c.websocket_connect(f"/ws/{tid}") as ws0, c.websocket_connect(f"/ws/{tid}") as ws1:
            hello(ws0, tokens[0])
            hello(ws1, tokens[1])
            ws0.send_text(json.dumps({"type": "again", "game": 1}))
            until_state(ws0, lambda m: m["game"] == 2)
            until_state(ws1, lambda m: m["game"] == 2)
            ws1.send_text(json.dumps({"type": "again", "game": 1}))
            m = json.loads(ws1.receive_text())
            assert m["type"] == "error" and "game 2 has already been started" in m["message"]
        for url in (f"/api/tables/{tid}/record?game=1", f"/api/tables/{tid}/record"):
            r = c.get(url)
            assert r.status_code == 200 and r.json() == first, url
            assert "-1.json" in r.headers["content-disposition"]
        for game, words, status in (("2", "once the game is over", 404),
                                    ("7", "no record of game 7", 404),
                                    ("x", "number of a game", 400)):
            r = c.get(f"/api/tables/{tid}/record?game={game}")
            assert r.status_code == status and words in r.json()["error"], game
    assert server.errors == []


def test_a_busy_database_refuses_the_move_and_the_bots_wait(tmp_path):
    import time
    db = str(tmp_path / "t.db")
    server = Server(Hall(Store(db, timeout=0.1)), bot_delay=0.02)
    server.retry = 0.05
    c = TestClient(make_app(server))
    other = sqlite3.connect(db, isolation_level=None)
    with c:
        tid, tokens = make_table(c, "mattis", ["person", "person", "person"])
        table = server.hall.tables[tid]
        seat = table.game.actors[0]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            s = hello(ws, tokens[seat])
            other.execute("BEGIN IMMEDIATE")                 # another process holds it
            act = {"type": "act", "version": 0, "action": s["actions"][0]["text"]}
            ws.send_text(json.dumps(act))
            m = json.loads(ws.receive_text())
            assert m["type"] == "error" and "database is busy" in m["message"]
            assert table.moves == [] and not table.game.history
            other.execute("COMMIT")
            ws.send_text(json.dumps(act))
            until_state(ws, lambda m: m["version"] == 1)
        bots, _ = make_table(c, "mattis", ["random"] * 3)
        other.execute("BEGIN IMMEDIATE")
        time.sleep(0.4)                                      # the bots wait...
        bot_table = server.hall.tables[bots]
        stuck = len(bot_table.moves)
        time.sleep(0.2)
        assert len(bot_table.moves) == stuck and not bot_table.game.finished
        other.execute("COMMIT")                              # ...and carry on
        deadline = time.time() + 20
        while not bot_table.game.finished and time.time() < deadline:
            time.sleep(0.05)
        assert bot_table.game.finished
    assert server.errors == []
    assert Store(db).moves(bots, 1) == bot_table.moves and Store(db).moves(tid, 1) == table.moves


def test_a_named_ruleset_file_is_shown_by_its_file_name_only(tmp_path):
    path = tmp_path / "secret-folder" / "house.yaml"
    path.parent.mkdir()
    path.write_text("rulekit: 1\nname: house\nextends: mattis\n")
    hall = Hall(Store(":memory:"), named=[str(path)])
    c = TestClient(make_app(Server(hall, bot_delay=0)))
    with c:
        body = c.get("/api/rulesets").text
        assert "secret-folder" not in body and str(tmp_path) not in body
        assert "house.yaml" in [r["name"] for r in json.loads(body)["rulesets"]]
        tid, _ = make_table(c, "house.yaml", ["random"] * 3)
        for name in (str(path), str(path.resolve()), "secret-folder/house.yaml"):
            r = c.post("/api/tables", json={"ruleset": name, "seats": ["random"] * 3})
            assert r.status_code == 400 and "unknown ruleset" in r.json()["error"], name
    assert list(hall.tables) == [tid]
    assert hall.tables[tid].ruleset == str(path.resolve())     # the database's name
    again = Hall(hall.store, named=[str(path)])
    assert again.restore() == [] and tid in again.tables


# ---- one reading of every field (rulekit.web.fields) ------------------------------------
ODD = ["\ud800", "x\udfff", "²", "①", "٣", "9" * 5000, "-1", " 1", "1.5", "", [], {},
       True, -1, 10 ** 13, 1.5, float("inf"), ["\ud800"], {"\ud800": 1}, {"a": [[1]]},
       ["x"] * 100, "x" * 600]


@pytest.mark.parametrize("spec", ["HELLO", "ACT", "AGAIN", "CREATE", "RECORD"])
def test_every_field_of_the_protocol_reads_odd_values_or_refuses_them_in_words(spec):
    """Any value at all in any field: read as a value of its form, or FieldError naming
    the field; never another exception (the one mechanism behind every message)."""
    for name, field in getattr(fields, spec).items():
        for value in ODD:
            try:
                out = fields.read("a message", {name: value}, {name: field})[name]
            except fields.FieldError as exc:
                assert str(exc).startswith(f"{name}: "), exc
                continue
            assert isinstance(out, (str, int, list, dict)) and not isinstance(out, bool)
            json.dumps(out).encode("utf-8") and str(out).encode("utf-8")


@pytest.mark.parametrize("raw, words", [
    ('{"token": "\\ud800"}', "not valid Unicode"), ('{"\\udfff": 1}', "not valid Unicode"),
    ('[[[["\\ud800"]]]]', "not valid Unicode"), ('{"v": NaN}', "NaN"),
    ('{"v": -Infinity}', "-Infinity"), ('{"v": 1e999}', "too large"),
    ('{"v": 1234567890123}', "more than 12 digits"), ("9" * 5000, "more than 12 digits"),
    ("[" * 100_000, "not JSON"), (b"\xff\xfe{}", "not JSON"), ("{'a': 1}", "not JSON"),
])
def test_json_that_cannot_be_read_is_refused_in_words(raw, words):
    with pytest.raises(fields.FieldError, match=words):
        fields.parse_json(raw, "the request")
    assert fields.parse_json('{"a": ["é", 123456789012, 1.5, null]}', "x") == \
        {"a": ["é", 123456789012, 1.5, None]}


def test_odd_text_and_numbers_over_http_get_a_400_never_a_500():
    c, server = client()
    with c:
        tid, _ = make_table(c, "mattis", ["person", "random", "random"])
        for q in ("²", "①", "9" * 5000, "-1", "1e3", ""):
            r = c.get(f"/api/tables/{tid}/record", params={"game": q})
            assert r.status_code == 400 and "game: the number of a game" in r.json()["error"], q
        good = '{"ruleset": "mattis", "seats": ["random", "random", "random"], "options": %s}'
        for options, words in [('{"\\ud800": 1}', "not valid Unicode"),
                               ('{"min_run": "\\ud800"}', "not valid Unicode"),
                               ('{"min_run": NaN}', "NaN"),
                               ('{"min_run": 1e999}', "too large"),
                               ('{"min_run": 99999999999999999999}', "12 digits"),
                               ('{"min_run": {"a": 1}}', "options:")]:
            r = c.post("/api/tables", content=good % options,
                       headers={"content-type": "application/json"})
            assert r.status_code == 400 and words in r.json()["error"], options
        for seats, words in [(["person"] * 65, "at most 64"), (["x" * 31] * 3, "seats:"),
                             ([None] * 3, "seats:")]:
            r = c.post("/api/tables", json={"ruleset": "mattis", "seats": seats})
            assert r.status_code == 400 and words in r.json()["error"]
    assert server.errors == []


def test_odd_text_and_numbers_in_messages_get_an_error_and_the_connection_stays():
    c, server = client()
    with c:
        tid, tokens = make_table(c, "mattis", ["person"] * 3)     # no bot moves between
        with c.websocket_connect(f"/ws/{tid}") as ws:       # a lone surrogate as token
            ws.send_text('{"type": "hello", "token": "\\ud800"}')
            m = json.loads(ws.receive_text())
            assert m["type"] == "error" and "not valid Unicode" in m["message"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": 5}))
            m = json.loads(ws.receive_text())
            assert m["fatal"] and m["message"].startswith("token: ")
        with c.websocket_connect(f"/ws/{tid}") as ws:
            s = hello(ws, tokens[0])
            for bad, words in [('{"type": "act", "action": "\\ud800", "version": 0}',
                                "not valid Unicode"),
                               ('{"type": "act", "action": "x", "version": 1e999}',
                                "too large"),
                               ('{"type": "act", "action": "x", "version": -1}', "version:"),
                               ('{"type": "act", "action": "x", "version": 10000000000000}',
                                "12 digits"),
                               ('{"type": "act", "action": ["x"], "version": 0}', "action:"),
                               ('{"type": "again", "game": "1"}', "game:"),
                               ('{"type": "\\udfff"}', "not valid Unicode")]:
                ws.send_text(bad)
                m = json.loads(ws.receive_text())
                assert m["type"] == "error" and words in m["message"], (bad, m)
            ws.send_text(json.dumps({"type": "ping"}))
            assert json.loads(ws.receive_text())["type"] == "pong"
    assert server.errors == [] and s["version"] == 0 and server.hall.tables[tid].moves == []


def test_a_client_leaving_mid_body_or_sending_an_odd_length_is_no_error(capfd):
    import socket
    import time
    live = LiveServer()
    try:
        for head, body in [(b"Content-Length: 1000\r\n", b'{"ruleset": "mat'),
                           ("Content-Length: ²\r\n".encode(), b"{}"),
                           (b"Content-Length: 99999999999999999999\r\n", b"{}")]:
            with socket.create_connection(("127.0.0.1", live.port), timeout=5) as s:
                s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                          b"Content-Type: application/json\r\n" % live.port + head + b"\r\n"
                          + body)
                if head.startswith(b"Content-Length: 1000"):
                    continue                        # leaves before the end of its body
                answer = s.recv(1000)
                assert answer.split(b"\r\n")[0] in (b"HTTP/1.1 400 Bad Request",
                                                    b"HTTP/1.1 413 Request Entity Too Large"), answer
        time.sleep(0.3)
    finally:
        live.stop()
    assert live.server.errors == [] and "Traceback" not in capfd.readouterr().err


# ---- who the server answers (rulekit.web.guard) ----------------------------------------
def test_a_page_of_another_site_or_another_name_is_refused():
    """DNS rebinding (another name for 127.0.0.1) and a page of another site (its
    Origin) get a short 403 and make nothing; this machine's own names still work."""
    import httpx
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect
    live = LiveServer()
    port, url = live.port, live.url
    try:
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}"):
            assert httpx.get(url + "/api/rulesets", headers={"host": host}).status_code == 200
        for host in ("evil.example", f"evil.example:{port}", f"127.0.0.1.nip.io:{port}",
                     f"127.0.0.1:{port + 1}", "localhost", f"a b:{port}", f"x@127.0.0.1:{port}"):
            r = httpx.get(url + "/", headers={"host": host})
            assert r.status_code == 403 and "Host" in r.text and r.text.count("\n") == 1, host
        made = {"ruleset": "mattis", "seats": ["random"] * 3}
        for origin in ("http://evil.example", f"http://evil.example:{port}", "null",
                       f"http://127.0.0.1:{port + 1}", f"http://127.0.0.1:{port}/x"):
            r = httpx.post(url + "/api/tables", json=made, headers={"origin": origin})
            assert r.status_code == 403 and "another site" in r.text, origin
        assert live.hall.tables == {}
        r = httpx.post(url + "/api/tables", json=made,
                       headers={"origin": f"http://localhost:{port}"})
        assert r.status_code == 200
        tid = r.json()["id"]
        with pytest.raises(InvalidStatus) as refused:
            connect(f"ws://127.0.0.1:{port}/ws/{tid}", origin="http://evil.example",
                    open_timeout=10)
        assert refused.value.response.status_code == 403
        with connect(f"ws://127.0.0.1:{port}/ws/{tid}", origin=f"http://127.0.0.1:{port}",
                     open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(ws.recv(10))["type"] == "pack"
    finally:
        live.stop()
    assert live.server.errors == []


def test_a_websocket_for_another_host_is_refused():
    from starlette.testclient import WebSocketDenialResponse
    c, server = client()
    with c:
        tid, _ = make_table(c, "mattis", ["random"] * 3)
        for headers in ({"host": "evil.example"}, {"origin": "http://evil.example"}):
            with pytest.raises(WebSocketDenialResponse) as refused:
                with c.websocket_connect(f"/ws/{tid}", headers=headers):
                    pass
            assert refused.value.status_code == 403
    assert server.errors == []


def _scope(host, origin=None, server=("127.0.0.1", 8000), scheme="http"):
    headers = [(b"host", host.encode())] + ([(b"origin", origin.encode())] if origin else [])
    return {"type": "http", "scheme": scheme, "headers": headers, "server": server}


def test_the_names_a_server_answers_to():
    import socket
    wild = Hosts("0.0.0.0")
    lan = ("192.168.1.5", 8000)
    me = socket.gethostname().lower()
    for host, server, ok in [("192.168.1.5:8000", lan, True),       # the address used
                             ("192.168.1.5:8000", ("::ffff:192.168.1.5", 8000), True),
                             (f"{me}:8000", lan, True), ("0.0.0.0:8000", lan, True),
                             ("192.168.1.6:8000", lan, False), ("192.168.1.5:8001", lan, False),
                             ("192.168.1.5", lan, False), ("localhost:8000", lan, False),
                             ("localhost:8000", ("127.0.0.1", 8000), True),
                             ("evil.example:8000", lan, False)]:
        assert (wild.problem(_scope(host, server=server)) is None) is ok, (host, server)
    proxied = Hosts("127.0.0.1", ["games.example.org", "proxy.lan:443"])
    for host, origin, ok in [("games.example.org", "https://games.example.org", True),
                             ("games.example.org:8443", None, True),
                             ("proxy.lan:443", "https://proxy.lan", True),
                             ("proxy.lan", None, False), ("proxy.lan:8000", None, False),
                             ("127.0.0.1:8000", "https://games.example.org", True),
                             ("127.0.0.1:8000", "https://evil.example.org", False),
                             ("127.0.0.1:8000", "http://127.0.0.1:8000", True)]:
        assert (proxied.problem(_scope(host, origin)) is None) is ok, (host, origin)
    six = Hosts("::1")
    assert six.problem(_scope("[::1]:8000", server=("::1", 8000))) is None
    assert six.problem(_scope("localhost:8000", "http://[::1]:8000", ("::1", 8000))) is None
    assert six.problem(_scope("[::2]:8000", server=("::1", 8000))) is not None
    assert Hosts().problem({"type": "http", "headers": [], "server": lan}) is not None
    for bad in ("http://x", "*", "", "a/b", "x:99999", "x:", "[zz]"):
        with pytest.raises(ValueError):
            allowed_host(bad)


def test_a_bug_is_one_line_and_a_500_or_a_closed_connection(capsys):
    from starlette.websockets import WebSocketDisconnect
    c, server = client()

    def broken(*args):
        raise ZeroDivisionError("a bug")
    with c:
        tid, tokens = make_table(c, "mattis", ["person"] * 3)
        server.hall.offered = broken
        r = c.get("/api/rulesets")
        assert r.status_code == 500 and r.json() == {"error": "internal error, please report it"}
        server.hall.tables[tid].state = broken
        with c.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": tokens[0]}))
            assert json.loads(ws.receive_text())["type"] == "pack"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 1011
    err = capsys.readouterr().err
    assert len(server.errors) == 2 and all("ZeroDivisionError: a bug" in e for e in server.errors)
    assert err.count("internal error") == 2 and len(err.splitlines()) == 2
    assert "Traceback" not in err


def test_a_server_that_makes_no_tables_says_so():
    """``serve --per-minute 0``: the tables of the database only; a new table is refused
    in those words, not with "wait a little"."""
    server = Server(Hall(Store(":memory:")), bot_delay=0, per_minute=0)
    c = TestClient(make_app(server))
    with c:
        r = c.post("/api/tables", json={"ruleset": "mattis", "seats": ["person"] * 3})
    assert r.status_code == 429 and "makes no new tables" in r.json()["error"]


def test_a_refused_move_is_said_in_words_as_at_the_terminal():
    """HRT-3: a pass of cards the seat does not hold is refused saying so (the
    terminal's why-not), not with the list of legal actions' forms."""
    table = Hall(Store(":memory:")).create("hearts", {"target": 1}, ["person"] * 4)
    seat = table.game.to_act
    hand = table.game.z["hand"][seat]
    absent = [c for c in ("2C", "3C", "4C", "5C", "6C", "7C") if c not in hand][:2]
    with pytest.raises(TableError) as err:
        table.act(seat, "give " + " ".join(absent + hand[:1]), None)
    assert str(err.value).startswith("'give ") and "is not legal: you do not hold " + \
        " ".join(absent) in str(err.value)
