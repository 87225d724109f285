"""Choices in parts on their own, in toy games (docs/language.md, "Choices in parts"):
a set of equal-rank cards from a 26-card hand (tests/toys/parts.yaml, pruned by
so_far), a card then a seat, an amount with no fixed bound, and any set of a 26-card
hand with no condition (tests/toys/parts_big.yaml: 67,108,863 choices). Each is played
by random bots with no cap, recorded and replayed; the engine's questions (options,
is_legal, count, a uniform random choice) are checked against brute force."""
from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import rulekit
from rulekit.runtime.records import make_record
from rulekit.runtime.replay import replay

TOYS = Path(__file__).parent / "toys"
SOAK = os.environ.get("RULEKIT_SOAK") == "1"
SEEDS = range(50) if SOAK else range(3)


def load(name="parts", **options):
    return rulekit.load(str(TOYS / f"{name}.yaml"), options or None)


def play(rules, seed):
    game = rules.new_game(seed=seed)
    rng = random.Random(seed)
    while not game.finished:
        game.apply(game.random_legal(rng))
    return game


@pytest.mark.parametrize("name", ["parts", "parts_big"])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_play_without_a_cap_and_replay(name, seed, tmp_path):
    rules = load(name)
    game = play(rules, seed)
    assert game.result.status == "finished", game.result.message
    assert "more than" not in game.result.message
    record = json.loads(json.dumps(make_record(game, f"{name}.yaml", {}, seed)))
    again = replay(record, rulesets=[TOYS])
    assert again.history == game.history and again.dump() == game.dump()


def test_a_set_of_26_cards_is_counted_and_never_listed():
    game = load("parts_big").new_game(seed=1)
    assert game.part_count("throw") == 2 ** 26 - 1
    with pytest.raises(rulekit.TooManyChoices) as exc:
        game.legal_actions()
    assert exc.value.count == 2 ** 26 - 1 and "cannot be listed" in str(exc.value)
    parts = game.dump()["parts"]
    assert parts[0]["count"] == 2 ** 26 - 1 and parts[0]["listed"] is False
    assert parts[0]["parts"][0]["min"] == 1 and parts[0]["parts"][0]["max"] == 26
    hand = game.z["hand"][0]
    game.apply("throw " + " ".join(reversed(hand)))       # all 26, in any order
    assert game.finished and game.result.winners == [0]


def test_so_far_prunes_the_options_card_by_card():
    game = load().new_game(seed=2)
    hand = game.z["hand"][0]
    rank = game.rules.rank_of
    first = hand[0]
    opts = game.part_options("lay", (), [first])
    assert {c for c, _ in opts.items} == {c for c in hand if c != first and rank[c] == rank[first]}
    assert opts.done                    # one card is a lay already
    by_rank = Counter(rank[c] for c in hand)
    assert game.part_count("lay") == sum(2 ** k - 1 for k in by_rank.values())


def test_the_count_and_the_listing_agree_with_brute_force():
    game = load().new_game(seed=4)
    hand, rank = game.z["hand"][0], game.rules.rank_of
    lays = {frozenset(p) for k in range(1, 5) for p in itertools.combinations(hand, k)
            if len({rank[c] for c in p}) == 1}
    ch = game.chooser("lay")
    got = {frozenset(v[0]) for v in ch.enumerate(10 ** 6)}
    assert got == lays and game.part_count("lay") == len(lays)
    puts = game.part_count("put")
    assert puts == 26                   # each card on the one other seat
    assert game.part_count("bet") is None        # a million amounts: not counted cheaply


def test_a_complete_choice_is_checked_directly():
    game = load().new_game(seed=4)
    hand, rank = game.z["hand"][0], game.rules.rank_of
    pair = next(p for p in itertools.combinations(hand, 2) if rank[p[0]] == rank[p[1]])
    odd = next(p for p in itertools.combinations(hand, 2) if rank[p[0]] != rank[p[1]])
    ch = game.chooser("lay")
    assert ch.is_legal((pair,)) and ch.is_legal((pair[::-1],))
    assert not ch.is_legal((odd,))
    put = game.chooser("put")
    assert put.is_legal((hand[0], 1)) and not put.is_legal((hand[0], 0))
    bet = game.chooser("bet")
    assert bet.is_legal((2,)) and not bet.is_legal((3,)) and bet.is_legal((1000000,))
    assert not bet.is_legal((0,)) and not bet.is_legal((1000001,))


def test_action_text_part_by_part():
    game = load().new_game(seed=4)
    hand = list(game.z["hand"][0])
    act = game.parse_action(f"put {hand[0].lower()} on 1")
    assert str(act) == f"put {hand[0]} on 1" and act.choice == (hand[0], 1)
    assert str(game.parse_action("bet 250000")) == "bet 250000"
    for bad, why in [(f"put {hand[0]} 1", "'on' should come before the seat"),
                     (f"put {hand[0]} on 0", "is not legal"),
                     ("bet 3", "is not legal"), ("bet x", "'x' is not a whole number"),
                     (f"put {hand[0]} on 1 2", "'2' is left over"),
                     ("put", "the card is missing")]:
        with pytest.raises(rulekit.IllegalAction) as exc:
            game.parse_action(bad)
        assert why in str(exc.value), (bad, str(exc.value))
    game.apply(f"put {hand[0]} on 1")
    assert game.z["pile"][1] == [hand[0]] and game.history == [f"put {hand[0]} on 1"]


def test_a_random_choice_is_uniform_when_counted():
    text = (TOYS / "parts_big.yaml").read_text(encoding="utf-8").replace(
        "each: 26", "each: 3").replace("subsets(hand[actor], 1, 26)",
                                       "subsets(hand[actor], 1, 3)")
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "small.yaml"
        p.write_text(text, encoding="utf-8")
        rules = rulekit.load(str(p))
    game = rules.new_game(seed=0)
    rng = random.Random(5)
    seen = Counter(str(game.random_legal(rng)) for _ in range(3500))
    assert len(seen) == 7                               # every set of 1 to 3 of 3 cards
    assert all(400 <= k <= 600 for k in seen.values()), seen     # ~500 each


def test_a_draw_part_by_part_when_counting_is_not_cheap():
    game = load().new_game(seed=6)
    ch = game.chooser("bet")
    vals, method = ch.random(random.Random(1))
    assert method == "per-part" and ch.is_legal(vals)
    vals, method = game.chooser("lay").random(random.Random(1))
    assert method == "uniform" and game.chooser("lay").is_legal(vals)


@pytest.mark.parametrize("choose,words", [
    ("cs in subsets(hand[actor], 1, 2), c in hand[actor]", "no word between them"),
    ("c in hand[actor], c in hand[actor]", "two parts are named 'c'"),
])
def test_a_choice_in_parts_that_cannot_be_written_is_refused(tmp_path, choose, words):
    text = (TOYS / "parts.yaml").read_text(encoding="utf-8").replace(
        "choose: c in hand[actor], 'on' s in seats()", f"choose: {choose}").replace(
        "legal: s != actor", "legal: true")
    f = tmp_path / "bad.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(rulekit.RulesetError) as exc:
        rulekit.load(str(f))
    assert words in str(exc.value) and "bad.yaml:" in str(exc.value)


def test_so_far_on_a_listed_choice_is_refused(tmp_path):
    text = (TOYS / "parts.yaml").read_text(encoding="utf-8").replace(
        "        legal: s != actor\n", "        legal: s != actor\n").replace(
        "choose: c in hand[actor], 'on' s in seats()", "choose: c in hand[actor]").replace(
        "legal: s != actor", "so_far: true").replace("c to pile[s]", "c to pile[0]")
    f = tmp_path / "bad.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(rulekit.RulesetError) as exc:
        rulekit.load(str(f))
    assert "so_far is for a choice in parts" in str(exc.value)


def test_the_terminal_asks_part_by_part(tmp_path):
    """At the prompt: the action's name alone, then its parts (cards by number, an
    amount in its range); the whole text typed at once works too."""
    run = [sys.executable, "-m", "rulekit", "play", str(TOYS / "parts.yaml"), "--human",
           "0", "--seed", "4", "--max-actions", "3", "--record", str(tmp_path / "r.json")]
    typed = "bet\n7\nwhy\n10\n"
    out = subprocess.run(run, input=typed, capture_output=True, text=True, timeout=120)
    assert "a whole number from 1 to 1000000" in out.stdout
    assert out.stdout.count("7 is not legal here") == 2          # refused, then why
    record = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert record["actions"][0] == "bet 10", out.stdout[-2000:]


def test_at_a_shared_window_each_seat_is_offered_its_own_choices_in_parts():
    """DUR-8: only the defender beats. At a window where the attackers may throw in and
    the defender may beat, a seat is offered a choice in parts only when it has a legal
    choice as that seat (the search once ran as the seat to act: the attackers were
    offered `beat` with no legal choice at all)."""
    rules = rulekit.load("durak", {"transfer": True})
    seen = 0
    for seed in range(6):
        game = rules.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not game.finished and len(game.history) < 200:
            if len(game.actors) > 1:
                for seat in game.actors:
                    for defn in game.parted_actions(seat):
                        seen += 1
                        assert game.part_count(defn.name, seat) != 0, (seed, seat, defn.name)
                        assert game.part_options(defn.name, (), [], seat).items
                    beats = [d.name for d in game.parted_actions(seat)]
                    assert ("beat" in beats) <= (seat == game.v["defender"])
            game.apply(game.random_legal(rng, game.actors[0]))
    assert seen > 0


def test_a_lone_set_without_conditions_is_drawn_as_the_general_way_draws_it():
    """A decision of one set of cards with no condition and nothing listed (Hearts'
    pass of three cards, HRT-3) is drawn at once (rulekit.runtime.drawing.lone_set_draw):
    the same action, with the same use of the random source, as the general way (the
    count of complete choices, one randrange over it, the r-th choice)."""
    from rulekit.runtime.drawing import lone_set_draw
    game = rulekit.load("hearts", {"target": 1}).new_game(players=4, seed=3)
    assert game.step.parted and not game._legal
    for seed in range(20):
        a, b = random.Random(seed), random.Random(seed)
        drawn = lone_set_draw(game, a)
        k = game.part_count("give")
        assert k == 286                         # 3 of 13 cards
        general = game.chooser("give").nth(b.randrange(k))
        assert drawn.choice == general and a.getstate() == b.getstate()
        assert str(drawn) == str(game.action_of("give", general))
    assert lone_set_draw(load().new_game(players=2, seed=1), random.Random(1)) is None
