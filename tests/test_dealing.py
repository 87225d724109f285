"""A deal in one pass (``Changes.zone_dealer``) and the cheaper paths of ``Changes.move``
(a whole zone, a list of cards) make the same change as moving card by card: the
same zones in the same order, ``where``, tags, face marks, ``surfaced`` and events
(in the same order), with or without an event log; the cases one pass cannot do fall
back to the card-by-card mover. A Hearts deal is checked against HRT-2 by hand."""
import random

import pytest

import rulekit
from rulekit.runtime import movers
from rulekit.runtime.changes import Changes
from ruleset_positions import load_rules

TOY = """\
rulekit: 1
name: dealing_toy
players: {min: 2, max: 4, default: 3}
cards: {ranks: 1 2 3 4 5 6, suits: R B}
zones:
  hand:   {per: seat, see: owner}
  up:     {per: seat, see: all, top: first}
  played: {per: seat, see: all, tagged: true}
  pile:   {per: game, see: all, tagged: true}
  shown:  {per: game, see: top}
  stock:  {per: game, see: count, top: last}
setup:
  - move: deck to stock
phases:
  main:
    start: go
    actions:
      pass: {choose: nothing}
    steps:
      go:
        actor: 0
        actions: [pass]
        next:
          - do:
              - end_game: {loser: 1}
            goto: go
"""


@pytest.fixture(scope="module")
def toy(tmp_path_factory):
    path = tmp_path_factory.mktemp("dealing") / "dealing_toy.yaml"
    path.write_text(TOY)
    return rulekit.load(str(path))


def _seen(g) -> tuple:
    return (g.z, g.where, g.tags, g.marks, g.surfaced, g.playno, g.public,
            list(g.events) if g.log is not None else None)


def _start(rules, events: bool, src: str, marked: bool):
    """A game whose 12 cards lie in zone ``src`` (in an order of their own), some of
    them face up when ``marked``."""
    g = rules.new_game(seed=7, events=events)
    cards = list(g.z["stock"])
    random.Random(3).shuffle(cards)
    if src == "hand0":
        g.move(cards, "hand", 0, 1, "play")
    else:
        g.move(cards, src, None, 1, "play")         # (onto a tagged pile: tags)
    if marked:
        g.mark(cards[::3], "up")
    g.surfaced.clear()
    return g


def _by_card(g, to, src_list, first, seats, rounds) -> None:
    """The reference: each card moved in turn with the zone's mover."""
    rules = g.rules
    move = Changes.zone_mover(rules.zones[to], rules.tagged_zones, frozenset(rules.top_zones))
    for _ in range(rounds):
        for s in seats:
            if not src_list:
                return
            move(g, src_list[0] if first else src_list[-1], s, None, "play")


CASES = [   # (to, from, seats, rounds, one pass)
    ("hand", "stock", [1, 2, 0], 3, True),          # top last off, appended
    ("up", "stock", [0, 1], 4, True),               # onto a top-first zone seen by all
    ("hand", "pile", [2, 0, 1], 4, True),           # off a tagged pile: tags go
    ("hand", "stock", [0, 1, 2], 9, True),          # the source runs out mid-round
    ("played", "stock", [0, 1], 3, False),          # a tagged zone: play numbers
    ("hand", "shown", [0, 1], 3, False),            # each card uncovers the next
    ("hand", "hand0", [1, 0], 3, False),            # the source is one of the lists
    ("hand", "stock", [1, 1, 0], 2, False),         # a seat twice
]


@pytest.mark.parametrize("to, src, seats, rounds, one", CASES)
def test_a_deal_makes_the_moves_card_by_card_would(toy, monkeypatch, to, src, seats,
                                                   rounds, one):
    passes = []
    real = movers._one_pass
    monkeypatch.setattr(movers, "_one_pass", lambda *a: passes.append(1) or real(*a))
    deal = Changes.zone_dealer(toy.zones[to], toy.tagged_zones, frozenset(toy.top_zones))
    for events in (True, False):
        for marked in (False, True):
            a, b = _start(toy, events, src, marked), _start(toy, events, src, marked)
            assert _seen(a) == _seen(b)
            pick = (lambda g: g.z["hand"][0]) if src == "hand0" else (lambda g: g.z[src])
            first = toy.zones["hand" if src == "hand0" else src].top == "first"
            copy = a.clone()                        # (shares where: copied before a change)
            deal(a, pick(a), first, seats, rounds)
            _by_card(b, to, pick(b), first, seats, rounds)
            assert _seen(a) == _seen(b), (events, marked)
            assert copy.where != a.where and copy.z[to] != a.z[to]
    assert bool(passes) == one


def test_a_deal_to_a_seat_the_zone_lacks_fails_as_the_mover_does(toy):
    deal = Changes.zone_dealer(toy.zones["hand"], toy.tagged_zones, frozenset(toy.top_zones))
    a, b = _start(toy, True, "stock", False), _start(toy, True, "stock", False)
    with pytest.raises(IndexError):
        deal(a, a.z["stock"], False, [0, 5], 2)
    with pytest.raises(IndexError):
        _by_card(b, "hand", b.z["stock"], False, [0, 5], 2)
    assert _seen(a) == _seen(b)


def test_HRT_2_dealt_one_at_a_time_from_the_dealers_left_in_one_pass():
    # HRT-2: one card at a time, clockwise from the dealer's left; the deck top first
    rules = load_rules("hearts", {"passing": "none"})
    deck = [r + s for s in "SHDC" for r in "AKQJT98765432"]     # AS first
    game = rules.new_game(players=4, dealer=2, deck=deck)
    order = [3, 0, 1, 2]                    # the dealer's left first
    for i, s in enumerate(order):
        assert game.z["hand"][s] == deck[i::4]                  # in the order received
        assert all(game.where[c] == ("hand", s) for c in deck[i::4])
    moved = [ev for ev in game.events if ev["kind"] == "moved"][:52]
    assert [ev["cards"] for ev in moved] == [[c] for c in deck]
    assert [ev["to"] for ev in moved] == [("hand", order[i % 4]) for i in range(52)]
    assert game.z["deck"] == []


def test_move_of_a_whole_zone_and_of_lists_is_unchanged(toy):
    # a whole tagged pile to a hand, a list from a hand to the pile, as card by card
    for events in (True, False):
        a, b = _start(toy, events, "pile", True), _start(toy, events, "pile", True)
        a.move(a.z["pile"], "hand", 1)
        for c in list(b.z["pile"]):
            b.move(c, "hand", 1)
        log_a = a.log
        if events:      # one event for the whole move, the cards in the pile's order
            assert log_a[-1]["cards"] == b.z["hand"][1]
            del log_a[-1], b.log[-12:]
        assert _seen(a) == _seen(b)
        three = a.z["hand"][1][2:5]
        a.move(three, "pile", None, 0, "lead")
        assert a.z["pile"] == three and all(a.tags[c] == (0, 2, "lead") for c in three)
        assert all(a.where[c] == ("pile", None) for c in three)


@pytest.mark.parametrize("what, message", [
    (lambda g: ["R9", g.z["stock"][0]], "move: 'R9' is not a card of the pack"),
    (lambda g: [g.z["stock"][0], ["x"]], "move: 'list' is not a card of the pack"),
    (lambda g: [g.z["stock"][1], g.z["stock"][0], g.z["stock"][1]], "is listed twice"),
    (lambda g: [g.z["stock"][0], 3], "move: 3 is not a card of the pack"),
])
def test_move_refuses_a_list_with_a_bad_card_before_changing_anything(toy, what, message):
    g = _start(toy, True, "stock", False)
    before = _seen(g)
    with pytest.raises(ValueError, match=message):
        g.move(what(g), "hand", 0)
    assert _seen(g) == before
