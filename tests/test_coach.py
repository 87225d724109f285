"""How sure a hint says it is (rulekit.play.coach): a one-sided binomial test on the
visits of the search's best two actions, the values worked out by hand."""
from __future__ import annotations

import math
from pathlib import Path

import pytest

import rulekit
from rulekit.play import coach


@pytest.mark.parametrize("first,second,want", [
    (15, 5, 0.020695),          # sum C(20,k), k=15..20, over 2^20 = 21700 / 1048576
    (12, 8, 0.251722),          # 263950 / 1048576
    (1, 0, 0.5),                # one visit: a coin's toss
    (0, 0, 1.0),                # no visit at all
    (10, 10, 0.588099),         # a tie: at least half of 20 at even odds
])
def test_the_chance_of_a_lead_at_even_odds(first, second, want):
    assert coach.ahead_by_chance(first, second) == pytest.approx(want, abs=1e-6)


def test_the_normal_approximation_meets_the_exact_sum():
    exact = sum(math.comb(2000, k) for k in range(1050, 2001)) / 2 ** 2000
    assert coach.ahead_by_chance(1050, 950) == pytest.approx(exact, rel=1e-9)
    # past 2,000 visits the approximation, close to the exact tail
    n, first = 2002, 1051
    exact = sum(math.comb(n, k) for k in range(first, n + 1)) / 2 ** n
    assert coach.ahead_by_chance(first, n - first) == pytest.approx(exact, rel=0.02)


def _hint_with(monkeypatch, stats):
    monkeypatch.setattr(coach.SearchAgent, "search", lambda self, g, s, a: stats)
    game = rulekit.load("mattis").new_game(players=4, seed=3)
    return coach.hint(game, game.to_act, simulations=200)


def test_a_close_search_reads_as_a_toss_up(monkeypatch):
    said = _hint_with(monkeypatch, [("play 7S", 12, 0.1, 0.3), ("play 9H", 8, 0.0, 0.2)])
    assert said.startswith("hint: play 7S - a toss-up between play 7S and play 9H (not 95% "
                           "sure which is better): ")
    assert "chosen in 12 of 200 simulated games" in said


def test_a_clear_search_says_how_sure(monkeypatch):
    said = _hint_with(monkeypatch, [("play 7S", 15, 0.1, 0.3), ("play 9H", 5, 0.0, 0.2)])
    assert said.startswith("hint: play 7S - 98% sure it is better than play 9H: chosen in 15")
    said = _hint_with(monkeypatch, [("play 7S", 150, 0.1, 0.3), ("play 9H", 5, 0.0, 0.2)])
    assert said.startswith("hint: play 7S - clearly better than play 9H: chosen in 150")


def test_a_choice_tried_once_or_twice_is_a_guess_and_no_percent_rounds_to_100(monkeypatch):
    """A best choice visited fewer than FEW_VISITS times (a Hearts pass: 286 choices, 200
    simulations) is said to be a guess, not a toss-up with a share "on top in 100%";
    a lead just short of "clearly better" says 99%, never 100%; one game is "1 game"."""
    said = _hint_with(monkeypatch, [("give 3S 6S KC", 1, 1.0, 1.0), ("give 6S 6D KC", 1, 1.0,
                                                                      1.0)])
    assert said.startswith("hint: give 3S 6S KC - a guess: 200 simulated games over 2 "
                           "choices are too few to tell them apart: ")
    assert "(1 game, +1.00)" in said
    # 11 visits against 1: p = 13/4096 = 0.0032, 99.7% sure: said as 99%, not 100%
    assert coach.ahead_by_chance(11, 1) == 13 / 4096
    said = _hint_with(monkeypatch, [("play 7S", 11, 0.6, 0.3), ("play 9H", 1, 0.54, 0.2)])
    assert said.startswith("hint: play 7S - 99% sure it is better than play 9H: ")


def test_a_hint_says_what_its_mean_return_is_measured_in():
    """The default returns go from +1 (first place) to -1 (last); a one-seat game's
    from a win to a loss; a ruleset with its own ``returns:`` (Hold'em's chips, HLD-18)
    is on its own scale, not the places'."""
    four = rulekit.load("mattis").new_game(players=4, seed=3)
    assert coach.returns_scale(four) == "+1 is first place, -1 last"
    toy = str(Path(__file__).parent / "toys" / "solo.yaml")
    assert coach.returns_scale(rulekit.load(toy).new_game(players=1, seed=3)) == \
        "+1 is a win, -1 a loss"
    klondike = rulekit.load("klondike").new_game(players=1, seed=3)      # KLD-12
    assert coach.returns_scale(klondike) == "on the scale of the game's own returns"
    chips = rulekit.load("holdem").new_game(players=3, seed=3)
    assert coach.returns_scale(chips) == "on the scale of the game's own returns"
