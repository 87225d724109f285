"""``runs`` of a pack without copies reads each card's next card up
(``Cards.next_up``) instead of sorting each suit; it must give the same runs, in the
same order, as the general way (``runs_by_suit``): the order of the legal actions is
what seeded bots choose from, so golden playthroughs depend on it."""
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekit.cards import Cards
from rulekit.lang.builtins import runs, runs_by_suit

PACKS = [Cards(ranks="A 2 3 4 5 6 7".split(), suits=["S", "H", "D"]),
         Cards(ranks="6 7 8 9 T".split(), suits=["C", "H"], extra={"JK": 1, "ZZ": 1})]


def game(cards):
    """The little of a game state ``runs`` reads."""
    return SimpleNamespace(rules=SimpleNamespace(next_up=cards.next_up, suit_of=cards.suit_of,
                                                 rank_of=cards.rank_of))


@st.composite
def hands(draw):
    cards = draw(st.sampled_from(PACKS))
    cs = draw(st.lists(st.sampled_from(cards.pack), unique=True))
    again = draw(st.lists(st.sampled_from(cs), max_size=3)) if cs else []
    return cards, cs + again          # a list may name a card twice (hand + hand)


@settings(max_examples=400, deadline=None)
@given(hand=hands(), n=st.integers(-1, 6))
def test_runs_are_those_of_the_general_way_in_its_order(hand, n):
    cards, cs = hand
    assert cards.next_up is not None
    assert runs(game(cards), cs, n) == runs_by_suit(game(cards), cs, n)


def test_next_up_is_the_same_suit_one_rank_up():
    cards = PACKS[1]
    assert cards.next_up["6C"] == "7C" and cards.next_up["9H"] == "TH"
    assert cards.next_up["TH"] is None and cards.next_up["JK"] is None


def test_several_packs_have_no_next_up():
    assert Cards(ranks=["1", "2"], suits=["R"], packs=2).next_up is None


def test_a_long_stretch_gives_every_run_by_first_card_then_length():
    cards = PACKS[0]
    got = runs(game(cards), ["4S", "2H", "2S", "3S", "3H", "5S"], 3)
    assert got == [["2S", "3S", "4S"], ["2S", "3S", "4S", "5S"], ["3S", "4S", "5S"]]


def test_odd_arguments_go_the_general_way():
    # review: a null or fractional n, an iterator, and a bad item before an unhashable
    # one behave (and fail) exactly as runs_by_suit does
    g = game(PACKS[0])
    assert runs(g, [], None) == runs_by_suit(g, [], None) == []
    assert runs(g, iter(["2S", "3S"]), 2) == [["2S", "3S"]]
    for n in (2.0, 2.5):
        for cs in (["2S", "5S"], ["2S", "3S"]):
            try:
                want = runs_by_suit(g, cs, n)
            except TypeError:
                with pytest.raises(TypeError):
                    runs(g, cs, n)
            else:
                assert runs(g, cs, n) == want
    with pytest.raises(KeyError):
        runs(g, ["XX", []], 2)
