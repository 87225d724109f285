"""``GameState.random_legal(rng, seat)`` refuses what it cannot draw from in words (a
ValueError naming the problem), never with an error from inside ``random``: an ``rng``
that is not a ``random.Random`` (listed or in parts), a seat that is not one, a seat
with no legal action now, a game that is over (finished or aborted)."""
import random

import pytest

from ruleset_positions import load_rules


def mattis():
    """A 4-player Mattis game at its first decision (seat 2 to act, by the seed)."""
    return load_rules("mattis", {}).new_game(players=4, seed=1)


class Chooser:
    """Has ``choice`` and ``randrange`` but is no ``random.Random``."""
    def choice(self, seq):
        return seq[0]

    def randrange(self, n):
        return 0


@pytest.mark.parametrize("rng,said", [(None, "NoneType"), (7, "int"), ("seed", "str"),
                                      (random.Random, "type"), (object(), "object")])
def test_a_bad_rng_is_refused_in_words(rng, said):
    game = mattis()
    with pytest.raises(ValueError, match=f"rng must be a random.Random, not {said}$"):
        game.random_legal(rng)
    assert game.actions == 0


def test_a_bad_rng_is_refused_at_a_choice_in_parts():
    """Hearts' pass of three cards is drawn in parts (``randrange``), not listed."""
    game = load_rules("hearts", {}).new_game(players=4, seed=2)
    assert game.step.parted and game.status == "in_progress"
    with pytest.raises(ValueError, match="rng must be a random.Random, not NoneType"):
        game.random_legal(None)
    with pytest.raises(ValueError, match="rng must be a random.Random, not NoneType"):
        game.random_legal(None, game.actor)


@pytest.mark.parametrize("seat", [4, -1, 99, "1", 1.0, True])
def test_a_seat_that_is_not_one_is_refused(seat):
    game = mattis()
    assert game.actor == 2
    with pytest.raises(ValueError, match=r"seat must be from 0 to 3, not "):
        game.random_legal(random.Random(0), seat)


def test_a_seat_not_to_act_is_told_who_is():
    game = mattis()
    with pytest.raises(ValueError, match=r"^seat 0 has no legal action now \(to act: 2\)$"):
        game.random_legal(random.Random(0), 0)
    assert game.random_legal(random.Random(0), 2).seat == 2


def test_a_game_that_is_over_has_nothing_to_draw():
    game = mattis()
    game.play_randomly(random.Random(0))
    assert game.status == "finished"
    with pytest.raises(ValueError, match=r"the game is over \(finished\)"):
        game.random_legal(random.Random(0))
    short = load_rules("mattis", {}).new_game(players=4, seed=1, max_actions=2)
    short.play_randomly(random.Random(0))
    assert short.status == "aborted"
    with pytest.raises(ValueError, match=r"the game is over \(aborted\)"):
        short.random_legal(random.Random(0))


def test_a_duck_typed_chooser_still_draws_where_it_can():
    """Only a failed draw is looked into: an object with ``choice`` keeps working (as
    before) and gives a legal action."""
    game = mattis()
    act = game.random_legal(Chooser())
    assert act in game.legal_actions()
