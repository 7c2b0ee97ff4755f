"""The real browser the browser tests share: Debian's chromium driven by playwright.

Locally the tests are skipped when chromium or playwright is missing; in CI (CI=true)
they fail instead, so that they never silently stop running.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def _unavailable() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    if not Path(CHROMIUM).is_file():
        return "chromium is not installed (apt-get install chromium)"
    return None


@pytest.fixture(scope="session")
def browser():
    """One chromium for every browser test of the run (each test opens its own context)."""
    missing = _unavailable()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot run in CI: {missing}")
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()
