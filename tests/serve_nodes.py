"""``kiosk serve`` node processes for the failover tests: start on a chosen port, SIGKILL,
start again on the same port."""

from __future__ import annotations

import os
import pathlib
import re
import signal
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


class ServeNode:
    """One ``kiosk serve --db URL --port PORT --node-id NAME`` process; its output goes to a file."""

    def __init__(self, db_url: str, port: int, name: str, workdir: pathlib.Path, *extra: str) -> None:
        self.db_url = db_url
        self.port = port
        self.name = name
        self.url = f"http://127.0.0.1:{port}"
        self.log = workdir / f"{name}.log"
        self.extra = extra
        self.proc: subprocess.Popen | None = None

    def start(self) -> ServeNode:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        cmd = [
            sys.executable,
            "-m",
            "kiosk",
            "serve",
            "--db",
            self.db_url,
            "--port",
            str(self.port),
            "--node-id",
            self.name,
            *self.extra,
        ]
        with open(self.log, "w") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
        return self

    def wait_listening(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.log.read_text(errors="replace") if self.log.exists() else ""
            if re.search(r"listening on http://127\.0\.0\.1:\d+/api/v1", text):
                return
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.proc.returncode}: {text[-2000:]}")
            time.sleep(0.05)
        raise RuntimeError(f"{self.name} did not start within {timeout:g} s: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL: the node dies without closing anything, as on a power cut."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
