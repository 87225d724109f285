"""Per-rule tests for the bundled `spite_malice` ruleset (docs/rules/spite_malice.md,
SAM-1..SAM-14), each named after the rule it checks, on hand-built decks; every expected
value was worked out by hand from the rule text. Then random games under every option,
each replayed from its record.

The usual table: the dealer is seat 0, so each card of a deal goes to seat 1 first, then
seat 0 (SAM-3: pay-off piles first, then five cards each to the hands, the rest the
stock). :func:`deck_for` turns the piles, hands and stock wanted into that deck."""
from __future__ import annotations

import json
import random

import pytest
from budget import SOAK, games

import rulekit
from ruleset_positions import load_rules
from rulekit.runtime.records import make_record
from rulekit.runtime.replay import replay

RANKS = "A23456789TJQK"                       # SAM-1, aces low
FACES = [r + s for s in "CDHS" for r in RANKS]
JOKERS = ["JK", "JK#2", "JK#3", "JK#4"]
PACK = FACES + [f + "#2" for f in FACES] + JOKERS
FILLER = "9T8J76Q5432AK"                      # padding: middle ranks first, aces and kings last


def rank(card: str) -> int:
    """SAM-1 rank order, the ace 0; None for a joker."""
    return None if card.startswith("JK") else RANKS.index(card[0])


def rules(**options):
    """The ruleset with ``options``, compiled once per distinct options."""
    return load_rules("spite_malice", {k: str(v).lower() if isinstance(v, bool) else str(v)
                                       for k, v in options.items()} or None)


def deck_for(payoff0=(), payoff1=(), hand0=(), hand1=(), stock=(), size=20) -> list:
    """The deck (top first) that deals, with seat 0 dealing (SAM-3): pay-off piles
    ``payoff0``/``payoff1`` (given top first, the face-up card first; padded below to
    ``size`` cards), hands ``hand0``/``hand1`` (padded to five) and the stock beginning
    with ``stock`` (top first). Padding comes from the unused cards, middle ranks first;
    the jokers lie at the bottom of the stock (set aside at once without them in play)."""
    used = set(payoff0) | set(payoff1) | set(hand0) | set(hand1) | set(stock)
    assert len(used) == len(payoff0) + len(payoff1) + len(hand0) + len(hand1) + len(stock)
    spare = sorted((c for c in PACK if c not in used and c not in JOKERS),
                   key=lambda c: (FILLER.index(c[0]), c))

    def padded(cards, n):
        out = list(cards)
        while len(out) < n:
            out.append(spare.pop(0))
        return out

    piles = [padded(payoff0, size), padded(payoff1, size)]
    hands = [padded(hand0, 5), padded(hand1, 5)]
    deck = []
    for i in range(size):                     # bottom card dealt first: top first reversed
        deck += [piles[1][size - 1 - i], piles[0][size - 1 - i]]
    for i in range(5):
        deck += [hands[1][i], hands[0][i]]
    deck += list(stock) + spare + [j for j in JOKERS if j not in used]
    assert sorted(deck) == sorted(PACK)
    return deck


def game_of(size=20, **kw):
    options = {k: kw.pop(k) for k in list(kw) if k not in
               ("payoff0", "payoff1", "hand0", "hand1", "stock")}
    if size != 20:
        options.setdefault("payoff", size)
    return rules(**options).new_game(players=2, dealer=0, deck=deck_for(size=size, **kw))


def legal(game) -> set:
    return {str(a) for a in game.legal_actions()}


def play(game, *actions):
    for a in actions:
        game.apply(a)


def z(game, name):
    """Zone ``name`` as the dump shows it (a row per seat: a list of piles per seat)."""
    return game.dump()["zones"][name]


# ---- cards, players and the deal ------------------------------------------------------

def test_SAM_1_two_players_only():
    assert rules().new_game(players=2, seed=1).n == 2
    for n in (1, 3):
        with pytest.raises(ValueError):
            rules().new_game(players=n, seed=1)


def _in_play(game):
    return (z(game, "stock") + [c for p in z(game, "payoff") for c in p]
            + [c for h in z(game, "hand") for c in h]
            + [c for p in z(game, "build") for c in p]
            + [c for row in z(game, "discard") for p in row for c in p])


def test_SAM_1_two_packs_without_jokers_by_default():
    game = rules().new_game(players=2, seed=3)
    cards = _in_play(game)
    assert len(cards) == 104 and sorted(cards) == sorted(c for c in PACK if c not in JOKERS)
    assert sorted(z(game, "aside")) == JOKERS


def test_SAM_1_the_jokers_join_with_kings_and_jokers():
    game = rules(wild="kings_and_jokers").new_game(players=2, seed=3)
    assert sorted(_in_play(game)) == sorted(PACK) and z(game, "aside") == []


def test_SAM_3_the_deal():
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=["AC", "2C", "3C", "4C", "5D"],
                   hand1=["9S", "9H", "8S", "8H", "7S"], stock=["6C", "7C"])
    assert [len(p) for p in z(game, "payoff")] == [20, 20]
    assert z(game, "payoff")[0][-1] == "QH" and z(game, "payoff")[1][-1] == "5C"   # the tops
    assert z(game, "hand") == [["AC", "2C", "3C", "4C", "5D"], ["9S", "9H", "8S", "8H", "7S"]]
    assert len(z(game, "stock")) == 104 - 40 - 10 and z(game, "stock")[:2] == ["6C", "7C"]


@pytest.mark.parametrize("size", [5, 30])            # (the sizes the tests below use)
def test_SAM_3_option_payoff_sets_the_pile_size(size):
    game = game_of(size=size)
    assert [len(p) for p in z(game, "payoff")] == [size, size]
    assert len(z(game, "stock")) == 104 - 2 * size - 10


def test_SAM_3_only_the_top_pay_off_card_is_seen_by_anyone():
    game = game_of(payoff0=["QH", "4D"], payoff1=["5C", "6S"])
    for seat in (0, 1, "public"):
        view = game.spectator_view() if seat == "public" else game.view(seat)
        for s, top in ((0, "QH"), (1, "5C")):
            shown = view["zones"]["payoff"][s]
            assert shown == [None] * 19 + [top], (seat, s)       # own pile hidden too
    assert game.view(0)["zones"]["hand"][1] == [None] * 5       # and the other's hand


def test_SAM_3_the_card_under_a_played_pay_off_card_is_turned_up():
    game3 = game_of(payoff0=["QH", "9D"], payoff1=["5C", "6S"],
                    hand0=["AC", "2C", "3C", "4C", "5D"],
                    stock=["6C", "7C", "8C", "9C", "TC", "JC"])
    play(game3, "put AC on build 0", "put 2C on build 0", "put 3C on build 0",
         "put 4C on build 0", "put 5D on build 0")       # hand empty: five more (SAM-11)
    play(game3, "put 6C on build 0", "put 7C on build 0", "put 8C on build 0",
         "put 9C on build 0", "put TC on build 0")
    play(game3, "put JC on build 0", "pay QH on build 0")
    assert game3.view(1)["zones"]["payoff"][0][-1] == "9D"    # the next card, face up
    assert game3.view(1)["zones"]["payoff"][0][:-1] == [None] * 18


def test_SAM_4_the_table_rows():
    game = game_of()
    assert z(game, "build") == [[]] * 4 and z(game, "discard") == [[[]] * 4, [[]] * 4]
    game = game_of(build_piles=3)
    assert z(game, "build") == [[]] * 3


def test_SAM_4_discards_are_seen_by_both_players():
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=["9D", "8D", "7D", "6D", "TD"],
                   hand1=["9S", "9C", "8S", "8H", "8C"])
    play(game, "discard 9D on discard 0 2")
    play(game, "discard 9S on discard 1 0")
    play(game, "discard 8D on discard 0 2")
    assert game.view(1)["zones"]["discard"][0] == [[], [], ["9D", "8D"], []]


def test_SAM_5_the_higher_pay_off_card_starts():
    assert game_of(payoff0=["QH"], payoff1=["5C"]).to_act == 0
    assert game_of(payoff0=["2H"], payoff1=["JC"]).to_act == 1
    assert game_of(payoff0=["KH"], payoff1=["QC"]).to_act == 0          # K above Q
    assert game_of(payoff0=["KH"], payoff1=["JK"], wild="kings_and_jokers").to_act == 1


def test_SAM_5_equal_cards_shuffle_both_piles_and_compare_again():
    game = game_of(payoff0=["7H", "2C"], payoff1=["7C", "2D"])
    piles = z(game, "payoff")
    tops = [piles[0][-1], piles[1][-1]]
    assert rank(tops[0]) != rank(tops[1])
    assert game.to_act == (0 if rank(tops[0]) > rank(tops[1]) else 1)
    assert "7H" in piles[0] and "7C" in piles[1] and len(piles[0]) == len(piles[1]) == 20
    said = [e["text"] for e in game.events if e["kind"] == "announced"]
    assert any("7H" in t and "7C" in t for t in said)
    for s in (0, 1):                                # still face down under a face-up top
        assert game.view(1 - s)["zones"]["payoff"][s] == [None] * 19 + [tops[s]]


# ---- a turn ---------------------------------------------------------------------------

def test_SAM_6_turns_alternate():
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=["9D"], hand1=["9S"])
    assert game.to_act == 0
    play(game, "discard 9D on discard 0 0")
    assert game.to_act == 1
    play(game, "discard 9S on discard 1 0")
    assert game.to_act == 0


def test_SAM_7_a_turn_starts_by_drawing_up_to_five():
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=["AC", "2C", "9D", "9H", "9C"],
                   hand1=["8S", "8H", "8C", "7S", "7H"], stock=["4S", "3S", "6H", "7D"])
    play(game, "put AC on build 0", "put 2C on build 0", "discard 9D on discard 0 0")
    assert len(z(game, "hand")[0]) == 2
    assert z(game, "hand")[1] == ["8S", "8H", "8C", "7S", "7H"]     # five: draws none
    play(game, "discard 8S on discard 1 0")
    assert sorted(z(game, "hand")[0]) == sorted(["9H", "9C", "4S", "3S", "6H"])   # drew three
    assert z(game, "stock")[0] == "7D"


def test_SAM_8_cards_come_from_the_hand_the_pay_off_top_and_own_discard_tops():
    game = game_of(payoff0=["3H"], payoff1=["2S"], hand0=["AC", "9D", "9H", "4C", "5C"],
                   hand1=["AD", "8S", "8H", "8C", "7S"], stock=["9S", "9C"])
    assert game.to_act == 0
    play(game, "discard 4C on discard 0 0")
    play(game, "discard AD on discard 1 3")
    assert "lift AD on build 0" not in legal(game)       # not from the other's piles
    play(game, "put AC on build 0")
    acts = legal(game)
    assert "pay 3H on build 0" not in acts                # needs a 2 first
    play(game, "discard 9D on discard 0 1")
    assert "lift AD on build 1" in legal(game)            # seat 1's own discard top
    play(game, "lift AD on build 1")
    assert z(game, "discard")[1][3] == [] and z(game, "build")[1] == ["AD"]
    assert "discard 8S on discard 1 0" in legal(game)     # building is never required


def test_SAM_8_only_the_top_of_a_discard_pile_plays():
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=["AC", "9D"], hand1=["9S", "9C", "8S", "8H", "8C"])
    play(game, "discard AC on discard 0 0", "discard 9S on discard 1 0")
    play(game, "discard 9D on discard 0 0", "discard 9C on discard 1 0")
    assert z(game, "discard")[0][0] == ["AC", "9D"]
    assert not any(a.startswith("lift AC") for a in legal(game))


def test_SAM_8_the_pay_off_top_plays():
    game = game_of(payoff0=["AH", "2H"], payoff1=["5C"], hand0=["KC"], hand1=["QS"])
    assert game.to_act == 1                              # 5 above the ace
    play(game, "discard QS on discard 1 0")
    assert "pay AH on build 2" in legal(game)
    play(game, "pay AH on build 2", "pay 2H on build 2")
    assert z(game, "build")[2] == ["AH", "2H"] and len(z(game, "payoff")[0]) == 18


def test_SAM_9_the_build_rule():
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=["AC", "2D", "3S", "3H", "5C#2"])
    acts = legal(game)
    assert {"put AC on build 0", "put AC on build 3"} <= acts
    assert not any(a.startswith(("put 2D", "put 3S", "put 5C")) for a in acts)
    play(game, "put AC on build 0")
    acts = legal(game)
    assert "put 2D on build 0" in acts and "put 2D on build 1" not in acts
    assert "put 3S on build 0" not in acts               # no skipping a rank
    play(game, "put 2D on build 0")
    assert {"put 3S on build 0", "put 3H on build 0"} <= legal(game)   # any suit


def _to_jack(**options):
    """Seat 0 builds A..J on build 0 from its hand and the stock (SAM-11 refills)."""
    game = game_of(payoff0=["QH", "9D"], payoff1=["5C"],
                   hand0=["AC", "2C", "3C", "4C", "5D"],
                   stock=["6C", "7C", "8C", "9C", "TC", "JC", "KD", "4S", "4H", "4D"],
                   **options)
    for c in ["AC", "2C", "3C", "4C", "5D", "6C", "7C", "8C", "9C", "TC", "JC"]:
        play(game, f"put {c} on build 0")
    return game


def test_SAM_9_nothing_goes_on_a_queen():
    game = _to_jack()
    assert len(z(game, "build")[0]) == 11
    assert "put KD on build 0" in legal(game)            # a wild queen: fine
    assert game.evaluate("fits(card('KD'), build[0])")
    game.apply("pay QH on build 0")                      # the twelfth card completes it
    assert z(game, "build")[0] == []


def test_SAM_2_a_king_is_the_rank_needed():
    game = _to_jack()
    play(game, "put KD on build 0")                      # a king as the queen
    assert z(game, "build")[0] == [] and len(z(game, "payoff")[0]) == 20
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=["AC", "KS", "3D", "4D", "9H"])
    play(game, "put AC on build 1", "put KS on build 1", "put 3D on build 1")   # K as the 2
    assert z(game, "build")[1] == ["AC", "KS", "3D"]


def test_SAM_2_a_king_starts_a_pile_unless_wild_starts_is_off():
    hand = ["KS", "2D", "3D", "AC", "9H"]
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=hand)
    assert "put KS on build 0" in legal(game)
    play(game, "put KS on build 0", "put 2D on build 0")          # K as the ace
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=hand, wild_starts=False)
    acts = legal(game)
    assert not any(a.startswith("put KS") for a in acts)
    play(game, "put AC on build 0")
    assert "put KS on build 0" in legal(game) and "put KS on build 1" not in legal(game)


def test_SAM_2_jokers_are_wild_with_kings_and_jokers():
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=["AC", "JK", "9H", "9D", "9C"],
                   wild="kings_and_jokers")
    play(game, "put AC on build 0")
    assert "put JK on build 0" in legal(game) and "put JK on build 1" in legal(game)
    play(game, "put JK on build 0")
    assert z(game, "build")[0] == ["AC", "JK"]


def test_SAM_10_a_complete_pile_is_shuffled_into_the_stock():
    game = _to_jack()
    # stock: 54 dealt, 5 + 5 drawn by the two refills of SAM-11 = 44
    assert len(z(game, "stock")) == 44
    built = list(z(game, "build")[0]) + ["QH"]
    play(game, "pay QH on build 0")
    assert z(game, "build")[0] == [] and len(z(game, "stock")) == 56
    assert set(built) <= set(z(game, "stock"))
    assert "put AC on build 0" not in legal(game)        # (the ace is gone with the pile)
    assert game.view(0)["zones"]["payoff"][0][-1] == "9D"


def test_SAM_11_an_empty_hand_draws_five_and_plays_on():
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=["AC", "2C", "3C", "4C", "5D"],
                   stock=["6C", "7C", "9H", "9D", "9C", "8H"])
    play(game, "put AC on build 0", "put 2C on build 0", "put 3C on build 0",
         "put 4C on build 0")
    assert z(game, "hand")[0] == ["5D"]
    play(game, "put 5D on build 0")
    assert game.to_act == 0                              # the same turn goes on
    assert sorted(z(game, "hand")[0]) == sorted(["6C", "7C", "9H", "9D", "9C"])
    assert z(game, "stock")[0] == "8H"


def test_SAM_12_a_discard_ends_the_turn_and_comes_from_the_hand():
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=["9D", "8D", "7D", "6D", "TD"])
    acts = legal(game)
    discards = {a for a in acts if a.startswith("discard")}
    assert discards == {f"discard {c} on discard 0 {i}"
                        for c in ["9D", "8D", "7D", "6D", "TD"] for i in range(4)}
    play(game, "discard 8D on discard 0 3")
    assert game.to_act == 1 and z(game, "discard")[0][3] == ["8D"]


def test_SAM_12_discard_order_down():
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=["8D", "8C", "7D", "9D", "5D"],
                   hand1=["9S"], stock=["JH"], discard_order="down")
    play(game, "discard 8D on discard 0 0", "discard 9S on discard 1 0")
    acts = legal(game)
    assert {"discard 8C on discard 0 0", "discard 7D on discard 0 0"} <= acts
    assert "discard 9D on discard 0 0" not in acts and "discard 5D on discard 0 0" not in acts
    assert "discard 9D on discard 0 1" in acts                # an empty pile takes any card
    assert "discard JH on discard 0 0" not in acts


def test_SAM_12_down_with_jokers():
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=["8D", "JK", "3D", "9D", "2D"],
                   hand1=["9S", "9C", "8S", "8H", "8C"], discard_order="down",
                   wild="kings_and_jokers")
    play(game, "discard 8D on discard 0 0", "discard 9S on discard 1 0")
    assert "discard JK on discard 0 0" in legal(game)         # a joker onto anything
    play(game, "discard JK on discard 0 0", "discard 9C on discard 1 0")
    assert "discard 3D on discard 0 0" in legal(game)         # anything onto a joker


def test_SAM_12_down_when_no_card_may_be_discarded_any_may():
    # seat 0 fills its four piles with 9s (seat 1 discarding meanwhile), then holds
    # cards of which none is a 9 or an 8: each may go anywhere
    hand0 = ["9D", "9H", "9C", "9S", "QD"]
    stock = ["QS", "9D#2", "QC", "9H#2", "JD", "9C#2", "JC", "2C", "3C", "4C", "TD", "TC"]
    game = game_of(payoff0=["QH"], payoff1=["5C"], hand0=hand0,
                   hand1=["8S", "8H", "8C", "7S", "7H"], stock=stock, discard_order="down")
    for i, c in enumerate(["9D", "9H", "9C", "9S"]):
        play(game, f"discard {c} on discard 0 {i}")
        play(game, f"discard {z(game, 'hand')[1][0]} on discard 1 {i}")
    hand = z(game, "hand")[0]
    assert not any(rank(c) in (8, 7) for c in hand), hand
    acts = legal(game)
    assert {f"discard {c} on discard 0 {i}" for c in hand for i in range(4)} <= acts


# ---- the end --------------------------------------------------------------------------

def test_SAM_13_emptying_the_pay_off_pile_wins():
    game = game_of(size=5, payoff0=["AH", "2H", "3H", "4H", "5H"], payoff1=["2S"])
    assert game.to_act == 1
    play(game, "discard " + z(game, "hand")[1][0] + " on discard 1 0")
    play(game, "pay AH on build 0", "pay 2H on build 0", "pay 3H on build 0",
         "pay 4H on build 0")
    assert not game.finished
    play(game, "pay 5H on build 0")
    assert game.finished and game.result.winners == [0] and game.result.losers == [1]


def test_SAM_14_the_stock_running_out_is_a_draw():
    game = game_of(size=30, payoff0=["QH"], payoff1=["5C"],
                   hand0=["9D", "9H", "9C", "9S", "8D"], hand1=["8S", "8H", "8C", "7S", "7H"])
    stock = len(z(game, "stock"))
    assert stock == 104 - 60 - 10
    # seat 1 still holds five at its first turn; from then on each discard is followed
    # by a draw of one card (SAM-7): the stock is empty after `stock` + 1 discards, and
    # the draw after the next one finds none
    for turn in range(stock + 2):
        assert not game.finished
        seat = game.to_act
        play(game, f"discard {z(game, 'hand')[seat][0]} on discard {seat} 0")
        if turn == stock:
            assert z(game, "stock") == [] and not game.finished
            assert sorted(len(h) for h in z(game, "hand")) == [4, 5]    # (one just discarded)
    assert game.finished and game.result.draw and game.result.winners == []


# ---- secrets, random games and records --------------------------------------------------

def test_SAM_3_a_seat_is_never_told_a_face_down_card():
    """The transcript a seat reads (the deal included) names none of the face-down
    pay-off cards, nor the other's hand."""
    import io

    from rulekit.play.terminal import CardStyle, make_console
    from rulekit.play.transcript import Transcript
    game = game_of(payoff0=["QH"], payoff1=["5C"])
    buf = io.StringIO()
    said = Transcript(game, viewer=0, console=make_console(buf, color=False),
                      style=CardStyle(game.rules, ascii=True))
    said.deal()
    said.flush()
    text = buf.getvalue().split()
    hidden = z(game, "payoff")[0][:-1] + z(game, "payoff")[1][:-1] + z(game, "hand")[1]
    assert "QH" in text and "5C" in text
    assert [c for c in hidden if c in text] == []



def test_SAM_3_a_bots_copy_does_not_know_the_face_down_cards():
    """The search bot's copies of the game (rulekit.play.search.determinize) keep the
    face-up tops and the seat's own hand, and deal the face-down pay-off cards anew."""
    from rulekit.play.search import determinize
    game = game_of(payoff0=["QH"], payoff1=["5C"])
    real = z(game, "payoff")
    moved = 0
    for k in range(4):
        copy = determinize(game, 0, random.Random(k)).dump()["zones"]
        assert [p[-1] for p in copy["payoff"]] == ["QH", "5C"]
        assert copy["hand"][0] == z(game, "hand")[0]
        moved += copy["payoff"][1][:-1] != real[1][:-1]
        moved += copy["payoff"][0][:-1] != real[0][:-1]
    assert moved == 8

def _soak(options):
    return pytest.param(options, marks=pytest.mark.skipif(not SOAK, reason="soak"))


# the first two in the default run (a game each), all five in the soak (40 games each:
# 200 in all)
OPTIONS = [{}, {"wild": "kings_and_jokers", "wild_starts": "false", "discard_order": "down",
                "build_piles": "3"},
           _soak({"payoff": "5"}), _soak({"payoff": "30", "build_piles": "2"}),
           _soak({"discard_order": "down"})]

def _check(dump):
    """Every card in exactly one place, the hands at most five, each build pile a run
    from the ace (SAM-9), and no build pile complete (SAM-10)."""
    zones = dump["zones"]
    every = (zones["stock"] + zones["aside"] + [c for p in zones["payoff"] for c in p]
             + [c for h in zones["hand"] for c in h] + [c for p in zones["build"] for c in p]
             + [c for row in zones["discard"] for p in row for c in p])
    assert sorted(every) == sorted(PACK)
    assert all(len(h) <= 5 for h in zones["hand"])
    for pile in zones["build"]:
        assert len(pile) < 12
        for i, c in enumerate(pile):
            assert rank(c) is None or rank(c) == 12 or rank(c) == i


@pytest.mark.random_games
@pytest.mark.soak
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_random_games_keep_the_rules(options):
    r = rules(**options)
    for seed in range(games(1, 40)):
        g = r.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        dumps = [g.dump()]
        while not g.finished:
            _check(dumps[-1])
            g.apply(g.random_legal(rng))
            dumps.append(g.dump())
        res = g.result
        assert res.status == "finished", res.message
        assert res.draw == (min(len(p) for p in z(g, "payoff")) > 0)     # SAM-13, SAM-14
        record = json.loads(json.dumps(make_record(g, "spite_malice", options, seed)))
        seen = []
        again = replay(record, apply=lambda game, a: (game.apply(a), seen.append(game.dump())))
        assert [dumps[0]] + seen == dumps
        assert again.result == g.result

