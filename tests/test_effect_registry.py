"""The effect registry is the one list of effects: the schema's effect branch, the docs
table, `explain` phrases and the machine's "can this step end the game" analysis all
come from it. Checked on a toy game of its own (ranks 1-3, one suit)."""
import pytest

import rulekit
from rulekit.analysis.machine import block_ends_game, procedures_that_end
from rulekit.lang.effects import EFFECTS, effect_text
from rulekit.lang.schema import load_schema

TOY = """\
rulekit: 1
name: toy_end
players: {min: 2, max: 2}
cards: {ranks: 1 2 3, suits: X}
zones:
  hand: {per: seat, see: owner}
  pile: {per: game, see: all}
procedures:
  finish(s):
    - if: empty(hand[s])
      then:
        - end_game: {loser: left_of(s)}
  check_all:
    - for: s in seats()
      do:
        - call: finish(s)
setup:
  - deal: {from: deck, to: hand, each: 1}
phases:
  main:
    start: turn
    actions:
      play:
        choose: c in hand[actor]
        do:
          - move: c to pile
    steps:
      turn:
        actor: "0 if count(hand[0]) > 0 else 1"
        actions: [play]
        next:
          - do:
              - call: check_all()
            goto: turn
"""


@pytest.fixture
def toy(tmp_path):
    path = tmp_path / "toy_end.yaml"
    path.write_text(TOY)
    return path


def test_schema_effect_branch_is_generated_from_the_registry():
    branches = load_schema()["$defs"]["effect"]["anyOf"]
    assert [b["required"] for b in branches] == [[k] for k in EFFECTS]
    for b, e in zip(branches, EFFECTS.values()):
        assert b["title"] == e.form
        assert set(b["properties"]) == {e.key, *e.children}


def test_every_effect_declares_all_its_parts():
    for key, e in EFFECTS.items():
        assert callable(e.compile) and callable(e.explain) and e.form.startswith(key + ":")
    assert [k for k, e in EFFECTS.items() if e.ends_game] == ["end_game"]


def test_explain_phrases_come_from_the_registry():
    assert effect_text({"if": "empty(stock)", "then": [{"out": "actor"}]}) == \
        "if empty(stock): actor leaves the game"
    assert effect_text({"repeat": 2, "do": [{"shuffle": "pile"}]}) == "2 time(s): shuffle pile"


def test_ending_through_nested_procedures_is_found(toy):
    """end_game inside if, inside a procedure called from a for inside another procedure,
    called from a transition: the step can end the game, so it is no trap."""
    rules, diags = rulekit.check(str(toy))
    assert rules is not None, diags
    assert procedures_that_end(rules) == {"finish", "check_all"}
    step = rules.phases["main"].steps["turn"]
    assert step.ends_game and not block_ends_game(step.do, set())
    assert rules.graph.has_edge("main.turn", "<end>")
    game = rules.new_game(seed=1)
    while not game.finished:
        game.apply(game.legal_actions()[0])
    # seat 0 plays its one card; the check finds its hand empty first: its left loses
    assert game.result.status == "finished" and game.result.loser == 1
    assert game.actions == 1


def test_without_an_ending_effect_the_step_is_a_trap(toy):
    toy.write_text(TOY.replace("        - end_game: {loser: left_of(s)}", "        - out: s"))
    rules, diags = rulekit.check(str(toy))
    assert rules is None
    assert [d.code for d in diags if d.severity == "error"] == ["trap"]
