"""Limits on everything read (rulekit/limits.py): each reports where and which limit,
fast, never a traceback or a hang."""
import json

import pytest

import rulekit
from rulekit import limits
from rulekit.cli import main

LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{b}: &{b} [{', '.join(['*' + a] * 10)}]\n" for a, b in zip("abcdefg", "bcdefgh"))


def diag(tmp_path, text):
    path = tmp_path / "r.yaml"
    path.write_text(text) if isinstance(text, str) else path.write_bytes(text)
    rules, diags = rulekit.check(str(path))
    assert rules is None
    return next(d for d in diags if d.severity == "error")


def test_billion_laughs_is_refused_at_once(tmp_path):
    d = diag(tmp_path, "rulekit: 1\nname: x\n" + LAUGHS)
    assert f"more than {limits.MAX_YAML_NODES} nodes" in d.message and d.line >= 3


def test_deep_nesting_is_reported_at_its_line(tmp_path):
    d = diag(tmp_path, "rulekit: 1\nname: x\ndeep: " + "[" * 100 + "]" * 100 + "\n")
    assert d.line == 3 and f"more than {limits.MAX_NESTING} levels deep" in d.message


def test_a_huge_number_is_reported_with_the_limit(tmp_path):
    d = diag(tmp_path, "rulekit: 1\nname: x\nplayers: {min: 2, max: " + "9" * 5000 + "}\n")
    assert d.line == 3 and f"the limit is {limits.MAX_INT_DIGITS}" in d.message


def test_a_big_file_is_refused_by_its_size(tmp_path):
    d = diag(tmp_path, "#" * (limits.MAX_FILE_BYTES + 10))
    assert f"at most {limits.MAX_FILE_BYTES}" in d.message


@pytest.mark.parametrize("expr, words", [
    ("1 + " * 3000 + "1", "characters: the limit is"),
    ("-" * 150 + "1", "levels deep"),
    ("1" * 30, "digits: the limit is"),
])
def test_expressions_over_a_limit(expr, words):
    game = rulekit.load("mattis").new_game(seed=1)
    with pytest.raises(rulekit.RulesetError, match=words):
        game.evaluate(expr)


def test_a_long_extends_chain_is_refused(tmp_path):
    for i in range(limits.MAX_EXTENDS + 2):
        base = "mattis" if i == 0 else f"v{i - 1}.yaml"
        (tmp_path / f"v{i}.yaml").write_text(f"rulekit: 1\nextends: {base}\nname: v{i}\n")
    _, diags = rulekit.check(str(tmp_path / f"v{limits.MAX_EXTENDS + 1}.yaml"))
    assert any("the limit" in d.message and "chain" in d.message for d in diags)


@pytest.mark.parametrize("record, words", [
    ({"players": 10**20}, "digits: the limit is"),
    ({"players": 65}, "from 1 to 64"),
    ({"actions": ["x"] * (limits.MAX_RECORD_ACTIONS + 1)}, "at most"),
])
def test_records_over_a_limit(tmp_path, capsys, record, words):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"format": "rulekit-record/2", "ruleset": "mattis",
                                "players": 4, "actions": [], **record}))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


# ---- names longer than YAML reads ------------------------------------------------------

def test_the_schema_and_the_yaml_reader_share_the_limit_of_names():
    from rulekit.lang.schema import load_schema
    assert load_schema()["$defs"]["identifier"]["maxLength"] == limits.MAX_NAME_CHARS


@pytest.mark.parametrize("length", [1025, 10000])
def test_a_name_longer_than_yaml_reads_is_reported_as_a_name_at_its_place(tmp_path, length):
    d = diag(tmp_path, "rulekit: 1\nname: x\nzones:\n  hand: {per: seat}\n  "
             + "z" * length + ": {per: game}\n")
    assert (d.line, d.column) == (5, 3)
    assert d.message == f"a name of {length} characters; the limit is {limits.MAX_NAME_CHARS}"


# ---- loops: every round of repeat and for counts, per action ---------------------------

LOOPS = """rulekit: 1
name: loops
players: {min: 2, max: 2}
cards: {ranks: 2 3, suits: C D}
zones:
  hand: {per: seat, see: owner}
vars:
  n: {type: int, init: 0}
setup:
  - repeat: 10
    do:
      - repeat: INNER
        do:
          - set: n = n + 1
phases:
  main:
    start: go
    actions:
      go:
        choose: nothing
        do:
          - repeat: 10
            do:
              - repeat: 9999
                do:
                  - set: n = n + 1
    steps:
      go:
        actor: 0
        actions: [go]
        next:
          - if: n >= 5 * 99990
            do:
              - end_game: {loser: 1}
            goto: go
          - goto: go
"""


@pytest.mark.parametrize("inner, ends", [(9999, "in_progress"), (10000, "aborted")])
def test_the_deal_may_loop_up_to_the_limit_and_not_one_round_more(tmp_path, inner, ends):
    """10 rounds of the outer repeat, 10 x INNER of the inner: 100,000 rounds in all is
    the limit (MAX_LOOP_ROUNDS), 100,010 is over it."""
    assert limits.MAX_LOOP_ROUNDS == 100_000
    path = tmp_path / "loops.yaml"
    path.write_text(LOOPS.replace("INNER", str(inner)))
    game = rulekit.load(str(path)).new_game(seed=1)
    assert game.result.status == ends
    if ends == "aborted":
        assert "more than 100000 rounds in one action" in game.result.message


def test_the_count_of_rounds_starts_again_at_each_action(tmp_path):
    """The deal and each action loop 99,990 times: together far more than the limit,
    and none of them is stopped."""
    path = tmp_path / "loops.yaml"
    path.write_text(LOOPS.replace("INNER", "9999"))
    game = rulekit.load(str(path)).new_game(seed=1)
    while not game.finished:
        game.apply(game.legal_actions()[0])
    assert game.result.status == "finished" and game.evaluate("n") >= 5 * 99990
