"""Rule books for players (`rulekit rules NAME`): every bundled ruleset names its rule
book, the books ship with the package (docs/rules in a checkout), and every rule id a
ruleset cites is defined in its own rule book."""
import re
from pathlib import Path

import pytest

import rulekit
from cli_run import cli
from rulekit.source.files import rule_book_files

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"
CITED = re.compile(r"\b([A-Z]{1,4}-[0-9]+)\b")


@pytest.mark.parametrize("name", sorted(rulekit.bundled()))
def test_every_rule_id_a_ruleset_cites_is_in_its_rule_book(name, tmp_path):
    rules = rulekit.load(name)
    assert rules.rule_book, f"{name} names no rule book"
    run = cli(["rules", name, "--ids"], tmp_path)
    assert run.returncode == 0, run.stderr
    defined = set(run.stdout.split())
    text = (RULESETS / f"{name}.yaml").read_text(encoding="utf-8")
    cited = set(CITED.findall(text))
    assert cited and cited <= defined, sorted(cited - defined)


def test_rules_prints_the_books_in_order(tmp_path):
    run = cli(["rules", "atlanta_mattis"], tmp_path)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert out.index("ATL-1") < out.index("---- mattis.md ----") < out.index("MAT-1") \
        < out.index("---- common.md ----")


def test_a_rule_book_is_looked_up_beside_the_ruleset_first(tmp_path):
    (tmp_path / "house.md").write_text("# House rules\n\n- **HSE-1** Jokers are wild.\n")
    (tmp_path / "v.yaml").write_text("rulekit: 1\nextends: mattis\nname: v\n"
                                     "rule_book: [house.md, mattis.md]\n")
    run = cli(["rules", "v.yaml"], tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("# House rules") and "MAT-1" in run.stdout
    assert cli(["rules", "v.yaml", "--ids"], tmp_path).stdout.split()[0] == "HSE-1"


def test_missing_or_strange_rule_books_are_clear_errors(tmp_path):
    (tmp_path / "m.yaml").write_text("rulekit: 1\nextends: mattis\nname: m\n"
                                     "rule_book: [nowhere.md]\n")
    run = cli(["rules", "m.yaml"], tmp_path)
    assert run.returncode == 1 and "rule book 'nowhere.md'" in run.stderr
    run = cli(["validate", "m.yaml"], tmp_path)                  # found when checking, too
    assert run.returncode == 0 and "m.yaml:4:12: warning: rule book 'nowhere.md'" in \
        run.stdout + run.stderr
    (tmp_path / "p.yaml").write_text("rulekit: 1\nextends: mattis\nname: p\n"
                                     "rule_book: [../../etc/passwd]\n")
    run = cli(["rules", "p.yaml"], tmp_path)
    assert run.returncode == 1 and "rule_book" in run.stderr and "root:" not in run.stdout
    with pytest.raises(ValueError):
        rule_book_files([".hidden.md"], None)


def test_schema_path_and_copy_and_new_points_editors_at_it(tmp_path):
    run = cli(["schema"], tmp_path)
    assert run.returncode == 0 and Path(run.stdout.strip()).is_file()
    run = cli(["schema", "-o", tmp_path / "s.json"], tmp_path)
    assert run.returncode == 0 and '"$schema"' in (tmp_path / "s.json").read_text()
    run = cli(["new", "v", "--from", "mattis", "-o", tmp_path / "v.yaml"], tmp_path)
    first = (tmp_path / "v.yaml").read_text().splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=file://")
    assert first.endswith("ruleset-variant.schema.json")
    assert cli(["validate", tmp_path / "v.yaml"], tmp_path).returncode == 0


def test_the_variant_schema_is_current_and_accepts_every_bundled_variant(tmp_path):
    import json

    import jsonschema
    import yaml

    from rulekit.lang.schema import variant_schema
    from rulekit.source.files import schema_path
    assert json.loads(schema_path(True).read_text()) == variant_schema(), \
        "regenerate: python -m rulekit.lang.schema --write"
    check = jsonschema.Draft202012Validator(variant_schema())
    files = list(RULESETS.glob("*.yaml")) + list((RULESETS.parent / "examples").glob("*.yaml"))
    variants = [yaml.safe_load(p.read_text()) for p in files]
    variants = [v for v in variants if "extends" in v]
    assert len(variants) >= 8
    for v in variants:
        assert list(check.iter_errors(v)) == [], v["name"]
    bad = {"rulekit": 1, "extends": "mattis", "name": "x", "zonez": {}}
    assert list(check.iter_errors(bad))                           # unknown keys still caught
    run = cli(["schema", "-o", "-"], tmp_path)                     # the whole schema
    assert json.loads(run.stdout)["$defs"]["effect"]["anyOf"]


def test_diff_shows_what_changed_old_and_new(tmp_path):
    (tmp_path / "v.yaml").write_text(
        "rulekit: 1\nextends: mattis\nname: club_mattis\nphases:\n  collect:\n    steps:\n"
        "      resolve:\n        next:\n          - if: count(tied_seats) > 2\n"
        "            do:\n              - call: tie_trick()\n            goto: round\n"
        "          - do:\n              - call: win_trick(trick_winner)\n"
        "            goto: trick_start\n")
    run = cli(["diff", "mattis", "v.yaml"], tmp_path)
    assert run.returncode == 0, run.stderr
    assert "  ~ collect.resolve: changed next\n" \
        "      next[0].if: count(tied_seats) > 1  ->  count(tied_seats) > 2" in run.stdout
    # a variant without a title gets one from its name, not its base's
    assert "~ title: Mattis  ->  club mattis" in run.stdout
    assert rulekit.load(str(tmp_path / "v.yaml")).title == "club mattis"
