"""Per-rule tests for the bundled `holdem` ruleset (docs/rules/holdem.md, HLD-1..HLD-18),
each named after the rule it checks, on hand-built decks; every expected value was
worked out by hand from the rule text. Then random games at every player count and
option value, each replayed from its record.

The usual table below: 3 seats, the button at seat 0, so seat 1 posts the small blind
(5) and seat 2 the big blind (10); cards go 1, 2, 0, 1, 2, 0; seat 0 acts first before
the flop, seat 1 first after it."""
from __future__ import annotations

import json
import random

import pytest
from budget import games

import rulekit
from ruleset_positions import load_rules
from rulekit.runtime.records import make_record
from rulekit.runtime.replay import replay

PACK = [r + s for s in "CDHS" for r in "23456789TJQKA"]
RANK = {r: i for i, r in enumerate("23456789TJQKA")}


def rules(**options):
    """The ruleset with ``options``, compiled once per distinct options (the model is
    immutable: games share it)."""
    return load_rules("holdem", {k: str(v) for k, v in options.items()} or None)


def deck_for(n: int, dealer: int, holes: dict, board: str = "2C 7D 9H JS 3C") -> list:
    """The deck (top first) that deals ``holes`` (seat -> "C1 C2") one card at a time
    clockwise from the button's left (HLD-6), then a burnt card, the flop, a burnt card,
    the turn, a burnt card and the river (HLD-7): ``board``'s five cards in order."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    hole = {s: holes[s].split() for s in order}
    flop = board.split()
    used = {c for h in hole.values() for c in h} | set(flop)
    rest = [c for c in PACK if c not in used]
    deck = [hole[s][0] for s in order] + [hole[s][1] for s in order]
    deck += [rest.pop(0)] + flop[:3] + [rest.pop(0)] + [flop[3]] + [rest.pop(0)] + [flop[4]]
    return deck + rest


def game_of(n, holes, dealer=0, board="2C 7D 9H JS 3C", **options):
    return rules(**options).new_game(players=n, dealer=dealer,
                                     deck=deck_for(n, dealer, holes, board))


def choices(game) -> dict:
    """The seat to act's choices, asked without a listing: each action's name, with
    (lowest, highest) for an amount (a bet or raise is decided in parts), else None."""
    amounts = {d.name for d in game.parted_actions()}
    out = {a.name: None for a in game.candidate_actions(random.Random(0), sample=1)
           if a.name not in amounts}
    for name in amounts:
        opts = game.part_options(name)
        out[name] = (opts.low, opts.high)
    return out


def play(game, *actions):
    for a in actions:
        game.apply(a)


def chips(game):
    return list(game.v["chips"])


def bets(game):
    return list(game.v["bet"])


def check_down(game):
    """Everyone checks (or calls) until the hand ends."""
    hand = game.hand_no
    while not game.finished and game.hand_no == hand:
        game.apply("check" if "check" in choices(game) else "call")


THREE = {0: "QC 4D", 1: "AS AD", 2: "KS KD"}     # seat 1 best, seat 2 next, seat 0 last
FOUR = {0: "4C 5C", 1: "4D 5D", 2: "4H 5H", 3: "4S 5S"}


# ---- players, cards and chips -----------------------------------------------------

@pytest.mark.parametrize("n", [2, 5, 9])
def test_HLD_1_two_to_nine_players(n):
    game = rules().new_game(players=n, seed=1)
    assert [len(h) for h in game.z["hand"]] == [2] * n


def test_HLD_1_ten_players_are_refused():
    with pytest.raises(ValueError, match="2 to 9 players"):
        rules().new_game(players=10, seed=1)


def test_HLD_2_every_seat_starts_with_the_starting_stack():
    game = game_of(3, THREE, starting_stack=2500)
    # the blinds are already in: seat 1 put 5, seat 2 put 10
    assert chips(game) == [2500, 2495, 2490]
    assert [c + b for c, b in zip(chips(game), bets(game))] == [2500] * 3


def _bust_seat_1():
    """Hand 1 at the usual table, seat 1 with 100 chips in all: seat 0 goes all-in,
    seat 1 calls all-in and loses to seat 0's kings, seat 2 folds."""
    game = game_of(3, {0: "KS KD", 1: "QC 4D", 2: "7H 2D"})
    game.v["chips"][1] = 95                       # 100 in all, 5 of them in the blind
    play(game, "raise 1000", "call", "fold")
    return game


def test_HLD_2_a_seat_without_chips_is_dealt_no_more():
    game = _bust_seat_1()
    assert game.hand_no == 2
    assert chips(game)[1] == 0 and game.z["hand"][1] == []
    assert game.v["playing"] == [True, False, True]


# ---- the button and forced bets -----------------------------------------------------

def test_HLD_3_the_button_moves_to_the_next_seat_with_chips():
    game = game_of(3, THREE)
    play(game, "fold", "fold")                     # seat 2 takes the blinds: hand 2
    assert game.hand_no == 2 and game.dealer == 1
    busted = _bust_seat_1()
    assert busted.dealer == 2                      # seat 1 has no chips: skipped


def test_HLD_4_antes_go_in_before_the_blinds():
    game = game_of(3, THREE, ante=3)
    assert list(game.v["put"]) == [3, 3 + 5, 3 + 10]
    assert chips(game) == [997, 992, 987]
    assert game.evaluate("pot") == 24


def test_HLD_4_a_seat_short_of_the_ante_puts_in_what_it_has():
    game = rules(starting_stack=2, ante=3).new_game(players=3, dealer=0,
                                                    deck=deck_for(3, 0, THREE))
    # everyone is all-in on the ante: no blinds, no betting; seat 1's aces take all 6
    assert game.finished
    assert game.result.scores == [-2, 4, -2]


def test_HLD_5_the_blinds_left_of_the_button():
    game = game_of(4, FOUR, dealer=2)
    assert bets(game) == [10, 0, 0, 5]             # seat 3 small, seat 0 big
    assert game.v["high"] == 10


def test_HLD_5_heads_up_the_button_posts_the_small_blind():
    game = game_of(2, {0: "QC 4D", 1: "AS AD"}, dealer=1)
    assert bets(game) == [10, 5]


def test_HLD_5_a_short_big_blind_is_all_in_and_the_full_blind_is_still_called():
    game = rules(starting_stack=8, hand_limit=1).new_game(players=3, dealer=0,
                                                          deck=deck_for(3, 0, THREE))
    assert bets(game) == [0, 5, 8] and chips(game) == [8, 3, 0]
    game.v["chips"][0] = 992                       # seat 0 has more than the blind
    assert game.v["high"] == 10
    game.apply("call")
    assert bets(game)[0] == 10                     # the full big blind, not 8
    game.apply("call")                             # seat 1 all-in for 8
    # HLD-13: nobody could match seat 0's last 2: returned; then only seat 0 has chips:
    # the board is dealt out with no betting and seat 1's aces take 3 x 8
    assert game.finished and chips(game) == [984, 24, 0]


# ---- the deal -----------------------------------------------------------------------

def test_HLD_6_two_cards_each_one_at_a_time_from_the_buttons_left():
    holes = {0: "4C 5C", 1: "4D 5D", 2: "6H 7H"}
    game = game_of(3, holes)
    assert [game.z["hand"][s] for s in range(3)] == [holes[s].split() for s in range(3)]
    assert len(game.z["deck"]) == 52 - 6
    assert game.view(0)["zones"]["hand"] == [["4C", "5C"], [None, None], [None, None]]


def test_HLD_7_flop_turn_and_river_each_after_a_burnt_card():
    game = game_of(3, THREE, board="2C 7D 9H JS 3C")
    deck = list(game.z["deck"])                    # burn, 3, burn, 1, burn, 1
    play(game, "call", "call", "check")
    assert game.z["board"] == ["2C", "7D", "9H"] and game.z["burn"] == [deck[0]]
    play(game, "check", "check", "check")
    assert game.z["board"] == ["2C", "7D", "9H", "JS"] and game.z["burn"] == [deck[0], deck[4]]
    play(game, "check", "check", "check")
    assert game.z["board"][-1] == "3C" and game.z["burn"] == [deck[0], deck[4], deck[6]]
    assert game.view(1)["zones"]["burn"] == [None] * 3           # face down


# ---- betting -----------------------------------------------------------------------

def test_HLD_8_preflop_left_of_the_big_blind_then_left_of_the_button():
    game = game_of(4, FOUR, dealer=0)
    assert game.to_act == 3
    play(game, "call", "call", "call", "check")
    assert game.v["street"] == 1 and game.to_act == 1


def test_HLD_8_heads_up_the_button_first_preflop_and_last_after():
    game = game_of(2, {0: "QC 4D", 1: "AS AD"}, dealer=0)
    assert game.to_act == 0
    play(game, "call", "check")
    assert game.v["street"] == 1 and game.to_act == 1


def test_HLD_8_a_folded_seat_is_skipped():
    game = game_of(3, THREE)
    play(game, "call", "fold", "check")
    assert game.to_act == 2                       # seat 1 folded: seat 2 first after the flop


def test_HLD_9_facing_a_bet_fold_call_or_raise():
    game = game_of(3, THREE)
    assert set(choices(game)) == {"fold", "call", "raise"}


def test_HLD_9_the_big_blind_may_check_but_not_fold():
    game = game_of(3, THREE)
    play(game, "call", "call")
    assert set(choices(game)) == {"check", "raise"}


def test_HLD_9_with_no_bet_check_or_bet():
    game = game_of(3, THREE)
    play(game, "call", "call", "check")
    assert choices(game) == {"check": None, "bet": (10, 990)}


def test_HLD_9_a_fold_gives_up_the_hand_face_down():
    game = game_of(3, THREE)
    game.apply("fold")
    assert game.z["hand"][0] == [] and sorted(game.z["muck"]) == ["4D", "QC"]
    assert game.view(1)["zones"]["muck"] == [None, None]


def test_HLD_10_the_smallest_raise_is_the_last_raise_again():
    game = game_of(3, THREE)
    assert choices(game)["raise"] == (20, 1000)   # big blind 10: raise to 20 at least
    game.apply("raise 30")                        # a raise of 20
    assert choices(game)["raise"] == (50, 1000)   # seat 1: 5 in, 995 behind
    game.apply("raise 120")                       # a raise of 90
    assert choices(game)["raise"] == (210, 1000)


def test_HLD_10_any_amount_up_to_the_stack_written_as_a_number():
    game = game_of(3, THREE)
    listed = [str(a) for a in game.legal_actions()]       # 1,000 chips: still listable
    assert listed == ["fold", "call"] + [f"raise {n}" for n in range(20, 1001)]
    big = game_of(3, THREE, starting_stack=10000)
    assert choices(big)["raise"] == (20, 10000)
    with pytest.raises(rulekit.TooManyChoices):           # 9,981 raises: never listed
        big.legal_actions()
    big.apply("raise 2345")
    assert bets(big) == [2345, 5, 10] and chips(big)[0] == 10000 - 2345
    assert choices(big)["raise"] == (2345 + 2335, 10000)  # seat 1: raise by 2,335 again
    big.apply("raise 9000")
    assert choices(big)["raise"] == (10000, 10000)        # seat 2: only all-in is left


def test_HLD_10_a_bet_is_at_least_the_big_blind_and_sets_the_raise():
    game = game_of(3, THREE)
    play(game, "call", "call", "check", "bet 25")
    assert choices(game) == {"fold": None, "call": None, "raise": (50, 990)}


def test_HLD_10_all_in_for_less_than_the_minimum():
    game = game_of(3, THREE)
    game.v["chips"][2] = 25                        # the big blind: 35 in all
    play(game, "raise 30", "call")
    assert choices(game)["raise"] == (35, 35)      # the minimum would be 50: all-in 35


def test_HLD_11_a_short_all_in_does_not_reopen_the_betting():
    game = game_of(3, THREE)
    game.v["chips"][2] = 25
    play(game, "raise 30", "call", "raise 35")     # seat 2 all-in: 5 more, not 20
    assert choices(game) == {"fold": None, "call": None}      # seat 0 already acted
    game.apply("call")
    assert choices(game) == {"fold": None, "call": None}      # seat 1 too


def test_HLD_11_short_all_ins_that_add_up_to_a_full_raise_reopen_it():
    game = game_of(4, FOUR, dealer=0)
    game.v["chips"][0] = 45                        # seat 0: 45 in all
    game.v["chips"][1] = 50                        # seat 1: 55 in all (5 in the blind)
    play(game, "raise 30", "raise 45", "raise 55")  # +20, then +15 and +10: short
    assert choices(game)["raise"] == (75, 1000)    # seat 2 had not acted
    game.apply("call")
    # seat 3 faced 30 when it acted; now 55: 25 more, at least a full raise (20)
    assert choices(game)["raise"] == (75, 1000)


def test_HLD_11_a_short_all_in_bet_lets_those_who_checked_only_call():
    game = game_of(3, THREE)
    game.v["chips"][2] = 6                         # 6 left after the big blind
    play(game, "call", "call", "check")
    play(game, "check")                            # flop: seat 1 checks
    assert choices(game) == {"check": None, "bet": (6, 6)}
    game.apply("bet 6")                            # all-in for less than the big blind
    assert choices(game)["raise"] == (16, 990)     # seat 0 had not acted
    game.apply("call")
    assert choices(game) == {"fold": None, "call": None}      # seat 1 checked


def test_HLD_11_no_raise_when_nobody_could_answer():
    game = game_of(2, {0: "QC 4D", 1: "AS AD"}, dealer=0)
    game.v["chips"][1] = 1990                      # seat 1 covers seat 0
    game.apply("raise 1000")                       # seat 0 all-in
    assert choices(game) == {"fold": None, "call": None}


def test_HLD_12_a_short_call_is_all_in_and_stays_in_the_hand():
    game = game_of(3, THREE, hand_limit=1)
    game.v["chips"][1] = 195                       # 200 in all
    play(game, "raise 500", "call")
    assert chips(game)[1] == 0 and bets(game)[1] == 200
    game.apply("fold")                             # seat 2
    # seat 0's 300 unmatched returns; no more betting: the board runs out, and seat 1's
    # aces take 200 + 200 + seat 2's 10
    assert game.finished and chips(game) == [800, 410, 990]


def test_HLD_13_everyone_else_folds_the_last_takes_the_pot_unseen():
    game = game_of(3, THREE, hand_limit=1)
    play(game, "fold", "fold")
    assert game.finished and game.result.scores == [0, -5, 5]
    assert not any(ev["kind"] in ("revealed", "shown") for ev in game.events)


def test_HLD_13_an_uncalled_part_returns_and_the_board_runs_out():
    game = game_of(2, {0: "QC 4D", 1: "AS AD"}, dealer=0, hand_limit=1)
    game.v["chips"][1] = 290                       # seat 1: 300 in all
    play(game, "raise 1000", "call")               # seat 0 all-in, seat 1 all-in for 300
    assert game.finished
    assert game.z["board"] == ["2C", "7D", "9H", "JS", "3C"]
    # seat 0 gets 700 back and loses 300; seat 1 wins it (its score from 1000: +300-700)
    assert chips(game) == [700, 600]
    assert any("700 uncalled returned to seat 0" in str(ev.get("text", ""))
               for ev in game.events)


def test_HLD_13_the_round_ends_when_all_have_acted_and_matched():
    game = game_of(3, THREE)
    play(game, "call", "raise 40")                 # seat 1 raises: seat 0 must act again
    assert game.v["street"] == 0 and game.to_act == 2
    play(game, "call")
    assert game.v["street"] == 0 and game.to_act == 0
    play(game, "call")
    assert game.v["street"] == 1 and bets(game) == [0, 0, 0]
    assert list(game.v["put"]) == [40, 40, 40]


# ---- the showdown -------------------------------------------------------------------

def rank_of(game, cards: str):
    return game.evaluate("hand_rank([" + ", ".join(f"card('{c}')" for c in cards.split()) + "])")


# categories, with the ranks as numbers: 2 is 0, ..., 9 is 7, T 8, J 9, Q 10, K 11, A 12
HANDS = [
    ("AC QD 9H 7S 3C", [0, 12, 10, 7, 5, 1]),      # high card
    ("TC TD AH 8S 3C", [1, 8, 12, 6, 1]),          # a pair of tens, A 8 3
    ("JC JD 4H 4S AC", [2, 9, 2, 12]),             # jacks and fours, ace
    ("7C 7D 7H KS 2C", [3, 5, 11, 0]),             # three sevens, K 2
    ("AC 2D 3H 4S 5C", [4, 3]),                    # the 5-high straight
    ("TC 9D 8H 7S 6C", [4, 8]),                    # 10-high straight
    ("AH JH 8H 4H 2H", [5, 12, 9, 6, 2, 0]),       # flush
    ("KC KD KH 4S 4C", [6, 11, 2]),                # kings full of fours
    ("9C 9D 9H 9S 2C", [7, 7, 0]),                 # four nines, a 2
    ("5D 4D 3D 2D AD", [8, 3]),                    # the lowest straight flush
    ("AS KS QS JS TS", [8, 12]),                   # the highest
]


def test_HLD_14_each_category_and_its_rank():
    game = game_of(3, THREE)
    for cards, want in HANDS:
        assert rank_of(game, cards) == want, cards


def test_HLD_14_the_categories_in_order():
    game = game_of(3, THREE)
    ranks = [rank_of(game, cards) for cards, _ in HANDS]
    assert all(game.evaluate("a < b", a=x, b=y) for x, y in zip(ranks, ranks[1:]))


def test_HLD_14_no_straight_around_the_corner():
    game = game_of(3, THREE)
    assert rank_of(game, "QC KD AH 2S 3C") == [0, 12, 11, 10, 1, 0]


def test_HLD_14_the_best_five_of_seven():
    game = game_of(3, THREE)
    game.z["board"] = ["KS", "QS", "JS", "TS", "2C"]
    game.z["hand"][0] = ["AS", "AD"]              # AS makes the royal flush
    game.z["hand"][1] = ["2D", "2H"]              # three 2s
    game.z["hand"][2] = ["9D", "3H"]              # the board's K-high straight, with 9
    assert game.evaluate("best_rank(0)") == [8, 12]
    assert game.evaluate("best_rank(1)") == [3, 0, 11, 10]
    assert game.evaluate("best_rank(2)") == [4, 11]


@pytest.mark.parametrize("better, worse", [
    ("KC KD AH 7S 2C", "KH KS QH JS TD"),          # the first kicker
    ("KC KD AH 7S 3C", "KH KS AD 7D 2C"),          # the third kicker
    ("JC JD 4H 4S AC", "JH JS 4C 4D KC"),          # two pair's odd card
    ("JC JD 5H 5S 2C", "JH JS 4C 4D AC"),          # the lower pair before the odd card
    ("AH JH 8H 4H 3H", "AD JD 8D 4D 2D"),          # a flush's last card
    ("3C 3D 3H 2S 2C", "2H 2D 2S AH AC"),          # a full house by its three
    ("6C 5D 4H 3S 2C", "5C 4D 3H 2S AC"),          # the wheel is the lowest straight
])
def test_HLD_15_kickers(better, worse):
    game = game_of(3, THREE)
    assert game.evaluate("a > b", a=rank_of(game, better), b=rank_of(game, worse))


def test_HLD_15_equal_hands_tie_whatever_the_suits():
    game = game_of(3, THREE)
    assert rank_of(game, "AH JH 8H 4S 3H") == rank_of(game, "AD JS 8C 4D 3C")


def test_HLD_15_a_kicker_decides_a_hand():
    # both pair the board's kings; seat 0's ace beats seat 1's queen
    game = game_of(2, {0: "AH 3D", 1: "QH JD"}, board="KC KD 7H 4S 2C", hand_limit=1)
    check_down(game)
    assert game.result.scores == [10, -10]


def test_HLD_16_side_pots():
    game = game_of(3, THREE, hand_limit=1)
    game.v["chips"][1] = 95                        # seat 1: 100 in all
    game.v["chips"][2] = 290                       # seat 2: 300 in all
    play(game, "raise 1000", "call", "call")
    # 700 of seat 0's returns; the main pot 3 x 100 to seat 1's aces, the side pot
    # 2 x 200 to seat 2's kings over seat 0's queen high
    assert game.finished
    assert chips(game) == [700, 300, 400]


def test_HLD_16_a_folded_seats_chips_stay_in_the_pots():
    game = game_of(3, THREE, hand_limit=1)
    game.v["chips"][1] = 95                        # seat 1: 100 in all
    play(game, "raise 200", "call", "fold")        # seat 2's 10 stay in
    # seat 0's 100 above seat 1's all-in returns; the one pot: 100 + 100 + 10
    assert chips(game) == [900, 210, 990]


def test_HLD_17_a_split_pot_and_its_odd_chip():
    game = game_of(3, {0: "2D 3D", 1: "4C 5C", 2: "2H 3H"}, board="AS KS QS JS TS",
                   hand_limit=1)
    play(game, "call", "fold", "check")           # the pot: 10 + 5 + 10
    check_down(game)
    # the board's royal flush ties seats 0 and 2: 12 each, the odd chip to seat 2
    # (the first of them from the button's left; seat 1 folded)
    assert game.result.scores == [2, -5, 3]


def test_HLD_17_odd_chips_one_at_a_time_clockwise():
    game = game_of(4, {0: "2D 3D", 1: "4C 5C", 2: "2H 3H", 3: "2C 3C"},
                   board="AS KS QS JS TS", hand_limit=1, small_blind=4)
    # the pot: 4 (seat 1 folds) + 3 x 10: 34 among seats 2, 3, 0: 11 each and 1 over,
    # to seat 2 (first clockwise from the button's left, seat 1 having folded)
    play(game, "call", "call", "fold", "check")
    check_down(game)
    assert game.result.scores == [1, -4, 2, 1]


# ---- the end ------------------------------------------------------------------------

def test_HLD_18_a_hand_limit_ends_the_game_with_chips_won_or_lost():
    game = game_of(3, THREE, hand_limit=1)
    check_down(game)                               # seat 1's aces take 30
    res = game.result
    assert res.status == "finished" and res.scores == [-10, 20, -10]
    assert res.returns == [-10, 20, -10]
    assert res.winners == [1]


def test_HLD_18_the_game_ends_when_one_seat_has_every_chip():
    game = game_of(2, {0: "QC 4D", 1: "AS AD"}, dealer=0)
    play(game, "raise 1000", "call")
    assert game.finished and game.result.scores == [-1000, 1000]
    assert game.result.losers == [0]


# ---- random games and records ---------------------------------------------------------

def random_move(game, rng):
    """A uniformly random legal action of the seat to act (never a listing: a raise
    may be any amount up to the stack)."""
    return game.random_legal(rng)


def total(game):
    return sum(game.v["chips"]) + sum(game.v["put"])


OPTIONS = [{}, {"ante": "2", "small_blind": "0"}, {"hand_limit": "3"},
           {"small_blind": "25", "big_blind": "50"}, {"starting_stack": "10000"}]


@pytest.mark.random_games
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_random_games_keep_the_rules(options):
    opts = dict(options)
    r = rulekit.load("holdem", opts or None)
    stack = int(opts.get("starting_stack", 1000))
    for players in range(2, 10):
        for seed in range(games(1, 20)):
            g = r.new_game(players=players, seed=seed)
            rng = random.Random(seed)
            dumps = [g.dump()]
            while not g.finished:
                assert total(g) == stack * players                       # HLD-2
                cards = g.z["deck"] + g.z["board"] + g.z["burn"] + g.z["muck"] + [
                    c for h in g.z["hand"] for c in h]
                assert sorted(cards) == sorted(PACK)
                seat = g.to_act
                assert g.v["playing"][seat] and not g.v["folded"][seat]  # HLD-8
                assert g.v["chips"][seat] > 0                            # HLD-12
                hand = g.hand_no
                g.apply(random_move(g, rng))
                dumps.append(g.dump())
                if g.hand_no != hand and not g.finished:
                    for s in range(players):                         # HLD-2, HLD-6
                        dealt = g.v["playing"][s]
                        assert len(g.z["hand"][s]) == (2 if dealt else 0)
            res = g.result
            assert res.status == "finished", res.message
            assert sum(g.v["chips"]) == stack * players and sum(g.v["put"]) == 0
            assert sum(res.scores) == 0 and res.returns == res.scores  # HLD-18
            if "hand_limit" in opts:
                assert g.hand_no <= 3
            else:
                assert sorted(res.scores)[:-1] == [-stack] * (players - 1)
            record = json.loads(json.dumps(make_record(g, "holdem", opts, seed)))
            seen = []
            again = replay(record, apply=lambda game, a: (game.apply(a), seen.append(game.dump())))
            assert [dumps[0]] + seen == dumps
            assert again.result == g.result
