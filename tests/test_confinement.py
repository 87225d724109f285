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


# ---- the files a ruleset names: its rule book and what it extends ----------------------
# A name that goes through a symbolic link is followed only to a file in the naming
# ruleset's own folder (rulekit.source.files.confined); the same for every such file.

def _tree(tmp_path):
    """``w/`` (the ruleset's folder) and ``out/`` beside it, holding a secret and a base."""
    w, out = tmp_path / "w", tmp_path / "out"
    w.mkdir(), out.mkdir()
    (out / "secret.md").write_text("SECRET\n")
    (out / "base.yaml").write_text(TINY)
    return w, out


def test_a_link_in_the_folder_to_a_file_in_the_folder_is_followed(tmp_path, capsys):
    w, _ = _tree(tmp_path)
    (w / "house.md").write_text("# House rules\n")
    os.symlink("house.md", w / "book.md")
    (w / "real.yaml").write_text(TINY)
    os.symlink(w / "real.yaml", w / "base.yaml")
    (w / "v.yaml").write_text("rulekit: 1\nextends: base.yaml\nname: v\nrule_book: [book.md]\n")
    assert main(["rules", str(w / "v.yaml")]) == 0
    assert capsys.readouterr().out.startswith("House rules\n")


def _book_linked_out(w, out):
    os.symlink(out / "secret.md", w / "book.md")
    (w / "v.yaml").write_text("rulekit: 1\nextends: mattis\nname: v\nrule_book: [book.md]\n")
    return ["rules", str(w / "v.yaml")]


def _base_linked_out(w, out):
    os.symlink(out / "base.yaml", w / "base.yaml")
    (w / "v.yaml").write_text("rulekit: 1\nextends: base.yaml\nname: v\n")
    return ["validate", str(w / "v.yaml")]


def _base_through_a_linked_folder(w, out):
    os.symlink(out, w / "sub")
    (w / "v.yaml").write_text("rulekit: 1\nextends: sub/base.yaml\nname: v\n")
    return ["validate", str(w / "v.yaml")]


@pytest.mark.parametrize("setup", [_book_linked_out, _base_linked_out,
                                   _base_through_a_linked_folder])
def test_a_link_leading_out_of_the_folder_is_refused(tmp_path, capsys, setup):
    w, out = _tree(tmp_path)
    assert main(setup(w, out)) == 1
    said = capsys.readouterr()
    lines = [ln for ln in (said.out + said.err).splitlines() if "symbolic link" in ln]
    assert len(lines) == 1 and f"leading out of the folder {w}; refused" in lines[0]
    assert "SECRET" not in said.out + said.err


def test_a_link_above_the_ruleset_does_not_confine_its_relative_names(tmp_path, capsys):
    """The folder the user named may itself be reached through a link: ``../base.yaml``
    (no link in what the ruleset wrote) is read as the file system reads it."""
    w, out = _tree(tmp_path)
    (w / "sub").mkdir()
    (w / "base.yaml").write_text(TINY)
    (w / "sub" / "v.yaml").write_text("rulekit: 1\nextends: ../base.yaml\nname: v\n")
    os.symlink(w, tmp_path / "alias")
    assert main(["validate", str(tmp_path / "alias" / "sub" / "v.yaml")]) == 0, \
        capsys.readouterr()


def test_the_safe_open_refuses_a_fifo_without_blocking_and_reads_no_more_than_the_limit(
        tmp_path):
    from rulekit.source.files import read_limited
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(ValueError, match="pipe: not a regular file"):
        read_limited(tmp_path / "pipe", "ruleset")
    (tmp_path / "f").write_text("x" * 11)
    with pytest.raises(ValueError, match="11 bytes; a ruleset may have at most 10"):
        read_limited(tmp_path / "f", "ruleset", 10)
    assert read_limited(tmp_path / "f", "ruleset", 11) == "x" * 11


def test_the_prompt_rules_command_reads_the_book_the_same_way(tmp_path):
    """``rules`` at a --human seat: the same refusal, in one line, nothing of the target."""
    import io
    import sys
    from unittest import mock

    from cli_run import cli
    w, out = _tree(tmp_path)
    os.symlink(out / "secret.md", w / "book.md")
    (w / "v.yaml").write_text("rulekit: 1\nextends: mattis\nname: v\nrule_book: [book.md]\n")
    with mock.patch.object(sys, "stdin", io.StringIO("rules\nquit\n")):
        run = cli(["play", w / "v.yaml", "--human", "0", "--agent", "all=random", "--seed",
                   "3"], tmp_path)
    assert run.returncode == 0
    assert "the rule book cannot be read: " in run.stdout and "symbolic link" in run.stdout
    assert "SECRET" not in run.stdout


def test_the_bundled_rule_books_are_not_confined(tmp_path, monkeypatch):
    """An installation may be made of links (a store of packages linked into place):
    rulekit's own rule books are read through them; a ruleset's own are not."""
    from rulekit.source import files
    store, installed = tmp_path / "store", tmp_path / "installed"
    store.mkdir(), installed.mkdir()
    (store / "house.md").write_text("# House\n")
    os.symlink(store / "house.md", installed / "house.md")
    real = files.data_dir
    monkeypatch.setattr(files, "data_dir", lambda name: installed if name == "rules"
                        else real(name))
    assert files.read_rule_book(["house.md"], None) == [("house.md", "# House\n")]
    (tmp_path / "w").mkdir()
    os.symlink(store / "house.md", tmp_path / "w" / "house.md")
    with pytest.raises(ValueError, match="symbolic link leading out"):
        files.read_rule_book(["house.md"], tmp_path / "w" / "v.yaml")
