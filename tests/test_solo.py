"""Games of one seat (tests/toys/solo.yaml, a patience: turn cards from the stock, stop
between 10 and 12 to win): the result of a seat alone is a win, a loss or a score, in
the outcome, the words, the dump, a record's replay and ``simulate`` (docs/language.md,
"One seat")."""
import subprocess
import sys
from pathlib import Path

import pytest

import rulekit
from rulekit.outcome import describe, make, places, single

TOY = Path(__file__).parent / "toys" / "solo.yaml"
PACK = [f"{r}{s}" for s in "RB" for r in "123456"]


def deck(*top):
    """The deck, top first: ``top`` then the rest of the pack."""
    return list(top) + [c for c in PACK if c not in top]


def finish(form: str, *turned):
    """A game in which the player turns the cards ``turned`` (the top of the deck), then
    stops (unless the last one went past 12)."""
    game = rulekit.load(str(TOY), {"form": form}).new_game(deck=deck(*turned), dealer=0)
    for _ in turned:
        game.apply("turn")
    if not game.finished:
        game.apply("stop")
    assert game.finished
    return game


# ---- as data ---------------------------------------------------------------------------

@pytest.mark.parametrize("form, draw, want", [
    ({"winner": 0}, False, "win"), ({"loser": 0}, False, "loss"),
    ({"winners": [0]}, False, "win"), ({"winners": []}, False, "loss"),
    ({"losers": [0]}, False, "loss"), ({"losers": []}, False, "win"),
    ({"winners": [], "losers": []}, False, "loss"),
    ({"scores": [7]}, False, "score"), ({"winner": 0, "scores": [7]}, False, "win"),
    ({}, True, None), ({"ranking": [0]}, False, None)])
def test_how_each_form_reads_for_a_seat_alone(form, draw, want):
    assert single(form, draw) == want


def test_a_seat_alone_wins_loses_or_scores_in_the_record_and_the_words():
    win = make(places(1, winner=0), alone="win")
    assert (win["winners"], win["losers"], win["draw"], win["returns"]) == ([0], [], False, [1.0])
    assert describe(win) == "seat 0 wins"
    loss = make(places(1, loser=0), alone="loss")
    assert (loss["winners"], loss["losers"], loss["draw"], loss["returns"]) == \
        ([], [0], False, [-1.0])
    assert describe(loss) == "seat 0 loses"
    score = make(places(1, scores=[23]), [23], alone="score")
    assert (score["winners"], score["losers"], score["draw"], score["returns"]) == \
        ([], [], False, [23.0])
    assert describe(score) == "seat 0 scores 23 points"
    assert make(places(1, scores=[23]), [23], alone="score", lowest=True)["returns"] == [-23.0]
    assert describe(make(places(1, winner=0), [5], alone="win")) == "seat 0 wins with 5 points"
    draw = make(places(1, draw=True))
    assert draw["draw"] and describe(draw) == "the game is a draw"


# ---- in a game ---------------------------------------------------------------------------

@pytest.mark.parametrize("form", ["winner", "winners", "losers", "beside", "teams"])
def test_a_made_target_is_a_win(form):
    game = finish(form, "6R", "5R")                 # 6 + 5 = 11: between 10 and 12
    res = game.result
    assert (res.winners, res.losers, res.draw, res.returns) == ([0], [], False, [1.0])
    assert res.loser is None and res.words().startswith("seat 0 wins") or \
        res.words().startswith("team 0 (seat 0) wins")
    o = game.dump()["outcome"]
    assert o["winners"] == [0] and o["draw"] is False and o["returns"] == [1.0]


@pytest.mark.parametrize("form, turned", [("winner", ("6R", "6B", "1R")),   # 13: past 12
                                          ("winners", ("2R",)), ("losers", ("6R", "1R")),
                                          ("loser", ("6R", "5R"))])
def test_a_missed_target_is_a_loss(form, turned):
    res = finish(form, *turned).result
    assert (res.winners, res.losers, res.draw, res.returns) == ([], [0], False, [-1.0])
    assert res.loser == 0 and res.words() == "seat 0 loses"


def test_a_score_alone_is_neither_a_win_nor_a_loss():
    res = finish("scores", "6R", "3B").result             # 6 + 3
    assert (res.winners, res.losers, res.draw, res.scores, res.returns) == \
        ([], [], False, [9], [9.0])
    assert res.words() == "seat 0 scores 9 points"
    assert finish("lowest", "6R", "3B").result.returns == [-9.0]
    beside = finish("beside", "6R", "5R").result
    assert beside.words() == "seat 0 wins with 11 points" and beside.scores == [11]


def test_a_draw_of_a_seat_alone_stays_a_draw():
    for form in ("draw", "ranking"):
        res = finish(form, "6R").result
        assert res.draw and res.winners == [] == res.losers and res.returns == [0.0]


def test_simulate_counts_wins_and_losses_of_a_seat_alone():
    res = rulekit.simulate(str(TOY), games=150, seed=2, jobs=1)
    f = res.figures[1]
    seat = f["seats"][0]
    assert f["finished"] == 150 and f["draws"] == 0 and seat["draw"]["count"] == 0
    assert seat["win"]["count"] > 0 and seat["loss"]["count"] > 0
    assert seat["win"]["count"] + seat["loss"]["count"] == 150
    text = res.text()
    assert "0 drawn" in text and f"{100 * seat['win']['rate']:.1f}%" in text
    assert "\n1 player: 150 finished" in text and "1 players" not in text


def test_a_record_of_a_win_alone_replays(tmp_path):
    import json
    import shutil
    shutil.copy(TOY, tmp_path / "solo.yaml")
    for seed in range(1, 12):       # a seed whose random player wins
        rec = tmp_path / f"r{seed}.json"
        out = subprocess.run([sys.executable, "-m", "rulekit", "play", "solo.yaml", "--seed",
                              str(seed), "--record", str(rec), "--quiet"], cwd=tmp_path,
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        if "seat 0 wins" in out.stdout:
            break
    else:
        pytest.fail("no seed in 1..11 wins")
    assert json.loads(rec.read_text(encoding="utf-8"))["outcome"]["returns"] == [1.0]
    again = subprocess.run([sys.executable, "-m", "rulekit", "replay", str(rec)],
                           cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr + again.stdout
