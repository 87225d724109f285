"""The small expression forms of issue 31 (docs/language.md, "Expressions"): map
literals, checked against their documented meaning in the toy tests/toys/forms.yaml
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
