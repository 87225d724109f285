"""Errors a user can cause at the command line give one clear line and a non-zero exit,
never a traceback (DESIGN.md "Errors and bad input", INTERFACES.md section 1).

Most cases run ``rulekit.cli.main`` in-process (fast); a few run ``python -m rulekit``
in a subprocess to prove that nothing reaches stderr as a traceback.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import rulekit
from rulekit.cli import main
from rulekit.source.files import bundled_rulesets

ROOT = Path(__file__).resolve().parents[1]
BROKEN = Path(__file__).resolve().parent / "broken"
BASE = BROKEN / "base.yaml"          # tiny valid ruleset: 2-4 players, 3 cards each
FULL_DECK = [r + s for s in "CDHS" for r in "23456789TJQKA"]


def run(capsys, *argv):
    """Run the CLI in-process; return (exit code, stdout, stderr)."""
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:      # argparse usage errors and --help
        code = exc.code
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


# ---- ruleset names and files ----------------------------------------------------------

def test_unknown_ruleset_name_lists_the_bundled_ones(capsys):
    code, out, err = run(capsys, "play", "matis", "--seed", "1")
    assert code == 1
    line = one_line(err)
    assert line.startswith("rulekit: error: unknown ruleset 'matis'")
    assert "did you mean 'mattis'" in line
    for name in bundled_rulesets():
        assert name in line


def test_play_missing_file(capsys, tmp_path):
    code, out, err = run(capsys, "play", tmp_path / "nope.yaml")
    assert code == 1
    assert one_line(err) == f"rulekit: error: {tmp_path / 'nope.yaml'}: no such file"


def test_validate_missing_file(capsys, tmp_path):
    code, out, err = run(capsys, "validate", tmp_path / "nope.yaml")
    assert code == 1
    assert "nope.yaml: no such file" in one_line(out)


def test_validate_prints_every_error_with_its_position(capsys):
    path = BROKEN / "two_errors.yaml"
    code, out, err = run(capsys, "validate", path)
    assert code == 1
    lines = out.strip().splitlines()
    assert lines == [
        f"{path}:4:20: error: unknown name 'hnad' (did you mean 'hand'?)",
        f"{path}:5:40: error: unknown function 'cout' (did you mean 'count'?)",
    ]


def test_validate_several_files(capsys):
    code, out, err = run(capsys, "validate", BASE, BROKEN / "tab.yaml")
    assert code == 1
    assert f"{BASE}: ok" in out
    assert f"{BROKEN / 'tab.yaml'}:4:1: error: YAML syntax error: a tab character" in out


def test_validate_a_valid_file_exits_0(capsys):
    code, out, err = run(capsys, "validate", BASE)
    assert code == 0
    assert out.strip() == f"{BASE}: ok"


def test_validate_multi_line_expression_error_keeps_its_caret(capsys):
    path = BROKEN / "block_scalar.yaml"
    code, out, err = run(capsys, "validate", path)
    assert code == 1
    first, *rest = out.strip().splitlines()
    assert first.startswith(f"{path}:7:21: error: syntax error: unexpected '*'")
    assert rest and rest[-1].strip() == "^"


def test_validate_json_shape(capsys):
    path = BROKEN / "two_errors.yaml"
    code, out, err = run(capsys, "validate", "--json", path)
    assert code == 1
    data = json.loads(out)
    assert isinstance(data, list) and len(data) == 2
    for item in data:
        assert set(item) == {"file", "line", "column", "severity", "message", "code"}
        assert item["file"] == str(path) and item["severity"] == "error"
    assert [(d["line"], d["column"], d["code"]) for d in data] == \
        [(4, 20, "unknown-name"), (5, 40, "unknown-name")]
    assert "'hnad'" in data[0]["message"]


def test_validate_json_missing_file(capsys, tmp_path):
    code, out, err = run(capsys, "validate", "--json", tmp_path / "nope.yaml")
    assert code == 1
    [item] = json.loads(out)
    assert item["line"] is None and item["code"] == "missing-file"


# ---- play options ---------------------------------------------------------------------

def test_option_unknown_name(capsys):
    code, out, err = run(capsys, "play", BASE, "--option", "hand_card=2")
    assert code == 1
    line = one_line(err)
    assert "unknown option 'hand_card'" in line and "did you mean 'hand_cards'" in line


@pytest.mark.parametrize("pair, fragment, exit_code", [
    ("hand_cards=9", "option hand_cards=9: must be between 1 and 5", 1),       # out of range
    ("hand_cards=lots", "option hand_cards=lots: must be a whole number", 2),  # malformed
    ("pass_left=maybe", "option pass_left=maybe: must be true or false", 2),
])
def test_option_bad_value(capsys, pair, fragment, exit_code):
    """A value not of the option's form is a malformed command line (exit 2, like
    --seed abc); a well-formed value out of range exits 1."""
    code, out, err = run(capsys, "play", BASE, "--option", pair)
    assert code == exit_code
    assert fragment in one_line(err)


def test_option_without_equals_is_a_usage_error(capsys):
    code, out, err = run(capsys, "play", BASE, "--option", "hand_cards")
    assert code == 2
    assert one_line(err) == "rulekit: --option takes NAME=VALUE, not 'hand_cards'"


def test_validate_with_a_bad_option(capsys):
    code, out, err = run(capsys, "validate", BASE, "--option", "hand_cards=0")
    assert code == 1
    assert "option hand_cards=0: must be between 1 and 5" in one_line(out)


def test_players_out_of_range(capsys):
    code, out, err = run(capsys, "play", BASE, "--players", "5", "--seed", "1")
    assert code == 1
    assert one_line(err) == "rulekit: tiny is for 2 to 4 players, not 5"


def test_players_zero_is_out_of_range(capsys):
    code, out, err = run(capsys, "play", BASE, "--players", "0")
    assert code == 1
    assert one_line(err) == "rulekit: --players: must be at least 1, not 0"


def test_bad_card_in_deck(capsys):
    deck = " ".join(FULL_DECK[:-1] + ["1X"])
    code, out, err = run(capsys, "play", BASE, "--deck", deck, "--seed", "1")
    assert code == 1
    line = one_line(err)
    assert line.startswith("rulekit: bad card '1X'") and "followed by a suit" in line


def test_deck_with_a_card_twice(capsys):
    deck = ",".join(FULL_DECK[:-1] + ["2C"])
    code, out, err = run(capsys, "play", BASE, "--deck", deck)
    assert code == 1
    assert one_line(err) == "rulekit: bad deck: 2C appears twice"


def test_deck_with_missing_cards(capsys):
    code, out, err = run(capsys, "play", BASE, "--deck", " ".join(FULL_DECK[:50]))
    assert code == 1
    assert one_line(err) == ("rulekit: bad deck: 50 cards given, the pack has 52; "
                             "missing KS AS")


def test_deck_accepts_10_and_lower_case(capsys):
    deck = " ".join(c.lower().replace("t", "10") for c in FULL_DECK)
    code, out, err = run(capsys, "play", BASE, "--deck", deck, "--dealer", "0", "--quiet")
    assert code == 0 and err == ""


def test_dealer_out_of_range(capsys):
    code, out, err = run(capsys, "play", BASE, "--dealer", "2", "--seed", "1")
    assert code == 1
    assert one_line(err) == "rulekit: dealer must be a seat from 0 to 1, not 2"


def test_negative_dealer_is_out_of_range(capsys):
    code, out, err = run(capsys, "play", BASE, "--dealer", "-1")
    assert code == 1
    assert one_line(err) == "rulekit: --dealer: must be at least 0, not -1"


def test_unwritable_record_path(capsys, tmp_path):
    target = tmp_path / "no" / "such" / "folder" / "game.json"
    code, out, err = run(capsys, "play", BASE, "--seed", "1", "--record", target)
    assert code == 1
    assert one_line(err) == (f"rulekit: cannot write the record to {target}: "
                             "No such file or directory")
    assert out == ""        # stopped before the game started


def test_bad_agent(capsys):
    code, out, err = run(capsys, "play", BASE, "--seed", "1", "--agent", "0=genius")
    assert code == 2
    assert "unknown agent kind 'genius'" in one_line(err)


@pytest.mark.parametrize("command", [["simulate", str(BASE)],
                                     ["compare", str(BASE), str(BASE)]])
@pytest.mark.parametrize("spec,code,said", [
    ("all=ismcts:abc", 2, "agent kind 'ismcts:abc': the number of simulations"),
    ("0=genius", 2, "unknown agent kind 'genius'"),
    ("x=random", 2, "'x' is not a seat number or 'all'"),
    ("9=random", 1, "seat 9 does not exist")])
def test_a_bad_agent_exits_as_play_says_it(capsys, command, spec, code, said):
    """simulate and compare refuse an --agent text not of its form with exit 2, before
    any game, as play does; a seat beyond the table is a value out of range: exit 1."""
    got, out, err = run(capsys, *command, "--games", "1", "--agent", spec)
    assert got == code and said in one_line(err)


# ---- replay ---------------------------------------------------------------------------

@pytest.fixture
def record(tmp_path, capsys):
    """A finished game record of the tiny ruleset, written by ``play --record``; the
    ruleset lies beside it (a record's ruleset must be under the record's folder)."""
    (tmp_path / "base.yaml").write_text(BASE.read_text())
    path = tmp_path / "game.json"
    code, out, err = run(capsys, "play", tmp_path / "base.yaml", "--seed", "1", "--quiet",
                         "--record", path)
    assert code == 0, err
    data = json.loads(path.read_text())
    assert data["result"]["status"] == "finished" and len(data["actions"]) >= 4
    assert data["ruleset"] == "base.yaml"              # stored relative to the record
    return data


def save(tmp_path, data, name="bad.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_replay_of_a_good_record(capsys, tmp_path, record):
    code, out, err = run(capsys, "replay", save(tmp_path, record))
    assert code == 0 and err == ""
    assert "status: finished" in out


def test_replay_missing_file(capsys, tmp_path):
    code, out, err = run(capsys, "replay", tmp_path / "nope.json")
    assert code == 1
    assert one_line(err) == f"rulekit: {tmp_path / 'nope.json'}: no such file"


def test_replay_invalid_json(capsys, tmp_path):
    path = save(tmp_path, '{"format": "rulekit-record/1",\n "actions": ["play 2C",]}')
    code, out, err = run(capsys, "replay", path)
    assert code == 1
    line = one_line(err)
    assert line.startswith(f"rulekit: {path}:2:") and "not valid JSON" in line


def test_replay_not_an_object(capsys, tmp_path):
    code, out, err = run(capsys, "replay", save(tmp_path, "[1, 2]"))
    assert code == 1
    assert "a record is a JSON object {...}, not a list" in one_line(err)


def test_replay_wrong_format(capsys, tmp_path, record):
    path = save(tmp_path, {**record, "format": "rulekit-record/9"})
    code, out, err = run(capsys, "replay", path)
    assert code == 1
    assert one_line(err) == (f"rulekit: {path}: 'format' must be \"rulekit-record/2\" (or "
                             "\"rulekit-record/1\"), not \"rulekit-record/9\"")


def test_replay_missing_actions(capsys, tmp_path, record):
    del record["actions"]
    path = save(tmp_path, record)
    code, out, err = run(capsys, "replay", path)
    assert code == 1
    assert one_line(err) == f"rulekit: {path}: 'actions' must be a list of action strings"


def _legal_after(record, n):
    """The seat to act and the legal action strings after the record's first n actions."""
    game = rulekit.load(BASE).new_game(
        players=record["players"], seed=record["seed"], dealer=record["dealer"])
    for action in record["actions"][:n]:
        game.apply(action)
    return game.to_act, [str(a) for a in game.legal_actions()]


def test_replay_illegal_action(capsys, tmp_path, record):
    seat, legal = _legal_after(record, 2)
    held = {a.split()[1] for a in legal}
    wrong = next(c for c in FULL_DECK if c not in held)
    record["actions"][2] = f"play {wrong}"
    code, out, err = run(capsys, "replay", save(tmp_path, record))
    assert code == 1
    assert one_line(err) == (f"rulekit: action 2 by seat {seat}: 'play {wrong}' is not legal; "
                             "legal: " + ", ".join(legal))


def test_replay_unknown_action_name(capsys, tmp_path, record):
    seat, legal = _legal_after(record, 1)
    record["actions"][1] = "dance"
    code, out, err = run(capsys, "replay", save(tmp_path, record))
    assert code == 1
    line = one_line(err)
    assert line.startswith(f"rulekit: action 1 by seat {seat}: 'dance' is not legal")
    assert line.endswith("legal: " + ", ".join(legal))


def test_replay_bad_card_text(capsys, tmp_path, record):
    record["actions"][0] = "play 1Z"
    code, out, err = run(capsys, "replay", save(tmp_path, record))
    assert code == 1
    line = one_line(err)
    assert line.startswith("rulekit: action 0 by seat ")
    assert "'play 1Z' is not legal (bad card '1Z'" in line and "legal: play " in line


def test_replay_action_after_the_end(capsys, tmp_path, record):
    n = len(record["actions"])
    record["actions"].append(record["actions"][-1])
    code, out, err = run(capsys, "replay", save(tmp_path, record))
    assert code == 1
    line = one_line(err)
    assert line.startswith(f"rulekit: action {n}: ") and "after the end of the game" in line


def test_replay_result_differs(capsys, tmp_path, record):
    loser = record["result"]["loser"]
    record["result"]["loser"] = 1 - loser
    code, out, err = run(capsys, "replay", save(tmp_path, record))
    assert code == 1
    assert one_line(err) == ("rulekit: the replayed result differs from the record's: "
                             f"loser: record says {1 - loser}, replay gives {loser}")


def test_replay_with_actions_missing_is_unfinished(capsys, tmp_path, record):
    record["actions"] = record["actions"][:-1]
    code, out, err = run(capsys, "replay", save(tmp_path, record))
    assert code == 1
    line = one_line(err)
    assert "status: record says \"finished\", replay gives \"in_progress\"" in line


@pytest.mark.parametrize("change, fragment", [
    ({"players": 7}, "record: tiny is for 2 to 4 players, not 7"),
    ({"dealer": 5}, "record: dealer must be a seat from 0 to 1, not 5"),
    ({"deck": ["2C", "2C"]}, "record deck: bad deck: 2C appears twice"),
    ({"deck": ["ZZ"]}, "record deck: bad card 'ZZ'"),
    ({"players": "two"}, "'players' must be a whole number, not \"two\""),
])
def test_replay_record_with_bad_setup(capsys, tmp_path, record, change, fragment):
    code, out, err = run(capsys, "replay", save(tmp_path, {**record, **change}))
    assert code == 1
    assert fragment in one_line(err)


@pytest.mark.parametrize("change, fragment", [
    ({"ruleset": "matis"}, "unknown ruleset 'matis'"),
    ({"options": {"hand_cards": 9}}, "option hand_cards=9: must be between 1 and 5"),
])
def test_replay_record_whose_ruleset_does_not_load(capsys, tmp_path, record, change, fragment):
    path = save(tmp_path, {**record, **change})
    code, out, err = run(capsys, "replay", path)
    assert code == 1
    line = one_line(err)
    assert line.startswith(f"rulekit: {path}: the record's ruleset: error: ")
    assert fragment in line


# ---- usage errors ---------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    [],
    ["frobnicate"],
    ["play"],
    ["validate"],
    ["replay"],
    ["play", "mattis", "--seed", "x"],
    ["play", "mattis", "--players", "many"],
    ["replay", "game.json", "--upto", "x"],
    ["play", "mattis", "--no-such-flag"],
])
def test_usage_errors_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert "usage: rulekit" in out + err


# ---- as a separate process: nothing reaches stderr as a traceback ----------------------

def _cli(*argv, cwd=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "rulekit", *map(str, argv)],
                          capture_output=True, text=True, env=env, cwd=cwd, timeout=60)


def test_process_validate_broken_file():
    proc = _cli("validate", "two_errors.yaml", cwd=BROKEN)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr and proc.stderr == ""
    assert proc.stdout.splitlines() == [
        "two_errors.yaml:4:20: error: unknown name 'hnad' (did you mean 'hand'?)",
        "two_errors.yaml:5:40: error: unknown function 'cout' (did you mean 'count'?)",
    ]


def test_process_play_unknown_ruleset_and_bad_deck():
    proc = _cli("play", "nosuch")
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert one_line(proc.stderr).startswith("rulekit: error: unknown ruleset 'nosuch'")
    proc = _cli("play", BASE, "--deck", "AS KS XX")
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert one_line(proc.stderr).startswith("rulekit: bad card 'XX'")


def test_process_replay_illegal_action(tmp_path):
    game = rulekit.load(str(BASE)).new_game(seed=2, dealer=0, random_version=1)
    (tmp_path / "base.yaml").write_text(BASE.read_text())
    record = {"format": "rulekit-record/1", "ruleset": "base.yaml", "players": 2,
              "dealer": 0, "seed": 2, "actions": ["stock"]}
    path = save(tmp_path, record)
    proc = _cli("replay", path)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    legal = ", ".join(str(a) for a in game.legal_actions())
    assert one_line(proc.stderr) == (f"rulekit: action 0 by seat {game.to_act}: 'stock' is not "
                                     f"legal; legal: {legal}")
