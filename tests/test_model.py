"""The compiled model is complete: what explain, diff, the prompt's reasons, hints and
the hot-path builder need is on the model (each action's choice tree and legal
condition as written, each step's actor and transitions, each phase's heuristic and
display), so none of them reads the ruleset's source data; play-time expressions go
through the expression service (rulekit.compiler.service), not the compile context."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import rulekit
from rulekit.lang import syntax
from rulekit.lang.types import ExprError

ROOT = Path(__file__).resolve().parents[1] / "rulekit"
CONSUMERS = [*(ROOT / d for d in ("play", "analysis", "web", "openspiel", "simulation")),
             ROOT / "compiler" / "hotpath.py"]


def test_no_consumer_reads_the_source_data():
    reads = re.compile(r"source\.data|\bc\.data\b|\w\.context\b")
    for place in CONSUMERS:
        for path in ([place] if place.is_file() else sorted(place.rglob("*.py"))):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                assert not reads.search(line), f"{path}:{n}: {line.strip()}"


@pytest.mark.parametrize("name", sorted(rulekit.bundled()))
def test_every_action_and_step_is_on_the_model_as_written(name):
    rules = rulekit.load(name)
    data = rules.source.data        # (the test compares the model with what is written)
    for pname, phase in rules.phases.items():
        pdata = data["phases"][pname]
        assert phase.heuristic_text == pdata.get("heuristic")
        assert dict(phase.display_text) == dict(pdata.get("display") or {})
        for aname, a in phase.actions.items():
            adata = pdata["actions"][aname]
            assert a.choose_text == adata["choose"] and a.legal_text == adata.get("legal")
            assert isinstance(a.choose, (syntax.ChooseIn, syntax.ChooseParts,
                                         syntax.ChooseNothing))
            assert (a.choose.kind == "choose_in" and a.kind != "parts") == (a.var is not None)
            assert (a.kind == "parts") == (a.parts is not None)     # a choice in parts
            assert json.loads(a.written) == adata
            assert a.do.items == list(adata.get("do") or [])
        for sname, s in phase.steps.items():
            sdata = pdata["steps"][sname]
            assert (s.actor_text, s.actors_text, s.until_text) == (
                sdata.get("actor"), sdata.get("actors"), sdata.get("until"))
            assert list(s.action_names) == list(sdata.get("actions") or [])
            assert s.next_name == isinstance(sdata["next"], str)
            assert json.loads(s.written) == sdata
            if not s.next_name:
                assert [t.cond for t in s.transitions] == [t.get("if") for t in sdata["next"]]
    for info in rules.definitions.values():
        assert info.head in data["definitions"]
    for proc in rules.procedures.values():
        body = data["procedures"][proc.head]
        assert proc.block.items == list(body.get("do") if isinstance(body, dict) else body)


def test_the_expression_service():
    rules = rulekit.load("mattis")
    game = rules.new_game(players=4, seed=2)
    fn, typ = rules.expressions.compile("count(hand[s]) + 1", ("s",))
    assert typ == "int"
    assert game.call_ruleset(fn, {"s": 1}) == len(game.dump()["zones"]["hand"][1]) + 1
    assert rules.expressions.compile("count(hand[s]) + 1", ("s",))[0] is fn    # cached
    with pytest.raises(ExprError) as exc:
        rules.expressions.compile("count(hand)", ())
    assert "zone per seat" in exc.value.message
    with pytest.raises(TypeError):
        rules.expressions.compile(3)
    assert not hasattr(rules, "context")
