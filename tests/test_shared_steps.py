"""Steps where several seats may act (a step with ``actors``), on their own, in two toy
games: a shared window (tests/toys/window.yaml: anyone holding the turned card's rank
may claim it, or pass) and a simultaneous choice (tests/toys/simultaneous.yaml: every
seat bids a card at the same time, hidden until all have bid)."""
import io
import json
import random
from pathlib import Path

import pytest

import rulekit
from budget import games
from cli_run import cli
from rulekit.errors import IllegalAction, RulesetError
from rulekit.play.agents import GreedyAgent, RandomAgent, determinize
from rulekit.play.session import WAIT, play_out
from rulekit.play.terminal import CardStyle, HumanAgent, make_console
from rulekit.play.transcript import Transcript
from rulekit.runtime.records import make_record
from rulekit.runtime.replay import replay

TOYS = Path(__file__).parent / "toys"
WINDOW, SIMULTANEOUS = TOYS / "window.yaml", TOYS / "simultaneous.yaml"


@pytest.fixture(scope="module")
def window():
    return rulekit.load(str(WINDOW))


@pytest.fixture(scope="module")
def bidding():
    return rulekit.load(str(SIMULTANEOUS))


def record_of(game, path, seed):
    """The game's record, through JSON, naming the toy by its file name."""
    return json.loads(json.dumps(make_record(game, path.name, {}, seed)))


def window_game(rules, hands, up, players=3, dealer=2, rest=None):
    """A window-toy game: seat i holds ``hands[i]`` (4 cards each), ``up`` is turned
    up first; the rest of the pack follows in pack order."""
    order = []
    for i in range(4):                  # the deal starts at the dealer's left
        order += [hands[(dealer + 1 + k) % players][i] for k in range(players)]
    order.append(up)
    order += [c for c in rules.pack if c not in order]
    return rules.new_game(players=players, dealer=dealer, deck=order)


HANDS = [["1R", "2R", "3R", "4R"], ["1B", "2B", "5B", "6B"], ["1G", "2G", "3G", "4G"]]


# ---- shared windows ------------------------------------------------------------------

def test_every_listed_seat_that_can_act_may_act_first_in_precedence_order(window):
    g = window_game(window, HANDS, "3B")
    # precedence from the dealer's left: 0, 1, 2; each may claim 3B or pass
    assert g.actors == [0, 1, 2] and g.to_act == 0
    assert [str(a) for a in g.legal_actions(0)] == ["claim 3R", "pass"]
    assert [str(a) for a in g.legal_actions(1)] == ["pass"]
    assert [str(a) for a in g.legal_actions(2)] == ["claim 3G", "pass"]
    d = g.dump()
    assert d["actors"] == [0, 1, 2] and d["to_act"] == 0 and d["legal"] == ["claim 3R", "pass"]
    assert g.view(2)["legal"] == ["claim 3G", "pass"] and g.view(2)["actors"] == [0, 1, 2]


def test_a_later_seat_acts_before_the_first_and_the_record_names_its_seat(window):
    g = window_game(window, HANDS, "3B")
    g.apply("2: claim 3G")                       # seat 2 is quicker than seat 0
    assert g.z["won"][2] == ["3G", "3B"]
    assert g.history == ["2: claim 3G"]
    # the window stays open to the seats that have not passed; the claim is taken
    assert g.actors == [0, 1] and [str(a) for a in g.legal_actions(0)] == ["pass"]
    g.apply(g.legal_actions(1)[0])               # an Action of the second seat
    assert g.history == ["2: claim 3G", "1: pass"]
    g.apply("pass")                              # no seat: the seat to act (0)
    assert g.history[-1] == "0: pass"
    # nobody may act: the window closed and the next card is turned up
    assert g.z["up"][-1] != "3B" and g.step.name == "window"


def test_until_closes_the_window_after_an_action(window):
    rules = rulekit.load(str(WINDOW), options={"close_on_claim": True})
    g = window_game(rules, HANDS, "3B")
    g.apply("2: claim 3G")
    assert g.v["passed"] == [False, False, False]      # a new window: the next card
    assert g.z["won"][2] == ["3G", "3B"] and len(g.z["up"]) == 1
    assert g.actors == [0, 1, 2] and len(g.z["deck"]) == 18 - 12 - 2


def test_a_seat_that_may_not_act_is_refused_and_nothing_changes(window):
    g = window_game(window, HANDS, "3B")
    before = g.dump()
    with pytest.raises(IllegalAction, match="seat 1"):
        g.apply("1: claim 3G")                   # seat 1 does not hold 3G
    g.apply("1: pass")
    with pytest.raises(IllegalAction, match=r"seat 1 may not act now \(seats 0, 2 may\)"):
        g.apply("1: pass")                       # it has passed: out of the window
    with pytest.raises(IllegalAction, match="an action of seat 2, not of seat 0"):
        g.parse_action("2: pass", seat=0)
    assert g.dump()["actors"] == [0, 2] and before["actors"] == [0, 1, 2]
    assert g.legal_actions(1) == [] and g.view(1)["legal"] == []
    with pytest.raises(ValueError):
        g.legal_actions(7)


def test_a_single_actor_step_takes_its_seat_prefix_too():
    g = rulekit.load("mattis").new_game(players=4, seed=1)
    act = g.legal_actions()[0]
    g2 = g.clone()
    g.apply(f"{g.to_act}: {act}")
    g2.apply(str(act))
    assert g.dump() == g2.dump() and g.history == g2.history == [str(act)]
    other = (g.to_act + 1) % 4
    with pytest.raises(IllegalAction, match=f"seat {other} may not act now"):
        g.apply(f"{other}: {g.legal_actions()[0]}")


def test_a_record_of_shared_windows_replays_exactly(window, tmp_path):
    for players in (2, 3, 4):
        later = 0
        for seed in range(games(3, 20)):
            g = window.new_game(players=players, seed=seed)
            rng = random.Random(seed)
            dumps = [g.dump()]
            while not g.finished:                # any actor, not only the first
                seat = rng.choice(g.actors)
                later += seat != g.to_act
                g.apply(rng.choice(g.legal_actions(seat)))
                dumps.append(g.dump())
            assert g.result.status == "finished", g.result.message
            record = record_of(g, WINDOW, seed)
            seen = []
            again = replay(record, apply=lambda game, a: (game.apply(a), seen.append(game.dump())),
                           rulesets=[TOYS])
            assert [dumps[0]] + seen == dumps and again.dump() == g.dump()
        assert later > 0


# ---- simultaneous choices ------------------------------------------------------------

def test_every_seat_chooses_in_any_order_and_the_effects_run_in_seat_order(bidding):
    g = bidding.new_game(players=3, seed=3)
    hands = [list(h) for h in g.z["hand"]]
    assert g.actors == [0, 1, 2] and g.to_act == 0
    g.apply(f"2: bid {hands[2][0]}")
    g.apply(f"0: bid {hands[0][0]}")
    assert g.actors == [1] and g.to_act == 1
    assert g.z["bids"] == [] and g.z["hand"][2] == hands[2]     # nothing happens yet
    g.apply(f"bid {hands[1][0]}")
    assert g.history == [f"{s}: bid {hands[s][0]}" for s in range(3)]
    moved = [ev["cards"][0] for ev in g.events if ev["kind"] == "moved"
             and ev["to"] == ("bids", None)]
    assert moved == [hands[0][0], hands[1][0], hands[2][0]]    # seat order
    assert g.actors == [0, 1, 2] and all(len(h) == 3 for h in g.z["hand"])


def test_no_view_transcript_line_or_agent_input_shows_a_pending_choice(bidding):
    for seed in range(games(4, 20)):
        g = bidding.new_game(players=4, seed=seed)
        lines = {s: io.StringIO() for s in range(4)}
        consoles = {s: make_console(lines[s], color=False) for s in range(4)}
        transcripts = {s: Transcript(g, viewer=s, console=consoles[s],
                                     style=CardStyle(bidding, ascii=True)) for s in range(4)}
        rng = random.Random(seed)
        while not g.finished:
            order = list(g.actors)
            rng.shuffle(order)
            seat = order[0]
            act = rng.choice(g.legal_actions(seat))
            mark = len(g.events)
            g.apply(act)
            for s, t in transcripts.items():
                t.actions(mark)
            if g._pending:                          # still waiting: the choice is secret
                card = act.cards[0]
                for other in range(4):
                    if other == seat:
                        continue
                    view = g.view(other)
                    assert card not in json.dumps(view), (seat, other)
                    assert [seat, None] in view["chosen"]
                    assert card not in lines[other].getvalue()
                    copy = determinize(g, other, random.Random(1))
                    assert seat not in copy._pending and seat in copy.actors
                    assert all(card not in str(a) for a in copy.record_actions()[
                        len(g.history):])
                assert f"seat {seat} has chosen" in lines[(seat + 1) % 4].getvalue()
        assert g.result.status == "finished", g.result.message


def test_agents_see_one_decision_per_seat_in_seat_order(bidding):
    g = bidding.new_game(players=3, seed=5)
    asked = []

    class Spy(RandomAgent):
        def choose(self, game, seat=None):
            asked.append((game.to_act, seat))
            return super().choose(game, seat)

    spy = Spy(1)
    for _ in range(3):
        g.apply(spy.choose(g))
    assert asked == [(0, None), (1, None), (2, None)]
    greedy = GreedyAgent(2)
    g2 = bidding.new_game(players=3, seed=5)
    play_out(g2, {s: greedy for s in range(3)})
    assert g2.result.status == "finished"


def test_a_record_keeps_pending_choices_in_seat_order_and_replays_them(bidding):
    g = bidding.new_game(players=3, seed=2)
    h = g.z["hand"]
    g.apply(f"2: bid {h[2][0]}")
    g.apply(f"0: bid {h[0][1]}")
    record = record_of(g, SIMULTANEOUS, 2)
    assert record["actions"] == [f"0: bid {h[0][1]}", f"2: bid {h[2][0]}"]
    again = replay(record, rulesets=[TOYS])
    assert again.dump() == g.dump() and again.actors == [1]


def test_the_human_seat_is_told_who_else_chooses_and_that_choices_are_hidden(monkeypatch):
    import sys
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 40))
    run = cli(["play", SIMULTANEOUS, "--agent", "all=random", "--seed", "1", "--human", "1"], TOYS)
    assert run.returncode == 0, run.stderr
    assert ("everyone chooses at the same time (seat 0 has chosen; seat 2 still chooses): "
            "each choice stays hidden until every seat has chosen") in run.stdout
    monkeypatch.setattr(sys, "stdin", io.StringIO("wait\n" + "1\n" * 80))
    run = cli(["play", WINDOW, "--agent", "all=random", "--seed", "3", "--human", "1"], TOYS)
    assert run.returncode == 0, run.stderr
    assert "seat 2 may also act now; type 'wait' to let seat 2 act first" in run.stdout
    assert "seat 1, your action (number or text): wait\n  seat 2: pass" in run.stdout


def test_a_person_who_waits_lets_the_next_seat_in_precedence_act(window):
    g = window_game(window, HANDS, "3B", dealer=0)       # precedence 1, 2, 0
    console = make_console(io.StringIO(), color=False)
    style = CardStyle(window, ascii=True)
    person = HumanAgent(1, console, style, inp=io.StringIO("wait\n"))
    assert person.choose(g) is WAIT
    last = HumanAgent(0, console, style, inp=io.StringIO("wait\n1\n"))
    assert str(last.choose(g)) == "claim 3R"      # the last seat may not wait


def test_nobody_waits_at_a_simultaneous_step(bidding):
    g = bidding.new_game(players=3, seed=1)
    out = io.StringIO()
    person = HumanAgent(0, make_console(out, color=False), CardStyle(bidding, ascii=True),
                        inp=io.StringIO("wait\n1\n"))
    act = person.choose(g)
    assert act is not WAIT and act.name == "bid"
    assert "type 'wait'" not in out.getvalue() and "'wait' is not legal now" in out.getvalue()


# ---- checking and random games -------------------------------------------------------

BAD = {
    "actor: turn\n        actors: seats()": "has both 'actor'",
    "actors: seats()\n        simultaneous: true": "has no 'until'",
    "actors: \"[card('1R')]\"": "actors must be a list of seats",
    "actors: 1": "expected list",
}


@pytest.mark.parametrize("text,message", list(BAD.items()))
def test_a_step_with_actors_is_checked(tmp_path, text, message):
    src = WINDOW.read_text().replace("actors: open_seats", text)
    path = tmp_path / "bad.yaml"
    path.write_text(src.replace("vars:\n", "vars:\n  turn: {type: seat}\n"))
    with pytest.raises(RulesetError) as err:
        rulekit.load(str(path))
    assert message in str(err.value)


@pytest.mark.random_games
@pytest.mark.parametrize("toy", [WINDOW, SIMULTANEOUS], ids=["window", "simultaneous"])
def test_random_games_keep_the_invariants(toy):
    rules = rulekit.load(str(toy))
    lo, hi, _ = rules.players
    for players in range(lo, hi + 1):
        for seed in range(games(4, 40)):
            g = rules.new_game(players=players, seed=seed)
            agent = RandomAgent(seed)
            while not g.finished:
                g.apply(agent.choose(g))
                problems = shared_invariants(g)
                assert not problems, problems
            assert g.result.status == "finished", g.result.message
            assert g.outcome["ranking"] and g.actors == [] and g.dump()["legal"] == []


def shared_invariants(game) -> list[str]:
    """What must hold at every decision of a game with shared steps."""
    bad = []
    cards = [c for z in game.z.values() for c in (
        [x for lst in z for x in lst] if z and isinstance(z[0], list) else z)]
    if sorted(cards) != sorted(game.rules.pack):
        bad.append("a card is not in exactly one zone")
    if not game.finished:
        actors = game.actors
        if not actors or actors[0] != game.to_act or len(set(actors)) != len(actors):
            bad.append(f"actors {actors}, to act {game.to_act}")
        if any(not game.legal_actions(s) for s in actors):
            bad.append("an actor without a legal action")
        if any(a.seat != s for s in actors for a in game.legal_actions(s)):
            bad.append("an action listed for the wrong seat")
        if len(game.record_actions()) != game.actions:
            bad.append("the record does not hold every action")
    return bad


def test_a_window_that_never_opens_and_loops_is_stopped_by_the_guard(tmp_path):
    src = WINDOW.read_text().replace("actors: open_seats", "actors: filter(seats(), s -> false)")
    src = src.replace("        next: turn_up\n", "        next:\n          - if: count(deck) >= 0\n"
                      "            goto: window\n          - goto: turn_up\n")
    path = tmp_path / "loop.yaml"
    path.write_text(src)
    g = rulekit.load(str(path)).new_game(players=3, seed=1)
    assert g.result.status == "aborted"
    assert "automatic steps ran 10000 times without a decision (last at step main.window)" \
        in g.result.message


def test_a_bad_actors_value_at_play_time_aborts_with_the_step_named(tmp_path):
    src = WINDOW.read_text().replace("actors: open_seats", "actors: map(seats(), s -> s + 7)")
    path = tmp_path / "bad_seat.yaml"
    path.write_text(src)
    g = rulekit.load(str(path)).new_game(players=3, seed=1)
    assert g.result.status == "aborted" and "the actor 7 is not a seat" in g.result.message
    assert "main.window" in g.result.message


def test_greedy_looks_past_a_simultaneous_step_and_beats_random_bidders(bidding):
    """At a simultaneous step the greedy agent completes its trial with random choices
    for the other seats (it cannot know theirs), so the bid is scored on the resolved
    prize: over seeded games it wins more often than either random seat."""
    wins = [0, 0, 0]
    for seed in range(games(30, 100)):
        g = bidding.new_game(players=3, seed=seed)
        play_out(g, {0: GreedyAgent(seed), 1: RandomAgent(seed), 2: RandomAgent(seed + 99)})
        for s in g.result.winners:
            wins[s] += 1
    assert wins[0] > max(wins[1], wins[2]), wins


# ---- records of unfinished, aborted and failing simultaneous steps ---------------------

def test_a_persons_live_record_keeps_only_their_own_pending_choice(bidding):
    g = bidding.new_game(players=3, seed=1)
    g.apply(g.legal_actions(0)[0])
    g.apply(g.legal_actions(1)[0])                          # seat 2, a person, to choose
    seen_by_person = make_record(g, SIMULTANEOUS.name, {}, 1, seats=["random", "random", "human"])
    assert seen_by_person["actions"] == []                  # the bots' bids stay secret
    all_bots = make_record(g, SIMULTANEOUS.name, {}, 1, seats=["random"] * 3)
    assert [a.split(":")[0] for a in all_bots["actions"]] == ["0", "1"]


def test_max_actions_in_a_simultaneous_step_keeps_the_choices_made(bidding):
    g = bidding.new_game(players=3, seed=1, max_actions=2)
    g.apply(g.legal_actions(0)[0])
    g.apply(g.legal_actions(1)[0])
    assert g.result.status == "aborted" and "max_actions" in g.result.message
    rec = json.loads(json.dumps(make_record(g, SIMULTANEOUS.name, {}, 1)))
    assert len(rec["actions"]) == 2 and rec["max_actions"] == 2
    again = replay(rec, rulesets=[TOYS])
    assert again.result == g.result and again.record_actions() == g.record_actions()


def test_a_failure_while_the_choices_take_effect_keeps_the_later_choices(tmp_path):
    src = SIMULTANEOUS.read_text().replace(
        "          - move: c to bids by actor\n",
        "          - move: c to bids by actor\n          - if: 1 / (actor - 1) == 7\n"
        "            then:\n              - announce: never\n")
    path = tmp_path / "fails.yaml"
    path.write_text(src)
    g = rulekit.load(str(path)).new_game(players=3, seed=1)
    for s in (2, 0, 1):
        g.apply(g.legal_actions(s)[0])
    assert g.result.status == "aborted" and "division by zero" in g.result.message
    rec = json.loads(json.dumps(make_record(g, path.name, {}, 1)))
    assert [a.split(":")[0] for a in rec["actions"]] == ["0", "1", "2"]   # none lost
    again = replay(rec, rulesets=[tmp_path])
    assert again.result == g.result and again.dump() == g.dump()


@pytest.mark.parametrize("text", ["-1: pass", ": pass", "00000: pass", "+0: pass", "0.0: pass",
                                  "\u0660: pass", "99999999999999999999: pass", "0: 0: pass"])
def test_a_malformed_seat_prefix_is_refused_clearly(window, text):
    g = window_game(window, HANDS, "3B")
    with pytest.raises(IllegalAction, match="is not a seat|names its seat twice"):
        g.apply(text)
    assert g.history == []


def test_a_replay_error_at_a_shared_step_says_why(window):
    from rulekit.runtime.replay import ReplayError
    g = window.new_game(players=3, seed=2)
    g.apply(f"{g.to_act}: pass")
    rec = json.loads(json.dumps(make_record(g, WINDOW.name, {}, 2)))
    rec["actions"].append(rec["actions"][0])                # the same seat again: passed
    with pytest.raises(ReplayError) as err:
        replay(rec, rulesets=[TOYS])
    seat = int(rec["actions"][0].split(":")[0])
    assert f"action 1 by seat {seat}" in str(err.value)
    assert f"seat {seat} may not act now" in str(err.value)


def test_once_everyone_has_chosen_every_seat_sees_every_choice(bidding):
    g = bidding.new_game(players=3, seed=2)
    out = io.StringIO()
    t = Transcript(g, viewer=1, console=make_console(out, color=False),
                   style=CardStyle(bidding, ascii=True))
    bids = {}
    for s in (0, 1, 2):
        act = g.legal_actions(s)[0]
        bids[s] = str(act)
        mark = len(g.events)
        g.apply(act)
        t.actions(mark)
        if s < 2:
            assert bids[0] not in out.getvalue()          # hidden while others choose
    text = out.getvalue()
    assert all(f"seat {s}: {bids[s]}" in text for s in range(3))
