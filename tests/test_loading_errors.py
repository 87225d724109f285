"""Every kind of ruleset error gets a clear diagnostic at the right place (DESIGN.md,
"Errors and bad input"): ``rulekit.check(path)`` never raises, and returns each error
with its file, line, column and a message that says what is wrong.

Most cases are small variants written to ``tmp_path`` that extend ``tests/broken/
base.yaml`` (a tiny complete ruleset) by absolute path; cases that read better as a
file, or that need several files, are in ``tests/broken/``. A few extend the bundled
ruleset by its absolute path, as a rules author would.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import rulekit
from rulekit.errors import DiagnosticSink
from rulekit.source.yaml_source import parse_yaml
from rulekit.source.files import bundled_rulesets

BROKEN = Path(__file__).resolve().parent / "broken"
BASE = BROKEN / "base.yaml"
MATTIS = bundled_rulesets()["mattis"]


def write(tmp_path: Path, text: str, name: str = "variant.yaml") -> Path:
    """Write ``text`` (dedented; ``BASE``/``MATTIS`` replaced by absolute paths)."""
    path = tmp_path / name
    text = textwrap.dedent(text).replace("BASE", str(BASE)).replace("MATTIS", str(MATTIS))
    path.write_text(text, encoding="utf-8")
    return path


def errors(path, options=None) -> list:
    """The errors of ``rulekit.check(path)``, which must not compile."""
    rules, diags = rulekit.check(str(path), options)
    errs = [d for d in diags if d.severity == "error"]
    assert rules is None and errs, "expected errors, got none"
    return errs


def only_error(path, options=None):
    errs = errors(path, options)
    assert len(errs) == 1, "expected one error, got:\n" + "\n".join(map(str, errs))
    return errs[0]


def only_error_in(path, options=None):
    """The one error in ``path`` itself (errors elsewhere, in a base, are ignored)."""
    errs = [d for d in errors(path, options)
            if Path(d.file).resolve() == Path(path).resolve()]
    assert len(errs) == 1, "expected one error, got:\n" + "\n".join(map(str, errs))
    return errs[0]


def check_at(d, path, line: int, column: int, *fragments: str) -> None:
    """``d`` is in ``path`` at ``line:column`` and its message holds every fragment."""
    assert Path(d.file).resolve() == Path(path).resolve(), str(d)
    assert (d.line, d.column) == (line, column), str(d)
    assert d.severity == "error"
    for fragment in fragments:
        assert fragment in d.message, str(d)


def test_the_base_of_the_broken_variants_is_valid():
    rules, diags = rulekit.check(str(BASE))
    assert rules is not None, "\n".join(map(str, diags))
    assert [d for d in diags if d.severity == "error"] == []


# ---- YAML ---------------------------------------------------------------------------

def test_bad_yaml_syntax(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        title: "an unclosed quote
        summary: x
        """)
    d = only_error(path)
    assert d.code == "yaml"
    check_at(d, path, 4, 1, "YAML syntax error", "quoted scalar")


def test_bad_indentation(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        players:
          min: 2
         max: 3
        """)
    d = only_error(path)
    check_at(d, path, 4, 2, "YAML syntax error")


def test_tab_indentation():
    d = only_error(BROKEN / "tab.yaml")
    check_at(d, BROKEN / "tab.yaml", 4, 1, "tab", "indent with spaces")


def test_duplicate_key(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        title: One
        summary: x
        title: Two
        """)
    d = only_error(path)
    assert d.code == "duplicate-key"
    check_at(d, path, 4, 1, "duplicate key 'title'", "first at line 2")


def test_duplicate_key_nested(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        zones:
          table: {per: game, see: all, per: seat}
        """)
    d = only_error(path)
    check_at(d, path, 3, 32, "duplicate key 'per'")


@pytest.mark.parametrize("text, kind", [("- a\n- b\n", "a list"),
                                        ("just words\n", "a single value")])
def test_top_level_not_a_mapping(tmp_path, text, kind):
    path = tmp_path / "top.yaml"
    path.write_text(text, encoding="utf-8")
    d = only_error(path)
    check_at(d, path, 1, 1, "top level", "must be a mapping", kind)


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_empty_file(tmp_path, text):
    path = tmp_path / "empty.yaml"
    path.write_text(text, encoding="utf-8")
    d = only_error(path)
    check_at(d, path, 1, 1, "empty")


def test_yaml_merge_keys_are_refused(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        zones:
          <<: {table: {per: seat}}
        """)
    d = only_error(path)
    check_at(d, path, 3, 3, "merge keys", "extends")


@pytest.mark.parametrize("word", ["yes", "no", "on", "off", "Yes", "ON"])
def test_yaml11_booleans_stay_strings(tmp_path, word):
    """`default: yes` is text, so it is reported as a bad default, not silently true."""
    path = write(tmp_path, f"""\
        extends: BASE
        options:
          pass_left: {{type: bool, default: {word}}}
        """)
    d = only_error_in(path)
    check_at(d, path, 3, 36, f"option 'pass_left': default '{word}'", "true or false")


def test_sexagesimal_stays_a_string(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        options:
          hand_cards: {type: int, min: 1, max: 5, default: 1:30}
        """)
    d = only_error_in(path)
    check_at(d, path, 3, 52, "option 'hand_cards': default '1:30'", "whole number")


def test_bad_option_default_gives_no_follow_on_error(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        options:
          hand_cards: {type: int, min: 1, max: 5, default: 1:30}
        """)
    only_error(path)


def test_loader_keeps_yaml11_scalars_as_text():
    sink = DiagnosticSink()
    src = parse_yaml("a: yes\nb: no\nc: on\nd: off\ne: 1:30\nf: true\ng: 12\nh: ~\n",
                     "<string>", sink)
    assert not sink.items
    assert src.data == {"a": "yes", "b": "no", "c": "on", "d": "off", "e": "1:30",
                        "f": True, "g": 12, "h": None}


# ---- shape (JSON Schema) --------------------------------------------------------------

def test_unknown_top_level_key(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        tittle: Typo
        """)
    d = only_error(path)
    assert d.code == "schema"
    check_at(d, path, 2, 1, "unknown key 'tittle'", "did you mean 'title'")


def test_unknown_nested_key_is_reported_at_the_key(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        zones:
          hand: {per: seat, sea: owner}
        phases:
          main:
            steps:
              play_turn:
                nxt: play_turn
        """)
    first, second = errors(path)
    check_at(first, path, 3, 21, "unknown key 'sea'", "did you mean 'see'")
    check_at(second, path, 8, 9, "unknown key 'nxt'", "did you mean 'next'")


def test_wrong_type(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        players: {min: two, max: 4}
        """)
    d = only_error(path)
    check_at(d, path, 2, 16, "players.min", "whole number", "'two'")


def test_wrong_type_of_a_section(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        phases: [main]
        """)
    d = only_error(path)
    check_at(d, path, 2, 9, "phases must be a mapping", "not a list")


def test_value_not_in_enum(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        zones:
          hand: {per: seats}
        """)
    d = only_error(path)
    check_at(d, path, 3, 15, "zones.hand.per", "'seats'", "game, seat")


def test_missing_required_key(tmp_path):
    path = write(tmp_path, """\
        rulekit: 1
        name: small
        players: {min: 2, max: 4}
        """)
    d = only_error(path)
    check_at(d, path, 1, 1, "missing key 'phases'")


def test_missing_required_nested_key(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        options:
          fast: {type: bool}
        """)
    d = only_error(path)
    check_at(d, path, 3, 9, "options.fast", "missing key 'default'")


def test_unknown_effect(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - sett: turn = left_of(dealer)
        """)
    d = only_error(path)
    check_at(d, path, 4, 5, "unknown effect 'sett'", "did you mean 'set'", "move, deal")


def test_malformed_effect_missing_part(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        setup:
          - deal: {from: deck, each: hand_size}
          - set: turn = left_of(dealer)
        """)
    d = only_error(path)
    check_at(d, path, 3, 11, "missing key 'to'", "the form is `deal: {from, to")


def test_malformed_effect_wrong_value(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - set: [turn, 0]
        """)
    d = only_error(path)
    check_at(d, path, 4, 10, "must be text, not a list", "set: VAR = EXPR")


def test_two_effects_in_one_item(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        setup:
          - {deal: {from: deck, to: hand, each: hand_size}, set: turn = 0}
        """)
    d = only_error(path)
    check_at(d, path, 3, 53, "'deal' and 'set' are two effects", "its own '- '")


def test_effect_without_colon(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - set turn = left_of(dealer)
        """)
    d = only_error(path)
    check_at(d, path, 4, 5, "an effect is a one-key mapping", "forget the ':' after 'set'")


def test_unknown_key_in_an_effect(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - if: true
            thne: []
        """)
    d = only_error(path)
    check_at(d, path, 5, 5, "unknown key 'thne'", "did you mean 'then'")


def test_wrong_next(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        phases:
          main:
            steps:
              play_turn:
                next: 5
        """)
    d = only_error(path)
    check_at(d, path, 6, 15, "next: must be a step or phase name")


# ---- expressions --------------------------------------------------------------------

def test_expression_syntax_error_points_at_the_bad_token(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        definitions:
          hand_size: 3 +* 2
        """)
    d = only_error(path)
    assert d.code == "expr-syntax"
    check_at(d, path, 3, 17, "unexpected '*'", "expected", "^")


def test_expression_ends_too_early_points_past_the_end(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        definitions:
          hand_size: (3 + 2
        """)
    d = only_error(path)
    check_at(d, path, 3, 20, "ends too early", "expected ')'")


def test_syntax_error_on_the_second_line_of_a_block_scalar():
    path = BROKEN / "block_scalar.yaml"
    d = only_error(path)
    check_at(d, path, 7, 21, "unexpected '*'")


@pytest.mark.parametrize("style", [">-", "|", ">"])
def test_error_on_the_second_line_of_any_block_style(tmp_path, style):
    path = write(tmp_path, f"""\
        extends: BASE
        definitions:
          next_turn(s): {style}
            left_of(s) if option.pass_left
            else lft_of(s)
        """)
    d = only_error(path)
    check_at(d, path, 5, 10, "unknown function 'lft_of'", "did you mean 'left_of'")


def test_error_on_the_second_line_of_a_quoted_scalar(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        definitions:
          next_turn(s): "left_of(s) if option.pass_left
            else lft_of(s)"
        """)
    d = only_error(path)
    check_at(d, path, 4, 10, "unknown function 'lft_of'", "did you mean 'left_of'")


def test_unknown_name(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        phases:
          main:
            actions:
              play:
                legal: empty(tabel)
        """)
    d = only_error(path)
    assert d.code == "unknown-name"
    check_at(d, path, 6, 22, "unknown name 'tabel'", "did you mean 'table'")


def test_unknown_name_in_an_announcement(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - announce: "seat {dealr} deals"
        """)
    d = only_error(path)
    check_at(d, path, 4, 22, "unknown name 'dealr'", "did you mean 'dealer'")


def test_unknown_variable_in_set(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - set: trun = left_of(dealer)
        """)
    d = only_error(path)
    check_at(d, path, 4, 10, "unknown variable 'trun'", "did you mean 'turn'")


def test_wrong_arity_of_a_builtin(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        definitions:
          hand_size: min(option.hand_cards)
        """)
    d = only_error(path)
    assert d.code == "arity"
    check_at(d, path, 3, 14, "'min' takes 2 argument(s)", "min(int, int)", "not 1")


def test_wrong_arity_of_a_definition(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - set: turn = next_turn(dealer, 1)
        """)
    d = only_error(path)
    check_at(d, path, 4, 17, "'next_turn' takes 1 argument(s)", "not 2")


def test_definition_with_parameters_used_without_them(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - set: turn = next_turn
        """)
    d = only_error(path)
    check_at(d, path, 4, 17, "'next_turn' takes 1 argument(s)", "next_turn(s)")


def test_type_mismatch(tmp_path):
    """Comparing a card with a number using `<`."""
    path = write(tmp_path, """\
        extends: BASE
        phases:
          main:
            actions:
              play:
                legal: empty(table) or c < 5
        """)
    d = only_error(path)
    assert d.code == "type"
    check_at(d, path, 6, 32, "'<' compares numbers", "not card")


def test_unknown_option(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        definitions:
          hand_size: option.hand_card
        """)
    d = only_error(path)
    check_at(d, path, 3, 21, "unknown option 'hand_card'", "did you mean 'hand_cards'")


def test_unknown_option_in_a_variant_of_the_bundled_ruleset(tmp_path):
    path = write(tmp_path, """\
        extends: MATTIS
        definitions:
          hand_size: 3 if option.sequence else 4
        """)
    d = only_error(path)
    check_at(d, path, 3, 26, "unknown option 'sequence'", "did you mean 'sequences'")


def test_all_errors_of_a_file_at_once():
    path = BROKEN / "two_errors.yaml"
    first, second = errors(path)
    check_at(first, path, 4, 20, "unknown name 'hnad'")
    check_at(second, path, 5, 40, "unknown function 'cout'")


# ---- extends ------------------------------------------------------------------------

def test_extends_a_missing_file(tmp_path):
    path = write(tmp_path, "extends: nowhere/base.yaml\n")
    d = only_error(path)
    assert d.code == "missing-base"
    check_at(d, path, 1, 10, "no ruleset 'nowhere/base.yaml'", "relative to this file")


def test_extends_a_misspelt_bundled_name(tmp_path):
    path = write(tmp_path, "extends: matis\n")
    d = only_error(path)
    check_at(d, path, 1, 10, "no ruleset 'matis'", "did you mean 'mattis'")


def test_extends_a_folder(tmp_path):
    (tmp_path / "folder").mkdir()
    path = write(tmp_path, "extends: folder\n")
    d = only_error(path)
    check_at(d, path, 1, 10, "is a folder")


def test_extends_cycle():
    d = only_error(BROKEN / "cycle_a.yaml")
    assert d.code == "extends-cycle"
    check_at(d, BROKEN / "cycle_b.yaml", 2, 10,
             "extends cycle: cycle_a.yaml -> cycle_b.yaml -> cycle_a.yaml")


def test_extends_itself(tmp_path):
    path = write(tmp_path, "extends: variant.yaml\n")
    d = only_error(path)
    check_at(d, path, 1, 10, "extends cycle")


def test_errors_point_into_the_file_that_holds_them():
    errs = errors(BROKEN / "variant_of_bad_base.yaml")
    assert len(errs) == 2
    base_err, variant_err = sorted(errs, key=lambda d: "variant" in d.file)
    check_at(base_err, BROKEN / "bad_base.yaml", 5, 29, "unknown function 'rnak'")
    check_at(variant_err, BROKEN / "variant_of_bad_base.yaml", 5, 38,
             "unknown option 'pass_lft'")


# ---- options ------------------------------------------------------------------------

def test_bad_option_default(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        options:
          hand_cards:
            default: 9
        """)
    d = only_error_in(path)
    assert d.code == "option"
    check_at(d, path, 4, 14, "option 'hand_cards': default 9", "between 1 and 5")


def test_chosen_option_value_out_of_range():
    errs = errors(BASE, {"hand_cards": "7"})
    assert len(errs) == 1
    d = errs[0]
    assert d.code == "option" and d.file is None
    assert "option hand_cards=7" in d.message and "between 1 and 5" in d.message


def test_chosen_option_value_out_of_range_in_the_bundled_ruleset():
    d = only_error(MATTIS, {"min_run": "7"})
    assert "option min_run=7" in d.message and "between 2 and 3" in d.message


@pytest.mark.parametrize("options, fragments", [
    ({"hand_card": "2"}, ("unknown option 'hand_card'", "did you mean 'hand_cards'",
                          "options of this ruleset: hand_cards, pass_left")),
    ({"pass_left": "maybe"}, ("option pass_left=maybe", "true or false")),
    ({"hand_cards": "many"}, ("option hand_cards=many", "whole number")),
])
def test_chosen_option_errors(options, fragments):
    d = only_error(BASE, options)
    for fragment in fragments:
        assert fragment in d.message, str(d)


# ---- the machine --------------------------------------------------------------------

def test_transition_to_a_missing_step(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        phases:
          main:
            steps:
              play_turn:
                next: play_trun
        """)
    d = only_error(path)
    assert d.code == "unknown-target"
    check_at(d, path, 6, 15, "no step or phase 'play_trun'", "did you mean 'play_turn'")


def test_start_step_missing(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        phases:
          main:
            start: begin
        """)
    d = only_error(path)
    check_at(d, path, 4, 12, "start step 'begin' does not exist")


def test_unreachable_step(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        phases:
          main:
            steps:
              orphan:
                next: play_turn
        """)
    d = only_error(path)
    assert d.code == "unreachable"
    check_at(d, path, 5, 7, "step 'orphan'", "never be reached")


def test_trap_cycle(tmp_path):
    """Steps that can be reached but never lead to the end of the game."""
    path = write(tmp_path, """\
        extends: BASE
        phases:
          main:
            steps:
              play_turn:
                next:
                  - if: empty(hand[actor])
                    goto: spin
                  - do:
                      - set: turn = next_turn(actor)
                    goto: play_turn
              spin:
                next: spin_more
              spin_more:
                next: spin
        """)
    errs = errors(path)
    assert [d.code for d in errs] == ["trap", "trap", "trap"]
    check_at(errs[0], path, 5, 7, "step 'play_turn'", "never lead to the end of the game")
    check_at(errs[1], path, 12, 7, "step 'spin'", "never lead to the end of the game")
    check_at(errs[2], path, 14, 7, "step 'spin_more'")


def test_action_missing_from_the_phase(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        phases:
          main:
            steps:
              play_turn:
                actions: [play, pass]
        """)
    d = only_error(path)
    check_at(d, path, 6, 25, "phase 'main' has no action 'pass'")


# ---- YAML syntax that clashes with expressions ----------------------------------------

def test_flow_sequence_clashes_with_an_expression():
    path = BROKEN / "flow_clash.yaml"
    d = only_error(path)
    check_at(d, path, 7, 20, "YAML syntax error", "block style", "quote the expression")


def test_inline_flow_list_with_an_index(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - for: s in seats()
            do: [set: turn = seats()[0]]
        """)
    d = only_error(path)
    check_at(d, path, 5, 29, "block style", "quote")


def test_colon_in_a_plain_value(tmp_path):
    path = write(tmp_path, """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - announce: seat {dealer}: deals
        """)
    d = only_error(path)
    check_at(d, path, 4, 28, "a ': ' inside a value", "quote the value")


# ---- files that are not there -----------------------------------------------------------

def test_missing_file(tmp_path):
    rules, diags = rulekit.check(str(tmp_path / "nope.yaml"))
    assert rules is None
    [d] = diags
    assert d.code == "missing-file" and "nope.yaml: no such file" in d.message


def test_folder_instead_of_a_file(tmp_path):
    rules, diags = rulekit.check(str(tmp_path))
    assert rules is None
    [d] = diags
    assert "is a folder" in d.message


def test_unknown_ruleset_name():
    rules, diags = rulekit.check("matis")
    assert rules is None
    [d] = diags
    assert "unknown ruleset 'matis'" in d.message and "did you mean 'mattis'" in d.message
    for name in bundled_rulesets():
        assert name in d.message


def test_not_utf8(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("title: Mätti\n".encode("latin-1"))
    d = only_error(path)
    check_at(d, path, 1, 1, "not UTF-8")


def test_load_raises_ruleset_error_listing_every_error():
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load(str(BROKEN / "two_errors.yaml"))
    text = str(info.value)
    assert "two_errors.yaml:4:20: error: unknown name 'hnad'" in text
    assert "two_errors.yaml:5:40: error: unknown function 'cout'" in text
    assert len(info.value.errors) == 2
