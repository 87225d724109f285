"""Packs: ``cards: {packs: N, extra: {NAME: COUNT}}`` on its own, in a toy game
(tests/toys/packs.yaml: two copies of an 8-card pack and two jokers). A card is its
identity, not its face: the second queen of spades is ``QS#2``, so records, views and
transcripts say which copy moved; an extra card has no rank and no suit."""
import json
import random
import shutil
from pathlib import Path

import pytest

import rulekit
from cli_run import cli
from rulekit.errors import CardError

TOY = Path(__file__).parent / "toys" / "packs.yaml"
FACES = [f"{r}{s}" for s in "RB" for r in "1234"]


@pytest.fixture(scope="module")
def rules():
    return rulekit.load(str(TOY))


def dealt(rules, hands: list, players: int = 2, dealer: int = 1):
    """A game whose seats (from seat 0, the dealer's left) hold ``hands``: the deck is
    written face by face, a face said again meaning its next copy."""
    used = [c for h in hands for c in h]
    rest = [c for c in rules.pack if c not in used]
    order = []
    for i in range(len(hands[0])):          # the deal: one card a seat, round after round
        order += [h[i] for h in hands]
    return rules.new_game(players=players, dealer=dealer, deck=order + rest)


def test_the_pack_holds_every_copy_and_the_extra_cards(rules):
    assert len(rules.pack) == 2 * 8 + 2
    assert rules.pack[:8] == FACES and rules.pack[8:16] == [f + "#2" for f in FACES]
    assert rules.pack[16:] == ["JK", "JK#2"]
    assert len(set(rules.pack)) == len(rules.pack)
    assert rules.cards.copies_of("3B#2") == ["3B", "3B#2"]


def test_rank_suit_face_and_value_of_copies_and_extra_cards(rules):
    g = rules.new_game(players=2, seed=0)
    ev = g.evaluate
    assert ev("rank(card('3B#2'))") == ev("rank(card('3B'))") == 2
    assert ev("suit(card('3B#2'))") == "B"
    assert ev("face(card('3B#2'))") == "3B" and ev("face(card('JK#2'))") == "JK"
    assert ev("rank(card('JK'))") is None and ev("suit(card('JK#2'))") is None
    assert ev("rank_name(card('JK'))") is None
    # values: JK 5 (its name), rank 4 is 2, suit R is 1, else 0; copies alike
    assert [ev(f"value(card('{c}'))") for c in ("JK#2", "4B#2", "4R", "2R#2", "2B")] == \
        [5, 2, 2, 1, 0]
    assert ev("card('3B') == card('3B#2')") is False          # two cards, one face
    assert ev("face(card('3B')) == face(card('3B#2'))") is True


def test_highest_and_lowest_leave_out_cards_without_a_rank(rules):
    g = rules.new_game(players=2, seed=0)
    assert g.evaluate("highest(cs)", cs=["JK", "1R", "3B#2", "3B"]) == "3B#2"
    assert g.evaluate("lowest(cs)", cs=["JK#2", "2B#2", "1R#2", "1R"]) == "1R#2"
    assert g.evaluate("lowest(cs)", cs=["JK"]) is None
    assert g.evaluate("highest(cs)", cs=["JK", "JK#2"]) is None
    assert g.evaluate("by_rank(cs)", cs=["JK", "2B#2", "2B", "1R#2"]) == ["1R#2", "2B", "2B#2", "JK"]


def test_runs_take_one_copy_of_each_rank_and_no_extra_card(rules):
    g = rules.new_game(players=2, seed=0)
    got = g.evaluate("runs(cs, 2)", cs=["1R", "2R", "2R#2", "3R", "JK", "JK#2"])
    # 1R 2R 3R is a run although a second 2R lies between: the first 2R is taken
    assert sorted(map(tuple, got)) == sorted([("1R", "2R"), ("1R", "2R", "3R"), ("2R", "3R")])
    assert g.evaluate("bottom_run(cs)", cs=["JK", "1R", "2R"]) == ["JK"]
    assert g.evaluate("bottom_run(cs)", cs=["1R", "2R#2", "JK"]) == ["1R", "2R#2"]


def test_a_joker_beats_anything_and_nothing_beats_it(rules):
    g = dealt(rules, [["JK", "1R", "2R", "4B"], ["3R", "3R#2", "JK#2", "1B"]])
    assert g.to_act == 0
    g.apply("play 4B")
    legal = sorted(map(str, g.legal_actions()))
    assert legal == ["play JK#2", "take"]                    # no 4B is higher than 4B
    g.apply("play JK#2")
    assert sorted(map(str, g.legal_actions())) == ["take"]  # not even the other joker


def test_a_face_names_whichever_copy_may_be_played(rules):
    g = dealt(rules, [["3B#2", "1R", "2R", "4B"], ["3R", "3R#2", "JK#2", "1B"]])
    g.apply("play 3b")                           # seat 0 holds only the second 3B
    assert g.history[-1] == "play 3B#2" and g.z["table"] == ["3B#2"]
    g.apply("take")                              # seat 1 takes 3B#2
    g.apply("play 1R")
    g.apply("play 3R#2")                         # a copy named exactly
    assert g.history[-1] == "play 3R#2"
    with pytest.raises(rulekit.IllegalAction):
        g.apply("play 3R")                       # seat 0 holds no 3R of either pack
    g2 = dealt(rules, [["3R", "3R#2", "4R", "1B"], ["1R", "2R", "2B", "1B#2"]])
    g2.apply("play 3R 4R")                       # a run named by faces
    assert g2.history[-1] == "play 3R 4R" and g2.z["table"] == ["3R", "4R"]


def test_a_deck_may_say_a_face_again_for_its_next_copy(rules):
    text = " ".join(["JK", "1R", "1R", "JK"] + [c for c in rules.pack if c[:2] not in ("JK", "1R")])
    g = rules.new_game(players=2, dealer=1, deck=text)
    assert g.dump()["zones"]["hand"][0][:2] == ["JK", "1R#2"]
    assert g.dump()["zones"]["hand"][1][:2] == ["1R", "JK#2"]
    with pytest.raises(CardError, match=r"JK is given more often than the pack has copies "
                                        r"of it \(2\)"):
        rules.new_game(players=2, deck="JK JK JK " + " ".join(rules.pack[:15]))


@pytest.mark.parametrize("text", ["3B#3", "JK#0", "JK#x", "#2", "3B#", "ZZ", "JK#999999"])
def test_bad_copy_text_is_a_card_error_that_says_how_copies_are_written(rules, text):
    with pytest.raises(CardError) as exc:
        rules.parse_card(text)
    assert f"bad card '{text}'" in str(exc.value) and "or JK" in str(exc.value)
    assert "4B#2" in str(exc.value)


def test_views_and_transcripts_say_which_copy_moved(rules, tmp_path):
    g = dealt(rules, [["3B#2", "1R", "2R", "4B"], ["3R", "3R#2", "JK#2", "1B"]])
    g.apply("play 3B#2")
    for seat in (0, 1):
        view = g.view(seat)
        assert view["zones"]["table"] == ["3B#2"]
        other = 1 - seat                        # seat 0 has played one of its four
        assert view["zones"]["hand"][other] == [None] * (3 if other == 0 else 4)
    assert g.view(1)["zones"]["hand"][1] == ["3R", "3R#2", "JK#2", "1B"]
    shutil.copy(TOY, tmp_path / "packs.yaml")
    out = cli(["play", "packs.yaml", "--seed", "2"], tmp_path)
    assert out.returncode == 0, out.stderr
    assert "play 3B#2" in out.stdout and "take (picks up 3B#2)" in out.stdout


def random_game(rules, players, seed):
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not game.finished:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("runs", [True, False])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_card_is_somewhere_once_and_every_game_ends_with_a_winner(players, runs):
    rules = rulekit.load(str(TOY), {"runs": runs})
    for seed in range(8):
        game = random_game(rules, players, seed)
        assert game.result.status == "finished", game.result.message
        d = game.dump()["zones"]
        held = [c for z in d.values() for c in (sum(z, []) if z and isinstance(z[0], list) else z)]
        assert sorted(held) == sorted(rules.pack)
        assert len(game.result.winners) == 1
        assert game.result.winners[0] not in game.result.losers


def test_records_of_a_game_of_copies_replay_byte_for_byte(tmp_path):
    shutil.copy(TOY, tmp_path / "packs.yaml")
    for seed in (2, 5):
        rec = tmp_path / f"r{seed}.json"
        play = cli(["play", "packs.yaml", "--seed", seed, "--record", rec, "--json"], tmp_path)
        assert play.returncode == 0, play.stderr
        assert any("#2" in a for a in json.loads(rec.read_text())["actions"])
        again = cli(["replay", str(rec), "--json"], tmp_path)
        assert again.returncode == 0, again.stderr
        assert json.loads(again.stdout) == json.loads(play.stdout[play.stdout.index("{"):])


@pytest.mark.parametrize("cards, words", [
    ("{packs: 0}", "packs"),
    ("{packs: 9}", "packs"),
    ("{extra: {JK: 0}}", "extra"),
    ("{extra: {'J K': 1}}", "must be a name of its own"),
    ("{extra: {AS: 1}}", "must be a name of its own"),
    ("{extra: {'JK#2': 1}}", "must be a name of its own"),
    ("{extra: {JK: 1}, values: {JQ: 3}}", "'JQ' is not a card, a rank, a suit or an extra card"),
    # review: names that card text would read as something else are refused
    ("{extra: {JK: 1, jk: 1}}", "'jk' must be a name of its own"),     # case only
    ("{ranks: 1 2 3 4, suits: R B, extra: {r1: 1}}", "'r1' must be a name of its own"),
    ("{ranks: 1 2 3 4, suits: R B, extra: {R: 1}}", "'R' must be a name of its own"),
    ("{ranks: 1 2 3 4, suits: R B, extra: {'4': 1}}", "must be a name of its own"),
    # review: ranks and suits that run together into one card's text are refused
    ("{ranks: X A AB, suits: BC C}", "both make the card ABC"),
    ("{ranks: a A, suits: R B}", "both make the card AR (in some case)"),
    ("{ranks: [%s], suits: [a, b, c, d, e, f, g, h, i, j], packs: 8, extra: {JK: 3}}"
     % ", ".join(map(str, range(1, 31))), "a pack of 2403 cards: the limit is 2000"),
])
def test_bad_packs_are_refused_where_they_are_written(tmp_path, cards, words):
    f = tmp_path / "bad.yaml"
    text = TOY.read_text(encoding="utf-8")
    start = text.index("\ncards:") + 1
    end = text.index("\noptions:") + 1
    f.write_text(text[:start] + f"cards: {cards}\n" + text[end:], encoding="utf-8")
    with pytest.raises(rulekit.RulesetError) as exc:
        rulekit.load(str(f))
    assert words in str(exc.value) and "bad.yaml:" in str(exc.value)


def test_an_extra_cards_own_text_wins_over_suit_symbols(tmp_path):
    # review: with symbols {R: K}, 'JK' must stay the joker (not J of suit R)
    shutil.copy(TOY, tmp_path / "toy.yaml")
    f = tmp_path / "s.yaml"
    f.write_text("rulekit: 1\nextends: toy.yaml\nname: s\ncards:\n  symbols: {R: K, B: L}\n",
                 encoding="utf-8")
    rules = rulekit.load(str(f))
    assert rules.parse_card("JK") == "JK" and rules.parse_card("jk#2") == "JK#2"
    assert rules.parse_card("1K") == "1R"                     # the symbol still reads
    rec = tmp_path / "r.json"
    play = cli(["play", "s.yaml", "--seed", "1", "--record", rec, "--json"], tmp_path)
    assert play.returncode == 0, play.stderr
    assert any("JK" in a for a in json.loads(rec.read_text())["actions"])
    again = cli(["replay", str(rec), "--json"], tmp_path)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout) == json.loads(play.stdout[play.stdout.index("{"):])
