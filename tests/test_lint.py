"""The code passes its linter: `ruff check .` finds nothing, with the rules pyproject.toml
chooses (docs/contributing.md#checks)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
                            cwd=ROOT, capture_output=True, text=True)
    assert (result.returncode, result.stderr) == (0, ""), result.stdout + result.stderr
    assert result.stdout == "All checks passed!\n"


def test_ruff_reads_the_projects_rules(tmp_path):
    """The rules are the project's, not ruff's defaults: bugbear's finding of a loop variable
    that a closure reads late is one of them."""
    sample = tmp_path / "late.py"
    sample.write_text("def makers():\n    return [lambda: k for k in range(3)]\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise",
                             "--config", str(ROOT / "pyproject.toml"), sample.name],
                            cwd=tmp_path, capture_output=True, text=True)
    assert (result.returncode, result.stdout) == \
        (1, "late.py:2:21: B023 Function definition does not bind loop variable `k`\nFound 1 error.\n")
