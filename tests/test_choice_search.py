"""How the engine searches a choice in parts (docs/language.md, "Choices in parts"),
on a toy (tests/toys/pairs.yaml: a card of the table paired with one of the hand, a
set part of two whose ``legal`` begins with conditions that name no part):

- ``legal``'s part-free beginning is evaluated once a decision, before any domain is
  read: when it is false, nothing is searched; when its evaluation fails, the failure
  comes where a complete choice is checked, as without the shortcut;
- a set part of one size with no ``so_far`` is walked as combinations, spending the
  budget exactly as the card-by-card search does;
- a decision whose parts are all read by a condition gathers its legal choices once.

Each shortcut is checked against the plain search (the same chooser with the shortcut
taken away): the same counts, choices, order and budget left."""
from __future__ import annotations

import dataclasses
import itertools
import random
from pathlib import Path

import pytest

import rulekit
from rulekit.runtime.choices import Chooser
from rulekit.runtime.drawing import Budget
from rulekit.runtime import choices

TOY = Path(__file__).parent / "toys" / "pairs.yaml"


@pytest.fixture(scope="module")
def rules():
    return rulekit.load(str(TOY))


def states(rules, seeds=range(4)):
    """Decisions of seeded random games where `cover` is offered with a table."""
    for seed in seeds:
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            if game.z["table"]:
                yield game
            game.apply(game.random_legal(rng))


def cover(game, plain=False):
    """A fresh chooser of `cover`; ``plain``: without the split of ``legal``."""
    defn = next(a for a in game.step.parted if a.name == "cover")
    ch = Chooser(game, defn)
    if plain:
        ch.spec = dataclasses.replace(ch.spec, pre=None, post=None)
    return ch


def test_legal_is_split_after_its_part_free_beginning(rules):
    game = next(states(rules))
    spec = cover(game).spec
    assert spec.pre is not None and spec.post is not None and spec.legal is not None
    L = {"p": []}
    assert spec.pre(game, L) is True       # the seat to act is `turn`, the table not empty


def test_the_split_search_finds_what_the_plain_search_finds(rules):
    seen = 0
    for game in states(rules):
        split, plain = cover(game), cover(game, plain=True)
        b1, b2 = Budget(), Budget()
        assert split.count(b1) == plain.count(b2)
        assert b1.left == b2.left                # the same evaluations spent
        assert split.enumerate(100) == plain.enumerate(100)
        assert split.has_completion(()) == plain.has_completion(())
        o1, o2 = split.options(()), plain.options(())
        assert o1.items == o2.items and o1.done == o2.done
        seen += 1
    assert seen > 20


def test_a_false_beginning_reads_no_domain_and_offers_nothing(rules):
    game = next(states(rules)).clone()
    game.v["turn"] = 1 - game.actor             # `actor == turn` is now false
    ch = cover(game)
    assert ch.count() == 0 and ch.has_completion(()) is False
    assert ch.enumerate(10) == [] and ch.random(random.Random(1)) == (None, "uniform")
    assert ch._dom == {}                          # no domain was read
    plain = cover(game, plain=True)
    assert plain.count() == 0 and plain._dom != {}


def test_a_beginning_that_fails_fails_where_a_choice_is_checked(rules):
    game = next(states(rules))
    ch = cover(game)
    ch.spec = dataclasses.replace(ch.spec, pre=lambda G, L: 1 // 0)
    assert ch._never() is False                   # unknown: the search goes on
    with pytest.raises(ZeroDivisionError):
        ch.count()


@pytest.mark.parametrize("n,need,start,cur", [(6, 2, 0, 0), (7, 3, 0, 1), (9, 2, 3, 2),
                                              (5, 5, 0, 0), (4, 1, 1, 0), (8, 4, 2, 1)])
def test_sets_of_one_size_are_walked_as_the_card_by_card_search_walks_them(n, need, start,
                                                                          cur):
    avail = [f"c{i}" for i in range(n)]
    begun = [f"x{i}" for i in range(cur)]
    budget = Budget(10 ** 6)
    got = list(choices._sized(begun, avail, start, need, budget))
    want = [tuple(begun) + c for c in itertools.combinations(avail[start:], need)]
    assert got == want
    # the card-by-card search adds each card once per distinct beginning of the sets
    nodes = {w[cur:cur + m] for w in want for m in range(1, need + 1)}
    assert 10 ** 6 - budget.left == len(nodes)


def test_sets_of_one_size_stop_at_the_same_card_past_the_budget():
    avail = [f"c{i}" for i in range(10)]
    budget = Budget(7)
    got = []
    with pytest.raises(choices.OverBudget):
        for s in choices._sized([], avail, 0, 2, budget):
            got.append(s)
    # prefixes c0 (1), then c0c1..c0c9: the budget of 7 buys c0 and six pairs
    assert got == [("c0", f"c{i}") for i in range(1, 7)]


def test_a_decision_gathers_its_choices_once_and_draws_the_same(rules):
    for game in itertools.islice(states(rules), 30):
        own = game.chooser("cover")
        plain = cover(game)
        assert own.cached_count() == plain.count()
        found = own._found
        assert found == [plain._nth((), r, Budget()) for r in range(len(found))]
        assert own.has_completion(()) == (len(found) > 0)


@pytest.mark.parametrize("n,need", [(6, 2), (7, 3), (5, 5), (4, 1), (13, 3), (9, 4)])
def test_every_set_of_one_size_costs_what_the_card_by_card_walk_costs(n, need):
    """A lone set part of one size is listed at once; the budget it spends is the walk's:
    one per distinct beginning of a set (sized_cost, against _sized's own count)."""
    from rulekit.runtime.drawing import sized_cost
    budget = Budget(10 ** 6)
    list(choices._sized([], [f"c{i}" for i in range(n)], 0, need, budget))
    assert sized_cost(n, need) == 10 ** 6 - budget.left
    want = [w for w in itertools.combinations(range(n), need)]
    nodes = {w[:m] for w in want for m in range(1, need + 1)}
    assert sized_cost(n, need) == len(nodes)


def test_the_hearts_pass_lists_every_three_cards_once_in_order():
    """HRT-3: a pass is any three cards of the hand: 286 of 13, each once, in the
    hand's order, the text naming the cards by rank."""
    game = rulekit.load("hearts").new_game(players=4, seed=2)
    hand = game.z["hand"][game.to_act]
    acts = game.legal_actions()
    assert len(acts) == 286 == len({a[3] for a in acts})
    assert [a[3][0] for a in acts] == list(itertools.combinations(hand, 3))
    rank = game.rules.cards.rank_of
    for a in acts[:40]:
        assert str(a) == "give " + " ".join(sorted(a[3][0], key=rank.__getitem__))
        game.clone().apply(str(a))
