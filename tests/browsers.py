"""The real browser the browser tests share: Debian's chromium (its headless shell) driven by playwright.

Locally the tests are skipped when chromium or playwright is missing; in CI (CI=true)
they fail instead, so that they never silently stop running.

With LUDOSCRIBE_SCREENSHOTS=docs/img, the tests that call `screenshot` also write the
pictures of the pages that docs/publishing.md shows, NAME-desktop.png and NAME-phone.png.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import threading
from pathlib import Path
from typing import Iterator

import pytest

# Chromium's headless shell (Debian's chromium-headless-shell) is the browser without its windows:
# the same engine, and the one playwright itself runs for headless tests. A new page costs a quarter
# of the processor time the whole browser's costs (docs/contributing.md#fast-and-full-runs).
CHROMIUM = shutil.which("chromium-headless-shell") or shutil.which("chromium") or "/usr/bin/chromium"
EXPECT_SECONDS = 20  # how long an expect() waits for the page to meet it
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def _unavailable() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    if not Path(CHROMIUM).is_file():
        return "chromium is not installed (apt-get install chromium-headless-shell)"
    return None


@pytest.fixture(scope="session")
def browser():
    """One chromium for every browser test of the run (each test opens its own context)."""
    missing = _unavailable()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot run in CI: {missing}")
        pytest.skip(missing)
    from playwright.sync_api import expect, sync_playwright

    # Waiting longer costs nothing when the page is on time, and keeps a machine busy with
    # other work from failing an assertion the page meets a few seconds later.
    expect.set_options(timeout=EXPECT_SECONDS * 1000)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def contexts(browser):
    """Opens a page in a new context of a language and size (`contexts("fr-FR", PHONE)`: the browser
    asks for that language first), axe's script let in; fails the test on any script error of its pages."""
    opened, errors = [], []

    def open_context(locale: str, size: dict):
        context = browser.new_context(locale=locale, viewport=size, bypass_csp=True)
        context.on("page", lambda page: page.on("pageerror", lambda error: errors.append(str(error))))
        opened.append(context)
        return context.new_page()

    yield open_context
    for context in opened:
        context.close()
    assert errors == []


CORPUS = Path(__file__).resolve().parent.parent / "corpus"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
THEMES = ("material", "mkdocs")


@pytest.fixture(scope="session")
def corpus_sites(tmp_path_factory):
    """The corpus built as a site in a theme, once per theme for the whole session: site(theme) -> folder."""
    from ludoscribe.render.site import build_site

    built: dict[str, Path] = {}

    def site(theme: str) -> Path:
        if theme not in built:
            built[theme] = tmp_path_factory.mktemp(f"corpus-site-{theme}") / "site"
            build_site([str(CORPUS)], built[theme], theme=theme)
        return built[theme]

    return site


@pytest.fixture(params=THEMES)
def theme(request) -> str:
    return request.param


@pytest.fixture
def site(theme, corpus_sites) -> Path:
    """The corpus's site in each theme (a module defining its own `site` uses that one)."""
    return corpus_sites(theme)


@contextlib.contextmanager
def served(folder: Path) -> Iterator[str]:
    """A plain static web server on `folder` while the block runs: its address, ending in /."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def screenshot(page, name: str, theme: str = "material") -> None:
    """The window as it is now, as docs/img/NAME-SIZE.png, when LUDOSCRIBE_SCREENSHOTS names a
    folder and the page is in the theme the docs show (page.size is the fixture's size)."""
    folder = os.environ.get("LUDOSCRIBE_SCREENSHOTS")
    if folder and theme == "material":
        page.screenshot(path=str(Path(folder) / f"{name}-{page.size}.png"))
