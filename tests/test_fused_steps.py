"""A decision step with one actor applies an action with its own generated function
(``Step.act``, rulekit/compiler/stepcode.py): the action's bookkeeping, its effects and
the step's transitions written in place, then the next decision reached. It must make
the very changes, in the same order, that the engine's one copy of applying an action
makes (``Applying._apply`` then ``GameState._advance``): every bundled game and the toys
of choices in parts, and private actions are played both
ways from the same seeds and compared at every decision (history, zones, variables,
tags, knowledge, the seat to act, the listing, the event log), to the same end."""
import random
from pathlib import Path

import pytest

import rulekit

from budget import games
from ruleset_positions import load_rules

TOYS = Path(__file__).parent / "toys"
CASES = [(name, {}) for name in sorted(rulekit.bundled())] + [
    ("hearts", {"target": 1}), ("mattis", {"sequences": "true", "trick_count": "plays_on_table"}),
    (str(TOYS / "parts.yaml"), {}), (str(TOYS / "secrets.yaml"), {}),
    (str(TOYS / "choices.yaml"), {})]


def plain(name: str, options: dict):
    """The ruleset loaded afresh with no step's act function: every action is applied by
    the engine's ``_apply`` and ``_advance``."""
    rules = rulekit.load(name, options)
    fused = 0
    for phase in rules.phases.values():
        for step in phase.steps.values():
            fused += step.act is not None
            object.__setattr__(step, "act", None)
    return rules, fused


def snapshot(g, events: bool) -> tuple:
    return (g.status, g.message, g.actor, g.actions, g.phase, g.step and g.step.key,
            list(g.history), repr(g.z), repr(g.v), repr(sorted(g.tags.items())),
            repr(sorted(g.where.items())), sorted(g.public), list(g.inplay),
            list(g.out_order), g.last_action, [str(a) for a in g._legal],
            list(g.events) if events else len(g.events))


@pytest.mark.parametrize("name,options", CASES, ids=lambda x: Path(str(x)).stem or "-")
def test_a_steps_act_function_changes_what_the_engines_apply_changes(name, options):
    fused_rules = load_rules(name, options)
    rules, fused = plain(name, options)
    assert fused > 0                        # (a step of this game has its function)
    lo, hi, _ = rules.players
    for k, seed in enumerate(range(games(2, 30))):
        n = (lo, hi)[k % 2]
        a, b = fused_rules.new_game(players=n, seed=seed), rules.new_game(players=n, seed=seed)
        ra, rb = random.Random(seed), random.Random(seed)
        while True:
            assert snapshot(a, k == 0) == snapshot(b, k == 0)
            if a.finished or a.actions >= 400:
                break
            a.apply(a.random_legal(ra))
            b.apply(b.random_legal(rb))
        assert list(a.events) == list(b.events) and a.result == b.result


@pytest.mark.parametrize("name,options", CASES, ids=lambda x: Path(str(x)).stem or "-")
def test_play_randomly_plays_the_game_of_the_random_legal_loop(name, options):
    """``play_randomly`` takes the very actions of ``apply(random_legal(rng))``, with the
    same draws from the random source, to the same end; ``limit`` stops it."""
    rules = load_rules(name, options)
    lo, hi, _ = rules.players
    for seed in range(games(2, 20)):
        n = (lo, hi)[seed % 2]
        a, b = rules.new_game(players=n, seed=seed), rules.new_game(players=n, seed=seed)
        ra, rb = random.Random(seed), random.Random(seed)
        assert a.play_randomly(ra, 3) == 3 and a.actions == 3 or a.finished
        taken = 3 + a.play_randomly(ra, 397)
        while not b.finished and b.actions < taken:
            b.apply(b.random_legal(rb))
        assert snapshot(a, True) == snapshot(b, True) and ra.getstate() == rb.getstate()
        assert a.result == b.result and taken == b.actions


@pytest.mark.parametrize("args,said", [(("seed",), "rng must be a random.Random, not str"),
                                       ((random.Random(1), -1), "limit must be a whole"),
                                       ((random.Random(1), "3"), "limit must be a whole"),
                                       ((random.Random(1), True), "limit must be a whole")])
def test_play_randomly_refuses_bad_arguments_in_words(args, said):
    game = load_rules("mattis", {}).new_game(players=4, seed=1)
    with pytest.raises(ValueError, match=said):
        game.play_randomly(*args)
    assert game.actions == 0
