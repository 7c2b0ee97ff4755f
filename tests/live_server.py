"""A real `ludoscribe serve` process for the live tests: started, read, killed, started again.

The tests wait for states (a line printed, a file holding a turn), never for a time:
each wait has a generous limit only as a safety net against a hang.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path
from queue import Empty, Queue
from typing import Any

CODE = "TEST-CODE"
DEVICE = "device-one"
SAFETY = 60  # seconds: only ever reached when something hangs


class Server:
    """`ludoscribe serve FOLDER --port 0` in its own process; `url` is the first line it prints."""

    def __init__(self, folder: Path, *options: str) -> None:
        self.folder, self.options = folder, options
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.lines: Queue[str] = Queue()

    def start(self, port: int = 0) -> Server:
        """Start it (on `port`, to come back where the pages look for it after a kill)."""
        command = [sys.executable, "-c", "from ludoscribe.cli.main import main; main()", "serve", str(self.folder),
                   "--port", str(port), "--code", CODE, "--poll", "0.1", *self.options]
        self.lines = Queue()
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                        env={**os.environ, "PYTHONUNBUFFERED": "1"})
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()
        self.url = self.line()
        assert self.url.startswith("http://127.0.0.1:") and self.url.endswith("/"), self.url
        self.wait_until(lambda: self._answers())
        return self

    def _read(self, stream: Any) -> None:
        for line in stream:
            self.lines.put(line.rstrip("\n"))

    def line(self) -> str:
        try:
            return self.lines.get(timeout=SAFETY)
        except Empty:
            assert self.process is not None
            said = self.process.stderr.read() if self.process.poll() is not None else ""
            raise AssertionError(f"the server printed nothing: {said}") from None

    def _answers(self) -> bool:
        try:
            with urllib.request.urlopen(self.url + "api/event", timeout=SAFETY) as answer:
                return answer.status == 200
        except OSError:
            return False

    def wait_until(self, ready: Any) -> None:
        """Poll `ready()` until it is true (the safety net fails the test after SAFETY polls of a loaded machine)."""
        event = threading.Event()
        for _ in range(SAFETY * 20):
            if ready():
                return
            event.wait(0.05)
        raise AssertionError("the awaited state never came")

    @property
    def port(self) -> int:
        return int(self.url.rstrip("/").rsplit(":", 1)[1])

    def kill(self) -> None:
        """Kill the server at once, as a power cut would (SIGKILL: nothing runs after it)."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(SAFETY)

    def stop(self) -> int:
        """Stop it as Ctrl-C does; its exit status."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        return self.process.wait(SAFETY)

    def request(self, method: str, path: str, data: Any = None, code: str = CODE, device: str = DEVICE
                ) -> tuple[int, Any]:
        """(status, JSON answer) of one API request."""
        body = None if data is None else json.dumps(data).encode()
        request = urllib.request.Request(self.url + path.lstrip("/"), data=body, method=method,
                                         headers={"X-Event-Code": code, "X-Device": device,
                                                  "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=SAFETY) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())
