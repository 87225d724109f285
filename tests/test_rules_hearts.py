"""Per-rule tests for the bundled `hearts` ruleset (docs/rules/hearts.md, HRT-1..HRT-11),
each named after the rule it checks, on hand-built decks; every expected value was
worked out by hand from the rule text. Then invariants over random games at every
player count and option value."""
from __future__ import annotations

import io
import random
from contextlib import redirect_stdout

import pytest

import rulekit
from ruleset_positions import load_rules
from rulekit.play.session import step
from rulekit.play.transcript import Transcript

PACK = [r + s for s in "CDHS" for r in "23456789TJQKA"]
SUITS = {s: [r + s for r in "23456789TJQKA"] for s in "CDHS"}


def rules(**options):
    """The ruleset with ``options``, compiled once per distinct options (the model is
    immutable: games share it)."""
    return load_rules("hearts", {k: str(v) for k, v in options.items()} or None)


def deck_for(n: int, dealer: int, hands: dict) -> list:
    """The deck (top first) that deals exactly ``hands`` (seat -> all its cards, in the
    order received): one card at a time clockwise from the dealer's left (HRT-2); the
    cards HRT-1 takes out for 3 or 5 players go last."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    each = len(hands[0])
    deck = [hands[s][r] for r in range(each) for s in order]
    return deck + [c for c in PACK if c not in deck]


def game_of(n, dealer, hands, **options):
    return rules(**options).new_game(players=n, dealer=dealer, deck=deck_for(n, dealer, hands))


def legal(game):
    return sorted(str(a) for a in game.legal_actions())


# four hands: seat 0 all clubs but AC and all diamonds; seat 1 the spades and AC; seat 2
# the hearts; seat 3 what is left (used with passing=none unless said)
H4 = {0: SUITS["C"][:12] + ["2D"], 1: SUITS["S"][:12] + ["AC"],
      2: SUITS["H"], 3: SUITS["D"][1:] + ["AS"]}


# ---- cards and dealing -------------------------------------------------------------------

@pytest.mark.parametrize("n, each, out", [(3, 17, ["2D"]), (4, 13, []), (5, 10, ["2D", "2C"])])
def test_HRT_1_cards_taken_out_so_that_hands_are_even(n, each, out):
    game = rules().new_game(players=n, seed=1)
    assert [len(h) for h in game.z["hand"]] == [each] * n
    assert sorted(game.z["removed"]) == sorted(out)


def test_HRT_2_dealt_one_at_a_time_from_the_dealers_left():
    game = game_of(4, 2, H4, passing="none")
    assert [sorted(h) for h in game.z["hand"]] == [sorted(H4[s]) for s in range(4)]


# ---- passing ---------------------------------------------------------------------------

def test_HRT_3_three_cards_chosen_as_one_private_action():
    game = game_of(4, 3, H4)
    assert game.to_act == 0 and len(game.legal_actions()) == 286      # C(13, 3)
    out = io.StringIO()
    with redirect_stdout(out):
        t = Transcript(game, viewer=1)
        step(game, "give 2C 3C 4C", t)
    assert "  seat 0: passes three cards" in out.getvalue().splitlines()
    assert "2C" not in out.getvalue()
    assert sorted(game.z["passing"][0]) == ["2C", "3C", "4C"]
    assert game.view(1)["zones"]["passing"][0] == [None, None, None]


@pytest.mark.parametrize("hand_no, shift", [(1, 1), (2, -1), (3, 2), (5, 1)])
def test_HRT_3_the_direction_rotates_left_right_across_none(hand_no, shift):
    game = rules().new_game(players=4, seed=7)
    rng = random.Random(7)
    while game.hand_no < hand_no:                           # earlier hands, at random
        game.apply(rng.choice(game.legal_actions()))
    given = {}
    for _ in range(4):
        seat = game.to_act
        act = rng.choice(game.legal_actions())
        given[seat] = list(act.cards)
        game.apply(act)
    for s, cards in given.items():
        assert all(c in game.z["hand"][(s + shift) % 4] for c in cards), (s, cards)


def test_HRT_3_no_passing_on_the_fourth_hand():
    game = rules().new_game(players=4, seed=3)
    rng = random.Random(3)
    while game.hand_no < 4:
        game.apply(rng.choice(game.legal_actions()))
    assert all(a.name == "play" for a in game.legal_actions())


def test_HRT_3_option_none_never_passes():
    game = game_of(4, 0, H4, passing="none")
    assert all(a.name == "play" for a in game.legal_actions())


# ---- play ------------------------------------------------------------------------------

def test_HRT_4_the_two_of_clubs_leads():
    game = game_of(4, 1, H4, passing="none")
    assert game.to_act == 0 and legal(game) == ["play 2C"]


def test_HRT_4_with_five_players_the_three_of_clubs_leads():
    game = rules().new_game(players=5, seed=2, dealer=0)
    while game.legal_actions()[0].name == "give":
        game.apply(game.legal_actions()[0])
    holder = next(s for s in range(5) if "3C" in game.z["hand"][s])
    assert game.to_act == holder and legal(game) == ["play 3C"]


def test_HRT_5_follow_suit_if_able():
    game = game_of(4, 1, H4, passing="none")
    game.apply("play 2C")
    assert game.to_act == 1 and legal(game) == ["play AC"]      # seat 1's one club


def test_HRT_6_no_points_on_the_first_trick():
    game = game_of(4, 1, H4, passing="none")
    game.apply("play 2C")
    game.apply("play AC")
    assert game.to_act == 2 and legal(game) == sorted(f"play {c}" for c in SUITS["H"])
    # seat 2 holds only hearts: it may play one (nothing else)
    game.apply("play 2H")
    # seat 3: no clubs; diamonds and AS are fine, QS would not be (seat 1 has it)
    assert legal(game) == sorted(f"play {c}" for c in H4[3])


def test_HRT_6_a_hand_of_nothing_but_points_may_play_them_on_the_first_trick():
    hands = {0: SUITS["C"][:12] + ["2D"], 1: SUITS["H"][:12] + ["QS"],
             2: ["AC"] + [c for c in SUITS["S"] if c != "QS"], 3: SUITS["D"][1:] + ["AH"]}
    for loose in ("false", "true"):
        game = game_of(4, 3, hands, passing="none", first_trick_points=loose)
        game.apply("play 2C")
        assert game.to_act == 1 and legal(game) == sorted(f"play {c}" for c in hands[1])
        game.apply("play QS")
        game.apply("play AC")
        # seat 3 cannot follow: the diamonds, and AH only when points are allowed
        want = [f"play {c}" for c in SUITS["D"][1:]] + (["play AH"] if loose == "true" else [])
        assert legal(game) == sorted(want)


def test_HRT_6_a_void_player_may_not_play_points_while_holding_others():
    hands = {0: SUITS["C"][:12] + ["2D"], 1: SUITS["H"][:11] + ["QS", "3D"],
             2: ["AC"] + [c for c in SUITS["S"] if c != "QS"],
             3: SUITS["D"][2:] + ["KH", "AH"]}
    game = game_of(4, 3, hands, passing="none")
    game.apply("play 2C")
    assert legal(game) == ["play 3D"]
    loose = game_of(4, 3, hands, passing="none", first_trick_points="true")
    loose.apply("play 2C")
    assert legal(loose) == sorted(f"play {c}" for c in hands[1])


def _play(game, *cards):
    for c in cards:
        game.apply(f"play {c}")


# seat 0 wins the second trick with AD holding nine hearts; no heart has been played
H7 = {0: ["2C", "AD"] + SUITS["H"][:9] + ["2S", "3S"],
      1: SUITS["C"][1:8] + SUITS["D"][1:7],
      2: ["AC", "TC", "JC", "QC", "KC", "2D", "9D", "TD", "JD", "QD", "KD", "4S", "5S"],
      3: SUITS["S"][4:] + SUITS["H"][9:]}


def test_HRT_7_hearts_cannot_be_led_until_broken():
    game = game_of(4, 3, H7, passing="none")
    _play(game, "2C", "3C", "AC", "6S")        # seat 2 takes it (seat 3: no points, HRT-6)
    _play(game, "2D", "7S", "AD", "3D")        # seat 0 takes it with AD; no heart yet
    assert game.to_act == 0 and game.v["broken"] is False
    assert legal(game) == ["play 2S", "play 3S"]
    loose = game_of(4, 3, H7, passing="none", break_hearts="false")
    _play(loose, "2C", "3C", "AC", "6S", "2D", "7S", "AD", "3D")
    assert legal(loose) == sorted(["play 2S", "play 3S"] + [f"play {c}" for c in SUITS["H"][:9]])


def test_HRT_7_a_heart_played_breaks_them():
    game = game_of(4, 3, H7, passing="none")
    _play(game, "2C", "3C", "AC", "6S")
    _play(game, "2D", "JH", "AD", "3D")        # seat 3 discards a heart: broken
    assert game.to_act == 0 and game.v["broken"] is True
    assert "play 2H" in legal(game)


def test_HRT_8_the_highest_of_the_suit_led_wins():
    game = game_of(4, 1, H4, passing="none")
    _play(game, "2C", "AC", "2H", "AS")                    # AS is higher but not clubs
    assert game.to_act == 1 and sorted(game.z["taken"][1]) == sorted(["2C", "AC", "2H", "AS"])


# ---- scoring ----------------------------------------------------------------------------

@pytest.mark.parametrize("cards, points", [([], 0), (["2H", "3H"], 2), (["QS"], 13),
                                           (["QS", "KS", "AH", "2C"], 14)])
def test_HRT_9_a_heart_is_one_point_the_queen_thirteen(cards, points):
    game = game_of(4, 1, H4, passing="none")
    game.z["taken"][0] = list(cards)        # the counting definition alone
    assert game.evaluate("taken_points(0)") == points


def _hand_totals(game, rng):
    """Play one hand at random; the totals before and after."""
    before = [game.evaluate("points[s]", s=s) for s in range(game.n)]
    hand = game.hand_no
    while not game.finished and game.hand_no == hand:
        game.apply(rng.choice(game.legal_actions()))
    after = [game.evaluate("points[s]", s=s) for s in range(game.n)]
    return before, after


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("moon", ["others_add", "off"])
def test_HRT_9_HRT_10_HRT_11_a_match_scores_26_a_hand_and_ends_at_the_target(players, moon):
    rules_ = rules(moon=moon)
    for seed in range(2):
        game = rules_.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            before, after = _hand_totals(game, rng)
            gained = [a - b for a, b in zip(after, before)]
            if moon == "others_add" and 0 in gained and sorted(gained)[1:] == [26] * (players - 1):
                continue                                   # HRT-10: the moon shot
            assert sum(gained) == 26, gained               # HRT-9
        res = game.result
        assert res.status == "finished", res.message
        assert max(res.scores) >= 100                      # HRT-11
        low = min(res.scores)
        assert res.winners == [s for s in range(players) if res.scores[s] == low]


def test_HRT_10_shooting_the_moon_gives_the_others_26():
    game = game_of(4, 1, H4, passing="none")
    for s in range(4):
        game.z["taken"][s] = []
    game.z["taken"][2] = SUITS["H"] + ["QS"]
    assert game.evaluate("moon_shot") is True
    off = game_of(4, 1, H4, passing="none", moon="off")
    off.z["taken"][2] = SUITS["H"] + ["QS"]
    assert off.evaluate("moon_shot") is False


# ---- invariants ------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"passing": "left"}, {"passing": "none", "break_hearts": "false"},
                                     {"first_trick_points": "true", "target": "30"}],
                         ids=["default", "left", "none-nobreak", "points-30"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_keep_the_rules(options, players):
    rules_ = rulekit.load("hearts", options or None)
    for seed in range(2):
        game = rules_.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            trick = game.z["trick"]
            hand = game.z["hand"][game.to_act]
            acts = game.legal_actions()
            if trick and acts[0].name == "play":                     # HRT-5
                led = trick[0][1]
                if any(c[1] == led for c in hand):
                    assert all(a.cards[0][1] == led for a in acts)
            elif acts[0].name == "play" and game.v["trick_no"] > 0 and not game.v["broken"] \
                    and options.get("break_hearts") != "false" \
                    and any(c[1] != "H" for c in hand):              # HRT-7
                assert all(a.cards[0][1] != "H" for a in acts)
            cards = game.z["removed"] + game.z["trick"] + game.z["deck"] + [
                c for z in ("hand", "passing", "taken") for h in game.z[z] for c in h]
            assert sorted(cards) == sorted(PACK)                       # HRT-1
            game.apply(rng.choice(game.legal_actions()))
        assert game.result.status == "finished", game.result.message
