"""Names instead of seat numbers (issue 33): a person names themselves (``play --name``,
a web seat), bots are named from their seat and kind, every player-facing line says the
names; records keep them in the optional ``names`` field (records without it replay as
before), and a name is a stranger's text: limited, refused with control characters or
direction marks, escaped where it is shown."""
import json
import re
import warnings
from pathlib import Path

import pytest

import rulekit
from rulekit.cli import main
from rulekit.limits import MAX_PLAYER_NAME_CHARS, player_name_problem
from rulekit.play.names import bot_name, introduce, seat_names, who_list
from rulekit.play.scores import result_words
from rulekit.play.transcript import result_line
from rulekit.runtime.actions import Result
from rulekit.runtime.records import make_record
from rulekit.runtime.replay import replay

from test_table import play_typing

TOYS = Path(__file__).parent / "toys"
TOY = str(TOYS / "scores.yaml")
# dealt one at a time from the dealer's (seat 1's) left: seat 0 gets 6R 2B, seat 1 1B 5R;
# the points are the cards' numbers: seat 0 ends with 6 + 2 = 8, seat 1 with 1 + 5 = 6
DECK = "6R 1B 2B 5R 3R 4B 1R 2R 3B 4R 5B 6B"
PLAY = ["play", TOY, "--human", "0", "--agent", "all=random", "--seed", "1", "--deck", DECK,
        "--dealer", "1", "--ascii"]


# ---- the names themselves ----------------------------------------------------------------

@pytest.mark.parametrize("name, problem", [
    ("Ann", None), ("Zoë 名前", None), ("a" * MAX_PLAYER_NAME_CHARS, None),
    ("a" * (MAX_PLAYER_NAME_CHARS + 1), "at most 24 characters"),
    ("", "may not be empty"), ("   ", "may not be empty"),
    (" Ann", "no spaces at its start or end"),
    ("Ann\nBob", "control character (U+000A)"), ("\x1b[31mAnn", "control character (U+001B)"),
    ("Ann\u202e", "direction mark (U+202E)"), ("\u2066Ann", "direction mark (U+2066)"),
    ("A\u200fB", "direction mark (U+200F)"), ("A\u200bB", "invisible"),
    ("A\u2028B", "control character (U+2028)"), (7, "a name is text")])
def test_a_name_is_limited_and_holds_no_control_or_direction_marks(name, problem):
    said = player_name_problem(name)
    assert (said is None) if problem is None else (problem in said)


def test_bots_are_named_by_seat_and_kind_the_same_every_time():
    kinds = ["human", "greedy", "random", "human"]
    assert seat_names(kinds, {0: "Ann"}) == ["Ann", "Bot 1 (greedy)", "Bot 2 (random)", None]
    assert seat_names(kinds, {0: "Ann"}) == seat_names(kinds, {0: "Ann"})
    assert bot_name(3, "ismcts:200") == "Bot 3 (ismcts:200)"
    names = seat_names(kinds, {0: "Ann"})
    # a seat number only where needed: a person's once, a bot's name already holds it
    assert [introduce(names, s) for s in range(4)] == [
        "Ann (seat 0)", "Bot 1 (greedy)", "Bot 2 (random)", "seat 3"]
    assert who_list(names, [0, 3]) == "Ann and seat 3"
    assert who_list(None, [0, 3]) == "seats 0 and 3"


def test_the_result_says_names_and_you_for_the_persons_own_seat():
    r = Result(status="finished", loser=1, ranking=[[0], [1], [2]], winners=[0], losers=[2],
               scores=[26, 13, 4], returns=[1, 0, -1])
    names = ["Ann", "Bot 1 (greedy)", None]
    assert result_words(r, 0, names) == "you won, 13 points ahead"
    assert result_words(r, 1, names) == "you came 2nd: Ann won with 26 points"
    assert result_words(r, 2, names) == "you lost: Ann won with 26 points"
    assert result_words(r, 2) == "you lost: seat 0 won with 26 points"    # unnamed: as before


# ---- the terminal ------------------------------------------------------------------------

def test_play_with_a_name_says_it_in_the_transcript_the_result_and_the_record(
        capsys, monkeypatch, tmp_path):
    rec = tmp_path / "g.json"
    code, out, err = play_typing(capsys, monkeypatch,
                                 PLAY + ["--name", "Ann [b]", "--record", str(rec)],
                                 "play 6R\nplay 2B\n")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].endswith("; you are Ann [b] (seat 0)")     # rich markup shown as text
    assert lines[1] == "  players: Ann [b] (seat 0), Bot 1 (random)"
    assert "  Ann [b]: play 6R" in lines and "  Ann [b]: play 2B" in lines
    assert "Ann [b], your action (number or text): play 6R" in lines
    assert not any(re.search(r"\bseat 1\b", line) for line in lines)   # the bot: its name
    assert ("Result: Ann [b] wins with 8 points; Bot 1 (random) is last with 6 points "
            "(4 actions)") in lines
    assert lines[-1] == "You won, 2 points ahead."          # "you" for the person's seat
    record = json.loads(rec.read_text())
    assert record["names"] == ["Ann [b]", "Bot 1 (random)"]
    # the names are no part of the game: the same record without them replays the same
    plain = {k: v for k, v in record.items() if k != "names"}
    plain["ruleset"] = record["ruleset"] = "scores.yaml"
    assert replay(record, rulesets=[TOYS]).dump() == replay(plain, rulesets=[TOYS]).dump()
    (tmp_path / "scores.yaml").write_text(Path(TOY).read_text())     # beside the record
    rec.write_text(json.dumps(record))
    assert main(["replay", str(rec), "--transcript"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert "  Ann [b]: play 6R" in said and "  Bot 1 (random) is dealt 1B 5R" in said
    rec.write_text(json.dumps(plain))
    assert main(["replay", str(rec), "--transcript"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert "  seat 0: play 6R" in said and "  seat 1 is dealt 1B 5R" in said


def test_without_a_name_the_terminal_says_seat_numbers_as_before(capsys, monkeypatch):
    code, out, err = play_typing(capsys, monkeypatch, PLAY, "play 6R\nplay 2B\n")
    assert code == 0, err
    assert "  seat 0: play 6R" in out.splitlines() and "Bot 1" not in out
    assert "Result: seat 0 wins with 8 points; seat 1 is last with 6 points" in out


def test_a_record_without_names_keeps_none():
    g = rulekit.load(TOY).new_game(deck=DECK.split(), dealer=1)
    assert "names" not in make_record(g, TOY, {}, 1, seats=["human", "random"])
    assert "names" not in make_record(g, TOY, {}, 1, names=[None, None])
    assert make_record(g, TOY, {}, 1, names=["Ann", None])["names"] == ["Ann", None]


def test_result_line_with_names_for_a_loser_only_game():
    g = rulekit.load(TOY).new_game(deck=DECK.split(), dealer=1)
    for text in ("play 6R", "play 5R", "play 2B", "play 1B"):
        g.apply(next(a for a in g.listed_actions(g.to_act) if str(a) == text))
    assert result_line(g, ["Ann", None]).startswith(
        "Result: Ann wins with 8 points; seat 1 is last with 6 points")


# ---- the web table -----------------------------------------------------------------------

def test_a_web_seat_named_shows_its_name_to_the_other_seats_and_bad_names_are_refused():
    pytest.importorskip("starlette")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from rulekit.web.hall import Hall
    from rulekit.web.server import Server, make_app
    from rulekit.web.store import Store
    from test_web import hello, make_table, until_state
    server = Server(Hall(Store(":memory:")), bot_delay=0)
    c = TestClient(make_app(server))
    name = "<b>Ann</b> & co"
    with c:
        tid, tokens = make_table(c, "mattis", ["person", "person", "random"])
        with c.websocket_connect(f"/ws/{tid}") as ws0, \
                c.websocket_connect(f"/ws/{tid}") as ws1:
            hello(ws0, tokens[0])
            hello(ws1, tokens[1])
            for bad, words in [("Ann\u202e", "direction mark"), ("a" * 25, "at most 24"),
                               ("\x1b[2J", "control character"), ("", "may not be empty")]:
                ws0.send_text(json.dumps({"type": "name", "name": bad}))
                m = until_error(ws0)
                assert m["type"] == "error" and "refused" in m["message"] \
                    and words in m["message"] and not m.get("fatal"), (bad, m)
            ws0.send_text(json.dumps({"type": "name", "name": name}))
            s = until_state(ws1, lambda m: m["seats"][0].get("name") == name)
            assert [x["name"] for x in s["seats"]] == [name, None, "Bot 2 (random)"]
            assert f"  seat 0 is now called {name}" in s["events"]
            ws1.send_text(json.dumps({"type": "name", "name": name}))     # taken
            assert "another seat" in until_error(ws1)["message"]
        with c.websocket_connect(f"/ws/{tid}") as ws:                   # a spectator
            s = hello(ws)
            assert s["seats"][0]["name"] == name
            ws.send_text(json.dumps({"type": "name", "name": "Eve"}))
            assert "spectator cannot" in until_error(ws)["message"]
    assert server.errors == []


def until_error(ws) -> dict:
    """The next error message a page gets (the states broadcast before it skipped)."""
    while True:
        m = json.loads(ws.receive_text())
        if m["type"] == "error":
            return m


def test_the_table_page_draws_strangers_text_as_text_never_as_html():
    """Names reach the page only inside JSON, drawn by ``el``/``text`` (textContent);
    the page script never writes HTML from data."""
    script = (Path(rulekit.__file__).parent / "web" / "static" / "table.js").read_text()
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script \
        and "document.write" not in script
    assert "e.textContent = text" in script


def test_a_page_says_a_seat_valued_variable_and_whose_turn_by_name():
    """Durak's attacker and defender (``type: seat``, shown) and the help line name the
    players; without names the page says seat numbers as before."""
    from rulekit.web.page import page_state
    from ruleset_positions import load_rules
    g = load_rules("durak").new_game(players=2, seed=1)
    names = ["Ann", "Bot 1 (random)"]
    seats = [{"who": "person", "here": True, "name": names[0]},
             {"who": "random", "here": True, "name": names[1]}]
    attacker = g.view(0)["vars"]["attacker"]
    s = page_state(g, 0, [], seats, 0)
    shown = {v["label"]: v["text"] for v in s["vars"]}
    assert shown["attacker"] == names[attacker] and shown["defender"] == names[1 - attacker]
    if g.to_act == 1:
        assert s["help"] == "Wait: Bot 1 (random) to act."
    plain = page_state(g, 0, [], [{k: v for k, v in x.items() if k != "name"}
                                  for x in seats], 0)
    assert {v["label"]: v["text"] for v in plain["vars"]}["attacker"] == f"seat {attacker}"


def test_several_people_name_their_seats_with_seat_equals_name():
    from rulekit.cli.games import _given_names
    assert _given_names(["0=Ann", "2=Bob = B"], [0, 2]) == {0: "Ann", 2: "Bob = B"}
    assert _given_names(["Ann"], [1]) == {1: "Ann"}           # one person: just the name
    assert _given_names(["x=y"], [1]) == {1: "x=y"}            # not a seat: all of it
    assert "SEAT=NAME" in _given_names(["Ann"], [0, 2])
    assert "named twice" in _given_names(["0=Ann", "0=Bob"], [0, 2])
    assert "not a --human seat" in _given_names(["1=Ann"], [0, 2])


def test_names_are_kept_in_the_database_and_said_again_after_a_restart(tmp_path):
    """A restarted server (a new Hall on the same database) says the names people gave;
    a name put in the database by hand that check_name refuses stops that table only."""
    from rulekit.web.hall import Hall
    from rulekit.web.store import Store
    db = str(tmp_path / "t.db")
    hall = Hall(Store(db))
    table = hall.create("mattis", {}, ["person", "person", "random"])
    table.name_seat(1, "Bea")
    table.name_seat(1, "Beatrice")                   # a second name replaces the first
    other = hall.create("mattis", {}, ["person", "random", "random"])
    hall.store.close()
    again = Hall(Store(db))
    assert again.restore() == []
    back = again.tables[table.id]
    assert back.names == [None, "Beatrice", bot_name(2, "random")]
    assert "you are Beatrice" in back.lines[1].lines[0]
    assert again.tables[other.id].names == [None, None, None]
    again.store.db.execute("INSERT INTO names VALUES (?, 0, ?)", (other.id, "Eve\u202e"))
    again.store.close()
    third = Hall(Store(db))
    warnings = third.restore()
    assert len(warnings) == 1 and other.id in warnings[0] and "direction mark" in warnings[0]
    assert table.id in third.tables and other.id not in third.tables


def test_a_person_may_not_take_another_seats_name_a_bots_you_or_a_seat_number():
    """Names tell the seats apart: a person may not take a name another seat has (case
    aside), a bot's kind of name, 'you' or 'seat 2', at the terminal or the web."""
    from rulekit.cli.games import _given_names
    from rulekit.web.hall import Hall
    from rulekit.web.store import Store
    from rulekit.web.tables import TableError
    assert "another seat" in _given_names(["0=Ann", "1=ann"], [0, 1])
    for name, words in [("Bot 1 (greedy)", "how bots are named"), ("you", "speaks to"),
                        ("YOU", "speaks to"), ("seat 2", "seat's number")]:
        assert words in _given_names([name], [0]), name
    assert _given_names(["Botany"], [0]) == {0: "Botany"}           # a word, not a bot
    table = Hall(Store(":memory:")).create("mattis", {}, ["person", "person", "greedy"])
    table.name_seat(1, "Ann")
    for name, words in [("bot 2 (GREEDY)", "how bots are named"), ("ANN", "another seat"),
                        ("You", "speaks to")]:
        with pytest.raises(TableError, match=words):
            table.name_seat(0, name)
    table.name_seat(0, "Bea")
    assert table.names == ["Bea", "Ann", bot_name(2, "greedy")]


def test_a_rulesets_lines_say_the_names_of_the_seats_they_name():
    """An announcement written `seat {w} takes the trick` says the seat's name once
    players are named; with nobody named, or for a number that is no seat, as written."""
    from rulekit.play.names import named_text
    names = ["Ann", "Bot 1 (greedy)", None]
    assert named_text(names, "seat 1 takes the trick") == "Bot 1 (greedy) takes the trick"
    assert named_text(names, "seat 0 passes the attack on to seat 2") == \
        "Ann passes the attack on to seat 2"
    assert named_text(names, "seat 7 wins; seated 1") == "seat 7 wins; seated 1"
    assert named_text(None, "seat 0 wins") == "seat 0 wins"


def test_a_refused_name_is_quoted_once_with_its_hidden_character_as_python_writes_it():
    from rulekit.cli.games import _given_names
    said = _given_names(["A\u061cnn"], [0])
    assert said.startswith("--name 'A\\u061cnn': ") and "direction mark" in said
    assert _given_names(["Ann\x07"], [0]).startswith("--name 'Ann\\x07': ")
