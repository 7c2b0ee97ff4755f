"""The package type-checks: mypy finds nothing in notation/, render/ and cli/, with its
strict settings (docs/contributing.md#checks).

mypy's settings are in pyproject.toml. The source folders are mapped onto the package
ludoscribe by setuptools, so the test shows them to mypy under that name, through links
in .mypy_cache/links.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error():
    # The links and mypy's cache stay in .mypy_cache (ignored by git), at the same place from
    # run to run, so that a second run checks again only the modules changed since the first.
    folder = ROOT / ".mypy_cache"
    package = folder / "links" / "ludoscribe"
    package.mkdir(parents=True, exist_ok=True)
    for name in ("notation", "render", "cli"):
        if not (package / name).is_symlink():
            (package / name).symlink_to(ROOT / name, target_is_directory=True)
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(folder),
         "-p", "ludoscribe.notation", "-p", "ludoscribe.render", "-p", "ludoscribe.cli"],
        cwd=package.parent, env={**os.environ, "MYPYPATH": str(package.parent)}, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_the_settings_are_strict(tmp_path):
    """The project's settings are mypy's strict ones: a function without annotations and a
    generic type without its arguments are errors, which mypy's defaults let pass."""
    (tmp_path / "loose.py").write_text("def double(x):\n    return 2 * x\n\n\nPAIRS: list[tuple] = []\n",
                                       encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "cache"),
         "--no-error-summary", "loose.py"], cwd=tmp_path, capture_output=True, text=True)
    assert (result.returncode, result.stdout) == (1, "loose.py:1: error: Function is missing a type annotation  "
                                                     "[no-untyped-def]\nloose.py:5: error: Missing type arguments for "
                                                     "generic type \"tuple\"  [type-arg]\n")
