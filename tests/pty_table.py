"""Drive ``rulekit play`` through a real pseudo-terminal of a given size, with a terminal
emulator (pyte) keeping the screen, so a test can ask what a person would see."""
from __future__ import annotations

import fcntl
import os
import re
import pty
import select
import struct
import sys
import termios
import time
from pathlib import Path

import pyte

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Terminal:
    """``rulekit ARGS`` running on a pseudo-terminal of ``rows`` x ``cols``."""

    def __init__(self, args, rows: int = 24, cols: int = 80, env=None):
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.output = b""
        pid, fd = pty.fork()
        if pid == 0:                                    # the child: the game
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            os.chdir(ROOT)
            environ = {k: v for k, v in os.environ.items()
                       if k not in ("NO_COLOR", "COLUMNS", "LINES")}
            environ.update({"TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}, **(env or {}))
            os.execvpe(sys.executable, [sys.executable, "-m", "rulekit", *map(str, args)],
                       environ)
        self.pid, self.fd = pid, fd

    def read_until(self, text: str, timeout: float = 60) -> str:
        """Read until ``text`` appears in what was written since the last call, or the
        program ends; return that output (decoded, styles removed). Raises AssertionError on timeout."""
        start = len(self.output)
        deadline = time.monotonic() + timeout
        while text.encode() not in self.output[start:]:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {text!r} within {timeout} s; the screen:\n"
                                     + "\n".join(self.screen.display))
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:                             # the program ended
                chunk = b""
            if not chunk:
                break
            self.output += chunk
            self.stream.feed(chunk)
        return ANSI.sub("", self.output[start:].decode("utf-8", "replace"))

    def type(self, line: str) -> None:
        """Type ``line`` and Enter."""
        os.write(self.fd, line.encode() + b"\r")

    def display(self) -> list[str]:
        """The screen's rows now, as text."""
        return [row.rstrip() for row in self.screen.display]

    def finish(self, timeout: float = 30) -> int:
        """Wait for the program to end (reading what it still writes); its exit status."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    chunk = b""
                self.output += chunk
                self.stream.feed(chunk)
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        raise AssertionError("the program did not end")
