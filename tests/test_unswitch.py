"""A legal condition over a zone's cards whose first operand does not vary with the
card (``empty(table) or ...``, ``not empty(table) and ...``) is evaluated once per
listing, when the zone has a card, and decides for every card or leaves the rest to
the loop (rulekit.compiler.codeshapes._unswitch). The listings must be those of the plain
semantics, and a first operand that fails must fail where the loop would: at the
zone's first card, and not at all for an empty zone."""
import rulekit
from rulekit.errors import RulesetFailure

from test_hotpath import check_games
from test_sight import toy_text

ACTIONS = """\
      lead:
        choose: c in hand[actor]
        legal: {lead}
        do:
          - move: c to table
      follow:
        choose: p in singles(hand[actor])
        legal: not empty(table) and suit(first(p)) == suit(last(table)) and count(p) == 1
        do:
          - move: p to table
      draw:
        choose: nothing
        legal: not empty(pile)
        do:
          - move: top(pile) to hand[actor]
      stop:
        choose: nothing
        legal: empty(pile)
"""


def toy(tmp_path, lead="empty(table) or rank(c) > rank(last(table))", each=3):
    path = tmp_path / "unswitch.yaml"
    path.write_text(toy_text(ACTIONS.format(lead=lead), "lead, follow, draw, stop",
                             "last_action == 'stop' or count(table) > 9", each=each))
    return rulekit.load(str(path))




def test_unswitched_listings_are_those_of_the_plain_semantics(tmp_path):
    rules = toy(tmp_path)
    src = rules.hot_source
    assert "if _z0:" in src and "out += _map(" in src       # `empty(table) or ...`
    assert "if _z1:\n        if (not (not _g2)):" in src   # `not empty(table) and ...`
    assert check_games(rules, 3, range(40)) > 200


def test_a_test_that_does_not_vary_with_the_card_picks_the_loop(tmp_path):
    """`X if C else Y` with C the same for every card: C is evaluated once (when the
    zone has a card) and one loop tests X or Y; the listings are those of the plain
    semantics (the same games, action for action)."""
    rules = toy(tmp_path, lead="(rank(c) > rank(last(table))) if not empty(table) "
                               "else (rank(c) > 2)")
    src = rules.hot_source
    assert "if _z0:\n        if (not (not _g" in src and "        else:\n" in src
    assert check_games(rules, 3, range(40)) > 200


def test_a_failing_first_operand_fails_at_the_zones_first_card(tmp_path):
    rules = toy(tmp_path, lead="rank(last(table)) > 1 or rank(c) == 5")
    game = rules.new_game(players=3, seed=1)
    assert game.result.status == "aborted"
    try:
        game.evaluate("rank(last(table)) > 1 or rank(c) == 5", c=game.z["hand"][0][0])
    except RulesetFailure as exc:
        assert str(exc).split(": ", 1)[1] == game.result.message.split(": ", 1)[1]
    else:
        raise AssertionError("the plain semantics do not fail")


def test_a_failing_first_operand_does_not_fail_over_an_empty_zone(tmp_path):
    rules = toy(tmp_path, lead="rank(last(table)) > 1 or rank(c) == 5", each=0)
    game = rules.new_game(players=3, seed=1)
    assert game.result.status == "in_progress"
    assert [a.name for a in game.legal_actions()] == ["draw"]


def test_the_rest_of_a_split_condition_is_split_again_on_its_own_first_operand(tmp_path):
    """``empty(table) or rank(last(table)) > 4 or rank(c) > 3``: both first operands
    are the same for every card, each is evaluated once (when the zone has a card and
    the one before it is false) and the loop tests only ``rank(c) > 3``; the listings
    are those of the plain semantics."""
    rules = toy(tmp_path, lead="empty(table) or rank(last(table)) > 4 or rank(c) > 3")
    src = rules.hot_source
    assert src.count("out += _map(") >= 2 and "if (_RANK[v_c] > 3):" in src
    assert check_games(rules, 3, range(40)) > 200
