"""Choices in parts at the web table (docs/web.md, "A choice in parts"): a page is
offered each choice in parts by its parts, never as a listing; it asks what may come
next after what it has made, card by card or part by part (each part checked against
what the engine offers there), and sends the whole action's text, which the table reads
with parse_action and refuses in words when it is not legal. Hearts' pass (HRT-3: three
cards) and the parts toy (tests/toys/parts.yaml: any number of equal ranks, a card then
a seat, an amount up to a million)."""
import json
import random
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from rulekit.web.server import Server, make_app  # noqa: E402
from rulekit.web.store import Store  # noqa: E402
from rulekit.web.hall import Hall  # noqa: E402
from rulekit.web.tables import TableError  # noqa: E402
from test_web import ask_parts, choose_in_parts, hello, make_table, until_state  # noqa: E402
from web_helpers import LeakCheck  # noqa: E402

TOY = str(Path(__file__).resolve().parent / "toys" / "parts.yaml")


def no_listing(monkeypatch, game):
    """Make any listing of the legal actions fail: the table must not need one."""
    def listed(*args, **kwargs):
        raise AssertionError("the web table listed the legal actions")
    monkeypatch.setattr(type(game), "legal_actions", listed)


def hearts_at_pass(monkeypatch):
    table = Hall(Store(":memory:")).create("hearts", {}, ["person"] * 4)
    no_listing(monkeypatch, table.game)
    return table, table.game.to_act


def test_hearts_pass_is_offered_by_its_parts_and_taken_without_a_listing(monkeypatch):
    """HRT-3: the pass is three cards of the hand; the page gets no 286 buttons but the
    choice's parts: a set of exactly 3 of its 13 cards, with its count."""
    table, seat = hearts_at_pass(monkeypatch)
    page = table.state(seat)
    hand = page["mine"][0]["cards"]
    assert page["actions"] == [] and len(hand) == 13
    (offer,) = page["parts"]
    assert offer["action"] == "give" and offer["shape"] == "give CARDS"
    assert offer["count"] == 286 and offer["parts"] == [
        {"name": "p", "word": None, "form": "set", "kind": "card"}]
    first = offer["next"]
    assert sorted(first["items"]) == sorted(hand)
    assert (first["low"], first["high"], first["done"], first["last"], first["text"]) == \
        (3, 3, False, True, None)
    for other in range(4):                      # the other seats: nothing to choose
        if other != seat:
            assert table.state(other)["parts"] == [] == table.state(other)["actions"]
    two = table.choice_options(seat, "give", [], hand[:2], 0)
    assert sorted(two["items"]) == sorted(hand[2:]) and two["text"] is None
    three = table.choice_options(seat, "give", [], hand[:3], 0)
    assert three["items"] == [] and three["done"]
    assert sorted(three["text"].split()[1:]) == sorted(hand[:3])
    written = "give " + " ".join(reversed(hand[:3])).lower()    # any order, any case
    table.act(seat, written, 0)
    assert table.moves == [f"{seat}: {three['text']}"]          # the action's own text


@pytest.mark.parametrize("made, cur, words", [
    ([], ["ZZ"], "ZZ cannot be added"),
    ([], ["@0", "@0"], "cannot be added to the p of 'give' after"),
    ([], ["@0", "@1", "@2", "@3"], "cannot be added"),
    (["@0 @1"], None, "the p of 'give' cannot be"),
    (["@0 @1 @2"], [], "has 1 part, not that many"),
    ([], "@other", "cannot be added"),
])
def test_a_set_made_so_far_is_checked_card_by_card(monkeypatch, made, cur, words):
    table, seat = hearts_at_pass(monkeypatch)
    hand = table.state(seat)["mine"][0]["cards"]
    other = table.game.z["hand"][(seat + 1) % 4][0]

    def card(w):
        return other if w == "@other" else hand[int(w[1:])] if w.startswith("@") else w
    made = [" ".join(card(w) for w in t.split()) for t in made]
    cur = [card("@other")] if cur == "@other" else None if cur is None else [card(w) for w in cur]
    with pytest.raises(TableError, match=words.replace("(", r"\(")):
        table.choice_options(seat, "give", made, cur, 0)


def test_a_stale_page_or_another_seat_cannot_ask():
    table = Hall(Store(":memory:")).create("hearts", {}, ["person"] * 4)
    seat = table.game.to_act
    with pytest.raises(TableError, match="moved on"):
        table.choice_options(seat, "give", [], [], 3)
    with pytest.raises(TableError, match="may not act now"):
        table.choice_options((seat + 1) % 4, "give", [], [], 0)
    with pytest.raises(TableError, match="'play' is not a choice seat"):
        table.choice_options(seat, "play", [], None, 0)


@pytest.mark.parametrize("text, words", [
    ("give", "not legal"),
    ("give @0 @1", "not legal"),
    ("give @0 @1 @2 @3", "not legal"),
    ("give @0 @0 @1", "named twice"),
    ("give ZZ 2C 3C", "ZZ"),
    ("give @0 @1 @other", "not legal"),
    ("play @0", "not legal"),
    ("x" * 400, "not legal"),
])
def test_an_illegal_action_gets_its_reason_in_one_short_line(monkeypatch, text, words):
    table, seat = hearts_at_pass(monkeypatch)
    hand = table.state(seat)["mine"][0]["cards"]
    other = table.game.z["hand"][(seat + 1) % 4][0]
    for i in range(4):
        text = text.replace(f"@{i}", hand[i])
    text = text.replace("@other", other)
    with pytest.raises(TableError) as got:
        table.act(seat, text, 0)
    said = str(got.value)
    assert words in said and "\n" not in said and len(said) <= 300
    assert "Traceback" not in said and table.moves == []


def toy_table(monkeypatch=None):
    hall = Hall(Store(":memory:"), named=[TOY])
    table = hall.create("parts.yaml", {}, ["person", "person"])
    if monkeypatch is not None:
        no_listing(monkeypatch, table.game)
    return table, table.game.to_act


def test_a_card_then_a_seat_is_made_part_by_part(monkeypatch):
    """put: a card of the hand, then 'on' a seat other than the actor's."""
    table, seat = toy_table(monkeypatch)
    page = table.state(seat)
    put = next(p for p in page["parts"] if p["action"] == "put")
    assert [(p["form"], p["kind"], p["word"]) for p in put["parts"]] == \
        [("item", "card", None), ("item", "seat", "on")]
    hand = page["mine"][0]["cards"]
    assert sorted(put["next"]["items"]) == sorted(hand) and not put["next"]["last"]
    after = table.choice_options(seat, "put", [hand[0]], None, 0)
    assert after["items"] == [str(1 - seat)] and after["last"] and after["text"] is None
    whole = table.choice_options(seat, "put", [hand[0], str(1 - seat)], None, 0)
    assert whole["form"] is None and whole["done"]
    assert whole["text"] == f"put {hand[0]} on {1 - seat}"
    with pytest.raises(TableError, match="cannot be the s of 'put'"):
        table.choice_options(seat, "put", [hand[0], str(seat)], None, 0)
    with pytest.raises(TableError, match="not legal"):
        table.act(seat, f"put {hand[0]} on {seat}", 0)
    table.act(seat, whole["text"], 0)
    assert table.game.z["pile"][1 - seat] == [hand[0]]


def test_an_amount_is_offered_as_a_range_and_checked(monkeypatch):
    """bet: a whole number from 1 to the seat's chips (a million), even or all of them."""
    table, seat = toy_table(monkeypatch)
    bet = next(p for p in table.state(seat)["parts"] if p["action"] == "bet")
    assert bet["count"] is None or bet["count"] > 400_000
    nxt = bet["next"]
    assert (nxt["form"], nxt["low"], nxt["high"], nxt["items"]) == ("amount", 1, 1_000_000, [])
    assert table.choice_options(seat, "bet", ["4"], None, 0)["text"] == "bet 4"
    odd = table.choice_options(seat, "bet", ["3"], None, 0)
    assert odd["text"] is None and not odd["done"]
    for made, words in [(["0"], "from 1 to 1000000"), (["1000001"], "from 1 to 1000000"),
                        (["x"], "whole number"), (["²"], "whole number"),
                        (["1" * 40], "whole number")]:
        with pytest.raises(TableError, match=words):
            table.choice_options(seat, "bet", made, None, 0)
    for text, words in [("bet 3", "not legal"), ("bet 0", "not legal"),
                        ("bet", "missing"), ("bet 10 10", "left over")]:
        with pytest.raises(TableError, match=words):
            table.act(seat, text, 0)
    table.act(seat, "bet 1000000", 0)
    assert table.game.v["pot"] == 1_000_000


def test_a_set_pruned_by_so_far_offers_only_cards_that_fit(monkeypatch):
    """lay: cards of one rank; after one card only its rank's others may be added."""
    table, seat = toy_table(monkeypatch)
    hand = table.state(seat)["mine"][0]["cards"]
    rank = table.game.rules.cards.rank_of
    first = hand[0]
    got = table.choice_options(seat, "lay", [], [first], 0)
    assert sorted(got["items"]) == sorted(c for c in hand if c != first
                                          and rank[c] == rank[first])
    assert got["done"] and got["text"] == f"lay {first}"
    stranger = next(c for c in hand if rank[c] != rank[first])
    with pytest.raises(TableError, match=f"{stranger} cannot be added"):
        table.choice_options(seat, "lay", [], [first, stranger], 0)


def test_the_move_is_the_actions_own_text_and_replays():
    table = Hall(Store(":memory:")).create("hearts", {}, ["person"] * 4)
    seat = table.game.to_act
    hand = table.state(seat)["mine"][0]["cards"]
    table.act(seat, "GIVE " + " ".join(hand[2::-1]).lower(), 0)
    (move,) = table.moves
    assert move == f"{seat}: {table.game.history[0]}"
    again = Hall(table.store)
    assert again.restore() == []
    assert again.tables[table.id].game.history == table.game.history


def test_over_the_socket_a_page_asks_and_acts_and_nothing_leaks():
    check = LeakCheck()
    server = Server(Hall(Store(":memory:"), named=[TOY]), bot_delay=0, on_send=check)
    c = TestClient(make_app(server))
    rng = random.Random(7)
    with c:
        tid, tokens = make_table(c, "hearts", ["person", "random", "random", "random"])
        with c.websocket_connect(f"/ws/{tid}") as ws:
            s = hello(ws, tokens[0])
            if not s["parts"]:
                s = until_state(ws, lambda m: m["parts"])
            offer = s["parts"][0]
            hand = s["mine"][0]["cards"]
            answer, _ = ask_parts(ws, s, "give", [], hand[:1])
            assert answer["version"] == s["version"] and "error" not in answer
            assert hand[0] not in answer["next"]["items"]
            stale, _ = ask_parts(ws, {"version": s["version"] + 1}, "give", [], hand[:1])
            assert stale["next"] is None and "moved on" in stale["error"]
            bad, _ = ask_parts(ws, s, "give", [], ["ZZ"])
            assert bad["next"] is None and "ZZ cannot be added" in bad["error"]
            for msg, words in [({"action": "give", "version": 0, "set": "2C"}, "set:"),
                               ({"action": "give", "version": 0, "made": [1]}, "made:"),
                               ({"action": "give"}, "needs its version"),
                               ({"version": 0}, "needs its action"),
                               ({"action": "give", "version": 0, "set": ["2C"] * 201},
                                "at most 200")]:
                ws.send_text(json.dumps({"type": "parts", **msg}))
                m = json.loads(ws.receive_text())
                assert m["type"] == "error" and words in m["message"], (msg, m)
            text, newer = choose_in_parts(ws, s, offer, rng)
            assert text is not None and newer is None
            ws.send_text(json.dumps({"type": "act", "version": s["version"], "action": text}))
            until_state(ws, lambda m: m["version"] > s["version"])
            assert f"0: {text}" in server.hall.tables[tid].moves
        with c.websocket_connect(f"/ws/{tid}") as ws:            # a spectator
            hello(ws)
            ws.send_text(json.dumps({"type": "parts", "action": "give", "version": 0}))
            m = {"type": "state"}
            while m["type"] == "state":                         # the bots play on
                m = json.loads(ws.receive_text())
            assert m["type"] == "error" and "spectator cannot act" in m["message"]
    assert server.errors == [] and check.leaks == [] and check.messages > 3


def test_a_page_never_gets_a_state_older_than_one_it_has():
    """Why selecting several cards in the hand hung a browser test now and then (it was
    taken out in 5d41bfb and is back with choices in parts): two broadcasts of one table
    build their states under the table's lock in one order, but send after it, page by
    page, awaiting each send. While the older broadcast waits on one page's send, the
    newer one reaches every page; the older one then went on and gave the next page the
    older table. That page drew it, made its selection against it, was told the table
    had moved on, and waited for a state that never came. Here the first page's first
    send waits until the newer broadcast is done: before the fix the second page got
    versions [1, 0] and drew the older table last."""
    import asyncio

    class Table:
        id, version = "t", 0

        def state(self, viewer):
            return {"type": "state", "version": self.version}

    class Page:                         # a websocket: a frame is queued when sent
        def __init__(self, gate=None):
            self.got, self.gate = [], gate

        async def send_text(self, text):
            self.got.append(json.loads(text)["version"])
            gate, self.gate = self.gate, None
            if gate is not None:
                await gate.wait()

    async def run():
        server, table, gate = Server(hall=None), Table(), asyncio.Event()
        first, second = Page(gate), Page()
        server.clients[table.id] = {first: 0, second: 1}
        older = asyncio.create_task(server.broadcast(table))
        await asyncio.sleep(0)          # the older broadcast waits on the first page
        table.version = 1
        await server.broadcast(table)   # the newer one reaches both pages
        gate.set()
        await older
        server.pool.shutdown()
        return first.got, second.got

    first, second = asyncio.run(run())
    assert first == [0, 1] and second == [1], (first, second)
