"""Rows of piles (docs/language.md, "zones"), on their own, in a toy game
(tests/toys/rows.yaml): a row per game whose count an option gives (``tableau``), a
row of two piles per seat that shows only its top cards (``discard``, ``see: top``);
``tableau[i]``, ``discard[s][i]``, a row as the list of its piles (``for``, ``map``,
``sum_of``), a pile as the place part of a choice in parts (``put 3R on tableau 2``),
``pile_of(c)``, ``face_up(c)``, cards face down under a face-up top (``conceal``,
``reveal``) in views, dumps, bots' copies, records and the bridge's observations."""
import json
import random
from pathlib import Path

import pytest

import rulekit
from rulekit.openspiel.observe import flatten
from rulekit.play.search import determinize
from rulekit.runtime.records import make_record
from rulekit.runtime.replay import replay

TOY = Path(__file__).parent / "toys" / "rows.yaml"


def new(seed=0, players=2, **options):
    return rulekit.load(str(TOY), {k: str(v) for k, v in options.items()}).new_game(
        players=players, seed=seed)


def play_random(game, seed):
    rng = random.Random(seed)
    while not game.finished:
        game.apply(game.random_legal(rng))
    return game


@pytest.mark.parametrize("piles", [2, 3, 4])
def test_a_rows_count_comes_from_an_option(piles):
    game = new(piles=piles)
    assert len(game.dump()["zones"]["tableau"]) == piles
    assert game.evaluate("count(tableau)") == piles          # a row: the list of its piles
    # each pile dealt two cards: the top face up, the one under it face down
    assert [len(p) for p in game.dump()["zones"]["tableau"]] == [2] * piles


def test_a_row_per_seat_is_a_row_for_each_seat_in_the_dump():
    game = new(players=3)
    assert game.dump()["zones"]["discard"] == [[[], []], [[], []], [[], []]]
    assert game.evaluate("count(discard[s])", s=2) == 2
    assert game.evaluate("count(discard[s][1])", s=2) == 0


def test_face_down_cards_under_a_face_up_top_in_views_and_the_dump():
    game = new()
    dump = game.dump()
    for seat in range(2):
        for pile in game.view(seat)["zones"]["tableau"]:
            assert pile[0] is None and pile[1] is not None      # under: down; top: up
    under = sorted(p[0] for p in dump["zones"]["tableau"])
    assert sorted(c for c, f in dump["faces"].items() if f == "down") == under
    # a view says the faces only of cards it shows: the face-down ones are not named
    assert set(game.view(0)["faces"]) & set(under) == set()
    for i, pile in enumerate(dump["zones"]["tableau"]):
        assert game.evaluate(f"face_up(top(tableau[{i}]))") is True
        assert game.evaluate(f"face_up(bottom(tableau[{i}]))") is False
        assert game.evaluate(f"pile_of(card('{pile[0]}')) == tableau[{i}]") is True
        assert game.evaluate(f"pile_of(card('{pile[0]}')) == tableau[{(i + 1) % 3}]") is False


def test_a_pile_is_the_place_part_of_a_choice_and_its_text_names_it():
    game = new()
    seat = game.to_act
    card = game.z["hand"][seat][0]
    opts = game.part_options("keep", (card,))
    assert [t for _, t in opts.items] == [f"discard {seat} 0", f"discard {seat} 1"]
    game.apply(f"keep {card} to discard {seat} 1")
    assert game.z["discard"][seat * 2 + 1] == [card]
    assert game.history[-1] == f"keep {card} to discard {seat} 1"
    # the table's piles: only the top card of a discard pile is seen, by everyone
    other = 1 - seat
    assert game.view(other)["zones"]["discard"][seat] == [[], [card]]
    dump = game.dump()
    assert dump["parts"][0]["shape"] in {"put CARD on PILE", "keep CARD to PILE"} | {
        p["shape"] for p in dump["parts"]}
    assert "keep CARD to PILE" in {p["shape"] for p in dump["parts"]}


def test_see_top_shows_only_the_top_card_to_every_seat():
    game = new()
    seat = game.to_act
    first, second = game.z["hand"][seat][:2]
    game.apply(f"keep {first} to discard {seat} 0")
    nxt = game.to_act
    game.apply(f"keep {game.z['hand'][nxt][0]} to discard {nxt} 0")
    game.apply(f"keep {second} to discard {seat} 0")
    for viewer in range(2):                                 # the owner too: see: top
        assert game.view(viewer)["zones"]["discard"][seat][0] == [None, second]
    assert game.evaluate(f"face_up(card('{second}'))") is True
    assert game.evaluate(f"face_up(card('{first}'))") is False
    # bury: the top of pile 0 goes under pile 1, where it is not the top: unseen
    assert first in game.public                            # it was seen on top once


def test_an_action_text_reads_a_pile_back_and_refuses_one_that_is_no_choice():
    game = new()
    seat = game.to_act
    card = game.z["hand"][seat][0]
    with pytest.raises(rulekit.IllegalAction) as info:
        game.apply(f"keep {card} to discard {1 - seat} 0")
    assert "does not name a pile that may be chosen" in str(info.value)
    with pytest.raises(rulekit.IllegalAction):
        game.apply(f"keep {card} to tableau 0")


def test_lift_turns_the_next_card_face_up():
    for seed in range(20):
        game = new(seed)
        tops = [p[-1] for p in game.z["tableau"]]
        i = next((i for i, c in enumerate(tops)), None)
        under = game.z["tableau"][i][0]
        game.apply(f"lift from tableau {i}")
        assert tops[i] in game.z["hand"][1 - game.to_act]
        assert game.view(game.to_act)["zones"]["tableau"][i] == [under]
        assert game.evaluate(f"face_up(card('{under}'))") is True


def test_a_bots_copy_redeals_only_the_face_down_cards():
    game = new(5)
    for seed in range(10):
        copy = determinize(game, 0, random.Random(seed))
        for i, (real, got) in enumerate(zip(game.z["tableau"], copy.z["tableau"])):
            assert got[-1] == real[-1]                      # the face-up tops stay
            assert copy.marks.get(got[0]) == "down"         # the face stays with the place
        assert copy.z["hand"][0] == game.z["hand"][0]
        seen = set(game.z["hand"][0]) | {p[-1] for p in game.z["tableau"]}
        assert seen.isdisjoint(p[0] for p in copy.z["tableau"])


def test_the_bridge_observation_shows_no_face_down_card():
    game = new(2)
    for seat in range(2):
        obs = flatten(game, seat)
        for i, pile in enumerate(game.z["tableau"]):
            assert obs[f"tableau[{i}]"].split() == ["?", pile[-1]]
        assert obs[f"discard[{seat}][0]"] == ""


@pytest.mark.parametrize("seed", range(8))
def test_random_games_finish_and_replay_exactly(seed):
    rules = rulekit.load(str(TOY))
    game = play_random(rules.new_game(players=2 + seed % 2, seed=seed), seed)
    assert game.result.status == "finished", game.result.message
    record = json.loads(json.dumps(make_record(game, TOY.name, {}, seed)))
    again = replay(record, rulesets=[TOY.parent])
    assert again.dump() == game.dump() and again.history == game.history


def test_ruleset_errors_name_the_row(tmp_path):
    text = TOY.read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("kept(s): sum_of(discard[s], p -> count(p))",
                                "kept(s): count(discard)"))
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load(str(bad))
    assert "a row of piles per seat: say whose and which" in str(info.value)
    bad.write_text(text.replace("row: option.piles", "row: option.pile"))
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load(str(bad))
    assert "row: unknown option 'pile'" in str(info.value)
    bad.write_text(text.replace("row: option.piles", "row: 0"))
    with pytest.raises(rulekit.RulesetError):
        rulekit.load(str(bad))


def test_a_pile_index_out_of_the_row_stops_the_game_with_a_message():
    game = new()
    with pytest.raises(Exception) as info:
        game.evaluate("count(tableau[7])")
    assert "tableau[7]: the row has 3 piles, 0 to 2" in str(info.value)


@pytest.mark.parametrize("players", [2, 3])
def test_the_openspiel_bridge_plays_the_rows_toy(players):
    """OpenSpiel's own check of the bridge: a pile chosen as a part gets an action id;
    the observation tensor has a row for each pile."""
    pyspiel = pytest.importorskip("pyspiel")
    from rulekit import openspiel
    game = openspiel.load_game(str(TOY), players=players, max_actions=200)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seen = state.observation_string(0)
    real = state._c.trail.game if hasattr(state, "_c") else None
    if real is not None:
        for pile in real.z["tableau"]:
            assert pile[0] not in seen.split() and pile[-1] in seen


def test_a_face_up_card_moves_with_the_cards_on_it_in_their_order():
    """``slide``: ``c in filter(flatten(tableau), ...)`` is a choice of a card (some of a
    list of cards is cards, and ``flatten`` of a row is its piles' cards), and
    ``drop(p, index_of(p, c))`` is ``c`` with every card on it, bottom first."""
    for seed in range(30):
        game = new(seed)
        puts = [a for a in game.legal_actions() if a.name == "put"]
        if puts:
            break
    card, pile = str(puts[0]).split()[1], int(str(puts[0]).split()[-1])
    game.apply(str(puts[0]))                   # pile: [face down, face-up top, card]
    under, middle, _ = game.z["tableau"][pile]
    assert game.part_options("slide").items and all(
        game.evaluate(f"face_up(card('{c}'))") for _, c in game.part_options("slide").items)
    assert middle in [c for _, c in game.part_options("slide").items]
    other = (pile + 1) % 3
    before = list(game.z["tableau"][other])
    game.apply(f"slide {middle} onto tableau {other}")
    assert game.z["tableau"][other] == before + [middle, card]
    assert game.z["tableau"][pile] == [under]
    assert game.evaluate(f"face_up(card('{under}'))") is True   # turned up when uncovered
    assert game.history[-1] == f"slide {middle} onto tableau {other}"


def test_a_pile_met_in_a_function_over_a_row_is_compared_as_itself():
    """docs/language.md, rows of piles: a function's parameter over a row's piles is a
    pile; `==` asks whether it is the same pile, so two empty piles differ (both
    discard piles are empty at the start), and its top is read at its zone's end."""
    game = new()
    assert game.evaluate("empty(discard[0][0]) and empty(discard[0][1])")
    assert game.evaluate("count(filter(discard[0], p -> p == discard[0][0]))") == 1
    assert game.evaluate("count(filter(discard[0], p -> p != discard[0][1]))") == 1
    assert game.evaluate("count(filter(tableau, p -> any(tableau, q -> p == q)))") == 3
    assert game.evaluate("map(tableau, p -> top(p))") == [p[-1] for p in game.z["tableau"]]
