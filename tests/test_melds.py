"""best_melds and deadwood (docs/language.md, "Built-in functions"; rulekit/lang/melds.py):
the best split of a hand into sets (3-4 of a rank) and runs (3+ of a suit in consecutive
rank order, aces low when the pack lists A first), on hands checked by hand, against a
brute-force oracle on random hands, and in the toy rummy tests/toys/melds.yaml."""
import itertools
import random
from pathlib import Path

import pytest

import rulekit
from rulekit.errors import RulesetFailure

TOY = Path(__file__).resolve().parent / "toys" / "melds.yaml"
RANKS = "A23456789TJQK"
PACK = [r + s for s in "CDHS" for r in RANKS]
POINTS = "c -> min(rank(c) + 1, 10)"


def points(c):
    return min(RANKS.index(c[0]) + 1, 10)


@pytest.fixture(scope="module")
def game():
    return rulekit.load(str(TOY)).new_game(players=2, seed=1)


def split(game, hand: str, f: str = POINTS):
    cs = hand.split()
    return (game.evaluate(f"best_melds(cs, {f})", cs=cs),
            game.evaluate(f"deadwood(cs, {f})", cs=cs))


# ---- hands checked by hand ---------------------------------------------------------------

HANDS = [
    # gin: a run with the ace low, a set, a run of four
    ("AC 2C 3C 4D 4H 4S 7S 8S 9S TS",
     [["AC", "2C", "3C"], ["4D", "4H", "4S"], ["7S", "8S", "9S", "TS"]], []),
    # the ace is low: Q K A is no run, nor does K A 2 wrap
    ("QH KH AH", [], ["QH", "KH", "AH"]),
    ("KD AD 2D", [], ["KD", "AD", "2D"]),
    # a card in a set and a run: the run leaves 5S 5D (10), the set 6H 7H (13)
    ("5H 5S 5D 6H 7H", [["5H", "6H", "7H"]], ["5S", "5D"]),
    # four of a rank: three of them in a set and the fourth in a run leave nothing
    ("5H 5S 5D 5C 6H 7H", [["5H", "6H", "7H"], ["5S", "5D", "5C"]], []),
    # eleven cards: A-4C and 5C 5D 5H leave 9S 9D KH KS (38); A-5C would leave 48
    ("AC 2C 3C 4C 5C 5D 5H 9S 9D KH KS",
     [["AC", "2C", "3C", "4C"], ["5C", "5D", "5H"]], ["9S", "9D", "KH", "KS"]),
    # a run's cards given out of order come back ascending; the deadwood keeps its order
    ("9C 7C JD 8C", [["7C", "8C", "9C"]], ["JD"]),
    # two cards of a kind and two in a row are no meld
    ("2C 2D 3H 4H", [], ["2C", "2D", "3H", "4H"]),
    ("", [], []),
]


@pytest.mark.parametrize("hand, melds, dead", HANDS, ids=[h or "empty" for h, _, _ in HANDS])
def test_best_melds_of_hands_checked_by_hand(game, hand, melds, dead):
    assert split(game, hand) == (melds, dead)


def test_the_deadwood_value_is_a_sum_of_the_key(game):
    cs = "AC 2C 3C 4C 5C 5D 5H 9S 9D KH KS".split()
    assert game.evaluate("dead(cs)", cs=cs) == 9 + 9 + 10 + 10
    # a key that counts cards: both splits of 5H 5S 5D 6H 7H leave two cards, and as
    # many melded: the first in the fixed order (melds of the lowest card, sets first)
    assert split(game, "5H 5S 5D 6H 7H", "c -> 1") == ([["5H", "5S", "5D"]], ["6H", "7H"])
    # faces worth nothing: leaving Q K J out costs nothing, melding 2-4C saves 9
    assert split(game, "JH QH KH 2C 3C 4C", "c -> 0 if rank(c) > 9 else rank(c) + 1") \
        == ([["JH", "QH", "KH"], ["2C", "3C", "4C"]], [])


def test_a_key_that_is_not_a_number_and_a_hand_too_big_stop_with_a_message(game):
    with pytest.raises(RulesetFailure, match="the deadwood value of 2C is 'x', not a whole number"):
        game.evaluate("best_melds(cs, c -> 'x')", cs=["2C"])
    with pytest.raises(RulesetFailure, match="a hand of 25 cards; the limit is 24"):
        game.evaluate(f"deadwood(cs, {POINTS})", cs=PACK[:25])


# ---- against a brute-force oracle ------------------------------------------------------------

def oracle(cs: list) -> int:
    """The smallest deadwood value of ``cs``: every set of disjoint melds tried."""
    melds = []
    for k in (3, 4):
        for combo in itertools.combinations(cs, k):
            if len({c[0] for c in combo}) == 1:
                melds.append(frozenset(combo))
    for suit in "CDHS":
        mine = sorted((RANKS.index(c[0]), c) for c in cs if c[1] == suit)
        for a in range(len(mine)):
            for b in range(a + 3, len(mine) + 1):
                part = mine[a:b]
                if all(part[i + 1][0] == part[i][0] + 1 for i in range(len(part) - 1)):
                    melds.append(frozenset(c for _, c in part))
    best = sum(map(points, cs))

    def go(i, used, dead):
        nonlocal best
        best = min(best, sum(points(c) for c in cs if c not in used))
        for j in range(i, len(melds)):
            if not melds[j] & used:
                go(j + 1, used | melds[j], dead)
    go(0, frozenset(), 0)
    return best


def test_best_melds_is_exact_on_random_hands(game):
    rng = random.Random(31)
    for _ in range(150):
        # hands rich in melds: cards from a few ranks and one or two suits' runs
        pool = [c for c in PACK if c[0] in rng.sample(RANKS, 6)]
        cs = rng.sample(pool, rng.choice([10, 11]))
        melds, dead = split(game, " ".join(cs))
        flat = [c for m in melds for c in m]
        assert sorted(flat + dead) == sorted(cs)                   # every card once
        for m in melds:                                            # each a set or a run
            ranks = [RANKS.index(c[0]) for c in m]
            assert 3 <= len(m) and ((len(set(ranks)) == 1 and len(m) <= 4) or (
                len({c[1] for c in m}) == 1 and ranks == list(range(ranks[0], ranks[0] + len(m)))))
        assert sum(map(points, dead)) == oracle(cs), cs


# ---- in the toy rummy ------------------------------------------------------------------------

def test_a_knock_is_legal_only_with_deadwood_of_five_or_less():
    rules = rulekit.load(str(TOY))
    knocks = 0
    for seed in range(40):
        game = rules.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            acts = game.legal_actions()
            seat = game.to_act
            hand = game.dump()["zones"]["hand"][seat]
            for a in acts:
                if a.name == "knock":           # the toy's rule: deadwood after it <= 5
                    left = [c for c in hand if c != a.cards[0]]
                    assert oracle(left) <= 5
                    knocks += 1
            game.apply(next((a for a in acts if a.name == "knock"), None) or rng.choice(acts))
        assert game.result.status == "finished"
    assert knocks > 0
