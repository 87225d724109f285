"""Per-rule tests for the bundled `myllymatti` ruleset.

Each test is named after the rule it checks (docs/rules/myllymatti.md MYL-1..MYL-10,
on top of mattis.md MAT-* and common.md C-*) and asserts the state exactly where that
rule bites. Every expected value below was worked out by hand from the rule text; none
is a copy of engine output.

Positions are built with :func:`build_deck` (C-3: the deck, top first, that deals the
hands wanted). Late phase-1 and phase-2 positions come from :func:`stock_game`: seat 0
leads (dealer n-1) and it and seat 1 play nothing but `stock` (C-5) until only the tail
of the stock is left; seat 0's stock card is always strictly higher, so seat 0 wins
every one of those tricks and keeps leading against seat 1 (MYL-3), nobody draws (the
hands never shrink) and the other seats never play. Everything after that is played
from hand in the test itself.
"""
from __future__ import annotations

import pytest

import rulekit
from ruleset_positions import (PACK, deal_game, hands, legal, load_rules, others, play, plays,
                               srt, stock_pairs_game, won, zone)

RULESET = "myllymatti"


# ---------------------------------------------------------------------------------------
# helpers (the shared ones are in tests/ruleset_positions.py)

def rules(options: dict | None = None):
    """The `myllymatti` ruleset with ``options`` (loaded once per distinct options)."""
    return load_rules(RULESET, options)


def new_game(n, dealer, hands, stock=(), last=None, options=None, **kw):
    """A new `myllymatti` game dealt into ``hands``/``stock``/``last`` (see build_deck)."""
    return deal_game(RULESET, n, dealer, hands, stock, last, options, **kw)


def stock_game(n, hands_, tail, options=None):
    """An n-player game, dealer n-1 (so seat 0 leads, MYL-2, against seat 1), dealt
    exactly ``hands_``, with the filler pairs of the stock played so that only ``tail``
    is left: see :func:`ruleset_positions.stock_pairs_game`. Returns (game, filler)."""
    return stock_pairs_game(RULESET, n, hands_, tail, options)


# A phase-2 position (3 players). Seat 2 never plays in phase 1 and keeps its hand.
# Trick 22: QC beats 5C, seat 0 draws the last stock card 2S face up (trumps: spades).
# Trick 23: JD beats 6H. Trick 24: seat 1's 8D beats 4H, seat 1 takes them and must lead
# with no card and no stock: phase 1 ends (MAT-7). Seat 0 keeps 2S.
P2_HANDS = [["QC", "JD", "4H"], ["5C", "6H", "8D"], ["KH", "9D", "3C"]]
P2_PLAY = ["play QC", "play 5C", "play JD", "play 6H", "play 4H", "play 8D"]
P2_G = others("4H", "8D", "KH", "9D", "3C")     # seat 0's phase-2 hand (47 cards)


def p2_game(options=None):
    game, filler = stock_game(3, P2_HANDS, ["2S"], options)
    play(game, *P2_PLAY)
    return game


# ---------------------------------------------------------------------------------------
# MYL-1 players

@pytest.mark.parametrize("n", [2, 3, 4])
def test_MYL_1_two_to_four_players(n):
    """MYL-1: 2 to 4 players; deal per C-3 (3 each, the rest is the stock). Unlike the
    Norwegian variant nothing is removed with 2 players."""
    game = rules().new_game(players=n, deck=PACK[:], dealer=0)
    d = game.dump()
    assert d["players"] == n
    assert [len(h) for h in d["zones"]["hand"]] == [3] * n
    assert d["zones"]["stock"] == PACK[3 * n:]
    assert d["zones"]["hand"][1][0] == "2C"             # dealer 0: seat 1 gets the first
    assert d["zones"].get("out", []) == []


@pytest.mark.parametrize("n", [0, 1, 5, 6, 8])
def test_MYL_1_other_player_counts_raise(n):
    """MYL-1: other player counts raise ValueError."""
    with pytest.raises(ValueError):
        rules().new_game(players=n, seed=1)


# ---------------------------------------------------------------------------------------
# MYL-2 two-card tricks

def test_MYL_2_left_of_dealer_leads_and_only_the_left_neighbour_answers():
    """MYL-2: the player left of the dealer (seat 2, dealer 1) leads any card (or stock,
    C-5); only the player to the leader's left (seat 3) answers; then the trick is over
    (two cards), seats 0 and 1 have not played."""
    game = new_game(4, 1, [["2C", "3C", "4C"], ["5C", "6C", "7C"], ["9S", "8H", "2D"],
                           ["5D", "6D", "7D"]], stock=["AS", "KS"])
    d = game.dump()
    assert d["phase"] == "collect" and d["to_act"] == 2
    assert legal(game) == plays("9S", "8H", "2D", extra=["stock"])
    game.apply("play 9S")
    assert game.to_act == 3 and zone(game, "trick") == ["9S"]
    assert legal(game) == plays("5D", "6D", "7D", extra=["stock"])
    game.apply("play 5D")
    # MYL-3: 9S beats 5D; two cards and the trick is done
    assert zone(game, "trick") == []
    assert won(game) == [[], [], srt(["9S", "5D"]), []]
    # C-4 refill: winner seat 2 first (AS), then seat 3 (KS); seats 0 and 1 are full
    assert hands(game) == [srt(["2C", "3C", "4C"]), srt(["5C", "6C", "7C"]),
                           srt(["8H", "2D", "AS"]), srt(["6D", "7D", "KS"])]
    assert game.to_act == 2
    game.apply("play 8H")
    assert game.to_act == 3                              # against seat 3 again


def test_MYL_2_two_players():
    """MYL-2 with 2 players: dealer 0, seat 1 leads and seat 0 answers."""
    game = new_game(2, 0, [["2C", "3C", "4C"], ["KD", "5D", "6D"]])
    assert game.to_act == 1
    game.apply("play KD")
    assert game.to_act == 0
    game.apply("play 2C")
    assert won(game) == [[], srt(["KD", "2C"])]
    assert game.to_act == 1


# ---------------------------------------------------------------------------------------
# MYL-3 winner takes all, pairing moves only when the answerer wins

def test_MYL_3_pairing_moves_only_when_the_answering_player_wins():
    """MYL-3: the winner takes the cards and leads against their own left: a winning
    leader keeps the same opponent; a winning answerer moves the pairing one seat on
    (round the table: 3 then leads against 0)."""
    # 4 players, dealer 3: seat 0 leads against seat 1
    game = new_game(4, 3, [["KC", "3C", "5S"], ["2D", "AD", "QH"], ["4H", "JS", "4S"],
                           ["AH", "7S", "8S"]],
                    stock=["5C", "2H", "3H", "5D", "2S", "6C", "6D", "6H"])
    # trick 1: seat 0 (leader) wins
    play(game, "play KC")
    assert game.to_act == 1
    game.apply("play 2D")
    assert won(game) == [srt(["KC", "2D"]), [], [], []]
    assert game.to_act == 0                              # leads again ...
    # C-4 refill: seat 0 draws 5C, then seat 1 2H
    assert hands(game)[0] == srt(["3C", "5S", "5C"])
    assert hands(game)[1] == srt(["AD", "QH", "2H"])
    game.apply("play 3C")
    assert game.to_act == 1                              # ... against seat 1 again
    # trick 2: seat 1 (answerer) wins: the pairing moves
    game.apply("play AD")
    assert won(game) == [srt(["KC", "2D"]), srt(["3C", "AD"]), [], []]
    # refill from seat 1: 3H; seats 2, 3 full; seat 0: 5D
    assert hands(game) == [srt(["5S", "5C", "5D"]), srt(["QH", "2H", "3H"]),
                           srt(["4H", "JS", "4S"]), srt(["AH", "7S", "8S"])]
    assert game.to_act == 1
    game.apply("play QH")
    assert game.to_act == 2                              # seat 1 against seat 2
    # trick 3: seat 1 (leader) wins: still seat 1 against seat 2
    game.apply("play 4H")
    assert won(game)[1] == srt(["3C", "AD", "QH", "4H"])
    assert game.to_act == 1
    game.apply("play 2H")
    assert game.to_act == 2
    # trick 4: seat 2 (answerer) wins: seat 2 against seat 3
    game.apply("play JS")
    assert won(game)[2] == srt(["2H", "JS"])
    assert game.to_act == 2
    game.apply("play 4S")
    assert game.to_act == 3
    # trick 5: seat 3 (answerer) wins: seat 3 against seat 0 (round the table)
    game.apply("play AH")
    assert won(game)[3] == srt(["4S", "AH"])
    assert game.to_act == 3
    game.apply("play 7S")
    assert game.to_act == 0
    assert won(game)[0] == srt(["KC", "2D"])             # seat 0 took nothing more


# ---------------------------------------------------------------------------------------
# MYL-4 equal ranks

def test_MYL_4_tied_cards_stay_on_the_table():
    """MYL-4: equal ranks: nobody wins, the cards stay on the table, both players refill
    (the leader first, MYL-5/C-4), the same leader leads again against the same opponent,
    and the next player to win a trick takes every card on the table."""
    game = new_game(3, 2, [["7C", "4C", "KC"], ["7D", "9D", "2D"], ["AH", "AS", "AD"]],
                    stock=["3S", "5S", "6S", "8S"])
    play(game, "play 7C", "play 7D")
    d = game.dump()
    assert d["zones"]["trick"] == ["7C", "7D"]           # the cards stay
    assert won(game) == [[], [], []]                     # nobody won
    # both refill, the leader first: seat 0 3S, seat 1 5S
    assert hands(game) == [srt(["4C", "KC", "3S"]), srt(["9D", "2D", "5S"]),
                           srt(["AH", "AS", "AD"])]
    assert len(d["zones"]["stock"]) == 41
    assert d["to_act"] == 0                              # the same leader
    assert legal(game) == plays("4C", "KC", "3S", extra=["stock"])
    game.apply("play 4C")
    assert game.to_act == 1                              # against the same opponent
    assert zone(game, "trick") == ["7C", "7D", "4C"]
    game.apply("play 9D")                                # seat 1 wins everything
    assert zone(game, "trick") == []
    assert won(game) == [[], srt(["7C", "7D", "4C", "9D"]), []]
    # refill, the winner first: seat 1 6S, then seat 2 (full), seat 0 8S
    assert hands(game) == [srt(["KC", "3S", "8S"]), srt(["2D", "5S", "6S"]),
                           srt(["AH", "AS", "AD"])]
    assert game.to_act == 1
    game.apply("play 2D")
    assert game.to_act == 2                              # MYL-3: against seat 2


def test_MYL_4_two_ties_then_the_leader_wins_all_six():
    """MYL-4: a tie again leaves more cards; the next winner (here the leader) takes all
    six and leads against the same left neighbour."""
    game = new_game(3, 2, [["7C", "9C", "KC"], ["7D", "9D", "2D"], ["AH", "AS", "AD"]],
                    stock=["3S", "5S", "6S", "8S"])
    play(game, "play 7C", "play 7D", "play 9C", "play 9D")
    assert zone(game, "trick") == ["7C", "7D", "9C", "9D"]
    assert won(game) == [[], [], []]
    assert hands(game)[:2] == [srt(["KC", "3S", "6S"]), srt(["2D", "5S", "8S"])]
    assert game.to_act == 0
    play(game, "play KC", "play 2D")
    assert won(game) == [srt(["7C", "7D", "9C", "9D", "KC", "2D"]), [], []]
    assert zone(game, "trick") == []
    assert game.to_act == 0
    game.apply("play 3S")
    assert game.to_act == 1


def test_MYL_4_ties_from_the_stock_accumulate_on_the_table():
    """MYL-4 with C-5: 21 tricks played from the stock, all ties: all 42 cards stay on
    the table, nobody wins, nobody draws, seat 0 leads every time."""
    game, _, stock = _all_ties_game(upto=42)
    d = game.dump()
    assert d["zones"]["trick"] == stock
    assert won(game) == [[], [], []]
    assert d["zones"]["stock"] == ["AS"]
    assert hands(game) == [srt(["2C", "3C", "4C"]), srt(["2D", "3D", "4D"]),
                           srt(["AC", "AD", "AH"])]
    assert d["to_act"] == 0


# ---------------------------------------------------------------------------------------
# MYL-5 refill and stock

def test_MYL_5_refill_winner_first_then_clockwise():
    """MYL-5/C-4: after a trick won by the answerer both need a card: the winner (seat 1)
    draws first, then clockwise (seat 2 is full), then seat 0."""
    game = new_game(3, 2, [["2C", "3C", "4C"], ["KD", "5D", "6D"], ["AH", "AS", "AD"]],
                    stock=["QS", "JS", "TS"])
    play(game, "play 2C", "play KD")
    assert hands(game) == [srt(["3C", "4C", "JS"]), srt(["5D", "6D", "QS"]),
                           srt(["AH", "AS", "AD"])]
    assert zone(game, "stock")[0] == "TS"
    assert game.to_act == 1


def test_MYL_5_draw_order_leader_first_option():
    """MYL-5/C-4 option draw_order leader_first: the leader (seat 0) draws first even
    though seat 1 won."""
    game = new_game(3, 2, [["2C", "3C", "4C"], ["KD", "5D", "6D"], ["AH", "AS", "AD"]],
                    stock=["QS", "JS", "TS"], options={"draw_order": "leader_first"})
    play(game, "play 2C", "play KD")
    assert hands(game)[:2] == [srt(["3C", "4C", "QS"]), srt(["5D", "6D", "JS"])]
    assert game.to_act == 1                              # the winner still leads


def test_MYL_5_stock_on_the_answer_hand_does_not_shrink():
    """MYL-5/C-5 any_turn: the answerer may play the top stock card; it goes straight to
    the trick, the hand stays at 3, so only the leader draws."""
    game = new_game(3, 2, [["2C", "3C", "4C"], ["5D", "6D", "7D"], ["AH", "AS", "AD"]],
                    stock=["KS", "8S", "9S"])
    game.apply("play 2C")
    assert legal(game) == plays("5D", "6D", "7D", extra=["stock"])
    game.apply("stock")
    assert won(game) == [[], srt(["2C", "KS"]), []]      # KS beats 2C
    assert hands(game) == [srt(["3C", "4C", "8S"]), srt(["5D", "6D", "7D"]),
                           srt(["AH", "AS", "AD"])]
    assert zone(game, "stock")[0] == "9S"
    assert game.to_act == 1


def test_MYL_5_lead_only_counts_only_the_leaders_card():
    """MYL-5/C-5 stock_play lead_only: the leader may play from the stock, the answerer
    may not; after a tie the same leader leads again, which is again a lead."""
    game = new_game(3, 2, [["2C", "3C", "8C"], ["7D", "9D", "4D"], ["AH", "AS", "AD"]],
                    stock=["7S", "5S", "6S"], options={"stock_play": "lead_only"})
    assert legal(game) == plays("2C", "3C", "8C", extra=["stock"])
    game.apply("stock")                                  # 7S
    assert zone(game, "trick") == ["7S"]
    assert legal(game) == plays("7D", "9D", "4D")        # no stock on the answer
    game.apply("play 7D")                                # tie: 7S, 7D stay
    assert zone(game, "trick") == ["7S", "7D"]
    # refill, leader first: seat 0 is full (played from the stock), seat 1 draws 5S
    assert hands(game)[:2] == [srt(["2C", "3C", "8C"]), srt(["9D", "4D", "5S"])]
    assert game.to_act == 0
    assert legal(game) == plays("2C", "3C", "8C", extra=["stock"])
    game.apply("play 8C")
    assert legal(game) == plays("9D", "4D", "5S")


def test_MYL_5_no_stock_play_with_one_card_left():
    """MYL-5/C-5: `stock` only while the stock holds more than one card."""
    game, filler = stock_game(3, P2_HANDS, ["2S"])
    d = game.dump()
    assert d["zones"]["stock"] == ["2S"]
    assert d["to_act"] == 0
    assert legal(game) == plays("QC", "JD", "4H")
    game.apply("play QC")
    assert legal(game) == plays("5C", "6H", "8D")


# ---------------------------------------------------------------------------------------
# MYL-6 trump card, end of phase 1, unfinished trick

def test_MYL_6_trump_card_revealed_in_the_drawers_hand():
    """MYL-6 (MAT-6, C-6 reveal_in_hand): the winner of trick 22 draws the last stock
    card face up: trumps are known and every seat sees it; it is playable."""
    game, filler = stock_game(3, P2_HANDS, ["2S"])
    assert game.dump()["vars"]["trump"] is None
    play(game, "play QC", "play 5C")
    d = game.dump()
    assert d["zones"]["stock"] == [] and d["vars"]["trump"] == "S"
    assert hands(game) == [srt(["JD", "4H", "2S"]), srt(["6H", "8D"]),
                           srt(["KH", "9D", "3C"])]
    for viewer in (1, 2):
        seen = game.view(viewer)["zones"]["hand"][0]
        assert len(seen) == 3 and [c for c in seen if c is not None] == ["2S"]
    assert d["to_act"] == 0
    assert legal(game) == plays("JD", "4H", "2S")


def test_MYL_6_end_of_phase_1_returns_tie_leftovers_and_unfinished_trick():
    """MYL-6 (MAT-7): once the stock is empty phase 1 ends when the player who must play
    next has no card; the unfinished trick and the cards left by unresolved ties go back
    to the seats that played them; kept cards stay."""
    game, filler = stock_game(3, [["QC", "7H", "9H"], ["5C", "7D", "9C"],
                                  ["KH", "4D", "3C"]], ["2S"])
    play(game, "play QC", "play 5C")                     # seat 0 wins, draws 2S
    play(game, "play 7H", "play 7D")                     # tie: stays
    play(game, "play 9H", "play 9C")                     # tie: stays
    d = game.dump()
    assert d["phase"] == "collect"
    assert d["zones"]["trick"] == ["7H", "7D", "9H", "9C"]
    assert hands(game) == [["2S"], [], srt(["KH", "4D", "3C"])]
    assert d["to_act"] == 0
    assert legal(game) == ["play 2S"]
    game.apply("play 2S")                                # seat 1 cannot answer
    d = game.dump()
    assert d["phase"] == "shed"
    assert d["zones"]["trick"] == [] and d["zones"]["stock"] == []
    assert won(game) == [[], [], []]
    assert hands(game) == [srt(filler + ["QC", "5C", "7H", "9H", "2S"]),
                           srt(["7D", "9C"]), srt(["KH", "4D", "3C"])]
    assert d["out_order"] == []
    assert d["to_act"] == 0                              # MYL-8: seat 0 won trick 22


def test_MYL_6_stock_cards_of_ties_go_back_to_who_played_them():
    """MYL-6: with no trick ever won, every card on the table (played from the stock or
    from hand) goes back to the seat that played it."""
    game, pairs, stock = _all_ties_game()
    d = game.dump()
    assert d["phase"] == "shed"
    assert hands(game) == [srt([p[0] for p in pairs] + ["AS"]),
                           srt([p[1] for p in pairs]), srt(["AC", "AD", "AH"])]
    assert d["vars"]["trump"] == "S"


# ---------------------------------------------------------------------------------------
# MYL-7 no cards at the start of phase 2

def _myl7_game():
    """Seat 0 wins tricks 22-24 (QC/5C, JD/6D, TH/3H): seat 1 has played every card and
    won nothing. Seat 0 leads its last card 2S; seat 1 cannot answer: phase 1 ends."""
    game, filler = stock_game(3, [["QC", "JD", "TH"], ["5C", "6D", "3H"],
                                  ["KH", "9D", "3C"]], ["2S"])
    play(game, "play QC", "play 5C", "play JD", "play 6D", "play TH", "play 3H",
         "play 2S")
    return game


def test_MYL_7_player_without_cards_is_out_first_and_not_the_loser():
    """MYL-7: seat 1 has no cards at the start of phase 2: it is out of the game (first
    out), the game goes on between seats 0 and 2 (trick size 2, seat 1 skipped) and the
    loser is another seat."""
    game = _myl7_game()
    d = game.dump()
    assert d["phase"] == "shed" and d["status"] == "in_progress"
    assert d["out_order"] == [1] and d["loser"] is None
    assert hands(game) == [others("KH", "9D", "3C"), [], srt(["KH", "9D", "3C"])]
    assert d["to_act"] == 0                              # MYL-8
    game.apply("play 8D")
    assert game.to_act == 2                              # seat 1 is skipped (C-2)
    assert legal(game) == plays("9D", extra=["take"])
    game.apply("play 9D")                                # 2 plays: 2 seats in
    assert zone(game, "trick") == [] and srt(zone(game, "out")) == srt(["8D", "9D"])
    assert game.to_act == 2
    play(game, "play 3C", "play 4C")                     # seat 0 wins, leads
    assert game.to_act == 0
    play(game, "play 5H", "play KH")                     # seat 2's last card
    r = game.result
    assert (r.status, r.loser, r.out_order) == ("finished", 0, [1, 2])


def test_MYL_7_two_players_the_other_is_the_loser_at_once():
    """MYL-7 with 2 players: seat 1 ends phase 1 with nothing, so it is out and only seat
    0 is left: seat 0 is the loser (C-7) before any phase-2 play."""
    game, filler = stock_game(2, [["KC", "KD", "KH"], ["2C", "2D", "2H"]], ["AS", "3S"])
    assert zone(game, "stock") == ["AS", "3S"]
    play(game, "play KC", "play 2C")                     # seat 0 draws AS, seat 1 3S
    assert hands(game) == [srt(["KD", "KH", "AS"]), srt(["2D", "2H", "3S"])]
    play(game, "play KD", "play 2D", "play KH", "play 2H", "play AS", "play 3S")
    r = game.result
    assert game.finished
    assert (r.status, r.loser, r.out_order) == ("finished", 0, [1])
    assert hands(game) == [srt(PACK), []]


# ---------------------------------------------------------------------------------------
# MYL-8 phase-2 leader, no sequences

def test_MYL_8_last_phase_1_trick_winner_leads_phase_2():
    """MYL-8: seat 1 won the last phase-1 trick (24), so it leads phase 2, although seat
    0 won every other trick and is the dealer's left."""
    game = p2_game()
    d = game.dump()
    assert d["phase"] == "shed"
    assert hands(game) == [P2_G, srt(["4H", "8D"]), srt(["KH", "9D", "3C"])]
    assert d["vars"]["trump"] == "S"
    assert d["to_act"] == 1
    assert legal(game) == plays("4H", "8D")


def _all_ties_game(upto=None):
    """3 players, dealer 2: every trick is a tie (MYL-4), so nobody ever wins one and
    seat 0 leads every trick. 21 stock ties, then 2C/2D (seat 0, the leader, draws the
    last stock card AS, MYL-5), 3C/3D, 4C/4D; seat 0 leads AS and seat 1 cannot answer."""
    pairs = []
    for r in "23456789TJQK":
        pairs += [(r + "C", r + "D"), (r + "H", r + "S")]
    in_hand = [("2C", "2D"), ("3C", "3D"), ("4C", "4D")]
    from_stock = [p for p in pairs if p not in in_hand]
    assert len(from_stock) == 21
    stock = [c for p in from_stock for c in p]
    game = new_game(3, 2, [[p[0] for p in in_hand], [p[1] for p in in_hand],
                           ["AC", "AD", "AH"]], stock=stock, last="AS")
    actions = ["stock"] * 42 + ["play 2C", "play 2D", "play 3C", "play 3D",
                                "play 4C", "play 4D", "play AS"]
    play(game, *actions[:upto])
    return game, pairs, stock


def test_MYL_8_no_trick_won_the_last_leader_leads():
    """MYL-8 (fallback as MAT-9): no phase-1 trick was won, so the leader of the last
    phase-1 trick (seat 0) leads phase 2."""
    game, pairs, stock = _all_ties_game(upto=44)
    d = game.dump()
    # MYL-5: on a tie the leader draws first: seat 0 gets the trump card AS
    assert hands(game)[:2] == [srt(["3C", "4C", "AS"]), srt(["3D", "4D"])]
    assert d["vars"]["trump"] == "S"
    play(game, "play 3C", "play 3D", "play 4C", "play 4D", "play AS")
    d = game.dump()
    assert d["phase"] == "shed"
    assert d["to_act"] == 0
    assert len(d["zones"]["hand"][0]) == 25
    assert legal(game) == plays(*d["zones"]["hand"][0])


def test_MYL_8_no_sequences():
    """MYL-8: no sequences: the option does not exist and a lead is one card only, even
    for a seat holding runs."""
    with pytest.raises(rulekit.RulesetError):
        rulekit.load(RULESET, options={"sequences": True})
    game = _myl7_game()
    assert game.to_act == 0
    assert legal(game) == plays(*others("KH", "9D", "3C"))     # 49 single cards


# ---------------------------------------------------------------------------------------
# MYL-9 take the top card

def test_MYL_9_take_the_top_card():
    """MYL-9: a player who cannot or does not want to beat takes the top card (the last
    played, the highest), not the bottom one; the next player must beat the new top; a
    take that empties the trick ends it and the taker's left leads (C-7)."""
    game = p2_game()
    game.apply("play 4H")                                # seat 1 leads
    assert game.to_act == 2
    assert legal(game) == plays("KH", extra=["take"])    # KH beats 4H; 9D, 3C do not
    game.apply("play KH")
    assert game.to_act == 0
    assert "take" in legal(game)                         # voluntary take (MAT-11)
    game.apply("take")                                   # seat 0 could beat, takes
    assert hands(game)[0] == srt(P2_G + ["KH"])          # the top card KH, not 4H
    assert zone(game, "trick") == ["4H"]
    assert game.to_act == 1
    assert legal(game) == ["take"]                       # 8D cannot beat 4H
    game.apply("take")
    assert hands(game)[1] == srt(["8D", "4H"])
    assert zone(game, "trick") == [] and zone(game, "out") == []
    assert game.to_act == 2                              # left of the taker
    assert legal(game) == plays("9D", "3C")


def test_MYL_9_top_card_is_the_last_played_even_a_low_trump():
    """MYL-9: the top card is the last one played: seat 0's trump 2S on seat 2's 9D; seat
    1 cannot beat a trump and takes 2S (not the bottom 9D, not the higher rank 9D)."""
    game = p2_game()
    play(game, "play 4H", "play KH", "take", "take")     # as above: seat 2 leads
    assert game.to_act == 2
    game.apply("play 9D")
    assert "play 2S" in legal(game)
    game.apply("play 2S")
    assert game.to_act == 1 and legal(game) == ["take"]  # 8D 4H: no higher diamond/trump
    game.apply("take")
    assert hands(game)[1] == srt(["8D", "4H", "2S"])
    assert zone(game, "trick") == ["9D"]
    assert game.to_act == 2
    assert legal(game) == ["take"]                       # 3C cannot beat 9D
    game.apply("take")
    assert hands(game)[2] == srt(["3C", "9D"])
    assert zone(game, "trick") == [] and zone(game, "out") == []
    assert game.to_act == 0                              # left of the taker


# ---------------------------------------------------------------------------------------
# MYL-10 trick end, next leader, going out, loser

def test_MYL_10_full_phase_2_to_the_loser():
    """MYL-10 (C-7): trick end by count, the winner leads, going out mid-trick (the trick
    still needs 3 plays), the last player left is the loser."""
    game = p2_game()
    play(game, "play 8D")
    assert legal(game) == plays("9D", extra=["take"])
    play(game, "play 9D", "play TD")                     # 3 plays: complete
    d = game.dump()
    assert d["zones"]["trick"] == [] and srt(d["zones"]["out"]) == srt(["8D", "9D", "TD"])
    assert d["to_act"] == 0                              # seat 0 made the last play
    game.apply("play 3H")
    assert legal(game) == plays("4H", extra=["take"])
    game.apply("play 4H")                                # seat 1's last card: out
    d = game.dump()
    assert d["out_order"] == [1] and d["status"] == "in_progress"
    assert d["zones"]["trick"] == ["3H", "4H"]           # 2 plays of 3: not complete
    assert d["to_act"] == 2
    game.apply("play KH")                                # third play: seat 2 wins
    assert zone(game, "trick") == [] and game.to_act == 2
    assert legal(game) == ["play 3C"]
    game.apply("play 3C")                                # seat 2 out; seat 0 alone
    r = game.result
    assert (r.status, r.loser, r.out_order) == ("finished", 0, [1, 2])
    d = game.dump()
    assert d["to_act"] is None and d["legal"] == []
