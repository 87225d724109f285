"""`rulekit validate` and `rulekit.load` report every error of every stage in one run:
all shape errors, then every expression and compiler error of the parts still well
formed, then the machine checks where they can still run; and nothing that only follows
from another error (a name whose declaration was left out, a statement that did not
parse, a step whose ending effect was left out).

``tests/broken/many_errors.yaml`` has one independent error of each kind; the single
error cases below are variants of ``tests/broken/base.yaml`` that must give exactly one
error, however often the broken part is used.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import rulekit
from cli_run import cli

BROKEN = Path(__file__).resolve().parent / "broken"
BASE = BROKEN / "base.yaml"

MANY = [   # (line, column, message start) of tests/broken/many_errors.yaml, in order
    (9, 18, "options.strict.type: the text 'boolean' is not allowed"),
    (11, 17, "vars.score.type: the text 'number' is not allowed"),
    (13, 18, "syntax error: the expression ends too early"),
    (16, 29, "'10' is not a rank name of this pack: it has 2 3 4 5 6 7 8 9 T J Q K A"),
    (17, 17, "unknown name 'tabel' (did you mean 'table'?)"),
    (20, 5, "unknown effect 'shufle' (did you mean 'shuffle'?)"),
    (21, 25, "unknown name 'dealr' (did you mean 'dealer'?)"),
    (25, 7, "step 'lonely' of phase 'main' can never be reached from the start"),
    (26, 15, "step 'lonely': no step or phase 'play_trun' (did you mean 'play_turn'?)"),
]


def test_validate_reports_every_stage_at_once():
    proc = cli(["validate", "many_errors.yaml"], BROKEN)
    assert proc.returncode == 1
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("many_errors.yaml:")]
    assert len(lines) == len(MANY), proc.stdout
    for line, (ln, col, message) in zip(lines, MANY):
        assert line.startswith(f"many_errors.yaml:{ln}:{col}: error: {message}"), line


def test_validate_json_lists_every_error_with_its_position():
    import json
    proc = cli(["validate", "many_errors.yaml", "--json"], BROKEN)
    assert proc.returncode == 1
    found = [(d["line"], d["column"]) for d in json.loads(proc.stdout)]
    assert found == [(ln, col) for ln, col, _ in MANY]


def test_load_raises_one_ruleset_error_carrying_them_all():
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load(str(BROKEN / "many_errors.yaml"))
    errors = info.value.errors
    assert [(d.line, d.column) for d in errors] == [(ln, col) for ln, col, _ in MANY]
    assert {d.code for d in errors} >= {"schema", "expr-syntax", "literal", "unknown-name",
                                        "unreachable", "unknown-target"}
    text = str(info.value)
    for d in errors:
        assert str(d) in text
    assert text.count("\n") >= len(MANY) - 1


def variant(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "variant.yaml"
    path.write_text(f"rulekit: 1\nextends: {BASE}\nname: variant\n"
                    + textwrap.dedent(body), encoding="utf-8")
    return path


# Each: a variant with exactly one error (line, column, message fragment), whose broken
# part is used elsewhere: nothing more may be reported.
ONE_ERROR = [
    pytest.param("""\
        options:
          hand_cards: {type: integer, min: 1, max: 5, default: 3}
        """, 5, 22, "is not allowed", id="option_left_out_and_used"),
    pytest.param("""\
        vars:
          turn: {type: place}
        """, 5, 16, "is not allowed", id="variable_left_out_and_used_and_set"),
    pytest.param("""\
        zones:
          hand: {per: player, see: owner}
        """, 5, 15, "is not allowed", id="zone_left_out_and_dealt_to"),
    pytest.param("""\
        definitions:
          high(cs): [1, 2]
        """, 5, 13, "a list is not allowed", id="definition_left_out_and_called"),
    pytest.param("""\
        defintions:
          next_turn(s): s
        """, 4, 1, "unknown key 'defintions'", id="misspelt_section_names_unknown"),
    pytest.param("""\
        procedures:
          draw(s): {move: x}
        setup:
          - call: draw(dealer)
          - deal: {from: deck, to: hand, each: hand_size}
        """, 5, 12, "must be a list", id="procedure_left_out_and_called"),
    pytest.param("""\
        phases:
          main:
            actions:
              play:
                choose: null
        """, 8, 9, "missing key 'choose'", id="action_left_out_and_offered"),
    pytest.param("""\
        phases:
          main:
            steps:
              play_turn:
                acter: turn
        """, 8, 9, "unknown key 'acter'", id="step_left_out_and_started_and_targeted"),
    pytest.param("""\
        phases:
          main:
            steps:
              play_turn:
                actor: turn
                actions: [play]
                next:
                  - if: empty(hand[actor])
                    do:
                      - end_game: {losr: actor}
                    goto: play_turn
        """, 13, 28, "unknown key 'losr'", id="ending_effect_left_out_no_trap"),
    pytest.param("""\
        setup:
          - let: {n: 3}
          - deal: {from: deck, to: hand, each: n}
          - set: turn = left_of(dealer)
        """, 5, 10, "setup.let must be text", id="let_left_out_and_used"),
    pytest.param("""\
        setup:
          - let: n = = 3
          - deal: {from: deck, to: hand, each: n}
          - set: turn = left_of(dealer)
        """, 5, 14, "syntax error", id="let_unparsed_and_used"),
    pytest.param("""\
        phases:
          main:
            actions:
              play:
                choose: c in in hand[actor]
                legal: rank(c) >= 0
                do:
                  - move: c to table
        """, 8, 25, "syntax error", id="choose_unparsed_and_used"),
    pytest.param("""\
        definitions:
          hand_size(: 3
        """, 5, 3, "bad name 'hand_size('", id="definition_with_a_bad_name_and_used"),
]


@pytest.mark.parametrize("body, line, column, fragment", ONE_ERROR)
def test_one_error_is_reported_alone(tmp_path, body, line, column, fragment):
    path = variant(tmp_path, body)
    rules, diags = rulekit.check(str(path))
    errors = [d for d in diags if d.severity == "error"]
    assert rules is None
    assert len(errors) == 1, "\n".join(map(str, errors))
    assert (errors[0].line, errors[0].column) == (line, column), str(errors[0])
    assert fragment in errors[0].message
    assert Path(errors[0].file).name == "variant.yaml"


def test_a_for_whose_statement_does_not_parse_still_checks_its_body(tmp_path):
    path = variant(tmp_path, """\
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - for: s in seats(
            do:
              - set: turn = cuont(s)
        """)
    errors = [d for d in rulekit.check(str(path))[1] if d.severity == "error"]
    assert [(d.line, d.code) for d in errors] == [(6, "expr-syntax"), (8, "unknown-name")]
    assert "cuont" in errors[1].message


def test_the_machine_checks_still_run_beside_other_errors(tmp_path):
    path = variant(tmp_path, """\
        definitions:
          hand_size: cuont(deck)
        phases:
          main:
            steps:
              nowhere:
                next: nowhere
        """)
    errors = [d for d in rulekit.check(str(path))[1] if d.severity == "error"]
    assert [d.code for d in errors] == ["unknown-name", "unreachable"]


def test_a_shape_error_in_the_pack_stops_there(tmp_path):
    """The pack is what every card text is checked against: after an error in
    `cards:` (or `players:`) nothing else is checked."""
    path = variant(tmp_path, """\
        cards: {suit: X}
        definitions:
          hand_size: cuont(deck)
        """)
    errors = [d for d in rulekit.check(str(path))[1] if d.severity == "error"]
    assert [d.code for d in errors] == ["schema"]
