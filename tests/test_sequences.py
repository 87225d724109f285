"""Tests for runs in phase 2 (`sequences: true`, `min_run: 2 | 3`) in Mattis and in
Norwegian Mattis.

Rules: docs/rules/common.md C-7 (a run of min_run or more cards of one suit in
consecutive rank counts as one play; a play beats the top play if it is of the same suit
and its lowest card is higher than the top play's highest card, or a trump on a
non-trump), mattis.md MAT-10/MAT-11 (the taker takes only the lowest card of a bottom
run; the rest stays as one play, even if shorter than min_run) and mattis-norsk.md
NOR-10..NOR-12 (no voluntary take; the taker takes the whole bottom run as it was
played). Every expected value was worked out by hand from the rule text.

Phase-2 positions are reached by playing a planned phase 1 (see :func:`mattis_plan` and
:func:`norsk_plan`) so that every seat's phase-2 hand is known card for card.
"""
from __future__ import annotations

import functools

import pytest

import rulekit
from ruleset_positions import (PACK, beating_plays, build_deck, hands, legal, play, plays,
                               rank, runs_of, shedding_plan, srt, zone)
from ruleset_positions import load_rules as rules

MATTIS = "mattis"
NORSK = "mattis_norsk"


# ---------------------------------------------------------------------------------------
# helpers (the shared ones are in tests/ruleset_positions.py; ``rules(name, options)``
# is its load_rules)

def lead_options(cards, min_run=None) -> list[str]:
    """C-7: a leader may lead any play: every single, and every run if sequences are on."""
    runs = runs_of(cards, min_run) if min_run else []
    return sorted([f"play {c}" for c in cards] + [f"play {r}" for r in runs])


def seq(min_run: int, **more) -> dict:
    return {"sequences": True, "min_run": min_run, **more}


# ---------------------------------------------------------------------------------------
# Mattis: reach phase 2 with chosen hands (as tests/test_rules_mattis.py does)

def mattis_plan(won0=(), won1=(), trump_card="KD"):
    """3 players, dealer 2; phase 1 played as :func:`ruleset_positions.shedding_plan`
    plans it. Phase 2: seat 0 holds won0, seat 1 won1, seat 2 the rest (MAT-8) and leads
    (MAT-9). Returns (deck, actions, [phase-2 hand of each seat])."""
    plan = shedding_plan(won0, won1, trump_card)
    return plan["deck"], plan["actions"], [plan["hands"][s] for s in range(3)]


@functools.lru_cache(maxsize=None)
def _mattis_plan(won0, won1, trump_card):
    return mattis_plan(won0, won1, trump_card)


def mattis_game(setup, options=None):
    key = tuple(tuple(tuple(t) for t in setup[k]) for k in ("won0", "won1"))
    deck, actions, expect = _mattis_plan(*key, setup["trump_card"])
    game = rules(MATTIS, options).new_game(players=3, deck=deck, dealer=2)
    play(game, *actions)
    d = game.dump()
    assert d["phase"] == "shed" and d["to_act"] == 2 and d["vars"]["trump"] == "D"
    assert hands(game) == expect
    return game, expect


# seat 0: 7H 8H 9H TH JS 7D; seat 1: KS 9S 5S QC 9C 6C; seat 2 the other 40; trumps D
SEQ = dict(won0=[["TH", "7H", "8H"], ["JS", "9H", "7D"]],
           won1=[["KS", "9S", "5S"], ["QC", "9C", "6C"]], trump_card="KD")
A_SEQ = srt(["TH", "7H", "8H", "JS", "9H", "7D"])
B_SEQ = srt(["KS", "9S", "5S", "QC", "9C", "6C"])
# the same, but seat 1 holds QH (it can beat a heart) instead of QC
SEQ_QH = dict(won0=SEQ["won0"], won1=[["KS", "9S", "5S"], ["QH", "9C", "6C"]],
              trump_card="KD")

MIN_RUNS = [2, 3]


def test_MAT_10_sequences_are_off_by_default():
    """MAT-10: without `sequences: true` only single cards are plays."""
    game, expect = mattis_game(SEQ)
    assert legal(game) == lead_options(expect[2])
    assert len(legal(game)) == 40
    with pytest.raises(rulekit.IllegalAction):
        game.apply("play 5H 6H")


@pytest.mark.parametrize("min_run", MIN_RUNS)
def test_MAT_10_leader_may_lead_runs_of_min_run_or_more(min_run):
    """MAT-10/C-7: with sequences on the leader may lead any single or any run of
    min_run or more cards (with min_run 3, two-card runs are not offered)."""
    game, expect = mattis_game(SEQ, seq(min_run))
    options = lead_options(expect[2], min_run)
    assert legal(game) == options
    assert ("play 5H 6H" in options) == (min_run == 2)
    assert "play 4H 5H 6H" in options and "play 2H 3H 4H 5H 6H" in options
    game.apply("play 6H 4h 5H")                          # any order accepted
    assert zone(game, "trick") == ["4H", "5H", "6H"]


@pytest.mark.parametrize("min_run, lead", [(2, "5H 6H"), (3, "4H 5H 6H")])
def test_MAT_10_a_run_beats_by_its_lowest_card(min_run, lead):
    """MAT-10/C-7: on a heart run topped by 6H, seat 0 may play any heart above 6 and
    any run of them (lowest card above 6H; two-card runs only with min_run 2), the trump
    7D, or take (voluntary take, MAT-11)."""
    game, expect = mattis_game(SEQ, seq(min_run))
    game.apply(f"play {lead}")
    assert game.to_act == 0
    if min_run == 2:
        want = plays("7H", "8H", "9H", "TH", "7H 8H", "8H 9H", "9H TH", "7H 8H 9H",
                     "8H 9H TH", "7H 8H 9H TH", "7D", extra=["take"])
    else:
        want = plays("7H", "8H", "9H", "TH", "7H 8H 9H", "8H 9H TH", "7H 8H 9H TH",
                     "7D", extra=["take"])
    assert legal(game) == want
    game.apply("play 9h 7H 8H")
    assert zone(game, "trick") == lead.split() + ["7H", "8H", "9H"]
    assert game.to_act == 1 and legal(game) == ["take"]  # seat 1: no heart, no trump


@pytest.mark.parametrize("min_run", MIN_RUNS)
def test_MAT_10_single_beats_run_and_run_beats_single(min_run):
    """MAT-10/C-7: a single card may beat a run (JS on 2S 3S 4S) and a run may beat a
    single card (7H 8H [9H] on 6H)."""
    game, expect = mattis_game(SEQ, seq(min_run))
    game.apply("play 2S 3S 4S")
    assert legal(game) == plays("JS", "7D", extra=["take"])
    game.apply("play JS")
    assert zone(game, "trick") == ["2S", "3S", "4S", "JS"]
    game, expect = mattis_game(SEQ, seq(min_run))
    game.apply("play 6H")
    runs = [f"play {r}" for r in runs_of(A_SEQ, min_run)]
    assert legal(game) == sorted(plays("7H", "8H", "9H", "TH", "7D", extra=["take"]) + runs)
    assert ("play 7H 8H" in runs) == (min_run == 2) and "play 7H 8H 9H" in runs


@pytest.mark.parametrize("min_run", MIN_RUNS)
def test_MAT_11_taking_from_a_bottom_run_takes_only_its_lowest_card(min_run):
    """MAT-11: the bottom play is a run: the taker gets only its lowest card and the rest
    stays on the table (with min_run 2, one card; with 3, 5H 6H: shorter than min_run);
    the next player must beat it; a take that empties the trick ends it (C-7)."""
    game, expect = mattis_game(SEQ, seq(min_run))
    lead = ["5H", "6H"] if min_run == 2 else ["4H", "5H", "6H"]
    game.apply("play " + " ".join(lead))
    game.apply("take")                                   # seat 0 could beat: voluntary
    assert hands(game)[0] == srt(A_SEQ + [lead[0]])
    assert zone(game, "trick") == lead[1:]
    assert game.to_act == 1 and legal(game) == ["take"]
    game.apply("take")
    assert hands(game)[1] == srt(B_SEQ + [lead[1]])
    if min_run == 2:
        assert zone(game, "trick") == [] and game.to_act == 2   # emptied: left of taker
        assert legal(game) == lead_options([c for c in expect[2] if c not in lead], 2)
    else:
        assert zone(game, "trick") == ["6H"] and game.to_act == 2
        g = [c for c in expect[2] if c not in lead]
        assert legal(game) == sorted(beating_plays(g, ["6H"], "D", 3) + ["take"])


@pytest.mark.parametrize("min_run", MIN_RUNS)
def test_MAT_11_the_rest_of_a_taken_run_stays_one_play(min_run):
    """MAT-11 + C-7 `trick_count: plays_on_table`: after seat 0 takes 4H from 4H 5H 6H,
    5H 6H is still one play: with QH on it there are 2 plays on the table (< 3 seats),
    so the trick goes on; KH makes 3 and completes it."""
    game, expect = mattis_game(SEQ_QH, seq(min_run, trick_count="plays_on_table"))
    play(game, "play 4H 5H 6H", "take")
    assert zone(game, "trick") == ["5H", "6H"] and game.to_act == 1
    assert legal(game) == plays("QH", extra=["take"])
    game.apply("play QH")
    d = game.dump()
    assert d["zones"]["trick"] == ["5H", "6H", "QH"] and d["zones"]["out"] == []
    assert d["to_act"] == 2
    game.apply("play KH")
    d = game.dump()
    assert d["zones"]["trick"] == []
    assert sorted(d["zones"]["out"]) == srt(["5H", "6H", "QH", "KH"])
    assert d["to_act"] == 2


@pytest.mark.parametrize("min_run", MIN_RUNS)
def test_MAT_11_take_is_the_bottom_card_not_the_unbroken_run(min_run):
    """MAT-11: 6H then the run 7H 8H [9H] on it: the taker gets 6H only (in Mattis the
    taker takes the lowest card, whatever lies on it)."""
    game, expect = mattis_game(SEQ, seq(min_run))
    run = ["7H", "8H"] if min_run == 2 else ["7H", "8H", "9H"]
    play(game, "play 6H", "play " + " ".join(run), "take")
    assert hands(game)[1] == srt(B_SEQ + ["6H"])
    assert zone(game, "trick") == run and game.to_act == 2


# ---------------------------------------------------------------------------------------
# Norwegian Mattis: reach phase 2 with chosen hands

def norsk_plan(won0, won1, kept1, h0=("2D", "2H", "2S"), h2=("AC", "AH", "AS"),
               trump_card="KD"):
    """3 players, dealer 2 (NOR-2: seat 0 leads to seat 1). ``won0``/``won1``: the pairs
    (winner's card, loser's card) seats 0 and 1 win; ``kept1``: seat 1's dealt cards,
    which it never plays and keeps.

    Phase 1 as planned (reasoned from the rules):
    * 21 two-card tricks played with `stock` only (42 actions, NOR-6 / C-5; hands never
      shrink, nobody draws). NOR-3: the winner leads to its left: seat 0 wins its pairs
      leading to seat 1; seat 1 wins one trick against seat 0's lead, then leads to seat 2;
      seat 2 wins the first of its tricks against seat 1's lead and keeps leading to seat 0.
      No two cards of a trick have the same rank (no krig, NOR-4).
    * The stock then holds only the trump card: `stock` is illegal. Seat 2 leads its
      three dealt cards (the aces) to seat 0, who answers with its 2s: seat 2 wins all
      three; after the first it would draw and sets the last stock card aside (NOR-7).
    * Then only seat 1 holds cards: phase 1 ends (NOR-8); seat 1 keeps ``kept1``.
    * Phase 2 (NOR-9): seat 0 holds won0, seat 1 won1 + kept1, seat 2 the rest (with the
      trump card); seat 2, the trump card's holder, leads.
    """
    won_cards = [c for p in list(won0) + list(won1) for c in p]
    fixed = list(h0) + list(h2) + list(kept1) + won_cards + [trump_card]
    assert len(set(fixed)) == len(fixed)
    rest = sorted((c for c in PACK if c not in fixed), key=rank, reverse=True)
    r = 21 - len(won0) - len(won1)
    assert len(rest) == 2 * r and r >= 1 and won1
    plan = [(0, p) for p in won0] + [(1, p) for p in won1] + \
           [(2, (rest[i], rest[r + i])) for i in range(r)]
    stock, leader = [], 0
    for w, (wc, lc) in plan:
        assert rank(wc) > rank(lc), (wc, lc)
        answerer = (leader + 1) % 3
        assert w in (leader, answerer)
        stock += [wc, lc] if w == leader else [lc, wc]
        leader = w
    assert leader == 2
    assert all(rank(x) > rank(y) for x, y in zip(h2, h0))
    deck = build_deck(3, 2, [list(h0), list(kept1), list(h2)], stock, trump_card)
    actions = ["stock"] * 42
    for x, y in zip(h2, h0):
        actions += [f"play {x}", f"play {y}"]
    e0 = srt(c for p in won0 for c in p)
    e1 = srt([c for p in won1 for c in p] + list(kept1))
    return deck, actions, [e0, e1, srt(c for c in PACK if c not in e0 + e1)]


NOR = dict(won0=(("8S", "7S"), ("9S", "5H")), won1=(("QC", "5C"), ("JC", "6C")),
           kept1=("2C", "3C", "4C"))
A_NOR = srt(["8S", "7S", "9S", "5H"])
B_NOR = srt(["QC", "5C", "JC", "6C", "2C", "3C", "4C"])


@functools.lru_cache(maxsize=None)
def _norsk_plan():
    return norsk_plan(**NOR)


def norsk_game(options=None):
    deck, actions, expect = _norsk_plan()
    game = rules(NORSK, options).new_game(players=3, deck=deck, dealer=2)
    play(game, *actions)
    return game, expect


def test_NOR_sequences_fixture_reaches_phase_2_as_planned():
    """NOR-8/NOR-9 (the position the NOR-11/NOR-12 tests use): seat 1 alone holds cards,
    phase 2 starts, the trump card KD joins seat 2's hand and seat 2 leads."""
    game, expect = norsk_game()
    d = game.dump()
    assert d["phase"] == "shed" and d["to_act"] == 2 and d["vars"]["trump"] == "D"
    assert hands(game) == expect
    assert expect[0] == A_NOR and expect[1] == B_NOR and "KD" in expect[2]


def test_NOR_12_sequences_are_off_by_default():
    """NOR-12: runs are optional and off by default: only single cards are plays."""
    game, expect = norsk_game()
    assert legal(game) == lead_options(expect[2])
    with pytest.raises(rulekit.IllegalAction):
        game.apply("play 5S 6S")


@pytest.mark.parametrize("min_run", MIN_RUNS)
def test_NOR_12_runs_of_min_run_or_more_with_sequences_on(min_run):
    """NOR-12/C-7: with sequences on, every run of min_run or more cards may be led (with
    min_run 3, two-card runs are not offered)."""
    game, expect = norsk_game(seq(min_run))
    options = lead_options(expect[2], min_run)
    assert legal(game) == options
    assert ("play 5S 6S" in options) == (min_run == 2)
    assert "play 4S 5S 6S" in options


@pytest.mark.parametrize("min_run", MIN_RUNS)
def test_NOR_11_taker_takes_the_whole_bottom_run_as_played(min_run):
    """NOR-11: seat 2 leads a spade run, seat 0 beats it with a run (NOR-10: seat 0 can
    beat, so it may not take), seat 1 cannot beat and takes the whole bottom run as it
    was played, and no more (not seat 0's run on it, unlike ATL-8)."""
    game, expect = norsk_game(seq(min_run))
    lead = ["5S", "6S"] if min_run == 2 else ["4S", "5S", "6S"]
    game.apply("play " + " ".join(lead))
    assert game.to_act == 0
    if min_run == 2:
        assert legal(game) == plays("7S", "8S", "9S", "7S 8S", "8S 9S", "7S 8S 9S")
        answer = ["7S", "8S"]
    else:
        assert legal(game) == plays("7S", "8S", "9S", "7S 8S 9S")
        answer = ["7S", "8S", "9S"]
    game.apply("play " + " ".join(answer))
    assert game.to_act == 1 and legal(game) == ["take"]
    game.apply("take")
    assert hands(game)[1] == srt(B_NOR + lead)
    assert zone(game, "trick") == answer
    assert game.to_act == 2


@pytest.mark.parametrize("min_run", MIN_RUNS)
def test_NOR_11_a_single_bottom_play_is_taken_alone(min_run):
    """NOR-11: the bottom play is the single 6S, a run lies on it that continues it
    (7S 8S [9S]): the taker takes the first play only, 6S."""
    game, expect = norsk_game(seq(min_run))
    answer = ["7S", "8S"] if min_run == 2 else ["7S", "8S", "9S"]
    play(game, "play 6S", "play " + " ".join(answer), "take")
    assert hands(game)[1] == srt(B_NOR + ["6S"])
    assert zone(game, "trick") == answer and game.to_act == 2
