"""The rulekit command line run in the test's own process (no Python start-up per call)."""
import contextlib
import io
import os
from types import SimpleNamespace

from rulekit.cli import main


def cli(argv, cwd):
    """Run ``rulekit ARGV`` in folder ``cwd``; returns ``returncode``, ``stdout`` and
    ``stderr`` as ``subprocess.run`` would."""
    out, err, here = io.StringIO(), io.StringIO(), os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(a) for a in argv])
    finally:
        os.chdir(here)
    return SimpleNamespace(returncode=code, stdout=out.getvalue(), stderr=err.getvalue())
