"""Why a typed action is not legal, in words (rulekit/play/reasons.py `why_not`): the
part of the action's `legal` condition that fails for that choice, with the values that
matter; and the old answers (a mistyped verb, a card not held, an action not offered)."""
import random

import pytest

import rulekit
from rulekit.play.reasons import why_not


def _play_until(rules, seed, done, players=None):
    """A seeded game played with seeded random choices until ``done(game)``."""
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not game.finished and not done(game):
        game.apply(rng.choice(game.legal_actions()))
    assert not game.finished
    return game


@pytest.fixture(scope="module")
def shed():
    """Mattis in phase 2, a single card to beat on the trick."""
    rules = rulekit.load("mattis")
    game = _play_until(rules, 1, lambda g: g.phase == "shed" and len(g.z["trick"]) == 1,
                       players=4)
    return game, game.to_act, game.z["trick"][-1], game.v["trump"]


def _held(game, seat, keep):
    return [c for c in game.z["hand"][seat] if keep(c)]


def test_a_card_of_another_suit_does_not_beat_the_play_to_beat(shed):
    game, seat, top, trump = shed
    suit = game.rules.suit_of
    card = _held(game, seat, lambda c: suit[c] not in (suit[top], trump))[0]
    why = why_not(game, seat, f"play {card}", game.legal_actions())
    # the alternatives of `empty(trick) or beats(p, top_play)`, the play to beat as a card
    assert why.startswith(f"none of these holds: the trick ({top}) is empty; "
                          f"{card} beats the play to beat ({top}): a play beats another when")
    # the definition, one level down: which parts fail, with the suits that matter
    assert f"the suit of {card} ({suit[card]}) is not the suit of {top} ({suit[top]})" in why
    assert f"the suit of {card} ({suit[card]}) is not trump ({trump})" in why
    assert why_not(game, seat, card, game.legal_actions()) == why     # a card typed alone


def test_a_lower_card_of_the_same_suit_names_the_ranks(shed):
    game, seat, top, trump = shed
    rules = game.rules
    lower = _held(game, seat, lambda c: rules.suit_of[c] == rules.suit_of[top]
                  and rules.rank_of[c] < rules.rank_of[top])
    if not lower:
        pytest.skip("the seat holds no lower card of the suit")
    card = lower[0]
    why = why_not(game, seat, f"play {card}", game.legal_actions())
    assert (f"the rank of the lowest card of {card} ({rules.ranks[rules.rank_of[card]]}) is "
            f"not more than the rank of the highest card of {top} "
            f"({rules.ranks[rules.rank_of[top]]})") in why


def test_the_old_answers_stay(shed):
    game, seat, top, trump = shed
    legal = game.legal_actions()
    assert why_not(game, seat, "plya 7S", legal) == \
        "'plya' is not an action here; did you mean 'play'? (actions now: play, take)"
    absent = next(c for c in game.rules.pack if c not in game.z["hand"][seat])
    assert why_not(game, seat, f"play {absent}", legal) == f"you do not hold {absent}"
    assert why_not(game, seat, "stock", legal) == \
        "'stock' cannot be taken now (actions now: play, take)"
    assert why_not(game, seat, "play", legal).startswith("play needs its choice, such as 'play ")


@pytest.mark.parametrize("text", ["", "   ", "play zz", "play 7S 7S 7S", "take now", "x" * 300])
def test_anything_typed_gets_an_answer(shed, text):
    game, seat, _, _ = shed
    assert why_not(game, seat, text, game.legal_actions())


@pytest.fixture(scope="module")
def durak():
    """Durak, 3 players: seat 0 attacks with 9C; seat 1 defends holding 7C and AD (trumps
    are hearts)."""
    rules = rulekit.load("durak")
    hands = {0: ["9C", "9D", "TD", "TS", "JS", "6C"], 1: ["TC", "7C", "AC", "AD", "AS", "KC"],
             2: ["9S", "8S", "7D", "7S", "8C", "8D"]}
    deck = [hands[s][r] for r in range(6) for s in (0, 1, 2)] + ["6H"]
    deck += [c for c in rules.pack if c not in deck]
    game = rules.new_game(players=3, dealer=2, deck=deck)
    game.apply("attack 9C")
    assert (game.v["defender"], game.v["trump"]) == (1, "H")
    return game


def test_durak_beating_with_a_lower_card(durak):
    why = why_not(durak, 1, "beat 9C 7C", durak.legal_actions(1))
    assert why.startswith("7C does not beat 9C: a higher card of the same suit, or a trump")
    assert "the rank of 7C (7) is not more than the rank of 9C (9)" in why
    assert "the suit of 7C (C) is not trump (H)" in why
    why = why_not(durak, 1, "beat 9C AD", durak.legal_actions(1))
    assert "AD does not beat 9C" in why and "the suit of AD (D) is not the suit of 9C (C)" in why


def test_durak_a_card_of_the_table_is_not_one_you_must_hold(durak):
    # 9C lies on the table: the choice takes it from there; QH is nowhere near
    assert why_not(durak, 1, "beat 9C QH", durak.legal_actions(1)) == "you do not hold QH"
    why = why_not(durak, 2, "throw 7D", durak.legal_actions(2))
    assert why.startswith("you may not throw in 7D: an attacker adds a card of a rank already "
                          "on the table")
    assert "the cards on the table (9C)" in why


def test_crazy_eights_a_card_matching_neither_suit_nor_rank():
    rules = rulekit.load("crazy_eights")
    game = rules.new_game(players=3, seed=3)
    seat, top, suit_now = game.to_act, game.evaluate("top_card"), game.v["suit_now"]
    suit, rank = rules.suit_of, rules.rank_of
    card = next(c for c in game.z["hand"][seat] if suit[c] != suit_now
                and rank[c] != rank[top] and rules.ranks[rank[c]] != "8")
    why = why_not(game, seat, f"play {card}", game.legal_actions())
    assert why.startswith(f"{card} may not be played: an eight, or a card of the suit to follow")
    assert f"{card} is not an eight" in why
    assert f"the suit of {card} ({suit[card]}) is not the suit to follow ({suit_now})" in why
    assert (f"the rank of {card} ({rules.ranks[rank[card]]}) is not the rank of the top card "
            f"of the discard pile ({rules.ranks[rank[top]]})") in why


def test_hearts_says_which_branch_of_the_condition_applies():
    rules = rulekit.load("hearts")
    game = _play_until(rules, 3, lambda g: g.step.name == "play" and g.z["trick"], players=4)
    seat, led = game.to_act, rules.suit_of[game.z["trick"][0]]
    card = next(c for c in game.z["hand"][seat]
                if all(str(a) != f"play {c}" for a in game.legal_actions()))
    why = why_not(game, seat, f"play {card}", game.legal_actions())
    assert why.startswith(f"as the trick ({game.z['trick'][0]}) is not empty, you may not "
                          f"play {card} to this trick")
    assert f"the suit of {card} ({rules.suit_of[card]}) is not the suit led ({led})" in why


def test_atlanta_a_slough_of_a_rank_that_is_not_losing():
    rules = rulekit.load("atlanta_mattis")
    game = _play_until(rules, 5, lambda g: g.step.name == "slough_turn" and any(
        all(str(a) != f"slough {c}" for a in g.legal_actions()) for c in g.z["hand"][g.to_act]))
    seat = game.to_act
    card = next(c for c in game.z["hand"][seat]
                if all(str(a) != f"slough {c}" for a in game.legal_actions()))
    why = why_not(game, seat, f"slough {card}", game.legal_actions())
    name = rules.ranks[rules.rank_of[card]]
    assert why.startswith(f"the rank of {card} ({name}) is not in the ranks on the trick below "
                          "its top rank ([")


def test_the_form_of_a_choice_is_checked_before_its_cards():
    # C-5 (collect: play one card from the hand, or take the top of the stock): words
    # after `stock`, a card named twice and two cards for a one-card play each get their
    # own reason, not "you do not hold"
    rules = rulekit.load("mattis")
    game = _play_until(rules, 4, lambda g: g.phase == "collect" and {"play", "stock"} <= {
        a.name for a in g.legal_actions()}, players=4)
    seat, acts = game.to_act, game.legal_actions()
    assert why_not(game, seat, "stock 7h", acts) == "stock takes no choice: type 'stock' alone"
    assert why_not(game, seat, "play 10h 10h", acts) == \
        "TH is named twice (a card can be chosen once)"
    first = next(str(a) for a in acts if a.name == "play")
    assert why_not(game, seat, "play 7h,8h", acts) == f"play takes one card, such as '{first}'"


def test_a_part_outside_its_domain_is_said_in_words(durak):
    # DUR-8: the first part of `beat` is a card of the table (parts: a in table, d in
    # hand[actor]); TC is in the defender's hand, not on the table. The domain is said
    # in the words of an expression ("the table"), not as written ("table")
    why = why_not(durak, 1, "beat TC AC", durak.legal_actions(1))
    assert why == "TC is not one of the table", why
