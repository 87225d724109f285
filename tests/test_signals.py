"""A record is kept whole when the game is stopped by a signal: SIGINT (Ctrl-C), SIGTERM,
SIGHUP (a closed terminal). Each in a real process: a bots' game that never ends on its
own, stopped once it has printed a move."""
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENDLESS = "rulekit: 1\nextends: mattis\nname: endless\ndefinitions:\n  taken: at(trick, 99)\n"


@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143),
                                       (signal.SIGHUP, 129)])
def test_a_signal_keeps_the_record(tmp_path, sig, code):
    ruleset = tmp_path / "endless.yaml"
    ruleset.write_text(ENDLESS)
    record = tmp_path / "r.json"
    proc = subprocess.Popen([sys.executable, "-m", "rulekit", "play", str(ruleset),
                             "--max-actions", "1000000", "--record", str(record)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    for line in proc.stdout:                   # wait for the first move ("  seat 1: ...")
        if re.match(rb"  seat \d+: ", line):
            break
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == code, err
    assert b"Traceback" not in err
    saved = json.loads(record.read_text())    # whole JSON, not half a file
    assert saved["format"] == "rulekit-record/2" and saved["actions"]
    assert "result" not in saved
    if sig != signal.SIGINT:
        assert f"stopped by {signal.Signals(sig).name}".encode() in err
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]   # no leftovers


def test_ctrl_c_twice_stops_the_worker_processes_of_a_run_at_once():
    """Ctrl-C twice at the terminal (SIGINT to the whole process group) during an
    `analyze --jobs 2`: one line, exit 130, no traceback (the workers leave Ctrl-C to
    their parent), and no wait for the workers' games (it hung before: the pool waited
    for them on its way out)."""
    import time
    proc = subprocess.Popen([sys.executable, "-m", "rulekit", "analyze", "mattis", "--games",
                             "40", "--budget", "5", "--jobs", "2"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        first = proc.stderr.readline()              # a progress line: the games run
        assert "games" in first and time.monotonic() < deadline, first
        os.killpg(proc.pid, signal.SIGINT)
        time.sleep(0.1)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130 and "Traceback" not in err
    assert err.strip().splitlines()[-1] == "rulekit: interrupted"
