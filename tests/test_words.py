"""Every construct describes itself in English (its words template, beside its doc), and
a ruleset reads in plain words from them: `rulekit explain` and the renderer of
rulekit/analysis/words.py (docs/language.md, "Words")."""
import pytest

import rulekit
from rulekit.analysis.describe import explain
from rulekit.analysis.templates import fill, joined, slots, split_template
from rulekit.analysis.words import Phrase, Words
from rulekit.lang.builtins import REGISTRY
from rulekit.lang.effects import EFFECTS
from rulekit.lang.forms import FORMS
from rulekit.lang.functions import builtin
from rulekit.lang.grammar import STATEMENT_PARTS, parse
from rulekit.lang.schema import load_schema


def _lambda():
    return Phrase("x -> body", x="x", body=Phrase("the body"))


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_builtin_has_words_that_use_each_argument(name):
    b = REGISTRY[name]
    assert b.words, f"built-in {name} has no words"
    assert slots(b.words) == {str(i) for i in range(len(b.params))}, b.words
    args = [_lambda() if p == "fn" else Phrase(f"<{i}>") for i, p in enumerate(b.params)]
    text = joined(fill(b.words, args))
    assert "{" not in text and "[" not in text and text.strip()
    if b.result == "bool":              # a condition says how it reads when it fails
        assert split_template(b.words)[1], f"built-in {name} has no negative words"


@pytest.mark.parametrize("key", sorted(EFFECTS))
def test_every_effect_has_words_naming_only_its_parts(key):
    e = EFFECTS[key]
    assert e.words, f"effect {key} has no words"
    if e.parts in STATEMENT_PARTS:
        allowed = set(STATEMENT_PARTS[e.parts])
    elif e.parts == "mapping":
        allowed = set(load_schema()["$defs"]["effect"]["anyOf"][list(EFFECTS).index(key)]
                      ["properties"][key]["properties"])
    elif e.parts == "none":
        allowed = set()
    else:
        assert e.parts in ("expr", "text"), e.parts
        allowed = {"value"}
    assert slots(e.words) <= allowed | set(e.children), (key, slots(e.words))
    joined(fill(e.words, (), {}))       # fills in (nothing given: optional parts drop)


@pytest.mark.parametrize("key", sorted(FORMS))
def test_every_expression_form_has_words_and_an_example_that_parses(key):
    f = FORMS[key]
    assert f.words and f.doc and f.written
    parse(f.example if ":" not in f.example else "true")
    joined(fill(f.words, [Phrase("<0>"), Phrase("<1>"), Phrase("<2>")],
                {"x": "x", "body": Phrase("b")}))


def test_a_builtin_cannot_be_registered_without_words():
    with pytest.raises(TypeError, match="words"):
        builtin("card", "int", "a doc", "probe(c)")(lambda c: 0)
    assert "probe" not in REGISTRY


def test_templates_fill_optional_parts_alternatives_and_negatives():
    t = "move {what} to {to}[, at {at}][ as a {as}]"
    assert joined(fill(t, (), {"what": "c", "to": "the trick"})) == "move c to the trick"
    assert joined(fill(t, (), {"what": "c", "to": "x", "at": "bottom"})) == "move c to x, at bottom"
    owner = "[{1:'s} {0}|the {0} of {1}]"
    assert joined(fill(owner, ["hand", "s"])) == "s's hand"
    assert joined(fill(owner, ["hand", "you"])) == "your hand"
    assert joined(fill(owner, ["hand", "the first of pending"])) == "the hand of the first of pending"
    assert joined(fill("{0} is empty|{0} is not empty", ["x"], negative=True)) == "x is not empty"
    assert joined(fill("[; ranked by {s}[, {best} best|, highest best]]", (), {"s": "score"})) \
        == "; ranked by score, highest best"
    assert joined(fill("[ in a draw{draw}]", (), {"draw": True})) == " in a draw"
    assert joined(fill("[ in a draw{draw}]", (), {"draw": False})) == ""
    with pytest.raises(ValueError):
        fill("[never closed", ())


@pytest.fixture(scope="module")
def mattis():
    return rulekit.load("mattis")


@pytest.mark.parametrize("text, words", [
    ("count(stock)", "the number of cards in the stock"),
    ("min(hand_size - count(hand[s]), count(stock))",
     "the smaller of (the size of a full hand minus the number of cards in s's hand) and the number of "
     "cards in the stock"),
    ("option.stock_play == 'any_turn'", "the option stock play is any_turn"),
    ("option.voluntary_take", "the option voluntary take is on"),
    ("empty(trick) or beats(p, top_play)", "the trick is empty or p beats the play to beat"),
    ("not empty(hand[first(pending)])",
     "the hand of the first of the seats still to play is not empty"),
    ("(s + 2) % players", "the seat 2 places clockwise from s"),
    ("(hand_no - 1) % 4", "the remainder of (the hand number minus 1) divided by 4"),
    ("last_winner ?? leader", "the last winner, or the leader if there is none"),
    ("any(hand[s], c -> suit(c) == trump)", "for some c in s's hand, the suit of c is trump"),
    ("count(stock) > 1 and (option.sequences or is_lead(s))",
     "the number of cards in the stock is more than 1 and (the option sequences is on or s "
     "leads the trick)"),
    ("can_beat(actor)", "the player can beat the play to beat"),
    ("singles(cs) + runs(cs, 2)", "each card of cs alone followed by the runs of 2 or more "
     "cards of one suit in cs"),
])
def test_expressions_read_in_words(mattis, text, words):
    assert Words(mattis).text(text) == words


def test_conditions_have_negative_words(mattis):
    w = Words(mattis)
    assert w.expr("beats(p, top_play)").negative() == "p does not beat the play to beat"
    assert w.expr("empty(a) or empty(b) or empty(c)").negative().startswith("none of these holds")
    assert w.expr("rank(c) >= 3").negative() == "the rank of c is less than 3"
    assert w.expr("not is_in(s)").negative() == "s is still in the game"


def test_effects_read_in_words_with_nested_lists(mattis):
    refill = mattis.source.data["procedures"]["refill(first)"]["do"]
    lines = Words(mattis).effect_lines(refill, "  ")
    assert lines == [
        "  for each s in the seats still in, clockwise from first:",
        "    repeat, as many times as the smaller of (the size of a full hand minus the number of cards in "
        "s's hand) and the number of cards in the stock: s draws a card"]
    w = Words(mattis)
    assert w.effect({"set": "done[s] = true"}) == ["set s's done to true"]
    assert w.effect({"set": "done[first(pending)] = 0"}) == [
        "set done of the first of the seats still to play to 0"]
    assert w.effect({"move": "c to trick as 'slough'"}) == ["move c to the trick, as a slough"]
    assert w.effect({"call": "draw(first(pending))"}) == [
        "the first of the seats still to play draws a card"]
    assert w.effect({"end_game": {"loser": "first(seats_in())"}}) == [
        "the game ends: the first of the seats still in loses"]


def test_explain_reads_as_plain_words_with_every_action(capsys):
    text = explain(rulekit.load("atlanta_mattis"))
    # the slough window's actions, when they are allowed and what they do, with their ids
    assert "      slough  [rule ATL-4]" in text and "      pass  [rule ATL-4]" in text
    assert "allowed: when the rank of c is in the ranks on the trick below its top rank" in text
    assert "allowed: when the player can slough" in text
    assert "does: move c to the trick, as a slough" in text
    assert "the first of window decides: slough or pass" in text
    # definitions by their words and docs, procedures by their words, how the game ends
    assert "beats(p, top), \"p beats top\": " in text
    assert "a play beats another when it is higher in the same suit" in text
    assert "repeat, as many times as the smaller of (the size of a full hand minus the number of cards in " \
        "s's hand) and the number of cards in the stock: s draws a card" in text
    assert "  - the game ends: the first of the seats still in loses: in procedure " \
        "out_if_empty(s) when s may go out and the number of the seats still in is 1" in text
    # no pseudo-code: the formal reading keeps it
    assert "time(s)" not in text and "do draw(s)" not in text
    assert "min(hand_size - count(hand[s]), count(stock)) time(s): do draw(s)" in \
        explain(rulekit.load("atlanta_mattis"), formal=True)


@pytest.mark.parametrize("name", rulekit.bundled())
def test_every_bundled_ruleset_explains_every_step_and_action(name):
    rules = rulekit.load(name)
    text = explain(rules)
    for phase in rules.phases.values():
        for sname, step in phase.steps.items():
            assert f"  Step {sname}" in text, sname
            for action in step.actions:
                assert f"      {action.name}" in text, action.name
    for marker in ("{0}", "{value}", "[{", "None", "<"):
        assert marker not in text.replace('"', "").split("announce")[0], marker


def test_a_definition_doc_names_it_only_when_it_says_the_thing(tmp_path):
    path = tmp_path / "mygame.yaml"
    path.write_text((
        "rulekit: 1\nname: mygame\nplayers: {min: 2, max: 2}\ncards: {ranks: 1 2, suits: X}\n"
        "zones:\n  hand: {per: seat, see: owner}\n  pile: {per: game}\n"
        "definitions:\n  size: {value: 1, doc: cards each}\n"
        "  top_card: {value: top(pile), doc: the card to match}\n"
        "procedures:\n  give(s):\n    words: \"{s} gets a card\"\n    do:\n"
        "      - move: top(pile) to hand[s]\n"
        "setup:\n  - deal: {from: deck, to: hand, each: size}\n  - move: deck to pile\n"
        "  - call: give(0)\n"
        "phases:\n  main:\n    start: go\n    actions:\n"
        "      pass: {choose: nothing, legal: \"not empty(pile) and top_card != null\"}\n"
        "    steps:\n      go:\n        actor: 0\n        actions: [pass]\n        next:\n"
        "          - do:\n              - end_game: {loser: 0}\n            goto: go\n"),
        encoding="utf-8")
    text = explain(rulekit.load(str(path)))
    assert "deal size cards each from the deck" in text            # 'cards each': a note
    assert "allowed: when the pile is not empty and the card to match is not none" in text
    assert "  0 gets a card" in text and 'give(s), "s gets a card":' in text
