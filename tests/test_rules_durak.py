"""Per-rule tests for the bundled `durak` ruleset (docs/rules/durak.md, DUR-1..DUR-13),
each named after the rule it checks, on hand-built decks; every expected value was
worked out by hand from the rule text. Then invariants over random games at every
player count and option value, and exact replays of its shared windows."""
from __future__ import annotations

import json
import random

import pytest

import rulekit
from ruleset_positions import load_rules
from budget import games
from rulekit.errors import IllegalAction
from rulekit.play.agents import RandomAgent
from rulekit.runtime.records import make_record
from rulekit.runtime.replay import replay

PACK = [r + s for s in "CDHS" for r in "6789TJQKA"]


def rules(**options):
    """The ruleset with ``options``, compiled once per distinct options (the model is
    immutable: games share it)."""
    return load_rules("durak", {k: str(v) for k, v in options.items()} or None)


def game_of(hands: dict, trump_card: str, dealer=None, stock=None, **options):
    """A game whose seats hold ``hands`` (seat -> its six cards, in the order dealt: one
    at a time clockwise from the dealer's left, DUR-2), ``trump_card`` turned up, then
    ``stock`` (default: the rest of the pack in pack order; [] leaves only the trump
    card)."""
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    order = [(dealer + 1 + i) % n for i in range(n)]
    deck = [hands[s][r] for r in range(6) for s in order] + [trump_card]
    rest = [c for c in PACK if c not in deck]
    if stock is not None:
        rest = list(stock) + [c for c in rest if c not in stock]
    return rules(**options).new_game(players=n, dealer=dealer, deck=deck + rest)


def legal(game, seat=None):
    return sorted(str(a) for a in game.legal_actions(seat))


# seat 0: the lowest trump (7H; hearts are trumps with 6H turned up) and clubs
# seat 1: spades and diamonds; seat 2: a mixture
H3 = {0: ["7H", "6C", "7C", "8C", "9C", "TC"],
      1: ["6S", "7S", "8S", "6D", "7D", "8D"],
      2: ["JC", "QC", "9S", "TS", "AH", "9D"]}


# ---- cards and dealing -----------------------------------------------------------------

def test_DUR_1_a_36_card_pack_for_two_to_six():
    r = rules()
    assert sorted(r.pack) == sorted(PACK) and r.players[:2] == (2, 6)
    assert r.ranks[0] == "6" and r.ranks[-1] == "A"


def test_DUR_2_six_each_and_the_next_card_fixes_trumps_face_up_at_the_bottom():
    g = game_of(H3, "6H")
    assert [sorted(h) for h in g.z["hand"]] == [sorted(H3[s]) for s in range(3)]
    assert g.v["trump"] == "H" and g.z["stock"][-1] == "6H" and len(g.z["stock"]) == 18
    view = g.view(1)["zones"]["stock"]
    assert view[-1] == "6H" and view[:-1] == [None] * 17        # only the trump card shows


def test_DUR_2_six_players_the_dealers_last_card_fixes_trumps():
    g = rules().new_game(players=6, seed=4, dealer=2)
    assert g.z["stock"] == []
    last = g.z["hand"][2][-1]
    assert g.v["trump"] == last[-1]
    assert all(last in g.view(s)["zones"]["hand"][2] for s in range(6))   # shown to all


# ---- beating ---------------------------------------------------------------------------

def test_DUR_3_a_higher_card_of_the_suit_or_a_trump_beats_a_plain_card():
    g = game_of(H3, "6H")
    g.apply("attack 6C")                                 # seat 0 attacks seat 1
    assert g.v["defender"] == 1
    assert "beat 6C" not in " ".join(legal(g, 1))       # seat 1 has no club, no heart
    g2 = game_of({0: H3[0], 1: ["6S", "7S", "8S", "6D", "JH", "8D"], 2: H3[2]}, "6H")
    g2.apply("attack 9C")
    assert [a for a in legal(g2, 1) if a.startswith("beat")] == ["beat 9C JH"]
    g3 = game_of({0: ["7H", "6C", "KC", "8C", "9C", "TC"], 1: H3[1][:4] + ["8H", "AD"],
                  2: H3[2]}, "6H")
    g3.apply("attack KC")                                # a low trump beats a king
    assert [a for a in legal(g3, 1) if a.startswith("beat")] == ["beat KC 8H"]


def test_DUR_3_a_trump_is_beaten_only_by_a_higher_trump():
    g = game_of({0: H3[0], 1: ["8H", "AS", "AC", "AD", "6S", "KC"], 2: H3[2]}, "6H")
    g.apply("attack 7H")                                 # the aces do not beat a trump
    assert [a for a in legal(g, 1) if a.startswith("beat")] == ["beat 7H 8H"]


# ---- bouts -------------------------------------------------------------------------------

def test_DUR_4_the_lowest_trump_attacks_first_and_the_next_seat_defends():
    g = game_of(H3, "6H")
    assert g.v["attacker"] == 0 and g.v["defender"] == 1 and g.to_act == 0
    g2 = game_of({0: H3[1], 1: H3[2], 2: H3[0]}, "6H")  # 7H is now seat 2's
    assert g2.v["attacker"] == 2 and g2.v["defender"] == 0


def test_DUR_4_nobody_holds_a_trump_the_dealers_left_attacks():
    hands = {0: ["6C", "7C", "8C", "9C", "TC", "JC"], 1: ["6S", "7S", "8S", "6D", "7D", "8D"]}
    g = game_of(hands, "6H", dealer=0)
    assert g.v["attacker"] == 1 and g.v["defender"] == 0


def test_DUR_5_the_main_attacker_alone_opens_with_any_card():
    g = game_of(H3, "6H")
    assert g.actors == [0] and legal(g) == sorted(f"attack {c}" for c in H3[0])


def test_DUR_6_anyone_but_the_defender_throws_in_ranks_on_the_table():
    g = game_of(H3, "6H")
    g.apply("attack 9C")
    # the defender (1) first; the throw-ins: seat 0 has no other 9, seat 2 has 9S, 9D
    assert g.actors == [1, 2]
    assert legal(g, 2) == ["done", "throw 9D", "throw 9S"]
    g.apply("2: throw 9S")                               # before the defender moves
    assert g.z["table"] == ["9C", "9S"] and g.history[-1] == "2: throw 9S"
    with pytest.raises(IllegalAction):
        g.apply("2: throw JC")                           # no jack on the table


def test_DUR_6_a_defending_card_brings_its_rank_and_a_beat_undoes_done():
    g = game_of({0: ["7H", "8C", "6C", "6D", "9S", "KS"],
                 1: ["9C", "6S", "7S", "8S", "7D", "8D"],
                 2: ["JC", "QC", "TS", "AH", "9D", "8H"]}, "6H")
    g.apply("attack 8C")
    assert g.actors == [1, 2] and legal(g, 2) == ["done", "throw 8H"]
    g.apply("2: done")
    assert g.actors == [1] and g.v["done"][2]
    g.apply("1: beat 8C 9C")                             # a nine is on the table now
    assert g.v["done"] == [False, False, False]
    assert legal(g, 0) == ["done", "throw 9S"]
    assert legal(g, 2) == ["done", "throw 8H", "throw 9D"]


def test_DUR_6_with_neighbours_only_the_defenders_neighbours_throw_in():
    hands = {0: ["7H", "6C", "7C", "8C", "9C", "TC"], 1: ["6S", "7S", "8S", "6D", "7D", "8D"],
             2: ["JC", "QC", "9S", "TS", "AH", "9D"], 3: ["6C", "KS", "QS", "JS", "KD", "QD"]}
    hands[3][0] = "9H"
    for way, throwers in (("all", [2, 3]), ("neighbours", [2])):
        g = game_of(hands, "6H", throw_in=way)
        g.apply("attack 9C")                             # 0 attacks 1; 2 is 1's left
        assert [s for s in g.actors if s != 1] == throwers, way


NINES = {0: ["9C", "9D", "TD", "TS", "JS", "6C"],       # nobody holds a heart (trumps)
         1: ["TC", "JD", "AC", "AD", "AS", "KC"],
         2: ["9S", "7C", "7D", "7S", "8C", "8D"]}


def test_DUR_7_six_attacking_cards_at_most_and_five_in_the_first_bout_option():
    for five in (False, True):
        g = game_of(NINES, "6H", first_bout_five=five)
        assert (g.v["attacker"], g.v["defender"], g.v["limit"]) == (0, 1, 5 if five else 6)
        for act in ("attack 9C", "2: throw 9S", "1: beat 9C TC", "0: throw 9D",
                    "0: throw TD", "0: throw TS", "1: beat 9D JD"):
            g.apply(act)
        attacks = len(g.z["table"]) + len(g.z["beaten"])
        assert attacks == 5
        if five:                                         # the fifth was the last
            assert "throw JS" not in legal(g, 0) and 0 not in g.actors
        else:
            g.apply("0: throw JS")
            assert len(g.z["table"]) + len(g.z["beaten"]) == 6
            assert g.actors == [1]                       # no seventh: only the defence


def test_DUR_8_the_defender_must_beat_every_card_or_take():
    g = game_of(H3, "6H")
    g.apply("attack 6C")
    assert legal(g, 1) == ["take"]                      # nothing beats 6C in seat 1's hand
    g.apply("1: take")                                  # nobody holds another six
    assert sorted(g.z["hand"][1]) == sorted(H3[1] + ["6C"])  # picked up at once


def test_DUR_8_after_a_take_the_attackers_throw_in_more_for_the_defender_to_take():
    g = game_of(NINES, "6H")
    g.apply("attack 9C")
    g.apply("1: take")
    assert g.v["taking"] and g.actors == [0, 2]           # the defender has no action
    assert legal(g, 0) == ["done", "throw 9D"] and legal(g, 2) == ["done", "throw 9S"]
    g.apply("2: throw 9S")
    g.apply("0: throw 9D")
    assert sorted(g.z["hand"][1]) == sorted(NINES[1] + ["9C", "9S", "9D"])


def test_DUR_9_a_beaten_attack_is_discarded_and_the_defender_attacks_next():
    g = game_of({0: H3[0], 1: ["6S", "7S", "8S", "6D", "7D", "KC"], 2: H3[2]}, "6H")
    g.apply("attack 6C")
    g.apply("1: beat 6C KC")              # nobody holds another six or a king: it is over
    assert sorted(g.z["discard"]) == ["6C", "KC"]
    assert g.v["attacker"] == 1 and g.v["defender"] == 2 and g.to_act == 1


def test_DUR_9_after_a_take_the_defenders_left_attacks():
    g = game_of(H3, "6H")
    g.apply("attack 6C")
    g.apply("1: take")
    assert g.v["attacker"] == 2 and g.v["defender"] == 0 and g.to_act == 2


def test_DUR_10_transfer_passes_the_attack_on_before_any_beat():
    hands = {0: ["7H", "6C", "7C", "8C", "9C", "TC"], 1: ["6S", "7S", "8S", "6D", "7D", "8D"],
             2: ["JC", "QC", "9S", "TS", "AH", "9D"]}
    g = game_of(hands, "6H")
    g.apply("attack 6C")
    assert "transfer 6S" not in legal(g, 1)              # off by default
    g = game_of(hands, "6H", transfer=True)
    g.apply("attack 6C")
    assert {"transfer 6S", "transfer 6D"} <= set(legal(g, 1))
    g.apply("1: transfer 6S")
    assert g.v["attacker"] == 1 and g.v["defender"] == 2
    assert g.z["table"] == ["6C", "6S"]
    assert not any(a.startswith("transfer") for a in legal(g, 2))   # 2 holds no six


def test_DUR_10_no_transfer_once_a_card_is_beaten():
    hands = {0: ["7H", "6C", "7C", "8C", "9C", "TC"], 1: ["6S", "7S", "AC", "6D", "7D", "8D"]}
    g = game_of(hands, "6H", dealer=1, transfer=True)
    g.apply("attack 6C")
    assert {"transfer 6S", "transfer 6D"} <= set(legal(g, 1))   # back to seat 0 (two)
    g.apply("1: beat 6C AC")
    assert not any(a.startswith("transfer") for a in legal(g, 1))


def test_DUR_10_no_transfer_to_a_seat_holding_too_few_cards():
    g = game_of(NINES, "6H", transfer=True)
    g.apply("attack 9C")
    g.apply("2: throw 9S")
    # seat 1 holds no nine anyway; give the position a nine by evaluating the rule
    assert g.evaluate("count(table) + 1 <= count(hand[left_of(defender)])")   # 3 <= 6
    assert not g.evaluate("option.transfer and count(table) + 1 <= 2")


def test_DUR_11_refill_main_attacker_first_defender_last():
    g = game_of(H3, "6H", stock=["AS", "KS", "QS"])
    g.apply("attack 6C")
    g.apply("1: take")                    # nobody can throw in: the bout ends
    # seat 0 (5 cards) draws AS first; seat 2 has 6; seat 1 has 7
    assert "AS" in g.z["hand"][0] and len(g.z["hand"][0]) == 6
    assert g.z["stock"][:2] == ["KS", "QS"]


def draw_position(g) -> bool:
    """Two seats left, the stock empty, the attacker's last card on the table unbeaten
    and the defender holding one card that beats it."""
    a, d = g.v["attacker"], g.v["defender"]
    return (g.step.name == "bout" and not g.z["stock"] and sum(g.inplay) == 2
            and g.inplay[a] and g.inplay[d] and not g.z["hand"][a]
            and len(g.z["hand"][d]) == 1 and len(g.z["table"]) == 1
            and any(x.name == "beat" for x in g.legal_actions(d)))


def test_DUR_13_the_last_two_going_out_together_is_a_draw():
    # random three-player games until one reaches the rule's position (seed 2 does)
    for seed in range(300):
        g = rules().new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not g.finished and not draw_position(g):
            seat = rng.choice(g.actors)
            g.apply(rng.choice(g.legal_actions(seat)))
        if not g.finished:
            break
    else:
        pytest.fail("no random game reached the position")
    d = g.v["defender"]
    g.apply(next(a for a in g.legal_actions(d) if a.name == "beat"))
    res = g.result
    assert res.status == "finished" and res.draw and res.losers == []
    assert all(not h for h in g.z["hand"]) and len(res.out_order) == 3


# ---- random games and records --------------------------------------------------------

OPTIONS = [{}, {"transfer": "true"}, {"throw_in": "neighbours"}, {"first_bout_five": "true"}]


@pytest.mark.random_games
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_random_games_keep_the_invariants_at_every_player_count(options):
    r = rulekit.load("durak", options or None)
    for players in range(2, 7):
        for seed in range(games(3, 30)):
            g = r.new_game(players=players, seed=seed)
            rng = random.Random(seed)
            first = True
            while not g.finished:
                if g.step.name == "open":            # DUR-7 the limit of a new bout
                    cap = 5 if first and options.get("first_bout_five") else 6
                    assert g.v["limit"] == min(cap, len(g.z["hand"][g.v["defender"]]))
                    first = False
                seat = rng.choice(g.actors)
                g.apply(rng.choice(g.legal_actions(seat)))
                for s in g.out_order:                # DUR-12 out: no cards, no stock
                    assert not g.z["hand"][s] and not g.z["stock"]
                cards = [c for z in g.z.values() for c in (
                    [x for lst in z for x in lst] if z and isinstance(z[0], list) else z)]
                assert sorted(cards) == sorted(PACK)
                attacks = len(g.z["table"]) + len(g.z["beaten"])
                assert attacks <= g.v["limit"] <= 6
                assert len(g.z["beaten"]) == len(g.z["covers"])
                if not g.finished:
                    assert g.actors[0] == g.to_act
            assert g.result.status == "finished", g.result.message
            res = g.result
            holding = [s for s in range(players) if g.z["hand"][s]]
            assert holding == res.losers                  # DUR-13: the durak holds cards
            assert sorted(res.out_order + res.losers) == list(range(players))


def test_a_durak_record_replays_exactly():
    r = rules(transfer="true")
    for seed in range(3):
        g = r.new_game(players=4, seed=seed)
        agent = RandomAgent(seed)
        rng = random.Random(seed)
        dumps = [g.dump()]
        while not g.finished:
            seat = rng.choice(g.actors)
            g.apply(agent.choose(g, seat=seat))
            dumps.append(g.dump())
        record = json.loads(json.dumps(make_record(g, "durak", {"transfer": True}, seed)))
        seen = []
        again = replay(record, apply=lambda game, a: (game.apply(a), seen.append(game.dump())))
        assert [dumps[0]] + seen == dumps
        assert again.result == g.result


def test_dur_8_a_beaten_attack_card_still_names_the_seat_that_attacked_with_it():
    # DUR-8: the defender beats the attacking card; the card laid aside as beaten is
    # still the attacker's play (the table shows who played it), its cover the defender's
    for seed in range(40):
        game = rules().new_game(players=4, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            acts = game.legal_actions()
            beats = [a for a in acts if a.name == "beat"]
            if beats:
                act = beats[0]
                attacked = next(c for c in act.cards if c in game.z["table"])
                by = game.evaluate(f"seat_of(card('{attacked}'))")
                defender = game.v["defender"]
                game.apply(act)
                assert game.evaluate(f"seat_of(card('{attacked}'))") == by != defender
                cover = next(c for c in act.cards if c != attacked)
                assert game.evaluate(f"seat_of(card('{cover}'))") == defender
                return
            game.apply(rng.choice(acts))
    raise AssertionError("no beat in 40 random games")
