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
