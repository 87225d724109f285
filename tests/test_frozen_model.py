"""The compiled model is immutable (docs/architecture.md, rulekit.model): every part of
a compiled bundled ruleset refuses a change, a game never changes it, and the compile
context that made it is out of a running game's reach (play-time expressions go
through the expression service, rulekit.compiler.service).

The walk is generic: it visits every attribute of every object of the model, so a new
field holding a changeable value (a dict, list or set, or an object this test does not
know) fails it."""
from __future__ import annotations

import dataclasses
import gc
import operator
import random
import sys
import types

import pytest

import rulekit
from rulekit.compiler.context import CompileContext
from rulekit.frozen import ReadOnlyDict, ReadOnlyList

BUNDLED = sorted(rulekit.bundled())
# games whose random play seldom ends (Gin Rummy: random discards rarely make a hand
# to knock with, so a match to 100 runs to the action limit), stopped sooner
LONG = {"gin_rummy": 800}

# values that hold nothing to change
LEAVES = (str, int, float, bool, type(None), bytes, complex)
# code: functions, and the like (what a compiled function reads is the code's own)
CODE = (types.FunctionType, types.BuiltinFunctionType, types.MethodType,
        types.BuiltinMethodType, operator.itemgetter, operator.attrgetter)
# a Ruleset's attributes that are services or views, not data: the expression service
# (it compiles and caches play-time expressions, and changes nothing of the model) and
# the read-only view of the generated code's globals (what is in them is the code's)
NOT_DATA = {"expressions", "namespace"}


def parts(rules):
    """Every object of the model ``rules`` (each once), with a path to it."""
    seen: set = set()
    todo = [("rules", rules)]
    while todo:
        path, obj = todo.pop()
        if id(obj) in seen or isinstance(obj, LEAVES + CODE):
            continue
        seen.add(id(obj))
        yield path, obj
        if isinstance(obj, (dict, types.MappingProxyType)):
            todo += [(f"{path}[{k!r}]", v) for k, v in obj.items()]
            todo += [(f"{path} key", k) for k in obj]
        elif isinstance(obj, (list, tuple, frozenset, set)):
            todo += [(f"{path}[{i}]", v) for i, v in enumerate(obj)]
        elif dataclasses.is_dataclass(obj):
            names = vars(obj) if hasattr(obj, "__dict__") else \
                {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
            todo += [(f"{path}.{k}", v) for k, v in dict(names).items()
                     if not (obj is rules and k in NOT_DATA)]


def refuses(attempt) -> bool:
    try:
        attempt()
    except (dataclasses.FrozenInstanceError, TypeError, AttributeError):
        return True
    return False


@pytest.mark.parametrize("name", BUNDLED)
def test_every_part_of_a_compiled_model_refuses_a_change(name):
    rules = rulekit.load(name)
    kinds = set()
    for path, obj in parts(rules):
        kinds.add(type(obj).__name__)
        if isinstance(obj, dict):
            assert type(obj) is ReadOnlyDict, f"{path}: a {type(obj).__name__}"
            assert refuses(lambda: obj.__setitem__("probe", 1)), path
            assert refuses(lambda: obj.update(probe=1)), path
            assert refuses(lambda: obj.pop(next(iter(obj)), None)) if obj else True, path
        elif isinstance(obj, list):
            assert type(obj) is ReadOnlyList, f"{path}: a {type(obj).__name__}"
            assert refuses(lambda: obj.append(1)) and refuses(lambda: obj.clear()), path
            assert refuses(lambda: obj.__setitem__(slice(None), [])), path
        elif isinstance(obj, (tuple, frozenset)):
            pass                                    # immutable; their items are walked
        elif dataclasses.is_dataclass(obj):
            assert type(obj).__dataclass_params__.frozen, f"{path}: not frozen"
            for f in dataclasses.fields(obj):
                value = getattr(obj, f.name)
                assert refuses(lambda: setattr(obj, f.name, value)), f"{path}.{f.name}"
            assert refuses(lambda: setattr(obj, "probe", 1)), f"{path}: takes new attributes"
            for attr in (vars(obj) if hasattr(obj, "__dict__") else ()):
                assert refuses(lambda: delattr(obj, attr)), f"{path}.{attr}"
        elif path.startswith("rules.namespace"):
            raise AssertionError(path)              # (the view is not walked)
        else:
            raise AssertionError(f"{path}: a {type(obj).__name__} in the model, which this "
                                 "test cannot show to be immutable")
    assert {"Rules", "Step", "Phase", "ActionDef", "Block", "Cards", "Machine", "Written",
            "Transition", "EffectNode", "ZoneDecl", "ReadOnlyDict", "ReadOnlyList"} <= kinds
    assert refuses(lambda: rules.namespace.__setitem__("_K", ())), "the code's globals"


def snapshot(obj, memo=None):
    """A deep copy of the model's data as plain values (code by identity)."""
    memo = {} if memo is None else memo
    if isinstance(obj, LEAVES):
        return obj
    if isinstance(obj, CODE):
        return ("code", id(obj))
    if id(obj) in memo:
        return ("seen", memo[id(obj)])
    memo[id(obj)] = len(memo)
    if isinstance(obj, (dict, types.MappingProxyType)):
        return ("dict", tuple((snapshot(k, memo), snapshot(v, memo)) for k, v in obj.items()))
    if isinstance(obj, (list, tuple)):
        return (type(obj).__name__, tuple(snapshot(v, memo) for v in obj))
    if isinstance(obj, (set, frozenset)):
        return ("set", tuple(sorted(repr(snapshot(v, memo)) for v in obj)))
    if dataclasses.is_dataclass(obj):
        names = vars(obj) if hasattr(obj, "__dict__") else \
            {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
        return (type(obj).__name__, tuple((k, snapshot(v, memo)) for k, v in names.items()
                                          if k not in NOT_DATA))
    return ("object", type(obj).__name__, id(obj))


@pytest.mark.parametrize("name", BUNDLED)
def test_a_game_never_changes_the_model(name):
    rules = rulekit.load(name)
    before = snapshot(rules)
    constants = snapshot(rules.namespace["_K"])
    rng = random.Random(29)
    for seed in range(2):
        game = rules.new_game(seed=seed, max_actions=LONG.get(name, 10000))
        while game.result.status == "in_progress":
            game.apply(game.random_legal(rng))          # (a choice in parts: unlisted)
        assert game.evaluate("players") == game.n       # a play-time expression
        game.clone().restart()
    assert game.actions > 0
    assert snapshot(rules) == before
    assert snapshot(rules.namespace["_K"]) == constants


def reachable(root):
    """Every object reachable from ``root`` through references, modules and classes
    (and the globals of modules' functions) left out: what the game itself holds."""
    seen, todo = set(), [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, (types.ModuleType, type)) or _module_globals(obj):
            continue
        yield obj
        todo += gc.get_referents(obj)


def _module_globals(obj) -> bool:
    if obj.__class__ is not dict or not isinstance(obj.get("__name__"), str):
        return False
    module = sys.modules.get(obj["__name__"])
    return module is not None and vars(module) is obj


@pytest.mark.parametrize("name", ["mattis", "durak"])
def test_the_compile_context_is_out_of_a_running_games_reach(name):
    rules = rulekit.load(name)
    game = rules.new_game(seed=3)
    game.apply(game.legal_actions()[0])
    assert game.evaluate("players + 1") == game.n + 1        # through the service
    constants = rules.namespace["_K"]
    fn, typ = rules.expressions.compile('"a text (not plain) #29"', ())   # a new constant
    assert (typ, game.call_ruleset(fn, {})) == ("str", "a text (not plain) #29")
    found = [type(o).__name__ for o in reachable(game)
             if isinstance(o, CompileContext) or type(o).__module__ in (
                 "rulekit.compiler.context", "rulekit.compiler.drafts",
                 "rulekit.source.yaml_source", "rulekit.errors") and
             type(o).__name__ in ("CompileContext", "DefDraft", "NodeDraft", "Source",
                                  "DiagnosticSink")]
    assert found == []
    # what the service compiles goes to a table of its own: the code's is unchanged
    assert rules.namespace["_K"] is constants and isinstance(constants, tuple)
    assert "a text (not plain) #29" not in constants
