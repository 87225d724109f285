"""Load on the web table: many tables with bots playing at once against a real server
on 127.0.0.1, a person's seat and a spectator at each: no error, no lost move (the
database's moves are the game's, and replay to it), no leaked card. Behind
``RULEKIT_SOAK=1`` (50 tables); the default run plays 3 (``budget.games``)."""
import asyncio
import json
import random
import resource
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("websockets")

from budget import SOAK, games  # noqa: E402
from web_helpers import LeakCheck, LiveServer  # noqa: E402

from rulekit.web.store import Store  # noqa: E402
from rulekit.web.hall import Hall  # noqa: E402

GAMES = [("mattis", 4, {}), ("durak", 3, {"transfer": True}), ("hearts", 4, {"target": 30}),
         ("atlanta_mattis", 3, {"slough_window": "shared"}), ("skitgubbe", 3, {}),
         ("myllymatti", 2, {}), ("mattis_norsk", 3, {}), ("crazy_eights", 4, {}),
         ("president", 4, {"hands": 2}), ("holdem", 4, {"hand_limit": 3}),
         ("spite_malice", 2, {}), ("klondike", 1, {"draw": 3, "passes": 3})]


async def _choose_in_parts(ws, m, offer, rng, timeout):
    """A random legal choice of ``offer`` (a page's ``parts`` entry) made as a page makes
    it, part by part, asking the server (docs/web.md): ``(text, None)``, or ``(None,
    state)`` when a newer state came meanwhile (the choice is then given up)."""
    name, parts = offer["action"], offer["parts"]

    def begins(made):
        return [] if len(made) < len(parts) and parts[len(made)]["form"] == "set" else None
    for _ in range(20):
        made, cur, nxt = [], begins([]), offer["next"]
        while nxt is not None:
            if nxt["text"] and (not nxt["items"] or rng.random() < 0.25):
                return nxt["text"], None
            if nxt["form"] == "set" and nxt["items"] and len(cur) < nxt["high"]:
                cur = cur + [rng.choice(nxt["items"])]
            elif nxt["form"] == "set" and nxt["done"] and not nxt["last"]:
                made = made + [" ".join(cur)]
                cur = begins(made)
            elif nxt["form"] == "item" and nxt["items"]:
                made = made + [rng.choice(nxt["items"])]
                cur = begins(made)
            elif nxt["form"] == "amount":
                made = made + [str(rng.randint(nxt["low"], min(nxt["high"], nxt["low"] + 9)))]
                cur = begins(made)
            else:
                break                           # a dead end: begin again
            await ws.send(json.dumps({"type": "parts", "action": name, "made": made,
                                      "set": cur, "version": m["version"]}))
            while True:
                got = json.loads(await asyncio.wait_for(ws.recv(), timeout))
                if got["type"] == "state" and (got["version"] != m["version"]
                                               or got["finished"]):
                    return None, got
                if got["type"] == "parts" and (got["action"], got["made"], got["set"],
                                               got["version"]) == (name, made, cur,
                                                                   m["version"]):
                    break
            if got["next"] is None:
                assert "moved on" in got["error"], got
                return None, None
            nxt = got["next"]
    raise AssertionError(f"no legal choice of {name} found in 20 tries")


async def _person(url, tid, token, rng, timeout):
    """Play a seat at random until the game ends (a listed action, or a choice in parts
    made part by part); return the moves it made."""
    from websockets.asyncio.client import connect
    made = 0
    async with connect(f"{url}/ws/{tid}", open_timeout=30) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        m = None
        while True:
            if m is None:
                m = json.loads(await asyncio.wait_for(ws.recv(), timeout))
            if m["type"] == "error":
                assert "moved on" in m["message"], m
                m = None
                continue
            if m["type"] != "state":
                m = None
                continue
            if m["finished"]:
                return made
            offers, newer = m["actions"] + m["parts"], None
            if offers:
                pick = rng.choice(offers)
                text = pick.get("text")
                if "text" not in pick:
                    text, newer = await _choose_in_parts(ws, m, pick, rng, timeout)
                if text is not None:
                    await ws.send(json.dumps({"type": "act", "version": m["version"],
                                              "action": text}))
                    made += 1
            m = newer


async def _spectator(url, tid, timeout):
    from websockets.asyncio.client import connect
    async with connect(f"{url}/ws/{tid}", open_timeout=30) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None}))
        while True:
            m = json.loads(await asyncio.wait_for(ws.recv(), timeout))
            if m["type"] == "state" and m["finished"]:
                return


@pytest.mark.soak
def test_many_tables_with_bots_at_once(tmp_path):
    import httpx
    n = games(3, 50)
    check = LeakCheck()
    db = tmp_path / "soak.db"
    live = LiveServer(db=str(db), bot_delay=0, on_send=check)
    try:
        tables = []
        for i in range(n):
            ruleset, players, options = GAMES[i % len(GAMES)]
            seats = ["person"] + [("greedy" if (i + s) % 3 == 0 else "random")
                                  for s in range(1, players)]
            body = httpx.post(f"{live.url}/api/tables", json={
                "ruleset": ruleset, "seats": seats, "options": options}, timeout=60).json()
            tables.append((body["id"], body["seats"][0]["link"].split("#")[1]))
        ws_url = live.url.replace("http", "ws")
        start, cpu0 = time.time(), time.process_time()

        async def everyone():
            jobs = [_person(ws_url, tid, tok, random.Random(tid), 120) for tid, tok in tables]
            jobs += [_spectator(ws_url, tid, 120) for tid, _ in tables]
            return await asyncio.gather(*jobs)

        asyncio.run(everyone())
        wall, cpu = time.time() - start, time.process_time() - cpu0
        hall = live.hall
        moves = sum(len(hall.tables[tid].moves) for tid, _ in tables)
        assert live.server.errors == []
        assert check.leaks == []
        for tid, _ in tables:                       # the database holds every move
            t = hall.tables[tid]
            assert t.game.finished and t.game.result.status == "finished", t.game.result
            assert hall.store.moves(tid, 1) == t.moves
    finally:
        live.stop()
    again = Hall(Store(str(db)))
    assert again.restore() == []
    for tid, _ in tables:
        assert again.tables[tid].game.history == hall.tables[tid].game.history
        assert again.tables[tid].game.result == hall.tables[tid].game.result
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    figures = (f"web soak: {n} tables at once, {moves} moves in {wall:.1f} s "
               f"({moves / wall:.0f} moves/s; {cpu:.1f} s CPU in this process), "
               f"{check.messages} messages checked, peak memory {rss:.0f} MB")
    print(figures)
    if SOAK:
        (tmp_path.parent / "web-soak.txt").write_text(figures + "\n")
