"""What a decision step's legal listing reads (rulekit.compiler.sight): only what its
actor sees, or more. ``determinize`` for the seat to act keeps the game's listing when
it reads only what that seat sees, so the analysis must never say "only" wrongly: each
case here is a listing of a toy game, and every bundled game's determinized copies are
held to a listing made afresh."""
import ast
import inspect
import random

import pytest

import rulekit
from rulekit.compiler.sight import sighted_builtins
from rulekit.play.search import determinize

HEAD = """\
rulekit: 1
name: toy
title: A toy of hidden and shown zones
players: {{min: 2, max: 3, default: 3}}
cards: {{ranks: 1 2 3 4 5 6, suits: R B G}}
zones:
  pile:  {{per: game, top: first, see: count}}
  hand:  {{per: seat, see: owner}}
  shown: {{per: seat, see: all}}
  backs: {{per: seat, see: count}}
  table: {{per: game, see: all, tagged: true}}
vars:
  turn: {{type: seat}}
definitions:
  big(c): rank(c) >= {big}
setup:
  - deal: {{from: deck, to: hand, each: {each}}}
  - deal: {{from: deck, to: backs, each: 1}}
  - deal: {{from: deck, to: shown, each: 1}}
  - move: deck to pile
  - set: turn = left_of(dealer)
phases:
  main:
    start: turn
    actions:
"""
STEPS = """\
    steps:
      turn:
        actor: turn
        actions: [{actions}]
        next:
          - if: {end}
            do:
              - end_game: {{loser: turn}}
            goto: turn
          - do:
              - set: turn = left_of(turn)
            goto: turn
"""


def toy_text(actions: str, names: str, end: str, big: str = "3", each: int = 3) -> str:
    """A toy ruleset: ``actions`` (YAML, indented 6) offered at its one step ``turn``
    (``names``), which ends the game when ``end`` holds."""
    return HEAD.format(big=big, each=each) + actions + STEPS.format(actions=names, end=end)


PLAY = """\
      play:
        choose: c in hand[actor]
        legal: {legal}
        do:
          - move: c to table
      pass:
        choose: nothing
        legal: empty(hand[actor])
"""

CASES = [   # (legal, big, reads only what the actor sees)
    ("true", "3", True),
    ("big(c)", "3", True),                                   # the card itself
    ("empty(table) or rank(c) > rank(last(table))", "3", True),   # a zone all see
    ("count(pile) > 2 or big(c)", "3", True),                # a hidden zone's count
    ("not empty(pile) and big(c)", "3", True),               # ... its emptiness
    ("count(hand[left_of(actor)]) > 1", "3", True),          # another seat's count
    ("suit(c) == suit(first(shown[left_of(actor)]))", "3", True),   # shown to all
    ("rank(c) > (rank(top(pile)) ?? 0)", "3", False),        # a hidden zone's card
    ("any(hand[left_of(actor)], d -> rank(d) == rank(c))", "3", False),  # another's hand
    ("rank(c) > rank(first(backs[actor]))", "3", False),     # its own, face down
    ("big(c) or c in pile", "3", False),
    ("seat_of(c) == null and big(c)", "3", True),
    ("big(c)", "rank(top(pile)) ?? 3", False),               # through a definition
]


def toy(tmp_path, legal: str, big: str):
    path = tmp_path / "sight.yaml"
    path.write_text(toy_text(PLAY.format(legal=legal), "play, pass",
                             "empty(hand[turn]) or count(table) > 7", big))
    return rulekit.load(str(path))


@pytest.mark.parametrize("legal, big, sighted", CASES, ids=[c[0] for c in CASES])
def test_what_a_listing_reads(tmp_path, legal, big, sighted):
    rules = toy(tmp_path, legal, big)
    (step,) = [s for p in rules.phases.values() for s in p.steps.values() if s.decides]
    assert step.lists_from_sight is sighted


def same_as_listed_afresh(game, seat, k):
    """A determinized copy for ``seat`` whose actions (as a list shows them: a choice in
    parts too big to list, such as a raise up to the stack, left out) are those a
    fresh listing of the copy gives."""
    copy = determinize(game, seat, random.Random(k))
    again = copy.clone()
    again._compute_legal()
    assert [str(a) for a in copy.shown_actions()] == [str(a) for a in again.shown_actions()]
    assert [d.name for d in copy.parted_actions()] == [d.name for d in again.parted_actions()]
    return copy


def changed_listings(rules, players: int, seeds) -> int:
    """How many copies for the seat to act (3 at each decision of random games) list
    other actions than the game, each copy held to a fresh listing of itself."""
    changed = 0
    for seed in seeds:
        game = rules.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            for k in range(3):
                copy = same_as_listed_afresh(game, game.to_act, k)
                changed += [str(a) for a in copy.legal_actions()] != \
                    [str(a) for a in game.legal_actions()]
            game.apply(rng.choice(game.legal_actions()))
    return changed


@pytest.mark.parametrize("legal, big, sighted", CASES, ids=[c[0] for c in CASES])
def test_a_copy_lists_what_a_fresh_listing_gives(tmp_path, legal, big, sighted):
    rules = toy(tmp_path, legal, big)
    changed = changed_listings(rules, 3, range(12))
    if sighted:
        assert changed == 0         # (kept, and a fresh listing agrees)
    elif "pile" not in legal:       # (the actor's cards are never in the pile)
        assert changed > 0          # the redeal did change it: it was listed again


@pytest.mark.parametrize("name", sorted(rulekit.bundled()))
def test_every_bundled_games_copies_list_what_a_fresh_listing_gives(name):
    rules = rulekit.load(name)
    for seed in range(2):
        game = rules.new_game(players=rules.players[1], seed=seed)
        rng = random.Random(seed)
        k = 0
        while not game.finished and k < 200:
            if game._window is None:
                same_as_listed_afresh(game, game.to_act, k)
            game.apply(game.random_legal(rng))      # (rng.choice of a listing, if listed)
            k += 1


def test_the_sighted_builtins_read_nothing_a_redeal_changes():
    ns = rulekit.load("mattis").new_game(players=3, seed=1).step.legal.__globals__
    for name in sighted_builtins():
        text = inspect.getsource(ns[f"_B_{name}"])
        for read in ("G.z", ".where", ".marks", ".public", "G.v", "_legal", "G.step"):
            assert read not in text, (name, read)


def test_a_tag_read_of_a_hidden_card_is_listed_again(tmp_path):
    # review: seat_of(card('1R')) reads the tag of a card that may be buried out of
    # sight; the redeal moves tags with the places, so the listing must be made again
    text = toy_text(PLAY.format(legal="seat_of(card('1R')) == null") + """\
      bury:
        choose: c in hand[actor]
        do:
          - move: c to buried
""", "play, pass, bury", "empty(hand[turn])").replace(
        "  table:", "  buried: {per: game, see: count, tagged: true}\n  table:")
    path = tmp_path / "tags.yaml"
    path.write_text(text)
    rules = rulekit.load(str(path))
    assert rules.phases["main"].steps["turn"].lists_from_sight      # (the analysis)
    assert changed_listings(rules, 2, range(20)) > 0    # the redeal changed listings: made again


# ---- a cross-check: the analysis reads the listing's trees (rulekit.compiler.sight);
# here the same rules are applied to the generated text, parsed with Python's ast, and
# both must give the same answer for every decision step of every bundled game and toy


def _reads_text_only_what_is_seen(module, name: str, zones: dict) -> bool:
    """The rules of rulekit.compiler.sight applied to functions ``name`` and
    ``name_lazy`` of the parsed generated module ``module``."""
    calls = {f"_B_{b}" for b in sighted_builtins()} | {"_typed_text", name, name + "_lazy"}
    fns = [f for f in module.body if isinstance(f, ast.FunctionDef)
           and f.name in (name, name + "_lazy")]
    assert fns
    for fn in fns:
        parent = {c: n for n in ast.walk(fn) for c in ast.iter_child_nodes(n)}
        top = {st.targets[0].id: st.value for st in fn.body if isinstance(st, ast.Assign)
               and isinstance(st.targets[0], ast.Name)}
        held = {k: v.slice.value for k, v in top.items() if isinstance(v, ast.Subscript)
                and ast.unparse(v.value) == "G.z" and isinstance(v.slice, ast.Constant)}
        actor = {k for k, v in top.items() if ast.unparse(v) == "G.actor"}

        def counted(up, node):
            return isinstance(up, ast.UnaryOp) and isinstance(up.op, ast.Not) or (
                isinstance(up, ast.Call) and ast.unparse(up.func) == "len"
                and up.args == [node])

        def zone_use(node, zone):
            decl, up = zones.get(zone), parent.get(node)
            if decl is None:
                return False
            if decl.see == "all" or counted(up, node):
                return True
            if decl.per == "seat" and isinstance(up, ast.Subscript) and up.value is node:
                s = up.slice
                if decl.see == "owner" and (ast.unparse(s) == "G.actor" or
                                            isinstance(s, ast.Name) and s.id in actor):
                    return True
                return counted(parent.get(up), up)
            return False

        for node in ast.walk(fn):
            if not isinstance(node, ast.Name) or not isinstance(node.ctx, ast.Load):
                continue
            up = parent.get(node)
            if node.id in held and not zone_use(node, held[node.id]):
                return False
            if node.id != "G":
                continue
            if isinstance(up, ast.Attribute) and up.attr in ("v", "actor", "n"):
                continue
            if isinstance(up, ast.Attribute) and up.attr == "z":
                sub = parent.get(up)
                if isinstance(parent.get(sub), ast.Assign) and parent[sub] in fn.body:
                    continue
                if isinstance(sub, ast.Subscript) and isinstance(sub.slice, ast.Constant) \
                        and zone_use(sub, sub.slice.value):
                    continue
                return False
            if isinstance(up, ast.Call) and up.args[:1] == [node] \
                    and ast.unparse(up.func) in calls:
                continue
            return False
    return True


def _steps_agree(rules) -> int:
    module = ast.parse(rules.generated_source())
    names = {id(s): f"_legal_{n}" for n, s in enumerate(rules.steps())}
    checked = 0
    for step in rules.steps():
        if step.decides:
            text = _reads_text_only_what_is_seen(module, names[id(step)], rules.zones)
            assert step.lists_from_sight is text, step.key
            checked += 1
    return checked


@pytest.mark.parametrize("name", sorted(rulekit.bundled()))
def test_the_trees_say_what_the_generated_text_says(name):
    assert _steps_agree(rulekit.load(name)) > 0


def test_the_trees_say_what_the_generated_text_says_in_the_toys(tmp_path):
    answers = []
    for legal, big, sighted in CASES:
        rules = toy(tmp_path, legal, big)
        _steps_agree(rules)
        answers.append(rules.phases["main"].steps["turn"].lists_from_sight)
    assert answers == [c[2] for c in CASES]
