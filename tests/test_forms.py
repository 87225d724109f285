"""The small expression forms of issue 31 (docs/language.md, "Expressions"): map
literals and local names in an expression (``let x = a; e``), checked against their documented meaning in the toy tests/toys/forms.yaml
and in random games of it (each play must follow the top card's suit or its partner,
a map: the rule FRM of the toy)."""
import random
from pathlib import Path

import pytest

import rulekit
from rulekit.analysis.words import Words

TOY = Path(__file__).resolve().parent / "toys" / "forms.yaml"


@pytest.fixture(scope="module")
def rules():
    rules, diags = rulekit.check(str(TOY))
    assert rules is not None and not [d for d in diags if d.severity == "error"], diags
    return rules


@pytest.fixture(scope="module")
def game(rules):
    return rules.new_game(players=3, seed=1)


def _errors(tmp_path, definitions: dict) -> list[str]:
    """The error messages of the toy with ``definitions`` added."""
    import yaml
    doc = yaml.safe_load(TOY.read_text(encoding="utf-8"))
    doc["definitions"].update(definitions)
    path = tmp_path / "t.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    _, diags = rulekit.check(str(path))
    return [d.message for d in diags if d.severity == "error"]


# ---- maps ---------------------------------------------------------------------------------

MAPS = [
    ("partner['C']", "S"), ("partner['H']", "D"),
    ("{'C': 'S', 'S': 'C'}[suit(card('2S'))]", "C"),
    ("{1: 'a', 2: 'b'}[1 + 1]", "b"),
    ("{card('QS'): 13, card('AH'): 1}[card('QS')]", 13),
    ("{true: 1, false: 0, null: -1}[null]", -1),
    ("{x: 10, y: 20}[y]", 20),                   # keys that are expressions
    ("{'a': x + 1, 'b': [x, y]}['b']", [1, 2]),  # so are values
    ("partner[k]", None),                        # a missing key: null
    ("partner[k] ?? 'none'", "none"),
    ("points['A'] + points['J']", 5),
    ("'C' in partner", True), ("'X' in partner", False), ("'X' not in partner", True),
    ("{}[k]", None),
    ("partner == {'S': 'C', 'C': 'S', 'H': 'D', 'D': 'H'}", True),
]


@pytest.mark.parametrize("expr, want", MAPS, ids=[e for e, _ in MAPS])
def test_a_map_gives_each_key_its_value_and_null_for_a_missing_one(game, expr, want):
    assert game.evaluate(expr, x=1, y=2, k="X") == want


def test_a_card_worth_points_by_a_map_of_rank_names(game):
    assert [game.evaluate("card_points(c)", c=c) for c in ("AS", "KH", "QD", "JC", "TS", "2C")] \
        == [4, 3, 2, 1, 0, 0]


@pytest.mark.parametrize("defs, words", [
    ({"bad": "partner['X']"}, "'X' is not a key of this map: it has 'C', 'S', 'D', 'H'"),
    ({"bad": "{'C': 1, 'D': 2}[7]"}, "7 is not a key of this map: it has 'C', 'D'"),
    ({"bad": "{'C': 1, 'C': 2}"}, "the key 'C' is written twice in this map"),
    ({"bad": "{[1]: 2}"}, "a map's key is a number, a text, a card, true, false or null"),
    ({"bad": "{hand[0]: 2}"}, "a map's key is a number, a text, a card"),
    ({"bad": "[1] in partner"}, "a map's keys are numbers, texts, cards"),
    ({"bad": "count(partner)"}, "argument 1 of 'count' must be list, not map"),
    ({"bad": "{}[1]"}, "1 is not a key of this map: it has no keys"),
    ({"bad": "{'C': 1"}, "syntax error"),
])
def test_map_mistakes_are_errors_when_checked(tmp_path, defs, words):
    errors = _errors(tmp_path, defs)
    assert any(words in e for e in errors), errors


def test_a_key_that_is_no_literal_is_not_checked(tmp_path):
    assert _errors(tmp_path, {"fine(k)": "partner[k]", "fine2": "{x: 1}['y'] ?? 0",
                              "x": "'z'"}) == []


def test_a_map_reads_in_words(rules):
    w = Words(rules)
    assert w.text("{'C': 'S', 'S': 'C'}") == "(C to S, S to C)"
    assert w.text("partner[suit(c)]") == "the value of the suit of c in partner"
    assert w.text("{'A': 4}[rank_name(c)] ?? 0") == \
        "the value of the rank of c in (A to 4), or 0 if there is none"


def _play(rules, players, seed):
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    partner = {"C": "S", "S": "C", "D": "H", "H": "D"}
    while not game.finished:
        top = game.dump()["zones"]["pile"][-1]
        acts = game.legal_actions()
        for a in acts:          # FRM: a play follows the top's suit or its partner
            if a.name == "play":
                assert a.cards[0][-1] in (top[-1], partner[top[-1]]), (a, top)
        game.apply(rng.choice(acts))
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_follow_the_partner_map(rules, players):
    for seed in range(3):
        game = _play(rules, players, seed)
        assert game.result.status == "finished"


# ---- local names: let x = a; e --------------------------------------------------------------

LETS = [
    ("let x = 3; x * x + 1", 10),
    ("let x = 3; let y = x + 1; [x, y]", [3, 4]),          # the second sees the first
    ("let x = 3; let x = x * 2; x", 6),                    # an inner one hides the outer
    ("let h = hand[0]; count(h) + count(h)", 10),
    ("let p = partner; p['D']", "H"),                      # a map keeps its keys
    ("let f = c -> rank(c); max_of(hand[0], f)", 12),      # a function
    ("let turn = 7; turn", 7),                             # hides a variable
    ("map([1, 2], y -> let z = y * 10; z + y)", [11, 22]),  # inside a function's body
    ("(let x = 2; x) + 1", 3),
    ("let x = null; x ?? 5", 5),
]


@pytest.mark.parametrize("expr, want", LETS, ids=[e for e, _ in LETS])
def test_a_local_name_stands_for_its_value(game, expr, want):
    assert game.evaluate(expr) == want


def test_a_local_name_in_a_definition_and_through_the_hot_path(rules):
    game = rules.new_game(players=3, seed=1, deck=None)
    hand = game.dump()["zones"]["hand"][0]
    red = sum(1 for c in hand if c[-1] in "DH")
    assert game.evaluate("colour_run(0)") == max(red, len(hand) - red)
    top = game.dump()["zones"]["pile"][-1]
    partner = {"C": "S", "S": "C", "D": "H", "H": "D"}
    for c in hand:
        assert game.evaluate("follows(c)", c=c) is (c[-1] in (top[-1], partner[top[-1]]))


@pytest.mark.parametrize("defs, words", [
    ({"bad": "let n = count(pile); suit(n)"}, "argument 1 of 'suit' must be card, not int"),
    ({"bad": "let n = 1; m"}, "unknown name 'm'"),
    ({"bad": "(let n = 1; n) + n"}, "unknown name 'n'"),          # seen only in its body
    ({"bad": "let n = hand; 1"}, "'hand' is a zone per seat"),
    ({"bad": "let n = score; 1"}, "'score' is per seat"),
    ({"bad": "let n = 1 n"}, "syntax error"),
    ({"bad": "let n = 1;"}, "syntax error: the expression ends too early"),
])
def test_local_name_mistakes_are_errors_when_checked(tmp_path, defs, words):
    errors = _errors(tmp_path, defs)
    assert any(words in e for e in errors), errors


def test_a_local_name_reads_in_words(rules):
    w = Words(rules)
    p = w.expr("let t = top(pile); t == null or suit(c) == suit(t)")
    assert p.text == ("t is none or the suit of c is the suit of t, where t is the top "
                      "card of the pile")
    assert p.neg == ("neither t is none nor the suit of c is the suit of t, where t is "
                     "the top card of the pile")


def test_why_a_play_is_illegal_reads_through_a_local_name(rules):
    from rulekit.play.reasons import why_not
    for seed in range(20):
        game = rules.new_game(players=3, seed=seed)
        seat = game.to_act
        hand = game.dump()["zones"]["hand"][seat]
        top = game.dump()["zones"]["pile"][-1]
        bad = [c for c in hand if c[-1] not in (top[-1], {"C": "S", "S": "C", "D": "H",
                                                          "H": "D"}[top[-1]])]
        if bad:
            break
    text = why_not(game, seat, f"play {bad[0]}", game.legal_actions(seat))
    assert "suit of" in text and top[-1] in text, text
