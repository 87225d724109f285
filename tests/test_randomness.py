"""rulekit's shuffle is random.Random.shuffle: the same order, the same state after
(records made with either replay exactly)."""
import random

from hypothesis import given, settings, strategies as st

from rulekit.randomness import shuffle


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(0, 120))
def test_shuffle_is_the_standard_one(seed, size):
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(size)), list(range(size))
    shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b
    assert ours.getstate() == theirs.getstate()


def test_a_known_order():
    # a change detector: the order Python 3.11's random.Random(1).shuffle gives
    # (records of bundled games depend on it); the test above is the proof
    cards = list("ABCDEFGH")
    shuffle(random.Random(1), cards)
    assert "".join(cards) == "DGBFHAEC"
