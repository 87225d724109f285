"""The event log hands out dicts, whatever form the hot path wrote (rulekit.events)."""
import pickle

import rulekit
from rulekit.events import EventLog


def _log():
    log = EventLog()
    log.append(("moved", ["7H", "8H"], ("trick", None), 3, "shed"))
    log.append(("moved1", "9S", ("hand", 1), 3, "shed"))
    log.append(["action", 2, "play 9S", 4, 3, "shed"])
    log.append({"kind": "announced", "text": "hi", "actions": 3, "phase": "shed"})
    return log


def test_each_form_reads_as_its_dict():
    log = _log()
    assert log[0] == {"kind": "moved", "cards": ["7H", "8H"], "to": ("trick", None),
                      "actions": 3, "phase": "shed"}
    assert log[1] == {"kind": "moved", "cards": ["9S"], "to": ("hand", 1), "actions": 3,
                      "phase": "shed"}
    assert log[2] == {"kind": "action", "seat": 2, "action": "play 9S", "until": 4,
                      "actions": 3, "phase": "shed"}
    assert log[3]["text"] == "hi"


def test_every_way_of_reading_gives_dicts_once_made():
    log = _log()
    assert all(ev.__class__ is dict for ev in log)
    first = log[0]
    assert log[0] is first and log[-4] is first       # made once, kept in place
    assert [ev["kind"] for ev in log[1:3]] == ["moved", "action"]
    assert [ev["kind"] for ev in reversed(log)] == ["announced", "action", "moved", "moved"]
    assert len(log) == 4 and log == log.copy()
    assert [e for e in log if e["kind"] == "moved"][1]["cards"] == ["9S"]


def test_a_log_pickles_as_dicts():
    back = pickle.loads(pickle.dumps(_log()))
    assert isinstance(back, EventLog) and back[2]["until"] == 4


def test_a_game_reads_its_moves_and_actions_as_before():
    game = rulekit.load("mattis").new_game(players=3, seed=4)
    game.apply(game.legal_actions()[0])
    events = list(game.events)
    assert all(ev.__class__ is dict for ev in events)
    action = [i for i, ev in enumerate(events) if ev["kind"] == "action"][-1]
    ev = events[action]
    assert ev["seat"] is not None and ev["until"] > action        # its effects follow it
    moved = events[action + 1]
    assert moved["kind"] == "moved" and isinstance(moved["cards"], list)
    assert moved["cards"][0] in ev["action"]                       # the card played


def test_the_other_ways_of_reading_a_log_see_dicts_too():
    log = _log()
    plain = log.copy()
    assert plain[1] in log and log.index(plain[2]) == 2 and log.count(plain[0]) == 1
    assert not (log != plain) and (log + [])[0] == plain[0]
    assert log.pop() == plain[3] and len(log) == 3


def test_an_action_read_while_it_runs_still_gets_its_until():
    # a random source that looks at the log in the middle of an action (its draw, at
    # the deal of a new stock card) turns the action's event into a dict early
    from rulekit.randomness import Chance
    box = {}

    def choose(options):
        if "game" in box:
            box["game"].events[:]
        return 0
    game = rulekit.load("crazy_eights").new_game(players=2, source=Chance(choose))
    box["game"] = game
    rng = __import__("random").Random(1)
    while not game.finished and game.actions < 400:
        game.apply(rng.choice(game.legal_actions()))
    actions = [ev for ev in game.events if ev["kind"] == "action"]
    assert actions and all(ev["until"] is not None for ev in actions)
