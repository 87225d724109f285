"""Per-rule tests for the bundled `skitgubbe` ruleset (docs/rules/skitgubbe.md,
SKG-1..SKG-13), each named after the rule it checks. Phase-1 positions are dealt from
hand-built decks; phase-2 positions are reached by random play and checked against an
oracle written here from the rule text (which cards beat the top card, what a pick-up
takes). Then invariants over random games at every player count and option value."""
from __future__ import annotations

import random

import pytest

import rulekit
from budget import games
from rulekit.errors import IllegalAction
from ruleset_positions import PACK, deal_game, hands, legal, play, rank, srt, won, zone

NAME = "skitgubbe"


def game(n, dealer, hands_, stock=(), last=None, options=None, **kw):
    return deal_game(NAME, n, dealer, hands_, stock, last, options, **kw)


def beats(card, top, trump) -> bool:
    """SKG-10 from the rule text: a higher card of the top card's suit, or a trump on a
    card that is not a trump."""
    if card[1] == top[1]:
        return rank(card) > rank(top)
    return card[1] == trump and top[1] != trump


def to_phase_two(seed, n=3, options=None):
    """A random game played to the first decision of phase 2."""
    g = rulekit.load(NAME, options).new_game(players=n, seed=seed)
    rng = random.Random(seed)
    while not g.finished and g.phase == "collect":
        g.apply(rng.choice(g.legal_actions()))
    return g


# ---- players, cards, the deal ----------------------------------------------------------

def test_SKG_1_three_to_five_players_one_pack():
    r = rulekit.load(NAME)
    assert r.players[:2] == (3, 5) and srt(r.pack) == srt(PACK)
    for n in (2, 6):
        with pytest.raises(ValueError):
            r.new_game(players=n)


def test_SKG_2_three_each_and_the_dealers_left_leads():
    g = game(3, 2, [["5C", "9D", "KS"], ["4H", "4S", "JD"], ["2C", "2D", "QH"]])
    assert hands(g) == [srt(["5C", "9D", "KS"]), srt(["4H", "4S", "JD"]), srt(["2C", "2D", "QH"])]
    assert len(zone(g, "stock")) == 52 - 9 and g.to_act == 0


# ---- phase 1 -----------------------------------------------------------------------------

H = [["5C", "9D", "KS"], ["4H", "4S", "JD"], ["2C", "2D", "QH"]]


def test_SKG_3_two_card_tricks_higher_rank_wins_suit_ignored():
    g = game(3, 2, H, stock=["AC", "AD", "AH", "AS"])
    play(g, "play 5C")
    assert g.to_act == 1                                  # the leader's left answers
    play(g, "play 4H")                                    # 5C beats 4H, suits aside
    assert won(g)[0] == srt(["5C", "4H"]) and g.to_act == 0   # the winner leads again
    play(g, "play 9D")
    assert g.to_act == 1                                  # to its own left
    play(g, "play JD")
    assert won(g)[1] == srt(["9D", "JD"]) and g.to_act == 1
    play(g, "play AD")                                    # seat 1 drew AD (SKG-5)
    assert g.to_act == 2                                  # seat 2 answers seat 1's lead


def test_SKG_4_a_bounce_plays_again_leader_first_and_the_higher_takes_all():
    g = game(3, 2, [["4C", "9D", "KS"], ["4H", "4S", "JD"], ["2C", "2D", "QH"]],
             stock=["3C", "3D", "AH", "AS"])
    play(g, "play 4C", "play 4H")                         # bounce
    assert g.to_act == 0 and zone(g, "trick") == ["4C", "4H"]
    play(g, "play KS", "play 4S")
    assert won(g)[0] == srt(["4C", "4H", "KS", "4S"]) and zone(g, "trick") == []


def test_SKG_5_a_card_from_hand_is_replaced_at_once():
    g = game(3, 2, H, stock=["AC", "AD", "AH", "AS"])
    play(g, "play 5C")
    assert hands(g)[0] == srt(["9D", "KS", "AC"])         # drawn before seat 1 answers
    assert zone(g, "stock")[0] == "AD"
    play(g, "play 4H")
    assert hands(g)[1] == srt(["4S", "JD", "AD"])


def test_SKG_6_taking_a_chance_plays_the_stock_top_and_draws_nothing():
    g = game(3, 2, H, stock=["AC", "AD", "AH", "AS"])
    play(g, "stock")
    assert zone(g, "trick") == ["AC"] and hands(g)[0] == srt(H[0])
    assert zone(g, "stock")[0] == "AD"


def test_SKG_7_the_last_stock_card_is_set_aside_unseen_and_fixes_trumps():
    for seed in range(games(3, 10)):
        g = rulekit.load(NAME).new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while g.z["stock"]:
            assert len(g.z["stock"]) > 1 or "stock" not in legal(g)   # not the last card
            g.apply(rng.choice(g.legal_actions()))
        holder = next(s for s in range(3) if g.z["trump_card"][s])
        card = g.z["trump_card"][holder][0]
        assert g.v["trump"] is None                       # not known before phase 2
        for s in range(3):                                # face down: nobody looks,
            seen = g.view(s)["zones"]["trump_card"][holder]   # its holder included
            assert seen == [None]
        assert card not in " ".join(legal(g))
        while g.phase == "collect" and not g.finished:
            g.apply(rng.choice(g.legal_actions()))
        assert g.v["trump"] == card[1]


def test_SKG_8_phase_one_ends_when_fewer_than_two_hold_cards():
    for seed in range(games(4, 20)):
        g = rulekit.load(NAME).new_game(players=4, seed=seed)
        rng = random.Random(seed)
        while g.phase == "collect" and not g.finished:
            holding = [s for s in range(4) if g.z["hand"][s]]
            if not g.z["trick"]:                          # a lead: checked before each
                assert len(holding) >= 2 or g.z["stock"]
            before = [list(h) for h in g.z["hand"]]
            g.apply(rng.choice(g.legal_actions()))
        assert g.phase == "shed"
        assert sum(1 for h in before if h) >= 1


# ---- phase 2 -----------------------------------------------------------------------------

def test_SKG_9_won_cards_and_the_trump_card_make_the_hand_and_its_holder_leads():
    for seed in range(games(3, 10)):
        g = rulekit.load(NAME).new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while g.phase == "collect":
            holder = next((s for s in range(3) if g.z["trump_card"][s]), None)
            card = g.z["trump_card"][holder][0] if holder is not None else None
            g.apply(rng.choice(g.legal_actions()))
        assert card in g.z["hand"][holder] and g.v["trump"] == card[1]
        assert g.z["won"] == [[], [], []] and g.z["trump_card"] == [[], [], []]
        assert sum(len(h) for h in g.z["hand"]) == 52      # every card is in a hand
        assert g.to_act == holder
        # turned up for everyone once (an event), then hidden in the hand like the rest
        assert any(ev["kind"] == "shown" and card in ev["cards"] for ev in g.events)
        assert [card in g.view(s)["zones"]["hand"][holder] for s in range(3)] == [
            s == holder for s in range(3)]


def test_SKG_10_only_cards_that_beat_the_top_card_may_be_played():
    checked = 0
    for seed in range(games(6, 30)):
        g = to_phase_two(seed)
        rng = random.Random(seed)
        while not g.finished and checked < 200:
            trick = zone(g, "trick")
            plays = [a for a in legal(g) if a.startswith("play")]
            mine = hands(g)[g.to_act]
            if trick:
                want = srt(f"play {c}" for c in mine if beats(c, trick[-1], g.v["trump"]))
                assert srt(plays) == want
                checked += 1
            else:
                assert srt(plays) == srt(f"play {c}" for c in mine)
            g.apply(rng.choice(g.legal_actions()))
    assert checked >= 50


def test_SKG_11_who_cannot_beat_picks_up_the_top_card_only():
    takes = 0
    for seed in range(games(8, 30)):
        g = to_phase_two(seed)
        rng = random.Random(seed)
        while not g.finished:
            acts = legal(g)
            if "take" in acts:
                beaters = [a for a in acts if a.startswith("play")]
                assert beaters == []                      # only when unable (default)
                trick, seat = zone(g, "trick"), g.to_act
                before = hands(g)[seat]
                g.apply("take")
                assert hands(g)[seat] == srt(before + [trick[-1]])
                assert zone(g, "trick") == trick[:-1]
                takes += 1
                if g.finished:
                    break
                if trick[:-1]:
                    assert g.to_act != seat               # the next must beat the new top
                continue
            g.apply(rng.choice(g.legal_actions()))
    assert takes >= 10


def test_SKG_11_voluntary_take_option():
    offered = 0
    for seed in range(games(6, 20)):
        g = to_phase_two(seed, options={"voluntary_take": True})
        rng = random.Random(seed)
        while not g.finished:
            acts = legal(g)
            if zone(g, "trick"):
                assert "take" in acts
                offered += any(a.startswith("play") for a in acts)
            g.apply(rng.choice(g.legal_actions()))
    assert offered > 0                                    # take beside a beating card


def test_SKG_12_a_pile_of_as_many_plays_as_players_in_at_its_start_is_thrown_out():
    done = shortened = 0
    for seed in range(games(8, 30)):
        g = to_phase_two(seed, n=4)
        rng = random.Random(seed)
        start_in = plays = None
        while not g.finished:
            if not zone(g, "trick"):                      # a new pile: count who is in
                start_in, plays = sum(g.inplay), 0
            act = rng.choice(g.legal_actions())
            seat = g.to_act
            out_before = len(zone(g, "out"))
            g.apply(act)
            if act.name != "play":
                continue
            plays += 1
            if plays == start_in:                         # complete: thrown out
                assert len(zone(g, "out")) > out_before and zone(g, "trick") == []
                shortened += sum(g.inplay) < start_in and not g.finished
                if not g.finished:                        # its last player leads, or the
                    expect = seat if g.inplay[seat] else next(      # next one still in
                        (seat + i) % 4 for i in range(1, 5) if g.inplay[(seat + i) % 4])
                    assert g.to_act == expect
                done += 1
            else:
                assert zone(g, "trick") or g.finished     # not yet
    assert done >= 10 and shortened >= 1                  # a seat went out mid-pile


def test_SKG_12_counting_only_the_plays_on_the_pile_is_not_offered():
    with pytest.raises(rulekit.RulesetError, match="must be one of plays_made"):
        rulekit.load(NAME, {"trick_count": "plays_on_table"})


def test_SKG_9_a_player_with_no_cards_at_the_start_of_phase_two_is_out_at_once():
    # the games `rulekit play skitgubbe --players 5 --seed 51` and `--seed 286` play
    # (random bots seeded as the command seeds them) leave a seat with no cards
    from rulekit.play.agents import seat_agents
    found = 0
    for seed in (51, 286):
        g = rulekit.load(NAME).new_game(players=5, seed=seed)
        agents = seat_agents([], 5, seed)
        while g.phase == "collect" and not g.finished:
            g.apply(agents[g.to_act].choose(g))
        empty = [s for s in range(5) if not g.z["hand"][s]]
        found += bool(empty)
        assert all(not g.inplay[s] for s in empty) and g.out_order[:len(empty)] == empty
        while not g.finished:                             # and is never asked again
            assert g.to_act not in empty
            g.apply(agents[g.to_act].choose(g))
    assert found == 2, "those games no longer leave a seat without cards at phase 2"


def test_SKG_13_out_on_the_last_card_and_the_last_holder_loses():
    for n in (3, 4, 5):
        for seed in range(games(3, 15)):
            g = rulekit.load(NAME).new_game(players=n, seed=seed)
            rng = random.Random(seed)
            while not g.finished:
                g.apply(rng.choice(g.legal_actions()))
            res = g.result
            assert res.status == "finished", res.message
            assert [s for s in range(n) if g.z["hand"][s]] == [res.loser]
            assert srt(res.out_order + [res.loser]) == list(range(n))


@pytest.mark.random_games
@pytest.mark.parametrize("options", [{}, {"voluntary_take": True}, {"stock_play": "never"},
                                     {"sequences": True}], ids=lambda o: str(o) or "default")
def test_random_games_keep_the_invariants_at_every_player_count(options):
    r = rulekit.load(NAME, options or None)
    for n in (3, 4, 5):
        for seed in range(games(3, 25)):
            g = r.new_game(players=n, seed=seed)
            rng = random.Random(seed)
            while not g.finished:
                g.apply(rng.choice(g.legal_actions()))
                cards = [c for z in g.z.values() for c in (
                    [x for lst in z for x in lst] if z and isinstance(z[0], list) else z)]
                assert srt(cards) == srt(PACK)
                if g.phase == "collect" and g.z["stock"]:
                    assert all(len(h) == 3 or not g.inplay[s] for s, h in enumerate(
                        g.z["hand"])) or zone(g, "trick")
            assert g.result.status == "finished", g.result.message


def test_an_illegal_phase_one_action_names_the_legal_ones():
    g = game(3, 2, H)
    with pytest.raises(IllegalAction, match="legal: play"):
        g.apply("play 4H")                                # seat 1's card, seat 0 to act
