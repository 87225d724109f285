"""At the prompt (issue: a table a person can learn and enjoy): `help` lists the commands
and what each legal action does, `rules` prints the game's rule book, `quit` leaves
(the record kept, exit 0), and an illegal move says why: an unknown word (with the
action meant), a card not held, or the action's condition."""
import io
import sys

import pytest

from cli_run import cli


def typing(monkeypatch, tmp_path, args, stdin):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return cli(args, tmp_path)


def test_help_lists_the_commands_and_the_actions_with_their_rules(monkeypatch, tmp_path):
    run = typing(monkeypatch, tmp_path, ["play", "mattis", "--agent", "all=random",
                                         "--human", "1", "--seed", "4",
                                         "--ascii"], "help\nquit\n")
    out = run.stdout
    assert "commands: help (this), rules (the game's rule book), hint (what a bot would " \
        "play, and why), undo (take back to your previous decision: a learning aid, since " \
        "you have seen what came next), more" in out
    assert "  play: 3 choices [rule MAT-2" in out                 # the action's rule id
    assert "  stock: 1 choice (legal when you may play the top card of the stock) [rule C-5" \
        in out                                                    # C-5, in words


def test_rules_prints_the_rule_book_and_quit_leaves_with_the_record(monkeypatch, tmp_path):
    run = typing(monkeypatch, tmp_path, ["play", "mattis", "--agent", "all=random",
                                         "--human", "1", "--seed", "4",
                                         "--record", tmp_path / "g.json"], "rules\nquit\n")
    assert run.returncode == 0
    assert "- MAT-11 A player who cannot" in run.stdout      # the book as text, not Markdown
    assert "Phase 2 in outline: shedding\n----" in run.stdout and "\n- C-7 Each" in run.stdout
    assert "**" not in run.stdout
    assert "Notes for authors" not in run.stdout and "Source:" not in run.stdout
    assert "you quit: the game was abandoned after 1 action" in run.stderr
    assert (tmp_path / "g.json").is_file()


def test_an_illegal_move_says_why(monkeypatch, tmp_path):
    run = typing(monkeypatch, tmp_path, ["play", "mattis", "--agent", "all=random",
                                         "--human", "1", "--seed", "4",
                                         "--ascii"], "plya 6s\nplay 2c\ntake\nquit\n")
    out = run.stdout
    assert "'plya 6s' is not legal now: 'plya' is not an action here; did you mean 'play'? " \
        "(actions now: play, stock)" in out
    assert "'play 2c' is not legal now: you do not hold 2C" in out
    assert "'take' is not legal now: 'take' cannot be taken now (actions now: play, stock)" in out


def test_an_action_whose_condition_fails_names_the_condition():
    import rulekit
    from rulekit.play.reasons import why_not
    rules = rulekit.load("durak")
    hands = {0: ["9C", "9D", "TD", "TS", "JS", "6C"], 1: ["TC", "JD", "AC", "AD", "AS", "KC"],
             2: ["9S", "7C", "7D", "7S", "8C", "8D"]}
    deck = [hands[s][r] for r in range(6) for s in (0, 1, 2)] + ["6H"]
    deck += [c for c in rules.pack if c not in deck]
    game = rules.new_game(players=3, dealer=2, deck=deck)
    game.apply("attack 9C")                                  # seat 2 may throw 9S
    why = why_not(game, 2, "throw 7C", game.legal_actions(2))    # DUR-6: a rank on the table
    assert why.startswith("you may not throw in 7C: an attacker adds a card of a rank "
                          "already on the table")
    assert "the cards on the table (9C)" in why
    assert why_not(game, 2, "throw 9C", game.legal_actions(2)) == "you do not hold 9C"


# ---- hot-seat: several people at one screen -------------------------------------------------

def test_hot_seat_passes_the_screen_and_shows_no_hand_to_the_table(monkeypatch, tmp_path):
    import json
    import re
    run = typing(monkeypatch, tmp_path, ["play", "mattis", "--agent", "all=random",
                                         "--human", "0", "--human", "2",
                                         "--seed", "3", "--ascii", "--record",
                                         tmp_path / "g.json"], "\n1\n\n1\n1\nquit\n")
    out = run.stdout
    assert "seats 0, 2 play at this screen (hot-seat)" in out
    first, second = out.index("pass the screen to seat 0"), out.index("pass the screen to seat 2")
    assert first < out.index("seat 0, your action") < second < out.index("seat 2, your action")
    assert "is dealt" not in out                   # the table sees only what is public
    hands = re.findall(r"your hand: (.*)", out)
    assert hands[0] != hands[1]                    # each person their own hand
    rec = json.loads((tmp_path / "g.json").read_text())
    assert rec["seats"] == ["human", "random", "human", "random"]
    run = typing(monkeypatch, tmp_path, ["play", "--resume", tmp_path / "g.json"], "quit\n")
    assert "play at this screen (hot-seat)" in run.stdout     # the same people again


def test_a_seat_given_twice_to_human_is_refused(monkeypatch, tmp_path):
    run = typing(monkeypatch, tmp_path, ["play", "mattis", "--human", "1", "--human", "1"], "")
    assert run.returncode == 2 and "--human: seat 1 is given twice" in run.stderr
    run = typing(monkeypatch, tmp_path, ["play", "mattis", "--human", "1", "--agent",
                                         "1=greedy"], "")
    assert run.returncode == 2 and "seat 1 is the --human seat" in run.stderr


def test_a_spectator_sees_no_hand():
    import rulekit
    game = rulekit.load("mattis").new_game(players=4, seed=2)
    view = game.spectator_view()
    assert all(c is None for hand in view["zones"]["hand"] for c in hand)
    assert view["legal"] == [] and len(view["zones"]["hand"][0]) == 3


def test_quit_at_the_hot_seat_pause_leaves_without_showing_a_hand(monkeypatch, tmp_path):
    run = typing(monkeypatch, tmp_path, ["play", "mattis", "--agent", "all=random",
                                         "--human", "0", "--human", "1",
                                         "--seed", "4"], "quit\n")
    assert run.returncode == 0 and "your hand" not in run.stdout
    assert "you quit" in run.stderr


def test_a_card_typed_alone_is_explained_as_the_action_that_takes_it(monkeypatch, tmp_path):
    run = typing(monkeypatch, tmp_path, ["play", "mattis", "--agent", "all=random",
                                         "--human", "1", "--seed", "4",
                                         "--ascii"], "QH\nquit\n")
    assert "'QH' is not legal now: you do not hold QH" in run.stdout


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_end_of_input_says_how_many_actions_the_kept_record_holds(monkeypatch, tmp_path, seat):
    """At a simultaneous step the record keeps the person's choices, not the bots'
    hidden ones: the count said is the count in the file, whichever seat the person has
    (seats before it have chosen already)."""
    import json
    import re
    from pathlib import Path
    toy = Path(__file__).resolve().parent / "toys" / "simultaneous.yaml"
    kept = tmp_path / "k.json"
    run = typing(monkeypatch, tmp_path, ["play", toy, "--human", seat, "--agent", "all=random",
                                         "--seed", "3", "--ascii", "--record", kept], "1\n")
    assert run.returncode == 1
    said = re.search(r"abandoned after (\d+) actions?; (\d+) actions? so far (?:is|are) in",
                     run.stderr)
    assert said, run.stderr
    actions = json.loads(kept.read_text())["actions"]
    assert int(said.group(2)) == len(actions)
    hidden = int(said.group(1)) - len(actions)
    assert hidden == seat                       # the bots before the person chose
    assert ("still hidden at a simultaneous step" in run.stderr) == (hidden > 0)
