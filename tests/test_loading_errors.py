"""Every kind of ruleset error gets a clear diagnostic at the right place (DESIGN.md,
"Errors and bad input"): ``rulekit.check(path)`` never raises, and returns each error
with its file, line, column and a message that says what is wrong.

The cases are one table, ``CASES``: a ruleset (YAML text, or a file in tests/broken/),
the error(s) it must give (line, column, message fragments) and, where it matters, the
error's code. Most are small variants written to ``tmp_path`` that extend ``tests/broken/
base.yaml`` (a tiny complete ruleset) by absolute path (``BASE``); cases that read
better as a file, or that need several files, are in ``tests/broken/``. A few extend the
bundled ruleset by its absolute path (``MATTIS``), as a rules author would. Options
chosen at load time are the table ``CHOSEN_OPTIONS``; the few cases of another shape
are functions at the end.
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


def check_at(d, path, line: int, column: int, *fragments: str) -> None:
    """``d`` is in ``path`` at ``line:column`` and its message holds every fragment."""
    assert Path(d.file).resolve() == Path(path).resolve(), str(d)
    assert (d.line, d.column) == (line, column), str(d)
    assert d.severity == "error"
    for fragment in fragments:
        assert fragment in d.message, str(d)


# ---- the table ----------------------------------------------------------------------------

def case(id, source, *expected, code=None, own=False, error_in=None):
    """One row: ``source`` (YAML text for ``write``, or ``BROKEN / NAME``, or bytes) must
    give exactly the ``expected`` errors, in order, each ``(line, column, *fragments)``.
    ``code``: every error has this code. ``own``: count only the errors in the file
    itself (not those in its base). ``error_in``: the errors are in that file of
    tests/broken/, not in ``source``."""
    return pytest.param(source, expected, code, own, error_in, id=id)


CASES = [
    # ---- YAML -------------------------------------------------------------------------
    case("bad_yaml_syntax", """\
        extends: BASE
        title: "an unclosed quote
        summary: x
        """, (2, 8, "YAML syntax error", "never closed"), code="yaml"),   # where it opens
    case("bad_indentation", """\
        extends: BASE
        players:
          min: 2
         max: 3
        """, (4, 2, "YAML syntax error")),
    case("tab_indentation", BROKEN / "tab.yaml", (4, 1, "tab", "indent with spaces")),
    case("duplicate_key", """\
        extends: BASE
        title: One
        summary: x
        title: Two
        """, (4, 1, "duplicate key 'title'", "first at line 2"), code="duplicate-key"),
    case("duplicate_key_nested", """\
        extends: BASE
        zones:
          table: {per: game, see: all, per: seat}
        """, (3, 32, "duplicate key 'per'")),
    *[case(f"top_level_not_a_mapping-{kind}", text,
           (1, 1, "top level", "must be a mapping", kind))
      for text, kind in [("- a\n- b\n", "a list"), ("just words\n", "a single value")]],
    *[case(f"empty_file-{what}", text, (1, 1, "empty"))
      for text, what in [("", "nothing"), ("\n\n", "blank lines"),
                         ("# only a comment\n", "a comment")]],
    case("yaml_merge_keys_are_refused", """\
        extends: BASE
        zones:
          <<: {table: {per: seat}}
        """, (3, 3, "merge keys", "extends")),
    # `default: yes` is text, so it is reported as a bad default, not silently true
    *[case(f"yaml11_booleans_stay_strings-{word}", f"""\
        extends: BASE
        options:
          pass_left: {{type: bool, default: {word}}}
        """, (3, 36, f"option 'pass_left': default '{word}'", "true or false"), own=True)
      for word in ["yes", "no", "on", "off", "Yes", "ON"]],
    case("sexagesimal_stays_a_string", """\
        extends: BASE
        options:
          hand_cards: {type: int, min: 1, max: 5, default: 1:30}
        """, (3, 52, "option 'hand_cards': default '1:30'", "whole number"), own=True),
    case("bad_option_default_gives_no_follow_on_error", """\
        extends: BASE
        options:
          hand_cards: {type: int, min: 1, max: 5, default: 1:30}
        """, (3, 52, "option 'hand_cards': default '1:30'")),

    # ---- shape (JSON Schema) ------------------------------------------------------------
    case("unknown_top_level_key", """\
        extends: BASE
        tittle: Typo
        """, (2, 1, "unknown key 'tittle'", "did you mean 'title'"), code="schema"),
    case("unknown_nested_key_is_reported_at_the_key", """\
        extends: BASE
        zones:
          hand: {per: seat, sea: owner}
        phases:
          main:
            steps:
              play_turn:
                nxt: play_turn
        """, (3, 21, "unknown key 'sea'", "did you mean 'see'"),
         (8, 9, "unknown key 'nxt'", "did you mean 'next'")),
    case("wrong_type", """\
        extends: BASE
        players: {min: two, max: 4}
        """, (2, 16, "players.min", "whole number", "'two'")),
    case("wrong_type_of_a_section", """\
        extends: BASE
        phases: [main]
        """, (2, 9, "phases must be a mapping", "not a list")),
    case("value_not_in_enum", """\
        extends: BASE
        zones:
          hand: {per: seats}
        """, (3, 15, "zones.hand.per", "'seats'", "game, seat")),
    case("missing_required_key", """\
        rulekit: 1
        name: small
        players: {min: 2, max: 4}
        """, (1, 1, "missing key 'phases'")),
    case("missing_required_nested_key", """\
        extends: BASE
        options:
          fast: {type: bool}
        """, (3, 9, "options.fast", "missing key 'default'")),
    case("unknown_effect", """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - sett: turn = left_of(dealer)
        """, (4, 5, "unknown effect 'sett'", "did you mean 'set'", "move, deal")),
    case("malformed_effect_missing_part", """\
        extends: BASE
        setup:
          - deal: {from: deck, each: hand_size}
          - set: turn = left_of(dealer)
        """, (3, 11, "missing key 'to'", "the form is `deal: {from, to")),
    case("malformed_effect_wrong_value", """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - set: [turn, 0]
        """, (4, 10, "must be text, not a list", "set: VAR = EXPR")),
    case("two_effects_in_one_item", """\
        extends: BASE
        setup:
          - {deal: {from: deck, to: hand, each: hand_size}, set: turn = 0}
        """, (3, 53, "'deal' and 'set' are two effects", "its own '- '")),
    case("effect_without_colon", """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - set turn = left_of(dealer)
        """, (4, 5, "an effect is a one-key mapping", "forget the ':' after 'set'")),
    case("unknown_key_in_an_effect", """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - if: true
            thne: []
        """, (5, 5, "unknown key 'thne'", "did you mean 'then'")),
    case("wrong_next", """\
        extends: BASE
        phases:
          main:
            steps:
              play_turn:
                next: 5
        """, (6, 15, "next: must be a step or phase name")),

    # ---- expressions ----------------------------------------------------------------------
    case("expression_syntax_error_points_at_the_bad_token", """\
        extends: BASE
        definitions:
          hand_size: 3 +* 2
        """, (3, 17, "unexpected '*'", "expected", "^"), code="expr-syntax"),
    case("expression_ends_too_early_points_past_the_end", """\
        extends: BASE
        definitions:
          hand_size: (3 + 2
        """, (3, 20, "ends too early", "expected ')'")),
    case("syntax_error_on_the_second_line_of_a_block_scalar", BROKEN / "block_scalar.yaml",
         (7, 21, "unexpected '*'")),
    *[case(f"error_on_the_second_line_of_any_block_style-{style}", f"""\
        extends: BASE
        definitions:
          next_turn(s): {style}
            left_of(s) if option.pass_left
            else lft_of(s)
        """, (5, 10, "unknown function 'lft_of'", "did you mean 'left_of'"))
      for style in [">-", "|", ">"]],
    case("error_on_the_second_line_of_a_quoted_scalar", """\
        extends: BASE
        definitions:
          next_turn(s): "left_of(s) if option.pass_left
            else lft_of(s)"
        """, (4, 10, "unknown function 'lft_of'", "did you mean 'left_of'")),
    case("unknown_name", """\
        extends: BASE
        phases:
          main:
            actions:
              play:
                legal: empty(tabel)
        """, (6, 22, "unknown name 'tabel'", "did you mean 'table'"), code="unknown-name"),
    case("unknown_name_in_an_announcement", """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - announce: "seat {dealr} deals"
        """, (4, 22, "unknown name 'dealr'", "did you mean 'dealer'")),
    case("unknown_variable_in_set", """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - set: trun = left_of(dealer)
        """, (4, 10, "unknown variable 'trun'", "did you mean 'turn'")),
    case("wrong_arity_of_a_builtin", """\
        extends: BASE
        definitions:
          hand_size: min(option.hand_cards)
        """, (3, 14, "'min' takes 2 argument(s)", "min(int, int)", "not 1"), code="arity"),
    case("wrong_arity_of_a_definition", """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - set: turn = next_turn(dealer, 1)
        """, (4, 17, "'next_turn' takes 1 argument(s)", "not 2")),
    case("definition_with_parameters_used_without_them", """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - set: turn = next_turn
        """, (4, 17, "'next_turn' takes 1 argument(s)", "next_turn(s)")),
    # comparing a card with a number using `<`
    case("type_mismatch", """\
        extends: BASE
        phases:
          main:
            actions:
              play:
                legal: empty(table) or c < 5
        """, (6, 32, "'<' compares numbers", "not card"), code="type"),
    case("unknown_option", """\
        extends: BASE
        definitions:
          hand_size: option.hand_card
        """, (3, 21, "unknown option 'hand_card'", "did you mean 'hand_cards'")),
    case("unknown_option_in_a_variant_of_the_bundled_ruleset", """\
        extends: MATTIS
        definitions:
          hand_size: 3 if option.sequence else 4
        """, (3, 26, "unknown option 'sequence'", "did you mean 'sequences'")),
    case("all_errors_of_a_file_at_once", BROKEN / "two_errors.yaml",
         (4, 20, "unknown name 'hnad'"), (5, 40, "unknown function 'cout'")),

    # ---- extends ----------------------------------------------------------------------------
    case("extends_a_missing_file", "extends: nowhere/base.yaml\n",
         (1, 10, "no ruleset 'nowhere/base.yaml'", "relative to this file"), code="missing-base"),
    case("extends_a_misspelt_bundled_name", "extends: matis\n",
         (1, 10, "no ruleset 'matis'", "did you mean 'mattis'")),
    case("extends_cycle", BROKEN / "cycle_a.yaml",
         (2, 10, "extends cycle: cycle_a.yaml -> cycle_b.yaml -> cycle_a.yaml"),
         code="extends-cycle", error_in="cycle_b.yaml"),
    case("extends_itself", "extends: variant.yaml\n", (1, 10, "extends cycle")),

    # ---- options ----------------------------------------------------------------------------
    case("bad_option_default", """\
        extends: BASE
        options:
          hand_cards:
            default: 9
        """, (4, 14, "option 'hand_cards': default 9", "between 1 and 5"), code="option", own=True),

    # ---- the machine --------------------------------------------------------------------------
    case("transition_to_a_missing_step", """\
        extends: BASE
        phases:
          main:
            steps:
              play_turn:
                next: play_trun
        """, (6, 15, "no step or phase 'play_trun'", "did you mean 'play_turn'"),
         code="unknown-target"),
    case("start_step_missing", """\
        extends: BASE
        phases:
          main:
            start: begin
        """, (4, 12, "start step 'begin' does not exist")),
    case("unreachable_step", """\
        extends: BASE
        phases:
          main:
            steps:
              orphan:
                next: play_turn
        """, (5, 7, "step 'orphan'", "never be reached"), code="unreachable"),
    # steps that can be reached but never lead to the end of the game
    case("trap_cycle", """\
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
        """, (5, 7, "step 'play_turn'", "never lead to the end of the game"),
         (12, 7, "step 'spin'", "never lead to the end of the game"),
         (14, 7, "step 'spin_more'"), code="trap"),
    case("action_missing_from_the_phase", """\
        extends: BASE
        phases:
          main:
            steps:
              play_turn:
                actions: [play, pass]
        """, (6, 25, "phase 'main' has no action 'pass'")),

    # ---- YAML syntax that clashes with expressions ----------------------------------------
    case("flow_sequence_clashes_with_an_expression", BROKEN / "flow_clash.yaml",
         (7, 20, "YAML syntax error", "block style", "quote the expression")),
    case("inline_flow_list_with_an_index", """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - for: s in seats()
            do: [set: turn = seats()[0]]
        """, (5, 29, "block style", "quote")),
    case("colon_in_a_plain_value", """\
        extends: BASE
        setup:
          - deal: {from: deck, to: hand, each: hand_size}
          - announce: seat {dealer}: deals
        """, (4, 28, "a ': ' inside a value", "quote the value")),

    # ---- files that are not text ------------------------------------------------------------
    case("not_utf8", "title: Mätti\n".encode("latin-1"), (1, 1, "not UTF-8")),
]


@pytest.mark.parametrize("source, expected, code, own, error_in", CASES)
def test_error_is_reported_at_its_place(tmp_path, source, expected, code, own, error_in):
    if isinstance(source, Path):
        path = source
    elif isinstance(source, bytes):
        path = tmp_path / "variant.yaml"
        path.write_bytes(source)
    else:
        path = write(tmp_path, source)
    errs = errors(path)
    if own:                            # errors elsewhere, in a base, are not counted
        errs = [d for d in errs if Path(d.file).resolve() == path.resolve()]
    assert len(errs) == len(expected), \
        f"expected {len(expected)} error(s), got:\n" + "\n".join(map(str, errs))
    where = BROKEN / error_in if error_in else path
    for d, (line, column, *fragments) in zip(errs, expected):
        if code is not None:
            assert d.code == code, str(d)
        check_at(d, where, line, column, *fragments)


# ---- options chosen at load time: no file position ------------------------------------------

CHOSEN_OPTIONS = [
    # id, ruleset, chosen options, message fragments, the error's code (when checked)
    pytest.param(BASE, {"hand_cards": "7"}, ("option hand_cards=7", "between 1 and 5"),
                 "option", id="chosen_option_value_out_of_range"),
    pytest.param(MATTIS, {"min_run": "7"}, ("option min_run=7", "between 2 and 3"), None,
                 id="chosen_option_value_out_of_range_in_the_bundled_ruleset"),
    pytest.param(BASE, {"hand_card": "2"},
                 ("unknown option 'hand_card'", "did you mean 'hand_cards'",
                  "options of this ruleset: hand_cards, pass_left"), None,
                 id="chosen_option_errors-unknown"),
    pytest.param(BASE, {"pass_left": "maybe"}, ("option pass_left=maybe", "true or false"),
                 None, id="chosen_option_errors-bool"),
    pytest.param(BASE, {"hand_cards": "many"}, ("option hand_cards=many", "whole number"),
                 None, id="chosen_option_errors-int"),
]


@pytest.mark.parametrize("ruleset, options, fragments, code", CHOSEN_OPTIONS)
def test_chosen_option_error(ruleset, options, fragments, code):
    d = only_error(ruleset, options)
    if code is not None:
        assert d.code == code and d.file is None, str(d)
    for fragment in fragments:
        assert fragment in d.message, str(d)


# ---- cases of another shape -----------------------------------------------------------------

def test_the_base_of_the_broken_variants_is_valid():
    rules, diags = rulekit.check(str(BASE))
    assert rules is not None, "\n".join(map(str, diags))
    assert [d for d in diags if d.severity == "error"] == []


def test_loader_keeps_yaml11_scalars_as_text():
    sink = DiagnosticSink()
    src = parse_yaml("a: yes\nb: no\nc: on\nd: off\ne: 1:30\nf: true\ng: 12\nh: ~\n",
                     "<string>", sink)
    assert not sink.items
    assert src.data == {"a": "yes", "b": "no", "c": "on", "d": "off", "e": "1:30",
                        "f": True, "g": 12, "h": None}


def test_extends_a_folder(tmp_path):
    (tmp_path / "folder").mkdir()
    path = write(tmp_path, "extends: folder\n")
    d = only_error(path)
    check_at(d, path, 1, 10, "is a folder")


def test_errors_point_into_the_file_that_holds_them():
    errs = errors(BROKEN / "variant_of_bad_base.yaml")
    assert len(errs) == 2
    base_err, variant_err = sorted(errs, key=lambda d: "variant" in d.file)
    check_at(base_err, BROKEN / "bad_base.yaml", 5, 29, "unknown function 'rnak'")
    check_at(variant_err, BROKEN / "variant_of_bad_base.yaml", 5, 38,
             "unknown option 'pass_lft'")


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


def test_load_raises_ruleset_error_listing_every_error():
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load(str(BROKEN / "two_errors.yaml"))
    text = str(info.value)
    assert "two_errors.yaml:4:20: error: unknown name 'hnad'" in text
    assert "two_errors.yaml:5:40: error: unknown function 'cout'" in text
    assert len(info.value.errors) == 2
