"""Nothing is lost and nothing crashes: records survive cut output, odd terminals and
interrupted games; rulesets that would fail at play time are caught or end cleanly."""
import io
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import rulekit
from rulekit.cli import main

ROOT = Path(__file__).resolve().parents[1]


def cli(args, stdin="", env=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "rulekit", *map(str, args)], input=stdin,
                          capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})


ACTION_LINE = re.compile(r"  seat \d+: ")


def play_into_a_closed_pipe(record, lines_read):
    """``play`` with its output read by a reader that reads ``lines_read(stdout)`` and
    goes away (like `| head`); unbuffered, so each line reaches the pipe when printed."""
    proc = subprocess.Popen([sys.executable, "-m", "rulekit", "play", "mattis", "--seed", "1",
                             "--record", str(record)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"})
    lines_read(proc.stdout)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    return proc.wait(), err


def test_record_is_whole_when_the_output_pipe_closes(tmp_path):
    """The reader goes away during the play (after the first move's line)."""
    def until_the_first_move(out):
        while (line := out.readline()) and not ACTION_LINE.match(line.decode()):
            pass
    record = tmp_path / "g.json"
    code, err = play_into_a_closed_pipe(record, until_the_first_move)
    assert code == 0 and "Traceback" not in err
    saved = json.loads(record.read_text())
    assert saved["result"]["status"] == "finished"
    assert cli(["replay", record]).returncode == 0


def test_record_is_whole_when_the_output_pipe_closes_before_the_play(tmp_path):
    """The title and the deal are printed inside the broken-pipe guard too."""
    record = tmp_path / "g.json"
    code, err = play_into_a_closed_pipe(record, lambda out: None)
    assert code == 0 and "Traceback" not in err
    saved = json.loads(record.read_text())
    assert saved["result"]["status"] == "finished"


def test_interrupt_during_a_bot_game_keeps_the_record(tmp_path):
    slow = tmp_path / "slow.yaml"     # a game that never ends: takes pick up nothing
    slow.write_text("rulekit: 1\nextends: mattis\nname: slow\ndefinitions:\n"
                    "  taken: at(trick, 99)\n")
    record = tmp_path / "r.json"
    proc = subprocess.Popen([sys.executable, "-m", "rulekit", "play", str(slow),
                             "--max-actions", "1000000", "--record", str(record)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"})
    # interrupt once the bots are playing: after the first move's line, not a fixed sleep
    while (line := proc.stdout.readline()) and not ACTION_LINE.match(line.decode()):
        pass
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert b"interrupted: the game was abandoned after" in err and b"Traceback" not in err
    saved = json.loads(record.read_text())
    assert len(saved["actions"]) > 0 and "result" not in saved


def test_full_output_device_gives_a_message():
    with open("/dev/full", "w") as full:
        run = subprocess.run([sys.executable, "-m", "rulekit", "play", "mattis", "--seed", "1"],
                             stdout=full, stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 1
    assert "cannot write the output" in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("extra", [[], ["--ascii"]])
def test_ascii_only_terminal_does_not_crash(extra):
    run = cli(["play", "mattis", "--agent", "all=random",
               "--seed", "3", "--human", "0", *extra], stdin="1\n" * 3000,
              env={"PYTHONIOENCODING": "ascii"})
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr and "Result: seat" in run.stdout


def test_record_names_its_ruleset_relative_to_itself(tmp_path, monkeypatch, capsys):
    work = tmp_path / "work"
    (work / "recs").mkdir(parents=True)
    (work / "mine.yaml").write_text("rulekit: 1\nextends: mattis\nname: mine\n")
    monkeypatch.chdir(work)
    assert main(["play", "mine.yaml", "--seed", "2", "--quiet", "--record", "recs/q.json"]) == 0
    saved = json.loads((work / "recs" / "q.json").read_text())
    assert saved["ruleset"] == "../mine.yaml"
    monkeypatch.chdir(work / "recs")
    assert main(["replay", "q.json", "--rulesets", ".."]) == 0
    assert main(["replay", "q.json"]) == 1      # ../ leaves the record's folder: refused
    assert "is refused or not found" in capsys.readouterr().err


def test_max_actions_and_option_values_are_recorded(tmp_path):
    record = tmp_path / "m.json"
    assert main(["play", "mattis", "--max-actions", "5", "--seed", "1", "--quiet",
                 "--option", "sequences=TRUE", "--record", str(record)]) == 1   # aborted
    saved = json.loads(record.read_text())
    assert saved["max_actions"] == 5 and saved["options"]["sequences"] is True
    assert saved["options"] == rulekit.load("mattis", {"sequences": True}).options
    assert saved["result"]["status"] == "aborted"
    assert main(["replay", str(record)]) == 0


@pytest.mark.parametrize("value", ["yes", "1", "on"])
def test_bool_option_values_are_true_or_false(value, capsys):
    """Not of the option's form: a malformed command line (exit 2)."""
    assert main(["play", "mattis", "--option", f"sequences={value}"]) == 2
    assert "must be true or false" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["٣", "two", "2.0"])
def test_int_option_values_are_ascii_digits(value, capsys):
    assert main(["play", "mattis", "--option", f"min_run={value}"]) == 2
    assert "must be a whole number" in capsys.readouterr().err


def test_empty_record_name_and_folder_outputs(tmp_path, capsys):
    assert main(["play", "mattis", "--record", ""]) == 2
    assert "--record needs a file name" in capsys.readouterr().err
    assert main(["new", "x", "--from", "mattis", "-o", str(tmp_path)]) == 1
    assert "is a folder; give a file name" in capsys.readouterr().err
    assert main(["validate", ""]) == 2
    assert "an empty name is not a ruleset" in capsys.readouterr().err


def test_validate_a_folder(tmp_path, capsys):
    (tmp_path / "a.yaml").write_text("rulekit: 1\nextends: mattis\nname: a\n")
    (tmp_path / "b.yaml").write_text("rulekit: 1\nextends: mattis\nname: b\nplayers: 3\n")
    assert main(["validate", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{tmp_path / 'a.yaml'}: ok" in out and f"{tmp_path / 'b.yaml'}:4:10: error:" in out


def test_variable_init_must_fit_its_type(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text("rulekit: 1\nextends: mattis\nname: v\nvars:\n"
                    "  bonus: {type: int, init: 'x'}\n  flag: {type: bool, per: seat, init: 2}\n")
    _, diags = rulekit.check(str(path))
    msgs = [(d.line, d.column, d.message) for d in diags if d.severity == "error"]
    assert (5, 28, "variable 'bonus' is int: its init 'x' is not a whole number") in msgs
    assert (6, 39, "variable 'flag' is bool: its init 2 is not true or false") in msgs


def test_runtime_failures_end_the_game_in_words(tmp_path):
    path = tmp_path / "z.yaml"
    path.write_text("rulekit: 1\nextends: mattis\nname: z\ndefinitions:\n"
                    "  hand_size: 10 / (count(stock) - count(stock))\n")
    game = rulekit.load(str(path)).new_game(seed=1)
    assert game.result.status == "aborted"
    assert game.result.message == "the ruleset failed at step setup: division by zero"


def test_a_huge_repeat_aborts_instead_of_hanging(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text("rulekit: 1\nextends: mattis\nname: r\nprocedures:\n  refill(first):\n"
                    "    - repeat: 1000000000\n      do:\n        - set: plays = plays + 1\n")
    game = rulekit.load(str(path)).new_game(seed=1)
    while not game.finished:
        game.apply(game.legal_actions()[0])
    assert game.result.status == "aborted"
    assert "repeat: 1000000000 times is more than the limit of 10000" in game.result.message


def test_deleting_an_option_or_procedure_points_into_the_variant(tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text("rulekit: 1\nextends: mattis\nname: d\noptions:\n  sequences: null\n"
                    "procedures:\n  draw: null\n")
    _, diags = rulekit.check(str(path))
    errs = [d for d in diags if d.severity == "error"]
    assert errs and all(Path(d.file).name == "d.yaml" for d in errs)
    assert any(d.line == 5 and "option 'sequences' is deleted here" in d.message for d in errs)
    assert any(d.line == 7 and "procedure 'draw' is deleted here" in d.message for d in errs)


def test_bad_indentation_in_words(tmp_path):
    path = tmp_path / "i.yaml"
    path.write_text("rulekit: 1\nname: i\nplayers:\n    min: 3\n  max: 4\n")
    _, diags = rulekit.check(str(path))
    assert "the indentation does not line up here" in diags[0].message


def test_bad_card_text_in_apply_is_an_illegal_action():
    game = rulekit.load("mattis").new_game(seed=1)
    with pytest.raises(rulekit.IllegalAction, match="bad card 'ZZ'"):
        game.apply("play ZZ")


def test_very_long_or_deep_expressions_are_reported_not_raised(tmp_path):
    for body in ["1" + " + 1" * 400, "-" * 600 + "1", "not " * 600 + "true"]:
        path = tmp_path / "deep.yaml"
        path.write_text(f"rulekit: 1\nextends: mattis\nname: deep\ndefinitions:\n  x: {body}\n"
                        "  hand_size: 3 if x else 3\n")
        _, diags = rulekit.check(str(path))
        assert diags and diags[0].code in ("too-deep", "expr-syntax", "limit"), diags
        assert diags[0].line == 5                       # at the expression, not 1:1
        assert "too long or too deeply nested" in diags[0].message or diags[0].code != "too-deep"


def test_deeply_nested_record_is_a_record_error(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100000 + "]" * 100000)
    assert main(["replay", str(path)]) == 1
    assert "nested too deeply" in capsys.readouterr().err


def test_deleted_variable_action_and_start_step_are_blamed_in_the_variant(tmp_path):
    path = tmp_path / "dd.yaml"
    path.write_text("rulekit: 1\nextends: mattis\nname: d\nvars:\n  trump: null\nphases:\n"
                    "  shed:\n    actions:\n      take: null\n  collect:\n    steps:\n"
                    "      trick_start: null\n")
    _, diags = rulekit.check(str(path))
    errs = [d for d in diags if d.severity == "error"]
    assert errs and all(Path(d.file).name == "dd.yaml" for d in errs), errs
    lines = {d.line for d in errs}
    assert lines == {5, 9, 12}


def test_replay_json_and_transcript_do_not_mix(tmp_path, capsys):
    record = tmp_path / "g.json"
    main(["play", "mattis", "--seed", "2", "--quiet", "--record", str(record)])
    capsys.readouterr()
    assert main(["replay", str(record), "--json", "--transcript"]) == 2
    assert "cannot be combined" in capsys.readouterr().err


def test_a_card_alone_answers_the_prompt_and_quiet_still_shows_moves(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("4h\n" + "1\n" * 3000))
    code = main(["play", "mattis", "--agent", "all=random",
                 "--seed", "3", "--human", "0", "--quiet", "--ascii"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "seat 0: play 4H" in out                  # '4h' picked the one action with it
    assert "seat 1: play" in out                     # --quiet does not hide the moves


def test_no_color_means_no_styles_at_all():
    import io

    from rulekit.play.terminal import make_console

    class Tty(io.StringIO):
        def isatty(self):
            return True

    def render():
        buf = Tty()
        make_console(buf).print("[bold]seat 0[/bold] [red]7H[/red]")
        return buf.getvalue()

    os.environ.pop("NO_COLOR", None)
    assert "\x1b[1m" in render()                    # a terminal gets bold and colour
    os.environ["NO_COLOR"] = "1"
    try:
        assert render() == "seat 0 7H\n"
    finally:
        del os.environ["NO_COLOR"]


@pytest.mark.random_games
def test_validate_simulate_finds_rulesets_that_abort_at_play_time(tmp_path, capsys):
    path = tmp_path / "ns.yaml"
    path.write_text("rulekit: 1\nextends: mattis\nname: ns\nplayers: {min: 3, max: 4}\n"
                    "setup: null\n")
    assert main(["validate", str(path)]) == 0          # the shape and names are fine
    capsys.readouterr()
    assert main(["validate", str(path), "--simulate", "2"]) == 1
    out = capsys.readouterr().out
    assert f"{path}:1:1: error: 2 of 2 random games with 3 players aborted" in out
    assert "4 players aborted" in out and f"{path}: ok" not in out
    assert main(["validate", "mattis", "--simulate", "2"]) == 0


@pytest.mark.random_games
def test_validate_simulate_warns_of_games_that_only_run_out_of_actions(tmp_path, capsys):
    """A game random play does not end (here: not before 20,000 actions) is a warning, not an
    error: only the action limit stopped it, the ruleset did not fail."""
    path = tmp_path / "endless.yaml"
    path.write_text("rulekit: 1\nname: endless\nplayers: {min: 2, max: 2}\n"
                    "vars:\n  n: {type: int, init: 0}\n"
                    "phases:\n  main:\n    start: turn\n    actions:\n"
                    "      wait: {choose: nothing, do: [{set: n = n + 1}]}\n"
                    "    steps:\n      turn:\n        actor: 0\n        actions: [wait]\n"
                    "        next:\n          - if: n > 20000\n"
                    "            do: [{end_game: {winner: 0}}]\n            goto: turn\n          - goto: turn\n")
    assert main(["validate", str(path), "--simulate", "1"]) == 0
    out = capsys.readouterr().out
    assert f"{path}:1:1: warning: 1 of 1 random games with 2 players did not end" in out
    assert "max_actions" in out and "error" not in out
