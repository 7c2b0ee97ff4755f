"""A real `ludoscribe studio` process for the studio's tests: started, asked, killed."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path
from queue import Queue
from typing import Any

SAFETY = 60  # seconds: only ever reached when something hangs


class Studio:
    """`ludoscribe studio PATH --no-browser --port 0` in its own process; `url` is the first line it prints."""

    def __init__(self, path: Path) -> None:
        command = [sys.executable, "-c", "from ludoscribe.cli.main import main; main()", "studio", str(path),
                   "--no-browser", "--port", "0"]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                        env={**os.environ, "PYTHONUNBUFFERED": "1"})
        lines: Queue[str] = Queue()
        threading.Thread(target=lambda: [lines.put(line.rstrip("\n")) for line in self.process.stdout],
                         daemon=True).start()
        self.url = lines.get(timeout=SAFETY)
        assert self.url.startswith("http://127.0.0.1:") and self.url.endswith("/"), self.url
        waiting = threading.Event()
        for _ in range(SAFETY * 20):
            try:
                with urllib.request.urlopen(self.url, timeout=SAFETY) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                waiting.wait(0.05)
        raise AssertionError("the studio never answered")

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(SAFETY)

    def token(self) -> str:
        """The token the page holds (what a page of this origin reads)."""
        with urllib.request.urlopen(self.url, timeout=SAFETY) as answer:
            found = re.search(r'name="studio-token" content="([^"]+)"', answer.read().decode())
        assert found is not None
        return found.group(1)

    def post(self, path: str, data: Any, token: str) -> tuple[int, Any]:
        """(status, JSON answer) of one write."""
        request = urllib.request.Request(self.url + path.lstrip("/"), data=json.dumps(data).encode(), method="POST",
                                         headers={"X-Studio-Token": token, "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=SAFETY) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())
