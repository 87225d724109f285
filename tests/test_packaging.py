"""The wheel ships the grammar, the schema, the bundled rulesets and their rule books
inside the package,
and the installed package plays a game from another folder (issue: Mattis end to end)."""
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_contains_data_and_plays_from_elsewhere(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps",
                    "--no-build-isolation", "-q", "-w", str(tmp_path / "dist")],
                   check=True, capture_output=True)
    wheel = next((tmp_path / "dist").glob("rulekit-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "rulekit/grammar/expressions.lark" in names
    assert "rulekit/rulesets/ruleset.schema.json" in names
    assert "rulekit/rulesets/mattis.yaml" in names
    assert {"rulekit/web/static/table.html", "rulekit/web/static/table.js",
            "rulekit/web/static/app.css", "rulekit/web/static/index.html",
            "rulekit/web/static/lobby.js"} <= set(names)             # rulekit serve's pages
    assert {"rulekit/rules/common.md", "rulekit/rules/mattis.md",
            "rulekit/rules/durak.md"} <= set(names)          # the rule books, for `rules`
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "rulekit = rulekit.cli:main" in zipfile.ZipFile(wheel).read(entry).decode()
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(site), str(wheel)], check=True, capture_output=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import rulekit, rulekit.source.files as r; "
            "assert str(r.grammar_path()).startswith(sys.argv[1]), r.grammar_path(); "
            "from rulekit.cli import main; raise SystemExit(main(['play', 'mattis', '--seed', '1']))")
    run = subprocess.run([sys.executable, "-c", code, str(site)], cwd=elsewhere,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "Result: seat" in run.stdout and "loses" in run.stdout
    code = code.replace("['play', 'mattis', '--seed', '1']", "['rules', 'mattis']")
    run = subprocess.run([sys.executable, "-c", code, str(site)], cwd=elsewhere,
                         capture_output=True, text=True)
    assert run.returncode == 0 and "MAT-11" in run.stdout and "C-7" in run.stdout, run.stderr
