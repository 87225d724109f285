"""The hand-written reference engines of benchmarks/reference/ play the same games as
rulekit's bundled rulesets, so that measuring rulekit against them is honest (the
same game, the same work per decision; benchmarks/references.py measures).

Each test deals the same game in both (a seed shuffles the same deck and draws the
same dealer in both), then plays it to the end side by side: at every decision the
seat to act and the set of legal action strings must agree; the action taken is drawn
from rulekit's list and given to the reference as its own action. At the end the
status, the order seats went out and the returns (C-9: the loser -1, every other seat
+1) must agree. The seeds are chosen so that the rare paths are played: a Mattis
tie-break round (MAT-4), a Norwegian krig (NOR-4) and a krig left unresolved with its
cards on the table (NOR-4 c), a Myllymatti tie whose cards stay for the next winner
(MYL-4), Atlanta's sloughs (ATL-4) and runs (ATL-7).
"""
from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from budget import games
from ruleset_positions import load_rules

REFERENCE = Path(__file__).resolve().parents[1] / "benchmarks" / "reference"


def reference(module: str):
    """The module ``benchmarks/reference/<module>.py`` (imported once)."""
    name = f"reference_{module}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REFERENCE / f"{module}.py")
        sys.modules[name] = mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    return sys.modules[name]


def side_by_side(ruleset: str, cls: str, players: int, seed: int, options=None,
                 seen=None) -> int:
    """Play game ``seed`` of ``ruleset`` with rulekit and with the reference class
    ``cls`` side by side, asserting they agree at every decision and at the end;
    return the number of actions. ``seen`` (a set) collects the rare paths played:
    ``tie`` (a second round of one trick), ``kept`` (a trick started on cards left on
    the table), ``slough`` and ``run`` (actions of those kinds)."""
    mod = reference(ruleset)
    options = options or {}
    game = load_rules(ruleset, options).new_game(players=players, seed=seed)
    ref = getattr(mod, cls)(players, seed, **options)
    rng = random.Random(seed)
    while not game.finished:
        assert ref.current_player() == game.to_act, f"seed {seed}, action {game.actions}"
        ours = sorted(str(a) for a in game.legal_actions())
        theirs = sorted(mod.action_text(a) for a in ref.legal_actions())
        assert ours == theirs, f"seed {seed}, action {game.actions}"
        action = rng.choice(ours)
        game.apply(action)
        if ruleset == "atlanta_mattis":          # (a play is a card or a run by phase)
            ref.apply(mod.parse_action(action, ref.phase))
        else:
            ref.apply(mod.parse_action(action))
        if seen is not None and action.startswith("slough"):
            seen.add("slough")
        if seen is not None and action.startswith("play") and len(action.split()) > 2:
            seen.add("run")
        if seen is not None and ref.phase == 1:
            if ref.round_no > 0:
                seen.add("tie")
            elif ref.round_start > 0:
                seen.add("kept")
    assert ref.is_terminal() and ref.legal_actions() == []
    result = game.result
    assert (ref.status, ref.out_order, ref.loser) == (result.status, result.out_order,
                                                      result.loser), f"seed {seed}"
    if result.status == "finished":
        assert ref.returns() == result.returns, f"seed {seed}"
    else:                                      # aborted (C-8): no places, no returns
        assert result.returns is None and ref.returns() == [0.0] * players
    assert ref.actions == game.actions
    return game.actions


def test_MAT_1_to_MAT_12_reference_mattis_plays_rulekits_game():
    """MAT-1..MAT-12, C-1..C-9 at 4 players, default options: the same decisions, the
    same legal actions, the same returns; a tie-break round (MAT-4) among them."""
    seen = set()
    for seed in range(games(3, 100)):
        assert side_by_side("mattis", "Mattis", 4, seed, seen=seen) > 50
    assert "tie" in seen


@pytest.mark.parametrize("players,options", [
    (3, {"draw_order": "leader_first", "stock_play": "lead_only"}),
    (6, {"voluntary_take": False, "trick_count": "plays_on_table"}),
])
def test_C_4_C_5_C_7_MAT_11_reference_mattis_options(players, options):
    """C-4 draw order, C-5 stock play, C-7 trick count, MAT-11 voluntary take: the
    options the reference takes agree with the ruleset's."""
    for seed in range(games(1, 20)):
        side_by_side("mattis", "Mattis", players, seed, options)


def test_NOR_1_to_NOR_14_reference_norsk_plays_rulekits_game():
    """NOR-1..NOR-14 at 4 players, default options: the same decisions, legal actions
    and returns; a krig (NOR-4) and a krig left unresolved (NOR-4 c) among them."""
    seen = set()
    for seed in (9, *range(games(3, 100))):     # seed 9: a krig left unresolved
        side_by_side("mattis_norsk", "MattisNorsk", 4, seed, seen=seen)
    assert {"tie", "kept"} <= seen


@pytest.mark.parametrize("players,options", [
    (2, {"two_player_removed": 20, "stock_play": "never"}),
    (5, {"voluntary_take": True, "draw_order": "leader_first"}),
])
def test_NOR_1_NOR_10_C_4_reference_norsk_options(players, options):
    """NOR-1 cards removed at 2 players, NOR-10 voluntary take, C-4 draw order, C-5
    stock play: the reference's options agree with the ruleset's."""
    for seed in range(games(1, 20)):
        side_by_side("mattis_norsk", "MattisNorsk", players, seed, options)


def test_MYL_1_to_MYL_10_reference_myllymatti_plays_rulekits_game():
    """MYL-1..MYL-10 at 4 players, default options: the same decisions, legal actions
    and returns; a tie whose cards stay on the table (MYL-4) among them."""
    seen = set()
    for seed in range(games(4, 100)):
        side_by_side("myllymatti", "Myllymatti", 4, seed, seen=seen)
    assert "kept" in seen


@pytest.mark.parametrize("players,options", [
    (2, {"draw_order": "leader_first", "stock_play": "lead_only"}),
    (3, {"voluntary_take": False, "stock_play": "never"}),
])
def test_C_4_C_5_MAT_11_reference_myllymatti_options(players, options):
    """C-4 draw order, C-5 stock play, MAT-11 voluntary take at 2 and 3 players: the
    reference's options agree with the ruleset's."""
    for seed in range(games(1, 20)):
        side_by_side("myllymatti", "Myllymatti", players, seed, options)


def test_ATL_1_to_ATL_9_reference_atlanta_plays_rulekits_game():
    """ATL-1..ATL-9 (3 players, default options): the same decisions, legal actions and
    returns; a tie-break round, sloughs (ATL-4) and runs (ATL-7) among them, and the
    dreck (ATL-6) dealt from the same shuffle."""
    seen = set()
    for seed in range(games(3, 100)):
        side_by_side("atlanta_mattis", "AtlantaMattis", 3, seed, seen=seen)
    assert {"tie", "slough", "run"} <= seen


def test_ATL_6_ATL_7_C_5_reference_atlanta_options():
    """ATL-6 everyone gives to the dreck, ATL-7 runs of 3, C-4 draw order, C-5 stock
    play on the lead only: the reference's options agree with the ruleset's."""
    options = {"min_run": 3, "dreck_everyone_gives": True, "draw_order": "leader_first",
               "stock_play": "lead_only"}
    for seed in range(games(1, 20)):
        side_by_side("atlanta_mattis", "AtlantaMattis", 3, seed, options)


@pytest.mark.parametrize("module,cls,n", [("mattis", "Mattis", 4),
                                          ("mattis_norsk", "MattisNorsk", 4),
                                          ("myllymatti", "Myllymatti", 4),
                                          ("atlanta_mattis", "AtlantaMattis", 3)])
def test_C_3_reference_deals_rulekits_deck_from_a_seed(module, cls, n):
    """C-3: a seed deals the same hands in both (the benchmark plays both from the
    same seeds), and the random playouts of both play the same games."""
    mod = reference(module)
    for seed in (0, 11):
        game = load_rules(module).new_game(players=n, seed=seed)
        ref = getattr(mod, cls)(n, seed)
        hands = game.dump()["zones"]["hand"]
        assert [sorted(h) for h in hands] == \
            [sorted(mod.CARD_TEXT[c] for c in h) for h in ref.hands]
        assert game.dump()["dealer"] == (ref.leader - 1) % n
    # the benchmark's loops (benchmarks/references.py) play the very same games: the
    # reference lists its legal actions in rulekit's order
    game = load_rules(module).new_game(players=n, seed=5)
    rng = random.Random(5)
    while not game.finished:
        game.apply(game.random_legal(rng))
    assert mod.playouts(1, n, seed=5) == game.actions > 50
