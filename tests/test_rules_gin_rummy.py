"""Per-rule tests for the bundled `gin_rummy` ruleset (docs/rules/gin_rummy.md,
GIN-1..GIN-17), each named after the rule it checks, on hand-built decks; every expected
value (legal actions, deadwood counts, scores) was worked out by hand from the rule text.
Then whole matches played by bots, checked against the rules and replayed from their
records.

Random play almost never gets its deadwood down to the knock limit, so a random match
to 100 seldom ends within the action limit: the matches are played by the greedy bots
(random play is used for matches to a target of 1)."""
from __future__ import annotations

import json
import random

import pytest

from budget import games
from ruleset_positions import load_rules
from rulekit.play.agents import make_agent
from rulekit.runtime.records import make_record
from rulekit.runtime.replay import replay

RANKS = "A23456789TJQK"
PACK = [r + s for s in "CDHS" for r in RANKS]


DEFAULTS = {"knock_limit": 10, "big_gin": 31, "dead_stock": 2, "undercut_bonus": 25,
            "next_deal": "alternate", "target": 100, "shutout": True}


def rules(**options):
    """The ruleset with ``options``, compiled once per distinct options (those given at
    their default value left out)."""
    chosen = {k: str(v) for k, v in options.items() if DEFAULTS.get(k) != v}
    return load_rules("gin_rummy", chosen or None)


def deck_for(dealer: int, hands: dict, upcard: str, stock=()) -> list:
    """The deck (top first) that deals exactly ``hands`` (seat -> its ten cards in the
    order received): one card at a time, the non-dealer first (GIN-3); then the upcard,
    then the stock: ``stock`` on top, the unused cards after it in PACK order."""
    order = [1 - dealer, dealer]
    deck = [hands[s][r] for r in range(10) for s in order] + [upcard] + list(stock)
    assert len(set(deck)) == len(deck)
    return deck + [c for c in PACK if c not in deck]


def game_of(hands, upcard, stock=(), dealer=1, **options):
    return rules(**options).new_game(players=2, dealer=dealer,
                                     deck=deck_for(dealer, hands, upcard, stock))


def legal(game):
    """The legal action strings, sorted, each with its cards sorted (the cards of a set
    are written in the order of the hand)."""
    def norm(text):
        name, *rest = text.split(" on ")[0].split()
        tail = text[len(text.split(" on ")[0]):]
        return " ".join([name] + sorted(rest, key=PACK.index)) + tail
    return sorted(norm(str(a)) for a in game.legal_actions())


def play(game, *actions):
    for a in actions:
        game.apply(a)


def value(card: str) -> int:
    """GIN-1: ace 1, 2-10 their number, faces 10."""
    return min(RANKS.index(card[0]) + 1, 10)


# seat 0 (the non-dealer, dealer 1): melds A-2-3C, 4D 4H 4S, 7-8-9S and KH (deadwood 10)
H0 = "AC 2C 3C 4D 4H 4S 7S 8S 9S KH".split()
# seat 1: no melds; 4C, 6S, TS and JS can be laid off onto seat 0's melds (GIN-11)
H1 = "4C TS JS 6S QD QC 2D 5D 9H 8D".split()
UP = "5H"
MELDS0 = ["meld AC 2C 3C", "meld 4D 4H 4S", "meld 7S 8S 9S"]     # piles 0, 1, 2


def knocked(h1=H1, **options):
    """Seat 0 takes the upcard 5H, knocks with KH (keeping 5H: deadwood 5) and lays its
    three melds: the defender, seat 1, is to lay off."""
    game = game_of({0: H0, 1: h1}, UP, **options)
    play(game, "pick", "knock KH", *MELDS0, "done")
    return game


# ---- cards and melds ---------------------------------------------------------------------

def test_GIN_1_two_players_and_the_card_values():
    with pytest.raises(ValueError, match="for 2 players"):
        rules().new_game(players=3)
    game = game_of({0: H0, 1: H1}, UP)
    cs = ["AC", "2D", "9H", "TS", "JC", "QD", "KH"]
    assert game.evaluate("count_of(cs)", cs=cs) == 1 + 2 + 9 + 10 * 4
    assert [game.evaluate("value(c)", c=c) for c in cs] == [value(c) for c in cs]


@pytest.mark.parametrize("hand, dead", [
    (H0, 10),                                   # three melds and KH
    ("QH KH AH".split(), 21),                   # the ace is low only: no Q-K-A
    ("KD AD 2D".split(), 13),                   # nor K-A-2
    ("AD 2D 3D".split(), 0),                    # A-2-3 is a run
    ("5H 5S 5D 6H 7H".split(), 10),             # 5H in one meld only: the run leaves 5S 5D
    ("5H 5S 5D 5C 6H 7H".split(), 0),           # three 5s and the run 5-6-7H
    ("2C 2D 3H 4H".split(), 11),                # pairs and two in a row are no melds
])
def test_GIN_2_deadwood_counts_the_best_arrangement(hand, dead):
    game = game_of({0: H0, 1: H1}, UP)
    assert game.evaluate("dead(cs)", cs=hand) == dead


# ---- the deal ------------------------------------------------------------------------------

def test_GIN_3_ten_each_an_upcard_and_the_stock():
    game = game_of({0: H0, 1: H1}, UP, stock=["KD", "QS"])
    assert sorted(game.z["hand"][0]) == sorted(H0) and sorted(game.z["hand"][1]) == sorted(H1)
    assert game.z["discard"] == [UP]
    assert len(game.z["stock"]) == 31 and game.z["stock"][:2] == ["KD", "QS"]
    # each player sees their own hand only, the upcard, and the stock's size
    view = game.view(1)
    assert view["zones"]["hand"][0] == [None] * 10
    assert sorted(view["zones"]["hand"][1]) == sorted(H1)
    assert view["zones"]["discard"] == [UP] and view["zones"]["stock"] == [None] * 31


def test_GIN_3_only_the_top_of_the_discard_pile_is_seen():
    game = game_of({0: H0, 1: H1}, UP, stock=["KD"])
    play(game, "pass", "pass", "stock", "discard KD")
    assert game.z["discard"] == [UP, "KD"]
    for seat in (0, 1):
        assert game.view(seat)["zones"]["discard"] == [None, "KD"]


def test_GIN_3_GIN_11_the_opponents_hand_stays_secret_until_shown():
    game = game_of({0: H0, 1: H1}, UP)
    assert game.view(0)["zones"]["hand"][1] == [None] * 10
    play(game, "pick", "knock KH", *MELDS0, "done")
    # the knocker has shown its cards; the defender, laying off, has not yet
    assert game.view(1)["zones"]["hand"][0] == ["5H"]
    assert game.view(0)["zones"]["hand"][1] == [None] * 10
    game.apply("lay_off TS on melds 2")
    assert game.view(0)["zones"]["hand"][1] == [None] * 9
    assert "TS" in game.view(0)["zones"]["melds"][2]


def test_GIN_4_the_upcard_is_offered_to_the_non_dealer_then_the_dealer():
    game = game_of({0: H0, 1: H1}, UP)
    assert game.to_act == 0 and legal(game) == ["pass", "pick"]
    game.apply("pass")
    assert game.to_act == 1 and legal(game) == ["pass", "pick"]
    game.apply("pass")
    # both passed: the non-dealer begins from the stock, and may not take the upcard
    assert game.to_act == 0 and legal(game) == ["stock"]


def test_GIN_4_the_dealer_takes_the_upcard_and_the_non_dealer_plays_next():
    game = game_of({0: H0, 1: H1}, UP)
    play(game, "pass", "pick")
    assert game.to_act == 1 and UP in game.z["hand"][1]
    assert legal(game) == sorted(f"discard {c}" for c in H1)       # not 5H (GIN-6)
    game.apply("discard QD")
    assert game.to_act == 0 and legal(game) == ["pick", "stock"]


def test_GIN_4_the_non_dealer_takes_the_upcard_then_the_dealer_draws():
    game = game_of({0: H0, 1: H1}, UP)
    play(game, "pick", "discard KH")
    assert game.to_act == 1 and legal(game) == ["pick", "stock"]


# ---- play ----------------------------------------------------------------------------------

def test_GIN_5_draw_from_the_stock_or_take_the_top_discard():
    game = game_of({0: H0, 1: H1}, UP, stock=["KD", "QS"])
    play(game, "pass", "pass", "stock")
    assert "KD" in game.z["hand"][0] and game.z["stock"][0] == "QS"
    game.apply("discard KH")
    game.apply("pick")                                           # seat 1 takes KH
    assert "KH" in game.z["hand"][1] and game.z["discard"] == [UP]


def test_GIN_6_the_card_taken_from_the_discard_pile_stays_for_a_turn():
    game = game_of({0: H0, 1: H1}, UP, stock=["KD", "QS"])
    game.apply("pick")
    assert "discard 5H" not in legal(game) and "discard KH" in legal(game)
    play(game, "discard KH", "stock", "discard KD", "stock")      # seat 0 draws QS
    assert "discard 5H" in legal(game) and "discard QS" in legal(game)


def test_GIN_7_knock_when_the_kept_deadwood_is_at_most_ten():
    game = game_of({0: H0, 1: H1}, UP)
    game.apply("pick")
    # eleven cards: the melds, KH and 5H (taken: it may not be the knocking discard).
    # Without KH the deadwood is 5H alone (5); any other discard breaks a meld or keeps
    # KH: at least 2C+3C or two 4s or two spades, plus 15
    knocks = [a for a in legal(game) if a.startswith("knock")]
    assert knocks == ["knock KH"]
    game.apply("knock KH")
    # the knocking discard lies face down
    assert game.z["discard"] == ["KH"]
    assert game.view(1)["zones"]["discard"] == [None]
    assert game.to_act == 0 and game.v["knocker"] == 0


@pytest.mark.parametrize("limit, may", [(4, False), (5, True)])
def test_GIN_7_option_knock_limit(limit, may):
    game = game_of({0: H0, 1: H1}, UP, knock_limit=limit)
    game.apply("pick")
    assert ("knock KH" in legal(game)) is may


def test_GIN_7_knocking_is_never_forced():
    game = game_of({0: H0, 1: H1}, UP)
    game.apply("pick")
    assert "discard KH" in legal(game)


def test_GIN_8_GIN_14_gin_no_lay_offs_and_the_gin_bonus():
    # with 6S the spades run 6-9S: knocking KH leaves every card in a meld
    h1 = "TS JS QD QC 2D 5D 9H 8D 4C 6H".split()     # TS, 4C could be laid off, but not after gin
    game = game_of({0: H0, 1: h1}, "6S")
    play(game, "pick", "knock KH", "meld AC 2C 3C", "meld 4D 4H 4S", "meld 6S 7S 8S 9S", "done")
    # no lay-off step: the hand is scored and the next one dealt
    dead1 = sum(value(c) for c in h1)
    assert dead1 == 74
    assert game.v["points"] == [25 + dead1, 0] and game.hand_no == 2


def test_GIN_14_gin_cannot_be_undercut():
    h1 = "5C 6C 7C QD QS QC 8H 9H TH JH".split()      # every card in a meld: deadwood 0
    game = game_of({0: H0, 1: h1}, "6S")
    play(game, "pick", "knock KH", "meld AC 2C 3C", "meld 4D 4H 4S", "meld 6S 7S 8S 9S", "done")
    assert game.v["points"] == [25, 0] and game.v["won"] == [1, 0]


BIG0 = "AC 2C 3C 4D 4H 4S 7S 8S 9S TS".split()          # with 4C: eleven cards in melds
BIG1 = "5C 6C QD QC 2D 5D 9H 8D 6H JS".split()


def test_GIN_8_GIN_14_big_gin_without_a_discard():
    game = game_of({0: BIG0, 1: BIG1}, "4C")
    game.apply("pick")
    assert "big_gin" in legal(game)
    game.apply("big_gin")
    assert game.z["discard"] == [] and len(game.z["hand"][0]) == 11     # no discard
    # every card must go into a meld: 2C-3C-4C would leave AC
    assert "meld 2C 3C 4C" not in legal(game) and "done" not in legal(game)
    play(game, "meld AC 2C 3C", "meld 4C 4D 4H 4S", "meld 7S 8S 9S TS", "done")
    assert game.v["points"] == [31 + sum(value(c) for c in BIG1), 0] == [102, 0]
    # 102 reaches the target of 100 (GIN-17: a shutout)
    assert game.finished and game.result.scores == [(102 + 25 + 100) * 2, 0]


def test_GIN_8_big_gin_needs_eleven_cards_in_melds_and_the_option():
    game = game_of({0: H0, 1: H1}, UP)
    game.apply("pick")
    assert "big_gin" not in legal(game)                  # KH and 5H are deadwood
    game = game_of({0: BIG0, 1: BIG1}, "4C", big_gin=0)
    game.apply("pick")
    assert "big_gin" not in legal(game) and "knock 4D" in legal(game)


def turns_from_the_stock(game, stock, n):
    """Both players passed the upcard; ``n`` turns each draw the stock's next card and
    discard it."""
    play(game, "pass", "pass")
    for card in stock[:n]:
        play(game, "stock", f"discard {card}")


@pytest.mark.parametrize("dead_stock, turns", [(2, 29), (0, 31)])
def test_GIN_9_the_hand_is_dead_at_the_end_of_the_stock(dead_stock, turns):
    deck = deck_for(1, {0: H0, 1: H1}, UP)
    stock = deck[21:]
    assert len(stock) == 31
    game = rules(dead_stock=dead_stock).new_game(players=2, dealer=1, deck=deck)
    turns_from_the_stock(game, stock, turns - 1)
    assert game.hand_no == 1 and len(game.z["stock"]) == 31 - (turns - 1)
    play(game, "stock", f"discard {stock[turns - 1]}")
    # no score; the same dealer deals again
    assert game.hand_no == 2 and game.dealer == 1
    assert game.v["points"] == [0, 0] and game.v["won"] == [0, 0]
    assert [len(h) for h in game.z["hand"]] == [10, 10] and len(game.z["stock"]) == 31


# ---- showing the hands ---------------------------------------------------------------------

def test_GIN_10_the_knocker_lays_melds_that_keep_the_deadwood_within_the_limit():
    h0 = "2H 3H 4H 4D 4S 4C 7C 8C 9C KD".split()
    h1 = "AS 2S 3D 5S 6D 7H TH JD QS KS".split()
    game = game_of({0: h0, 1: h1}, "9D")
    play(game, "pick", "knock KD")
    # kept: 2-3-4H, four 4s, 7-8-9C, 9D. Only the run 2-4H with the other three 4s
    # keeps 9D alone (9); all four 4s leave 2H 3H 9D (14), any other three 4s leave
    # 2H 3H, a 4 and 9D (18): more than 10
    assert legal(game) == sorted(["meld 2H 3H 4H", "meld 4C 4D 4S", "meld 7C 8C 9C"])
    play(game, "meld 7C 8C 9C", "meld 2H 3H 4H")
    assert legal(game) == ["meld 4C 4D 4S"]             # done: 4C 4D 4S 9D is 21
    game.apply("meld 4C 4D 4S")
    assert legal(game) == ["done"]
    game.apply("done")
    assert game.to_act == 1                              # the defender's turn to lay off
    # the knocker's melds and deadwood are face up
    view = game.view(1)
    assert view["zones"]["hand"][0] == ["9D"]
    assert [sorted(p) for p in view["zones"]["melds"]] == [
        ["7C", "8C", "9C"], ["2H", "3H", "4H"], ["4C", "4D", "4S"]]


def test_GIN_10_the_knockers_choice_of_melds_decides_what_can_be_laid_off():
    h0 = "AH 2H 3H 3S 3D 9C TC JC AD KD".split()
    h1 = "4H QS KS QD 8D 5C 6D 7H TS 9S".split()
    game = game_of({0: h0, 1: h1}, "2C")
    play(game, "pick", "knock KD")
    # kept: A-2-3H, three 3s, 9-T-JC, AD, 2C. The run A-3H leaves 3S 3D AD 2C (9), the
    # three 3s leave AH 2H AD 2C (6): both within 10, the knocker chooses
    assert legal(game) == sorted(["meld AH 2H 3H", "meld 3D 3H 3S", "meld 9C TC JC"])
    play(game, "meld AH 2H 3H", "meld 9C TC JC")
    assert legal(game) == ["done"]
    game.apply("done")
    # the run A-3H takes the defender's 4H (the set of 3s would not have)
    assert "lay_off 4H on melds 0" in legal(game)


def test_GIN_11_the_defender_lays_off_onto_the_knockers_melds():
    game = knocked()
    # 4C: onto A-2-3C (its high end) or the three 4s; 6S and TS: either end of 7-8-9S;
    # JS only once TS is there; nothing else fits
    assert legal(game) == sorted(["done", "lay_off 4C on melds 0", "lay_off 4C on melds 1",
                                  "lay_off 6S on melds 2", "lay_off TS on melds 2"])
    game.apply("lay_off TS on melds 2")
    assert "lay_off JS on melds 2" in legal(game)
    play(game, "lay_off JS on melds 2", "lay_off 6S on melds 2", "lay_off 4C on melds 1")
    assert sorted(game.z["melds"][2]) == sorted(["6S", "7S", "8S", "9S", "TS", "JS"])
    assert legal(game) == ["done"]
    game.apply("done")
    # GIN-12: the defender keeps QD QC 2D 5D 9H 8D (44); the knocker 5H (5)
    assert game.v["points"] == [44 - 5, 0] and game.v["won"] == [1, 0]


# ---- scoring -------------------------------------------------------------------------------

def test_GIN_12_the_knocker_scores_the_difference():
    game = knocked()
    game.apply("done")                                    # no lay-offs: 74 against 5
    assert game.v["points"] == [sum(value(c) for c in H1) - 5, 0] == [69, 0]
    assert not game.finished and game.hand_no == 2


UNDER = "5C 6C 7C QD QS QC 8H 9H TH AS".split()          # three melds and AS: deadwood 1


def test_GIN_13_an_undercut_scores_the_difference_and_the_bonus():
    game = knocked(UNDER)
    assert legal(game) == ["done"]                        # nothing to lay off
    game.apply("done")
    assert game.v["points"] == [0, 5 - 1 + 25] and game.v["won"] == [0, 1]


@pytest.mark.parametrize("bonus", [25, 10])
def test_GIN_13_equal_deadwood_is_an_undercut(bonus):
    h1 = UNDER[:-1] + ["5D"]                              # deadwood 5, as the knocker's
    game = knocked(h1, undercut_bonus=bonus)
    game.apply("done")
    assert game.v["points"] == [0, bonus]


# ---- the next hand and the match -------------------------------------------------------------

@pytest.mark.parametrize("next_deal, h1, dealer", [
    ("alternate", H1, 0), ("alternate", UNDER, 0),
    ("winner", H1, 0), ("winner", UNDER, 1)])
def test_GIN_15_who_deals_the_next_hand(next_deal, h1, dealer):
    game = knocked(h1, next_deal=next_deal)               # dealer 1; seat 0 knocked
    game.apply("done")
    assert game.hand_no == 2 and game.dealer == dealer
    assert game.to_act == 1 - dealer                       # GIN-4 the non-dealer first


@pytest.mark.parametrize("shutout, final0", [(True, (69 + 25 + 100) * 2), (False, 69 + 25 + 100)])
def test_GIN_16_GIN_17_the_match_ends_at_the_target_with_its_bonuses(shutout, final0):
    game = knocked(target=30, shutout=shutout)
    game.apply("done")
    res = game.result
    assert res.status == "finished" and game.hand_no == 1
    assert res.scores == [final0, 0] and res.winners == [0]


def test_GIN_17_the_undercutter_reaches_the_target():
    h1 = "5C 6C 7C QD QS QC 8H 9H TH JH".split()      # deadwood 0: 5 + 25
    game = knocked(h1, target=30)
    game.apply("done")
    assert game.result.scores == [0, (30 + 25 + 100) * 2] and game.result.winners == [1]


def test_GIN_16_below_the_target_the_match_goes_on():
    game = knocked(UNDER, target=30)
    game.apply("done")
    assert not game.finished and game.v["points"] == [0, 29]


# ---- whole matches ---------------------------------------------------------------------------

def final_scores(game, target=100, line=25, bonus=100):
    """GIN-17 worked out from the totals and hands won."""
    pts, won = game.v["points"], game.v["won"]
    out = []
    for s in (0, 1):
        f = pts[s] + line * won[s] + (bonus if pts[s] >= target else 0)
        if pts[s] >= target and pts[1 - s] == 0:
            f *= 2
        out.append(f)
    return out


def check_replay(game, dumps, seed, opts):
    """The game replays from its record, dump for dump, to the same result."""
    record = json.loads(json.dumps(make_record(game, "gin_rummy", opts, seed)))
    seen = []
    again = replay(record, apply=lambda g, a: (g.apply(a), seen.append(g.dump())))
    assert [dumps[0]] + seen == dumps
    assert again.result == game.result


def check_match(game, target):
    """A finished match keeps GIN-16/17."""
    res = game.result
    assert res.status == "finished", res.message
    assert max(game.v["points"]) >= target and res.scores == final_scores(game, target)


def play_match(seed, opts, agent, max_actions=10000):
    """A match of ``agent`` bots (None: random legal actions), checking as it goes that
    no card is lost (GIN-1, GIN-3), ten cards are held between turns, and totals never
    go down (GIN-16). Returns the game and its dumps."""
    game = rules(**opts).new_game(players=2, seed=seed, max_actions=max_actions)
    rng = random.Random(seed)
    bots = [make_agent(agent, seed * 1000 + s + 1) for s in (0, 1)] if agent else None
    dumps = [game.dump()]
    before = [0, 0]
    while not game.finished:
        act = bots[game.to_act].choose(game) if bots else game.random_legal(rng)
        game.apply(act)
        dumps.append(game.dump())
        z = game.z
        cards = z["stock"] + z["discard"] + z["deck"] + [c for p in z["melds"] for c in p] \
            + z["hand"][0] + z["hand"][1]
        assert sorted(cards) == sorted(PACK)
        if not game.finished and game.v["knocker"] is None:
            assert sorted(len(h) for h in z["hand"]) in ([10, 10], [10, 11])
        assert all(a >= b for a, b in zip(game.v["points"], before))
        before = list(game.v["points"])
    return game, dumps


@pytest.mark.random_games
@pytest.mark.parametrize("seed", range(games(1, 200)))
def test_greedy_matches_to_100_keep_the_rules_and_replay(seed):
    game, dumps = play_match(seed, {}, "greedy")
    check_match(game, 100)
    check_replay(game, dumps, seed, {})


@pytest.mark.random_games
@pytest.mark.parametrize("seed", range(games(1, 40)))
def test_random_play_keeps_the_rules_and_replays(seed):
    """Random play, to a target of 1 point, stopped after 800 actions (3,000 in the
    soak): it may not have knocked by then (random discards seldom make a hand to
    knock with)."""
    opts = {"target": "1"}
    game, dumps = play_match(seed, opts, None, max_actions=games(800, 3000))
    if game.result.status == "finished":
        check_match(game, 1)
    else:
        assert "max_actions" in game.result.message and max(game.v["points"]) == 0
    check_replay(game, dumps, seed, opts)
