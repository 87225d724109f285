"""`rule:` ids on options, zones, variables, definitions, actions, steps and phases are
kept in the model and printed by `explain` (a definition takes them in its
``{value: EXPR, rule: ID}`` form)."""
import rulekit
from rulekit.analysis.describe import explain

TOY = """\
rulekit: 1
name: ids
players: {min: 2, max: 2}
cards: {ranks: 1 2, suits: X}
options:
  fast: {type: bool, default: false, rule: T-1}
zones:
  hand: {per: seat, see: owner, rule: T-2}
vars:
  turn: {type: seat, rule: T-3}
definitions:
  size: {value: "1 if option.fast else 1", rule: T-4, doc: cards each}
setup:
  - deal: {from: deck, to: hand, each: size}
  - set: turn = 0
phases:
  main:
    start: go
    rule: T-5
    actions:
      pass: {choose: nothing, rule: T-6}
    steps:
      go:
        actor: turn
        actions: [pass]
        rule: T-7
        next:
          - do:
              - end_game: {loser: turn}
            goto: go
"""


def test_rule_ids_are_kept_and_explained(tmp_path):
    path = tmp_path / "ids.yaml"
    path.write_text(TOY)
    rules, diags = rulekit.check(str(path))
    assert rules is not None and diags == [], diags
    assert rules.option_decls["fast"].rule == "T-1" and rules.zones["hand"].rule == "T-2"
    assert rules.vars["turn"].rule == "T-3" and rules.definitions["size"].rule == "T-4"
    phase = rules.phases["main"]
    assert (phase.rule, phase.actions["pass"].rule, phase.steps["go"].rule) == \
        ("T-5", "T-6", "T-7")
    for formal in (False, True):
        text = explain(rules, formal=formal)
        for n in range(1, 8):
            assert f"[rule T-{n}]" in text, (formal, n)
    assert "size = 1 if option.fast else 1  [rule T-4]" in explain(rules, formal=True)
    # in words: the definition, its doc (a doc not naming it: the name stays) and its id
    text = explain(rules)
    assert "size: 1 if the option fast is on, otherwise 1 - cards each  [rule T-4]" in text
    assert "deal size cards each from the deck" in text
    game = rules.new_game(seed=1)
    game.apply("pass")
    assert game.result.loser == 0


def test_a_definition_in_mapping_form_reports_errors_at_its_value(tmp_path):
    path = tmp_path / "ids.yaml"
    path.write_text(TOY.replace('value: "1 if option.fast else 1"', 'value: "1 +"'))
    _, diags = rulekit.check(str(path))
    err = next(d for d in diags if d.severity == "error")
    assert (err.line, err.code) == (12, "expr-syntax")
    assert err.column == len('  size: {value: "1 +') + 1     # at the end of the value
