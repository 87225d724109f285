"""Every registry of the language refuses a name twice, when the second declaration is
imported; the built-ins declare what the search shortcut (sight) and the literal check
trust, and nothing keeps a list of their names; the shipped schema is the one the
registries generate."""
from __future__ import annotations

import importlib.util
import json
import sys

import pytest

import rulekit
from rulekit.frozen import ReadOnlyList
from rulekit.compiler.sight import Listing, lists_from_sight, sighted_builtins
from rulekit.lang.builtins import REGISTRY, builtin
from rulekit.lang.codetree import call, code, lit
from rulekit.lang.effects import EFFECTS, PRIMITIVES
from rulekit.lang.forms import FORMS
from rulekit.lang.options import OPTION_TYPES
from rulekit.lang.registries import DuplicateName, Registry
from rulekit.lang.schema import load_schema, schema_text
from rulekit.lang.steps import STEP_ATTRIBUTES
from rulekit.source.files import schema_path

FIRST_PRIMITIVE = next(iter(PRIMITIVES))

# (registry, the name a module declares a second time, the module's text)
TWICE = {
    "effect": (EFFECTS, "move", """
from rulekit.lang.effects.registry import effect
@effect("move", "move: X", {}, "", "", "", explain=str, words="x")
def again(c, path, item, scope):
    return []
"""),
    "primitive": (PRIMITIVES, FIRST_PRIMITIVE, f"""
from rulekit.lang.effects.registry import primitive
@primitive
def {FIRST_PRIMITIVE}(G):
    return None
"""),
    "builtin": (REGISTRY, "count", """
from rulekit.lang.functions import builtin
@builtin("", "int", "doc", "count()", words="w", name="count")
def again():
    return 0
"""),
    "compiled builtin": (REGISTRY, "rank", """
from rulekit.lang.functions import compiled_builtin
compiled_builtin("rank", "card", "int", "doc", "rank(c)", inline="0", words="w")
"""),
    "form": (FORMS, "or", """
from rulekit.lang.forms import _form
_form("or", "a or b", "doc", "{0} or {1}", "a or b")
"""),
    "option type": (OPTION_TYPES, "bool", """
from rulekit.lang.options import OptionType, option_type
@option_type
class Again(OptionType):
    name = "bool"
"""),
    "step attribute": (STEP_ATTRIBUTES, "next", """
from rulekit.lang.steps import step_attribute
@step_attribute("next", {}, "doc", "next: x")
def again(c, s):
    pass
"""),
}


def import_text(tmp_path, name: str, text: str):
    path = tmp_path / f"{name}.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(name, None)
    return module


@pytest.mark.parametrize("kind", sorted(TWICE))
def test_a_name_registered_twice_is_an_error_at_import(tmp_path, kind):
    registry, name, text = TWICE[kind]
    first = registry[name]
    count = len(registry)
    with pytest.raises(DuplicateName, match=f"'{name}' is registered twice"):
        import_text(tmp_path, "toy_twice", text)
    assert registry[name] is first and len(registry) == count      # the first one kept


def test_a_registry_is_added_to_only_by_new_names():
    r = Registry("a toy")
    r["a"] = 1
    with pytest.raises(DuplicateName, match="a toy named 'a'"):
        r.update({"b": 2, "a": 3})
    with pytest.raises(TypeError):
        r.setdefault("a", 4)
    assert r == {"a": 1, "b": 2}
    before = Registry.changes
    del r["a"]                              # taking a toy away again is allowed
    assert r == {"b": 2} and Registry.changes == before + 1


@pytest.fixture
def toy_builtin():
    """Registers a toy built-in ``toy_peek(card) -> str`` (reading the state) with the
    declarations given; takes it away afterwards."""
    def register(**declared):
        REGISTRY.pop("toy_peek", None)
        builtin("card", "str", "a toy", "toy_peek(c)", state=True, words="the peek of {0}", name="toy_peek",
                **declared)(lambda G, c: G.rules.suit_of.get(c))
        return REGISTRY["toy_peek"]
    yield register
    REGISTRY.pop("toy_peek", None)


def test_the_search_shortcut_trusts_exactly_the_builtins_declared_sighted(toy_builtin):
    # a listing whose one line returns _B_toy_peek(G, 'AS')
    listing = Listing([code("line", ["    return ", call("_B_toy_peek", [lit("'AS'", "AS")],
                                                         state=True)])], {}, ("_legal_1",))
    toy_builtin(sighted=True)
    assert "toy_peek" in sighted_builtins()
    assert lists_from_sight(listing, {})
    toy_builtin()                                           # the same, not declared
    assert "toy_peek" not in sighted_builtins()
    assert not lists_from_sight(listing, {})
    assert sighted_builtins() == {n for n, b in REGISTRY.items() if b.sighted}
    assert all(REGISTRY[n].state for n in sighted_builtins())


def test_a_builtin_declaration_that_cannot_hold_is_refused():
    with pytest.raises(ValueError, match="not given the state"):
        builtin("", "int", "d", "toy_bad()", words="w", name="toy_bad", sighted=True)(lambda: 0)
    with pytest.raises(ValueError, match="not a pack domain"):
        builtin("", "int", "d", "toy_bad()", words="w", name="toy_bad", pack="colour")(lambda: 0)
    assert "toy_bad" not in REGISTRY


LITERAL = """\
rulekit: 1
name: toy_literal
players: {min: 2, max: 2}
cards: {ranks: 1 2 3, suits: E F}
zones:
  hand: {per: seat, see: owner}
  pile: {per: game, see: all}
setup:
  - deal: {from: deck, to: hand, each: 3}
phases:
  main:
    start: turn
    actions:
      play:
        choose: c in hand[actor]
        legal: toy_peek(c) != 'H'
        do:
          - move: c to pile
    steps:
      turn:
        actor: "0 if count(hand[0]) >= count(hand[1]) else 1"
        actions: [play]
        next:
          - if: empty(hand[1])
            do:
              - end_game: {winner: 0}
            goto: turn
          - goto: turn
"""


def test_the_literal_check_follows_the_pack_domain_a_builtin_declares(tmp_path, toy_builtin):
    path = tmp_path / "toy.yaml"
    path.write_text(LITERAL)
    toy_builtin(sighted=True, pack="suit")
    rules, diags = rulekit.check(str(path))
    assert rules is None
    assert [d.message for d in diags] == ["'H' is not a suit of this pack: it has E F"]
    line = LITERAL[:LITERAL.index("'H'")].count("\n") + 1
    column = LITERAL.index("'H'") - LITERAL[:LITERAL.index("'H'")].rfind("\n")
    assert (diags[0].pos.line, diags[0].pos.column) == (line, column)    # at the literal
    toy_builtin(sighted=True)                                    # no pack domain declared
    rules, diags = rulekit.check(str(path))
    assert rules is not None and diags == []


def test_the_shipped_schemas_are_the_generated_ones():
    """rulesets/ruleset.schema.json is generated, byte for byte, from the registries
    (regenerate: python -m rulekit.lang.schema --write), effects included."""
    assert schema_path().read_text(encoding="utf-8") == schema_text(), \
        "regenerate: python -m rulekit.lang.schema --write"
    assert schema_path(True).read_text(encoding="utf-8") == schema_text(True), \
        "regenerate: python -m rulekit.lang.schema --write"
    shipped = json.loads(schema_text())["$defs"]
    assert shipped["option"]["properties"]["type"]["enum"] == list(OPTION_TYPES)
    assert list(shipped["step"]["properties"]) == list(STEP_ATTRIBUTES)
    assert [b["required"] for b in shipped["effect"]["anyOf"]] == [[k] for k in EFFECTS]
    assert schema_text() == schema_text()                       # the same text every time


def test_the_schema_follows_a_change_of_a_registry():
    from rulekit.lang.options import OptionType, option_type

    @option_type
    class Toy(OptionType):
        name = "toy_kind"
        keys = {"toy_key": {"type": "integer"}}
    try:
        option = load_schema()["$defs"]["option"]
        assert "toy_kind" in option["properties"]["type"]["enum"]
        assert option["properties"]["toy_key"] == {"type": "integer"}
    finally:
        del OPTION_TYPES["toy_kind"]
    assert "toy_kind" not in load_schema()["$defs"]["option"]["properties"]["type"]["enum"]
    assert "toy_key" not in load_schema()["$defs"]["option"]["properties"]


def test_an_option_type_key_is_its_own_or_shared_with_one_schema():
    from rulekit.lang.options import OptionType, option_type
    with pytest.raises(ValueError, match="a key of every option"):
        option_type(type("T", (OptionType,), {"name": "toy_a", "keys": {"default": {}}}))
    with pytest.raises(ValueError, match="another schema in option type 'int'"):
        option_type(type("T", (OptionType,), {"name": "toy_b",
                                              "keys": {"min": {"type": "string"}}}))
    assert "toy_a" not in OPTION_TYPES and "toy_b" not in OPTION_TYPES


@pytest.mark.parametrize("declared, text, value", [
    ({"type": "bool", "default": False}, " TRUE", True),
    ({"type": "int", "default": 1}, "+3", 3),
    ({"type": "choice", "values": ["slow", "quick"], "default": "slow"}, "quick", "quick"),
    ({"type": "choice", "values": [1, 2], "default": 1}, "2", 2),     # a choice of numbers
    ({"type": "list", "values": [1, 2, 3], "default": []}, "1, 3", [1, 3]),
])
def test_text_is_read_by_the_option_s_type(tmp_path, declared, text, value):
    """``--option``, the API and the web lobby give text; each type reads its own."""
    path = tmp_path / "toy.yaml"
    path.write_text(LITERAL.replace("zones:", "options:\n  knob: " + json.dumps(declared)
                                    + "\nzones:").replace("toy_peek(c) != 'H'",
                                                          "option.knob == option.knob"))
    rules = rulekit.load(str(path), options={"knob": text})
    got = rules.options["knob"]          # (a list of the model is a read-only list)
    assert got == value and type(got) is {list: ReadOnlyList}.get(type(value), type(value))


@pytest.mark.parametrize("kind, text, error", [
    ("bool", "maybe", "must be true or false"),
    ("int", "two", "must be a whole number"),
    ("int", "9" * 13, "limit is 12"),
])
def test_text_not_of_the_form_is_told_from_a_value_out_of_range(kind, text, error):
    from rulekit.lang.options import OptionRange
    from rulekit.model import OptionDecl
    decl = OptionDecl("knob", kind, None)
    with pytest.raises(ValueError, match=error) as raised:
        decl.parse(text)
    assert isinstance(raised.value, OptionRange) == (error == "limit is 12")
