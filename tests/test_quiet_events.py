"""A game that keeps no event log (``new_game(events=False)``, ``clone(events=False)``)
is the same game as one that does: the same legal actions at every decision, the same
end state, history, result and knowledge; only reading its ``events`` is refused (a
ValueError with a message). The bots' copies are quiet, and choose as before."""
import random

import pytest

import rulekit
from rulekit.play.search import SearchAgent, determinize
from rulekit.runtime.engine import GameState
from ruleset_positions import load_rules

BUNDLED = tuple(sorted(rulekit.bundled()))
CAP = 160           # actions per game (the cost of the long games: klondike, durak)


def _state(g) -> tuple:
    """Everything of ``g`` a user, a view or a bot could see, besides its events."""
    return (g.dump(), [g.view(s) for s in range(g.n)], g.spectator_view(), list(g.history),
            g.result, g.z, g.v, g.where, g.tags, g.marks, g.public, g.surfaced, g.hand_no,
            g.dealer, g.actions, g.phase)


def _side_by_side(a, b, seed: int) -> None:
    """Play ``a`` and ``b`` with the same seeded random choices, both offered the same
    legal actions at every decision, to the end."""
    ra, rb = random.Random(seed), random.Random(seed)
    while not a.finished:
        assert a._strings() == b._strings() and a.choice_count() == b.choice_count()
        assert a.to_act == b.to_act and a.public == b.public
        act, other = a.random_legal(ra), b.random_legal(rb)
        assert str(other) == str(act)
        a.apply(act)
        b.apply(other)
    assert b.finished


@pytest.mark.parametrize("name", BUNDLED)
def test_a_quiet_game_is_the_same_game(name):
    rules = load_rules(name)
    logging = rules.new_game(seed=3, max_actions=CAP)
    quiet = rules.new_game(seed=3, max_actions=CAP, events=False)
    assert quiet.log is None and len(logging.events) > 0
    _side_by_side(logging, quiet, 3)
    assert _state(quiet) == _state(logging)
    with pytest.raises(ValueError, match="keeps no event log.*events=False"):
        quiet.events
    assert any(ev["kind"] == "action" for ev in logging.events)


def test_a_quiet_copy_of_a_logging_game():
    rules = load_rules("hearts", {"target": 1})
    game = rules.new_game(seed=5)
    rng = random.Random(5)
    for _ in range(10):
        game.apply(game.random_legal(rng))
    before = len(game.events)
    quiet = game.clone(events=False)
    assert quiet.clone().log is None                 # a copy keeps its original's setting
    loud = quiet.clone(events=True)                  # ... unless told
    assert loud.events == [] and game.clone().events == []
    _side_by_side(game, quiet, 6)
    assert _state(quiet) == _state(game)
    assert len(game.events) > before and game.events[-1]["kind"] == "ended"
    with pytest.raises(ValueError, match="no event log"):
        quiet.events
    # the loud copy of the quiet one logs what happens after it was made
    loud.apply(loud.legal_actions()[0])
    assert loud.events[0]["kind"] == "action"
    assert game.restart().log is not None and quiet.restart().log is None


def test_bad_events_values_are_refused():
    rules = load_rules("hearts", {"target": 1})
    with pytest.raises(ValueError, match="events must be true or false, not 'no'"):
        rules.new_game(events="no")
    with pytest.raises(ValueError, match="events must be true, false or None, not 1"):
        rules.new_game().clone(events=1)


def test_announcements_and_private_actions_build_nothing_quiet():
    # HRT-3: a pass is private ('passes three cards'); each trick's taker is announced
    rules = load_rules("hearts", {"target": 1})
    game = rules.new_game(seed=2)
    rng = random.Random(2)
    while not game.finished:
        game.apply(game.random_legal(rng))
    said = [ev for ev in game.events if ev["kind"] == "announced"]
    assert sum("takes the trick" in ev["text"] for ev in said) == 13
    assert any(ev.get("public") == "passes three cards" for ev in game.events)
    calls = []
    real = GameState.emit

    def emit(self, event):
        calls.append(event)
        real(self, event)
    GameState.emit = emit
    try:
        quiet = rules.new_game(seed=2, events=False)
        rng = random.Random(2)
        while not quiet.finished:
            quiet.apply(quiet.random_legal(rng))
    finally:
        GameState.emit = real
    assert calls == [] and quiet.history == game.history


def test_an_announcement_that_fails_stops_a_quiet_game_too(tmp_path):
    # the text is not built, but a part of it that fails stops the game as it would
    # (an announcement's, and a private action's text for the other seats)
    path = tmp_path / "announce_fails.yaml"
    path.write_text(TOY_FAILS)
    rules = rulekit.load(str(path))
    for action in ("go", "say"):
        for events in (True, False):
            game = rules.new_game(seed=1, events=events)
            game.apply(action)
            assert game.status == "aborted" and "division by zero" in game.message, events
            assert game.history == [action]


TOY_FAILS = """\
rulekit: 1
name: announce_fails
players: {min: 2, max: 2}
cards: {ranks: 1 2, suits: X}
vars:
  k: {type: int, init: 0}
zones:
  hand: {per: seat, see: owner}
setup:
  - deal: {from: deck, to: hand, each: 1}
phases:
  main:
    start: go
    actions:
      go:
        choose: nothing
        private: "goes {1 / k}"
      say:
        choose: nothing
        do:
          - announce: "seat {actor} has {count(hand[actor])} and {1 / k}"
    steps:
      go:
        actor: 0
        actions: [go, say]
        next:
          - do:
              - end_game: {loser: 1}
            goto: go
"""


def test_determinize_keeps_the_log_setting_unless_told():
    rules = load_rules("hearts", {"target": 1})
    game = rules.new_game(seed=4)
    assert determinize(game, 0, random.Random(1)).log is not None
    copy = determinize(game, 0, random.Random(1), events=False)
    assert copy.log is None
    assert copy.z == determinize(game, 0, random.Random(1)).z   # the same redeal


def test_the_search_chooses_as_with_logging_copies(monkeypatch):
    # the same seeded ISMCTS choice (and visit counts) whether its copies log or not
    rules = load_rules("hearts", {"target": 1})
    game = rules.new_game(seed=8)
    rng = random.Random(8)
    for _ in range(6):
        game.apply(game.random_legal(rng))
    quiet = SearchAgent(seed=1, simulations=12).search(game)
    made = []
    real = GameState.clone

    def logging_clone(self, events=None):           # every copy keeps its log
        made.append(events)
        return real(self, True)
    monkeypatch.setattr(GameState, "clone", logging_clone)
    loud = SearchAgent(seed=1, simulations=12).search(game)
    assert False in made                            # the search asks for quiet copies
    assert [(str(a), v) for a, v, *_ in loud] == [(str(a), v) for a, v, *_ in quiet]
    assert [r[2:] for r in loud] == [r[2:] for r in quiet]
