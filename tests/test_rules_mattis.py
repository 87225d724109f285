"""Per-rule tests for the bundled `mattis` ruleset.

Each test is named after the rule it checks (docs/rules/common.md C-*,
docs/rules/mattis.md MAT-*) and asserts the state exactly where that rule bites.
Every expected value below was worked out by hand from the rule text; nothing is a
copy of engine output.

Positions are built with :func:`build_deck`, which turns "the hands I want each seat
dealt and the stock order I want" into the 52-card deck (top first) that C-3 deals into
exactly that position. Phase-2 positions come from :func:`shedding_plan`, which builds
a 3-player game whose phase 1 is played almost entirely from the stock (C-5), so that
each seat's phase-2 hand is known card for card.
"""
from __future__ import annotations

import pytest

import rulekit
from rulekit.runtime.records import make_record
from ruleset_positions import (PACK, build_deck, deal_game, hands, legal, load_rules, play,
                               plays, rank, shedding_plan, srt, stock_tricks, suit,
                               unused_after, won, zone)

RULESET = "mattis"


# ---------------------------------------------------------------------------------------
# helpers (the shared ones are in tests/ruleset_positions.py)

def rules(options: dict | None = None):
    """The `mattis` ruleset with ``options`` (loaded once per distinct options)."""
    return load_rules(RULESET, options)


def new_game(n, dealer, hands, stock=(), last=None, options=None, **kw):
    """A new `mattis` game dealt into ``hands``/``stock``/``last`` (see build_deck)."""
    return deal_game(RULESET, n, dealer, hands, stock, last, options, **kw)


def shedding_game(won0=(), won1=(), trump_card="2S", options=None, upto=None):
    plan = shedding_plan(won0, won1, trump_card)
    game = rules(options).new_game(players=3, deck=plan["deck"], dealer=2)
    play(game, *plan["actions"][:upto])
    return game, plan


def g_hand(plan) -> list[str]:
    return plan["hands"][2]


# Setups used below (seat 0, seat 1, trump card kept by seat 2):
BEAT = dict(won0=[["QS", "4S", "5H"]], won1=[["KD", "5D", "3C"]], trump_card="6H")
OUT = dict(won0=[["5C", "6D", "KH"]], won1=[["9D", "3H", "4H"]], trump_card="2S")
BLUE = dict(won0=[["5C", "6D", "KH"]], won1=[], trump_card="2S")


# ---------------------------------------------------------------------------------------
# C-1 cards and notation

def test_C_1_one_52_card_pack_no_jokers():
    """C-1: one 52-card pack, no jokers; ranks 2 (low) .. A (high)."""
    r = rules()
    assert sorted(r.pack) == sorted(PACK)
    assert len(r.pack) == 52
    game = r.new_game(players=4, seed=3)
    d = game.dump()
    cards = list(d["zones"]["stock"]) + [c for h in d["zones"]["hand"] for c in h]
    assert sorted(cards) == sorted(PACK)
    # a joker or a missing card is not a valid deck
    with pytest.raises(rulekit.CardError):
        r.new_game(players=4, deck=PACK[:-1] + ["JK"], dealer=0)
    with pytest.raises(rulekit.CardError):
        r.new_game(players=4, deck=PACK[:-1], dealer=0)


def test_C_1_rank_order_ten_beats_nine_and_ace_beats_king():
    """C-1 ranks low to high 2..9 T J Q K A (MAT-3 uses the rank alone)."""
    # 3 players, dealer 2 -> seat 0 leads: 9C, TC(seat 1), 2S(seat 2): ten wins
    game = new_game(3, 2, [["9C"], ["TD"], ["2S"]])
    play(game, "play 9C", "play TD", "play 2S")
    assert won(game)[1] == srt(["9C", "TD", "2S"])
    game = new_game(3, 2, [["KC"], ["2H"], ["AD"]])
    play(game, "play KC", "play 2H", "play AD")
    assert won(game)[2] == srt(["KC", "2H", "AD"])


def test_C_1_ten_written_as_10_is_accepted_and_output_uses_letters():
    """C-1: `10H` is accepted as input for `TH`; records and JSON use the letters."""
    deck = build_deck(3, 2, [["TH", "2C", "3C"]])
    deck = ["10H" if c == "TH" else c for c in deck]
    game = rules().new_game(players=3, deck=deck, dealer=2)
    assert "TH" in game.dump()["zones"]["hand"][0]
    assert "play TH" in legal(game)
    game.apply("play 10h")                     # lower case and 10 both accepted
    assert game.dump()["zones"]["trick"] == ["TH"]
    assert make_record(game, "mattis", {}, 0)["actions"] == ["play TH"]
    with pytest.raises(rulekit.CardError):
        game.apply("play 1H")


# ---------------------------------------------------------------------------------------
# C-2 seats and direction

def test_C_2_play_moves_clockwise_and_wraps_round():
    """C-2: seats 0..n-1 clockwise, play moves left: (s+1) mod n."""
    # 5 players, dealer 2 -> seat 3 leads; then 4, 0, 1, 2
    game = new_game(5, 2, [["2C"], ["3C"], ["4C"], ["5C"], ["6C"]])
    order = []
    for card in ["5C", "6C", "2C", "3C", "4C"]:
        order.append(game.to_act)
        game.apply(f"play {card}")
    assert order == [3, 4, 0, 1, 2]


def test_C_2_left_of_a_seat_skips_seats_that_are_out():
    """C-2: "left of seat s" skips seats out of the game (phase 2, seat 0 out)."""
    game, plan = shedding_game(**OUT)
    play(game, "play 3C", "play 5C", "take", "play 7C",     # seat 0: 6D KH
         "play 4D", "play 6D", "play 9D",                   # seat 1 wins, leads
         "play 3H", "play 8H", "play KH")                   # seat 0 out, seat 1 leads
    assert game.dump()["out_order"] == [0]
    play(game, "play 4H", "play 9H")                         # G wins, leads
    assert game.to_act == 2
    game.apply("play 2C")
    assert game.to_act == 1                                  # left of 2 skips out seat 0


# ---------------------------------------------------------------------------------------
# C-3 dealer and deal

def test_C_3_deal_one_at_a_time_from_dealers_left():
    """C-3: dealt one at a time clockwise from the dealer's left; the rest is the stock,
    first card on top. (Deck written out by hand, not with build_deck.)"""
    deck = PACK[:]                     # 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C ...
    game = rules().new_game(players=4, deck=deck, dealer=1)
    d = game.dump()
    assert d["dealer"] == 1
    # dealer 1: seat 2 gets cards 0, 4, 8; seat 3 gets 1, 5, 9; seat 0 2, 6, 10; seat 1 3, 7, 11
    assert hands(game) == [srt(["2H", "3H", "4H"]), srt(["2S", "3S", "4S"]),
                           srt(["2C", "3C", "4C"]), srt(["2D", "3D", "4D"])]
    assert d["zones"]["stock"] == PACK[12:]
    assert d["zones"]["stock"][0] == "5C"
    assert d["zones"]["trick"] == [] and won(game) == [[], [], [], []]


def test_C_3_dealer_is_last_seat_deal_starts_at_seat_0():
    """C-3 + C-2: with dealer n-1 the dealer's left is seat 0."""
    game = rules().new_game(players=3, deck=PACK[:], dealer=2)
    assert hands(game) == [srt(["2C", "2S", "3H"]), srt(["2D", "3C", "3S"]),
                           srt(["2H", "3D", "4C"])]
    assert game.dump()["zones"]["stock"] == PACK[9:]


def test_C_3_build_deck_helper_gives_the_wanted_position():
    """C-3 (the helper used by every other test)."""
    game = new_game(4, 3, [["AS", "KS", "QS"], ["2C", "3C", "4C"], ["AH", "AD", "AC"],
                           ["7H", "8H", "9H"]], stock=["TS", "JS"], last="5D")
    d = game.dump()
    assert hands(game) == [srt(["AS", "KS", "QS"]), srt(["2C", "3C", "4C"]),
                           srt(["AH", "AD", "AC"]), srt(["7H", "8H", "9H"])]
    assert d["zones"]["stock"][:2] == ["TS", "JS"] and d["zones"]["stock"][-1] == "5D"
    assert len(d["zones"]["stock"]) == 40


def test_C_3_seed_gives_dealer_and_shuffle_reproducibly():
    """C-3: without a named dealer or deck, both come from the seed (same seed, same
    game); a named dealer is used as given."""
    a = rules().new_game(players=5, seed=42).dump()
    b = rules().new_game(players=5, seed=42).dump()
    assert a == b
    assert a["dealer"] in range(5)
    assert sorted(a["zones"]["stock"] + [c for h in a["zones"]["hand"] for c in h]) == sorted(PACK)
    assert all(len(h) == 3 for h in a["zones"]["hand"])
    c = rules().new_game(players=5, seed=42, dealer=4).dump()
    assert c["dealer"] == 4 and c["to_act"] == 0       # MAT-2: the dealer's left leads
    shuffles = {tuple(rules().new_game(players=5, seed=s, dealer=0).dump()["zones"]["stock"])
                for s in range(5)}
    assert len(shuffles) > 1                             # the deck is shuffled by seed


# ---------------------------------------------------------------------------------------
# C-4 phase 1: collecting, refill order

TIE_HANDS = [["5C", "2H", "2S"], ["KC", "4H", "3S"], ["KD", "9H", "3D"], ["3H", "4D", "4S"]]
TIE_STOCK = ["AS", "AH", "AD", "AC", "QS", "QH"]


def _tie_trick(options=None):
    # 4 players, dealer 3 -> seat 0 leads. 0: 5C, 1: KC, 2: KD, 3: 3H -> seats 1, 2 tie;
    # tie-break 1: 4H, 2: 9H -> seat 2 wins (MAT-4). Seats 1 and 2 need 2 cards each,
    # seats 0 and 3 one each.
    game = new_game(4, 3, TIE_HANDS, stock=TIE_STOCK, options=options)
    play(game, "play 5C", "play KC", "play KD", "play 3H", "play 4H", "play 9H")
    return game


def test_C_4_suit_does_not_matter_no_need_to_follow():
    """C-4: no need to follow suit: every hand card is legal for a follower."""
    game = new_game(4, 3, TIE_HANDS, stock=TIE_STOCK)
    game.apply("play 5C")
    assert game.to_act == 1
    assert legal(game) == plays("KC", "4H", "3S", extra=["stock"])


def test_C_4_winner_draws_first_then_clockwise_each_all_it_needs():
    """C-4 draw_order winner_first: winner (seat 2) draws first, then 3, 0, 1; each
    draws all it needs before the next."""
    game = _tie_trick()
    d = game.dump()
    assert d["zones"]["trick"] == []
    assert won(game) == [[], [], srt(["5C", "KC", "KD", "3H", "4H", "9H"]), []]
    # stock AS AH AD AC QS QH ...: seat 2 AS AH; seat 3 AD; seat 0 AC; seat 1 QS QH
    assert hands(game) == [srt(["2H", "2S", "AC"]), srt(["3S", "QS", "QH"]),
                           srt(["3D", "AS", "AH"]), srt(["4D", "4S", "AD"])]
    assert len(d["zones"]["stock"]) == 40 - 6
    assert game.to_act == 2                              # C-4 the winner leads next


def test_C_4_leader_first_draw_order_option():
    """C-4 draw_order leader_first: the trick's leader (seat 0) draws first, then 1, 2, 3."""
    game = _tie_trick({"draw_order": "leader_first"})
    # seat 0 AS; seat 1 AH AD; seat 2 AC QS; seat 3 QH
    assert hands(game) == [srt(["2H", "2S", "AS"]), srt(["3S", "AH", "AD"]),
                           srt(["3D", "AC", "QS"]), srt(["4D", "4S", "QH"])]
    assert game.to_act == 2                              # the winner still leads


# ---------------------------------------------------------------------------------------
# C-5 playing from the stock

def test_C_5_stock_goes_to_trick_and_hand_does_not_shrink():
    """C-5: `stock` plays the top stock card straight to the trick; the hand stays 3 and
    so that seat draws nothing at the refill."""
    game = new_game(4, 3, [["2C", "3C", "4C"], ["5C", "6C", "7C"], ["8C", "9C", "TC"],
                           ["2D", "3D", "4D"]], stock=["AS", "KS", "QS", "JS"])
    game.apply("stock")
    d = game.dump()
    assert d["zones"]["trick"] == ["AS"]
    assert hands(game)[0] == srt(["2C", "3C", "4C"])
    assert len(d["zones"]["stock"]) == 39 and d["zones"]["stock"][0] == "KS"
    play(game, "play 5C", "play 8C", "play 2D")          # AS wins for seat 0
    assert won(game)[0] == srt(["AS", "5C", "8C", "2D"])
    # refill from seat 0: it needs nothing; seat 1 KS, seat 2 QS, seat 3 JS
    assert hands(game) == [srt(["2C", "3C", "4C"]), srt(["6C", "7C", "KS"]),
                           srt(["9C", "TC", "QS"]), srt(["3D", "4D", "JS"])]
    assert len(zone(game, "stock")) == 36


def test_C_5_any_turn_lead_follow_and_tie_break():
    """C-5 stock_play any_turn (default): `stock` on lead, on follow, in a tie-break."""
    game = new_game(3, 2, [["KC", "2C", "3C"], ["KD", "2D", "3D"], ["4H", "5H", "6H"]])
    assert "stock" in legal(game)                        # lead
    game.apply("play KC")
    assert "stock" in legal(game)                        # follow
    play(game, "play KD", "play 4H")                     # seats 0 and 1 tie
    assert game.to_act == 0
    assert "stock" in legal(game)                        # tie-break


def test_C_5_lead_only_only_the_first_card_of_a_trick():
    """C-5 stock_play lead_only: only on the first card of a trick, not on follow and not
    on tie-break cards."""
    game = new_game(3, 2, [["KC", "2C", "3C"], ["KD", "2D", "3D"], ["4H", "5H", "6H"]],
                    options={"stock_play": "lead_only"})
    assert legal(game) == plays("KC", "2C", "3C", extra=["stock"])
    game.apply("play KC")
    assert legal(game) == plays("KD", "2D", "3D")
    play(game, "play KD", "play 4H")                     # seats 0 and 1 tie
    assert game.to_act == 0
    assert legal(game) == plays("2C", "3C")              # tie-break card is no lead


def test_C_5_never():
    """C-5 stock_play never: `stock` is never legal."""
    game = new_game(3, 2, [["KC", "2C", "3C"], ["KD", "2D", "3D"], ["4H", "5H", "6H"]],
                    options={"stock_play": "never"})
    assert legal(game) == plays("KC", "2C", "3C")
    game.apply("play KC")
    assert legal(game) == plays("KD", "2D", "3D")


def test_C_5_not_allowed_with_one_stock_card():
    """C-5: `stock` only while the stock holds more than one card."""
    game, plan = shedding_game(**OUT, upto=41)
    assert len(zone(game, "stock")) == 2
    assert "stock" in legal(game)
    game.apply("stock")                                  # 42nd stock play: 1 card left
    assert zone(game, "stock") == ["2S"]
    leader = plan["stock_leader_15"]                     # seat 1 won the 14th trick
    assert leader == 1 and game.to_act == 1
    assert legal(game) == plays(*plan["h"][1])           # no `stock`


# ---------------------------------------------------------------------------------------
# C-6 the trump card (reveal_in_hand)

def test_C_6_last_stock_card_goes_face_up_into_drawers_hand():
    """C-6 reveal_in_hand: the player who draws the last stock card takes it face up;
    trumps are set; all seats see it while it is in hand in phase 1."""
    game, plan = shedding_game(**BEAT, upto=42)
    assert game.dump()["vars"]["trump"] is None          # not known before
    h = plan["h"]
    # trick 15 (from hand, leader seat 1): 1, 2, 0; seat 2 holds the highest cards
    play(game, f"play {h[1][0]}", f"play {h[2][0]}", f"play {h[0][0]}")
    d = game.dump()
    assert d["zones"]["stock"] == []
    assert d["vars"]["trump"] == "H"
    assert hands(game) == [srt(h[0][1:]), srt(h[1][1:]), srt(h[2][1:] + ["6H"])]
    for viewer in (0, 1):
        seen = game.view(viewer)["zones"]["hand"][2]
        assert len(seen) == 3
        assert [c for c in seen if c is not None] == ["6H"]
    assert sorted(game.view(2)["zones"]["hand"][2]) == srt(h[2][1:] + ["6H"])
    assert game.view(0)["zones"]["hand"][1] == [None, None]
    assert game.to_act == 2 and "play 6H" in legal(game)  # playable like any card


def test_C_6_trump_card_hidden_again_from_start_of_phase_2():
    """C-6/C-7: shown cards are a one-time announcement; from phase 2 every hand is
    hidden from the other seats."""
    game, plan = shedding_game(**BEAT)
    d = game.dump()
    assert d["phase"] == "shed" and d["vars"]["trump"] == "H"
    assert "6H" in d["zones"]["hand"][2]
    for viewer in (0, 1):
        v = game.view(viewer)
        assert v["zones"]["hand"][2] == [None] * 46
        assert v["vars"]["trump"] == "H"
    assert sorted(game.view(0)["zones"]["hand"][0]) == srt(["QS", "4S", "5H"])
    assert game.view(0)["zones"]["hand"][1] == [None] * 3


def test_C_6_kept_revealed_trump_card_is_hidden_from_start_of_phase_2():
    """C-6/C-7/MAT-7: the revealed trump card is visible to all while it stays in hand in
    phase 1 (here it is kept, never played, to the end of phase 1); from the start of
    phase 2 it is hidden from the other seats like the rest of the hand."""
    h0, h1, h2 = ["AS", "2C", "3C"], ["2D", "3D", "4C"], ["KS", "KH", "4D"]
    fixed = set(h0 + h1 + h2) | {"5H"}
    rest = sorted((c for c in PACK if c not in fixed), key=rank, reverse=True)   # 42
    tricks = [(2, [rest[i], rest[14 + 2 * i], rest[15 + 2 * i]]) for i in range(14)]
    stock, leader = stock_tricks(3, 0, tricks)           # seat 2 wins all 14
    assert leader == 2
    game = new_game(3, 2, [h0, h1, h2], stock=stock, last="5H")
    play(game, *["stock"] * 42)
    play(game, "play 4D", "play AS", "play 2D")          # trick 15: seat 0 wins, draws 5H
    assert hands(game)[0] == srt(["2C", "3C", "5H"]) and game.dump()["vars"]["trump"] == "H"
    play(game, "play 2C", "play 3D", "play KS")          # trick 16: seat 2 wins
    play(game, "play KH", "play 3C")                     # trick 17 ...
    assert [c for c in game.view(1)["zones"]["hand"][0] if c] == ["5H"]
    game.apply("play 4C")                                # ... seat 2 wins, has no card
    d = game.dump()
    assert d["phase"] == "shed"                          # MAT-7 ends phase 1 at once
    assert d["to_act"] == 2                              # MAT-9 last winner leads
    assert hands(game)[0] == srt(["AS", "4D", "2D", "5H"])     # trick 15 + kept 5H
    assert hands(game)[1] == []
    assert game.view(1)["zones"]["hand"][0] == [None] * 4
    assert game.view(2)["zones"]["hand"][0] == [None] * 4
    assert sorted(game.view(0)["zones"]["hand"][0]) == srt(["AS", "4D", "2D", "5H"])


# ---------------------------------------------------------------------------------------
# C-7 phase 2: shedding

def test_C_7_leader_may_lead_any_card_and_not_take():
    """C-7: a player whose turn comes with an empty trick leads any play (no take)."""
    game, plan = shedding_game(**BEAT)
    assert game.to_act == 2
    assert legal(game) == plays(*g_hand(plan))


def test_C_7_beat_same_suit_higher_or_trump():
    """C-7: a play beats the top if same suit and higher, or trump on a non-trump."""
    game, plan = shedding_game(**BEAT)                   # seat 0: QS 4S 5H, trump H
    game.apply("play 7S")
    assert game.to_act == 0
    assert legal(game) == plays("QS", "5H", extra=["take"])   # not 4S


def test_C_7_trump_needs_higher_trump():
    """C-7: a trump on top can only be beaten by a higher trump."""
    game, plan = shedding_game(**BEAT)
    play(game, "play 7S", "play 5H")                     # seat 0 trumps
    assert game.to_act == 1                              # seat 1: KD 5D 3C
    assert legal(game) == ["take"]
    game.apply("take")
    assert zone(game, "trick") == ["5H"]
    assert game.to_act == 2
    g = [c for c in g_hand(plan) if c != "7S"]
    expect = [c for c in g if suit(c) == "H" and rank(c) > rank("5H")]
    assert len(expect) == 9                              # 6H 7H ... AH
    assert legal(game) == plays(*expect, extra=["take"])


def test_C_7_take_then_next_player_must_beat_the_new_top():
    """C-7/MAT-11: a player who does not beat takes (the bottom card) and their turn ends;
    the next player must beat what is now on top."""
    game, plan = shedding_game(**BEAT)
    play(game, "play 3S", "play QS")                     # G 3S, seat 0 QS
    assert game.to_act == 1
    game.apply("take")                                   # seat 1 takes the bottom 3S
    assert hands(game)[1] == srt(["KD", "5D", "3C", "3S"])
    assert zone(game, "trick") == ["QS"]
    assert game.to_act == 2
    g = [c for c in g_hand(plan) if c != "3S"]
    expect = [c for c in g if (suit(c) == "S" and rank(c) > rank("QS")) or suit(c) == "H"]
    assert legal(game) == plays(*expect, extra=["take"])   # KS AS and every heart


def test_C_7_trick_ends_by_count_taken_plays_count():
    """C-7 trick_count plays_made: 3 plays made (one of them taken back) complete a
    3-player trick; the last player wins it, its cards go out, and it leads."""
    game, plan = shedding_game(**BEAT)
    play(game, "play 7S", "play 5H", "take")            # seat 1 takes 7S; plays made: 2
    game.apply("play 6H")                                # play 3
    d = game.dump()
    assert d["zones"]["trick"] == []
    assert sorted(d["zones"]["out"]) == srt(["5H", "6H"])
    assert d["to_act"] == 2
    assert hands(game)[1] == srt(["KD", "5D", "3C", "7S"])
    assert hands(game)[0] == srt(["QS", "4S"])
    assert legal(game) == plays(*[c for c in g_hand(plan) if c not in ("7S", "6H")])


def test_C_7_trick_count_plays_on_table_option():
    """C-7 trick_count plays_on_table: only plays still on the table count, so the same
    sequence leaves the trick open (2 on the table < 3 players)."""
    game, plan = shedding_game(**BEAT, options={"trick_count": "plays_on_table"})
    play(game, "play 7S", "play 5H", "take", "play 6H")
    d = game.dump()
    assert d["zones"]["trick"] == ["5H", "6H"]
    assert d["zones"]["out"] == []
    assert d["to_act"] == 0
    assert legal(game) == ["take"]                       # QS 4S cannot beat a trump
    game.apply("take")                                   # seat 0 takes the bottom 5H
    assert zone(game, "trick") == ["6H"] and game.to_act == 1
    assert hands(game)[0] == srt(["QS", "4S", "5H"])
    # seat 1 (KD 5D 3C 7S) cannot beat the trump 6H either
    assert legal(game) == ["take"]


def test_C_7_trick_ends_by_emptying_left_of_taker_leads():
    """C-7: a take that leaves the trick empty ends it; the player left of the taker
    leads, and the next trick counts its plays afresh."""
    game, plan = shedding_game(**OUT)                    # seat 0: 5C 6D KH, trump S
    game.apply("play 8C")
    assert legal(game) == ["take"]                       # seat 0 cannot beat 8C
    game.apply("take")
    d = game.dump()
    assert d["zones"]["trick"] == [] and d["zones"]["out"] == []
    assert hands(game)[0] == srt(["5C", "6D", "KH", "8C"])
    assert d["to_act"] == 1
    assert legal(game) == plays("9D", "3H", "4H")        # a lead: no take
    play(game, "play 3H", "play 5H")                     # plays 1, 2 of the new trick
    assert game.to_act == 0 and zone(game, "trick") == ["3H", "5H"]
    game.apply("play KH")                                # play 3: seat 0 wins
    assert zone(game, "trick") == [] and game.to_act == 0
    assert sorted(zone(game, "out")) == srt(["3H", "5H", "KH"])


def test_C_7_leader_without_cards_passes_lead_automatically():
    """C-7/MAT-11: a player with no cards due to lead passes the lead to their left, with
    no action recorded."""
    game, plan = shedding_game(**BLUE)                   # seat 1 has no cards
    n = game.dump()["actions"]
    play(game, "play 8C", "take")                        # seat 0 empties the trick
    d = game.dump()
    assert d["zones"]["trick"] == []
    assert d["to_act"] == 2                              # seat 1 skipped: no cards
    assert d["actions"] == n + 2
    assert make_record(game, "mattis", {}, 0)["actions"][-2:] == ["play 8C", "take"]
    assert legal(game) == plays(*[c for c in g_hand(plan) if c != "8C"])


def test_C_7_going_out_on_last_play_next_leader_is_left():
    """C-7: playing the last card puts the player out (finishing position recorded); if
    the player who completed the trick has just gone out, the next player still in to
    their left leads."""
    game, plan = shedding_game(**OUT)                    # 0: 5C 6D KH; 1: 9D 3H 4H; trump S
    game.apply("play 3C")
    assert legal(game) == plays("5C", extra=["take"])
    game.apply("play 5C")
    assert legal(game) == ["take"]                       # seat 1: no club, no trump
    play(game, "take", "play 7C")                        # 3 plays made: G wins, leads
    assert game.to_act == 2 and zone(game, "trick") == []
    play(game, "play 4D", "play 6D")
    assert legal(game) == plays("9D", extra=["take"])
    game.apply("play 9D")                                # seat 1 wins, leads
    assert game.to_act == 1 and zone(game, "trick") == []
    play(game, "play 3H", "play 8H")
    assert hands(game)[0] == ["KH"]
    assert legal(game) == plays("KH", extra=["take"])
    game.apply("play KH")                                # last card and third play
    d = game.dump()
    assert d["out_order"] == [0]
    assert d["status"] == "in_progress"
    assert d["zones"]["trick"] == []
    assert d["zones"]["hand"][0] == []
    assert d["to_act"] == 1                              # left of seat 0
    assert legal(game) == plays("4H", "3C")


def test_C_7_going_out_mid_trick_trick_size_fixed_at_start():
    """C-7: a player going out mid-trick is out at once; the trick is still complete only
    after as many plays as seats were in when it began (3)."""
    game, plan = shedding_game(**OUT)
    play(game, "play 3C", "play 5C", "take", "play 7C")  # seat 0: 6D KH; seat 1 + 3C
    play(game, "play 2H", "play KH", "take", "play AH")  # seat 1 takes 2H; seat 0: 6D
    assert hands(game)[0] == ["6D"] and game.to_act == 2
    play(game, "play 4D", "play 6D")                     # seat 0 out with its 2nd play
    d = game.dump()
    assert d["out_order"] == [0]
    assert d["zones"]["trick"] == ["4D", "6D"]           # not complete at 2 plays
    assert d["to_act"] == 1
    assert legal(game) == plays("9D", extra=["take"])
    game.apply("play 9D")                                # third play completes it
    assert zone(game, "trick") == [] and game.to_act == 1
    assert sorted(zone(game, "out")) == srt(["5C", "7C", "KH", "AH", "4D", "6D", "9D"])


def test_C_7_player_out_on_lead_trick_still_needs_plays_of_all_who_began_it():
    """C-7: the count is of the players still in when the trick began: seat 0 leads its
    last card and goes out; the trick then needs 3 plays, not 2."""
    game, plan = shedding_game(**OUT)                    # 0: 5C 6D KH; 1: 9D 3H 4H
    play(game, "play 3C", "play 5C", "take", "play 7C")  # G wins, leads
    play(game, "play 2H", "play KH", "take")             # seat 1 takes 2H: trick [KH]
    assert game.to_act == 2 and zone(game, "trick") == ["KH"]
    game.apply("take")                                   # G takes KH: trick emptied
    assert zone(game, "trick") == [] and game.to_act == 0      # left of the taker
    assert legal(game) == ["play 6D"]
    game.apply("play 6D")                                # last card: out on the lead
    d = game.dump()
    assert d["out_order"] == [0] and d["to_act"] == 1
    assert legal(game) == plays("9D", extra=["take"])
    game.apply("play 9D")                                # 2 plays: not complete
    d = game.dump()
    assert d["zones"]["trick"] == ["6D", "9D"]
    assert d["to_act"] == 2
    game.apply("play TD")                                # 3rd play completes it
    d = game.dump()
    assert d["zones"]["trick"] == [] and d["to_act"] == 2
    assert sorted(d["zones"]["out"]) == srt(["5C", "7C", "6D", "9D", "TD"])


# ---------------------------------------------------------------------------------------
# C-8 decisions and termination

def test_C_8_single_legal_action_is_still_decided_and_recorded():
    """C-8: a seat with one legal action still decides; it is listed and recorded."""
    game, plan = shedding_game(**BEAT, upto=51)
    # trick 18 of phase 1: seat 2 holds only the trump card
    d = game.dump()
    assert d["phase"] == "collect" and d["to_act"] == 2
    assert hands(game)[2] == ["6H"] and d["zones"]["stock"] == []
    assert legal(game) == ["play 6H"]
    assert game.view(2)["legal"] == ["play 6H"] and game.view(0)["legal"] == []
    assert d["actions"] == 51
    game.apply("play 6H")
    d = game.dump()
    assert d["actions"] == 52
    assert make_record(game, "mattis", {}, 0)["actions"][-1] == "play 6H"
    assert d["phase"] == "shed"


def test_C_8_blue_mattis_single_take_is_recorded():
    """C-8 + MAT-11: a blue Mattis at a trick with cards has one legal action, `take`,
    and is asked for it."""
    game, plan = shedding_game(**BLUE)
    play(game, "play 3C", "play 5C")
    assert game.to_act == 1
    assert legal(game) == ["take"]
    n = game.dump()["actions"]
    game.apply("take")
    assert game.dump()["actions"] == n + 1
    assert hands(game)[1] == ["3C"]
    assert zone(game, "trick") == ["5C"] and game.to_act == 2


def test_C_8_draws_and_trick_resolution_are_automatic():
    """C-8: resolving a trick and refilling record no action."""
    game = new_game(3, 2, [["2C", "3C", "4C"], ["5C", "6C", "7C"], ["8C", "9C", "TC"]],
                    stock=["AS", "KS", "QS"])
    play(game, "play 2C", "play 5C", "play 8C")
    d = game.dump()
    assert d["actions"] == 3
    assert d["zones"]["trick"] == [] and len(d["zones"]["stock"]) == 40
    assert hands(game) == [srt(["3C", "4C", "KS"]), srt(["6C", "7C", "QS"]),
                           srt(["9C", "TC", "AS"])]


def test_C_8_max_actions_aborts():
    """C-8: a game not ended after max_actions recorded actions stops as `aborted`."""
    game = new_game(3, 2, [["2C", "3C", "4C"], ["5C", "6C", "7C"], ["8C", "9C", "TC"]],
                    max_actions=4)
    play(game, "play 2C", "play 5C", "play 8C")          # seat 2 wins and leads
    assert game.result.status == "in_progress" and not game.finished
    assert game.to_act == 2
    game.apply("play 9C")                                # the 4th recorded action
    assert game.finished
    r = game.result
    assert r.status == "aborted" and r.loser is None
    d = game.dump()
    assert d["status"] == "aborted" and d["to_act"] is None and d["legal"] == []
    assert d["actions"] == 4
    assert game.legal_actions() == []
    with pytest.raises(rulekit.IllegalAction):
        game.apply("play TC")


def test_C_8_default_limit_is_10000_actions():
    """C-8: the default guard stops an endless game after 10,000 recorded actions. Cards
    circulate for ever by voluntary takes that empty the trick (MAT-11, C-7)."""
    game, plan = shedding_game(**OUT)
    start = game.dump()["actions"]
    cycle = ["play 2C", "take",        # G leads 2C, seat 0 takes it; seat 1 leads
             "play 3H", "take",        # G takes 3H; seat 0 leads
             "play 2C", "take",        # seat 1 takes 2C; G leads
             "play 3H", "take",        # seat 0 takes 3H; seat 1 leads
             "play 2C", "take",        # G takes 2C; seat 0 leads
             "play 3H", "take"]        # seat 1 takes 3H; G leads: as at the start
    i = 0
    while not game.finished:
        game.apply(cycle[i % 12])
        i += 1
    assert start + i == 10000
    assert game.result.status == "aborted"
    assert game.dump()["actions"] == 10000


# ---------------------------------------------------------------------------------------
# C-9 result

def test_C_9_result_loser_and_out_order():
    """C-9: a finished game reports the loser and the seats in the order they went out."""
    game, plan = shedding_game(**OUT)
    play(game, "play 3C", "play 5C", "take", "play 7C",
         "play 4D", "play 6D", "play 9D",
         "play 3H", "play 8H", "play KH")                # seat 0 out first
    play(game, "play 4H", "play 9H")                     # 2 in: size 2, G wins
    assert game.to_act == 2 and zone(game, "trick") == []
    game.apply("play 2C")
    assert game.to_act == 1 and legal(game) == plays("3C", extra=["take"])
    game.apply("play 3C")                                # seat 1's last card
    assert game.finished
    r = game.result
    assert (r.status, r.loser, r.out_order) == ("finished", 2, [0, 1])
    d = game.dump()
    assert d["status"] == "finished" and d["loser"] == 2 and d["out_order"] == [0, 1]
    assert d["to_act"] is None and d["legal"] == []


# ---------------------------------------------------------------------------------------
# MAT-1 players

@pytest.mark.parametrize("n", [3, 4, 5, 6, 7, 8])
def test_MAT_1_three_to_eight_players_deal_per_C_3(n):
    """MAT-1: 3 to 8 players, 3 cards each, the rest is the stock (C-3)."""
    game = rules().new_game(players=n, deck=PACK[:], dealer=0)
    d = game.dump()
    assert d["players"] == n
    assert [len(h) for h in d["zones"]["hand"]] == [3] * n
    assert d["zones"]["stock"] == PACK[3 * n:]
    assert d["zones"]["hand"][1][0] == "2C"              # dealer 0: seat 1 first


@pytest.mark.parametrize("n", [0, 1, 2, 9, 10])
def test_MAT_1_other_player_counts_raise(n):
    """MAT-1: other player counts raise ValueError."""
    with pytest.raises(ValueError):
        rules().new_game(players=n, seed=1)


# ---------------------------------------------------------------------------------------
# MAT-2 .. MAT-7 phase 1

def test_MAT_2_left_of_dealer_leads_any_card_everyone_plays():
    """MAT-2: the player left of the dealer leads with any card (or stock); then every
    other player in clockwise order plays one card."""
    game = new_game(4, 1, [["2C", "3D", "4H"], ["5S", "6C", "7D"], ["8H", "9S", "TC"],
                           ["JD", "QH", "KS"]])
    d = game.dump()
    assert d["phase"] == "collect" and d["to_act"] == 2
    assert legal(game) == plays("8H", "9S", "TC", extra=["stock"])
    seen = []
    for card in ["8H", "JD", "2C", "5S"]:
        seen.append(game.to_act)
        game.apply(f"play {card}")
    assert seen == [2, 3, 0, 1]
    # all 4 played one card; JD won (MAT-3) and the trick is done
    assert won(game)[3] == srt(["8H", "JD", "2C", "5S"])
    assert game.to_act == 3


def test_MAT_3_highest_rank_wins_whatever_the_suit():
    """MAT-3: the highest rank wins the trick, whatever the suit (first card's suit
    gives no advantage)."""
    game = new_game(4, 3, [["9S"], ["KC"], ["2H"], ["QS"]])
    play(game, "play 9S", "play KC", "play 2H", "play QS")
    assert won(game) == [[], srt(["9S", "KC", "2H", "QS"]), [], []]
    assert game.to_act == 1


def test_MAT_4_tie_break_only_tied_seats_play_again():
    """MAT-4: on a tie for highest, only the tied players play again, in clockwise order
    starting with the tied player who played first (here seat 3 before seat 0)."""
    # 4 players, dealer 1 -> order 2, 3, 0, 1
    game = new_game(4, 1, [["KS", "3C", "4C"], ["3D", "5D", "6D"], ["5C", "7C", "8C"],
                           ["KH", "9H", "2S"]])
    play(game, "play 5C", "play KH", "play KS", "play 3D")
    d = game.dump()
    assert d["zones"]["trick"] == ["5C", "KH", "KS", "3D"]
    assert d["to_act"] == 3
    assert legal(game) == plays("9H", "2S", extra=["stock"])
    game.apply("play 2S")
    assert game.to_act == 0
    assert legal(game) == plays("3C", "4C", extra=["stock"])
    game.apply("play 3C")                                # 3C beats 2S: seat 0 wins
    assert won(game)[0] == srt(["5C", "KH", "KS", "3D", "2S", "3C"])
    assert game.to_act == 0


def test_MAT_4_only_ties_for_highest_matter():
    """MAT-4: a tie below the highest card does not start a tie-break."""
    game = new_game(4, 3, [["4C"], ["4D"], ["KH"], ["2S"]])
    play(game, "play 4C", "play 4D", "play KH", "play 2S")
    assert won(game) == [[], [], srt(["4C", "4D", "KH", "2S"]), []]
    assert zone(game, "trick") == [] and game.to_act == 2


def test_MAT_4_no_refill_during_tie_break_and_stock_allowed():
    """MAT-4: no refill during a tie-break; `stock` is allowed in it; repeat while they
    tie; the highest of the new cards decides (even below the first tied rank)."""
    game = new_game(3, 2, [["QC", "7C", "3C"], ["2D", "4D", "6D"], ["QH", "7H", "2H"]],
                    stock=["7S", "AS", "KS", "JS", "TS"])
    play(game, "play QC", "play 2D", "play QH")          # seats 0 and 2 tie with queens
    d = game.dump()
    assert d["to_act"] == 0
    assert len(d["zones"]["stock"]) == 43                # nobody drew
    assert hands(game)[0] == srt(["7C", "3C"]) and hands(game)[2] == srt(["7H", "2H"])
    game.apply("stock")                                  # 7S from the stock
    assert zone(game, "trick") == ["QC", "2D", "QH", "7S"]
    assert hands(game)[0] == srt(["7C", "3C"])           # hand does not shrink (C-5)
    assert game.to_act == 2
    game.apply("play 7H")                                # tie again: 7S vs 7H
    assert game.to_act == 0
    assert legal(game) == plays("7C", "3C", extra=["stock"])
    assert len(zone(game, "stock")) == 42
    play(game, "play 3C", "play 2H")                     # 3C > 2H: seat 0 wins
    assert won(game)[0] == srt(["QC", "2D", "QH", "7S", "7H", "3C", "2H"])
    assert zone(game, "trick") == []
    # MAT-5/C-4 refill from the winner: seat 0 (needs 2) AS KS, seat 1 (1) JS, seat 2 (3)
    assert hands(game) == [srt(["7C", "AS", "KS"]), srt(["4D", "6D", "JS"]),
                           srt(["TS"] + unused_after(["7S", "AS", "KS", "JS", "TS"],
                                                   ["QC", "7C", "3C", "2D", "4D", "6D",
                                                    "QH", "7H", "2H"])[:2])]
    assert game.to_act == 0


def test_MAT_4_three_way_tie_then_two_way():
    """MAT-4: three-way tie, all three play again in order from the first tied player;
    then a two-way tie among them; the third drops out."""
    # 4 players, dealer 0 -> order 1, 2, 3, 0
    game = new_game(4, 0, [["2C", "3C", "4C"], ["KC", "9C", "5C"], ["KD", "9D", "2D"],
                           ["KH", "6H", "2H"]])
    play(game, "play KC", "play KD", "play KH", "play 2C")
    assert game.to_act == 1
    play(game, "play 9C", "play 9D", "play 6H")          # seats 1, 2 tie with nines
    assert game.to_act == 1
    assert legal(game) == plays("5C", extra=["stock"])
    play(game, "play 5C")
    assert game.to_act == 2
    game.apply("play 2D")                                # 5C wins for seat 1
    assert won(game)[1] == srt(["KC", "KD", "KH", "2C", "9C", "9D", "6H", "5C", "2D"])
    assert game.to_act == 1


def test_MAT_5_winner_takes_all_and_leads_refill_C_4():
    """MAT-5: the winner takes every card of the trick into `won` and leads; refill per
    C-4 (winner first, then clockwise)."""
    game = new_game(3, 0, [["2C", "3C", "4C"], ["AC", "5C", "6C"], ["7C", "8C", "9C"]],
                    stock=["2D", "3D", "4D"])
    # dealer 0 -> order 1, 2, 0; seat 1 AC wins
    play(game, "play AC", "play 7C", "play 2C")
    assert won(game) == [[], srt(["AC", "7C", "2C"]), []]
    assert hands(game) == [srt(["3C", "4C", "4D"]), srt(["5C", "6C", "2D"]),
                           srt(["8C", "9C", "3D"])]
    assert game.to_act == 1


def test_MAT_6_trump_card_goes_to_the_player_who_would_draw_it():
    """MAT-6/C-6: the last stock card goes face up to whoever would draw it; here the
    winner and the next two are full (they played from the stock), so seat 3 gets it."""
    # 4 players, dealer 3 -> seat 0 leads. 40 stock cards: 9 tricks of 4 stock plays
    # won by seat 0 (it keeps leading), then trick 10: 0, 1, 2 play stock (1 left) and
    # seat 3 must play from hand.
    hands_ = [["2S", "3C", "3D"], ["3H", "3S", "4C"], ["4D", "4H", "4S"], ["2C", "2D", "2H"]]
    fixed = {c for h in hands_ for c in h} | {"7H"}
    rest = sorted((c for c in PACK if c not in fixed), key=rank, reverse=True)   # 39
    best, losers = rest[:10], rest[10:]
    tricks = [(0, [best[i]] + losers[3 * i:3 * i + 3]) for i in range(9)]
    stock, leader = stock_tricks(4, 0, tricks)
    stock += [best[9], losers[27], losers[28]]
    game = new_game(4, 3, hands_, stock=stock, last="7H")
    play(game, *["stock"] * 39)
    assert game.to_act == 3 and zone(game, "stock") == ["7H"]
    assert legal(game) == plays("2C", "2D", "2H")        # C-5: no stock with 1 card
    game.apply("play 2C")
    d = game.dump()
    assert d["zones"]["stock"] == [] and d["vars"]["trump"] == "H"
    assert hands(game) == [srt(hands_[0]), srt(hands_[1]), srt(hands_[2]),
                           srt(["2D", "2H", "7H"])]
    assert len(d["zones"]["won"][0]) == 40
    assert sorted(c for c in game.view(1)["zones"]["hand"][3] if c) == ["7H"]
    assert game.view(0)["zones"]["hand"][3].count(None) == 2
    assert d["to_act"] == 0
    assert legal(game) == plays(*hands_[0])


def test_MAT_7_draw_on_empty_hand_in_tie_break():
    """MAT-7: hands run out in a tie-break chain (no refill, MAT-4); the next tied
    player draws one card from the stock, then plays it (or stock)."""
    game = new_game(3, 2, [["2C", "3C", "4C"], ["KC", "7C", "5C"], ["KD", "7D", "5D"]],
                    stock=["9H", "8S", "AS"])
    play(game, "play 2C", "play KC", "play KD",          # tie
         "play 7C", "play 7D", "play 5C", "play 5D")     # tie, tie; both hands empty
    d = game.dump()
    assert d["actions"] == 7
    assert d["to_act"] == 1
    assert hands(game)[1] == ["9H"]                       # drew the top card
    assert d["zones"]["stock"][0] == "8S" and len(d["zones"]["stock"]) == 42
    assert hands(game)[2] == []                           # seat 2 has not drawn yet
    assert legal(game) == plays("9H", extra=["stock"])
    game.apply("play 9H")
    assert game.to_act == 2
    assert hands(game)[2] == ["8S"]
    assert legal(game) == plays("8S", extra=["stock"])
    game.apply("play 8S")                                # 9H wins for seat 1
    assert won(game)[1] == srt(["2C", "KC", "KD", "7C", "7D", "5C", "5D", "9H", "8S"])
    # refill from seat 1: needs 3 (AS + the next two); seat 2 needs 3; seat 0 needs 1
    nxt = unused_after(["9H", "8S", "AS"], ["2C", "3C", "4C", "KC", "7C", "5C",
                                           "KD", "7D", "5D"])
    assert hands(game) == [srt(["3C", "4C", nxt[5]]), srt(["AS"] + nxt[0:2]),
                           srt(nxt[2:5])]


def _tie_chain():
    """3 players, dealer 2. Seat 0 leads 2C; seats 1 and 2 tie with aces and keep tying
    from the stock (21 pairs) and then from hand; seat 1 then draws the last stock card
    (3D) and plays it, and seat 2 must play with no card and no stock."""
    h0, h1, h2 = ["2C", "2D", "3C"], ["AC", "2H", "3H"], ["AD", "2S", "3S"]
    pairs = [(r + "C", r + "D") for r in "456789TJQK"] + \
            [(r + "H", r + "S") for r in "456789TJQK"] + [("AH", "AS")]
    stock = [c for p in pairs for c in p]
    assert len(stock) == 42
    game = new_game(3, 2, [h0, h1, h2], stock=stock, last="3D")
    return game, stock


def test_MAT_7_phase_1_ends_when_player_to_play_has_no_card_unfinished_trick_returns():
    """MAT-7: once the stock is empty, phase 1 ends at once when the player who must play
    next has no card; every card of the unfinished trick (tie-break and stock cards
    included) goes back to the seat that played it; kept cards stay. C-6: the last stock
    card drawn in an empty-hand draw goes face up into the hand."""
    game, stock = _tie_chain()
    play(game, "play 2C", "play AC", "play AD")
    assert game.to_act == 1
    for _ in range(21):
        play(game, "stock", "stock")
    d = game.dump()
    assert d["zones"]["stock"] == ["3D"] and d["to_act"] == 1
    assert legal(game) == plays("2H", "3H")              # C-5: one card left
    play(game, "play 2H", "play 2S", "play 3H", "play 3S")
    d = game.dump()
    assert d["phase"] == "collect" and d["to_act"] == 1
    assert d["zones"]["stock"] == [] and d["vars"]["trump"] == "D"
    assert d["zones"]["hand"][1] == ["3D"]
    assert game.view(0)["zones"]["hand"][1] == ["3D"]    # face up (C-6)
    assert legal(game) == ["play 3D"]
    game.apply("play 3D")
    d = game.dump()
    assert d["phase"] == "shed"
    assert d["zones"]["trick"] == [] and d["zones"]["stock"] == []
    assert won(game) == [[], [], []]
    assert hands(game) == [srt(["2C", "2D", "3C"]),
                           srt(["AC", "2H", "3H", "3D"] + stock[0::2]),
                           srt(["AD", "2S", "3S"] + stock[1::2])]
    assert game.view(0)["zones"]["hand"][1] == [None] * 25     # hidden in phase 2 (C-7)


def test_MAT_8_phase_2_hand_is_won_plus_kept():
    """MAT-8: phase-2 hand = won pile + cards kept from phase 1 (seat 2 kept its trump
    card)."""
    game, plan = shedding_game(**BEAT)
    d = game.dump()
    assert d["phase"] == "shed"
    assert won(game) == [[], [], []]
    assert hands(game) == [plan["hands"][0], plan["hands"][1], plan["hands"][2]]
    assert "6H" in d["zones"]["hand"][2]
    assert d["zones"]["stock"] == [] and d["zones"]["trick"] == [] and d["zones"]["out"] == []


def test_MAT_8_blue_mattis_stays_in():
    """MAT-8: a player with no cards at all in phase 2 (blue Mattis) stays in the game:
    not out, and asked to take at a trick with cards (MAT-11)."""
    game, plan = shedding_game(**BLUE)
    d = game.dump()
    assert d["phase"] == "shed" and d["status"] == "in_progress"
    assert hands(game)[1] == [] and d["out_order"] == []
    play(game, "play 3C", "play 5C")
    assert game.to_act == 1 and legal(game) == ["take"]
    game.apply("take")
    assert hands(game)[1] == ["3C"] and zone(game, "trick") == ["5C"]
    assert game.dump()["out_order"] == []


def test_MAT_9_last_phase_1_trick_winner_leads_phase_2():
    """MAT-9: the last player to win a phase-1 trick (seat 2, trick 17) leads phase 2,
    not the dealer's left (seat 0)."""
    game, plan = shedding_game(**BEAT)
    assert game.dump()["phase"] == "shed"
    assert game.to_act == 2


def test_MAT_9_no_trick_won_leader_of_last_trick_leads():
    """MAT-9: if no phase-1 trick was won, the leader of the last phase-1 trick (seat 0,
    the dealer's left) leads phase 2."""
    game, stock = _tie_chain()
    play(game, "play 2C", "play AC", "play AD", *["stock"] * 42,
         "play 2H", "play 2S", "play 3H", "play 3S", "play 3D")
    d = game.dump()
    assert d["phase"] == "shed"
    assert d["to_act"] == 0
    assert legal(game) == plays("2C", "2D", "3C")


# ---------------------------------------------------------------------------------------
# MAT-10 .. MAT-12 phase 2

@pytest.mark.parametrize("lead, expect", [
    ("3S", ["play QS", "play 4S", "play 5H", "take"]),   # both spades higher, trump
    ("7S", ["play QS", "play 5H", "take"]),              # 4S is too low
    ("KS", ["play 5H", "take"]),                         # only the trump
    ("2D", ["play 5H", "take"]),                         # other suit: only the trump
    ("3H", ["play 5H", "take"]),                         # higher trump beats trump
    ("7H", ["take"]),                                    # lower trump cannot
])
def test_MAT_10_beating_per_C_7(lead, expect):
    """MAT-10/C-7: seat 0 holds QS 4S 5H, trumps are hearts; what beats each lead."""
    game, plan = shedding_game(**BEAT)
    game.apply(f"play {lead}")
    assert game.to_act == 0
    assert legal(game) == sorted(expect)


def test_MAT_11_take_the_bottom_card_not_the_smallest():
    """MAT-11: the taker takes the lowest (bottom) card of the trick, not the smallest
    printed rank: KS under the trump 5H, seat 1 takes KS."""
    game, plan = shedding_game(**BEAT)
    play(game, "play KS", "play 5H")
    assert game.to_act == 1 and legal(game) == ["take"]
    game.apply("take")
    assert hands(game)[1] == srt(["KD", "5D", "3C", "KS"])
    assert zone(game, "trick") == ["5H"]
    assert game.to_act == 2


def test_MAT_11_voluntary_take_allowed_by_default():
    """MAT-11 voluntary_take true: a player who can beat may take instead."""
    game, plan = shedding_game(**BEAT)
    game.apply("play 7S")
    assert "take" in legal(game) and "play QS" in legal(game)
    game.apply("take")
    assert hands(game)[0] == srt(["QS", "4S", "5H", "7S"])
    assert zone(game, "trick") == [] and game.to_act == 1     # C-7 emptied


def test_MAT_11_voluntary_take_false_forbids_taking_when_able_to_beat():
    """MAT-11 voluntary_take false: `take` only for a player who cannot beat."""
    game, plan = shedding_game(**BEAT, options={"voluntary_take": False})
    game.apply("play 7S")
    assert legal(game) == plays("QS", "5H")              # no take
    game.apply("play 5H")
    assert legal(game) == ["take"]                       # seat 1 cannot beat a trump
    game.apply("take")
    assert game.to_act == 2
    g = [c for c in g_hand(plan) if c != "7S"]
    assert legal(game) == plays(*[c for c in g if suit(c) == "H" and rank(c) > rank("5H")])


def test_MAT_12_full_phase_2_to_the_mattis():
    """MAT-12 (C-7): trick end, next leader, going out and the loser, in one game."""
    game, plan = shedding_game(**OUT)
    play(game, "play 3C", "play 5C", "take", "play 7C")  # by count: G leads
    assert game.to_act == 2
    play(game, "play 4D", "play 6D", "play 9D")          # seat 1 wins, leads
    assert game.to_act == 1
    play(game, "play 3H", "play 8H", "play KH")          # seat 0 out, seat 1 leads
    assert game.to_act == 1 and game.dump()["out_order"] == [0]
    play(game, "play 4H")
    assert game.to_act == 2
    game.apply("play 9H")                                # 2 plays: 2 seats in
    assert game.to_act == 2 and zone(game, "trick") == []
    assert hands(game)[1] == ["3C"]
    play(game, "play 2C", "play 3C")
    assert game.result.status == "finished"
    assert game.result.loser == 2 and game.result.out_order == [0, 1]
