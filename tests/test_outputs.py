"""Nothing gets in, nothing is lost: every file rulekit writes goes through one guard
(rulekit.outputs), and every number of every command follows one policy (not of its
form: exit 2; out of range: exit 1; rulekit/cli/arguments.py). The bad-input table
(tests/test_bad_inputs.py) holds the one-line cases; here: the guard and the writer
themselves, the parser walked flag by flag, the files rulekit names itself, `list`, and
a Ray address that does not answer."""
from __future__ import annotations

import json
import os
import socket
import stat
import threading
import time
from pathlib import Path

import pytest

from cli_run import cli
from rulekit import outputs
from rulekit.cli import build_parser, main
from rulekit.cli.arguments import Form, Number, Whole, WholeOr, check_ranges, flag_of
from rulekit.errors import OutputError
from rulekit.limits import MAX_INT_DIGITS

TOYS = Path(__file__).parent / "toys"
TINY = Path(__file__).parent / "bad_inputs" / "tiny.yaml"


# ---- the guard ----------------------------------------------------------------------------

def test_the_guard_refuses_what_may_not_be_written(tmp_path):
    ruleset, base, mine = tmp_path / "r.yaml", tmp_path / "base.yaml", tmp_path / "mine.csv"
    for p in (ruleset, base, mine):
        p.write_text("kept\n")
    reads = outputs.reads_of([str(base), str(ruleset)], "the ruleset being played")
    new = tmp_path / "new.csv"
    assert outputs.check_output(new, "--csv", reads=reads) == new
    cases = [(mine, {}, "--csv: " + str(mine) + " already exists; give --force"),
             (ruleset, {"force": True}, "is the ruleset being played"),
             (base, {"force": True}, "is a file r.yaml extends"),
             (ruleset, {"own": True}, "is the ruleset being played"),
             (tmp_path, {"force": True}, "is a folder"),
             ("/dev/null", {"force": True}, "is not a regular file"),
             (tmp_path / "no" / "x.csv", {}, "cannot write " + str(tmp_path / "no" / "x.csv"))]
    for path, kw, why in cases:
        with pytest.raises(OutputError, match=why.replace(".", r"\.")):
            outputs.check_output(path, "--csv", reads=reads, **kw)
    link = tmp_path / "link.csv"                 # a link to a ruleset is that ruleset
    link.symlink_to(ruleset)
    with pytest.raises(OutputError, match="is the ruleset being played"):
        outputs.check_output(link, "--csv", reads=reads, force=True)
    assert outputs.check_output(mine, "--csv", force=True) == mine
    assert outputs.check_output(mine, "--record", own=True) == mine
    for empty in ("", " ", None):
        with pytest.raises(OutputError) as exc:
            outputs.check_output(empty, "--csv")
        assert exc.value.code == 2 and "--csv needs a file name" in str(exc.value)
    with pytest.raises(OutputError, match="pass force=True"):   # the API's words
        outputs.check_output(mine, "csv")
    assert all(p.read_text() == "kept\n" for p in (ruleset, base, mine))


def test_the_writer_is_atomic_and_keeps_the_old_file_on_a_failure(tmp_path):
    target = tmp_path / "out.csv"
    target.write_text("old\n")
    os.chmod(target, 0o640)

    def half_then_fail(f):
        f.write(b"half")
        raise RuntimeError("the drawing failed")
    with pytest.raises(RuntimeError):
        outputs.write_atomic(target, half_then_fail)
    assert target.read_text() == "old\n" and os.listdir(tmp_path) == ["out.csv"]
    outputs.write_atomic(target, "new\n")
    assert target.read_text() == "new\n" and os.listdir(tmp_path) == ["out.csv"]
    assert stat.S_IMODE(target.stat().st_mode) == 0o640          # a replaced file's own
    fresh = tmp_path / "fresh.csv"
    outputs.write_atomic(fresh, b"\x00bytes")
    mask = os.umask(0o022)
    os.umask(mask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~mask   # as open() would
    gone = tmp_path / "gone"
    gone.mkdir()
    outputs.check_output(gone / "x.csv", "--csv")
    gone.rmdir()                       # the folder vanished between the check and the write
    with pytest.raises(OutputError, match=f"cannot write {gone / 'x.csv'}: No such file"):
        outputs.write_atomic(gone / "x.csv", "x")
    with pytest.raises(OutputError, match=f"cannot write the record to {gone / 'r.json'}"):
        outputs.write_atomic(gone / "r.json", "x", what="the record")


def test_a_folder_of_outputs_refuses_only_the_files_it_would_write(tmp_path):
    folder = tmp_path / "recs"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    (folder / "game-3p-000001.json").write_text("{}")
    planned = lambda name: name.startswith("game-2p-")           # noqa: E731
    assert outputs.check_folder(folder, "--records", planned) == folder
    (folder / "game-2p-000004.json").write_text("{}")
    (folder / "game-2p-000005.json").write_text("{}")
    with pytest.raises(OutputError, match="already holds game-2p-000004.json and 1 more"):
        outputs.check_folder(folder, "--records", planned)
    assert outputs.check_folder(folder, "--records", planned, force=True) == folder
    reads = [(str(folder / "game-2p-000005.json"), "the ruleset simulated")]
    with pytest.raises(OutputError, match="is the ruleset simulated"):
        outputs.check_folder(folder, "--records", planned, force=True, reads=reads)
    assert outputs.check_folder(tmp_path / "new" / "deeper", "--records", planned)
    with pytest.raises(OutputError, match="is a file"):
        outputs.check_folder(folder / "notes.txt" / "sub", "--records", planned)


def test_the_records_a_run_would_write_are_known_before_it_runs(tmp_path):
    from rulekit.simulation import planned_records, record_file
    planned = planned_records([2, 3], 10)
    assert planned(record_file(2, 0)) and planned(record_file(3, 9))
    assert not planned(record_file(4, 0)) and not planned(record_file(2, 10))
    assert not planned("game-2p-0000001.json") and not planned("notes.txt")
    import rulekit
    folder = tmp_path / "recs"
    rulekit.simulate(str(TOYS / "coin.yaml"), games=2, jobs=1, records=str(folder))
    before = {p.name: p.read_text() for p in folder.iterdir()}
    assert sorted(before) == [record_file(2, 0), record_file(2, 1)]
    with pytest.raises(OutputError, match="already holds game-2p-000000.json"):
        rulekit.simulate(str(TOYS / "coin.yaml"), games=2, jobs=1, records=str(folder))
    assert {p.name: p.read_text() for p in folder.iterdir()} == before
    rulekit.simulate(str(TOYS / "coin.yaml"), games=2, jobs=1, records=str(folder),
                     force=True)


def test_a_record_rulekit_names_itself_never_replaces_a_file(tmp_path):
    from rulekit.simulation.runner import game_seed
    mine = tmp_path / f"rulekit-abort-3p-{game_seed(0, 0)}.json"     # the name it would take
    mine.write_text("mine\n")
    assert outputs.fresh_path(tmp_path / "x.json") == tmp_path / "x.json"
    assert outputs.fresh_path(mine) == mine.with_name(mine.stem + "-2.json")
    argv = ["simulate", "mattis", "--players", "3", "--games", "1", "--jobs", "1",
            "--quiet", "--max-actions", "5"]
    first = cli(argv, tmp_path)
    second = cli(argv, tmp_path)
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    assert mine.read_text() == "mine\n"
    for run, n in ((first, 2), (second, 3)):
        kept = mine.with_name(f"{mine.stem}-{n}.json")
        assert f"is kept in {kept.name}" in run.stderr
        assert json.loads(kept.read_text())["max_actions"] == 5


def test_the_report_and_every_file_are_written_when_one_file_fails(tmp_path, monkeypatch):
    """A file that cannot be written after the run (the disk filled up) is one line
    naming it; the report is printed and the other files are written all the same."""
    real = outputs.write_atomic

    def full(path, data, **kw):
        if str(path).endswith(".png"):
            raise OutputError(f"cannot write {path}: No space left on device")
        return real(path, data, **kw)
    pytest.importorskip("matplotlib")
    import rulekit.simulation.plot as plot
    monkeypatch.setattr(plot, "write_atomic", full)
    run = cli(["simulate", str(TOYS / "coin.yaml"), "--games", "4", "--jobs", "1", "--quiet",
               "--plot", "p.png", "--csv", "c.csv"], tmp_path)
    assert run.returncode == 1
    assert run.stderr.strip() == "rulekit: cannot write p.png: No space left on device"
    assert "games per player count" in run.stdout
    assert (tmp_path / "c.csv").read_text().startswith("ruleset,")


def test_play_resume_writes_back_to_its_record_and_record_takes_force(tmp_path, capsys):
    rec = tmp_path / "g.json"
    ruleset = (tmp_path / "tiny.yaml")
    ruleset.write_text(TINY.read_text())
    assert main(["play", str(ruleset), "--seed", "1", "--quiet", "--max-actions", "2",
                 "--record", str(rec)]) == 1                      # stopped: aborted
    data = json.loads(rec.read_text())
    data["actions"] = data["actions"][:1]
    data.pop("result"), data.pop("max_actions", None)
    rec.write_text(json.dumps(data))
    assert main(["play", "--resume", str(rec), "--quiet"]) == 0    # its own record
    assert json.loads(rec.read_text())["result"]["status"] == "finished"
    assert main(["play", str(ruleset), "--seed", "2", "--quiet", "--record",
                 str(rec)]) == 1
    assert "g.json already exists; give --force" in capsys.readouterr().err
    assert main(["play", str(ruleset), "--seed", "2", "--quiet", "--record", str(rec),
                 "--force"]) == 0
    assert json.loads(rec.read_text())["seed"] == 2


# ---- one policy for every number of every command ----------------------------------------

# the least command line of each command (the range check comes before the command runs)
BASE = {"list": [], "validate": ["mattis"], "play": ["mattis"], "replay": ["x.json"],
        "new": ["x", "--from", "mattis", "-o", "-"], "rules": ["mattis"], "schema": [],
        "explain": ["mattis"], "diff": ["mattis", "mattis"], "graph": ["mattis"],
        "compile": ["mattis"], "simulate": ["mattis"], "compare": ["mattis", "mattis"],
        "analyze": ["mattis"],
        "serve": []}


def _typed_arguments():
    parser = build_parser()
    for command, sub in parser.commands.items():
        for action in sub._actions:
            if action.type is not None:
                yield command, action


def test_every_typed_argument_of_every_command_follows_the_policy():
    parser = build_parser()
    assert set(parser.commands) == set(BASE), "a new command: give it its least argv"
    loose = [(c, flag_of(a), a.type) for c, a in _typed_arguments()
             if not isinstance(a.type, Form)]
    assert loose == []                 # no bare int or float: each checks form only
    ranged = [(c, flag_of(a)) for c, a in _typed_arguments() if isinstance(a.type, Whole)]
    assert len(ranged) >= 20 and ("play", "--seed") in ranged and ("serve", "--port") in ranged


def _bad_values(kind):
    """(text, expected exit) for an argument type: not of its form, then out of range."""
    out = [(kind.example_bad, 2)]
    if not isinstance(kind, Whole):
        return out
    out.append(("9" * (MAX_INT_DIGITS + 1), 1))
    step = 1 if not isinstance(kind, Number) else 0.5
    if kind.lo is not None:
        out.append((str(kind.lo - step), 1))
    if kind.hi is not None:
        out.append((str(kind.hi + step), 1))
    if isinstance(kind, Number) and kind.above is not None:
        out.append((str(kind.above), 1))
    return out


def _good_value(kind) -> str:
    if isinstance(kind, Number) and kind.above is not None:
        return str(kind.above + 1)
    return str(kind.lo if kind.lo is not None else 1)


@pytest.mark.parametrize("command,flag", [(c, flag_of(a)) for c, a in _typed_arguments()],
                         ids=lambda x: str(x))
def test_each_flag_malformed_is_2_out_of_range_is_1(command, flag, capsys):
    parser = build_parser()
    action = next(a for a in parser.commands[command]._actions if flag_of(a) == flag)
    kind = action.type
    if isinstance(kind, Whole):         # the least value in range passes the range check
        args = parser.parse_args([command, *BASE[command], flag, _good_value(kind)])
        assert check_ranges(parser, args) is None
    for text, code in _bad_values(kind):
        try:
            got = main([command, *BASE[command], flag, text])
        except SystemExit as exc:
            got = exc.code
        out, err = capsys.readouterr()
        assert got == code, (flag, text, err)
        lines = [ln for ln in err.splitlines() if ln.startswith("rulekit:")]
        assert len(lines) == 1 and flag in lines[0], err
        assert "Traceback" not in err and out == ""


def test_whole_numbers_are_ascii_digits_and_long_ones_are_not_converted():
    kind = Whole(0)
    assert kind("  +7 ") == 7 and kind("007") == 7
    for text in ("٣", "1_000", "0x10", "1e3", "", "--1"):
        with pytest.raises(Exception, match="is not a whole number"):
            kind(text)
    huge = kind("9" * 100000)              # far past Python's own conversion limit
    assert "a number of 100000 digits: the limit is 12" == kind.problem(huge)
    assert WholeOr(("all",), 1)("all") == "all"
    assert Number(0, 60).problem(float("inf")).startswith("must be a number from 0 to 60")


# ---- list ---------------------------------------------------------------------------------

def test_list_names_the_files_that_do_not_load_and_still_lists_the_others(tmp_path):
    (tmp_path / "good.yaml").write_text(TINY.read_text())
    (tmp_path / "bad.yaml").write_text("a: [\n")
    run = cli(["list", str(tmp_path)], tmp_path)
    assert run.returncode == 1
    assert "good.yaml (tiny)" in run.stdout and "bad.yaml" not in run.stdout
    assert run.stderr.strip() == (f"rulekit: {tmp_path / 'bad.yaml'} does not load "
                                  f"(rulekit validate {tmp_path / 'bad.yaml'} says why)")
    (tmp_path / "bad.yaml").unlink()
    assert cli(["list", str(tmp_path)], tmp_path).returncode == 0


# ---- a Ray address that does not answer: one line, in seconds -----------------------------

def _server(reply: bytes | None):
    """A server on 127.0.0.1 that answers ``reply`` to each connection (None: never
    answers); returns (port, stop)."""
    sock = socket.create_server(("127.0.0.1", 0))
    sock.settimeout(0.2)
    held, done = [], threading.Event()

    def serve():
        while not done.is_set():
            try:
                conn, _ = sock.accept()
            except OSError:
                continue
            held.append(conn)
            if reply is not None:
                conn.sendall(reply)
    threading.Thread(target=serve, daemon=True).start()

    def stop():
        done.set()
        for c in held:
            c.close()
        sock.close()
    return sock.getsockname()[1], stop


@pytest.mark.parametrize("reply,why", [(None, "no answer within 0.5 s"),
                                       (b"HTTP/1.1 400 Bad Request\r\n\r\n",
                                        "is not a Ray cluster")])
def test_a_ray_address_that_is_not_a_cluster_is_refused_in_seconds(reply, why, monkeypatch):
    from rulekit.simulation import runner
    monkeypatch.setattr(runner, "CONNECT_SECONDS", 0.5)
    port, stop = _server(reply)
    try:
        start = time.monotonic()
        with pytest.raises(ValueError, match=why):
            runner.check_ray_address(f"ray://127.0.0.1:{port}")
        assert time.monotonic() - start < 5
    finally:
        stop()
    for bad in ("foo://x", "http://127.0.0.1:1", "127.0.0.1", "", None, "ray://:1"):
        with pytest.raises(ValueError, match="is not a Ray address"):
            runner.check_ray_address(bad)


def test_simulate_on_a_ray_address_where_nothing_listens_is_one_line_in_seconds(tmp_path):
    pytest.importorskip("ray")
    with socket.socket() as s:             # a port of this machine where nothing listens
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    start = time.monotonic()
    run = cli(["simulate", str(TOYS / "coin.yaml"), "--games", "2", "--jobs", "1", "--quiet",
               "--backend", "ray", "--address", f"127.0.0.1:{port}"], tmp_path)
    assert time.monotonic() - start < 15
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "no Ray cluster answers" in run.stderr
