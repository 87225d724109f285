"""Per-rule tests for the bundled `crazy_eights` ruleset (docs/rules/crazy_eights.md,
CE-1..CE-13), each named after the rule it checks, on hand-built decks; every expected
value was worked out by hand from the rule text. Then invariants over random games at
every player count and option value."""
from __future__ import annotations

import random

import pytest

import rulekit
from ruleset_positions import load_rules

PACK = [r + s for s in "CDHS" for r in "23456789TJQKA"]


def rules(**options):
    """The ruleset with ``options``, compiled once per distinct options (the model is
    immutable: games share it)."""
    return load_rules("crazy_eights", {k: str(v) for k, v in options.items()} or None)


def deck_for(n: int, dealer: int, hands: dict, starter: str, stock=(), each=None):
    """The deck (top first) that deals ``hands`` (seat -> cards, in the order received,
    filled up from unused cards), then turns ``starter``, with ``stock`` on top of the
    rest (CE-2: one card at a time clockwise from the dealer's left; CE-3)."""
    each = each or (7 if n == 2 else 5)
    fixed = [c for h in hands.values() for c in h] + [starter] + list(stock)
    spare = [c for c in PACK if c not in fixed and c[0] != "8"] + \
        [c for c in PACK if c not in fixed and c[0] == "8"]       # eights last: no surprises
    full = {s: list(hands.get(s, [])) for s in range(n)}
    for s in range(n):
        while len(full[s]) < each:
            full[s].append(spare.pop(0))
    order = [(dealer + 1 + i) % n for i in range(n)]
    deck = [full[s][r] for r in range(each) for s in order]
    return deck + [starter] + list(stock) + spare


def game_of(n, dealer, hands, starter, stock=(), **options):
    deck = deck_for(n, dealer, hands, starter, stock,
                    7 if options.get("hand_size") == "seven" else None)
    return rules(**options).new_game(players=n, dealer=dealer, deck=deck)


def legal(game):
    return sorted(str(a) for a in game.legal_actions())


# ---- dealing -------------------------------------------------------------------------

@pytest.mark.parametrize("n, each", [(2, 7), (3, 5), (5, 5)])
def test_CE_2_hand_sizes_and_the_stock(n, each):
    game = game_of(n, 0, {}, "7H")
    assert [len(h) for h in game.z["hand"]] == [each] * n
    assert len(game.z["stock"]) == 52 - n * each - 1 and game.z["discard"] == ["7H"]


def test_CE_2_option_seven_deals_seven_at_any_table():
    game = game_of(4, 0, {}, "7H", hand_size="seven")
    assert [len(h) for h in game.z["hand"]] == [7] * 4


def test_CE_2_cards_dealt_one_at_a_time_from_the_dealers_left():
    game = game_of(3, 1, {2: ["AS", "KS"], 0: ["QS"]}, "7H")
    assert game.z["hand"][2][:2] == ["AS", "KS"] and game.z["hand"][0][0] == "QS"


def test_CE_3_an_eight_starter_is_buried_and_the_next_card_turned():
    game = game_of(3, 0, {}, "8S", stock=["5D", "9C"])
    assert game.z["discard"] == ["5D"]
    assert "8S" in game.z["stock"] and game.v["suit_now"] == "D"
    assert len(game.z["stock"]) == 52 - 15 - 1


def test_CE_3_option_keep_leaves_an_eight_starter():
    game = game_of(3, 0, {1: ["3S", "4C"]}, "8S", starter_eight="keep")
    assert game.z["discard"] == ["8S"] and game.v["suit_now"] == "S"
    assert "play 3S" in legal(game) and "play 4C" not in legal(game)


# ---- play ------------------------------------------------------------------------------

def test_CE_4_the_dealers_left_plays_first():
    for dealer in range(4):
        assert game_of(4, dealer, {}, "7H").to_act == (dealer + 1) % 4


def test_CE_5_match_the_suit_or_the_rank():
    game = game_of(3, 0, {1: ["7C", "2H", "KS", "9D", "3C"]}, "7H")
    assert legal(game) == ["draw", "play 2H", "play 7C"]


def test_CE_6_an_eight_goes_on_anything_and_names_the_suit():
    game = game_of(3, 0, {1: ["8D", "KS", "3C", "4C", "5C"], 2: ["2S", "9H", "JC", "QD", "6D"]},
                   "7H")
    assert "play 8D" in legal(game) and "play KS" not in legal(game)
    game.apply("play 8D")
    assert game.to_act == 1 and legal(game) == ["call C", "call D", "call H", "call S"]
    game.apply("call S")
    assert game.to_act == 2 and game.v["suit_now"] == "S"
    assert legal(game) == ["draw", "play 2S"]             # the named suit (9H no longer)


def test_CE_7_until_play_a_player_may_draw_even_when_able_and_goes_on():
    game = game_of(3, 0, {1: ["7C", "KS", "QS", "JS", "TS"]}, "7H", stock=["2D", "3D"])
    assert "draw" in legal(game) and "play 7C" in legal(game) and "pass" not in legal(game)
    game.apply("draw")
    assert game.to_act == 1 and "2D" in game.z["hand"][1] and game.z["stock"][0] == "3D"


def test_CE_7_one_then_pass():
    game = game_of(3, 0, {1: ["KS", "QS", "JS", "TS", "9S"]}, "7H", stock=["2D"],
                   draw="one_then_pass")
    assert legal(game) == ["draw"]                           # cannot play: must draw
    game.apply("draw")
    assert legal(game) == ["pass"]                           # 2D does not match
    game.apply("pass")
    assert game.to_act == 2


def test_CE_7_one_then_pass_may_play_the_drawn_card():
    game = game_of(3, 0, {1: ["KS", "QS", "JS", "TS", "9S"]}, "7H", stock=["2H"],
                   draw="one_then_pass")
    game.apply("draw")
    assert legal(game) == ["pass", "play 2H"]


def test_CE_7_up_to_draws_at_most_the_limit():
    game = game_of(3, 0, {1: ["KS", "QS", "JS", "TS", "9S"]}, "7H", stock=["2D", "3D", "4D"],
                   draw="up_to", draw_limit=2)
    game.apply("draw")
    assert legal(game) == ["draw"]
    game.apply("draw")
    assert legal(game) == ["pass"] and game.z["stock"][0] == "4D"


def test_CE_7_up_to_stops_drawing_once_able():
    game = game_of(3, 0, {1: ["KS", "QS", "JS", "TS", "9S"]}, "7H", stock=["2H", "3D"],
                   draw="up_to")
    game.apply("draw")
    assert legal(game) == ["play 2H"]


def _empty_the_stock(game):
    """Seats draw (until_play) until the stock is empty; the discard keeps its starter."""
    while game.z["stock"]:
        game.apply("draw")


def test_CE_8_an_empty_stock_is_made_from_the_discard_but_its_top():
    game = game_of(2, 1, {0: ["7C"]}, "7H")
    game.apply("play 7C")                                   # discard: 7H 7C
    _empty_the_stock(game)
    seat = game.to_act
    assert game.z["discard"] == ["7H", "7C"] and not game.z["stock"]
    game.apply("draw")                                      # 7H reshuffled, drawn
    assert game.z["discard"] == ["7C"] and "7H" in game.z["hand"][seat]
    assert not game.z["stock"]


def test_CE_8_CE_9_without_reshuffle_an_empty_stock_means_pass():
    game = game_of(2, 1, {0: ["7C"]}, "7H", reshuffle="false")
    game.apply("play 7C")
    _empty_the_stock(game)
    hand = game.z["hand"][game.to_act]
    playable = [c for c in hand if c[0] in "78" or c[1] == "C"]
    assert "draw" not in legal(game)
    assert ("pass" in legal(game)) == (not playable)


# ---- the end ----------------------------------------------------------------------------

def test_CE_10_the_first_out_wins():
    # seat 0 sheds seven hearts; seat 1 can never match, draws one and passes (CE-7)
    hearts = ["2H", "3H", "4H", "5H", "6H", "9H", "TH"]
    others = ["JC", "QC", "KC", "AC", "7C", "7D", "7S"]
    game = game_of(2, 1, {0: hearts, 1: others}, "7H",
                   stock=["JS", "QS", "KS", "AS", "JD", "QD"], draw="one_then_pass")
    for card in hearts[:-1]:
        game.apply(f"play {card}")
        assert legal(game) == ["draw"]
        game.apply("draw")
        assert legal(game) == ["pass"]
        game.apply("pass")
    assert game.z["hand"][0] == ["TH"]
    game.apply("play TH")
    assert game.finished and game.result.winners == [0] and game.result.losers == [1]
    assert game.result.words() == "seat 0 wins"


def test_CE_12_penalty_counts():
    game = game_of(3, 0, {}, "7H")
    for card, points in [("8S", 50), ("KD", 10), ("QC", 10), ("JH", 10), ("AS", 1),
                         ("TC", 10), ("9D", 9), ("2H", 2)]:
        assert game.evaluate(f"penalty(card('{card}'))") == points, card


def test_CE_13_penalty_scoring_scores_the_others_counts_and_moves_the_deal():
    rules_ = rules(scoring="penalty", target=1000)
    game = rules_.new_game(players=3, seed=4, dealer=0)
    rng = random.Random(4)
    while game.hand_no == 1 and not game.finished:
        game.apply(rng.choice(game.legal_actions()))
    assert game.hand_no == 2 and game.dealer == 1 and game.to_act == 2
    won_by = game.v["won_by"]
    points = [game.evaluate("points[s]", s=s) for s in range(3)]
    assert points[won_by] > 0 and sum(points) == points[won_by]
    assert [len(h) for h in game.z["hand"]] == [5, 5, 5]           # dealt again (CE-2)


def test_CE_13_a_match_ends_at_the_target():
    rules_ = rules(scoring="penalty", target=1)
    game = rules_.new_game(players=3, seed=2)
    rng = random.Random(2)
    while not game.finished:
        game.apply(rng.choice(game.legal_actions()))
    res = game.result
    assert res.status == "finished" and game.hand_no == 1
    assert res.scores[res.winners[0]] >= 1 and res.winners == [game.v["won_by"]]


# ---- invariants over random games ---------------------------------------------------------

OPTION_SETS = [{}, {"draw": "one_then_pass"}, {"draw": "up_to", "draw_limit": "1"},
               {"reshuffle": "false"}, {"starter_eight": "keep", "hand_size": "seven"},
               {"scoring": "penalty"}]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_rules(options, players):
    rules_ = rulekit.load("crazy_eights", options or None)
    for seed in range(4):
        game = rules_.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            top = game.z["discard"][-1]
            suit_now = game.v["suit_now"]
            for a in game.legal_actions():            # CE-5, CE-6: only matching cards
                if a.name == "play":
                    c = a.cards[0]
                    assert c[0] == "8" or c[1] == suit_now or c[0] == top[0], (a, top)
            cards = game.z["stock"] + game.z["discard"] + [c for h in game.z["hand"] for c in h]
            assert sorted(cards) == sorted(PACK)       # CE-1: one pack, kept whole
            game.apply(rng.choice(game.legal_actions()))
        res = game.result
        assert res.status == "finished", res.message
        assert sorted(s for g in res.ranking for s in g) == list(range(players))
        if options.get("scoring") != "penalty":       # CE-10, CE-11: one winner
            w = res.winners
            assert len(w) == 1 and len(res.losers) == players - 1
            if any(not h for h in game.z["hand"]):
                assert not game.z["hand"][w[0]]
            else:                                      # blocked: the lowest count
                counts = [game.evaluate("count_of(s)", s=s) for s in range(players)]
                assert counts[w[0]] == min(counts)
        else:                                          # CE-13: the target reached
            assert max(res.scores) >= 100 and res.winners == [res.scores.index(max(res.scores))]
