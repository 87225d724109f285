"""Adding an option type and a step attribute is one place each: tests/toy_extensions.py
declares the option type ``suit`` and the step attribute ``tempo``, and nothing else
changes. Each is exercised end to end: the schema and the docs tables, validation (its
errors at their positions), ``rulekit explain`` (plain and formal), ``--option`` on the
command line (exit 2 for text not of the form, 1 for a value out of range), play, and
the web lobby's widget data (the browser renders it: tests/test_web_browser.py)."""
from __future__ import annotations

import importlib
import sys
import warnings

import pytest

import rulekit
from rulekit.analysis.reference import option_types_table, step_attributes_table
from rulekit.analysis.words import Words
from rulekit.cli import main
from rulekit.lang.options import OPTION_TYPES
from rulekit.lang.schema import load_schema
from rulekit.lang.steps import STEP_ATTRIBUTES

TOY = """\
rulekit: 1
name: toy_extensions
title: Toy extensions
players: {min: 2, max: 2}
cards: {ranks: 1 2 3, suits: C D H S}
options:
  trump: {type: suit, default: H, doc: the suit to play while one holds it}
zones:
  hand: {per: seat, see: owner}
  pile: {per: game, see: all}
setup:
  - deal: {from: deck, to: hand, each: 3}
phases:
  main:
    start: turn
    actions:
      play:
        choose: c in hand[actor]
        legal: suit(c) == option.trump or not any(hand[actor], d -> suit(d) == option.trump)
        do:
          - move: c to pile
    steps:
      turn:
        actor: "0 if count(hand[0]) >= count(hand[1]) else 1"
        actions: [play]
        tempo: 20 + count(pile)
        next:
          - if: empty(hand[1])
            do:
              - end_game: {winner: 0}
            goto: turn
          - goto: turn
"""


def register():
    """Import the toy module (its declarations register themselves); the caller takes
    them away with :func:`unregister`."""
    return importlib.import_module("toy_extensions")


def unregister():
    del OPTION_TYPES["suit"]
    del STEP_ATTRIBUTES["tempo"]
    sys.modules.pop("toy_extensions", None)


@pytest.fixture
def toy(tmp_path):
    """The toy ruleset's path, with the toy option type and step attribute registered."""
    register()
    path = tmp_path / "toy.yaml"
    path.write_text(TOY, encoding="utf-8")
    yield path
    unregister()


def write(tmp_path, old: str, new: str):
    assert old in TOY
    path = tmp_path / "bad.yaml"
    path.write_text(TOY.replace(old, new), encoding="utf-8")
    return path


def where(text: str, needle: str) -> tuple:
    at = text.index(needle)
    return text[:at].count("\n") + 1, at - text[:at].rfind("\n")


def errors(path) -> list:
    rules, diags = rulekit.check(str(path))
    assert rules is None
    return [(d.pos.line, d.pos.column, d.message) if d.pos else d.message for d in diags]


def test_one_declaration_each_makes_the_schema_and_the_docs():
    assert "suit" not in OPTION_TYPES and "tempo" not in STEP_ATTRIBUTES
    assert "tempo" not in load_schema()["$defs"]["step"]["properties"]
    register()
    try:
        schema = load_schema()["$defs"]
        assert "suit" in schema["option"]["properties"]["type"]["enum"]
        assert schema["step"]["properties"]["tempo"] == {"$ref": "#/$defs/expr"}
        assert schema["step"]["dependentRequired"]["tempo"] == ["actions"]
        assert "| `suit` | - | a suit of the ruleset's pack |" in option_types_table()
        assert "| `tempo` | the seconds a person has to decide here (a whole number) | " \
            "`actions` | `a person has {value} seconds to decide` |" in step_attributes_table()
        with pytest.raises(Exception, match="registered twice"):   # declared once only
            importlib.reload(sys.modules["toy_extensions"])
    finally:
        unregister()
    assert "suit" not in load_schema()["$defs"]["option"]["properties"]["type"]["enum"]
    assert "tempo" not in load_schema()["$defs"]["step"]["properties"]


def test_without_its_declaration_the_toy_is_refused(tmp_path):
    path = tmp_path / "toy.yaml"
    path.write_text(TOY, encoding="utf-8")
    found = errors(path)
    assert any("unknown key 'tempo'" in str(e) for e in found)
    assert any("'suit' is not allowed" in str(e) for e in found)


def test_the_toy_validates_and_plays_with_its_option_and_attribute(toy):
    rules, diags = rulekit.check(str(toy))
    assert rules is not None and diags == []
    step = rules.phases["main"].steps["turn"]
    for trump in "CDHS":
        rules = rulekit.load(str(toy), options={"trump": trump.lower()})   # any case
        assert rules.options["trump"] == trump
        game = rules.new_game(players=2, seed=3)
        step = game.rules.phases["main"].steps["turn"]
        while not game.finished:
            assert step.extra["tempo"](game, {}) == 20 + len(game.z["pile"])
            hand = game.z["hand"][game.to_act]
            suits = {a.cards[0][-1] for a in game.legal_actions()}
            assert suits == ({trump} if any(c.endswith(trump) for c in hand) else
                             {c[-1] for c in hand})
            game.apply(game.legal_actions()[0])
        assert game.result.status == "finished"


@pytest.mark.parametrize("old, new, at, message", [
    ("default: H", "default: Z", "Z, doc",
     "option 'trump': default 'Z' must be a suit of this pack: C D H S"),
    ("suit(c) == option.trump", "option.trump == 'Z'", "'Z'",
     "'Z' is not a value of option 'trump': the pack has C D H S"),
    ("tempo: 20 + count(pile)", "tempo: 20 + 'slow'", "'slow'", "numbers"),
    ("tempo: 20 + count(pile)", "tempo: [20]", "[20]", "tempo must be"),
])
def test_its_errors_are_at_their_positions(toy, tmp_path, old, new, at, message):
    path = write(tmp_path, old, new)
    found = errors(path)
    assert len(found) == 1, found                    # a malformed tempo: only that key
    line, column, text = found[0]
    assert (line, column) == where(TOY.replace(old, new), at) and message in text


def test_tempo_needs_actions_beside_it(toy, tmp_path):
    text = TOY.replace("        actor: \"0 if count(hand[0]) >= count(hand[1]) else 1\"\n"
                       "        actions: [play]\n", "")
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    assert any("'tempo' needs 'actions' beside it" in str(e) for e in errors(path))


def test_explain_says_both_in_words_and_formally(toy):
    rules = rulekit.load(str(toy), options={"trump": "S"})
    words = Words(rules).text("20 + count(pile)")
    from rulekit.analysis.describe import explain
    plain = explain(rules)
    assert "  trump: S - the suit to play while one holds it (default H; a suit: C, D, H, " \
        "S)" in plain
    assert f"    a person has {words} seconds to decide\n" in plain
    formal = explain(rules, formal=True)
    assert "  trump = S   (default H; C | D | H | S)" in formal
    assert "20 + count(pile) seconds to decide" in formal


def run(argv, capsys) -> tuple:
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line_reads_the_option_by_its_type(toy, capsys):
    code, out, err = run(["explain", toy, "--option", "trump=d"], capsys)
    assert code == 0 and "  trump: D - " in out, err
    code, out, err = run(["explain", toy, "--option", "trump=Z"], capsys)
    assert code == 1 and "option trump=Z: must be a suit of this pack: C D H S" in err
    assert len(err.strip().splitlines()) == 1
    code, out, err = run(["explain", toy, "--option", "trump= "], capsys)   # no word
    assert code == 2 and "must be a suit (one word)" in err
    code, out, err = run(["validate", toy], capsys)
    assert code == 0, err


def test_the_lobby_gets_each_option_as_the_widget_its_type_declares(toy):
    pytest.importorskip("starlette")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from rulekit.web.server import Server, make_app
    from rulekit.web.store import Store
    from rulekit.web.hall import Hall
    hall = Hall(Store(":memory:"), [str(toy)])
    with TestClient(make_app(Server(hall, bot_delay=0))) as c:
        offered = {r["name"]: r for r in c.get("/api/rulesets").json()["rulesets"]}
        trump = offered["toy.yaml"]["options"][0]
        assert trump["widget"] == {"input": "select", "values": ["C", "D", "H", "S"],
                                   "labels": ["♣", "♦", "♥", "♠"], "value": "H"}
        mattis = {o["name"]: o["widget"] for o in offered["mattis"]["options"]}
        assert mattis["sequences"] == {"input": "checkbox", "value": False}
        assert mattis["min_run"] == {"input": "number", "min": 2, "max": 3, "value": "2"}
        assert mattis["draw_order"] == {"input": "select", "value": "winner_first",
                                        "values": ["winner_first", "leader_first"]}
        r = c.post("/api/tables", json={"ruleset": "toy.yaml", "options": {"trump": "s"},
                                        "seats": ["random", "random"]})
        assert r.status_code == 200, r.text
        assert hall.tables[r.json()["id"]].rules.options["trump"] == "S"
        r = c.post("/api/tables", json={"ruleset": "toy.yaml", "options": {"trump": "Z"},
                                        "seats": ["random", "random"]})
        assert r.status_code == 400 and "must be a suit of this pack" in r.json()["error"]
