"""view(seat) shows only what that seat may see (INTERFACES.md section 5; C-6, NOR-1, NOR-7)."""
import random

import pytest

import rulekit

pytestmark = pytest.mark.random_games     # runs after the rule tests (tests/conftest.py)


def play_until(game, predicate, rng):
    while not game.finished and not predicate(game):
        game.apply(rng.choice(game.legal_actions()))
    return predicate(game)


def test_removed_cards_hidden_from_every_seat_NOR_1():
    """NOR-1: with 2 players the top 10 cards go to `out` unseen: nobody's view shows them."""
    rules = rulekit.load("mattis_norsk")
    game = rules.new_game(players=2, seed=3)
    removed = game.dump()["zones"]["out"]
    assert len(removed) == 10
    for seat in (0, 1):
        assert game.view(seat)["zones"]["out"] == [None] * 10
    # still hidden later in the game, when finished phase-2 tricks join them face up
    rng = random.Random(3)
    assert play_until(game, lambda g: len(g.dump()["zones"]["out"]) > 10, rng)
    for seat in (0, 1):
        shown = game.view(seat)["zones"]["out"]
        assert shown[:10] == [None] * 10
        assert all(c is not None for c in shown[10:])


def test_set_aside_trump_card_seen_only_by_its_holder_NOR_7():
    """C-6 set_aside_hidden: the trump card is seen by its holder only, until phase 2."""
    rules = rulekit.load("mattis_norsk")
    game = rules.new_game(players=4, seed=5)
    rng = random.Random(5)
    assert play_until(game, lambda g: any(g.dump()["zones"]["trump_card"]), rng)
    dump = game.dump()
    holder = next(s for s, z in enumerate(dump["zones"]["trump_card"]) if z)
    card = dump["zones"]["trump_card"][holder][0]
    assert dump["vars"]["trump"] is None                      # NOR-8: not known yet
    assert game.view(holder)["zones"]["trump_card"][holder] == [card]
    for seat in range(4):
        if seat != holder:
            assert game.view(seat)["zones"]["trump_card"][holder] == [None]
            assert card not in str(game.view(seat)["zones"])
    assert card not in [str(a) for a in game.legal_actions()]  # not playable in phase 1


def test_revealed_trump_card_seen_by_all_in_phase_1_only_C_6():
    """C-6 reveal_in_hand: face up in its holder's hand in phase 1; hidden from phase 2."""
    rules = rulekit.load("mattis")
    game = rules.new_game(players=4, seed=8)
    rng = random.Random(8)
    assert play_until(game, lambda g: g.dump()["vars"]["trump"] is not None, rng)
    hands = game.dump()["zones"]["hand"]
    holder = next(s for s, h in enumerate(hands) if any(game.marks.get(c) == "up" for c in h))
    card = next(c for c in hands[holder] if game.marks.get(c) == "up")
    for seat in range(4):
        assert card in game.view(seat)["zones"]["hand"][holder]
        if seat != holder:
            assert sum(c is not None for c in game.view(seat)["zones"]["hand"][holder]) == 1
    assert play_until(game, lambda g: g.phase == "shed", rng)
    for seat in range(4):
        for other, hand in enumerate(game.view(seat)["zones"]["hand"]):
            if other != seat:
                assert all(c is None for c in hand)


def test_view_legal_only_for_the_seat_to_act_and_counts_kept():
    game = rulekit.load("mattis").new_game(players=3, seed=1)
    to_act = game.to_act
    for seat in range(3):
        v = game.view(seat)
        assert (v["legal"] != []) == (seat == to_act)
        assert len(v["zones"]["stock"]) == len(game.dump()["zones"]["stock"])
        assert all(c is None for c in v["zones"]["stock"])
        assert all(c is not None for c in v["zones"]["hand"][seat])
