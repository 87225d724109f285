"""A built-in that compares each card's table value (suit, rank, value) with a value the
card does not change (``any(hand[s], x -> suit(x) == led)``) is a scan in C: ``led in
map(_SUIT.__getitem__, hand)``, or ``any``/``all``/``compress`` over ``map(op, ...)``
(rulekit.compiler.codeshapes._as_scan). Its results must be those of the plain
semantics, and a compared value that fails must fail where the built-in would: at the
list's first item, never over an empty list."""
import pytest

from rulekit.errors import RulesetFailure

from test_hotpath import check_games
from test_unswitch import toy

CASES = [   # (lead's legal condition, what the generated listing holds)
    ("empty(table) or any(table, x -> suit(x) == suit(c))",
     "in _map(_SUIT.__getitem__, _g"),
    ("all(table, x -> rank(x) != rank(c))", "not in _map(_RANK.__getitem__, "),
    ("all(table, x -> suit(x) == suit(c)) or rank(c) > 4",
     "_all(_map(_eq, _map(_SUIT.__getitem__, "),
    ("any(table, x -> rank(x) > rank(c)) or empty(table)",
     "_any(_map(_gt, _map(_RANK.__getitem__, "),
    ("any(table, x -> 3 < rank(x)) or rank(c) < 3", "_any(_map(_gt, _map(_RANK.__getitem__, "),
    ("count(filter(hand[actor], x -> rank(x) >= rank(c))) > 1",
     "list(_compress(_g"),
    # a list built for the scan (once per listing): the compared value cannot fail
    ("any(table + shown[left_of(actor)], x -> rank(x) == rank(c)) or rank(c) == 1",
     "if ((_RANK[v_c] in _map(_RANK.get, _h1)) or"),
    # a rank's name: one table made when compiling, as rank() and suit() read theirs
    ("rank_name(c) == '3' or any(table, x -> rank_name(x) == '5')",
     "_RANKNAME.get(v_c) == '3'"),
]


@pytest.mark.parametrize("lead,form", CASES)
def test_a_scan_lists_what_the_plain_semantics_list(tmp_path, lead, form):
    rules = toy(tmp_path, lead=lead)
    assert form in rules.hot_source
    assert check_games(rules, 3, range(12)) > 60


FAILS = "any(table, x -> rank(x) < rank(first(drop(shown[s], 1))) + 1)"


def test_a_compared_value_that_fails_fails_where_the_builtin_would(tmp_path):
    """The compared value adds 1 to the rank of a card that is not there (a seat shows
    one card): it fails once the table has a card, as the built-in would."""
    rules = toy(tmp_path, lead=FAILS.replace("[s]", "[actor]") + " or true")
    assert "_any(_map(_lt, _map(_RANK.__getitem__, " in rules.hot_source
    game = rules.new_game(players=3, seed=1)
    assert not game.z["table"]                  # an empty table: nothing compared yet
    assert game.result.status == "in_progress"
    game.apply(next(a for a in game.legal_actions() if a.name == "lead"))
    assert game.z["table"] and game.result.status == "aborted"
    try:
        game.evaluate(FAILS, s=0)             # (every seat shows one card)
    except RulesetFailure as exc:
        assert str(exc).split(": ", 1)[1] == game.result.message.split(": ", 1)[1]
    else:
        raise AssertionError("the plain semantics do not fail")
