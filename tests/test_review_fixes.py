"""What a new user's review of the records issue found, each checked: a record never
overwrites an existing file without --force, nor a ruleset it reads even with --force
(rulekit.outputs), rulekit never writes a record it cannot read back,
costly rulesets are refused or stopped, a person's game is saved at every move."""
import io
import json

import pytest

import rulekit
from rulekit import limits
from rulekit.cli import main


def test_record_never_overwrites_a_ruleset_of_the_extends_chain_or_a_text(tmp_path, capsys):
    base = tmp_path / "base.yaml"
    base.write_text("rulekit: 1\nextends: mattis\nname: base\n")
    child = tmp_path / "child.yaml"
    child.write_text("rulekit: 1\nextends: base.yaml\nname: child\n")
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    for target, force, why in ((base, [], "is a file child.yaml extends"),
                               (base, ["--force"], "is a file child.yaml extends"),
                               (child, ["--force"], "is the ruleset being played"),
                               (notes, [], "already exists; give --force to replace it")):
        before = target.read_text()
        assert main(["play", str(child), "--seed", "1", "--quiet", "--record", str(target),
                     *force]) == 1
        assert why in capsys.readouterr().err
        assert target.read_text() == before


def test_a_record_can_always_be_read_back(tmp_path, capsys):
    """max_actions is at most what a record may hold, and a record file of that many
    actions is under the record size limit."""
    assert main(["play", "mattis", "--max-actions", str(limits.MAX_RECORD_ACTIONS + 1)]) == 1
    assert "--max-actions: must be from 1 to 1000000" in capsys.readouterr().err
    with pytest.raises(ValueError, match="from 0 to 999999999999, not a number of 31 digits"):
        rulekit.load("mattis").new_game(seed=10 ** 30)
    biggest = len(json.dumps(["play 10H 10S 10D"] * limits.MAX_RECORD_ACTIONS))
    assert biggest < limits.MAX_RECORD_BYTES


def test_definitions_that_multiply_are_refused(tmp_path):
    lines = ["rulekit: 1", "extends: mattis", "name: chain", "definitions:", "  d0: 1"]
    lines += [f"  d{i}: d{i - 1} + d{i - 1} - d{i - 1}" for i in range(1, 21)]
    lines += ["  hand_size: 3 + d20 - d20"]
    path = tmp_path / "chain.yaml"
    path.write_text("\n".join(lines) + "\n")
    _, diags = rulekit.check(str(path))
    errors = [d for d in diags if d.severity == "error"]
    assert len(errors) == 1 and errors[0].line == 16       # d11: the first over the limit
    assert "more than 100000 evaluations" in errors[0].message and "'d10' 3 times" in \
        errors[0].message


def test_a_number_that_grows_without_bound_ends_the_game(tmp_path):
    path = tmp_path / "bomb.yaml"
    path.write_text("rulekit: 1\nextends: mattis\nname: bomb\nvars:\n  x: {type: int, init: 3}\n"
                    "setup:\n  - repeat: 40\n    do:\n      - set: x = x * x\n")
    game = rulekit.load(str(path)).new_game(seed=1)
    assert game.result.status == "aborted" and "more than 90 digits" in game.result.message


def test_a_list_option_of_ranks_takes_its_values_from_the_command_line(tmp_path, capsys):
    path = tmp_path / "ranks.yaml"
    path.write_text("rulekit: 1\nextends: mattis\nname: ranks\noptions:\n"
                    "  low: {type: list, of: rank, values: [2, 3, T], default: [2]}\n")
    assert main(["explain", str(path), "--option", "low=2,T"]) == 0
    assert "  low: [2, T] (default [2]; a list of 2, 3, T)" in capsys.readouterr().out
    assert main(["explain", str(path), "--option", "low=2,T", "--formal"]) == 0
    assert "low = [2, T]" in capsys.readouterr().out


def test_resume_keeps_the_seats_it_was_played_with(tmp_path, capsys, monkeypatch):
    path = tmp_path / "g.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main(["play", "mattis", "--agent", "all=random",
                 "--seed", "4", "--human", "0", "--record", str(path)]) == 1
    for flags in (["--human", "1"], ["--agent", "1=greedy"], ["--max-actions", "50"]):
        assert main(["play", "--resume", str(path), *flags]) == 2
        assert "comes from the record" in capsys.readouterr().err


def test_a_persons_game_is_saved_after_every_move(tmp_path, monkeypatch, capsys):
    path = tmp_path / "g.json"
    seen = []
    from rulekit.cli import games
    real = games._save_record

    def spy(target, game, *rest):
        seen.append(len(game.history))
        return real(target, game, *rest)
    monkeypatch.setattr(games, "_save_record", spy)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n1\n"))
    main(["play", "mattis", "--agent", "all=random",
          "--seed", "2", "--human", "0", "--record", str(path)])
    assert len(seen) >= 4 and seen == sorted(seen) and seen[0] >= 1   # one per move, then the end


def test_help_at_the_table_explains_how_to_answer(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("help\n"))
    main(["play", "mattis", "--agent", "all=random", "--seed", "2", "--human", "0", "--ascii"])
    out = capsys.readouterr().out
    assert "type the number of an action from the list" in out and "not legal" not in out


def test_the_variants_own_error_comes_first(tmp_path):
    path = tmp_path / "loop.yaml"
    path.write_text("rulekit: 1\nextends: mattis\nname: loop\nphases:\n  collect:\n    steps:\n"
                    "      trick_start:\n        next: trick_start\n")
    _, diags = rulekit.check(str(path))
    assert diags[0].file == str(path)
