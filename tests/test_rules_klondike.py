"""Per-rule tests for the bundled `klondike` ruleset (docs/rules/klondike.md, KLD-1..KLD-13),
each named after the rule it checks, on hand-built decks; every expected value was
worked out by hand from the rule text. Then random games under every option, each
checked against the rules as it goes and replayed from its record.

The deal (KLD-2) goes in rows: deck cards 0-6 go to piles 0-6, cards 7-12 to piles 1-6,
13-17 to piles 2-6, 18-21 to piles 3-6, 22-24 to piles 4-6, 25-26 to piles 5-6 and card
27 to pile 6; the other 24 cards are the stock, in deck order (KLD-3)."""
from __future__ import annotations

import json
import random

import pytest
from budget import SOAK, games

import rulekit
from ruleset_positions import load_rules
from rulekit.runtime.records import make_record
from rulekit.runtime.replay import replay

RANKS = "A23456789TJQK"                      # KLD-1: aces low
PACK = [r + s for s in "CDHS" for r in RANKS]
RED = set("DH")


def rules(**options):
    """The ruleset with ``options``, compiled once per distinct options."""
    return load_rules("klondike", {k: str(v) for k, v in options.items()} or None)


def row_order():
    """The pile each of the first 28 deck cards is dealt to (KLD-2)."""
    return [i for r in range(7) for i in range(r, 7)]


def deck_for(piles: dict | None = None, stock: str = "") -> list:
    """The deck (top first) that deals pile ``i`` the cards ``piles[i]`` (bottom first,
    the whole pile or its top part: the cards under them are filled in from the rest of
    the pack) and puts ``stock`` on top of the stock."""
    piles = {i: cs.split() for i, cs in (piles or {}).items()}
    used = {c for cs in piles.values() for c in cs} | set(stock.split())
    rest = [c for c in PACK if c not in used]
    full = {}
    for i in range(7):
        given = piles.get(i, [])
        assert len(given) <= i + 1
        full[i] = [rest.pop(0) for _ in range(i + 1 - len(given))] + given
    deck, depth = [], [0] * 7
    for i in row_order():
        deck.append(full[i][depth[i]])
        depth[i] += 1
    return deck + stock.split() + rest


def deal(piles=None, stock="", **options):
    return rules(**options).new_game(deck=deck_for(piles, stock))


def z(game, name):
    return game.z[name]


def legal(game) -> set:
    return {str(a) for a in game.legal_actions()}


def face_up(game, card) -> bool:
    return game.evaluate("face_up(c)", c=card)


# ---- cards and the layout ------------------------------------------------------------

def test_KLD_1_one_player_with_one_pack_aces_low():
    r = rules()
    assert r.players == (1, 1, 1)
    with pytest.raises(ValueError):
        r.new_game(players=2, seed=1)
    game = r.new_game(seed=1)
    cards = z(game, "stock") + [c for p in z(game, "tableau") for c in p]
    assert sorted(cards) == sorted(PACK)
    assert game.evaluate("rank(card('AS')) < rank(card('2S'))")          # aces low
    assert game.evaluate("rank(card('KS')) == 12")


def test_KLD_2_seven_piles_dealt_in_rows_only_the_tops_face_up():
    deck = list(PACK)
    game = rules().new_game(deck=deck)
    piles = z(game, "tableau")
    assert [len(p) for p in piles] == [1, 2, 3, 4, 5, 6, 7]
    assert piles[0] == ["AC"]
    assert piles[1] == [deck[1], deck[7]]
    assert piles[2] == [deck[2], deck[8], deck[13]]
    assert piles[6] == [deck[i] for i in (6, 12, 17, 21, 24, 26, 27)]
    view = game.view(0)["zones"]["tableau"]
    for pile, seen in zip(piles, view):
        assert seen == [None] * (len(pile) - 1) + [pile[-1]]
        assert face_up(game, pile[-1]) and not any(face_up(game, c) for c in pile[:-1])


def test_KLD_3_the_rest_is_the_stock_face_down_the_waste_empty():
    game = rules().new_game(deck=list(PACK))
    assert z(game, "stock") == PACK[28:]
    assert z(game, "waste") == []
    assert game.view(0)["zones"]["stock"] == [None] * 24


def test_KLD_4_four_empty_foundations():
    game = rules().new_game(seed=2)
    assert z(game, "foundation") == [[], [], [], []]


# ---- play ------------------------------------------------------------------------------

def test_KLD_5_build_down_in_alternating_colours():
    # tops: 0 8H, 1 9S, 2 9C, 3 7D, 4 7C, 5 TH, 6 8S
    game = deal({0: "8H", 1: "9S", 2: "9C", 3: "7D", 4: "7C", 5: "TH", 6: "8S"})
    moves = {a for a in legal(game) if a.startswith("move")}
    # 8H on a black 9 (1, 2); 7C on the red 8H (0); 7D on the black 8S (6); 9S, 9C on TH;
    # 8S on nothing (no red 9); TH on nothing (no black J); 7s not on each other
    assert moves == {"move 8H to tableau 1", "move 8H to tableau 2", "move 7C to tableau 0",
                     "move 7D to tableau 6", "move 9S to tableau 5", "move 9C to tableau 5"}
    game.apply("move 8H to tableau 1")
    assert z(game, "tableau")[1][-2:] == ["9S", "8H"] and z(game, "tableau")[0] == []


def test_KLD_5_only_a_king_on_an_empty_pile():
    game = deal({0: "8H", 1: "9S", 2: "KD", 3: "QS"}, stock="KC")
    game.apply("move 8H to tableau 1")                      # pile 0 empty now
    moves = {a for a in legal(game) if a.startswith("move") and a.endswith("tableau 0")}
    assert moves == {"move KD to tableau 0"}                 # not the queen, nor the 9S run
    game.apply("draw")                                       # KC from the stock: a king
    assert "move KC to tableau 0" in legal(game)
    game.apply("move KD to tableau 0")
    assert z(game, "tableau")[0] == ["KD"]


def test_KLD_5_a_king_at_the_bottom_of_its_pile_does_not_move_to_another_empty_pile():
    game = deal({0: "QD", 1: "AC 8H", 2: "9S", 3: "KS"})
    game.apply("move 8H to tableau 2")                       # pile 1: the AC turned up
    game.apply("home AC to foundation 0")                    # pile 1 empty
    game.apply("move QD to tableau 3")                       # pile 0 empty
    kings = {a for a in legal(game) if a.startswith("move KS")}
    assert kings == {"move KS to tableau 0", "move KS to tableau 1"}   # off face-down cards
    game.apply("move KS to tableau 0")
    assert z(game, "tableau")[0] == ["KS", "QD"]
    assert not any(a.startswith("move KS") for a in legal(game))      # nothing would change


def test_KLD_6_a_whole_face_up_run_moves_in_order():
    game = deal({0: "8H", 1: "9S", 2: "TD"})
    game.apply("move 8H to tableau 1")                      # pile 1: .. 9S 8H
    game.apply("move 9S to tableau 2")                      # the 9S with the 8H on it
    assert z(game, "tableau")[2][-3:] == ["TD", "9S", "8H"]
    assert len(z(game, "tableau")[1]) == 1 and face_up(game, z(game, "tableau")[1][0])


def test_KLD_6_without_split_runs_a_pile_moves_all_its_face_up_cards():
    game = deal({0: "8H", 1: "9S", 2: "TD", 3: "9C"})
    game.apply("move 8H to tableau 1")                      # pile 1: .. 9S 8H
    # the 8H alone could go on the 9C, but it is not the lowest face-up card of its pile
    assert "move 8H to tableau 3" not in legal(game)
    split = deal({0: "8H", 1: "9S", 2: "TD", 3: "9C"}, split_runs="true")
    split.apply("move 8H to tableau 1")
    assert "move 8H to tableau 3" in legal(split)
    split.apply("move 8H to tableau 3")
    assert z(split, "tableau")[1][-1] == "9S" and z(split, "tableau")[3][-2:] == ["9C", "8H"]


def test_KLD_6_only_the_top_card_of_the_waste_is_played():
    game = deal({0: "TS"}, stock="5C 9H 9D", draw="3")
    game.apply("draw")
    assert z(game, "waste") == ["5C", "9H", "9D"]
    moves = {a for a in legal(game) if a.startswith("move")}
    assert "move 9D to tableau 0" in moves and "move 9H to tableau 0" not in moves
    game.apply("move 9D to tableau 0")
    assert "move 9H to tableau 0" not in legal(game)         # the TS is covered now
    assert z(game, "waste") == ["5C", "9H"]


def test_KLD_7_an_uncovered_card_is_turned_face_up():
    game = deal({1: "3D 8H", 2: "9S"})
    assert not face_up(game, "3D")
    game.apply("move 8H to tableau 2")
    assert z(game, "tableau")[1] == ["3D"] and face_up(game, "3D")
    assert game.view(0)["zones"]["tableau"][1] == ["3D"]


def test_KLD_8_draw_one_card_at_a_time():
    game = deal(stock="4S 5S 6S")
    game.apply("draw")
    assert z(game, "waste") == ["4S"] and z(game, "stock")[:2] == ["5S", "6S"]
    assert len(z(game, "stock")) == 23


def test_KLD_8_draw_three_the_third_on_top_fewer_when_fewer_remain():
    game = deal(stock="4S 5S 6S 7S", draw="3")
    game.apply("draw")
    assert z(game, "waste") == ["4S", "5S", "6S"] and z(game, "stock")[0] == "7S"
    for _ in range(6):                                       # 21 cards left: 7 draws
        game.apply("draw")
    assert len(z(game, "stock")) == 3
    game.apply("draw")
    assert z(game, "stock") == [] and len(z(game, "waste")) == 24
    deck = deck_for()                                        # the AS the last stock card
    deck = [c for c in deck if c != "AS"] + ["AS"]
    game = rules(draw="3", passes="2").new_game(deck=deck)
    _draw_all(game)
    game.apply("home AS to foundation 0")
    game.apply("redeal")                                     # 23 cards: 7 draws of three
    for _ in range(7):
        game.apply("draw")
    assert len(z(game, "stock")) == 2
    game.apply("draw")
    assert z(game, "stock") == [] and z(game, "waste")[-2:] == deck[-3:-1]


def _draw_all(game):
    while z(game, "stock"):
        game.apply("draw")


def test_KLD_9_one_pass_by_default_the_waste_is_not_turned_over():
    game = deal()
    _draw_all(game)
    assert "redeal" not in legal(game)


def test_KLD_9_the_waste_turned_over_is_the_stock_again_in_its_order():
    game = deal(passes="3")
    stock = list(z(game, "stock"))
    for n in (2, 3):
        _draw_all(game)
        assert "redeal" in legal(game)
        game.apply("redeal")
        assert z(game, "stock") == stock and z(game, "waste") == []
        assert game.v["pass_no"] == n
    _draw_all(game)
    assert "redeal" not in legal(game)                        # three passes made
    unlimited = deal(passes="0")
    for _ in range(5):
        _draw_all(unlimited)
        unlimited.apply("redeal")
    assert unlimited.v["pass_no"] == 6 and "redeal" not in legal(unlimited)  # stock full


def test_KLD_10_foundations_up_by_suit_from_the_ace():
    game = deal({0: "AH", 1: "2H", 2: "2S", 3: "3H"}, stock="AS 4H")
    homes = {a for a in legal(game) if a.startswith("home")}
    assert homes == {f"home AH to foundation {i}" for i in range(4)}   # only an ace
    game.apply("home AH to foundation 2")
    assert z(game, "foundation")[2] == ["AH"]
    homes = {a for a in legal(game) if a.startswith("home")}
    assert homes == {"home 2H to foundation 2"}              # not the 2S, nor the 3H yet
    game.apply("home 2H to foundation 2")
    game.apply("home 3H to foundation 2")
    game.apply("draw")                                       # AS from the waste
    assert "home AS to foundation 0" in legal(game)
    assert "home AS to foundation 2" not in legal(game)
    game.apply("home AS to foundation 0")
    game.apply("draw")                                       # 4H from the waste
    game.apply("home 4H to foundation 2")
    assert z(game, "foundation")[2] == ["AH", "2H", "3H", "4H"]


def test_KLD_11_foundation_cards_stay_unless_the_option_says():
    piles = {0: "AH", 1: "5D 2H", 2: "3S"}
    for opt, want in (("false", False), ("true", True)):
        game = deal(piles, foundation_return=opt)
        game.apply("home AH to foundation 0")
        game.apply("home 2H to foundation 0")
        assert ("back from foundation 0 to tableau 2" in legal(game)) is want
    game.apply("back from foundation 0 to tableau 2")        # 2H back on the black 3
    assert z(game, "tableau")[2][-2:] == ["3S", "2H"] and z(game, "foundation")[0] == ["AH"]
    assert "back from foundation 0 to tableau 1" not in legal(game)   # AH on the 5D: no


# ---- the end -----------------------------------------------------------------------------

def winning_deck() -> list:
    """A deck whose tableau holds the clubs, the diamonds, AS and 2S, each pile from its
    top down in that order, so that every card can go home in turn; the stock holds the
    other 24 cards."""
    order = [r + "C" for r in RANKS] + [r + "D" for r in RANKS] + ["AS", "2S"]
    piles, k = {}, 0
    for i in range(7):
        top_down = order[k:k + i + 1]
        k += i + 1
        piles[i] = " ".join(reversed(top_down))
    return deck_for(piles)


def play_home(game):
    """Put a card home whenever one can go, else draw, else turn the waste over."""
    while not game.finished:
        acts = legal(game)
        home = sorted(a for a in acts if a.startswith("home"))
        game.apply(home[0] if home else "draw" if "draw" in acts else "redeal")


def test_KLD_12_all_52_on_the_foundations_wins():
    deck = winning_deck()
    game = rules(passes="0").new_game(deck=deck)
    play_home(game)
    res = game.result
    assert res.status == "finished"
    assert sorted(len(f) for f in z(game, "foundation")) == [13] * 4
    for f in z(game, "foundation"):
        assert [c[0] for c in f] == list(RANKS) and len({c[1] for c in f}) == 1
    assert (res.winners, res.losers, res.draw, res.scores) == ([0], [], False, [52])
    assert res.returns == [52]
    assert res.words() == "seat 0 wins with 52 points"
    outcome = game.dump()["outcome"]
    assert outcome["winners"] == [0] and outcome["losers"] == [] and outcome["draw"] is False
    # the record replays to the same win
    record = json.loads(json.dumps(make_record(game, "klondike", {"passes": "0"}, None, deck)))
    again = replay(record)
    assert again.result == res and again.dump() == game.dump()
    # simulate counts it as a win (its summary of a game, as play_one makes it)
    from rulekit.simulation.summary import summarize
    one = {"index": 0, "seed": 0, "dealer": 0, "status": "finished", "message": "",
           "actions": game.actions, "places": [0], "winners": [0], "losers": [],
           "draw": False, "scores": [52], "decisions": game.actions, "forced": 0,
           "action": {}, "step": {}, "announcement": {}, "when": {}}
    seat = summarize([one], 1)["seats"][0]
    assert seat["win"]["count"] == 1 and seat["loss"]["count"] == 0


def test_KLD_13_stop_ends_the_game_lost_with_the_score():
    game = deal({0: "AH"}, passes="2")
    assert "stop" not in legal(game)                          # not while the stock lasts
    game.apply("home AH to foundation 0")
    _draw_all(game)
    assert "stop" in legal(game)
    game.apply("stop")
    res = game.result
    assert game.finished and (res.winners, res.losers, res.scores) == ([], [0], [1])
    assert res.returns == [1 - 52] and res.words() == "seat 0 loses with 1 point"


def test_KLD_13_the_game_ends_when_no_move_is_left():
    # the tops are black and cannot build on each other; the aces lie face down; the
    # last card of the stock (5C) goes nowhere
    tops = ["KC", "KS", "QC", "QS", "JC", "JS", "TC"]
    rest = [c for c in PACK if c not in tops and c != "5C"]
    down = [c for c in rest if c[0] == "A"] + [c for c in rest if c[0] != "A"]
    piles, k = {}, 0
    for i in range(7):
        piles[i] = " ".join(down[k:k + i] + [tops[i]])
        k += i
    deck = deck_for(piles, stock=" ".join(down[21:] + ["5C"]))
    tops = {i: t for i, t in enumerate(tops)}
    game = rules().new_game(deck=deck)
    assert [p[-1] for p in z(game, "tableau")] == [tops[i] for i in range(7)]
    while not game.finished:
        acts = legal(game)
        assert "draw" in acts
        game.apply("draw")
    assert z(game, "waste")[-1] == "5C" and z(game, "stock") == []
    assert game.result.losers == [0] and game.history[-1] == "draw"
    # with no limit on passes the waste can still be turned over: the game goes on
    more = rules(passes="0").new_game(deck=deck)
    _draw_all(more)
    assert not more.finished and legal(more) == {"redeal", "stop"}


# ---- random games and records --------------------------------------------------------

def red(card) -> bool:
    return card[1] in RED


def check_layout(game):
    """What the rules keep true after every move: all 52 cards somewhere (KLD-1); in
    every tableau pile the face-down cards under the face-up ones and a face-up top
    (KLD-2, KLD-7), the face-up cards a build down in alternating colours (KLD-5); every
    foundation one suit up from the ace (KLD-10)."""
    piles = z(game, "tableau")
    cards = z(game, "stock") + z(game, "waste") + [c for p in piles for c in p] + [
        c for f in z(game, "foundation") for c in f]
    assert sorted(cards) == sorted(PACK)
    for p in piles:
        ups = [game.marks.get(c) != "down" for c in p]       # the tableau is seen by all
        assert ups == sorted(ups) and (not p or ups[-1])
        shown = [c for c, up in zip(p, ups) if up]
        for low, high in zip(shown[1:], shown):
            assert red(low) != red(high) and RANKS.index(low[0]) + 1 == RANKS.index(high[0])
    for f in z(game, "foundation"):
        assert [c[0] for c in f] == list(RANKS[:len(f)]) and len({c[1] for c in f}) <= 1


OPTIONS = [{}, {"draw": "3", "passes": "3"}, {"passes": "0"}, {"split_runs": "true"},
           {"foundation_return": "true", "passes": "2"},
           {"draw": "3", "passes": "0", "split_runs": "true", "foundation_return": "true"}]
CAP = 300 if SOAK else 100   # moves before the random player gives up (KLD-13)


def random_move(game, rng):
    """A random legal move, never `stop` before CAP moves (then `stop` when it is legal,
    else `draw`, which leads to it: KLD-13). While the game goes on, `stop` always has
    another legal move beside it (KLD-13 ends a game without one)."""
    if game.actions >= CAP:
        return "stop" if not z(game, "stock") else "draw"
    while True:
        act = game.random_legal(rng)
        if act.name != "stop":
            return act


@pytest.mark.random_games
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_games_keep_the_rules_and_replay(options):
    r = rules(**options)
    for seed in range(games(1, 34)):
        game = r.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            game.apply(random_move(game, rng))
            check_layout(game)
        res = game.result
        assert res.status == "finished", res.message
        home = sum(len(f) for f in z(game, "foundation"))
        assert res.scores == [home]                                      # KLD-12
        assert (res.winners == [0]) == (home == 52) and (res.losers == [0]) == (home < 52)
        record = json.loads(json.dumps(make_record(game, "klondike", options, seed)))
        again = replay(record)
        assert again.dump() == game.dump() and again.history == game.history
        assert again.result == res
