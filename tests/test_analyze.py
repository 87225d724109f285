"""``rulekit analyze`` (rulekit.simulation.analyze, docs/analyze.md): every measure
checked on a toy with a known answer, the statistics on hand-computed values, the
figures the same whatever the number of jobs, the command line's outputs.

Toys: tests/toys/first_mover.yaml (the dealer's left always wins, decided at its first
action, 1 real choice then 2 forced passes a seat), tests/toys/contest.yaml (the
highest card played wins: choosing pays; with ``luck`` a face-down card decides and
no choice matters), tests/toys/coin.yaml (``rigged``: seat 0 always loses; no
heuristic). The default run keeps to small games and budgets; ``RULEKIT_SOAK=1`` adds
the Mattis run of the issue.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import rulekit
from rulekit.cli import main
from rulekit.simulation.measures import tension, top
from rulekit.simulation.stats import (chi2_sf, equal_means_test, estimate, ratio_estimate,
                                      sign_test)

from budget import SOAK

TOYS = Path(__file__).resolve().parent / "toys"
FIRST = str(TOYS / "first_mover.yaml")
CONTEST = str(TOYS / "contest.yaml")
COIN = str(TOYS / "coin.yaml")
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def first_mover():
    return rulekit.analyze(FIRST, games=40, players=3, budget=2, jobs=1)


# ---- statistics ------------------------------------------------------------------------

def test_chi2_sf_at_the_textbook_95_points():
    for df, x in ((1, 3.841), (2, 5.991), (3, 7.815), (4, 9.488), (5, 11.070)):
        assert abs(chi2_sf(x, df) - 0.05) < 2e-4, df


def test_equal_means_on_hand_computed_games():
    # seat 0 gets +1, seat 1 -1 in every game: never varies, not even: a sign test
    t = equal_means_test([[1.0, -1.0]] * 10)
    assert t["statistic"] == math.inf and t["p"] == sign_test(10) and t["significant"]
    assert not equal_means_test([[1.0, -1.0]] * 3)["significant"]      # 3 games: p 0.25
    # two seats trading wins evenly: the mean difference 0 exactly
    t = equal_means_test([[1.0, -1.0], [-1.0, 1.0]] * 20)
    assert t["statistic"] == 0 and not t["significant"]
    # 2 seats: T-squared is the square of the paired z: d = 2,2,-2 ... mean 2/3, sd
    rows = [[1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]] * 10
    d = [2.0, 2.0, -2.0] * 10
    m = sum(d) / 30
    var = sum((x - m) ** 2 for x in d) / 29
    assert equal_means_test(rows)["statistic"] == pytest.approx(30 * m * m / var)


def test_ratio_estimate_of_decisions():
    # 2 games: 1 of 4 and 3 of 4 decisions forced: 4/8 = 0.5
    r = ratio_estimate([1, 3], [4, 4])
    assert r["value"] == 0.5 and r["low"] < 0.5 < r["high"]
    e = estimate([0.0] * 8, null=0.0)
    assert e["value"] == 0 and not e["significant"]
    assert estimate([1.0] * 8, null=0.0)["significant"]


# ---- tension on a scripted game --------------------------------------------------------

def test_leader_changes_and_decided_at_worked_by_hand():
    # values before each of 8 decisions: leaders None, 0, 0, None (tie), 1, 1, 0, 0
    values = [[0, 0, 0], [2, 1, 0], [3, 1, 0], [3, 3, 1], [3, 5, 1], [3, 6, 1],
              [9, 6, 1], [9, 7, 1]]
    won = {"status": "finished", "draw": False, "winners": [0], "losers": [1, 2]}
    t = tension(values, won)
    # 0 -> 1 (the tie between is no change) -> 0: two changes
    assert t["role"] == "leader" and t["changes"] == 2
    # seat 0 leads for good from decision 6 (of 8): decided at 6/8
    assert t["decided_at"] == 6 / 8
    # 25% is decision 2 (leader 0), 50% decision 4 (1), 75% decision 6 (0)
    assert t["at"] == {"25": True, "50": False, "75": True}
    # the same game with seat 1 the eventual winner: it leads at none of the last
    t = tension(values, {**won, "winners": [1]})
    assert t["decided_at"] == 1.0 and t["at"] == {"25": False, "50": True, "75": False}


def test_a_game_of_one_loser_follows_the_last_seat():
    values = [[5, 5, 5], [5, 4, 5], [3, 4, 5], [3, 4, 2]]
    lost = {"status": "finished", "draw": False, "winners": [0, 1], "losers": [2]}
    t = tension(values, lost)
    # last: None, 1, 0, 2: two changes; seat 2 last for good from decision 3 of 4
    assert t["role"] == "last" and t["changes"] == 2 and t["decided_at"] == 3 / 4
    assert top([1, 1, 0], worst=True) == 2 and top([1, 1, 0]) is None
    assert tension(values, {**lost, "draw": True}) is None
    assert tension([None, None], lost) is None


# ---- the toys ---------------------------------------------------------------------------

def test_first_mover_is_unfair_by_position_and_decided_at_the_first_action(first_mover):
    f = first_mover.figures[0][3]
    fair = f["fairness"]
    assert fair["position_test"]["significant"] and fair["unfair"]
    assert fair["positions"][0]["return"]["value"] == 1.0          # the dealer's left
    assert fair["positions"][0]["return"]["significant"]
    assert all(p["return"]["value"] == -1.0 for p in fair["positions"][1:])
    t = f["tension"]
    assert t["available"] and t["role"] == "leader"
    # 7 decisions: the claim, then 6 passes; the leader from decision 1 on
    assert t["decided_at"]["value"] == pytest.approx(1 / 7)
    assert t["lead_changes"]["value"] == 0
    assert all(t["eventual_at"][c]["value"] == 1.0 for c in ("25", "50", "75"))


def test_first_mover_choice_and_length(first_mover):
    f = first_mover.figures[0][3]
    assert f["length"]["actions"]["value"] == 7
    assert [d["value"] for d in f["length"]["decisions_by_seat"]] != [7, 0, 0]
    assert sum(d["value"] for d in f["length"]["decisions_by_seat"]) == pytest.approx(7)
    assert f["choice"]["one_choice"]["value"] == pytest.approx(6 / 7)
    steps = f["choice"]["by_step"]
    assert steps["main.claim"]["branching"]["value"] == 2
    assert steps["main.pass"]["one_choice"]["value"] == 1
    # nothing a seat chooses changes who wins: no skill, exactly
    for sk in f["skill"].values():
        assert sk["gain"]["value"] == 0 and not sk["gain"]["significant"]


def test_a_pure_luck_game_has_skill_zero_and_a_game_of_choices_does_not():
    a = rulekit.analyze(CONTEST, [CONTEST + ":luck=true"], games=30, players=3, budget=4,
                        jobs=1)
    skill, luck = (figs[3]["skill"] for figs in a.figures)
    for sk in luck.values():
        g = sk["gain"]
        assert g["low"] <= 0 <= g["high"] and not g["significant"]
    assert skill["greedy_vs_random"]["gain"]["significant"]
    assert skill["greedy_vs_random"]["gain"]["value"] > 0.3
    assert skill["ismcts_vs_random"]["gain"]["value"] > 0
    # the difference between the two variants is marked
    diff = a.differences[0][3]["skill/greedy_vs_random/gain"]
    assert diff["significant"] and diff["value"] < 0
    assert "(d " in a.text() and " *" in a.text()


def test_a_rigged_seat_is_marked_and_tension_is_na_without_a_heuristic():
    a = rulekit.analyze(COIN, games=30, options={"rigged": "true"}, budget=1, jobs=1)
    f = a.figures[0][2]
    assert f["fairness"]["seat_test"]["significant"]
    assert f["fairness"]["seats"][0]["return"]["value"] == -1
    assert f["fairness"]["seats"][0]["advantage"]["significant"]
    assert f["tension"] == {"available": False, "why": "the ruleset has no heuristic "
                            "(give a leader expression)"}
    fair = rulekit.analyze(COIN, games=30, budget=1, jobs=1).figures[0][2]
    assert not fair["fairness"]["seat_test"]["significant"]


def test_a_leader_expression_replaces_the_heuristic():
    a = rulekit.analyze(COIN, games=8, budget=1, jobs=1, leader="rank(first(hand[seat]))")
    t = a.figures[0][2]["tension"]
    # the higher card leads from the deal and the lower card loses: decided at once
    assert t["available"] and t["decided_at"]["value"] == 0
    assert t["eventual_at"]["50"]["value"] == 1


def test_the_figures_do_not_depend_on_jobs():
    kw = dict(games=6, players=3, budget=2)
    one = rulekit.analyze(CONTEST, [FIRST], jobs=1, **kw).to_dict()
    two = rulekit.analyze(CONTEST, [FIRST], jobs=2, **kw).to_dict()
    assert one == two
    assert json.loads(json.dumps(one)) == one                         # JSON-ready


def test_cli_json_and_plot(tmp_path, capsys):
    pic = tmp_path / "a.png"
    code = main(["analyze", FIRST, CONTEST, "--games", "4", "--budget", "1", "--jobs", "1",
                 "--json", "--plot", str(pic)])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert [v["label"] for v in data["variants"]] == [FIRST, CONTEST]
    assert data["variants"][1]["differences"]["3"]["length/actions"]["value"] == -4
    for key in ("fairness", "skill", "length", "choice", "tension"):
        assert key in data["variants"][0]["players"]["3"]
    assert "analyze" in err                                          # progress on stderr
    assert pic.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.soak
@pytest.mark.skipif(not SOAK, reason="RULEKIT_SOAK=1: Mattis against a house rule")
def test_mattis_against_take_all_soak():
    a = rulekit.analyze("mattis", [str(ROOT / "examples" / "mattis_take_all.yaml")],
                        games=200, players=3, budget=20, jobs=2)
    for figs in a.figures:
        f = figs[3]
        assert f["finished"] == 200
        assert f["tension"]["available"] and f["tension"]["role"] == "last"
        assert f["skill"]["greedy_vs_random"]["gain"]["significant"]
