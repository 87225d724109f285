"""Matches on their own, in a toy game (tests/toys/match.yaml): several hands in one
game, the dealer moving (`set: dealer = ...`), `new_hand` (the hand number, every seat
back in, the transcript's mark), scores carried over to a target."""
import io
import json
import random
import shutil
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

import rulekit
from rulekit.play.session import step
from rulekit.play.transcript import Transcript

TOY = Path(__file__).parent / "toys" / "match.yaml"


def play(rules, players, seed, transcript=False):
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    out = io.StringIO()
    seen = []                                   # (hand_no, dealer, seat to act) per decision
    with redirect_stdout(out):
        t = Transcript(game) if transcript else None
        while not game.finished:
            seen.append((game.evaluate("hand_no"), game.dealer, game.to_act))
            step(game, rng.choice(game.legal_actions()), t)
    return game, seen, out.getvalue().splitlines()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hands_follow_one_another_with_the_deal_moving_left(players):
    rules = rulekit.load(str(TOY))
    for seed in range(6):
        game, seen, _ = play(rules, players, seed)
        res = game.result
        assert res.status == "finished", res.message
        first_dealer = seen[0][1]
        hands = seen[-1][0]
        for k in range(1, hands + 1):
            in_hand = [(d, s) for h, d, s in seen if h == k]
            assert len(in_hand) == players                     # one play each
            dealer = (first_dealer + k - 1) % players          # left = next seat
            assert {d for d, _ in in_hand} == {dealer}
            assert [s for _, s in in_hand] == [(dealer + i) % players
                                               for i in range(1, players + 1)]
        points = [game.evaluate("points[s]", s=s) for s in range(players)]
        assert sum(points) == hands and max(points) == 3       # one point a hand, to 3
        assert res.scores == points and res.winners == [points.index(3)]
        total = len(game.z["table"]) + sum(map(len, game.z["hand"])) + len(game.z["deck"])
        assert total == len(rules.pack)


def test_the_transcript_marks_each_hand():
    game, seen, lines = play(rulekit.load(str(TOY)), 3, 2, transcript=True)
    marks = [ln for ln in lines if ln.startswith("  == hand ")]
    hands = seen[-1][0]
    assert marks == [f"  == hand {k}, dealer seat {(seen[0][1] + k - 1) % 3} =="
                     for k in range(2, hands + 1)]
    assert sum("takes hand" in ln for ln in lines) == hands


def test_a_new_hand_brings_every_seat_back_in(tmp_path):
    text = TOY.read_text(encoding="utf-8").replace(
        "              - set: dealer = left_of(dealer)\n",
        "              - out: \"0\"\n              - set: dealer = left_of(dealer)\n")
    f = tmp_path / "m.yaml"
    f.write_text(text, encoding="utf-8")
    rules = rulekit.load(str(f))
    game = rules.new_game(players=3, seed=1)
    rng = random.Random(1)
    hands = 0
    while not game.finished:
        assert game.inplay == [True] * 3 and game.out_order == []
        hands = max(hands, game.hand_no)
        game.apply(rng.choice(game.legal_actions()))
    assert game.result.status == "finished" and hands >= 3


@pytest.mark.parametrize("old, new, words", [
    ("set: dealer = left_of(dealer)", "set: dealer[0] = 1", "the dealer is one seat"),
    ("set: dealer = left_of(dealer)", "set: dealer = 'x'", "expected seat, but this is str"),
    ("new_hand: true", "new_hand: false", "new_hand"),
])
def test_match_constructs_are_checked(tmp_path, old, new, words):
    f = tmp_path / "m.yaml"
    f.write_text(TOY.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    with pytest.raises(rulekit.RulesetError) as exc:
        rulekit.load(str(f))
    assert words in str(exc.value) and "m.yaml:" in str(exc.value)


def test_a_dealer_that_is_not_a_seat_stops_the_game(tmp_path):
    f = tmp_path / "m.yaml"
    f.write_text(TOY.read_text(encoding="utf-8").replace(
        "set: dealer = left_of(dealer)", "set: dealer = dealer + 7"), encoding="utf-8")
    game, _, _ = play(rulekit.load(str(f)), 3, 0)
    assert game.result.status == "aborted"
    assert "not a seat of this game (0 to 2)" in game.result.message


def test_a_record_of_a_match_replays_byte_for_byte(tmp_path):
    shutil.copy(TOY, tmp_path / "match.yaml")
    run = [sys.executable, "-m", "rulekit"]
    rec = tmp_path / "r.json"
    played = subprocess.run(run + ["play", "match.yaml", "--seed", "4", "--players", "3",
                                   "--record", str(rec), "--json"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    assert len(json.loads(rec.read_text())["actions"]) >= 9        # three hands at least
    again = subprocess.run(run + ["replay", str(rec), "--json"], cwd=tmp_path,
                           capture_output=True, text=True, timeout=120)
    assert again.returncode == 0 and again.stdout == played.stdout


def test_each_hand_shows_its_deal_as_the_viewer_may_see_it():
    game, seen, lines = play(rulekit.load(str(TOY)), 3, 2, transcript=True)
    marks = [i for i, ln in enumerate(lines) if ln.startswith("  == hand ")]
    assert marks
    for i in marks:                         # the all-seeing transcript: every seat's card
        assert [ln.split(" is dealt ")[0] for ln in lines[i + 1:i + 4]] == \
            ["  seat 0", "  seat 1", "  seat 2"]
    rules = rulekit.load(str(TOY))
    game = rules.new_game(players=3, seed=2)
    out = io.StringIO()
    rng = random.Random(2)
    with redirect_stdout(out):
        t = Transcript(game, viewer=1)
        while not game.finished:
            step(game, rng.choice(game.legal_actions()), t)
    dealt = [ln for ln in out.getvalue().splitlines() if " is dealt " in ln]
    assert dealt and all(ln.startswith("  seat 1 is dealt") for ln in dealt)


def test_a_card_reshuffled_then_drawn_is_not_picked_up_from_the_table():
    # Crazy Eights rebuilds its stock from the discard pile: a card drawn from it was
    # shuffled face down first, so nobody saw it go into the hand
    for seed in (1, 2, 3):
        game = rulekit.load("crazy_eights").new_game(players=3, seed=seed)
        out = io.StringIO()
        rng = random.Random(seed)
        rebuilt = 0
        with redirect_stdout(out):
            t = Transcript(game, viewer=0)
            while not game.finished:
                rebuilt += not game.z["stock"]
                step(game, rng.choice(game.legal_actions()), t)
        assert "picks up" not in out.getvalue()
    assert rebuilt
