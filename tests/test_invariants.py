"""Invariants after every action of random games (issue: Mattis end to end).

Every card in exactly one zone; legal actions non-empty while in progress; a finished
game has one loser and every other seat in out_order. A quick sample by default; the
full soak (2000 games per case) with RULEKIT_SOAK=1 (tests/budget.py).
"""
import random

import pytest

import rulekit
from budget import games
from invariants import check_invariants

GAMES = games(quick=10, soak=2000)
OPTION_SEEDS = games(quick=4, soak=50)


RULESETS = {"mattis": range(3, 9), "myllymatti": range(2, 5), "mattis_norsk": range(2, 7),
            "atlanta_mattis": range(3, 4)}
CASES = [(name, n) for name, counts in RULESETS.items() for n in counts]


@pytest.fixture(scope="module")
def loaded():
    return {name: rulekit.load(name) for name in RULESETS}


def test_player_ranges_match_the_rules():
    """MAT-1, MYL-1, NOR-1: the declared player ranges."""
    assert {name: rulekit.load(name).players[:2] for name in RULESETS} == {
        "mattis": (3, 8), "myllymatti": (2, 4), "mattis_norsk": (2, 6),
        "atlanta_mattis": (3, 3)}


@pytest.mark.soak
@pytest.mark.parametrize("name,players", CASES, ids=lambda v: str(v))
def test_random_games_keep_invariants(loaded, name, players):
    statuses = set()
    for seed in range(GAMES):
        game = loaded[name].new_game(players=players, seed=seed)
        rng = random.Random(seed)
        assert check_invariants(game) == []
        while not game.finished:
            game.apply(rng.choice(game.legal_actions()))
            problems = check_invariants(game)
            assert problems == [], f"seed {seed}, after {game.actions} actions: {problems}"
        statuses.add(game.result.status)
    assert statuses == {"finished"}


OPTION_VALUES = [
    ("draw_order", "leader_first"), ("stock_play", "lead_only"), ("stock_play", "never"),
    ("voluntary_take", False), ("trick_count", "plays_on_table"),
    ("sequences", True), ("min_run", 3),
]


@pytest.mark.soak
@pytest.mark.parametrize("name,value", OPTION_VALUES, ids=lambda v: str(v))
def test_mattis_options_play_without_abort(name, value):
    rules = rulekit.load("mattis", options={name: value})
    assert rules.options[name] == value
    for players in (3, 5, 8):
        for seed in range(OPTION_SEEDS):
            game = rules.new_game(players=players, seed=seed)
            rng = random.Random(seed)
            while not game.finished:
                game.apply(rng.choice(game.legal_actions()))
            assert check_invariants(game) == [], (players, seed)
