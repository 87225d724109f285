"""A comparison with a literal that can never occur is an error when the ruleset is
checked, at the literal, saying what the pack (or the option, or the step) has: a rank
name, a suit, a card the pack does not have, an option value the option does not allow,
an action the step does not offer; with ``==``, ``!=``, ``in`` and ``not in`` a list of
literals. The values come from the ruleset's own ``cards:``, so any pack works: the toy
(tests/toys/literals.yaml) has ranks 7 8 9 T U O K A, suits E G R S and a joker.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import rulekit
from rulekit.source.files import bundled_rulesets

TOY = Path(__file__).parent / "toys" / "literals.yaml"
ROOT = Path(__file__).resolve().parents[1]
BASE = Path(__file__).parent / "broken" / "base.yaml"     # the standard pack


def errors_of(tmp_path, text: str) -> tuple[Path, list]:
    path = tmp_path / "toy.yaml"
    path.write_text(text, encoding="utf-8")
    rules, diags = rulekit.check(str(path))
    return path, [d for d in diags if d.severity == "error"]


def position(text: str, needle: str) -> tuple[int, int]:
    """(line, column), 1-based, of the first ``needle`` in ``text``."""
    before = text[:text.index(needle)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def test_the_toy_is_valid_and_plays():
    rules, diags = rulekit.check(str(TOY))
    assert rules is not None and diags == []
    game = rules.new_game(players=2, seed=1)
    while not game.finished:
        game.apply(game.legal_actions()[0])
    assert game.result.status == "finished"


CASES = [  # (the toy's text, replaced by, the literal, the message)
    ("rank_name(c) == 'U'", "rank_name(c) == '10'", "'10'",
     "'10' is not a rank name of this pack: it has 7 8 9 T U O K A ('10' is written 'T' "
     "here)"),
    ("rank_name(c) == 'U'", "rank_name(c) != 'Q'", "'Q'",
     "'Q' is not a rank name of this pack: it has 7 8 9 T U O K A"),
    ("suit(c) in ['E', 'R']", "suit(c) in ['E', 'H']", "'H'",
     "'H' is not a suit of this pack: it has E G R S"),
    ("suit(c) in ['E', 'R']", "suit(c) not in ['e']", "'e'",
     "'e' is not a suit of this pack: it has E G R S (write 'E')"),
    ("face(c) == 'JK'", "face(c) == 'QS'", "'QS'",
     "'QS' is not a card of this pack: its cards are a rank (7 8 9 T U O K A) then a suit "
     "(E G R S); and JK"),
    ("face(c) == 'JK'", "face(c) == '10E'", "'10E'", "(this pack writes it 'TE')"),
    ("rank(c) == 7", "rank(c) == 8", "8", "8 is not a rank of this pack: its ranks are "
     "0 (7) to 7 (A)"),
    ("c in ['UE', 'JK']", "c in ['UE', 'ZZ']", "'ZZ'", "'ZZ' is not a card of this pack"),
    ("option.scoring == 'low'", "option.scoring == 'sometimes'", "'sometimes'",
     "'sometimes' is not a value of option 'scoring': it allows high, low"),
    ("option.target != 3", "option.target != 4", "4",
     "4 is not a value of option 'target': it allows 1 to 3"),
    ("last_action == 'play'", "last_action == 'ply'", "'ply'",
     "'ply' is not an action of this step: it offers play, pass (did you mean 'play'?)"),
]


@pytest.mark.parametrize("old, new, literal, message", CASES,
                         ids=[c[1] for c in CASES])
def test_a_literal_that_never_occurs_is_an_error_at_the_literal(tmp_path, old, new, literal,
                                                                message):
    text = TOY.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    path, errors = errors_of(tmp_path, text)
    assert len(errors) == 1, "\n".join(map(str, errors))
    e = errors[0]
    line, column = position(text, new)
    assert (e.line, e.column) == (line, column + new.index(literal)), str(e)
    assert message in e.message, e.message
    assert e.code == "literal"


def test_every_such_literal_is_reported_in_one_run(tmp_path):
    text = TOY.read_text(encoding="utf-8")
    chosen = [CASES[i] for i in (0, 7, 9, 10)]          # in four expressions
    for old, new, _, _ in chosen:
        text = text.replace(old, new, 1)
    _, errors = errors_of(tmp_path, text)
    assert [(e.line, e.column) for e in errors] == [
        (position(text, new)[0], position(text, new)[1] + new.index(literal))
        for _, new, literal, _ in chosen]
    assert all(e.code == "literal" for e in errors)


def test_the_standard_pack_says_its_ranks(tmp_path):
    text = BASE.read_text(encoding="utf-8").replace(
        "high(cs): max_of(cs, c -> rank(c))",
        "high(cs): max_of(filter(cs, c -> rank_name(c) != '10'), c -> rank(c))")
    path, errors = errors_of(tmp_path, text)
    assert [str(e) for e in errors] == [
        f"{path}:{position(text, chr(39) + '10')[0]}:{position(text, chr(39) + '10')[1]}: "
        "error: '10' is not a rank name of this pack: it has 2 3 4 5 6 7 8 9 T J Q K A "
        "('10' is written 'T' here)"]


def test_a_card_compared_with_text_says_how_to_write_it(tmp_path):
    text = TOY.read_text(encoding="utf-8").replace("c in ['UE', 'JK']", "c == 'UE'")
    _, errors = errors_of(tmp_path, text)
    assert len(errors) == 1 and errors[0].code == "type"
    assert "write card('UE')" in errors[0].message


def test_a_definition_named_like_a_builtin_is_not_checked_as_it(tmp_path):
    text = TOY.read_text(encoding="utf-8").replace(
        "definitions:\n", "definitions:\n  face(c): \"'ZZ'\"\n").replace(
        "face(c) == 'JK'", "face(c) == 'ZZ'")
    _, errors = errors_of(tmp_path, text)
    assert errors == []


@pytest.mark.parametrize("path", sorted(bundled_rulesets().values())
                         + sorted((ROOT / "examples").glob("*.yaml")), ids=lambda p: p.name)
def test_the_bundled_rulesets_and_examples_still_validate(path):
    rules, diags = rulekit.check(str(path))
    assert rules is not None, "\n".join(map(str, diags))
