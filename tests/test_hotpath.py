"""The compiled hot path has the plain compiler's semantics.

At every decision of many random games (the bundled rulesets with their options, and
toy games that stress what the hot-path compiler does: values computed once before the
loop, one of which fails when short-circuits would have kept it from running; memos
used inside lambdas; domains that repeat a play; `??`), the legal actions the generated
function lists are those a reference lists the plain way: each item of the choice
domain, compiled by the plain expression compiler with the chosen item in the locals,
kept when the plain `legal` holds, once each, in domain order.
"""
import random
from pathlib import Path

import pytest

import rulekit
from rulekit.model import TYPED_CHOICES
from budget import games
from rulekit.errors import RulesetFailure
from rulekit.compiler import hotpath

BUNDLED = [("mattis", {}), ("mattis", {"sequences": "true", "voluntary_take": "false",
                                       "stock_play": "lead_only", "min_run": "3",
                                       "trick_count": "plays_on_table"}),
           ("atlanta_mattis", {}), ("myllymatti", {}), ("mattis_norsk", {})]

TOY = """\
rulekit: 1
name: hot
title: Hot-path toy
players: {min: 2, max: 4, default: 3}
cards: {ranks: 1 2 3 4 5 6, suits: R B G}
options:
  strict: {type: bool, default: true}
zones:
  pile:  {per: game, top: first, see: count}
  hand:  {per: seat, see: owner}
  table: {per: game, see: all, tagged: true}
vars:
  turn: {type: seat}
  passes: {type: int, init: 0}
definitions:
  # fails (a comparison with null) when the table is empty: only reached when it is not
  floor: max(1, rank(first(table)))
  above(x, z): any(z, d -> rank(d) > rank(x))
  pair_of(c): filter(hand[turn], d -> rank(d) == rank(c))
setup:
  - deal: {from: deck, to: hand, each: 4}
  - move: deck to pile
  - set: turn = left_of(dealer)
phases:
  main:
    start: turn
    actions:
      play:
        choose: c in hand[actor]
        legal: empty(table) or rank(c) >= floor or (option.strict and rank(c) == 0)
        do:
          - move: c to table
      pair:
        choose: p in map(hand[actor], c -> pair_of(c)) + map(hand[actor], c -> pair_of(c))
        legal: count(p) == 2 and (empty(table) or above(last(table), p))
        do:
          - move: p to table
      low:
        choose: p in singles(hand[actor])
        legal: rank(first(p)) < (rank(top(pile)) ?? 99) and count(p) == 1
        do:
          - move: p to table
      draw:
        choose: nothing
        legal: not empty(pile) and above(top(pile), hand[actor]) or passes >= 0
      knock:
        # any/all over the one-card plays of a zone: written as a loop over its cards
        choose: nothing
        legal: >-
          not empty(table) and any(singles(hand[actor]), q -> count(q) == 1 and
          rank(first(q)) > floor) and not all(singles(hand[actor]), q -> rank(last(q)) == 5)
        do:
          - set: passes = passes + 1
    steps:
      turn:
        actor: turn
        actions: [play, pair, low, draw, knock]
        next:
          - if: last_action == 'draw'
            do:
              - if: not empty(pile)
                then:
                  - move: top(pile) to hand[actor]
              - set: passes = passes + 1
            goto: check
          - do:
              - set: passes = 0
            goto: check
      check:
        next:
          - if: empty(hand[turn]) or passes > 6
            do:
              - end_game: {loser: left_of(turn)}
            goto: turn
          - do:
              - set: turn = left_of(turn)
            goto: turn
"""


def _text(value) -> str:
    """An expression as text (YAML may have made a literal a bool or a number)."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def reference_legal(game) -> list:
    """(name, cards) of the legal actions, computed the plain way."""
    rules = game.rules
    phase = rules.source.data["phases"][game.step.phase]["actions"]
    out, seen = [], set()
    for a in game.step.actions:
        data = phase[a.name]
        if a.kind == "parts":                   # a choice in parts: part by part
            out += _parts_reference(game, a, data)
            continue
        if a.var is None:
            if "legal" not in data or game.call_ruleset(rules.expression(_text(data["legal"])), {}):
                out.append((a.name, (), None))
            continue
        domain = rules.expression(data["choose"].split(" in ", 1)[1])
        legal = rules.expression(_text(data["legal"]), (a.var,)) if "legal" in data else None
        for x in game.call_ruleset(domain, {}):
            if legal is None or game.call_ruleset(legal, {a.var: x}):
                if a.kind in TYPED_CHOICES:          # one of its kind, once each
                    ok = {"int": isinstance(x, int) and not isinstance(x, bool),
                          "seat": type(x) is int and 0 <= x < game.n,
                          "rank": type(x) is int and 0 <= x < len(rules.ranks),
                          "suit": isinstance(x, str) and x in rules.suits,
                          "str": isinstance(x, str) and x != "" and " " not in x}[a.kind]
                    if not ok:
                        raise RulesetFailure(f"the ruleset failed at step {game.step.key}: "
                                             f"action '{a.name}' offers {x!r}")
                    if (a.name, x) not in seen:
                        seen.add((a.name, x))
                        out.append((a.name, (), x))
                    continue
                items = [x] if isinstance(x, str) else x
                if not isinstance(items, list) or not all(
                        isinstance(c, str) and c in rules.rank_of for c in items):
                    shown = x if isinstance(x, (int, str)) else type(x).__name__
                    raise RulesetFailure(
                        f"the ruleset failed at step {game.step.key}: action '{a.name}' "
                        f"offers {shown!r}, which is not a card or a list of cards (a "
                        "choice domain lists cards or plays)")
                cards = tuple(sorted(items, key=rules.rank_of.__getitem__))
                key = (a.name, frozenset(cards))
                if key not in seen:
                    seen.add(key)
                    out.append((a.name, cards, None))
    return out


def _parts_reference(game, a, data) -> list:
    """(name, cards, values) of a choice in parts' legal choices, the plain way: each
    part's domain as a whole list, in order, then legal (the toys have no so_far)."""
    import itertools
    rules = game.rules
    members = a.choose.members if a.choose.kind == "choose_parts" else (a.choose,)
    names = [m.name for m in members]
    legal = rules.expression(_text(data["legal"]), tuple(names)) if "legal" in data else None
    out = []

    def rec(i, bound):
        if i == len(members):
            if legal is None or game.call_ruleset(legal, dict(bound)):
                vals = tuple(tuple(v) if isinstance(v, list) else v for v in bound.values())
                cards = tuple(itertools.chain.from_iterable(
                    (sorted(v, key=rules.rank_of.__getitem__) if not a.keep_order else v)
                    if isinstance(v, tuple) else [v] if isinstance(v, str) and v in rules.rank_of
                    else [] for v in vals))
                out.append((a.name, cards, ("parts",) + tuple(
                    frozenset(v) if isinstance(v, tuple) else v for v in vals)))
            return
        dom = rules.expression(members[i].domain.text, tuple(names[:i]))
        for x in game.call_ruleset(dom, dict(bound)):
            rec(i + 1, {**bound, names[i]: x})
    rec(0, {})
    return out


def listed(game) -> list:
    """(name, cards, value of a typed choice or None) of the generated legal actions."""
    return [(a.name, a.cards, a.choice if a.defn.kind in TYPED_CHOICES else
             a.key[1] if a.defn.kind == "parts" else None)
            for a in game.legal_actions()]


def check_games(rules, players, seeds) -> int:
    decisions = 0
    for seed in seeds:
        game = rules.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            assert listed(game) == reference_legal(game)
            decisions += 1
            game.apply(rng.choice(game.legal_actions()))
        assert game.result.status == "finished", game.result.message
    return decisions


@pytest.mark.parametrize("name,options", BUNDLED)
def test_bundled_rulesets_list_what_the_plain_compiler_lists(name, options):
    rules = rulekit.load(name, options)
    lo, hi, _ = rules.players
    for n in (lo, hi):
        assert check_games(rules, n, range(games(2, 20))) > 0


@pytest.mark.parametrize("strict", ["true", "false"])
def test_toy_game_lists_what_the_plain_compiler_lists(tmp_path, strict):
    path = tmp_path / "hot.yaml"
    path.write_text(TOY)
    rules = rulekit.load(str(path), {"strict": strict})
    assert check_games(rules, 3, range(games(15, 150))) > 50


def test_a_value_computed_before_the_loop_that_fails_falls_back_to_the_lazy_version(tmp_path):
    path = tmp_path / "hot.yaml"
    path.write_text(TOY)
    rules = rulekit.load(str(path))
    src = rules.hot_source
    # `floor` (a call that does not vary with c) is computed before the loop ...
    assert "_lazy(G)" in src and "try:" in src
    game = rules.new_game(players=3, seed=1)
    assert not game.z["table"]                # ... where it fails: the table is empty
    assert {a.name for a in game.legal_actions()} >= {"play"}
    assert len([a for a in game.legal_actions() if a.name == "play"]) == 4
    assert game.result.status == "in_progress"


def test_a_play_listed_twice_is_offered_once(tmp_path):
    path = tmp_path / "hot.yaml"
    path.write_text(TOY)
    rules = rulekit.load(str(path))
    for seed in range(30):
        game = rules.new_game(players=3, seed=seed)
        pairs = [a for a in game.legal_actions() if a.name == "pair"]
        assert len({a.key for a in pairs}) == len(pairs)


def test_top_play_is_read_once_per_decision():
    import re
    src = rulekit.load("mattis").hot_source
    start = re.search(r"def _legal_\d+\(G\):\n    # step shed.play_turn", src).start()
    end = src.find("\n\n", start)
    legal = src[start:end if end > 0 else None]
    # the shed phase's `legal: empty(trick) or beats(p, top_play)`: beats is written in
    # place and top_play computed once, before the loop over the hand
    loop = legal[legal.index("for "):]
    assert "_B_last_play" in legal and "_B_last_play" not in loop
    assert "D_beats" not in legal and "D_top_play" not in legal


def test_the_module_is_compiled_once_per_source():
    rulekit.load("mattis")
    before = len(hotpath._CODE_CACHE)
    rules = rulekit.load("mattis")
    assert len(hotpath._CODE_CACHE) == before
    assert rules.hot_source.startswith("# generated by rulekit")


def test_generated_source_is_python_with_no_builtins_in_reach():
    import ast
    rules = rulekit.load("mattis")
    tree = ast.parse(rules.generated_source())
    assert {n.name for n in tree.body if isinstance(n, ast.FunctionDef)} >= {
        "_legal_3", "_enter_0", "_follow_0", "P_deal", "D_beats"}
    ns = rules.namespace
    assert ns["__builtins__"] == {}
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert not names & {"eval", "exec", "open", "__import__", "getattr", "compile"}


def test_clone_shares_the_random_source_until_one_draws():
    rules = rulekit.load("mattis")
    game = rules.new_game(players=4, seed=5)
    copy = game.clone()
    assert copy._rng is game._rng                  # nothing copied yet
    a = [copy.rng.random() for _ in range(3)]      # the copy draws: it takes its own
    b = [game.rng.random() for _ in range(3)]
    assert a == b and copy._rng is not game._rng
    again = game.clone()
    game.apply(game.legal_actions()[0])
    assert again.actions == game.actions - 1 and again.history == game.history[:-1]


def test_clone_shares_the_public_cards_until_either_learns_more():
    # the cards face up to everyone, and where each card is, are copied at the first
    # change, not at clone()
    import random
    rules = rulekit.load("mattis")
    game = rules.new_game(players=4, seed=5)
    rng = random.Random(5)
    while len(game.public) < 3:
        game.apply(rng.choice(game.legal_actions()))
    before = set(game.public)
    copy = game.clone()
    assert copy.public is game.public
    while copy.public == before and not copy.finished:    # the copy plays on: its own
        copy.apply(rng.choice(copy.legal_actions()))
    assert copy.public > before and game.public == before
    other = game.clone()
    while game.public == before and not game.finished:    # the original plays on
        game.apply(rng.choice(game.legal_actions()))
    assert game.public > before and other.public == before
    for g in (game, copy, other):                # where each card is, each its own
        for c, (zone, seat) in g.where.items():
            assert c in (g.z[zone] if seat is None else g.z[zone][seat]), (c, zone, seat)
    had = set(game.public)
    shown = game.clone()                                    # show: adds to a copy only
    shown.call_ruleset(lambda g, L: g.rules.namespace["_show"](g, ["2C", "3C"]), {})
    assert {"2C", "3C"} <= shown.public and game.public == had


def test_compile_command(capsys):
    from rulekit.cli import main
    assert main(["compile", "mattis"]) == 0
    out = capsys.readouterr().out
    assert "mattis: 11 steps (2 with decisions)" in out and "hot-path module" in out
    assert main(["compile", "mattis", "--show"]) == 0
    out = capsys.readouterr().out
    assert "def _legal_" in out and "# ---- definitions" in out
    assert main(["compile", "no_such_ruleset"]) == 1


def reference_determinize(game, seat, rng):
    """The redeal as it was first written: hidden places from the seat's view."""
    view = game.view(seat)
    copy = game.clone()
    places = []
    for name, decl in game.rules.zones.items():
        shown = view["zones"].get(name)
        if shown is None:
            continue
        if decl.per == "seat":
            for s, cards in enumerate(shown):
                places += [(copy.z[name][s], i, name, s) for i, c in enumerate(cards) if c is None]
        else:
            places += [(copy.z[name], i, name, None) for i, c in enumerate(shown) if c is None]
    hidden = [lst[i] for lst, i, _, _ in places]
    copy.where, copy._where_shared = dict(copy.where), False    # its own, to change
    new = hidden[:]
    rng.shuffle(new)
    old_tags = {c: copy.tags.pop(c) for c in hidden if c in copy.tags}
    old_marks = {c: copy.marks.pop(c) for c in hidden if c in copy.marks}
    for (lst, i, name, s), old, card in zip(places, hidden, new):
        lst[i] = card
        copy.where[card] = (name, s)
        if old in old_tags:
            copy.tags[card] = old_tags[old]
        if old in old_marks:
            copy.marks[card] = old_marks[old]
    copy._compute_legal()
    return copy


@pytest.mark.parametrize("name", ["mattis", "atlanta_mattis", "myllymatti", "mattis_norsk"])
def test_determinize_redeals_as_the_view_says(name):
    from rulekit.play.agents import determinize
    rules = rulekit.load(name)
    n = rules.players[1]
    for seed in range(games(3, 30)):
        game = rules.new_game(players=n, seed=seed)
        rng = random.Random(seed)
        k = 0
        while not game.finished:
            if k % 3 == 0:
                for seat in (game.to_act, (game.to_act + 1) % n):
                    a = determinize(game, seat, random.Random(k))
                    b = reference_determinize(game, seat, random.Random(k))
                    assert a.dump() == b.dump()
                    assert (a.where, a.tags, a.marks) == (b.where, b.tags, b.marks)
            game.apply(rng.choice(game.legal_actions()))
            k += 1


def test_moving_what_is_not_a_card_stops_the_game(tmp_path):
    # zones hold cards of the pack only (the hot path reads a zone card's rank directly)
    text = TOY.replace("  - set: turn = left_of(dealer)\n",
                       "  - set: turn = left_of(dealer)\n  - move: first(['XX']) to table\n", 1)
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    game = rulekit.load(str(path)).new_game(players=3, seed=1)
    assert game.result.status == "aborted"
    assert "'XX' is not a card of the pack" in game.result.message
    assert "XX" not in game.z["table"]


# ---- probes: rulesets a reviewer wrote to make the hot path differ ----------------------
# Each once made the generated code list other actions, end games otherwise or fail to
# compile: a lambda parameter capturing an argument written in place (cap1, rk1, sg1),
# arguments a definition's body does not use (sc1, sc2: their errors must still stop
# the game), parameters typed by their arguments (top1, idx1), definitions named like
# context names (spec1), a card and a one-card play of it in one domain (dup1), a
# one-item list that is not a card (lo1), a nested list offered (wrap1), empty nested
# effect lists (pass1, p2), odd names and texts (odd), shuffles and moves (shuf, mv,
# flow); and from a second review (r2_*): temporaries of arguments shared by two
# expressions' memos (p4, p7, p8), an argument that fails but is unused (p9, p11), a
# play repeating a card against its one-card play (p5, p6), runs on odd input (p1-p3,
# p3c), parts of a concatenated domain computed in order (p10, p10b).
# Each game is played with the reference checked at every decision; a game the
# hot path aborts while listing must be one whose listing fails the plain way, with the
# same message.
PROBES = sorted(p for p in (Path(__file__).parent / "hotpath_probes").glob("*.yaml")
                if not p.name.startswith("bad_"))
TOYS = [("results", {"form": f}) for f in ("ranking", "scores", "ties")] + [
    ("piles", {"place": p}) for p in ("bottom", "random", "count")] + [
    ("choices", {}), ("choices", {"words": "spaced"})] + [
    ("packs", {"runs": True}), ("packs", {"runs": False})]


@pytest.mark.parametrize("name,options", TOYS)
def test_construct_toys_list_what_the_plain_way_lists(name, options):
    rules = rulekit.load(str(Path(__file__).parent / "toys" / f"{name}.yaml"), options)
    for players in range(rules.players[0], rules.players[1] + 1):
        for seed in range(games(4, 30)):
            game = rules.new_game(players=players, seed=seed)
            rng = random.Random(seed)
            while not game.finished:
                assert listed(game) == reference_legal(game)
                game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("path", PROBES, ids=[p.stem for p in PROBES])
def test_probe_plays_as_the_plain_semantics(path):
    rules = rulekit.load(str(path))
    for seed in range(games(8, 60)):
        game = rules.new_game(players=3, seed=seed)
        rng = random.Random(seed * 7919 + 1)
        while not game.finished:
            assert listed(game) == reference_legal(game)
            game.apply(rng.choice(game.legal_actions()))
        status, message = game.result.status, game.result.message
        if status == "aborted" and game.step is not None and game.step.actor is not None \
                and "max_actions" not in message:
            game.status, game.actor = "in_progress", game.step.actor(game, game._L)
            try:
                reference_legal(game)
            except RulesetFailure as exc:
                if str(exc) == message:
                    continue
                raise AssertionError(f"{message!r} but the plain way says {exc}") from None
            # the listing was fine the plain way: the abort came from an effect
            assert not message.startswith(f"the ruleset failed at step {game.step.key}: ") \
                or game.events[-1]["kind"] != "action", message


@pytest.mark.parametrize("name", ["bad_name_newline", "bad_step_newline"])
def test_names_ending_in_a_newline_are_refused(name):
    path = Path(__file__).parent / "hotpath_probes" / f"{name}.yaml"
    with pytest.raises(rulekit.RulesetError, match=r'"[a-z]+\\n" is not a valid name'):
        rulekit.load(str(path))


def _runs_by_definition(rules, cs, n):
    """runs(cs, n) as the language reference defines it: suits in the order they first
    appear, each suit's cards by rank split into stretches of consecutive ranks, and in
    each stretch every run of n or more cards from each start."""
    by_suit: dict = {}
    for c in cs:
        by_suit.setdefault(rules.suit_of[c], []).append(c)
    out = []
    for suit_cards in by_suit.values():
        suit_cards.sort(key=rules.rank_of.__getitem__)
        stretches = [[suit_cards[0]]]
        for c in suit_cards[1:]:
            if rules.rank_of[c] == rules.rank_of[stretches[-1][-1]] + 1:
                stretches[-1].append(c)
            else:
                stretches.append([c])
        for st in stretches:
            out += [st[i:j] for i in range(len(st)) for j in range(i + n, len(st) + 1)]
    return out


def test_runs_lists_what_its_definition_says():
    from hypothesis import given, settings, strategies as st
    from rulekit.lang.builtins import runs
    rules = rulekit.load("mattis")
    game = rules.new_game(players=4, seed=1)

    @settings(max_examples=300, deadline=None)
    @given(cs=st.lists(st.sampled_from(rules.pack), unique=True, max_size=30),
           n=st.integers(0, 5))
    def check(cs, n):
        assert runs(game, list(cs), n) == _runs_by_definition(rules, list(cs), n)
    check()
