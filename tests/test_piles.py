"""Piles: ``move: X to Z at bottom | at N | at random`` on its own, in a toy game
(tests/toys/piles.yaml) with one pile whose top is its last card (``up``) and one whose
top is its first (``down``)."""
import functools
import json
import random
import shutil
from pathlib import Path

import pytest

import rulekit
from cli_run import cli

TOY = Path(__file__).parent / "toys" / "piles.yaml"


@functools.lru_cache(maxsize=None)
def rules_at(place: str):
    return rulekit.load(str(TOY), {"place": place})


def game_at(place: str, seed: int = 0):
    return rules_at(place).new_game(players=2, seed=seed)


def expected(zone: str, place: str, before: list, card: str) -> list:
    """Where ``card`` lands, worked out from the zone's top end."""
    top_last = zone == "up"
    if place == "top":
        return before + [card] if top_last else [card] + before
    if place == "bottom":
        return [card] + before if top_last else before + [card]
    if place == "second":                  # at 1: one card stays above it
        return before[:-1] + [card] + before[-1:] if top_last else before[:1] + [card] + before[1:]
    raise AssertionError(place)


@pytest.mark.parametrize("place", ["top", "bottom", "second"])
@pytest.mark.parametrize("zone", ["up", "down"])
def test_a_card_goes_where_at_says(place, zone):
    for seed in range(5):
        game = game_at(place, seed)
        before = list(game.z[zone])
        card = game.z["hand"][game.to_act][0]
        game.apply(f"bury_{zone} {card}")
        assert game.z[zone] == expected(zone, place, before, card)
        assert card not in game.z["hand"][0] + game.z["hand"][1]


def test_several_cards_keep_their_order_at_a_place():
    game = game_at("top")
    hand = list(game.z["hand"][game.to_act])
    before = list(game.z["down"])
    game.apply("bury_all")
    assert game.z["down"] == before[:1] + hand + before[1:]


def test_a_card_moved_within_its_own_zone_counts_the_zone_without_it():
    game = game_at("top")
    before = list(game.z["up"])
    game.apply("rotate")                    # move: top(up) to up at bottom
    assert game.z["up"] == [before[-1]] + before[:-1]


def test_at_random_uses_every_place_and_replays_exactly():
    seen = set()
    for seed in range(40):
        game = game_at("random", seed)
        before = list(game.z["down"])
        card = game.z["hand"][game.to_act][0]
        game.apply(f"bury_down {card}")
        after = game.z["down"]
        assert sorted(after) == sorted(before + [card])
        assert [c for c in after if c != card] == before      # the others keep their order
        seen.add(after.index(card))
        again = game_at("random", seed)
        again.apply(f"bury_down {card}")
        assert again.dump() == game.dump()
    assert seen == {0, 1, 2}


def test_a_place_outside_the_zone_stops_the_game_with_a_message():
    game = game_at("count")
    card = game.z["hand"][game.to_act][0]
    game.apply(f"bury_up {card}")
    assert game.result.status == "aborted"
    assert "move: at 3: the zone holds 2 cards (at takes 0 to 2, bottom or random)" \
        in game.result.message


@pytest.mark.parametrize("text, words", [
    ("move: c to up at 'x'", "expected int, but this is str"),
    ("move: c to up at trump", "unknown name 'trump'"),
    ("move: c to up at", "move"),
])
def test_at_is_checked(tmp_path, text, words):
    src = TOY.read_text(encoding="utf-8").replace("move: c to up at bottom", text)
    f = tmp_path / "p.yaml"
    f.write_text(src, encoding="utf-8")
    with pytest.raises(rulekit.RulesetError) as exc:
        rulekit.load(str(f))
    assert words in str(exc.value) and "p.yaml:" in str(exc.value)


def test_a_record_of_random_places_replays_byte_for_byte(tmp_path):
    shutil.copy(TOY, tmp_path / "piles.yaml")
    for seed in (5, 6, 7):
        rec = tmp_path / f"r{seed}.json"
        played = cli(["play", "piles.yaml", "--seed", seed, "--option", "place=random",
                      "--record", rec, "--json"], tmp_path)
        assert played.returncode == 0, played.stderr
        again = cli(["replay", rec, "--json"], tmp_path)
        assert again.returncode == 0, again.stderr
        assert again.stdout == played.stdout
        assert json.loads(again.stdout)["status"] == "finished"


def test_random_games_keep_every_card():
    rules = rulekit.load(str(TOY), {"place": "random"})
    for seed in range(20):
        game = rules.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            game.apply(rng.choice(game.legal_actions()))
            cards = [c for zone in game.z.values() for part in
                     (zone if zone and isinstance(zone[0], list) else [zone]) for c in part]
            assert sorted(cards) == sorted(rules.pack)


@pytest.mark.parametrize("text, words", [
    ("move: c to up at null", "move: at null: give a whole number of cards, bottom or random"),
])
def test_at_null_is_refused_when_checked(tmp_path, text, words):
    src = TOY.read_text(encoding="utf-8").replace("move: c to up at bottom", text)
    f = tmp_path / "p.yaml"
    f.write_text(src, encoding="utf-8")
    with pytest.raises(rulekit.RulesetError) as exc:
        rulekit.load(str(f))
    assert words in str(exc.value) and "p.yaml:" in str(exc.value)


@pytest.mark.parametrize("text, words", [
    ("move: c to up at at(['bottom'], 0)", "move: at 'bottom': give a whole number of cards"),
    ("move: c to up at first([null, 1])", "move: at null: give a whole number of cards"),
    ("move: up to up at 1", "the zone holds 0 other cards (at takes 0 to 0"),
    ("move: \"[c, c] to up\"", "is listed twice (a card is in one place)"),
])
def test_places_that_are_not_places_stop_the_game(tmp_path, text, words):
    src = TOY.read_text(encoding="utf-8").replace("move: c to up at bottom", text)
    f = tmp_path / "p.yaml"
    f.write_text(src, encoding="utf-8")
    game = rulekit.load(str(f), {"place": "bottom"}).new_game(players=2, seed=1)
    before = sorted(c for z in game.z.values() for part in
                    (z if z and isinstance(z[0], list) else [z]) for c in part)
    card = game.z["hand"][game.to_act][0]
    game.apply(f"bury_up {card}")
    assert game.result.status == "aborted" and words in game.result.message
    after = sorted(c for z in game.z.values() for part in
                   (z if z and isinstance(z[0], list) else [z]) for c in part)
    assert after == before                     # no card lost


def test_a_local_named_like_a_place_is_that_local(tmp_path):
    src = TOY.read_text(encoding="utf-8").replace(
        "              - move: c to up at bottom",
        "              - let: bottom = 0\n              - move: c to up at bottom")
    f = tmp_path / "p.yaml"
    f.write_text(src, encoding="utf-8")
    game = rulekit.load(str(f), {"place": "bottom"}).new_game(players=2, seed=1)
    before = list(game.z["up"])
    card = game.z["hand"][game.to_act][0]
    game.apply(f"bury_up {card}")
    assert game.z["up"] == before + [card]     # at 0: the top (the last card)
