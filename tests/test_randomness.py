"""rulekit's shuffle is random.Random.shuffle: the same order, the same state after
(records made with either replay exactly)."""
import random

import pytest

from hypothesis import given, settings, strategies as st

from rulekit.randomness import shuffle


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(0, 120))
def test_shuffle_is_the_standard_one(seed, size):
    _same_as_random_shuffle(seed, size)


def _same_as_random_shuffle(seed, size):
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(size)), list(range(size))
    shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b
    assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("size", [4095, 4096, 4097, 4200])
def test_shuffle_of_a_list_longer_than_its_table(size):
    # the swaps of up to 4097 cards come from a table; longer lists compute them
    _same_as_random_shuffle(size, size)


def test_a_known_order():
    # a change detector: the order Python 3.11's random.Random(1).shuffle gives
    # (records of bundled games depend on it); the test above is the proof
    cards = list("ABCDEFGH")
    shuffle(random.Random(1), cards)
    assert "".join(cards) == "DGBFHAEC"


def test_a_chance_source_asks_each_draw():
    """randomness.Chance: a shuffle asks for each position's item among those left, a
    number draw asks for n; one-result draws are not asked; bad answers are refused."""
    import pytest
    from rulekit.randomness import Chance
    asked = []

    def last(options):
        asked.append(options if isinstance(options, int) else list(options))
        return (options if isinstance(options, int) else len(options)) - 1
    src = Chance(last)
    cards = list("ABCD")
    shuffle(src, cards)
    assert cards == list("DABC")                  # D; then A of B C A; then B of C B
    assert asked == [list("ABCD"), list("BCA"), list("CB")]
    assert src.randrange(5) == 4 and asked[-1] == 5
    assert src.randrange(1) == 0 and len(asked) == 4
    with pytest.raises(ValueError, match="from 0 to 2"):
        Chance(lambda options: 3).randrange(3)
    with pytest.raises(NotImplementedError):
        src.random()


def test_a_game_drawing_from_a_chance_source():
    """new_game(source=Chance(...)): the deck is the order chosen (here: each time the
    first card left, so the pack's order), the dealer the number chosen; a copy of the
    game draws from the same chooser."""
    import rulekit
    from rulekit.randomness import Chance
    rules = rulekit.load("durak")
    asked = []

    def first(options):
        asked.append(options)
        return 0
    game = rules.new_game(players=2, source=Chance(first))
    assert game.dealer == 0 and asked[-1] == 2
    assert len(asked) == len(rules.pack)          # 35 shuffle picks, one dealer draw
    hands = game.view(0)["zones"]
    dealt = [c for c in hands["hand"][0]] + game.dump()["zones"]["hand"][1]
    assert sorted(dealt) == sorted(rules.pack[:12])
    copy = game.clone()
    assert copy.rng.choose is first
