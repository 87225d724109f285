"""Edge cases of the built-in functions, each checked against its documented meaning
(docs/language.md, "Built-in functions"), in a toy game with its own pack (ranks 1-5,
suits R and B): seats that are out, plays on a tagged pile, ties, runs with gaps, zones
whose top is their first card or their last, empty lists and `??`.

Only the public API is used: ``rulekit.check``, ``Rules.new_game``, ``GameState.apply``,
``dump`` and ``evaluate``. Property tests (hypothesis) compare a built-in with a small
oracle written from its documentation.
"""
import functools
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulekit

TOY = """\
rulekit: 1
name: bits
title: Built-ins
players: {min: 2, max: 4, default: 4}
cards: {ranks: 1 2 3 4 5, suits: R B}
options:                      # seat N is out from the start when outN is true
  out0: {type: bool, default: false}
  out1: {type: bool, default: false}
  out2: {type: bool, default: false}
  out3: {type: bool, default: false}
zones:
  pile:  {per: game, see: all, tagged: true}       # top: last (the default)
  stock: {per: game, top: first, see: count}
  hand:  {per: seat, see: owner}
vars:
  turn:  {type: seat}
  plays: {type: int, init: 0}
definitions:
  gone(s): "[option.out0, option.out1, option.out2, option.out3][s]"
setup:
  - for: s in seats()
    do:
      - if: gone(s)
        then:
          - out: s
  - deal: {from: deck, to: hand, each: 8 / players}
  - move: deck to stock
  - set: turn = first(seats_in())
phases:
  main:
    start: turn
    actions:
      play:
        choose: p in singles(hand[actor]) + runs(hand[actor], 2)
        do:
          - move: p to pile
          - set: plays = plays + 1
      take:
        choose: nothing
        legal: not empty(pile)
        do:
          - move: bottom(pile) to hand[actor]
      pass:
        choose: nothing
    steps:
      turn:
        actor: turn
        actions: [play, take, pass]
        next:
          - if: empty(hand[actor])
            do:
              - end_game: {loser: actor}
            goto: turn
          - do:
              - set: turn = left_of(turn)
            goto: turn
"""

RANKS = "12345"
PACK = [r + s for s in "RB" for r in RANKS]
# 2 players, dealer 1: one card at a time from seat 0, four each; the last two to stock
DECK = "1R 2B 2R 5R 3R 4B 1B 3B 4R 5B".split()


@pytest.fixture(scope="module")
def toy_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("toy") / "bits.yaml"
    path.write_text(TOY, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def rules_with(toy_file):
    """``rules_with(frozenset of seats out from the start)``: the toy, compiled once each."""
    @functools.lru_cache(maxsize=None)
    def compiled(out=frozenset()):
        rules, diags = rulekit.check(str(toy_file), {f"out{s}": True for s in out})
        assert rules is not None and diags == [], diags
        return rules
    return compiled


@pytest.fixture(scope="module")
def game(rules_with):
    """The toy at its start: seat 0 holds 1R 2R 3R 1B, seat 1 2B 5R 4B 3B; stock 4R 5B.
    Read only (evaluate); tests that play start their own game."""
    return new_game(rules_with)


def new_game(rules_with):
    return rules_with().new_game(players=2, deck=DECK, dealer=1)


def rank(c):
    return RANKS.index(c[0])


def test_the_toy_deals_as_planned(game):
    d = game.dump()
    assert d["zones"]["hand"] == [["1R", "2R", "3R", "1B"], ["2B", "5R", "4B", "3B"]]
    assert d["zones"]["stock"] == ["4R", "5B"] and d["zones"]["pile"] == []
    assert d["to_act"] == 0


# ---- seats: left_of, seats_from, next_seat with seats out (C-2) --------------------------

SEATINGS = [(n, frozenset(out)) for n in (2, 3, 4) for k in range(n)
            for out in itertools.combinations(range(n), k)]


@pytest.mark.parametrize("players,out", SEATINGS,
                         ids=[f"{n}p-out{''.join(map(str, sorted(o))) or '-none'}"
                              for n, o in SEATINGS])
def test_seat_builtins_with_seats_out(rules_with, players, out):
    """C-2 (seats are numbered 0..n-1 clockwise), for every seat s, as documented:
    `left_of(s)` is the next seat clockwise after s that is still in, or s itself if
    nobody else is (s in or out); `seats_from(s)` the seats still in, clockwise from s
    (s first if it is in); `next_seat(s)` the seat directly clockwise, in or out;
    `seats_in()` in seat order; `is_in(s)`."""
    game = rules_with(out).new_game(players=players, seed=1)
    assert game.dump()["out_order"] == sorted(out)
    seats_in = [s for s in range(players) if s not in out]
    assert game.evaluate("seats_in()") == seats_in
    for s in range(players):
        clockwise = [(s + k) % players for k in range(players)]
        after_s = [t for t in clockwise[1:] if t not in out]
        assert game.evaluate("left_of(s)", s=s) == (after_s[0] if after_s else s), s
        assert game.evaluate("seats_from(s)", s=s) == [t for t in clockwise if t not in out], s
        assert game.evaluate("next_seat(s)", s=s) == (s + 1) % players, s
        assert game.evaluate("is_in(s)", s=s) is (s not in out), s


def test_left_of_a_seat_alone_in_the_game_is_itself(rules_with):
    """C-2: every other seat is out: left_of(s) is s and seats_from(s) is [s]; from a seat
    that is out, both reach the one seat still in."""
    game = rules_with(frozenset({0, 1, 3})).new_game(players=4, seed=1)
    assert game.evaluate("left_of(2)") == 2 and game.evaluate("seats_from(2)") == [2]
    assert game.evaluate("left_of(3)") == 2 and game.evaluate("seats_from(3)") == [2]
    assert game.evaluate("left_of(0)") == 2 and game.evaluate("seats_from(0)") == [2]
    assert game.evaluate("next_seat(2)") == 3 and game.evaluate("next_seat(3)") == 0


# ---- plays on a tagged pile: last_play, plays_in ---------------------------------------

def test_last_play_of_an_empty_pile_is_the_empty_list(game):
    assert game.evaluate("last_play(pile)") == []
    assert game.evaluate("plays_in(pile)") == []


def test_last_play_of_several_cards_played_together(rules_with):
    """`last_play` is the most recent play still on the pile: all the cards of one
    `move` (one play number), in pile order; `plays_in` groups by play, oldest first."""
    game = new_game(rules_with)
    game.apply("play 1R 2R 3R")
    assert game.dump()["zones"]["pile"] == ["1R", "2R", "3R"]
    assert game.evaluate("last_play(pile)") == ["1R", "2R", "3R"]
    assert game.evaluate("plays_in(pile)") == [["1R", "2R", "3R"]]
    assert game.evaluate("map(pile, c -> play_of(c))") == [1, 1, 1]
    game.apply("play 5R")                                    # seat 1: one card on the run
    assert game.evaluate("last_play(pile)") == ["5R"]
    assert game.evaluate("plays_in(pile)") == [["1R", "2R", "3R"], ["5R"]]


def test_last_play_after_part_of_it_was_taken(rules_with):
    """What is left of a play on the pile is still that play ("still on a tagged pile")."""
    game = new_game(rules_with)
    game.apply("play 1R 2R 3R")
    game.apply("take")                                      # seat 1 takes the bottom card 1R
    assert game.dump()["zones"]["pile"] == ["2R", "3R"]
    assert game.evaluate("last_play(pile)") == ["2R", "3R"]
    assert game.evaluate("plays_in(pile)") == [["2R", "3R"]]


def test_plays_in_an_untagged_zone_is_one_card_per_play(game):
    """Untagged cards are each a play of their own."""
    assert game.evaluate("plays_in(stock)") == [["4R"], ["5B"]]
    assert game.evaluate("plays_in(hand[1])") == [["2B"], ["5R"], ["4B"], ["3B"]]


# ---- top, bottom, top_n: a zone's `top` key; a list's top is its last item -------------

def test_top_bottom_top_n_of_a_top_first_zone(game):
    """stock has `top: first`: its top is index 0, its bottom the last card."""
    assert game.dump()["zones"]["stock"] == ["4R", "5B"]
    assert game.evaluate("top(stock)") == "4R"
    assert game.evaluate("bottom(stock)") == "5B"
    assert game.evaluate("top_n(stock, 1)") == ["4R"]
    assert game.evaluate("top_n(stock, 2)") == ["4R", "5B"]


def test_top_bottom_top_n_of_a_top_last_zone(rules_with):
    """pile has the default `top: last`; `top_n` keeps zone order."""
    game = new_game(rules_with)
    game.apply("play 1R 2R 3R")
    assert game.evaluate("top(pile)") == "3R"
    assert game.evaluate("bottom(pile)") == "1R"
    assert game.evaluate("top_n(pile, 2)") == ["2R", "3R"]
    assert game.evaluate("top_n(pile, 1)") == ["3R"]


def test_top_and_bottom_of_an_empty_zone_are_null(game):
    assert game.evaluate("top(pile)") is None and game.evaluate("bottom(pile)") is None


def test_top_bottom_top_n_of_a_list(game):
    """A plain list: the top is its last item (as a pile played onto)."""
    cs = ["1R", "2B", "3R"]
    assert game.evaluate("top(cs)", cs=cs) == "3R"
    assert game.evaluate("bottom(cs)", cs=cs) == "1R"
    assert game.evaluate("top_n(cs, 2)", cs=cs) == ["2B", "3R"]


# ---- a table of edge cases --------------------------------------------------------------

EDGES = [
    # lowest / highest: the first such in list order
    ("lowest(cs)", {"cs": ["3R", "1B", "1R"]}, "1B"),
    ("lowest(cs)", {"cs": ["1R", "1B"]}, "1R"),
    ("highest(cs)", {"cs": ["4B", "5R", "5B"]}, "5R"),
    ("highest(cs)", {"cs": ["5B", "5R"]}, "5B"),
    ("lowest(cs) ?? 'none'", {"cs": []}, "none"),
    ("highest(cs) ?? 'none'", {"cs": []}, "none"),
    # max_by / min_by: the first item with the largest / smallest f
    ("max_by(cs, c -> rank(c))", {"cs": ["2R", "4B", "4R", "1B"]}, "4B"),
    ("min_by(cs, c -> rank(c))", {"cs": ["4B", "2R", "2B"]}, "2R"),
    ("max_by(xs, x -> x % 3)", {"xs": [3, 5, 8, 2]}, 5),
    ("min_by(xs, x -> x % 3)", {"xs": [4, 6, 3, 9]}, 6),
    ("max_by(xs, x -> x) ?? 'none'", {"xs": []}, "none"),
    ("min_by(xs, x -> x) ?? 'none'", {"xs": []}, "none"),
    # max_of / min_of: null on an empty list; sum_of 0
    ("max_of(cs, c -> rank(c))", {"cs": []}, None),
    ("min_of(cs, c -> rank(c))", {"cs": []}, None),
    ("max_of(pile, c -> rank(c))", {}, None),
    ("min_of(pile, c -> rank(c))", {}, None),
    ("sum_of(cs, c -> rank(c))", {"cs": []}, 0),
    ("max_of(cs, c -> rank(c))", {"cs": ["2R", "5B", "1R"]}, 4),
    ("min_of(cs, c -> rank(c))", {"cs": ["2R", "5B", "1R"]}, 0),
    # bottom_run: the first card and each next card continuing its suit in rank
    ("bottom_run(cs)", {"cs": ["3R"]}, ["3R"]),
    ("bottom_run(cs)", {"cs": ["2R", "3B", "4R"]}, ["2R"]),
    ("bottom_run(cs)", {"cs": ["2R", "3R", "5R", "4R"]}, ["2R", "3R"]),
    ("bottom_run(cs)", {"cs": ["4R", "3R"]}, ["4R"]),
    ("bottom_run(cs)", {"cs": ["1B", "2B", "3B", "4B", "5B"]}, ["1B", "2B", "3B", "4B", "5B"]),
    # at: 0-based, negative counts from the end, null if there is no such item
    ("at(xs, 0)", {"xs": [10, 20, 30]}, 10),
    ("at(xs, 2)", {"xs": [10, 20, 30]}, 30),
    ("at(xs, -1)", {"xs": [10, 20, 30]}, 30),
    ("at(xs, -3)", {"xs": [10, 20, 30]}, 10),
    ("at(xs, 3)", {"xs": [10, 20, 30]}, None),
    ("at(xs, -4)", {"xs": [10, 20, 30]}, None),
    ("at(xs, 0)", {"xs": []}, None),
    ("at(xs, -1)", {"xs": []}, None),
    ("at(pile, -1)", {}, None),
    ("at(stock, -1)", {}, "5B"),
    # index_of: null if absent
    ("index_of(xs, 7)", {"xs": [4, 5]}, None),
    ("index_of(xs, 7)", {"xs": []}, None),
    ("index_of(xs, 5)", {"xs": [4, 5]}, 1),
    ("index_of(seats_in(), 1)", {}, 1),
    # ??: the left side unless it is null (0, false, '' and [] are not null)
    ("null ?? 3", {}, 3),
    ("0 ?? 3", {}, 0),
    ("false ?? true", {}, False),
    ("'' ?? 'x'", {}, ""),
    ("xs ?? [1]", {"xs": []}, []),
    ("null ?? null ?? 2", {}, 2),
    ("first(xs) ?? 7", {"xs": []}, 7),
    ("last(xs) ?? 7", {"xs": []}, 7),
    ("at(xs, 5) ?? -1", {"xs": [1]}, -1),
    ("index_of(xs, 9) ?? -1", {"xs": [1]}, -1),
    ("top(pile) ?? 'empty'", {}, "empty"),
    ("rank(top(pile)) ?? -1", {}, -1),
    # null in, null out; untagged cards have no seat or play number; empty lists
    ("rank(top(pile))", {}, None),
    ("suit(top(pile))", {}, None),
    ("seat_of(top(stock))", {}, None),
    ("play_of(top(stock))", {}, None),
    ("all(xs, x -> x > 0)", {"xs": []}, True),
    ("any(xs, x -> x > 0)", {"xs": []}, False),
]


@pytest.mark.parametrize("expr,names,value", EDGES,
                         ids=[f"{e}|{n}" if n else e for e, n, _ in EDGES])
def test_edge_case(game, expr, names, value):
    got = game.evaluate(expr, **names)
    assert got == value and type(got) is type(value)


# runs(cs, n): every run of n or more cards of one suit in consecutive rank order, each
# ascending (the order of the runs in the list is not documented: compared as a set)
RUNS = [
    (["1R", "2R", "4R", "5R"], 2, [["1R", "2R"], ["4R", "5R"]]),          # a gap
    (["1R", "2R", "4R", "5R"], 3, []),
    (["1R", "2B", "3R"], 2, []),                                          # suits alternate
    (["5R", "1R", "2B", "2R", "1B"], 2, [["1R", "2R"], ["1B", "2B"]]),    # two suits, unsorted
    (["3B", "1R", "2B", "2R", "1B", "3R"], 3, [["1R", "2R", "3R"], ["1B", "2B", "3B"]]),
    ([], 2, []),
    (["1B", "2B", "3B", "4B", "5B"], 4,
     [["1B", "2B", "3B", "4B"], ["1B", "2B", "3B", "4B", "5B"], ["2B", "3B", "4B", "5B"]]),
    (["1B", "2B", "4B", "5B", "3R", "4R", "5R"], 2,
     [["1B", "2B"], ["4B", "5B"], ["3R", "4R"], ["4R", "5R"], ["3R", "4R", "5R"]]),
]


@pytest.mark.parametrize("cs,n,want", RUNS,
                         ids=[f"{' '.join(c) or 'none'}|{n}" for c, n, _ in RUNS])
def test_runs_with_gaps_and_several_suits(game, cs, n, want):
    got = game.evaluate("runs(cs, n)", cs=cs, n=n)
    assert sorted(got) == sorted(want)


# ---- properties: each built-in against an oracle written from its documentation ----------

cards = st.lists(st.sampled_from(PACK), unique=True, max_size=len(PACK))
cards_with_ties = st.lists(st.sampled_from(PACK), unique=True, min_size=1, max_size=len(PACK))
PROPERTY = settings(max_examples=150, deadline=None)


def first_with(xs, key, pick):
    """The first item of ``xs`` whose key is ``pick`` (max or min) of all keys."""
    best = pick(key(x) for x in xs)
    return next(x for x in xs if key(x) == best)


@PROPERTY
@given(cs=cards_with_ties)
def test_lowest_highest_min_by_max_by_pick_the_first_such(game, cs):
    assert game.evaluate("lowest(cs)", cs=cs) == first_with(cs, rank, min)
    assert game.evaluate("highest(cs)", cs=cs) == first_with(cs, rank, max)
    assert game.evaluate("min_by(cs, c -> rank(c))", cs=cs) == first_with(cs, rank, min)
    assert game.evaluate("max_by(cs, c -> rank(c))", cs=cs) == first_with(cs, rank, max)
    assert game.evaluate("max_of(cs, c -> rank(c))", cs=cs) == max(map(rank, cs))
    assert game.evaluate("min_of(cs, c -> rank(c))", cs=cs) == min(map(rank, cs))


def runs_oracle(cs, n):
    """Every run of n or more cards of one suit in consecutive rank, ascending."""
    held = set(cs)
    out = set()
    for suit in "RB":
        for lo in range(len(RANKS)):
            for hi in range(lo + n, len(RANKS) + 1):
                run = tuple(RANKS[r] + suit for r in range(lo, hi))
                if held.issuperset(run):
                    out.add(run)
    return out


@PROPERTY
@given(cs=cards, n=st.integers(2, 5))
def test_runs_are_every_run_of_n_or_more(game, cs, n):
    got = game.evaluate("runs(cs, n)", cs=cs, n=n)
    assert all(isinstance(r, list) for r in got)
    assert len(got) == len({tuple(r) for r in got}), "a run listed twice"
    assert {tuple(r) for r in got} == runs_oracle(cs, n)


@PROPERTY
@given(cs=cards_with_ties)
def test_bottom_run_continues_the_first_card(game, cs):
    run = [cs[0]]
    for c in cs[1:]:
        if c[1] != cs[0][1] or rank(c) != rank(run[-1]) + 1:
            break
        run.append(c)
    assert game.evaluate("bottom_run(cs)", cs=cs) == run


@PROPERTY
@given(xs=st.lists(st.integers(-3, 3), max_size=6), i=st.integers(-8, 8))
def test_at_counts_from_either_end_and_is_null_outside(game, xs, i):
    want = xs[i] if -len(xs) <= i < len(xs) else None
    assert game.evaluate("at(xs, i)", xs=xs, i=i) == want


@PROPERTY
@given(xs=st.lists(st.integers(0, 9), unique=True, max_size=6), x=st.integers(0, 9))
def test_index_of_is_the_position_or_null(game, xs, x):
    assert game.evaluate("index_of(xs, x)", xs=xs, x=x) == (xs.index(x) if x in xs else None)
