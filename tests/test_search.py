"""The search bot (rulekit.play.search): canonical determinization, ISMCTS, its kinds,
the hint built on it. Kept small: a few games of a few simulations a move."""
import json
import random

import pytest

import rulekit
from cli_run import cli
from rulekit.play.agents import TABLE_KIND, make_agent, parse_kind, seat_agents
from rulekit.play.coach import hint
from rulekit.play.search import SearchAgent, determinize
from rulekit.play.session import play_out
from rulekit.runtime.records import make_record
from rulekit.runtime.replay import replay
from rulekit.simulation import parse_agents

TOYS = __import__("pathlib").Path(__file__).parent / "toys"


@pytest.fixture(scope="module")
def mattis():
    return rulekit.load("mattis")


def played(rules, players, seed, actions):
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        game.apply(rng.choice(game.legal_actions()))
    return game


def hidden_places(game, seat):
    """[(zone, owner or None, index)] of the cards ``seat`` cannot see."""
    out = []
    for name, zone in game.view(seat)["zones"].items():
        parts = enumerate(zone) if game.rules.zones[name].per == "seat" else [(None, zone)]
        for owner, cards in parts:
            out += [(name, owner, i) for i, c in enumerate(cards) if c is None]
    return out


def swapped(game, a, b):
    """A copy of ``game`` with the cards at places ``a`` and ``b`` exchanged."""
    other = game.clone()
    other.where, other._where_shared = dict(other.where), False

    def lst(place):
        name, owner, _ = place
        return other.z[name] if owner is None else other.z[name][owner]
    x, y = lst(a)[a[2]], lst(b)[b[2]]
    lst(a)[a[2]], lst(b)[b[2]] = y, x
    other.where[x], other.where[y] = (b[0], b[1]), (a[0], a[1])
    return other


# ---- canonical determinization ------------------------------------------------------

def test_canonical_copies_owe_nothing_to_the_hidden_cards(mattis):
    game = played(mattis, 4, 6, 12)
    seat = game.to_act
    places = hidden_places(game, seat)
    owners = {(p[0], p[1]) for p in places}
    assert len(owners) >= 2                 # hidden cards in more than one place
    a = places[0]
    b = next(p for p in places if (p[0], p[1]) != (a[0], a[1]))
    other = swapped(game, a, b)
    assert other.dump() != game.dump() and other.view(seat) == game.view(seat)
    one = determinize(game, seat, random.Random(3), canonical=True)
    two = determinize(other, seat, random.Random(3), canonical=True)
    assert one.dump() == two.dump()
    assert one.rng.getstate() == two.rng.getstate()
    for s in range(4):
        assert one.view(s) == two.view(s)
    rng = random.Random(9)                  # and they play on alike
    for _ in range(60):
        if one.finished:
            break
        act = rng.choice(one.legal_actions())
        one.apply(act)
        two.apply(str(act))
    assert one.dump() == two.dump()
    # the old redeal starts from the real places: there the two differ (so the test
    # above could fail)
    assert determinize(game, seat, random.Random(3)).dump() != \
        determinize(other, seat, random.Random(3)).dump()


def test_a_canonical_copy_has_a_random_source_of_its_own(mattis):
    game = played(mattis, 4, 2, 5)
    state = game.rng.getstate()
    copy = determinize(game, game.to_act, random.Random(1), canonical=True)
    assert copy.view(game.to_act) == game.view(game.to_act)
    assert game.rng.getstate() == state     # the game's source untouched
    real = game.clone().rng
    assert [copy.rng.random() for _ in range(5)] != [real.random() for _ in range(5)]
    assert game.rng.getstate() == state


def test_the_default_redeal_still_shares_the_games_source(mattis):
    game = played(mattis, 4, 2, 5)
    copy = determinize(game, game.to_act, random.Random(1))
    assert copy.rng.getstate() == game.rng.getstate()


# ---- the search ----------------------------------------------------------------------

def test_search_leaves_the_game_alone_and_repeats_from_its_seed(mattis):
    game = played(mattis, 4, 7, 20)
    before, state = json.dumps(game.dump()), game.rng.getstate()
    history = list(game.history)
    first = SearchAgent(5, 40).search(game)
    assert json.dumps(game.dump()) == before and game.rng.getstate() == state
    assert game.history == history
    again = SearchAgent(5, 40).search(game)
    assert [(str(a), v, m) for a, v, m, _ in first] == [(str(a), v, m) for a, v, m, _ in again]
    legal = [str(a) for a in game.legal_actions()]
    assert sorted(str(a) for a, *_ in first) == sorted(legal)
    assert sum(v for _, v, _, _ in first) == 40
    assert first[0][1] == max(v for _, v, _, _ in first)
    assert SearchAgent(5, 40).choose(game) in game.legal_actions()


def test_search_sees_only_what_its_seat_sees(mattis):
    game = played(mattis, 4, 6, 12)
    seat = game.to_act
    places = hidden_places(game, seat)
    b = next(p for p in places if (p[0], p[1]) != (places[0][0], places[0][1]))
    other = swapped(game, places[0], b)
    stats = [(str(a), v, m) for a, v, m, _ in SearchAgent(4, 60).search(game)]
    assert stats == [(str(a), v, m) for a, v, m, _ in SearchAgent(4, 60).search(other)]
    assert hint(game, seat) == hint(other, seat)


def test_search_prefers_the_action_that_wins():
    """A position where some legal action ends the game with the seat ahead and others
    do not: the search finds one of those that do."""
    rules = rulekit.load("myllymatti")
    for seed in range(40):
        game = rules.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            legal = game.legal_actions()
            enders = []
            for act in legal:
                trial = game.clone()
                trial.apply(act)
                if trial.finished and trial.result.returns[game.to_act] > 0:
                    enders.append(act)
            if enders and len(enders) < len(legal):
                assert SearchAgent(seed, 30).choose(game) in enders
                assert SearchAgent(seed, 30, depth=4, guide=4).choose(game) in enders
                return
            game.apply(rng.choice(legal))
    pytest.fail("no position with one winning action among others was met")


def test_a_game_of_search_bots_replays_from_its_record():
    rules = rulekit.load("myllymatti")
    game = rules.new_game(players=2, seed=3)
    play_out(game, {0: SearchAgent(1, 12), 1: make_agent("ismcts:8", 2)})
    assert game.result.status == "finished"
    record = make_record(game, "myllymatti", {}, 3, seats=["ismcts:12", "ismcts:8"])
    again = replay(json.loads(json.dumps(record)))
    assert again.dump() == game.dump() and again.history == game.history
    twice = rules.new_game(players=2, seed=3)
    play_out(twice, {0: SearchAgent(1, 12), 1: make_agent("ismcts:8", 2)})
    assert twice.history == game.history


def test_search_at_simultaneous_steps_and_shared_windows():
    toy = rulekit.load(str(TOYS / "simultaneous.yaml"))
    game = toy.new_game(players=3, seed=4)
    play_out(game, {s: SearchAgent(s, 10) for s in range(3)})
    assert game.result.status == "finished"
    # a seat's search does not depend on a choice another seat made in secret
    a, b = toy.new_game(players=3, seed=4), toy.new_game(players=3, seed=4)
    a.apply(a.legal_actions(0)[0])
    b.apply(b.legal_actions(0)[-1])
    assert a.view(1) == b.view(1)
    assert [(str(x), v, m) for x, v, m, _ in SearchAgent(3, 30).search(a)] == \
        [(str(x), v, m) for x, v, m, _ in SearchAgent(3, 30).search(b)]
    durak = rulekit.load("durak")                 # its bout is a shared window
    game = durak.new_game(players=3, seed=1)
    play_out(game, {s: SearchAgent(s, 4, depth=6) for s in range(3)})
    assert game.result.status == "finished"


# ---- kinds ---------------------------------------------------------------------------

def test_kinds_parse_with_clear_errors():
    assert parse_kind("ismcts:200") == ("ismcts", 200)
    assert parse_kind(" greedy ") == ("greedy", None)
    assert parse_kind("ismcts")[1] > 0
    assert make_agent("ismcts:7", 1).kind == "ismcts:7"
    assert parse_kind(TABLE_KIND)[0] == "ismcts"
    for bad, words in (("ismcts:abc", "'ismcts:abc': the number of simulations"),
                       ("ismcts:0", "from 1 to"), ("ismcts:", "whole number"),
                       ("ismcts:-3", "whole number"), ("ismcts:99999999999", "from 1 to"),
                       ("greedy:5", "'greedy' takes no number"), ("mcts", "unknown agent kind")):
        with pytest.raises(ValueError, match=words):
            parse_kind(bad)
    with pytest.raises(ValueError, match="simulations"):
        SearchAgent(1, 0)
    for bad in ({"depth": -1}, {"guide": 1.5}, {"exploration": "x"}, {"exploration": -1}):
        with pytest.raises(ValueError, match="ismcts: the "):
            SearchAgent(1, 5, **bad)
    game = rulekit.load("myllymatti").new_game(players=2, seed=1)
    other = 1 - game.to_act
    with pytest.raises(ValueError, match=f"seat {other} has no legal action now"):
        SearchAgent(1, 5).choose(game, seat=other)


def test_all_gives_every_seat_not_named():
    agents = seat_agents(["all=ismcts:5", "2=greedy"], 4, 1, human=0)
    assert sorted(agents) == [1, 2, 3]
    assert [agents[s].kind for s in (1, 2, 3)] == ["ismcts:5", "greedy", "ismcts:5"]
    with pytest.raises(ValueError, match="all= is given twice"):
        seat_agents(["all=random", "all=greedy"], 4, 1)
    assert parse_agents(["all=ismcts:3"], 2) == {0: "ismcts:3", 1: "ismcts:3"}
    with pytest.raises(ValueError, match="ismcts:x"):
        parse_agents(["0=ismcts:x"], 2)


def test_bad_kinds_on_the_command_line(tmp_path):
    for kind, words in (("ismcts:abc", "the number of simulations a move must be"),
                        ("ismcts:0", "from 1 to"), ("greedy:2", "takes no number")):
        run = cli(["play", "myllymatti", "--agent", f"1={kind}"], tmp_path)
        assert run.returncode == 2 and words in run.stderr and "Traceback" not in run.stderr
    run = cli(["simulate", "myllymatti", "--games", "2", "--agent", "all=ismcts:abc"], tmp_path)
    assert run.returncode == 2 and "ismcts:abc" in run.stderr and "Traceback" not in run.stderr


def test_a_played_game_with_search_bots_records_their_budget(tmp_path):
    record = tmp_path / "g.json"
    run = cli(["play", "myllymatti", "--players", "2", "--seed", "5", "--agent", "all=ismcts:6",
               "--quiet", "--record", str(record)], tmp_path)
    assert run.returncode == 0, run.stderr
    assert json.loads(record.read_text())["seats"] == ["ismcts:6", "ismcts:6"]
    run = cli(["replay", str(record)], tmp_path)
    assert run.returncode == 0, run.stderr


# ---- hint ----------------------------------------------------------------------------

def test_hint_leaves_the_game_and_its_random_source_alone(mattis):
    game = played(mattis, 4, 11, 9)
    twin = played(mattis, 4, 11, 9)
    seat = game.to_act
    dump, state = json.dumps(game.dump()), game.rng.getstate()
    text = hint(game, seat)
    assert text == hint(game, seat)
    assert json.dumps(game.dump()) == dump and game.rng.getstate() == state
    assert "simulated" in text and any(str(a) in text for a in game.legal_actions())
    rng = random.Random(4)                  # the game goes on as its twin does
    while not game.finished:
        act = rng.choice(game.legal_actions())
        game.apply(act)
        twin.apply(str(act))
    assert game.dump() == twin.dump()


def test_a_persons_opponents_are_search_bots_by_default(tmp_path, monkeypatch):
    import io
    import sys
    record = tmp_path / "g.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    run = cli(["play", "myllymatti", "--players", "3", "--seed", "2", "--human", "0",
               "--record", str(record)], tmp_path)
    assert run.returncode == 0, run.stderr
    assert json.loads(record.read_text())["seats"] == ["human", TABLE_KIND, TABLE_KIND]
    run = cli(["play", "myllymatti", "--players", "3", "--seed", "2", "--quiet",
               "--record", str(record), "--force"], tmp_path)   # bots alone: random still
    assert json.loads(record.read_text())["seats"] == ["random", "random", "random"]


# ---- the root's actions, listed once a move ------------------------------------------

def test_the_roots_actions_listed_once_give_the_same_search(mattis, monkeypatch):
    """The seat's actions at the root are listed once a move (every copy agrees with what
    the seat sees): the same simulations, visits and means as listing them in each
    copy."""
    game = played(mattis, 4, 7, 9)
    fixed = SearchAgent(seed=5, simulations=60).search(game)
    real = SearchAgent._simulate
    monkeypatch.setattr(SearchAgent, "_simulate",
                        lambda self, g, s, root, fixed=None: real(self, g, s, root, None))
    listed = SearchAgent(seed=5, simulations=60).search(game)
    assert [(str(a), v, m) for a, v, m, _ in fixed] == [(str(a), v, m) for a, v, m, _ in listed]
    assert sum(v for _, v, _, _ in fixed) == 60


def test_a_copy_that_refuses_a_root_action_lists_its_own():
    """tests/toys/hunch.yaml: `call` is legal only while seat 1 holds the high card,
    which seat 0 cannot see; in the copies that give seat 0's opponent a low card it is
    not, and the search goes on with that copy's own actions (no error), its statistics
    for the game's actions only."""
    rules = rulekit.load(str(TOYS / "hunch.yaml"))
    game = next(g for g in (rules.new_game(players=2, seed=s) for s in range(20))
                if len(g.legal_actions()) == 2 and g.z["hand"][0] == ["2X"])
    stats = SearchAgent(seed=1, simulations=40).search(game)
    assert sorted(str(a) for a, *_ in stats) == ["call", "fold"]
    by = {str(a): (v, m) for a, v, m, _ in stats}
    assert by["call"][1] == 1.0 and by["fold"][1] == -1.0      # calling wins when legal
    assert by["call"][0] + by["fold"][0] == 40
    assert 0 < by["call"][0] < 40       # legal in some copies only (3X or 1X with seat 1)
