"""An exception raised in a ruleset's generated code is the ruleset's error (the game is
aborted with a message naming the step); anything else is a bug of rulekit: it is not
disguised as a ruleset failure, and the command line reports it as an internal error."""
import pytest

import rulekit
from rulekit.cli import main
from rulekit.runtime.engine import GameState


def test_an_error_in_ruleset_code_aborts_the_game_naming_the_step(tmp_path):
    path = tmp_path / "z.yaml"
    path.write_text("rulekit: 1\nextends: mattis\nname: z\ndefinitions:\n"
                    "  taken: at(trick, 1 / (count(trick) - count(trick)))\n")
    game = rulekit.load(str(path)).new_game(players=3, seed=4)
    while not game.finished:
        take = [a for a in game.legal_actions() if a.name == "take"]
        game.apply(take[0] if take else game.legal_actions()[0])
    assert game.result.status == "aborted"
    assert game.result.message.startswith("the ruleset failed at step shed.")
    assert game.result.message.endswith(": division by zero")


def test_a_bug_in_the_engine_is_not_reported_as_a_ruleset_failure(monkeypatch):
    rules = rulekit.load("mattis")

    def broken(self):
        raise TypeError("a bug")
    monkeypatch.setattr(GameState, "_advance", broken)
    with pytest.raises(TypeError, match="a bug"):
        rules.new_game(seed=1)


def test_the_cli_reports_an_internal_error_in_one_line(monkeypatch, capsys):
    def broken(self):
        raise KeyError("oops")
    monkeypatch.setattr(GameState, "_advance", broken)
    assert main(["play", "mattis", "--seed", "1"]) == 70
    err = capsys.readouterr().err
    assert err.startswith("rulekit: internal error, please report it")
    assert "KeyError" in err and "Traceback" not in err


def test_debug_prints_the_traceback(monkeypatch, capsys):
    def broken(self):
        raise KeyError("oops")
    monkeypatch.setattr(GameState, "_advance", broken)
    assert main(["--debug", "play", "mattis", "--seed", "1"]) == 70
    err = capsys.readouterr().err
    assert "Traceback" in err and "_advance" in err and "internal error" in err


def test_a_heuristic_that_gives_null_is_the_rulesets_error_naming_phase_and_seat(tmp_path):
    """The value of a ``heuristic`` must be a number: null (or text) is a RulesetFailure
    for the agent that asked, and the game ends as aborted, never rulekit's bug."""
    from rulekit.errors import RulesetFailure
    from rulekit.play.agents import GreedyAgent
    path = tmp_path / "h.yaml"
    path.write_text("rulekit: 1\nextends: mattis\nname: h\nphases:\n  collect:\n"
                    "    heuristic: 'null if count(hand[seat]) > 0 else 1'\n")
    game = rulekit.load(str(path)).new_game(players=3, seed=4)
    with pytest.raises(RulesetFailure, match=r"the heuristic of phase collect: for seat \d "
                       r"it gives null, not a number"):
        GreedyAgent(seed=1).choose(game)
    assert main(["play", str(path), "--seed", "4", "--quiet", "--agent", "all=greedy"]) == 1
