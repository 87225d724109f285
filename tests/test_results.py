"""Results (rulekit.outcome and end_game's forms), on their own in a toy game
(tests/toys/results.yaml: each seat plays one card, its rank is its score): places with
ties, winners and losers, scores, a draw, the returns vector, a ruleset's own
``returns:``, the words, and what the greedy agent does with returns."""
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rulekit
from cli_run import cli
from ruleset_positions import load_rules
from rulekit.outcome import (OutcomeError, default_returns, describe, make, places,
                             team_places)
from rulekit.play.agents import GreedyAgent

TOY = Path(__file__).parent / "toys" / "results.yaml"
FORMS = ["loser", "winner", "winners", "losers", "both", "ranking", "ties", "scores",
         "lowest", "draw", "beside", "team_winner", "team_scores", "team_ranking"]


# ---- places and returns as data ------------------------------------------------------

@pytest.mark.parametrize("kw, want", [
    ({"loser": 2}, [[0, 1, 3], [2]]),
    ({"winner": 1}, [[1], [0, 2, 3]]),
    ({"winners": [2, 0]}, [[0, 2], [1, 3]]),
    ({"losers": [3]}, [[0, 1, 2], [3]]),
    ({"winners": [0], "losers": [1]}, [[0], [2, 3], [1]]),
    ({"winners": [0, 1, 2, 3]}, [[0, 1, 2, 3]]),
    ({"ranking": [3, [1, 0], 2]}, [[3], [0, 1], [2]]),
    ({"ranking": [[], 1, 0, 2, 3]}, [[1], [0], [2], [3]]),
    ({"scores": [5, 9, 5, 1]}, [[1], [0, 2], [3]]),
    ({"scores": [5, 9, 5, 1], "lowest": True}, [[3], [0, 2], [1]]),
    ({"scores": [2, 2, 2, 2]}, [[0, 1, 2, 3]]),
    ({"draw": True}, [[0, 1, 2, 3]]),
])
def test_places_of_each_form(kw, want):
    assert places(4, **kw) == want


@pytest.mark.parametrize("kw, words", [
    ({"loser": 4}, "the loser 4 is not a seat"),
    ({"loser": True}, "not a seat"),
    ({"winners": 2}, "winners must be a list of seats"),
    ({"winners": [0, 0]}, "names a seat twice"),
    ({"winners": [0], "losers": [0]}, "seat 0 is among both"),
    ({"ranking": [0, 1, 2]}, "leaves out seat 3"),
    ({"ranking": [0, [1, 0], 2, 3]}, "names seat 0 twice"),
    ({"ranking": "0 1 2 3"}, "must be a list"),
    ({"scores": [1, 2, 3]}, "one number per seat (4)"),
    ({"scores": [1, 2, 3, "x"]}, "one number per seat"),
    ({}, "say how the game came out"),
    ({"loser": 0, "winner": 1}, "give one way the game came out, not loser and winner"),
    ({"ranking": [0, 1, 2, 3], "winners": [0]}, "not ranking and winners and losers"),
])
def test_places_refuses_what_does_not_place_every_seat_once(kw, words):
    with pytest.raises(OutcomeError, match=None) as exc:
        places(4, **kw)
    assert words in str(exc.value)


@pytest.mark.parametrize("teams, kw, want", [
    ([[0, 2], [1, 3]], {"winner": 1}, [[1, 3], [0, 2]]),
    ([[0, 2], [1, 3]], {"loser": 1}, [[0, 2], [1, 3]]),
    ([[3], [0, 1], [2]], {"ranking": [2, 0, 1]}, [[2], [3], [0, 1]]),
    ([[0, 3], [1], [2]], {"scores": [10, 30, 10]}, [[1], [0, 2, 3]]),
    ([[0, 3], [1], [2]], {"scores": [10, 30, 10], "lowest": True}, [[0, 2, 3], [1]]),
    ([[0, 1], [2, 3]], {"draw": True}, [[0, 1, 2, 3]]),
])
def test_team_places_give_every_member_its_teams_place(teams, kw, want):
    assert team_places(4, teams, **kw) == want


@pytest.mark.parametrize("teams, kw, words", [
    ([[0, 2], [1]], {"winner": 0}, "the teams leave out seat 3"),
    ([[0, 2], [1, 2, 3]], {"winner": 0}, "seat 2 is in two teams"),
    ([[0, 2], []], {"winner": 0}, "a team has no seats"),
    ([0, 1, 2, 3], {"winner": 0}, "teams must be a list of teams"),
    ([[0, 4], [1, 2, 3]], {"winner": 0}, "is not a seat"),
    ([[0, 2], [1, 3]], {"winner": 2}, "the winner 2 is not a team number (0 to 1)"),
    ([[0, 2], [1, 3]], {"scores": [1, 2, 3]}, "one number per team (2)"),
])
def test_team_places_refuse_teams_that_do_not_group_every_seat_once(teams, kw, words):
    with pytest.raises(OutcomeError) as exc:
        team_places(4, teams, **kw)
    assert words in str(exc.value)


def test_team_outcome_in_words_and_returns():
    groups = team_places(4, [[0, 2], [1, 3]], scores=[120, 40])
    o = make(groups, [120, 40, 120, 40], teams=[[0, 2], [1, 3]])
    assert o["winners"] == [0, 2] and o["losers"] == [1, 3] and o["returns"] == [1, -1, 1, -1]
    assert describe(o) == ("team 0 (seats 0 and 2) wins with 120 points; "
                           "team 1 (seats 1 and 3) is last with 40 points")
    three = make(team_places(6, [[0, 3], [1, 4], [2, 5]], ranking=[2, 0, 1]),
                 teams=[[0, 3], [1, 4], [2, 5]])
    assert three["returns"] == [0.0, -1.0, 1.0, 0.0, -1.0, 1.0]
    assert describe(three) == ("team 2 (seats 2 and 5) wins; then team 0 (seats 0 and 3); "
                               "team 1 (seats 1 and 4) is last")
    assert describe(make(team_places(4, [[0, 2], [1, 3]], winner=0),
                         teams=[[0, 2], [1, 3]])) == "team 0 (seats 0 and 2) wins"


def test_default_returns_hand_checked():
    # first +1, last -1, linear in mean position between, ties share their mean
    assert default_returns([[3], [2], [1], [0]]) == [-1.0, -1 / 3, 1 / 3, 1.0]
    assert default_returns([[3], [0, 1], [2]]) == [0.0, 0.0, -1.0, 1.0]
    # positions 0.5 (a tie of two), 2, 3: seat 2 is 1 - 2 * 1.5 / 2.5 = -0.2
    assert default_returns([[0, 1], [2], [3]]) == [1.0, 1.0, -0.2, -1.0]
    assert default_returns([[0, 1, 3], [2]]) == [1.0, 1.0, -1.0, 1.0]
    assert default_returns([[0, 1, 2]]) == [0.0, 0.0, 0.0]


def test_default_returns_are_the_exact_values_rounded_once():
    """Each return is 1 - 2 (m - first) / (last - first) of the places' mean positions,
    computed exactly and rounded once to a float (never a float computation's error)."""
    from fractions import Fraction
    rng = random.Random(5)
    for n in range(2, 13):
        for _ in range(40):
            seats, groups = rng.sample(range(n), n), []
            while seats:
                k = rng.randint(1, len(seats))
                groups, seats = groups + [seats[:k]], seats[k:]
            means, pos = [], 0
            for g in groups:
                means.append(Fraction(2 * pos + len(g) - 1, 2))
                pos += len(g)
            got = default_returns(groups)
            for g, m in zip(groups, means):
                want = 0.0 if len(groups) < 2 else \
                    float(1 - 2 * (m - means[0]) / (means[-1] - means[0]))
                assert all(got[s] == want for s in g), (groups, got)


def test_outcome_record_and_words():
    o = make(places(4, scores=[23, 4, 10, 10]), [23, 4, 10, 10])
    assert o["winners"] == [0] and o["losers"] == [1] and not o["draw"]
    assert o["ranking"] == [[0], [2, 3], [1]]
    assert describe(o) == ("seat 0 wins with 23 points; then seats 2 and 3 with 10 "
                           "points; seat 1 is last with 4 points")
    assert describe(make(places(3, loser=1))) == "seat 1 loses"
    assert describe(make(places(3, winner=2))) == "seat 2 wins"
    assert describe(make(places(4, winners=[0, 2]))) == "seats 0 and 2 win; seats 1 and 3 lose"
    d = make(places(3, draw=True))
    assert d["winners"] == [] == d["losers"] and d["draw"] and describe(d) == "the game is a draw"


# ---- end_game in a game ------------------------------------------------------------------

def play(form: str, players: int, seed: int, extra: dict | None = None, rules=None):
    rules = rules or load_rules(str(TOY), {"form": form, **(extra or {})})   # (compiled once)
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not game.finished:
        game.apply(rng.choice(game.legal_actions()))
    return game


def expected_places(form: str, scores: list) -> list:
    """What each form of the toy says, worked out here from the scores alone."""
    n = len(scores)
    seats = list(range(n))
    hi, lo = max(scores), min(scores)
    if form == "loser":         # min_by: the first seat with the lowest score
        s = scores.index(lo)
        return [[x for x in seats if x != s], [s]]
    if form == "winner":
        s = scores.index(hi)
        return [[s], [x for x in seats if x != s]]
    if form in ("winners", "losers"):
        pick = [s for s in seats if scores[s] == (hi if form == "winners" else lo)]
        rest = [s for s in seats if s not in pick]
        return [g for g in ((pick, rest) if form == "winners" else (rest, pick)) if g]
    if form == "both":
        return [g for g in ([0], seats[2:], [1]) if g]
    if form == "ranking":       # reverse seat order
        return [[s] for s in reversed(seats)]
    if form == "ties":
        return [[0, 1]] + [[s] for s in seats[2:]]
    if form in ("scores", "lowest"):
        values = sorted(set(scores), reverse=form == "scores")
        return [[s for s in seats if scores[s] == v] for v in values]
    if form == "draw":
        return [seats]
    if form == "beside":
        return [[0], seats[1:]]
    even, odd = seats[0::2], seats[1::2]
    t0, t1 = sum(scores[s] for s in even), sum(scores[s] for s in odd)
    if form == "team_winner":
        return [even, odd] if t0 >= t1 else [odd, even]
    if form == "team_scores":
        return [even, odd] if t0 > t1 else [odd, even] if t1 > t0 else [seats]
    if form == "team_ranking":
        return [odd, even]
    raise AssertionError(form)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_form_places_every_seat_as_it_says(form, players):
    for seed in range(6):
        game = play(form, players, seed)
        res = game.result
        assert res.status == "finished", res.message
        scores = [game.evaluate("score[s]", s=s) for s in range(players)]
        want = expected_places(form, scores)
        assert res.ranking == want
        assert sorted(s for g in res.ranking for s in g) == list(range(players))
        assert res.returns == default_returns(want)
        several = len(want) > 1
        assert res.winners == (want[0] if several else [])
        assert res.losers == (want[-1] if several else [])
        assert res.draw == (not several)
        assert res.loser == (want[-1][0] if several and len(want[-1]) == 1 else None)
        if form.startswith("team"):         # each member carries its team's score
            team = [sum(scores[x] for x in range(s % 2, players, 2)) for s in range(players)]
            assert res.scores == (team if form != "team_winner" else None)
            assert game.outcome["teams"] == [list(range(0, players, 2)),
                                             list(range(1, players, 2))]
        else:
            assert res.scores == (scores if form in ("scores", "lowest", "beside") else None)
            assert "teams" not in game.outcome
        assert res.words()
        ended = [e for e in game.events if e["kind"] == "ended"]
        assert len(ended) == 1 and ended[0]["outcome"]["ranking"] == want


def test_result_of_a_one_loser_game_keeps_its_form():
    # Mattis ends with {loser: S}: the loser last, the others tied first
    game = play("", 4, 3, rules=rulekit.load("mattis"))
    res = game.result
    assert res.loser is not None
    assert res.ranking == [[s for s in range(4) if s != res.loser], [res.loser]]
    assert res.returns[res.loser] == -1.0 and sum(res.returns) == 2.0
    assert res.as_dict() == {"status": "finished", "loser": res.loser,
                             "out_order": res.out_order}


def test_a_rulesets_own_returns(tmp_path):
    f = tmp_path / "own.yaml"
    f.write_text(f"extends: {TOY}\nname: own\nreturns: score[seat] * 10 - 1\n",
                 encoding="utf-8")
    rules = rulekit.load(str(f), {"form": "winner"})
    for seed in range(4):
        game = play("winner", 3, seed, rules=rules)
        scores = [game.evaluate("score[s]", s=s) for s in range(3)]
        assert game.result.returns == [10 * x - 1 for x in scores]


def test_returns_is_checked_as_a_number(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(f"extends: {TOY}\nname: bad\nreturns: seat == 0\n", encoding="utf-8")
    with pytest.raises(rulekit.RulesetError) as exc:
        rulekit.load(str(f))
    assert "bad.yaml:3:10" in str(exc.value) and "bool" in str(exc.value)


@pytest.mark.parametrize("returns, words", [
    ("at(seats(), 7) + 1", "returns: for seat 0: a value of the wrong type"),
    ("score[seat] / 0", "returns: for seat 0: division by zero"),
    ("at(seats(), 7)", "returns: for seat 0 it gives null, not a number"),
])
def test_returns_that_fail_stop_the_game_with_a_message(tmp_path, returns, words):
    f = tmp_path / "bad.yaml"
    f.write_text(f"extends: {TOY}\nname: bad\nreturns: {returns}\n", encoding="utf-8")
    game = play("winner", 3, 0, rules=rulekit.load(str(f), {"form": "winner"}))
    assert game.result.status == "aborted", game.result
    assert game.result.returns is None and words in game.result.message


def test_the_outcome_handed_out_is_a_copy():
    game = play("scores", 3, 1)
    ended = [e for e in game.events if e["kind"] == "ended"][0]
    ended["outcome"]["returns"][0] = 555
    ended["outcome"]["ranking"][0].append(7)
    game.result.ranking[0].append(8)
    game.dump()["outcome"]["returns"][1] = 556
    assert 7 not in game.result.ranking[0] and 8 not in game.result.ranking[0]
    assert 555 not in game.result.returns and 556 not in game.result.returns


@pytest.mark.parametrize("end, words", [
    ("{loser: 0, winner: 1}", "give one way the game came out"),
    ("{ranking: seats(), draw: true}", "give one way the game came out"),
    ("{winners: seats(), best: lowest}", "best says how scores rank the seats"),
    ("{best: lowest}", "best says how scores rank the seats"),
    ("{winner: 9}", "the winner must be a seat (0 to 4), not 9"),
    ("{winner: null, scores: score}", "end_game.winner must be text or a whole number"),
    ("{winner: \"null\", scores: score}", "the winner must be a seat (0 to 4), not null"),
    ("{draw: false}", "draw"),
    ("{ranking: count(seats())}", "expected list, but this is int"),
    ("{scores: true}", "expected list, but this is bool"),
    ("{winners: \"hand[0]\"}", "end_game: winners must be a list of seats, not zone"),
    ("{scores: \"hand[0]\"}", "end_game: scores must be a list of numbers, not zone"),
])
def test_end_game_forms_are_checked(tmp_path, end, words):
    text = TOY.read_text(encoding="utf-8").replace("- end_game: {draw: true}",
                                                   f"- end_game: {end}")
    f = tmp_path / "r.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(rulekit.RulesetError) as exc:
        rulekit.load(str(f))
    assert words in str(exc.value)


@pytest.mark.parametrize("end, words", [
    ('{ranking: "[0, 1]"}', "leaves out seat 2"),
    ('{scores: "[1, 2]"}', "one number per seat (3)"),
    ('{winners: "[0, 7]"}', "winners lists 7, which is not a seat of this game (0 to 2)"),
    ('{ranking: "[[[0]], 1, 2]"}', "a tie in the ranking lists [0], which is not a seat"),
    ('{loser: "at(seats(), 9)"}', "not a seat"),
])
def test_end_game_values_that_place_no_seat_stop_the_game(tmp_path, end, words):
    text = TOY.read_text(encoding="utf-8").replace("- end_game: {draw: true}",
                                                   f"- end_game: {end}")
    f = tmp_path / "r.yaml"
    f.write_text(text, encoding="utf-8")
    game = play("draw", 3, 0, rules=rulekit.load(str(f), {"form": "draw"}))
    assert game.result.status == "aborted"
    assert words in game.result.message and game.result.returns is None


def test_greedy_agent_takes_the_action_with_the_best_return():
    rules = rulekit.load(str(TOY), {"form": "scores"})
    for seed in range(8):
        game = rules.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while game.to_act != 2 or game.v["left"] != 1:       # the last, deciding play
            game.apply(rng.choice(game.legal_actions()))
        best = max(_return_after(game, a) for a in game.legal_actions())
        chosen = GreedyAgent(seed).choose(game)
        assert _return_after(game, chosen) == best


def _return_after(game, action) -> float:
    trial = game.clone()
    trial.apply(action)
    assert trial.finished
    return trial.result.returns[2]


def test_cli_prints_the_result_in_words():
    out = subprocess.run([sys.executable, "-m", "rulekit", "play", str(TOY), "--players",
                          "3", "--seed", "4", "--quiet", "--option", "form=lowest"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    line = out.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"Result: seats? [0-9, and]+ wins? with \d+ points?; (then .*; )?"
                        r"seats? [0-9, and]+ (is|are) last with \d+ points? \(3 actions\)",
                        line), line


# ---- records carry the outcome ---------------------------------------------------------

def _record(tmp_path, form="scores"):
    import json
    import shutil
    shutil.copy(TOY, tmp_path / "results.yaml")
    rec = tmp_path / "r.json"
    out = cli(["play", "results.yaml", "--seed", "3", "--players", "4", "--option",
               f"form={form}", "--record", rec, "--quiet"], tmp_path)
    assert out.returncode == 0, out.stderr
    return rec, json.loads(rec.read_text(encoding="utf-8"))


def _replay(tmp_path, rec, data):
    import json
    rec.write_text(json.dumps(data), encoding="utf-8")
    return cli(["replay", rec], tmp_path)


def test_a_record_carries_the_outcome_and_replay_checks_it(tmp_path):
    rec, data = _record(tmp_path)
    o = data["outcome"]
    assert sorted(s for g in o["ranking"] for s in g) == [0, 1, 2, 3]
    assert o["returns"] == default_returns(o["ranking"]) and len(o["scores"]) == 4
    assert _replay(tmp_path, rec, data).returncode == 0
    data["outcome"]["returns"] = list(reversed(o["returns"]))
    bad = _replay(tmp_path, rec, data)
    assert bad.returncode == 1 and "returns: record says" in bad.stderr
    assert "Traceback" not in bad.stderr


@pytest.mark.parametrize("outcome", [3, {"ranking": "0 1"}, {"ranking": [[0]], "returns": ["x"]},
                                     {"ranking": [[True]], "returns": []}])
def test_a_record_with_a_bad_outcome_is_refused_with_a_message(tmp_path, outcome):
    rec, data = _record(tmp_path)
    data["outcome"] = outcome
    bad = _replay(tmp_path, rec, data)
    assert bad.returncode != 0 and "'outcome' must be an object with a 'ranking'" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_a_record_of_a_team_game_carries_the_teams_and_replay_checks_them(tmp_path):
    rec, data = _record(tmp_path, "team_ranking")
    # the toy's teams: even seats and odd seats; its ranking puts team 1 first
    assert data["outcome"]["teams"] == [[0, 2], [1, 3]]
    assert data["outcome"]["ranking"] == [[1, 3], [0, 2]]
    ok = _replay(tmp_path, rec, data)
    assert ok.returncode == 0, ok.stderr
    data["outcome"]["teams"] = [[0, 1], [2, 3]]
    bad = _replay(tmp_path, rec, data)
    assert bad.returncode == 1 and "teams: record says [[0, 1], [2, 3]]" in bad.stderr
    data["outcome"]["teams"] = "0 2"
    bad = _replay(tmp_path, rec, data)
    assert bad.returncode != 0 and "'teams' (lists of seats)" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_explain_names_the_teams_of_every_form():
    from rulekit.analysis.describe import explain
    text = explain(rulekit.load(str(TOY)), formal=True)
    for form in ("wins", "scores team_scores (highest best)", "ranking [1, 0]"):
        assert any(form in part and "(teams teams, named by number)" in part
                   for part in text.split(";")), form
    lines = explain(rulekit.load(str(TOY))).splitlines()       # in words
    for form in ("1 wins", "ranked by team scores, highest best",
                 "the seats rank (1, 0), best first"):
        assert any(form in line and "(teams teams, named by number)" in line
                   for line in lines), form
    assert any("ranked by score, lowest best" in line for line in lines)


def test_team_messages_say_team_not_seat(tmp_path):
    # review: scores beside a form count teams; a literal winner is a team number
    f = tmp_path / "t.yaml"
    f.write_text(TOY.read_text(encoding="utf-8").replace(
        "end_game: {teams: teams, winner: \"0 if team_score(0) >= team_score(1) else 1\"}",
        "end_game: {teams: teams, winner: 0, scores: score}"), encoding="utf-8")
    game = play("team_winner", 4, 1, rules=rulekit.load(str(f), {"form": "team_winner"}))
    assert game.result.status == "aborted"
    assert "the scores must be one number per team (2), not [" in game.result.message
    f.write_text(TOY.read_text(encoding="utf-8").replace(
        "end_game: {teams: teams, winner: \"0 if team_score(0) >= team_score(1) else 1\"}",
        "end_game: {teams: teams, winner: 7}"), encoding="utf-8")
    with pytest.raises(rulekit.RulesetError) as exc:
        rulekit.load(str(f))
    assert "the winner must be a team number (0 to 4), not 7" in str(exc.value)
