"""Each generic construct of the language on its own, in a toy game with its own pack
(ranks 1-5, suits R and B): nothing here belongs to the bundled games."""
import pytest

import rulekit

TOY = """\
rulekit: 1
name: toy
title: Toy
players: {min: 2, max: 4, default: 3}
cards: {ranks: 1 2 3 4 5, suits: R B}
options:
  low:   {type: list, of: rank, default: [1, 2]}
  extra: {type: int, min: 0, max: 3, default: 1}
zones:
  pile:  {per: game, top: first, see: count}
  hand:  {per: seat, see: owner}
  table: {per: game, see: all, tagged: true}
  aside: {per: seat, see: owner}
  bin:   {per: game, see: all}
vars:
  turn:   {type: seat}
  marked: {type: bool, per: seat, init: false}
  total:  {type: int, init: 0}
definitions:
  is_low(c): rank(c) in option.low
procedures:
  bonus(s):
    - repeat: option.extra
      do:
        - move: top(pile) to aside[s]
setup:
  - deal: {from: deck, to: hand, each: 2}
  - move: deck to pile
  - move: top_n(pile, 2) to bin
  - conceal: bin
  - for: s in seats()
    do:
      - call: bonus(s)
  - set: turn = left_of(dealer)
phases:
  main:
    start: turn
    heuristic: -count(hand[seat])
    actions:
      play:
        choose: c in hand[actor]
        do:
          - move: c to table
          - set: marked[actor] = true
      tuck:
        choose: c in filter(hand[actor], c -> is_low(c))
        do:
          - move: c to table as 'tucked'
      show:
        choose: nothing
        legal: not empty(aside[actor])
        do:
          - reveal: first(aside[actor])
          - show: hand[actor]
    steps:
      turn:
        actor: turn
        actions: [play, tuck, show]
        next:
          - if: empty(hand[actor])
            do:
              - let: n = count(table)
              - set: total = total + n
              - out: actor
              - announce: "seat {actor} is out with {n} on the table"
              - if: count(seats_in()) == 1
                then:
                  - end_game: {loser: first(seats_in())}
            goto: after
          - goto: after
      after:
        do:
          - set: turn = left_of(turn)
        next: turn
"""


@pytest.fixture()
def toy(tmp_path):
    path = tmp_path / "toy.yaml"
    path.write_text(TOY)
    rules, diags = rulekit.check(str(path))
    assert rules is not None and diags == [], diags
    return rules


def deck(order):
    return order.split()


ORDER = "1R 2R 3R 4R 5R 1B 2B 3B 4B 5B"   # top first


def test_own_pack_deal_top_first_pile_and_concealed_bin(toy):
    game = toy.new_game(players=2, deck=deck(ORDER), dealer=1)
    d = game.dump()["zones"]
    # deal: one at a time clockwise from the dealer's left (seat 0), 2 each
    assert d["hand"] == [["1R", "3R"], ["2R", "4R"]]
    # move deck to a top-first pile keeps order; top_n takes from the top
    assert d["bin"] == ["5R", "1B"]
    # repeat (option.extra = 1) via a procedure: each seat sets one card aside, in seat order
    assert d["aside"] == [["2B"], ["3B"]] and d["pile"] == ["4B", "5B"]
    # conceal: the bin is face down for everyone although the zone is see: all
    assert game.view(0)["zones"]["bin"] == [None, None]
    assert game.view(0)["zones"]["pile"] == [None, None]        # see: count
    assert game.view(0)["zones"]["aside"] == [["2B"], [None]]    # see: owner
    assert game.to_act == 0


def test_list_option_of_ranks_and_choice_domain_filter(toy):
    game = toy.new_game(players=2, deck=deck(ORDER), dealer=1)
    assert toy.options["low"] == [1, 2]
    # tuck is offered only for ranks 1 and 2 (rank names, read as rank indexes)
    assert sorted(str(a) for a in game.legal_actions()) == ["play 1R", "play 3R", "show", "tuck 1R"]
    game.apply("tuck 1R")
    assert game.evaluate("kind_of(c)", c="1R") == "tucked"
    assert game.evaluate("seat_of(c)", c="1R") == 0
    assert game.evaluate("play_of(c)", c="1R") == 1


def test_reveal_show_and_per_seat_variables(toy):
    game = toy.new_game(players=2, deck=deck(ORDER), dealer=1)
    game.apply("show")
    assert game.view(1)["zones"]["aside"][0] == ["2B"]          # revealed to all
    said = [e for e in game.events if "text" in e]
    assert said[-1]["text"] == "seat 0 shows 1R 3R" and said[-1]["seat"] == 0
    assert "1R" in game.public and "3R" in game.public
    game.apply("play 2R")
    assert game.dump()["vars"]["marked"] == [False, True]
    game.apply("play 1R")                                         # a move clears marks
    assert game.evaluate("count(table)") == 2


def test_out_let_announce_and_end_game(toy):
    game = toy.new_game(players=2, deck=deck(ORDER), dealer=1)
    for action in ["play 1R", "play 2R", "play 3R"]:
        game.apply(action)
    assert game.finished and game.result.status == "finished"
    assert game.result.out_order == [0] and game.result.loser == 1
    assert game.dump()["vars"]["total"] == 3
    assert [e for e in game.events if "text" in e][-1]["text"] == \
        "seat 0 is out with 3 on the table"


BUILTINS = [
    ("runs(['1R', '2R', '3R', '5R', '4B'], 2)", [["1R", "2R"], ["1R", "2R", "3R"], ["2R", "3R"]]),
    ("runs(['1R', '2R', '3R'], 3)", [["1R", "2R", "3R"]]),
    ("bottom_run(['2R', '3R', '4R', '1B', '5R'])", ["2R", "3R", "4R"]),
    ("bottom_run(['2R', '4R'])", ["2R"]),
    ("singles(['1R', '2B'])", [["1R"], ["2B"]]),
    ("highest(['2R', '5B', '5R'])", "5B"),
    ("lowest(['2R', '1B', '1R'])", "1B"),
    ("by_rank(['3R', '1B', '1R'])", ["1R", "1B", "3R"]),
    ("rank_name(card('4B'))", "4"),
    ("rank(card('1r')) + rank(card('5B'))", 4),
    ("suit(card('3B'))", "B"),
    ("sum_of(['1R', '5B'], c -> rank(c))", 4),
    ("max_of(['1R', '5B'], c -> rank(c))", 4),
    ("min_by(['3R', '1B', '1R'], c -> rank(c))", "1B"),
    ("max_by(['3R', '1B', '3B'], c -> rank(c))", "3R"),
    ("map(filter([1, 2, 3, 4], x -> x % 2 == 0), x -> x * 10)", [20, 40]),
    ("any([1, 2], x -> x > 1) and all([1, 2], x -> x > 0)", True),
    ("first([]) ?? 7", 7),
    ("at([1, 2, 3], -1) + count(rest([1, 2, 3])) + count(drop([1, 2, 3], 2))", 6),
    ("take([1, 2, 3], 2) + reverse([4, 5])", [1, 2, 5, 4]),
    ("flatten([[1], [2, 3]])", [1, 2, 3]),
    ("index_of([4, 5], 5)", 1),
    ("min(3, 4) + max(3, 4)", 7),
    ("top(['1R', '2R'])", "2R"),
    ("bottom(['1R', '2R'])", "1R"),
]


@pytest.mark.parametrize("expr,value", BUILTINS, ids=[b[0] for b in BUILTINS])
def test_builtin(toy, expr, value):
    game = toy.new_game(players=2, deck=deck(ORDER), dealer=1)
    assert game.evaluate(expr) == value


def test_card_literal_is_checked_against_the_pack(toy):
    game = toy.new_game(players=2, deck=deck(ORDER), dealer=1)
    with pytest.raises(rulekit.RulesetError, match=r"card\('QS'\): no such card in this pack"):
        game.evaluate("card('QS')")


def test_seat_builtins_skip_seats_that_are_out(toy):
    game = toy.new_game(players=4, seed=1, dealer=3)
    game.inplay[1] = False                     # as if seat 1 had gone out
    assert game.evaluate("seats_from(3)") == [3, 0, 2]
    assert game.evaluate("left_of(0)") == 2 and game.evaluate("next_seat(0)") == 1
    assert game.evaluate("seats_in()") == [0, 2, 3] and game.evaluate("is_in(1)") is False
    assert game.evaluate("top(pile) == first(pile)")            # pile's top is its first


def test_tagged_zone_plays(toy):
    game = toy.new_game(players=2, deck=deck(ORDER), dealer=1)
    game.apply("play 1R")
    game.apply("play 2R")
    assert game.evaluate("plays_in(table)") == [["1R"], ["2R"]]
    assert game.evaluate("last_play(table)") == ["2R"]
