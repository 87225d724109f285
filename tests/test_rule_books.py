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
    assert run.stdout.startswith("House rules\n===========\n") and "MAT-1" in run.stdout
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


# ---- the format: the player's text, then the notes for authors (docs/rules/README.md) --

RULES = RULESETS.parent / "docs" / "rules"
BOOKS = sorted(p for p in RULES.glob("*.md") if p.name != "README.md")
AUTHORS_ONLY = ("rulekit", "tests/", ".yaml", "not offered yet", "rulesets/", "cited by",
                "[decision", "Not modelled", "Source:", "pagat.com")

HOUSE = """# House rules

For players: jokers join the pack. HSE-9 is only in the notes.

## The pack

- **HSE-1** Jokers are wild:
  - a joker may stand for any card;

  - two jokers beat everything.
- **HSE-2** Option `jokers` (default 2) sets how many.

| option | default |
|---|---|
| `jokers` | 2 |

## Play

```
- **HSE-7** in a code block is no rule
```
- **HSE-3** Play goes left.

## Notes for authors

Written for our club; HSE-9 was dropped in 2020.

- **HSE-1** Some play jokers as low cards; not offered yet.
- **HSE-1** A decision: the club's old sheet does not say.
"""


def _house(tmp_path, *books):
    for i, text in enumerate(books):
        (tmp_path / f"h{i}.md").write_text(text, encoding="utf-8")
    names = ", ".join(f"h{i}.md" for i in range(len(books)))
    (tmp_path / "v.yaml").write_text(f"rulekit: 1\nextends: mattis\nname: v\n"
                                     f"rule_book: [{names}]\n")
    return tmp_path / "v.yaml"


def test_a_book_splits_into_the_players_text_and_the_notes(tmp_path):
    from rulekit.source.rulebook import parse_rule_book
    book = parse_rule_book(HOUSE, "house.md")
    assert book.title == "House rules"
    assert [(s.title, [r.id for r in s.rules]) for s in book.sections] == \
        [("", []), ("The pack", ["HSE-1", "HSE-2"]), ("Play", ["HSE-3"])]
    first = book.rules[0]
    assert (first.section, first.line) == ("The pack", 7)
    assert first.text == "Jokers are wild:\n- a joker may stand for any card;\n\n" \
        "- two jokers beat everything."                   # nested list, blank line inside
    pack = book.sections[1].items
    assert [type(i).__name__ for i in pack] == ["Rule", "Rule", "str"]
    assert pack[2].startswith("| option | default |")      # text that is no rule stays
    assert "in a code block is no rule" in book.sections[2].items[0]
    assert book.rule_notes == {"HSE-1": ("Some play jokers as low cards; not offered yet.",
                                         "A decision: the club's old sheet does not say.")}
    assert "Notes for authors" not in book.player_text and "club" not in book.player_text
    assert book.notes.startswith("Written for our club") and book.text.endswith("not say.")

    ruleset = _house(tmp_path, HOUSE)
    run = cli(["rules", ruleset], tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("House rules\n") and "- HSE-3 Play goes left." in run.stdout
    assert "Notes for authors" not in run.stdout and "not offered yet" not in run.stdout
    run = cli(["rules", ruleset, "--notes"], tmp_path)
    assert run.stdout.index("HSE-3") < run.stdout.index("Notes for authors\n-----") \
        < run.stdout.index("not offered yet")
    assert cli(["rules", ruleset, "--ids"], tmp_path).stdout.split() == \
        ["HSE-1", "HSE-2", "HSE-3"]                      # not HSE-7 (code) nor HSE-9 (notes)
    run = cli(["validate", ruleset], tmp_path)
    assert run.returncode == 0 and "warning" not in run.stdout + run.stderr


MALFORMED = [
    ("notes-twice", [HOUSE + "\n## Notes for authors\n\nMore.\n"],
     "h0.md:31: a second '## Notes for authors' heading (the first is at line 24)"),
    ("notes-misspelt", [HOUSE.replace("## Notes for authors", "## Notes for Authors")],
     "h0.md:24: the notes heading is written '## Notes for authors', exactly, not "
     "'## Notes for Authors'"),
    ("id-twice", [HOUSE.replace("- **HSE-3**", "- **HSE-2**")],
     "h0.md:22: the rule id HSE-2 is defined twice (first at line 11)"),
    ("id-in-two-files", [HOUSE, "# More\n\n- **HSE-3** Again.\n"],
     "h1.md:3: the rule id HSE-3 is defined twice in the rule book (first in h0.md, "
     "line 22)"),
    ("note-on-no-rule", [HOUSE + "- **HSE-9** Dropped in 2020.\n"],
     "h0.md:30: a note on HSE-9, which is no rule of h0.md"),
    ("note-on-a-rule-of-another-file", [HOUSE, "# More\n\n## Notes for authors\n\n"
                                        "- **HSE-1** Elsewhere.\n"],
     "h1.md:5: a note on HSE-1, which is no rule of h1.md"),
]


@pytest.mark.parametrize("books, message", [m[1:] for m in MALFORMED],
                         ids=[m[0] for m in MALFORMED])
def test_a_malformed_book_is_a_clear_error(tmp_path, books, message):
    ruleset = _house(tmp_path, *books)
    for args in ([], ["--ids"], ["--notes"]):
        run = cli(["rules", ruleset, *args], tmp_path)
        assert run.returncode == 1 and message in run.stderr and run.stdout == "", run.stderr
    run = cli(["validate", ruleset], tmp_path)           # validate warns: the game still plays
    assert run.returncode == 0 and "warning: " + message in run.stdout, run.stdout


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.name)
def test_every_bundled_book_keeps_its_notes_apart(path):
    from rulekit.source.rulebook import NOTES_HEADING, parse_rule_book
    text = path.read_text(encoding="utf-8")
    book = parse_rule_book(text, path.name)
    assert book.title and book.rules and book.notes, path.name
    assert text.count(NOTES_HEADING) == 1
    assert all(rule.section for rule in book.rules)       # every rule is in a section
    intro = book.sections[0]
    assert intro.title == "" and intro.items and not intro.rules   # an intro first
    left = [phrase for phrase in AUTHORS_ONLY if phrase in book.player_text]
    assert left == [], f"{path.name}: for authors, not players: {left}"


@pytest.mark.parametrize("name", sorted(rulekit.bundled()))
def test_rules_shows_the_notes_only_when_asked(name, tmp_path):
    from rulekit.source.markdown import inline_text
    from rulekit.source.rulebook import parse_rule_book
    run = cli(["rules", name], tmp_path)
    assert run.returncode == 0, run.stderr
    assert "Notes for authors" not in run.stdout
    assert [p for p in AUTHORS_ONLY if p in run.stdout] == []
    notes = cli(["rules", name, "--notes"], tmp_path).stdout
    plain, with_notes = " ".join(run.stdout.split()), " ".join(notes.split())
    for file in rulekit.load(name).rule_book:
        book = parse_rule_book((RULES / file).read_text(encoding="utf-8"), file)
        for rule in book.rules:                 # each rule, in words, with its id
            words = " ".join(f"{rule.id} {inline_text(rule.text)}".split())
            assert words in plain and words in with_notes, rule.id
        for rule_id, texts in book.rule_notes.items():
            for text in texts:
                assert " ".join(f"{rule_id} {inline_text(text)}".split()) in with_notes
    assert notes.count("Notes for authors\n-----") == len(rulekit.load(name).rule_book)
