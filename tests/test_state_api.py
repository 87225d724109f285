"""The state API (rulekit/lang/state_api.py): the one way the language changes a game.

- the language's modules (rulekit/lang) read only names of the API, write none, and
  change no value read from the state in place; generated code keeps to the API and
  its two documented fast paths (``set`` in place, the per-zone movers);
- the runtime's state implements every operation, each with its shapes and errors;
- a toy game (tests/toys/state_api.yaml) that uses every effect changes the game only
  through the operations, and the fast paths give the same games as the operations.
"""
import ast
import random
from pathlib import Path

import pytest

import rulekit
from rulekit import outcome
from rulekit.errors import RulesetFault
from rulekit.lang.effects.moving import generic_dealer, generic_mover
from rulekit.lang.state_api import API_NAMES, AT_BOTTOM, AT_RANDOM, GameStateAPI
from rulekit.limits import MAX_LOOP_ROUNDS
from rulekit.runtime.changes import Changes
from rulekit.runtime.engine import GameState

LANG = Path(rulekit.__file__).resolve().parent / "lang"
TOY = Path(__file__).parent / "toys" / "state_api.yaml"
BUNDLED = tuple(sorted(rulekit.bundled()))

# methods that change a list, dict or set in place
MUTATORS = {"append", "extend", "insert", "remove", "pop", "clear", "update", "setdefault",
            "add", "discard", "sort", "reverse", "popitem", "__setitem__", "__delitem__"}
OPERATIONS = {"move", "shuffle", "mark", "show", "set_var", "set_dealer", "put_out",
              "new_hand", "finish", "emit", "count_rounds"}


# ---- the language touches the state only through the API ---------------------------

def misuses(source: str, state: str = "G", allowed=API_NAMES, writable=()) -> list:
    """Each use of the state (the name ``state``) in ``source`` outside the API, as
    ``line: what``: a name not in ``allowed`` or private, an assignment or deletion of
    one of its names (but those of ``writable``, by name or ``NAME[]`` for an item), or
    a change in place (an item set or deleted, a mutating method) of a value read from
    it, directly or through a local name bound to it (``marks = G.marks``)."""
    tree = ast.parse(source)
    out = []
    aliases: set = set()
    for node in ast.walk(tree):             # local names bound to the state's values
        if isinstance(node, ast.Assign) and any(_of_state(v, state) for v in _values(node.value)):
            for t in node.targets:
                aliases.update(n.id for n in ast.walk(t) if isinstance(n, ast.Name))

    def from_state(node) -> str | None:
        """The state's name that ``node`` reads (``G.x`` or an alias), else None."""
        if isinstance(node, ast.Attribute) and _is(node.value, state):
            return node.attr
        if isinstance(node, ast.Name) and node.id in aliases:
            return node.id
        return None

    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is(node.value, state):
            if node.attr.startswith("_") and node.attr not in writable or \
                    node.attr not in allowed and node.attr not in writable:
                out.append(f"{node.lineno}: reads {state}.{node.attr}")
            if isinstance(node.ctx, (ast.Store, ast.Del)) and node.attr not in writable:
                out.append(f"{node.lineno}: assigns {state}.{node.attr}")
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)):
            base = node.value
            while isinstance(base, ast.Subscript):
                base = base.value
            name = from_state(base)
            if name is not None and f"{name}[]" not in writable:
                out.append(f"{node.lineno}: changes an item of {name}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in MUTATORS:
            name = from_state(node.func.value)
            if name is not None:
                out.append(f"{node.lineno}: {name}.{node.func.attr}(...) changes it in place")
    return out


def _is(node, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _values(node) -> list:
    return list(node.elts) if isinstance(node, ast.Tuple) else [node]


def _of_state(node, state: str) -> bool:
    return isinstance(node, ast.Attribute) and _is(node.value, state)


def test_the_scan_finds_each_kind_of_misuse():
    bad = """
def f(G, c):
    G.where[c] = 1
    G._where_shared = False
    G.surfaced.append(c)
    G.dealer = 2
    marks = G.marks
    del marks[c]
    G.v['x'][0] = 1
    return G.events
"""
    found = misuses(bad)
    kinds = " | ".join(found)
    for part in ("reads G.where", "changes an item of where", "reads G._where_shared",
                 "assigns G._where_shared", "surfaced.append(...)", "assigns G.dealer",
                 "changes an item of marks", "changes an item of v", "reads G.events"):
        assert part in kinds, (part, found)
    good = "def f(G, c):\n    t = G.tags.get(c)\n    G.move(c, 'pile')\n    return list(G.z['hand'])\n"
    assert misuses(good) == []


def test_the_language_uses_the_state_only_through_the_api():
    found = {}
    for path in sorted(LANG.rglob("*.py")):
        bad = misuses(path.read_text(encoding="utf-8"))
        if bad:
            found[str(path.relative_to(LANG))] = bad
    assert found == {}


def test_the_state_is_always_called_G_in_the_language():
    """The scan above looks for ``G``: every primitive and built-in that takes the
    state names it so."""
    from rulekit.lang.effects import PRIMITIVES
    import inspect

    from rulekit.lang.builtins import REGISTRY
    takes_state = [b.impl for b in REGISTRY.values() if b.state and b.impl is not None]
    takes_state += [f for f in PRIMITIVES.values() if inspect.isfunction(f)
                    and inspect.signature(f).parameters and "G" in inspect.signature(f).parameters]
    assert len(takes_state) > 30
    for fn in takes_state:
        assert next(iter(inspect.signature(fn).parameters)) == "G", fn.__name__
    for fn in PRIMITIVES.values():          # and no primitive names it otherwise
        if inspect.isfunction(fn):
            names = set(inspect.signature(fn).parameters)
            assert not names & {"game", "state", "self"}, fn.__name__


# a decision step's act function (rulekit/compiler/stepcode.py) also writes the machine's
# own bookkeeping of an action, as Applying._apply and GameState._advance write it
ACT_READS = {"events", "history", "_history_shared", "_legal", "_index", "_L", "n",
             "max_actions"}
ACT_WRITES = {"actions", "last_action", "history", "_history_shared", "_legal", "_index",
              "actor", "L[]"}
ACT_FOUND = {"history.append(...) changes it in place",      # the action recorded
             "_a_events.append(...) changes it in place",    # its event logged
             "changes an item of _a_events",                 # its until, once read
             "reads G._advance", "reads G._stop_at_max"}     # the engine's own steps


def acts_apart(source: str) -> tuple:
    """(``source`` without its act functions, the act functions' sources)."""
    tree = ast.parse(source)
    acts = [ast.get_source_segment(source, f) for f in tree.body
            if isinstance(f, ast.FunctionDef) and f.name.startswith("_act_")]
    for text in acts:
        source = source.replace(text, "")
    return source, acts


def test_generated_code_keeps_to_the_api_and_its_fast_paths():
    """Generated code reads the API's names, writes variables in place (``set``, the
    documented fast path), and enters steps (``step``, ``phase``, ``_L``: the
    machine's own); it changes nothing else of the state. A decision step's act
    function writes the action's bookkeeping besides (the machine's own, as ``_apply``
    writes it), and nothing else."""
    writable = {"step", "phase", "_L", "v[]"}
    for name in BUNDLED + (str(TOY),):
        source, acts = acts_apart(rulekit.load(name).generated_source())
        assert misuses(source, writable=writable) == [], name
        assert "G.v[" in source and "= " in source
        assert acts, name
        for text in acts:
            found = misuses(text, allowed=API_NAMES | ACT_READS, writable=writable | ACT_WRITES)
            assert [m for m in found if m.split(": ", 1)[1] not in ACT_FOUND] == [], name


# ---- the runtime implements it ------------------------------------------------------------

def game(seed: int = 0, players: int = 2) -> GameState:
    return rulekit.load(str(TOY)).new_game(players=players, seed=seed)


def test_the_game_state_implements_every_name_of_the_api():
    g = game()
    assert isinstance(g, GameStateAPI)
    assert OPERATIONS | {"rng", "zone_mover", "zone_dealer"} <= API_NAMES
    for name in OPERATIONS | {"zone_mover", "zone_dealer"}:
        assert getattr(Changes, name).__doc__, name
        assert getattr(GameStateAPI, name).__doc__, name
    assert not isinstance(object(), GameStateAPI)


def events_since(g, at: int) -> list:
    return list(g.events)[at:]


def test_move_a_card_to_a_tagged_zone_tags_it_and_emits_moved():
    g = game()
    card = g.z["hand"][0][0]
    at = len(g.events)
    g.move(card, "pile", None, 1, "lead")
    assert g.z["pile"][-1] == card and card not in g.z["hand"][0]
    assert g.where[card] == ("pile", None)
    assert g.tags[card][0] == 1 and g.tags[card][2] == "lead"
    assert [e["kind"] for e in events_since(g, at)] == ["moved"]
    assert events_since(g, at)[0]["cards"] == [card]


def test_move_a_whole_zone_keeps_its_order_and_clears_its_tags():
    g = game()
    pile = list(g.z["pile"])
    assert pile and all(c in g.tags for c in pile)
    g.move(g.z["pile"], "stock")
    assert g.z["pile"] == [] and g.z["stock"][-len(pile):] == pile
    assert not any(c in g.tags for c in pile)


def test_move_at_places():
    g = game()
    card, other = g.z["hand"][0][:2]
    g.move(card, "pile", at=AT_BOTTOM)
    assert g.z["pile"][0] == card
    g.move(other, "pile", at=1)
    assert g.z["pile"][-2] == other
    before = g.rng.getstate()
    g.move(g.z["hand"][1][0], "pile", at=AT_RANDOM)
    assert g.rng.getstate() != before       # the place was drawn


@pytest.mark.parametrize("what, at, message", [
    ("XX", None, "move: 'XX' is not a card of the pack"),
    ((7,), None, "move: 7 is not a card of the pack"),
    (None, 99, None),                       # nothing moved: no error
    ("TWICE", None, "is listed twice"),
    ("CARD", 99, "move: at 99: the zone holds"),
    ("CARD", "top", "move: at 'top': the zone holds"),
])
def test_move_refuses_what_is_not_a_move(what, at, message):
    g = game()
    card = g.z["hand"][0][0]
    if what in ("TWICE", "CARD"):
        what = [card, card] if what == "TWICE" else card
    before = g.dump()
    if message is None:
        g.move(what, "pile", at=at)
    else:
        with pytest.raises(ValueError, match=message):
            g.move(what, "pile", at=at)
    assert g.dump() == before               # refused before anything changed


def test_the_fast_mover_makes_the_same_change_as_move():
    rules = rulekit.load(str(TOY))
    for seed in range(6):
        a, b = rules.new_game(seed=seed), rules.new_game(seed=seed)
        for zone in ("pile", "stock"):
            fast = Changes.zone_mover(rules.zones[zone], rules.tagged_zones)
            for g, mover in ((a, fast), (b, None)):
                card = g.z["hand"][seed % 2][0]
                if mover is None:
                    g.move(card, zone, None, None, "play")
                else:
                    mover(g, [card], None, None, "play")    # a one-card play too
        assert a.dump() == b.dump() and a.tags == b.tags and a.where == b.where
        assert list(a.events) == list(b.events) and a.surfaced == b.surfaced


def test_shuffle_draws_from_the_games_source():
    a, b = game(5), game(5)
    for g in (a, b):
        g.shuffle(g.z["stock"])
    assert a.z["stock"] == b.z["stock"]
    assert sorted(a.z["stock"]) == sorted(game(5).z["stock"])


def test_mark_reveal_conceal_hide():
    g = game()
    card = g.z["hand"][1][0]
    at = len(g.events)
    g.mark(card, "up")
    assert g.marks[card] == "up" and card in g.surfaced
    assert [e["kind"] for e in events_since(g, at)] == ["revealed"]
    g.mark([card], "down")
    assert g.marks[card] == "down"
    g.mark(card, None)
    assert card not in g.marks
    g.settle_knowledge()
    assert card in g.public                 # revealed meanwhile, not face down now


def test_show_makes_cards_known_to_all():
    g = game()
    card = g.z["hand"][1][0]
    at = len(g.events)
    g.show([card], owner=1)
    assert card in g.public
    assert events_since(g, at)[0]["text"] == f"seat 1 shows {card}"
    g.show([], owner=1)
    g.show(None)
    assert len(g.events) == at + 1


def test_set_var_and_set_dealer():
    g = game()
    g.set_var("turn", 1)
    g.set_var("played", 3, 0)
    assert g.v["turn"] == 1 and g.v["played"][0] == 3
    with pytest.raises(KeyError):
        g.set_var("nothing", 1, 0)
    g.set_dealer(1)
    assert g.dealer == 1
    for bad in (2, -1, None, True, "1"):
        with pytest.raises(ValueError, match="not a seat of this game"):
            g.set_dealer(bad)


def test_put_out_and_new_hand():
    g = game()
    at = len(g.events)
    g.put_out(1)
    g.put_out(1)                            # out already: nothing
    assert g.inplay == [True, False] and g.out_order == [1]
    with pytest.raises(IndexError):
        g.put_out(5)
    g.mark(g.z["stock"][0], "up")
    g.new_hand()
    assert g.hand_no == 2 and g.inplay == [True, True] and g.out_order == []
    assert g.z["stock"][0] in g.public and g.surfaced == []
    assert [e["kind"] for e in events_since(g, at)] == ["out", "revealed", "new_hand"]


def test_finish_emit_and_count_rounds():
    g = game()
    g.emit({"kind": "announced", "text": "hi"})
    assert list(g.events)[-1] == {"kind": "announced", "text": "hi",
                                  "actions": g.actions, "phase": g.phase}
    g.count_rounds(MAX_LOOP_ROUNDS - g.rounds)
    with pytest.raises(RulesetFault, match="more than"):
        g.count_rounds(1)
    g.actions += 1                          # a new action counts afresh
    g.count_rounds(MAX_LOOP_ROUNDS)
    g.finish(outcome.make([[0], [1]]))
    assert g.status == "finished" and g.loser == 1 and g.finished
    assert list(g.events)[-1]["kind"] == "ended"


# ---- a toy through the API ----------------------------------------------------------------

class Recording(GameState):
    """A game state that writes down every operation of the API it is asked for."""
    calls: list                 # the operations' names, in order
    given: list                 # the arguments of each

    def __init__(self, *args, **kwargs):
        self.calls, self.given = [], []
        super().__init__(*args, **kwargs)

    def clone(self):
        raise AssertionError("not here")

    # no fast mover of its own: a deal's moves are calls of ``move`` (recorded)
    zone_mover = staticmethod(generic_mover)


for _op in OPERATIONS:
    def _recorded(self, *args, _op=_op, **kwargs):
        self.calls.append(_op)
        self.given.append(tuple(list(a) if isinstance(a, list) else a for a in args))
        return getattr(GameState, _op)(self, *args, **kwargs)
    setattr(Recording, _op, _recorded)


def through_the_api(rules):
    """``rules`` with each per-zone fast mover and dealer replaced by the API's plain
    calls (in the generated code's globals: ``rules.namespace`` is their read-only
    view)."""
    code_globals = rules.setup.fn.__globals__
    assert code_globals.keys() == rules.namespace.keys()
    for name in list(code_globals):
        if name.startswith("_move_to_"):
            zone = name[len("_move_to_"):]
            code_globals[name] = generic_mover(rules.zones[zone], rules.tagged_zones)
        elif name.startswith("_deal_to_"):
            zone = name[len("_deal_to_"):]
            code_globals[name] = generic_dealer(rules.zones[zone], rules.tagged_zones)
    return rules


def play(g, seed: int):
    rng = random.Random(seed)
    while not g.finished:
        g.apply(g.random_legal(rng))        # (a choice in parts need not be listed)
    return g


def test_the_toy_changes_the_game_only_through_the_api():
    """Each effect calls its operation: the setup's, in order; over a whole game every
    operation but set_var (``set`` writes in place) is called."""
    rules = through_the_api(rulekit.load(str(TOY)))
    g = Recording(rules, players=2, seed=4)
    # shuffle, deal 2 each (4 moves), the rest to the stock, three to the pile
    # (bottom, random, 1), reveal (its event), conceal, hide, show (its event)
    assert g.calls == ["shuffle"] + ["move"] * 4 + ["move"] * 4 + \
        ["mark", "emit", "mark", "mark", "show", "emit"]
    play(g, 4)
    assert g.result.status == "finished", g.result.message
    assert set(g.calls) == OPERATIONS - {"set_var"}
    moved = [e for e in g.events if e["kind"] == "moved"]
    moves = [a for op, a in zip(g.calls, g.given) if op == "move" and a[0]]
    assert len(moves) == len(moved) > 20    # every move (not of nothing), one card too
    plain = play(rulekit.load(str(TOY)).new_game(players=2, seed=4), 4)
    assert g.dump() == plain.dump() and list(g.events) == list(plain.events)


# games whose random play seldom ends (a match random play hardly ever wins: Gin
# Rummy's knock needs a hand random discards rarely make), stopped after these actions
LONG = {"gin_rummy": 800}


@pytest.mark.parametrize("name", BUNDLED)
def test_the_fast_movers_play_the_same_games_as_move(name):
    fast, plain = rulekit.load(name), through_the_api(rulekit.load(name))
    assert any(k.startswith("_move_to_") for k in fast.namespace)
    cap = LONG.get(name, 10000)
    for seed in range(3):
        a, b = (play(fast.new_game(seed=seed, max_actions=cap), seed),
                play(plain.new_game(seed=seed, max_actions=cap), seed))
        assert a.history == b.history and a.dump() == b.dump()
        assert list(a.events) == list(b.events)
