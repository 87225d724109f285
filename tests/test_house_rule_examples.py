"""The house rules of examples/ written on the packs, results and matches constructs:
Mattis with two jokers (examples/mattis_jokers.yaml), Mattis for 9-12 players with two
packs (mattis_two_packs.yaml) and Mattis as a match to 5 (mattis_match.yaml). Rule ids
are the Mattis rule book's (docs/rules/: C-*, MAT-*); each example's header says what
it changes. Hands are built by hand: the deal (C-3) gives one card a seat, round after
round, from the dealer's left."""
import json
import random
from pathlib import Path

import pytest

import rulekit
from cli_run import cli

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def load(name, options=None):
    return rulekit.load(str(EXAMPLES / f"{name}.yaml"), options)


def dealt(rules, hands: dict, players: int, dealer: int, hand_size: int = 3):
    """A game where seat s holds ``hands[s]`` (seats not given get the pack's next
    unused cards); the stock is the rest, in pack order."""
    used = {c for h in hands.values() for c in h}
    spare = iter(c for c in rules.pack if c not in used)
    full = {s: list(hands.get(s) or [next(spare) for _ in range(hand_size)])
            for s in range(players)}
    order = []
    for i in range(hand_size):
        for k in range(players):
            order.append(full[(dealer + 1 + k) % players][i])
    taken = set(order)
    order += [c for c in rules.pack if c not in taken]
    return rules.new_game(players=players, dealer=dealer, deck=order)


# ---- Mattis with jokers ------------------------------------------------------------------

def test_jokers_are_two_extra_cards_with_no_rank_or_suit():
    rules = load("mattis_jokers")
    assert len(rules.pack) == 54 and rules.pack[-2:] == ["JK", "JK#2"]      # C-1 + 2
    g = rules.new_game(players=4, seed=1)
    assert g.evaluate("rank(card('JK'))") is None and g.evaluate("suit(card('JK#2'))") is None
    assert g.evaluate("strength(card('JK'))") == 13 > g.evaluate("strength(card('AS'))")


def test_a_joker_wins_a_phase_1_trick_over_an_ace():
    # MAT-3 rank alone decides, a joker above the ace; seat 0 leads (MAT-2)
    rules = load("mattis_jokers")
    g = dealt(rules, {0: ["JK", "2C", "3C"], 1: ["AS", "4C", "5C"], 2: ["KS", "6C", "7C"]},
              players=3, dealer=2)
    for action in ("play AS", "play KS"):
        if g.to_act == 0:
            g.apply("play JK")
        g.apply(action)
    assert sorted(g.z["won"][0]) == sorted(["JK", "AS", "KS"]) and g.v["leader"] == 0


def test_two_jokers_in_a_round_tie_and_play_again():
    # MAT-4 a tie for the highest rank: the jokers tie with each other
    rules = load("mattis_jokers")
    g = dealt(rules, {0: ["JK", "2C", "3C"], 1: ["JK#2", "4C", "5C"], 2: ["KS", "6C", "7C"]},
              players=3, dealer=2)
    g.apply("play JK")
    g.apply("play JK#2")
    g.apply("play KS")
    assert g.v["contenders"] == [0, 1] and g.v["round_no"] == 1
    said = [e["text"] for e in g.events if e["kind"] == "announced"]
    assert "seats 0 1 tie with jokers and play again" in said


@pytest.mark.parametrize("p, top, trump, beats", [
    (["JK"], ["AS"], "S", True),          # a joker beats a trump ace
    (["JK#2"], ["2C", "3C"], "S", True),  # and a run
    (["AS"], ["JK"], "S", False),         # nothing beats a joker
    (["JK#2"], ["JK"], "S", False),       # not even the other joker
    (["2S"], ["AH"], "S", True),          # C-7 trumping still works
    (["KH"], ["QH"], None, True),         # no trumps (a joker turned as the trump card)
    (["2S"], ["AH"], None, False),
])
def test_in_phase_2_a_joker_beats_anything_and_nothing_beats_it(p, top, trump, beats):
    g = load("mattis_jokers").new_game(players=3, seed=0)
    g.v["trump"] = trump
    assert g.evaluate("beats(p, top)", p=p, top=top) is beats


def test_a_joker_is_in_no_run():
    # MAT-10 runs of one suit; a joker has none
    g = load("mattis_jokers", {"sequences": True}).new_game(players=3, seed=0)
    plays = g.evaluate("playable(h)", h=["5H", "JK", "6H", "JK#2"])
    assert sorted(map(tuple, plays)) == sorted([("5H",), ("JK",), ("6H",), ("JK#2",),
                                                ("5H", "6H")])


# ---- Mattis with two packs ---------------------------------------------------------------

def test_two_packs_hold_every_card_twice_for_9_to_12_players():
    rules = load("mattis_two_packs")
    assert rules.players == (9, 12, 10) and len(rules.pack) == 104       # MAT-1, C-1 twice
    g = rules.new_game(players=12, seed=3)
    assert [len(h) for h in g.z["hand"]] == [3] * 12 and len(g.z["stock"]) == 104 - 36


def test_twins_tie_in_phase_1():
    # MAT-4 equal ranks tie: a card and its twin are equal
    rules = load("mattis_two_packs")
    low = [["2C", "2D", "2H"], ["3C", "3D", "3H"], ["4C", "4D", "4H"], ["5C", "5D", "5H"],
           ["6C", "6D", "6H"], ["7C", "7D", "7H"], ["8C", "8D", "8H"]]
    hands = {0: ["AS", "9C", "9D"], 1: ["AS#2", "9H", "9S"]}
    hands.update({s: low[s - 2] for s in range(2, 9)})
    g = dealt(rules, hands, players=9, dealer=8)
    g.apply("play AS")
    g.apply("play AS#2")
    for s in range(2, 9):
        g.apply(f"play {low[s - 2][0]}")
    assert g.v["contenders"] == [0, 1] and g.v["round_no"] == 1


@pytest.mark.parametrize("p, top, beats", [
    (["QS#2"], ["QS"], False),            # C-7 a twin is not higher
    (["QS"], ["QS#2"], False),
    (["KS"], ["QS#2"], True),
    (["KS#2"], ["QS"], True),
])
def test_a_twin_never_beats_its_twin(p, top, beats):
    g = load("mattis_two_packs").new_game(players=9, seed=0)
    g.v["trump"] = "H"
    assert g.evaluate("beats(p, top)", p=p, top=top) is beats


# ---- Mattis as a match -------------------------------------------------------------------

def play_random(rules, players, seed, on_decision=None):
    game = rules.new_game(players=players, seed=seed, max_actions=100_000)
    rng = random.Random(seed)
    while not game.finished:
        if on_decision:
            on_decision(game)
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_match_to_one_point_is_one_game_of_mattis():
    rules = load("mattis_match", {"points_to_lose": 1})
    for seed in range(4):
        g = play_random(rules, 4, seed)
        res = g.result
        assert res.status == "finished" and g.hand_no == 1
        assert res.scores == [1 if s == res.loser else 0 for s in range(4)]   # C-9
        assert res.ranking == [[s for s in range(4) if s != res.loser], [res.loser]]


@pytest.mark.parametrize("players", [3, 5])
def test_the_mattis_of_each_hand_scores_and_the_first_to_5_loses(players):
    rules = load("mattis_match")
    for seed in range(3):
        starts = []                        # (hand, dealer, cards in hands and stock)

        def watch(game):
            if not starts or starts[-1][0] != game.hand_no:
                held = sum(len(h) for h in game.z["hand"]) + len(game.z["stock"])
                starts.append((game.hand_no, game.dealer, held, game.v["trump"]))
        g = play_random(rules, players, seed, watch)
        points = g.v["points"]
        assert g.result.status == "finished"
        assert points[g.result.loser] == 5 and all(p < 5 for s, p in enumerate(points)
                                                   if s != g.result.loser)
        assert sum(points) == g.hand_no                   # one Mattis a hand
        assert g.result.scores == points
        assert [h for h, *_ in starts] == list(range(1, g.hand_no + 1))
        for (_, d0, _, _), (_, d1, held, trump) in zip(starts, starts[1:]):
            assert d1 == (d0 + 1) % players               # C-3 the deal passes left
            assert held == 52 and trump is None           # every card gathered, dealt anew
        marks = [e for e in g.events if e["kind"] == "new_hand"]
        assert len(marks) == g.hand_no - 1


# ---- records of every example replay -------------------------------------------------------


@pytest.mark.parametrize("name, players", [("mattis_jokers", 4), ("mattis_two_packs", 9),
                                           ("mattis_match", 3)])
def test_records_of_the_examples_replay_byte_for_byte(tmp_path, name, players):
    rec = tmp_path / "r.json"
    cmd = ["play", str(EXAMPLES / f"{name}.yaml"), "--seed",
           "11", "--players", str(players), "--record", str(rec), "--json", "--max-actions",
           "100000", "--agent", "0=greedy"]
    play = cli(cmd, tmp_path)
    assert play.returncode == 0, play.stderr
    data = json.loads(rec.read_text())
    assert data["result"]["status"] == "finished"
    again = cli(["replay", rec, "--json", "--rulesets", EXAMPLES], tmp_path)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout) == json.loads(play.stdout[play.stdout.index("{"):])


def test_diff_shows_what_the_examples_change_in_the_cards():
    # review: diff compared ranks and suits only
    from rulekit.analysis.describe import diff
    jokers = "\n".join(diff(rulekit.load("mattis"), load("mattis_jokers")))
    assert "+ extra JK: x2" in jokers
    packs = "\n".join(diff(rulekit.load("mattis"), load("mattis_two_packs")))
    assert "~ packs: 1  ->  2" in packs and "~ players: 3 to 8, default 4  ->  9 to 12" in packs
    assert diff(rulekit.load("mattis"), rulekit.load("mattis")) == []


def test_a_card_turned_up_again_in_a_later_hand_is_shown_again():
    # review: from hand 2 on, a stock play printed no card (it had been face up in hand
    # 1); new_hand makes every card news again
    out = cli(["play", EXAMPLES / "mattis_match.yaml", "--seed", "5", "--players", "4",
               "--max-actions", "100000"], ".")
    assert out.returncode == 0, out.stderr
    later = out.stdout[out.stdout.index("== hand 2"):]
    stock = [ln for ln in later.splitlines() if ln.strip().endswith("stock")
             or ": stock (" in ln]
    assert stock and all("(face up: " in ln for ln in stock), stock[:3]
