"""The score panel and the result in words (issue 33): `score: true` on a per-seat number
(tests/toys/scores.yaml), the panel built from a seat's view at the web table and the
terminal, the result told to each seat, and Hearts' match totals over one hand."""
import json
import random
import warnings
from pathlib import Path

import pytest

import rulekit
from rulekit.runtime.actions import Result
from rulekit.play.scores import panel_line, result_words, score_panel
from rulekit.web.page import page_state

TOYS = Path(__file__).parent / "toys"
TOY = str(TOYS / "scores.yaml")
# dealt one at a time from the dealer's (seat 1's) left: seat 0 gets 6R 2B, seat 1 1B 5R
DECK = "6R 1B 2B 5R 3R 4B 1R 2R 3B 4R 5B 6B"
SEATS = [{"who": "person", "here": True}, {"who": "random", "here": True}]


def toy_game():
    return rulekit.load(TOY).new_game(deck=DECK.split(), dealer=1)


def play(game, text):
    game.apply(next(a for a in game.listed_actions(game.to_act) if str(a) == text))


# ---- the language ----------------------------------------------------------------------

def test_score_true_is_declared_in_the_schema_and_read_by_the_compiler():
    rules = rulekit.load(TOY)
    assert [n for n, d in rules.vars.items() if d.score] == ["points", "reds"]
    assert not rules.vars["plays"].score


@pytest.mark.parametrize("decl, what", [
    ("{type: int, init: 0, score: true}", "int of the game"),
    ("{type: bool, per: seat, init: false, score: true}", "bool of the seat"),
])
def test_a_score_that_is_not_a_number_of_each_seat_is_refused_at_its_place(tmp_path,
                                                                           decl, what):
    text = TOYS.joinpath("scores.yaml").read_text().replace(
        "plays:  {type: int, init: 0}", "plays:  {type: int, init: 0}\n  bad: " + decl)
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("  bad:"))
    col = text.splitlines()[line - 1].index("score") + 8       # the value of `score:`
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load(str(path))
    message = str(info.value)
    assert f"bad.yaml:{line}:{col}: error: variable 'bad': `score: true` needs a number " \
           f"of each seat (`type: int`, `per: seat`); this one is {what}" in message, message


def test_score_must_be_true_or_false_in_the_schema(tmp_path):
    text = TOYS.joinpath("scores.yaml").read_text().replace("score: true, doc: \"points\"",
                                                            "score: 1, doc: \"points\"")
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load(str(path))
    assert "bad.yaml:14:" in str(info.value) and "score" in str(info.value)


# ---- the panel from a seat's view ------------------------------------------------------

def test_the_panel_shows_each_seat_what_its_view_holds():
    g = toy_game()
    play(g, "play 6R")                 # seat 0: 6 points, one red
    play(g, "play 1B")                 # seat 1: 1 point, no red
    mine = score_panel(g.rules, g.view(0), 0)
    assert mine["columns"] == ["points", "red cards (secret)"]
    assert mine["rows"] == [{"seat": 0, "you": True, "values": [6, 1]},
                            {"seat": 1, "you": False, "values": [1, "?"]}]
    theirs = score_panel(g.rules, g.view(1), 1)
    assert theirs["rows"] == [{"seat": 0, "you": False, "values": [6, "?"]},
                              {"seat": 1, "you": True, "values": [1, 0]}]
    watching = score_panel(g.rules, g.spectator_view(), None)
    assert [r["values"] for r in watching["rows"]] == [[6, "?"], [1, "?"]]
    state = page_state(g, 1, [], SEATS, 2)
    assert state["scores"] == theirs and state["result_words"] is None


def test_a_wide_panel_line_is_shortened_to_fit():
    panel = {"columns": ["match totals"],
             "rows": [{"seat": s, "you": s == 2, "values": [10 * s]} for s in range(7)]}
    assert panel_line(panel) == ["  match totals: you 20, 0: 0, 1: 10, 3: 30, 4: 40, 5: 50, "
                                 "6: 60"]
    panel["rows"] = panel["rows"][:3]
    assert panel_line(panel) == ["  match totals: you 20, seat 0 0, seat 1 10"]


def test_no_panel_without_a_marked_score():
    g = rulekit.load(str(TOYS / "coin.yaml")).new_game(seed=1)
    assert page_state(g, 0, [], SEATS, 0)["scores"] is None


def test_the_toy_ends_with_the_result_in_words_for_each_seat():
    g = toy_game()
    for text in ("play 6R", "play 5R", "play 2B", "play 1B"):
        play(g, text)                  # seat 0: 6 + 2 = 8, seat 1: 5 + 1 = 6
    assert g.finished
    assert page_state(g, 0, [], SEATS, 4)["result_words"] == "you won, 2 points ahead"
    assert page_state(g, 1, [], SEATS, 4)["result_words"] == \
        "you lost: seat 0 won with 8 points"
    assert page_state(g, None, [], SEATS, 4)["result_words"] is None


def test_the_terminal_shows_the_scores_under_the_header_and_the_words_at_the_end(
        capsys, monkeypatch):
    from test_table import play_typing
    code, out, err = play_typing(capsys, monkeypatch,
                                 ["play", TOY, "--human", "0", "--agent", "all=random",
                                  "--seed", "1", "--deck", DECK, "--dealer", "1", "--ascii"],
                                 "play 6R\nplay 2B\n")
    assert code == 0, err
    lines = out.splitlines()
    head = lines.index("seat 0 | phase main")
    assert lines[head + 1:head + 3] == ["  points: you 0, seat 1 0",
                                        "  red cards (secret): you 0, seat 1 ?"]
    # seat 1 played one of 1B 5R after 6R, the other after 2B: 6 points in all
    assert "  points: you 6, seat 1 5" in lines or "  points: you 6, seat 1 1" in lines
    assert lines[-1] == "You won, 2 points ahead."
    assert lines[-3].split() == ["you", "8", "1"] and lines[-2].split()[:3] == ["seat", "1", "6"]


# ---- the result in words ----------------------------------------------------------------

def finished(**fields):
    return Result(status="finished", loser=None, **fields)


def test_the_words_of_a_loser_only_game():
    """Only the loser is named (end_game: {loser: ...}): the others did not lose."""
    r = finished(ranking=[[0, 1, 3], [2]], winners=[0, 1, 3], losers=[2])
    assert [result_words(r, s) for s in range(4)] == [
        "you are not the loser", "you are not the loser", "you lost", "you are not the loser"]
    two = finished(ranking=[[1], [0]], winners=[1], losers=[0])
    assert [result_words(two, s) for s in range(2)] == ["you lost: seat 1 won", "you won"]


def test_the_words_of_a_draw_a_tie_and_one_seat():
    assert result_words(finished(ranking=[[0, 1]], draw=True), 1) == "a draw"
    tie = finished(ranking=[[0, 2], [1]], winners=[0, 2], losers=[1], scores=[9, 4, 9])
    assert result_words(tie, 2) == "you won, tied with seat 0, 5 points ahead"
    assert result_words(tie, 1) == "you lost: seats 0 and 2 won with 9 points"
    assert result_words(finished(ranking=[[0]], winners=[0]), 0) == "you won"
    assert result_words(finished(ranking=[[0]], losers=[0]), 0) == "you lost"
    assert result_words(finished(ranking=[[0]], winners=[0]), None) is None


# ---- Hearts: one hand to a target of 1 --------------------------------------------------

def test_HRT_11_the_panel_holds_the_match_totals_and_the_lowest_total_wins():
    """HRT-11: each hand's points are added to the match totals; with target 1 the game
    ends after the first hand (someone takes a point) and the lowest total wins. Every
    state a seat gets over the websocket carries the panel: one row per seat, the seat's
    own marked; at the end the words follow from the totals on the panel."""
    pytest.importorskip("starlette")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from test_web import client, make_table, play_over_socket
    import test_web
    c, server = client()
    states = []
    real = test_web.until_state

    def keep(ws, pred=lambda m: True):
        m = real(ws, pred)
        states.append(m)
        return m
    test_web.until_state = keep
    try:
        with c:
            tid, tokens = make_table(c, "hearts", ["person", "random", "random", "random"],
                                     {"target": 1})
            end = play_over_socket(c, tid, tokens[0], random.Random(5), spectator=False)
    finally:
        test_web.until_state = real
    assert server.errors == []
    assert end["finished"] and states
    seen_hand = []
    for s in states:
        assert s["scores"]["columns"] == ["points taken this hand", "match totals"]
        assert [(r["seat"], r["you"]) for r in s["scores"]["rows"]] == \
            [(0, True), (1, False), (2, False), (3, False)]
        seen_hand.append(sum(r["values"][0] for r in s["scores"]["rows"]))
    assert seen_hand == sorted(seen_hand) and seen_hand[0] == 0   # HRT-9: it only grows
    hand = [r["values"][0] for r in end["scores"]["rows"]]
    totals = [r["values"][1] for r in end["scores"]["rows"]]
    assert sum(hand) == 26                  # HRT-9: 13 hearts and the queen of spades
    assert sum(totals) in (26, 78)          # 26 points a hand; shooting the moon: 3 x 26
    if sum(totals) == 26:                   # one hand played (target 1): its points
        assert totals == hand
    low = min(totals)
    others = sorted(t for s, t in enumerate(totals) if s != 0)
    if totals[0] == low and others[0] > low:
        assert end["result_words"] == f"you won, {others[0] - low} point" \
            f"{'' if others[0] - low == 1 else 's'} ahead"
    elif totals[0] == low:
        assert end["result_words"].startswith("you won, tied with")
    elif totals[0] == max(totals):
        assert end["result_words"].startswith("you lost: seat")
        assert end["result_words"].endswith(f"won with {low} point{'' if low == 1 else 's'}")
    else:
        assert end["result_words"].startswith("you came ")
    assert json.dumps(end)                  # the message is plain JSON


def test_a_ruleset_names_the_unit_of_its_scores_in_the_result_words():
    """``score_unit`` (docs/language.md): results say the ruleset's word, singular for
    one, its plural (``s`` added, or the one written after ``|``) otherwise; HLD-18's
    results are chips won or lost."""
    from rulekit.lang.wording import score_unit
    holdem = rulekit.load("holdem")
    assert holdem.score_unit == ("chip", "chips")
    assert rulekit.load("hearts").score_unit == ("point", "points")
    assert score_unit("man|men") == ("man", "men") and score_unit(None) == ("point", "points")
    result = Result(status="finished", loser=None, winners=[1], losers=[0, 2], ranking=[[1], [0], [2]],
                    scores=[-40, 90, -50])
    assert result_words(result, 1, unit=holdem.score_unit) == "you won, 130 chips ahead"
    assert result_words(result, 0, unit=holdem.score_unit) == \
        "you lost: seat 1 won with 90 chips"
    one = Result(status="finished", loser=None, winners=[0], losers=[1], ranking=[[0], [1]],
                 scores=[1, 0])
    assert result_words(one, 0, unit=("man", "men")) == "you won, 1 man ahead"
    assert result_words(one, 1, unit=("man", "men")) == "you lost: seat 0 won with 1 man"


@pytest.mark.parametrize("unit", ["", "3 points", "chip|", "a|b|c", "x" * 30])
def test_a_score_unit_that_is_not_a_word_is_refused_with_its_place(tmp_path, unit):
    toy = (TOYS / "scores.yaml").read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(toy.replace("\ntitle:", f"\nscore_unit: {json.dumps(unit)}\ntitle:", 1))
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load(str(bad))
    assert "score_unit" in str(err.value) and "is not a unit's word" in str(err.value)
