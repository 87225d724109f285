"""A record is data from someone else: its ruleset is resolved only to a bundled name or
a regular file under the record's own folder or a folder named with --rulesets; never an
absolute path, an escape, a device or a pipe; the same for what that ruleset extends."""
import json
import os

import pytest

from rulekit.cli import main

TINY = "rulekit: 1\nextends: mattis\nname: tiny\n"


def record(folder, ruleset, **extra):
    path = folder / "game.json"
    path.write_text(json.dumps({"format": "rulekit-record/2", "ruleset": ruleset,
                                "players": 3, "seed": 1, "actions": [], **extra}))
    return path


def replay(capsys, *argv):
    code = main(["replay", *map(str, argv)])
    return code, capsys.readouterr()


@pytest.mark.parametrize("name", ["/etc/passwd", "/dev/urandom", "../outside.yaml",
                                  "sub/../../outside.yaml", "~/x.yaml", "a\x00b.yaml"])
def test_paths_outside_are_refused(tmp_path, capsys, name):
    (tmp_path / "outside.yaml").write_text(TINY)
    inner = tmp_path / "records"
    inner.mkdir()
    code, out = replay(capsys, record(inner, name))
    assert code == 1 and out.out == ""
    assert "the record's ruleset" in out.err and "refused" in out.err
    assert "Traceback" not in out.err and "root:x" not in out.err


def test_a_file_beside_the_record_is_fine(tmp_path, capsys):
    (tmp_path / "tiny.yaml").write_text(TINY)
    code, out = replay(capsys, record(tmp_path, "tiny.yaml"))
    assert code == 0, out.err
    assert "Mattis" in out.out or "tiny" in out.out


def test_a_named_folder_admits_an_escape_that_stays_inside_it(tmp_path, capsys):
    (tmp_path / "tiny.yaml").write_text(TINY)
    (tmp_path / "records").mkdir()
    path = record(tmp_path / "records", "../tiny.yaml")
    assert replay(capsys, path)[0] == 1
    assert replay(capsys, path, "--rulesets", tmp_path)[0] == 0


def test_a_fifo_beside_the_record_is_refused_without_hanging(tmp_path, capsys):
    os.mkfifo(tmp_path / "pipe.yaml")
    code, out = replay(capsys, record(tmp_path, "pipe.yaml"))
    assert code == 1 and "not a regular file" in out.err


@pytest.mark.parametrize("base", ["/etc/passwd", "../outside.yaml"])
def test_extends_from_a_record_ruleset_stays_inside(tmp_path, capsys, base):
    (tmp_path / "outside.yaml").write_text(TINY)
    inner = tmp_path / "records"
    inner.mkdir()
    (inner / "mine.yaml").write_text(f"rulekit: 1\nextends: {base}\nname: mine\n")
    code, out = replay(capsys, record(inner, "mine.yaml"))
    assert code == 1
    assert "outside the folders a record's ruleset may use" in out.err
    assert "root:" not in out.err                     # nothing of /etc/passwd is shown


def test_validate_of_a_device_says_so(capsys):
    assert main(["validate", "/dev/zero"]) == 1
    assert "not a regular file" in capsys.readouterr().out
