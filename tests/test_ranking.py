"""The ranking built-ins (issue 30; docs/language.md, "Expressions" and "Built-in
functions"): lists compared item by item with `<` `>` `<=` `>=`, `sort_by`, `group_by`,
`rank_groups` and `out_order()`, each checked against its documented meaning, in the
toy tests/toys/ranking.yaml (ranks 1-5 in three suits and a joker without rank) and in
random games of it, where each lay must rank above the last one."""
import random
from pathlib import Path

import pytest

import rulekit

TOY = Path(__file__).resolve().parent / "toys" / "ranking.yaml"
RANKS = "12345"


@pytest.fixture(scope="module")
def rules():
    rules, diags = rulekit.check(str(TOY))
    assert rules is not None and all(d.severity == "warning" for d in diags), diags
    return rules


@pytest.fixture(scope="module")
def game(rules):
    return rules.new_game(players=3, seed=1)


# ---- lists compared item by item --------------------------------------------------------

COMPARED = [
    ("[2, 0] > [1, 4]", True),           # the first item decides
    ("[1, 4] < [1, 5]", True),           # equal first items: the next one decides
    ("[1, 5] < [1, 4]", False),
    ("[1] < [1, 0]", True),              # a list that is the start of the other is less
    ("[] < [0]", True),
    ("[3, 1] >= [3, 1]", True),
    ("[3, 1] > [3, 1]", False),
    ("[3, 1] <= [3, 1]", True),
    ("[3, 2] <= [3, 1]", False),
    ("[[1, 2], 0] < [[1, 3], 0]", True),  # lists of lists, item by item too
    ("xs > ys", True),                   # names of unknown item type
]


@pytest.mark.parametrize("expr,want", COMPARED, ids=[e for e, _ in COMPARED])
def test_lists_compare_item_by_item(game, expr, want):
    assert game.evaluate(expr, xs=[2, 1], ys=[1, 9]) is want


@pytest.mark.parametrize("expr", ["hand[actor] < pile", "[card('1R')] < [card('2R')]",
                                  "[1, 2] < 3"])
def test_cards_have_no_order_of_their_own(game, expr):
    """A comparison of cards (or of a list with a number) is an error when compiled,
    naming what `<` compares."""
    with pytest.raises(rulekit.RulesetError, match="compares numbers .* or lists of them"):
        game.evaluate(expr)


def test_a_list_comparison_reads_as_a_ranking(rules):
    """Words (docs/language.md, "Words"): `a > b` of lists reads "ranks above"."""
    from rulekit.analysis.describe import explain
    assert "ranks above" in explain(rules)


# ---- sort_by, group_by, rank_groups -----------------------------------------------------

SORTED = [
    ("sort_by(xs, x -> x % 3)", [5, 3, 4, 6, 2], [3, 6, 4, 5, 2]),     # ties keep order
    ("sort_by(xs, x -> [x % 2, 0 - x])", [1, 2, 3, 4], [4, 2, 3, 1]),  # a list key
    ("sort_by(xs, x -> x)", [], []),
    ("group_by(xs, x -> x % 3)", [5, 3, 4, 6, 2], [[5, 2], [3, 6], [4]]),  # by first item
    ("group_by(xs, x -> x)", [], []),
    ("group_by(cs, c -> suit(c))", ["1R", "2B", "3R", "1G"], [["1R", "3R"], ["2B"], ["1G"]]),
    ("rank_groups(cs)", ["3R", "1B", "JK", "3G", "1R", "5B"],
     [["1B", "1R"], ["3R", "3G"], ["5B"]]),          # lowest rank first; no joker
    ("rank_groups(cs)", ["JK"], []),
    ("rank_groups(cs)", [], []),
]


@pytest.mark.parametrize("expr,items,want", SORTED, ids=[f"{e}|{i}" for e, i, _ in SORTED])
def test_sort_and_group(game, expr, items, want):
    assert game.evaluate(expr, xs=items, cs=items) == want


def test_sort_by_matches_a_stable_sort(game):
    rng = random.Random(5)
    for _ in range(30):
        xs = [rng.randrange(-5, 6) for _ in range(rng.randrange(0, 9))]
        want = sorted(xs, key=lambda x: (abs(x), ))     # Python's sort is stable
        assert game.evaluate("sort_by(xs, x -> x if x >= 0 else 0 - x)", xs=xs) == want


# ---- out_order() and the toy's rule, in random games ------------------------------------

def _rank(card):
    return RANKS.index(card[0])


@pytest.mark.parametrize("seed", range(6))
def test_random_games_lay_higher_and_rank_by_going_out(rules, seed):
    """Each lay is all of one rank group of the hand and ranks above the last lay as
    [count, rank]; out_order() is the seats in the order their hands emptied; the
    result ranks the seats in that order, the last seat in last."""
    rng = random.Random(seed)
    n = 2 + seed % 3
    game = rules.new_game(players=n, seed=seed)
    went_out, last = [], []
    while not game.finished:
        actor = game.to_act
        hand = game.dump()["zones"]["hand"][actor]
        for a in map(str, game.legal_actions()):
            if a != "pass":
                cards = a.split()[1:]
                assert len({c[0] for c in cards}) == 1 and "JK" not in cards
                assert sorted(cards) == sorted(c for c in hand if c[0] == cards[0][0])
                assert [len(cards), _rank(cards[0])] > last
        action = str(rng.choice(game.legal_actions()))
        game.apply(action)
        d = game.dump()
        last = d["vars"]["last"]
        if action != "pass" and not d["zones"]["hand"][actor]:
            went_out.append(actor)
        assert game.evaluate("out_order()") == went_out == d["out_order"]
    assert game.result.status == "finished"
    assert game.result.out_order == went_out
    left = [s for s in range(n) if s not in went_out]
    assert game.dump()["outcome"]["ranking"] == [[s] for s in went_out + left]
