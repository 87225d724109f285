"""Every option value, one option changed at a time, plays random games without error or
abort at every allowed player count (issues: Myllymatti/Norwegian, Mattis end to end).

For a choice every non-default value is played; for a bool the other value; for a
number one other allowed value; for a list its default without the last item.
Invariants are checked after every action. A quick sample by default; the full soak
(300 games per player count) with RULEKIT_SOAK=1 (tests/budget.py).
"""
import random

import pytest

import rulekit
from budget import games
from invariants import check_invariants

GAMES = games(quick=2, soak=300)
RULESETS = ["mattis", "myllymatti", "mattis_norsk", "atlanta_mattis"]


def other_values(decl):
    if decl.type == "bool":
        return [not decl.default]
    if decl.type == "choice":
        return [v for v in decl.values if v != decl.default]
    if decl.type == "int":
        lo = decl.min if decl.min is not None else decl.default - 1
        hi = decl.max if decl.max is not None else decl.default + 1
        return [hi if hi != decl.default else lo]
    if decl.type == "list" and len(decl.default) > 1:
        return [decl.default[:-1]]
    return []


def cases():
    out = []
    for name in RULESETS:
        for opt, decl in rulekit.load(name).option_decls.items():
            for value in other_values(decl):
                out.append((name, opt, value))
    return out


@pytest.mark.soak
@pytest.mark.parametrize("name,option,value", cases(), ids=lambda v: str(v))
def test_option_value_plays_clean(name, option, value):
    rules = rulekit.load(name, options={option: value})
    assert rules.options[option] == value
    lo, hi, _ = rules.players
    for players in range(lo, hi + 1):
        for seed in range(GAMES):
            game = rules.new_game(players=players, seed=seed)
            rng = random.Random(seed)
            while not game.finished:
                game.apply(rng.choice(game.legal_actions()))
                problems = check_invariants(game)
                assert problems == [], f"{players}p seed {seed}: {problems}"
            assert game.result.status == "finished", (players, seed, game.result.message)


def test_every_option_is_swept():
    """The sweep above covers every declared non-list option of every ruleset."""
    covered = {(n, o) for n, o, _ in cases()}
    for name in RULESETS:
        for opt, decl in rulekit.load(name).option_decls.items():
            assert (name, opt) in covered
