"""Per-rule tests for the bundled `mattis_norsk` ruleset (Norwegian Mattis).

Each test is named after the rule it checks (docs/rules/mattis-norsk.md NOR-1..NOR-14,
on top of common.md C-* and MAT-7's empty-hand draw) and asserts the state exactly where
that rule bites. Every expected value below was worked out by hand from the rule text;
none is a copy of engine output.

Positions are built with :func:`build_deck` (C-3, and NOR-1: with 2 players the top
``two_player_removed`` cards go to `out` before the deal, so they come first in the
deck). Late phase-1 and phase-2 positions come from :func:`stock_game`: seat 0 leads
(dealer n-1) and it and seat 1 play nothing but `stock` (C-5, NOR-6) until only the tail
of the stock is left; seat 0's stock card is always strictly higher, so seat 0 wins every
one of those tricks and leads again against seat 1 (NOR-3), nobody draws (the hands never
shrink) and the other seats never play. The rest is played from hand in each test.
"""
from __future__ import annotations

import pytest

import rulekit
from ruleset_positions import (PACK, RANKS, deal_game, hands, legal, load_rules, others, play,
                               plays, rank, srt, stock_pairs_game, suit, won, zone)

RULESET = "mattis_norsk"


# ---------------------------------------------------------------------------------------
# helpers (the shared ones are in tests/ruleset_positions.py)

def rules(options: dict | None = None):
    """The `mattis_norsk` ruleset with ``options`` (loaded once per distinct options)."""
    return load_rules(RULESET, options)


def new_game(n, dealer, hands, stock=(), last=None, options=None, removed=(), **kw):
    """A new `mattis_norsk` game dealt into ``hands``/``stock``/``last``, with
    ``removed`` on top of the deck (NOR-1, 2 players; see build_deck)."""
    return deal_game(RULESET, n, dealer, hands, stock, last, options, removed, **kw)


def stock_game(n, hands_, tail, options=None):
    """An n-player game (n >= 3), dealer n-1 (so seat 0 leads, NOR-2, against seat 1,
    NOR-3), dealt exactly ``hands_``, with the filler pairs of the stock played so that
    only ``tail`` is left: see :func:`ruleset_positions.stock_pairs_game`. Returns
    (game, filler cards)."""
    return stock_pairs_game(RULESET, n, hands_, tail, options, min_players=3)


# --- NOR3: a 3-player game to the start of phase 2 -----------------------------------
# After the 42 stock plays the stock holds only the trump card 2S.
# T22: QC beats 5C; seat 0 must draw 1: the last card 2S is set aside (NOR-7).
# T23: seat 1's 9D beats 6H: seat 1 leads against seat 2.
# T24: seat 2's 5D beats 4D: seat 1's hand is empty; seat 2 leads against seat 0.
# T25: seat 2's JH beats 5H: only seat 2 holds cards (3C): phase 1 ends (NOR-8).
NOR3_HANDS = [["QC", "6H", "5H"], ["5C", "9D", "4D"], ["5D", "JH", "3C"]]
NOR3_PLAY = ["play QC", "play 5C", "play 6H", "play 9D", "play 4D", "play 5D",
             "play JH", "play 5H"]
NOR3_1 = srt(["6H", "9D"])                               # seat 1 in phase 2
NOR3_2 = srt(["4D", "5D", "JH", "5H", "3C"])             # seat 2 in phase 2
NOR3_G = others(*NOR3_1, *NOR3_2)                        # seat 0: 45 cards, with 2S


def nor3_game(options=None, upto=None):
    game, filler = stock_game(3, NOR3_HANDS, ["2S"], options)
    play(game, *NOR3_PLAY[:upto])
    return game, filler


# --- NOR4: a 4-player game to the start of phase 2 -----------------------------------
# After 38 stock plays the stock holds JS and the trump card 2H.
# T20: seat 0 plays JS from the stock (2 cards: allowed), seat 1 must play from hand
#      (only the trump card left, NOR-6): 3C. Seat 0 wins; it is full; seat 1 draws the
#      last card 2H and sets it aside (NOR-7).
# T21: KC beats 4C. T22: KD beats 4D: seat 1's hand is empty.
# T23: seat 0 leads AC to seat 2 (seat 1 skipped, NOR-3); AC beats 5C; seat 0's hand is
#      empty: the lead passes over seat 1 to seat 2 (NOR-3).
# T24: seat 3's QD beats 6D. T25: seat 3 leads to seat 2 (0 and 1 skipped); QS beats 7S:
#      only seat 3 holds cards (9S): phase 1 ends (NOR-8).
NOR4_HANDS = [["KC", "KD", "AC"], ["3C", "4C", "4D"], ["5C", "6D", "7S"],
              ["QD", "QS", "9S"]]
NOR4_TAIL = ["JS", "2H"]
NOR4_3 = srt(["6D", "QD", "QS", "7S", "9S"])             # seat 3 in phase 2
NOR4_G = others("2H", *NOR4_3)                           # seat 0: 46 cards


def nor4_game():
    game, filler = stock_game(4, NOR4_HANDS, NOR4_TAIL)
    play(game, "stock", "play 3C", "play KC", "play 4C", "play KD", "play 4D",
         "play AC", "play 5C", "play 6D", "play QD", "play QS", "play 7S")
    return game, filler


# ---------------------------------------------------------------------------------------
# NOR-1 players and the 2-player removal

@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_NOR_1_two_to_six_players(n):
    """NOR-1: 2 to 6 players, 3 cards each."""
    game = rules().new_game(players=n, seed=5)
    d = game.dump()
    assert d["players"] == n
    assert [len(h) for h in d["zones"]["hand"]] == [3] * n


@pytest.mark.parametrize("n", [0, 1, 7, 8])
def test_NOR_1_other_player_counts_raise(n):
    """NOR-1: other player counts raise ValueError."""
    with pytest.raises(ValueError):
        rules().new_game(players=n, seed=1)


def test_NOR_1_two_players_top_10_cards_go_out_unseen():
    """NOR-1: with exactly 2 players the top 10 cards of the deck go to `out` before the
    deal, seen by nobody; the deal (C-3) then starts with the 11th card."""
    game = rules().new_game(players=2, deck=PACK[:], dealer=0)
    d = game.dump()
    assert srt(d["zones"]["out"]) == srt(PACK[:10])
    # dealer 0: seat 1 gets cards 10, 12, 14; seat 0 cards 11, 13, 15
    assert hands(game) == [srt([PACK[11], PACK[13], PACK[15]]),
                           srt([PACK[10], PACK[12], PACK[14]])]
    assert d["zones"]["stock"] == PACK[16:]
    assert len(d["zones"]["stock"]) == 36
    for seat in (0, 1):
        assert game.view(seat)["zones"]["out"] == [None] * 10


@pytest.mark.parametrize("n", [3, 4, 6])
def test_NOR_1_nothing_removed_with_more_players(n):
    """NOR-1: only a 2-player game removes cards (whatever the option says)."""
    game = rules({"two_player_removed": 20}).new_game(players=n, deck=PACK[:], dealer=0)
    d = game.dump()
    assert d["zones"]["out"] == []
    assert d["zones"]["stock"] == PACK[3 * n:]


@pytest.mark.parametrize("k", [0, 20, 40])
def test_NOR_1_two_player_removed_option(k):
    """NOR-1 option two_player_removed (0-40): that many top cards go out unseen."""
    game = rules({"two_player_removed": k}).new_game(players=2, deck=PACK[:], dealer=1)
    d = game.dump()
    assert srt(d["zones"]["out"]) == srt(PACK[:k])
    assert game.view(0)["zones"]["out"] == [None] * k
    # dealer 1: seat 0 gets the first dealt card
    assert hands(game) == [srt([PACK[k], PACK[k + 2], PACK[k + 4]]),
                           srt([PACK[k + 1], PACK[k + 3], PACK[k + 5]])]
    assert d["zones"]["stock"] == PACK[k + 6:]


@pytest.mark.parametrize("k", [-1, 41])
def test_NOR_1_two_player_removed_out_of_range(k):
    """NOR-1: the option's range is 0-40."""
    with pytest.raises(rulekit.RulesetError):
        rulekit.load(RULESET, options={"two_player_removed": k})


def test_NOR_1_removed_cards_take_no_part_and_stay_unseen():
    """NOR-1: the removed cards never come back: with 40 removed, 12 cards are played.
    Seat 0 (dealer 1) leads; 2 stock tricks, then seat 0 plays the 5th stock card and
    seat 1 (only the trump card left, NOR-6) plays 2C; seat 1 sets the trump card 3S
    aside (NOR-7); seat 0 wins twice more and seat 1's hand is empty: phase 1 ends
    (NOR-8). Seat 1 leads its trump card (NOR-9), goes out (NOR-14) and seat 0 is left."""
    removed = [c for c in PACK if c not in
               ("AC", "KC", "QC", "2C", "2D", "2H", "AD", "KD", "QD", "JD", "TD", "3S")]
    game = new_game(2, 1, [["AC", "KC", "QC"], ["2C", "2D", "2H"]],
                    stock=["AD", "KD", "QD", "JD", "TD"], last="3S",
                    removed=removed, options={"two_player_removed": 40})
    play(game, "stock", "stock", "stock", "stock", "stock")
    assert game.to_act == 1 and legal(game) == plays("2C", "2D", "2H")
    game.apply("play 2C")
    d = game.dump()
    assert d["zones"]["trump_card"] == [[], ["3S"]]
    play(game, "play AC", "play 2D", "play KC", "play 2H")
    d = game.dump()
    assert d["phase"] == "shed"
    assert hands(game) == [srt(["AD", "KD", "QD", "JD", "TD", "2C", "AC", "KC", "QC",
                                "2D", "2H"]), ["3S"]]
    assert srt(d["zones"]["out"]) == srt(removed)
    assert game.view(0)["zones"]["out"] == [None] * 40
    assert d["to_act"] == 1 and legal(game) == ["play 3S"]
    game.apply("play 3S")
    r = game.result
    assert (r.status, r.loser, r.out_order) == ("finished", 0, [1])
    assert game.view(1)["zones"]["out"].count(None) == 40


# ---------------------------------------------------------------------------------------
# NOR-2 deal and first leader

def test_NOR_2_deal_per_C_3_left_of_dealer_leads():
    """NOR-2: deal per C-3 (from the dealer's left, one at a time); the player left of
    the dealer leads the first trick, against the next seat."""
    game = rules().new_game(players=4, deck=PACK[:], dealer=1)
    d = game.dump()
    # seat 2 gets cards 0, 4, 8; seat 3 1, 5, 9; seat 0 2, 6, 10; seat 1 3, 7, 11
    assert hands(game) == [srt(["2H", "3H", "4H"]), srt(["2S", "3S", "4S"]),
                           srt(["2C", "3C", "4C"]), srt(["2D", "3D", "4D"])]
    assert d["zones"]["stock"] == PACK[12:] and d["zones"]["out"] == []
    assert d["to_act"] == 2
    assert legal(game) == plays("2C", "3C", "4C", extra=["stock"])
    game.apply("play 4C")
    assert game.to_act == 3


def test_NOR_2_two_players_left_of_dealer_leads():
    """NOR-2 with 2 players (after the NOR-1 removal): dealer 0, seat 1 leads."""
    game = new_game(2, 0, [["2C", "3C", "4C"], ["KD", "5D", "6D"]],
                    removed=["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S"])
    assert hands(game) == [srt(["2C", "3C", "4C"]), srt(["KD", "5D", "6D"])]
    assert game.to_act == 1
    game.apply("play KD")
    assert game.to_act == 0


# ---------------------------------------------------------------------------------------
# NOR-3 two-card tricks

def test_NOR_3_two_card_trick_winner_leads_to_own_left():
    """NOR-3: the leader plays to their left, who answers; the higher rank wins both
    into `won`; the winner leads to their own left (seats 2, 3 untouched meanwhile)."""
    game = new_game(4, 3, [["2C", "KC", "3C"], ["KD", "5D", "6D"], ["7H", "8H", "9H"],
                           ["7S", "8S", "9S"]], stock=["AS", "QS", "JS", "TS"])
    play(game, "play KC", "play 6D")                     # leader wins
    assert won(game) == [srt(["KC", "6D"]), [], [], []]
    assert game.to_act == 0
    game.apply("play 2C")
    assert game.to_act == 1
    game.apply("play KD")                                # answerer wins
    assert won(game) == [srt(["KC", "6D"]), srt(["2C", "KD"]), [], []]
    assert hands(game)[2:] == [srt(["7H", "8H", "9H"]), srt(["7S", "8S", "9S"])]
    assert game.to_act == 1
    game.apply("play 5D")
    assert game.to_act == 2


def test_NOR_3_empty_hands_are_skipped_and_the_lead_passes():
    """NOR-3: seats with an empty hand are skipped when finding the leader's left (seat 1
    for seat 0; seats 0 and 1 for seat 3); a winner with an empty hand passes the lead to
    the next seat on the left that holds cards, with no action."""
    game, filler = stock_game(4, NOR4_HANDS, NOR4_TAIL)
    play(game, "stock", "play 3C", "play KC", "play 4C", "play KD", "play 4D")
    d = game.dump()
    assert hands(game) == [["AC"], [], srt(["5C", "6D", "7S"]), srt(["QD", "QS", "9S"])]
    assert d["phase"] == "collect" and d["to_act"] == 0
    game.apply("play AC")
    assert game.to_act == 2                              # seat 1 skipped
    assert legal(game) == plays("5C", "6D", "7S")
    n = game.dump()["actions"]
    game.apply("play 5C")                                # seat 0 wins with no card left
    d = game.dump()
    assert won(game)[0] == srt(filler + ["JS", "3C", "KC", "4C", "KD", "4D", "AC", "5C"])
    assert d["to_act"] == 2                              # lead passed over 0 and 1
    assert d["actions"] == n + 1
    assert legal(game) == plays("6D", "7S")
    play(game, "play 6D", "play QD")                     # seat 3 wins
    assert game.to_act == 3
    game.apply("play QS")
    assert game.to_act == 2                              # 0 and 1 skipped
    assert game.dump()["phase"] == "collect"


# ---------------------------------------------------------------------------------------
# NOR-4 krig

def test_NOR_4_krig_both_add_leader_first_stock_allowed_higher_takes_all():
    """NOR-4 (a) equal ranks: both add one card, the leader first, `stock` allowed (the
    card goes straight to the trick, C-5); (b) the higher new card takes every card of
    the trick; then the refill (NOR-5, winner first) and the winner leads."""
    game = new_game(3, 2, [["7C", "2C", "3C"], ["7D", "4D", "5D"], ["AH", "AS", "AD"]],
                    stock=["KS", "9S", "8S", "6S"])
    play(game, "play 7C", "play 7D")
    d = game.dump()
    assert d["zones"]["trick"] == ["7C", "7D"] and won(game) == [[], [], []]
    assert d["to_act"] == 0                              # the leader adds first
    assert len(d["zones"]["stock"]) == 43                # no refill during a krig
    assert legal(game) == plays("2C", "3C", extra=["stock"])
    game.apply("stock")                                  # KS
    assert zone(game, "trick") == ["7C", "7D", "KS"]
    assert hands(game)[0] == srt(["2C", "3C"])
    assert game.to_act == 1
    assert legal(game) == plays("4D", "5D", extra=["stock"])
    game.apply("play 5D")                                # KS > 5D: seat 0 takes all
    assert zone(game, "trick") == []
    assert won(game) == [srt(["7C", "7D", "KS", "5D"]), [], []]
    # refill: seat 0 needs 1 (9S), seat 1 needs 2 (8S 6S), seat 2 is full
    assert hands(game) == [srt(["2C", "3C", "9S"]), srt(["4D", "8S", "6S"]),
                           srt(["AH", "AS", "AD"])]
    assert game.to_act == 0
    game.apply("play 2C")
    assert game.to_act == 1                              # seat 2 took no part


def test_NOR_4_krig_repeats_and_empty_hand_draw():
    """NOR-4 (a)/(b): equal again, repeat; a player who must add with an empty hand first
    draws one card from the stock (MAT-7), the leader first; then they play (or stock)."""
    game = new_game(3, 2, [["7C", "5C", "9C"], ["7D", "5D", "9D"], ["AH", "AS", "AD"]],
                    stock=["JS", "3S", "AC", "KS", "QS", "TS", "8S", "6S"])
    play(game, "play 7C", "play 7D", "play 5C", "play 5D", "play 9C", "play 9D")
    d = game.dump()
    assert d["to_act"] == 0
    assert hands(game)[:2] == [["JS"], []]               # seat 0 drew, seat 1 not yet
    assert len(d["zones"]["stock"]) == 42 and d["zones"]["stock"][0] == "3S"
    assert legal(game) == ["play JS", "stock"]
    game.apply("play JS")
    assert game.to_act == 1
    assert hands(game)[1] == ["3S"]
    assert legal(game) == ["play 3S", "stock"]
    game.apply("play 3S")                                # JS > 3S
    assert won(game) == [srt(["7C", "7D", "5C", "5D", "9C", "9D", "JS", "3S"]), [], []]
    # refill, winner first: seat 0 AC KS QS, seat 1 TS 8S 6S
    assert hands(game) == [srt(["AC", "KS", "QS"]), srt(["TS", "8S", "6S"]),
                           srt(["AH", "AS", "AD"])]
    assert game.to_act == 0


def test_NOR_4_unresolved_krig_cards_stay_for_the_next_trick_winner():
    """NOR-4 (c): the answerer must add but has no card and the stock is empty: the krig
    is unresolved; its cards stay on the table; the same leader leads again (it still
    holds a card) to its left neighbour with cards (seat 2: seat 1 is empty); the winner
    of that trick takes every card on the table."""
    # 20 stock tricks; the stock then holds 9C 4H 2H.
    game, filler = stock_game(3, [["7C", "KC", "8C"], ["7D", "2D", "8D"],
                                  ["QH", "5S", "6S"]], ["9C", "4H", "2H"])
    assert zone(game, "stock") == ["9C", "4H", "2H"]
    play(game, "play 7C", "play 7D", "play KC", "play 2D")   # krig won by KC
    d = game.dump()
    assert won(game)[0] == srt(filler + ["7C", "7D", "KC", "2D"])
    # refill: seat 0 draws 9C and 4H; seat 1 would draw 2 but only the trump card is
    # left: set aside (NOR-7)
    assert hands(game) == [srt(["8C", "9C", "4H"]), ["8D"], srt(["QH", "5S", "6S"])]
    assert d["zones"]["trump_card"] == [[], ["2H"], []]
    assert d["zones"]["stock"] == []
    play(game, "play 8C", "play 8D")                     # krig
    assert game.to_act == 0
    assert legal(game) == plays("9C", "4H")              # no stock: it is empty
    game.apply("play 9C")                                # seat 1 cannot add
    d = game.dump()
    assert d["phase"] == "collect"
    assert d["zones"]["trick"] == ["8C", "8D", "9C"]     # unresolved: the cards stay
    assert won(game)[1] == [] and won(game)[2] == []
    assert d["to_act"] == 0                              # the same leader
    assert legal(game) == ["play 4H"]
    game.apply("play 4H")
    assert game.to_act == 2                              # seat 1 (empty) is skipped
    game.apply("play QH")                                # seat 2 wins everything
    d = game.dump()
    # only seat 2 holds cards now (5S 6S): phase 1 ends (NOR-8) and its won pile, with
    # the five cards of the table, joins its hand; seat 1's trump card leads (NOR-9)
    assert d["phase"] == "shed"
    assert hands(game) == [srt(filler + ["7C", "7D", "KC", "2D"]), ["2H"],
                           srt(["8C", "8D", "9C", "4H", "QH", "5S", "6S"])]
    assert d["to_act"] == 1


def test_NOR_4_unresolved_krig_when_the_leader_runs_out_passes_the_lead():
    """NOR-4 (c) with a leader with no cards left: seat 0 adds its last card, seat 1 has
    none and the stock is empty: unresolved; seat 0 must lead again but has no card, so
    the lead passes to the next seat on the left with cards (seat 2, skipping seat 1),
    and the winner of seat 2's trick takes all seven cards."""
    game, filler = stock_game(4, [["8C", "9C", "AC"], ["3C", "8D", "9D"],
                                  ["5C", "6D", "7S"], ["QD", "QS", "9S"]], NOR4_TAIL)
    play(game, "stock", "play 3C")                       # seat 1 sets 2H aside
    assert zone(game, "trump_card")[1] == ["2H"] and zone(game, "stock") == []
    play(game, "play 8C", "play 8D")                     # krig
    assert game.to_act == 0 and legal(game) == plays("9C", "AC")
    game.apply("play 9C")
    assert game.to_act == 1 and legal(game) == ["play 9D"]
    game.apply("play 9D")                                # krig again
    assert game.to_act == 0 and legal(game) == ["play AC"]
    n = game.dump()["actions"]
    game.apply("play AC")                                # seat 1 cannot add
    d = game.dump()
    assert d["zones"]["trick"] == ["8C", "8D", "9C", "9D", "AC"]
    assert won(game) == [srt(filler + ["JS", "3C"]), [], [], []]
    assert hands(game)[:2] == [[], []]
    assert d["to_act"] == 2 and d["actions"] == n + 1
    assert legal(game) == plays("5C", "6D", "7S")
    play(game, "play 5C", "play QD")                     # seat 3 wins all seven
    assert won(game)[3] == srt(["8C", "8D", "9C", "9D", "AC", "5C", "QD"])
    assert zone(game, "trick") == []
    assert game.to_act == 3
    game.apply("play QS")
    assert game.to_act == 2                              # 0 and 1 skipped (NOR-3)


def test_NOR_4_empty_hand_draw_of_the_trump_card_leaves_the_krig_unresolved():
    """NOR-4 (a) a player who must add with an empty hand draws first (MAT-7): seat 0
    draws KS and plays it; (c) seat 1's empty-hand draw is the last stock card, which is
    set aside (NOR-7), so it cannot add: unresolved; the leader has no card, the lead
    passes to seat 2 (seat 1 has none either); seat 2's trick takes all nine cards."""
    game, filler = stock_game(4, [["5C", "6C", "7C"], ["5D", "6D", "7D"],
                                  ["AC", "3S", "4S"], ["2C", "8S", "9S"]], ["KS", "2H"])
    play(game, "play 5C", "play 5D", "play 6C", "play 6D", "play 7C", "play 7D")
    d = game.dump()
    assert d["to_act"] == 0
    assert hands(game)[:2] == [["KS"], []]
    assert d["zones"]["stock"] == ["2H"]
    assert legal(game) == ["play KS"]                    # no stock: only the trump card
    game.apply("play KS")
    d = game.dump()
    assert d["zones"]["trick"] == ["5C", "5D", "6C", "6D", "7C", "7D", "KS"]
    assert d["zones"]["trump_card"] == [[], ["2H"], [], []]
    assert d["zones"]["stock"] == [] and hands(game)[:2] == [[], []]
    assert d["vars"]["trump"] is None
    assert won(game) == [srt(filler), [], [], []]
    assert d["to_act"] == 2
    assert legal(game) == plays("AC", "3S", "4S")
    play(game, "play AC", "play 2C")
    assert won(game)[2] == srt(["5C", "5D", "6C", "6D", "7C", "7D", "KS", "AC", "2C"])
    assert game.to_act == 2
    game.apply("play 3S")
    assert game.to_act == 3


def test_NOR_4_cards_on_the_table_go_back_when_phase_1_ends():
    """NOR-4 (c)+(d): krig on krig empties both hands; seat 0's empty-hand draw is the
    trump card (set aside): unresolved; only seat 2 holds cards, so phase 1 ends
    (NOR-8) and each card on the table goes back to the seat that played it."""
    game, filler = stock_game(3, [["5C", "6C", "7C"], ["5D", "6D", "7D"],
                                  ["AC", "AD", "AH"]], ["AS"])
    play(game, "play 5C", "play 5D", "play 6C", "play 6D", "play 7C", "play 7D")
    d = game.dump()
    assert d["phase"] == "shed"
    assert d["zones"]["trick"] == [] and d["zones"]["stock"] == []
    assert d["zones"]["trump_card"] == [[], [], []]
    assert hands(game) == [srt(filler + ["5C", "6C", "7C", "AS"]),
                           srt(["5D", "6D", "7D"]), srt(["AC", "AD", "AH"])]
    assert won(game) == [[], [], []]
    assert d["vars"]["trump"] == "S"
    assert d["to_act"] == 0                              # NOR-9 the trump card's holder


# ---------------------------------------------------------------------------------------
# NOR-5 refill

def test_NOR_5_refill_to_3_winner_first():
    """NOR-5/C-4: after the trick, hands are filled to 3, the winner (seat 1) first, then
    clockwise: seat 2 is full, seat 0 last."""
    game = new_game(3, 2, [["2C", "3C", "4C"], ["KD", "5D", "6D"], ["AH", "AS", "AD"]],
                    stock=["QS", "JS", "TS"])
    play(game, "play 2C", "play KD")
    assert hands(game) == [srt(["3C", "4C", "JS"]), srt(["5D", "6D", "QS"]),
                           srt(["AH", "AS", "AD"])]
    assert len(zone(game, "stock")) == 41
    assert game.to_act == 1


def test_NOR_5_draw_order_leader_first_option():
    """NOR-5/C-4 option draw_order leader_first: the leader (seat 0) draws first."""
    game = new_game(3, 2, [["2C", "3C", "4C"], ["KD", "5D", "6D"], ["AH", "AS", "AD"]],
                    stock=["QS", "JS", "TS"], options={"draw_order": "leader_first"})
    play(game, "play 2C", "play KD")
    assert hands(game)[:2] == [srt(["3C", "4C", "QS"]), srt(["5D", "6D", "JS"])]


# ---------------------------------------------------------------------------------------
# NOR-6 sjansing

def test_NOR_6_stock_on_lead_and_answer_hand_does_not_shrink():
    """NOR-6 (C-5): leader and answerer may play the top stock card; it goes to the
    trick, never to the hand, so nobody draws after the trick."""
    game = new_game(3, 2, [["2C", "3C", "4C"], ["5D", "6D", "7D"], ["AH", "AS", "AD"]],
                    stock=["KS", "9S", "8S"])
    assert legal(game) == plays("2C", "3C", "4C", extra=["stock"])
    game.apply("stock")
    assert legal(game) == plays("5D", "6D", "7D", extra=["stock"])
    game.apply("stock")
    assert won(game) == [srt(["KS", "9S"]), [], []]
    assert hands(game) == [srt(["2C", "3C", "4C"]), srt(["5D", "6D", "7D"]),
                           srt(["AH", "AS", "AD"])]
    assert zone(game, "stock")[0] == "8S" and len(zone(game, "stock")) == 41


def test_NOR_6_no_stock_when_only_the_trump_card_is_left():
    """NOR-6: with two stock cards the leader may play from the stock; then only the
    trump card is left and the answerer may not."""
    game, filler = stock_game(4, NOR4_HANDS, NOR4_TAIL)
    assert zone(game, "stock") == ["JS", "2H"] and game.to_act == 0
    assert legal(game) == plays("KC", "KD", "AC", extra=["stock"])
    game.apply("stock")
    assert zone(game, "stock") == ["2H"]
    assert game.to_act == 1
    assert legal(game) == plays("3C", "4C", "4D")


def test_NOR_6_lead_only_krig_cards_are_no_lead():
    """NOR-6 with C-5 stock_play lead_only: `stock` only for a trick's first card; not on
    the answer, not for krig cards; after the krig the winner's lead may use it again."""
    game = new_game(3, 2, [["7C", "2C", "3C"], ["7D", "4D", "5D"], ["AH", "AS", "AD"]],
                    stock=["KS", "9S", "8S", "6S"], options={"stock_play": "lead_only"})
    assert legal(game) == plays("7C", "2C", "3C", extra=["stock"])
    game.apply("play 7C")
    assert legal(game) == plays("7D", "4D", "5D")
    game.apply("play 7D")                                # krig
    assert game.to_act == 0 and legal(game) == plays("2C", "3C")
    game.apply("play 3C")
    assert legal(game) == plays("4D", "5D")
    game.apply("play 5D")                                # seat 1 wins the krig
    assert won(game)[1] == srt(["7C", "7D", "3C", "5D"])
    assert game.to_act == 1
    assert "stock" in legal(game)


# ---------------------------------------------------------------------------------------
# NOR-7 the set-aside trump card

def test_NOR_7_trump_card_set_aside_hidden_not_playable():
    """NOR-7 (C-6 set_aside_hidden): seat 0, the first to draw after the stock holds
    only the trump card, puts it face down in front of it: not in hand (2 cards), not
    playable, seen only by seat 0; the trump suit stays unknown."""
    game, filler = nor3_game(upto=2)
    d = game.dump()
    assert d["zones"]["trump_card"] == [["2S"], [], []]
    assert d["zones"]["stock"] == []
    assert hands(game) == [srt(["6H", "5H"]), srt(["9D", "4D"]), srt(["5D", "JH", "3C"])]
    assert d["vars"]["trump"] is None
    assert d["to_act"] == 0
    assert legal(game) == plays("6H", "5H")
    assert game.view(0)["zones"]["trump_card"][0] == ["2S"]
    for viewer in (1, 2):
        v = game.view(viewer)
        assert v["zones"]["trump_card"][0] == [None]
        assert v["vars"]["trump"] is None
    with pytest.raises(rulekit.IllegalAction):
        game.apply("play 2S")


# ---------------------------------------------------------------------------------------
# NOR-8 end of phase 1

def test_NOR_8_phase_1_goes_on_while_two_players_hold_cards():
    """NOR-8: seat 1's hand is empty after trick 24, but seats 0 and 2 hold cards: phase
    1 goes on (seat 2 leads to seat 0)."""
    game, filler = nor3_game(upto=6)
    d = game.dump()
    assert hands(game) == [["5H"], [], srt(["JH", "3C"])]
    assert d["phase"] == "collect"
    assert d["to_act"] == 2
    assert legal(game) == plays("JH", "3C")


def test_NOR_8_phase_1_ends_when_at_most_one_player_holds_cards():
    """NOR-8: after trick 25 only seat 2 holds cards: phase 1 ends at once; seat 2 keeps
    3C for phase 2; the trump suit becomes known to all."""
    game, filler = nor3_game(upto=7)
    assert game.dump()["vars"]["trump"] is None
    game.apply("play 5H")
    d = game.dump()
    assert d["phase"] == "shed"
    assert won(game) == [[], [], []]
    assert hands(game) == [NOR3_G, NOR3_1, NOR3_2]
    assert "3C" in d["zones"]["hand"][2]
    assert d["vars"]["trump"] == "S"
    for viewer in (1, 2):
        assert game.view(viewer)["vars"]["trump"] == "S"


def test_NOR_8_no_player_holding_cards_ends_phase_1():
    """NOR-8 "at most one" (here none) and NOR-4 (d), 2 players with 40 removed (12
    cards; seat 0 leads, dealer 1). T1, T2 from the stock (AS>3S, KS>4S). T3: krig
    7C/7D, KC beats 2D; refill: seat 0 needs 2: 9H, then the trump card 2H is set aside;
    seat 1 gets nothing. T4: krig 8C/8D; seat 0 adds 9H; seat 1 cannot add: unresolved.
    Nobody holds cards: phase 1 ends and the table goes back to its players."""
    keep = ("AS", "3S", "KS", "4S", "9H", "2H", "7C", "KC", "8C", "7D", "2D", "8D")
    removed = [c for c in PACK if c not in keep]
    game = new_game(2, 1, [["7C", "KC", "8C"], ["7D", "2D", "8D"]],
                    stock=["AS", "3S", "KS", "4S", "9H"], last="2H", removed=removed,
                    options={"two_player_removed": 40})
    play(game, "stock", "stock", "stock", "stock")
    assert won(game) == [srt(["AS", "3S", "KS", "4S"]), []]
    play(game, "play 7C", "play 7D", "play KC", "play 2D")
    d = game.dump()
    assert hands(game) == [srt(["8C", "9H"]), ["8D"]]
    assert d["zones"]["trump_card"] == [["2H"], []] and d["zones"]["stock"] == []
    play(game, "play 8C", "play 8D")
    assert game.to_act == 0 and legal(game) == ["play 9H"]
    game.apply("play 9H")
    d = game.dump()
    assert d["phase"] == "shed"
    assert d["zones"]["trick"] == []
    assert hands(game) == [srt(["AS", "3S", "KS", "4S", "7C", "7D", "KC", "2D",
                                "8C", "9H", "2H"]), ["8D"]]
    assert d["vars"]["trump"] == "H"
    assert d["to_act"] == 0


# ---------------------------------------------------------------------------------------
# NOR-9 start of phase 2

def test_NOR_9_trump_card_joins_its_holders_hand_and_holder_leads():
    """NOR-9: phase-2 hand = won + kept + the trump card for its holder (seat 0); the
    trump suit is known to all; the holder leads, although seat 2 won the last trick.
    C-7: from now on every hand is hidden from the other seats."""
    game, filler = nor3_game()
    d = game.dump()
    assert d["phase"] == "shed"
    assert d["zones"]["trump_card"] == [[], [], []]
    assert "2S" in d["zones"]["hand"][0]
    assert hands(game)[0] == NOR3_G and len(NOR3_G) == 45
    assert d["vars"]["trump"] == "S"
    assert d["to_act"] == 0
    assert legal(game) == plays(*NOR3_G)
    for viewer in (1, 2):
        v = game.view(viewer)
        assert v["vars"]["trump"] == "S"
        assert v["zones"]["hand"][0] == [None] * 45


def test_NOR_9_holder_with_only_the_trump_card_leads():
    """NOR-9: in NOR4, seat 1 holds nothing but the set-aside trump card 2H: phase 2
    starts with seat 1 holding 2H and leading."""
    game, filler = nor4_game()
    d = game.dump()
    assert d["phase"] == "shed"
    assert hands(game) == [NOR4_G, ["2H"], [], NOR4_3]
    assert d["vars"]["trump"] == "H"
    assert d["to_act"] == 1
    assert legal(game) == ["play 2H"]


# ---------------------------------------------------------------------------------------
# NOR-10 no voluntary take

def test_NOR_10_take_only_when_unable_to_beat():
    """NOR-10: a player who can beat must play (no `take`); one who cannot may only take."""
    game, filler = nor3_game()
    game.apply("play 7D")
    assert game.to_act == 1
    assert legal(game) == ["play 9D"]                    # can beat: no take
    game.apply("play 9D")
    assert legal(game) == ["take"]                       # seat 2 cannot beat 9D


def test_NOR_10_voluntary_take_option_allows_taking():
    """NOR-10 is the default (voluntary_take false); the option flips it."""
    game, filler = nor3_game(options={"voluntary_take": True})
    game.apply("play 7D")
    assert legal(game) == plays("9D", extra=["take"])


# ---------------------------------------------------------------------------------------
# NOR-11 take the first card

def test_NOR_11_take_the_first_card_not_the_top():
    """NOR-11: a player who cannot beat takes the first (bottom) card of the trick; the
    next player must beat what is on top (NOR-10: no take)."""
    game, filler = nor3_game()
    play(game, "play 7D", "play 9D")
    game.apply("take")                                   # seat 2 takes 7D, not 9D
    assert hands(game)[2] == srt(NOR3_2 + ["7D"])
    assert zone(game, "trick") == ["9D"]
    assert game.to_act == 0
    higher = [c for c in NOR3_G if (suit(c) == "D" and rank(c) > rank("9D"))
              or suit(c) == "S"]
    assert srt(higher) == srt(["TD", "JD", "QD", "KD", "AD"] + [r + "S" for r in RANKS])
    assert legal(game) == plays(*higher)


def test_NOR_11_first_card_is_the_bottom_not_the_lowest_rank():
    """NOR-11 (C-7 "lowest" = bottom): under seat 0's trump 2S lies 5H; seat 1 cannot
    beat and takes 5H, the first card, not the 2 (the smallest printed rank)."""
    game, filler = nor3_game()
    play(game, "play 2H", "play 6H", "play JH")          # seat 2 wins, leads
    game.apply("play 5H")
    assert "play 2S" in legal(game)                      # a trump beats 5H
    game.apply("play 2S")
    assert game.to_act == 1 and legal(game) == ["take"]
    game.apply("take")
    assert hands(game)[1] == srt(["9D", "5H"])
    assert zone(game, "trick") == ["2S"]
    assert game.to_act == 2 and legal(game) == ["take"]  # 4D 5D 3C: no trump
    game.apply("take")
    assert hands(game)[2] == srt(["4D", "5D", "3C", "2S"])
    assert zone(game, "trick") == [] and game.to_act == 0


def test_NOR_11_with_sequences_take_the_whole_first_run():
    """NOR-11 with sequences: the first play on the trick is a run (4D 5D); the taker
    takes the whole run as it was played, one play, and the trump on it stays."""
    game, filler = nor3_game(options={"sequences": True})
    play(game, "play 2H", "play 6H", "play JH")          # seat 2 wins, leads
    assert game.to_act == 2
    game.apply("play 4D 5D")
    assert game.to_act == 0
    game.apply("play 3S")                                # a trump beats the run
    assert game.to_act == 1 and legal(game) == ["take"]
    game.apply("take")
    assert hands(game)[1] == srt(["9D", "4D", "5D"])
    assert zone(game, "trick") == ["3S"]
    assert game.to_act == 2 and legal(game) == ["take"]  # 5H 3C cannot beat a trump
    game.apply("take")
    assert hands(game)[2] == srt(["5H", "3C", "3S"])
    assert zone(game, "trick") == []
    assert game.to_act == 0                              # C-7 emptied: left of taker


# ---------------------------------------------------------------------------------------
# NOR-12 sequences

def test_NOR_12_sequences_off_by_default():
    """NOR-12: sequences are off by default: only single cards are played."""
    game, filler = nor3_game()
    play(game, "play 2H", "play 6H", "play JH")
    assert game.to_act == 2
    assert legal(game) == plays("4D", "5D", "5H", "3C")
    with pytest.raises(rulekit.IllegalAction):
        game.apply("play 4D 5D")


@pytest.mark.parametrize("min_run, runs", [(2, ["play 4D 5D"]), (3, [])])
def test_NOR_12_sequences_option_and_min_run(min_run, runs):
    """NOR-12: with sequences on, a run of min_run or more cards of one suit is a play."""
    game, filler = nor3_game(options={"sequences": True, "min_run": min_run})
    play(game, "play 2H", "play 6H", "play JH")
    assert legal(game) == sorted(plays("4D", "5D", "5H", "3C") + runs)


def test_NOR_12_run_beats_single_and_is_beaten_by_higher_single():
    """NOR-12 with C-7: a single beats a run of its suit when it is higher than the run's
    highest card; a run whose lowest card is not higher than the top does not beat."""
    game, filler = nor3_game(options={"sequences": True})
    game.apply("play 2D 3D")
    assert game.to_act == 1
    assert legal(game) == ["play 9D"]                    # 6H is no diamond
    game.apply("play 9D")
    assert game.to_act == 2 and legal(game) == ["take"]  # 4D 5D (run) < 9D
    game.apply("take")                                   # the first play: 2D 3D
    assert hands(game)[2] == srt(NOR3_2 + ["2D", "3D"])
    assert zone(game, "trick") == ["9D"]


# ---------------------------------------------------------------------------------------
# NOR-13 trick winner

def test_NOR_13_complete_trick_won_by_top_play_cards_out_winner_leads():
    """NOR-13: after 3 plays (3 players) the trick is complete; the player of the top
    play (seat 2's JH) wins it: the cards go to `out` and seat 2 leads."""
    game, filler = nor3_game()
    game.apply("play 2H")
    assert legal(game) == ["play 6H"]
    game.apply("play 6H")
    assert legal(game) == ["play JH"]
    game.apply("play JH")
    d = game.dump()
    assert d["zones"]["trick"] == []
    assert srt(d["zones"]["out"]) == srt(["2H", "6H", "JH"])
    assert d["to_act"] == 2
    assert legal(game) == plays("4D", "5D", "5H", "3C")


def test_NOR_13_taken_plays_count_and_top_player_wins():
    """NOR-13 (C-7 by count, plays_made): 7D (taken back), 9D, TD are 3 plays: the trick
    is complete and seat 0 (top play TD) wins it and leads."""
    game, filler = nor3_game()
    play(game, "play 7D", "play 9D", "take", "play TD")
    d = game.dump()
    assert d["zones"]["trick"] == []
    assert srt(d["zones"]["out"]) == srt(["9D", "TD"])
    assert d["to_act"] == 0
    assert hands(game) == [srt(c for c in NOR3_G if c not in ("7D", "TD")), ["6H"],
                           srt(NOR3_2 + ["7D"])]
    assert legal(game) == plays(*[c for c in NOR3_G if c not in ("7D", "TD")])


def test_NOR_13_trick_ends_by_emptying():
    """NOR-13 (C-7 by emptying): a take that leaves the trick empty ends it; nothing goes
    out; the player left of the taker leads."""
    game, filler = nor3_game()
    play(game, "play 2H", "play 6H", "play JH")          # seat 2 leads
    game.apply("play 3C")
    play(game, "play 4C")                                # seat 0 beats
    assert game.to_act == 1 and legal(game) == ["take"]  # 9D: no club, no trump
    game.apply("take")                                   # takes 3C (the first)
    assert hands(game)[1] == srt(["9D", "3C"])
    assert zone(game, "trick") == ["4C"]
    assert game.to_act == 2 and legal(game) == ["take"]  # 4D 5D 5H
    game.apply("take")
    d = game.dump()
    assert d["zones"]["trick"] == []
    assert srt(d["zones"]["out"]) == srt(["2H", "6H", "JH"])
    assert d["to_act"] == 0
    assert hands(game)[2] == srt(["4D", "5D", "5H", "4C"])


# ---------------------------------------------------------------------------------------
# NOR-14 everyone plays once in phase 2

def test_NOR_14_player_without_cards_is_not_out_and_must_take():
    """NOR-14: seat 2 has no cards at the start of phase 2 but is not out (contrast
    MYL-7); it takes when its turn comes at a trick with cards."""
    game, filler = nor4_game()
    d = game.dump()
    assert d["phase"] == "shed" and d["status"] == "in_progress"
    assert hands(game)[2] == []
    assert d["out_order"] == []
    game.apply("play 2H")                                # seat 1 plays its only card
    assert game.dump()["out_order"] == [1]               # played and empty: out
    assert game.to_act == 2
    assert legal(game) == ["take"]
    game.apply("take")                                   # emptied: trick over
    d = game.dump()
    assert hands(game)[2] == ["2H"]
    assert d["zones"]["trick"] == [] and d["out_order"] == [1]
    assert d["to_act"] == 3                              # left of the taker


def test_NOR_14_out_only_after_a_play_last_player_holding_cards_loses():
    """NOR-14: seat 2 goes out only when it has played (its last card, the trump 2H);
    the trick it completes still needs its 3 plays; the next still in to its left leads
    (C-7); the last player holding cards (seat 0) is the loser."""
    game, filler = nor4_game()
    play(game, "play 2H", "take")
    assert game.to_act == 3
    game.apply("play 6D")
    assert game.to_act == 0
    game.apply("play 8D")
    assert game.to_act == 2
    assert legal(game) == ["play 2H"]                    # a trump beats 8D: no take
    game.apply("play 2H")                                # third play: complete
    d = game.dump()
    assert d["out_order"] == [1, 2]
    assert d["zones"]["trick"] == []
    assert srt(d["zones"]["out"]) == srt(["6D", "8D", "2H"])
    assert d["to_act"] == 3                              # seat 2 is out: its left
    play(game, "play QD", "play KD")                     # 2 seats: 2 plays, seat 0 wins
    assert game.to_act == 0
    game.apply("play 3S")
    assert legal(game) == plays("7S", "9S", "QS")
    play(game, "play 7S", "play 9S", "play TS", "play 8S")
    assert legal(game) == ["play QS"]
    game.apply("play QS")
    r = game.result
    assert (r.status, r.loser, r.out_order) == ("finished", 0, [1, 2, 3])
