"""House-rule variants: extends and override by name, examples/, and the commands
new, explain, diff, graph, list (issue: house-rule variants)."""
import contextlib
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import rulekit
from rulekit.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
VARIANTS = sorted(EXAMPLES.glob("*.yaml"))


def run(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


# ---- the examples -----------------------------------------------------------------

def test_four_examples_with_header_comments():
    assert len(VARIANTS) >= 4
    for path in VARIANTS:
        text = path.read_text()
        assert text.startswith("# "), path.name
        assert "What changes:" in text and "Why a table might play it:" in text, path.name


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_example_validates_clean_and_plays(path):
    rules, diags = rulekit.check(str(path))
    assert rules is not None and diags == [], diags
    for seed in range(15):
        # random bots at a big table may take and retake for long: a guard well above
        game = rules.new_game(seed=seed, max_actions=100_000)
        rng = random.Random(seed)
        while not game.finished:
            game.apply(rng.choice(game.legal_actions()))
        assert game.result.status == "finished"


def test_runs_of_three_example_offers_three_card_runs_only():
    rules = rulekit.load(str(EXAMPLES / "mattis_runs3.yaml"))
    assert rules.options["sequences"] is True and rules.options["min_run"] == 3
    game = rules.new_game(seed=0)
    hand = ["5H", "6H", "7H", "9C", "TC"]
    runs = game.evaluate("playable(h)", h=hand)
    assert ["5H", "6H", "7H"] in runs and ["9C", "TC"] not in runs and ["5H", "6H"] not in runs


def test_take_all_example_empties_the_trick_on_a_take():
    rules = rulekit.load(str(EXAMPLES / "mattis_take_all.yaml"))
    game = rules.new_game(players=3, seed=2)
    rng = random.Random(2)
    while not game.finished:
        take = [a for a in game.legal_actions() if a.name == "take"]
        if take and len(game.dump()["zones"]["trick"]) >= 2:
            trick = game.dump()["zones"]["trick"]
            seat = game.to_act
            before = list(game.dump()["zones"]["hand"][seat])
            game.apply(take[0])
            assert game.dump()["zones"]["trick"] == []
            assert sorted(game.dump()["zones"]["hand"][seat]) == sorted(before + trick)
            return
        game.apply(rng.choice(game.legal_actions()))
    pytest.fail("no take of a two-card trick happened")


def test_take_bottom_example_overrides_one_definition():
    base = rulekit.load("myllymatti")
    variant = rulekit.load(str(EXAMPLES / "myllymatti_take_bottom.yaml"))
    assert base.source.data["definitions"]["taken"] == "top(trick)"
    assert variant.source.data["definitions"]["taken"] == "bottom(trick)"
    code, out, _ = run(["diff", "myllymatti", EXAMPLES / "myllymatti_take_bottom.yaml"])
    assert code == 0
    assert "taken = top(trick)  ->  taken = bottom(trick)" in out
    assert "steps:" not in out and "options:" not in out


def test_everyone_gives_example_sets_the_option():
    rules = rulekit.load(str(EXAMPLES / "atlanta_everyone_gives.yaml"))
    assert rules.options["dreck_everyone_gives"] is True
    assert rulekit.load("atlanta_mattis").options["dreck_everyone_gives"] is False


def test_api_example_script_runs():
    run_ = subprocess.run([sys.executable, str(EXAMPLES / "api_example.py")],
                          capture_output=True, text=True, cwd="/")
    assert run_.returncode == 0, run_.stderr
    assert "replayed" in run_.stdout and "refused:" in run_.stdout


@pytest.mark.parametrize("record", sorted((EXAMPLES / "records").glob("*.json")),
                         ids=lambda p: p.stem)
def test_sample_records_replay(record, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)            # the ruleset path is relative to the record
    code, out, err = run(["replay", record, "--rulesets", EXAMPLES])   # ../ stays inside
    assert code == 0, err
    assert "status: finished" in out
    code, out, err = run(["replay", record])          # without: outside the record's folder
    assert code == 1 and "is refused or not found" in err


def test_list_examples_folder():
    code, out, _ = run(["list", EXAMPLES])
    assert code == 0
    for path in VARIANTS:
        assert path.name in out
    assert "Mattis, runs of three" in out and "3-8 players" in out


# ---- override by name, errors pointing into the author's file ---------------------

def test_override_and_delete_by_name(tmp_path):
    path = write(tmp_path, "v.yaml", """\
rulekit: 1
extends: mattis
name: v
players: {min: 3, max: 5}
definitions:
  hand_size: 4
vars:
  size: null
  plays: {type: int, init: 0, doc: changed}
""")
    rules, diags = rulekit.check(str(path))
    # `size` is deleted but still used by the base: the error points at the deletion
    assert rules is None
    err = next(d for d in diags if d.severity == "error")
    assert (Path(err.file).name, err.line, err.column) == ("v.yaml", 8, 3)
    assert "variable 'size' is deleted here" in err.message
    assert "mattis.yaml" in err.message


def test_override_with_wrong_arity_points_into_the_variant(tmp_path):
    path = write(tmp_path, "v.yaml", """\
rulekit: 1
extends: mattis
name: v
definitions:
  beats(p): true
""")
    rules, diags = rulekit.check(str(path))
    assert rules is None
    errs = [d for d in diags if d.severity == "error"]
    assert errs and all(Path(d.file).name == "v.yaml" and (d.line, d.column) == (5, 3)
                        for d in errs)
    assert "overridden here with other parameters" in errs[0].message
    assert "'beats' takes 1 argument(s) (p), not 2" in errs[0].message


def test_deleted_step_still_referenced_points_into_the_variant(tmp_path):
    path = write(tmp_path, "v.yaml", """\
rulekit: 1
extends: mattis
name: v
phases:
  collect:
    steps:
      resolve: null
""")
    code, out, err = run(["validate", path])
    assert code == 1
    assert f"{path}:7:7: error: 'resolve' is deleted here, but step 'before_play'" in out


def test_missing_base(tmp_path):
    path = write(tmp_path, "v.yaml", "rulekit: 1\nextends: matis\nname: v\n")
    code, out, _ = run(["validate", path])
    assert code == 1
    assert f"{path}:2:10: error: extends: no ruleset 'matis'" in out
    assert "did you mean 'mattis'" in out


def test_unknown_option_in_a_variant(tmp_path):
    path = write(tmp_path, "v.yaml", "rulekit: 1\nextends: mattis\nname: v\noptions:\n"
                 "  sequence:\n    default: true\n")
    code, out, _ = run(["validate", path])
    assert code == 1
    assert f"{path}:5:3: error: 'sequence' is not an option of mattis (did you mean " \
           "'sequences'?)" in out


def test_variant_of_a_variant_by_relative_path(tmp_path):
    sub = tmp_path / "sub"
    sub.mkdir()
    write(tmp_path, "first.yaml", "rulekit: 1\nextends: mattis\nname: first\n"
          "options:\n  sequences:\n    default: true\n")
    second = write(sub, "second.yaml", "rulekit: 1\nextends: ../first.yaml\nname: second\n"
                   "options:\n  min_run:\n    default: 3\n")
    rules = rulekit.load(str(second))
    assert rules.options["sequences"] is True and rules.options["min_run"] == 3


# ---- new ----------------------------------------------------------------------------

@pytest.mark.parametrize("base", ["mattis", "atlanta_mattis"])
def test_new_then_validate(tmp_path, base):
    out_file = tmp_path / "house.yaml"
    code, out, err = run(["new", "house", "--from", base, "-o", out_file])
    assert code == 0, err
    text = out_file.read_text()
    for name, decl in rulekit.load(base).option_decls.items():
        assert f"#   {name}:" in text
        if decl.doc:
            assert decl.doc in text
    code, out, _ = run(["validate", out_file])
    assert code == 0 and "ok" in out
    # uncommenting one option works as the comments say
    edited = text.replace("# options:", "options:", 1)
    first = next(iter(rulekit.load(base).option_decls))
    edited = edited.replace(f"#   {first}:", f"  {first}:", 1)
    lines = edited.splitlines()
    i = lines.index(f"  {first}:")
    lines[i + 1] = lines[i + 1].replace("#     default:", "    default:", 1)
    out_file.write_text("\n".join(lines) + "\n")
    assert rulekit.load(str(out_file)).option_decls[first] is not None


def test_new_from_a_file_uses_a_relative_extends(tmp_path):
    target = tmp_path / "deep" / "mine.yaml"
    target.parent.mkdir()
    code, _, err = run(["new", "mine", "--from", EXAMPLES / "mattis_runs3.yaml", "-o", target])
    assert code == 0, err
    assert rulekit.load(str(target)).options["min_run"] == 3


def test_new_errors(tmp_path):
    existing = write(tmp_path, "x.yaml", "taken\n")
    assert run(["new", "x", "--from", "mattis", "-o", existing])[0] == 1
    assert "already exists" in run(["new", "x", "--from", "mattis", "-o", existing])[2]
    code, _, err = run(["new", "9bad", "--from", "mattis", "-o", tmp_path / "y.yaml"])
    assert code == 2 and "not a valid name" in err
    code, _, err = run(["new", "ok", "--from", "nosuch", "-o", tmp_path / "z.yaml"])
    assert code == 1 and "unknown ruleset 'nosuch'" in err


# ---- explain, diff, graph -------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ["mattis", "mattis_norsk", str(EXAMPLES / "mattis_runs3.yaml")])
def test_explain(ruleset):
    code, out, _ = run(["explain", ruleset, "--formal"])      # as written
    assert code == 0
    rules = rulekit.load(ruleset)
    assert out.startswith(rules.title)
    for pname, phase in rules.phases.items():
        assert f"Phase {pname}" in out
        for sname in phase.steps:
            assert f"    {sname}: " in out
    for name, value in rules.options.items():
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        assert f"  {name} = {shown}" in out
    code, out, _ = run(["explain", ruleset])                   # in words
    assert code == 0 and out.startswith(rules.title)
    phases = list(rules.phases)
    for i, (pname, phase) in enumerate(rules.phases.items(), 1):
        assert f"Phase {i} of {len(phases)}: {pname}" in out
        for sname, step in phase.steps.items():
            assert f"  Step {sname}" in out
            for action in step.actions:          # every action a step offers, explained
                assert f"      {action.name}" in out
    for name, value in rules.options.items():
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        assert f"  {name}: {shown}" in out
    assert "How the game ends:" in out and "pseudo" not in out


def test_explain_shows_a_chosen_option_value():
    code, out, _ = run(["explain", "mattis", "--option", "min_run=3"])
    assert code == 0 and "  min_run: 3 - the shortest run when sequences are on (default 2; " \
        "2 to 3)  [rule MAT-10]" in out
    code, out, _ = run(["explain", "mattis", "--option", "min_run=3", "--formal"])
    assert code == 0 and "  min_run = 3   (default 2; 2..3)" in out


def test_diff_same_and_different():
    code, out, _ = run(["diff", "mattis", "mattis"])
    assert code == 0 and "are the same after resolution" in out
    code, out, _ = run(["diff", "mattis", EXAMPLES / "mattis_runs3.yaml"])
    assert code == 0
    assert "options:" in out
    assert "~ sequences: bool, default false  ->  bool, default true" in out
    assert "~ min_run: int 2..3, default 2  ->  int 2..3, default 3" in out
    code, out, _ = run(["diff", "mattis", "mattis_norsk"])
    assert "+ two_player_removed" in out and "+ trump_card" in out and "zones:" in out


def test_diff_with_a_broken_ruleset(tmp_path):
    bad = write(tmp_path, "bad.yaml", "rulekit: 1\nextends: mattis\nname: [\n")
    code, out, err = run(["diff", "mattis", bad])
    assert code == 1 and "YAML syntax error" in err


@pytest.mark.parametrize("ruleset", ["mattis", "atlanta_mattis", str(EXAMPLES / "mattis_take_all.yaml")])
def test_graph_formats(ruleset):
    rules = rulekit.load(ruleset)
    code, mermaid, _ = run(["graph", ruleset])
    assert code == 0 and mermaid.startswith("stateDiagram-v2")
    for phase in rules.phases.values():
        for step in phase.steps.values():
            assert f" as {step.key.replace('.', '_')}" in mermaid
    assert "--> [*]" in mermaid               # the end of the game is drawn
    code, dot, _ = run(["graph", ruleset, "--format", "dot"])
    import pydot
    graphs = pydot.graph_from_dot_data(dot)
    assert graphs and len(graphs) == 1
    edges = graphs[0].get_edges() + [e for s in graphs[0].get_subgraphs() for e in s.get_edges()]
    assert len(edges) == rules.graph.number_of_edges()
    code, js, _ = run(["graph", ruleset, "--format", "json"])
    data = json.loads(js)
    assert {n["id"] for n in data["nodes"]} == set(rules.graph.nodes)


def test_graph_bad_format():
    with pytest.raises(SystemExit) as info:
        main(["graph", "mattis", "--format", "svg"])
    assert info.value.code == 2


def test_diff_reports_title_and_summary(tmp_path):
    path = write(tmp_path, "t.yaml", "rulekit: 1\nextends: mattis\nname: mattis\n"
                 "title: Club Mattis\n")
    code, out, _ = run(["diff", "mattis", path])
    assert code == 0 and "about:" in out and "~ title: Mattis  ->  Club Mattis" in out
