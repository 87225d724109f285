"""A deal that cannot give every seat `each` cards: a validation warning when the pack
is too small for the most players, and at play the game stops with the reason, unless
the ruleset says `short: true` (then the last seats get fewer, as before)."""
import rulekit
from cli_run import cli

VARIANT = "rulekit: 1\nextends: mattis\nname: big\ndefinitions:\n  hand_size: 7\n"
TOY = """rulekit: 1
name: tiny_deal
players: {min: 2, max: 3, default: 2}
cards: {ranks: 1 2 3, suits: X}
zones:
  hand: {per: seat, see: owner}
setup:
  - deal: {from: deck, to: hand, each: 2SHORT}
phases:
  main:
    start: s
    actions:
      stop: {choose: nothing, do: [{end_game: {loser: actor}}]}
    steps:
      s: {actor: 0, actions: [stop], next: s}
"""


def test_too_many_cards_each_is_a_warning_and_stops_the_game(tmp_path):
    (tmp_path / "big.yaml").write_text(VARIANT)
    run = cli(["validate", "big.yaml"], tmp_path)
    assert run.returncode == 0
    assert "warning: deal: 7 cards each for 8 players need 56 cards, but the pack has 52" \
        in run.stdout + run.stderr
    game = rulekit.load(str(tmp_path / "big.yaml")).new_game(players=8, seed=1)
    assert game.result.status == "aborted"
    assert "deal: 7 cards each for 8 seats need 56, but deck holds 52" in game.result.message
    assert rulekit.load(str(tmp_path / "big.yaml")).new_game(players=7, seed=1).result.status \
        == "in_progress"


def test_short_true_deals_what_there_is(tmp_path):
    (tmp_path / "a.yaml").write_text(TOY.replace("SHORT", ""))
    (tmp_path / "b.yaml").write_text(TOY.replace("SHORT", ", short: true"))
    assert "need 6 cards, but the pack has 3" in cli(["validate", "a.yaml"], tmp_path).stdout \
        + cli(["validate", "a.yaml"], tmp_path).stderr
    assert rulekit.check(str(tmp_path / "b.yaml"))[1] == []       # no warning
    a = rulekit.load(str(tmp_path / "a.yaml")).new_game(players=2, seed=1)
    assert a.result.status == "aborted" and "need 4, but deck holds 3" in a.result.message
    three = rulekit.load(str(tmp_path / "a.yaml")).new_game(players=3, seed=1)
    assert three.result.status == "aborted" and "short: true" in three.result.message
    b = rulekit.load(str(tmp_path / "b.yaml")).new_game(players=3, seed=1)
    assert b.result.status == "in_progress" and [len(h) for h in b.z["hand"]] == [1, 1, 1]
    b2 = rulekit.load(str(tmp_path / "b.yaml")).new_game(players=2, seed=1)
    assert sorted(len(h) for h in b2.z["hand"]) == [1, 2]         # the last seat short
