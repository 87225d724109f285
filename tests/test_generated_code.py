"""Code generated from a ruleset runs with no Python builtins in reach, and no value's
repr() is written into it: values come from a constants table, names are identifiers."""
import re

import rulekit
from rulekit.errors import GENERATED

ODD = """\
rulekit: 1
name: odd
players: {min: 2, max: 2}
cards: {ranks: 1 2, suits: X}
options:
  far: {type: choice, values: [1.0e999, 2], default: 1.0e999}
zones:
  hand: {per: seat, see: owner}
setup:
  - deal: {from: deck, to: hand, each: 1}
  - announce: "far is {option.far}; quote ' and brace-free text"
phases:
  main:
    start: go
    actions:
      pass: {choose: nothing}
    steps:
      go:
        actor: 0
        actions: [pass]
        next:
          - do:
              - end_game: {loser: 1}
            goto: go
"""


def test_generated_code_has_no_builtins():
    rules = rulekit.load("mattis")
    ns = rules.namespace
    assert ns["__builtins__"] == {}
    assert set(k for k in ("open", "eval", "exec", "__import__", "getattr") if k in ns) == set()
    try:        # (the model shows a read-only view; eval needs a dict of the same names)
        eval(compile("open", GENERATED, "eval"), dict(ns))
    except NameError:
        pass
    else:
        raise AssertionError("open() is in reach of generated code")


def test_values_come_from_the_constants_table(tmp_path):
    path = tmp_path / "odd.yaml"
    path.write_text(ODD)
    rules = rulekit.load(str(path))
    game = rules.new_game(seed=1)
    said = [e["text"] for e in game.events if "text" in e]
    assert said == ["far is inf; quote ' and brace-free text"]   # not the bare name inf
    assert float("inf") in rules.namespace["_K"]
    game.apply("pass")
    assert game.result.status == "finished"


def test_no_string_in_generated_code_but_plain_ones():
    """Every quoted text in the bundled rulesets' generated code is plain (letters,
    digits, spaces, a little punctuation: names, kinds, announcement words); every other
    text is read from the constants table."""
    for name in rulekit.bundled():
        rules = rulekit.load(name)
        blocks = [p.block for p in rules.procedures.values()] + [rules.setup]
        for step in rules.steps():
            blocks += [step.do] + [t.do for t in step.transitions] + \
                [a.do for a in step.actions]
        for block in blocks:
            for text in re.findall(r"'([^']*)'", block.source):
                assert re.fullmatch(r"[A-Za-z0-9_ .,:;!?-]*", text), (name, text)
