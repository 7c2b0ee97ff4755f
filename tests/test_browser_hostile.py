"""The hostile corpus in a real browser: every page produced is opened and every link on it
clicked; any dialog, or any navigation to a javascript:, data: or vbscript: address, fails.

docs/publishing.md#safety. The pages come from tests/hostile_records.py built every way
(site in both themes, convert --to html and the Markdown of convert --to md turned into
HTML, the plugin). Skipped locally without chromium or playwright; fails in CI (CI=true).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

import markdown
import pytest
from hostile_records import PUBLISHED, SCRIPT_SCHEMES, build_everything

# One size: what the pages hold does not change with the width (the themes lay the same elements out
# differently, and the viewer only fits its moves' font), so the links clicked and the scripts that
# could run are the same at a phone's size.
DESKTOP = {"width": 1200, "height": 800}
# In the page: every click on a link is noted; one that would leave the page for another
# file (or reload this one) is noted and stopped there (each file is opened on its own);
# the others (positions in the page, and any script address) go ahead, so that a script
# would run.
CLICK_EVERY_LINK = """() => {
  window.__clicked = [];
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[href]");
    if (!link) return;
    window.__clicked.push(link.href);
    const url = new URL(link.href, location.href);
    const inPage = url.protocol === location.protocol && url.pathname === location.pathname && url.hash !== "";
    if (!inPage && ["file:", "http:", "https:"].includes(url.protocol)) event.preventDefault();
  }, true);
  for (const link of document.querySelectorAll("a[href]")) {
    if (link.isConnected) link.click();  // a link a script took off the page (the explorer's lists) can't be clicked
  }
  return window.__clicked.length;
}"""
# Clicked after the page's own links: once its script has run, so have the scripts of the
# javascript: addresses clicked before it (a condition to wait for, rather than a fixed time).
CLICK_LAST = """() => {
  const last = document.createElement("a");
  last.href = "javascript:void(window.__lastClickRan = true)";
  document.body.append(last);
  last.click();
}"""




@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, list[Path]]:
    """Every HTML page built from the corpus, by how it was built."""
    root = tmp_path_factory.mktemp("hostile-browser")
    built = build_everything(root)
    for hostile in PUBLISHED:  # the Markdown of convert --to md, as a Markdown reader shows it
        folder = built["converted"] / hostile.name
        text = (folder / f"{hostile.name}.md").read_text(encoding="utf-8")
        html = markdown.markdown(text, extensions=["tables", "toc", "attr_list", "md_in_html"])
        (folder / f"{hostile.name}-md.html").write_text(f"<!doctype html><meta charset=utf-8>{html}", encoding="utf-8")
    return {name: sorted(folder.rglob("*.html")) for name, folder in built.items()}


def visit(page, path: Path) -> tuple[list[str], list[str]]:
    """Open a page and click each of its links; (what went wrong, the links clicked)."""
    wrong: list[str] = []

    def dialog(box) -> None:
        wrong.append(f"dialog {box.type}: {box.message!r}")
        box.dismiss()

    def navigated(frame) -> None:
        if frame.url.lower().startswith(SCRIPT_SCHEMES):
            wrong.append(f"navigated to {frame.url}")

    page.on("dialog", dialog)
    page.on("framenavigated", navigated)
    try:
        page.goto(path.as_uri())
        page.evaluate(CLICK_EVERY_LINK)
        clicked = page.evaluate("window.__clicked")
        page.evaluate(CLICK_LAST)  # a javascript: address runs after the click returns, in the order clicked
        page.wait_for_function("window.__lastClickRan === true")
    except Exception as error:  # noqa: BLE001 - a page that left for elsewhere destroys its context
        wrong.append(f"the page went elsewhere ({page.url}): {error}")
        clicked = []
    finally:
        page.remove_listener("dialog", dialog)
        page.remove_listener("framenavigated", navigated)
    wrong += [f"link to {href}" for href in clicked if href.lower().startswith(SCRIPT_SCHEMES)]
    return wrong, clicked


def test_no_page_built_from_hostile_records_runs_their_scripts(browser, pages):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    problems: dict[str, list[str]] = {}
    opened = clicks = 0
    targets: set[str] = set()
    for kind, paths in pages.items():
        for path in paths:
            wrong, clicked = visit(page, path)
            opened += 1
            clicks += len(clicked)
            if path.name != "404.html":  # mkdocs' error page links from the server's root
                targets.update(href.split("#")[0] for href in clicked if href.startswith("file:"))
            if wrong:
                problems[f"{kind}: {path.name}"] = wrong
    context.close()
    assert not problems
    assert opened >= 2 * len(PUBLISHED) and clicks > 5 * opened
    missing = [target for target in targets if not Path(unquote(target.removeprefix("file://"))).exists()]
    assert not missing  # every link clicked leads to a file that exists


def test_every_way_of_publishing_gives_pages(pages):
    assert len([path for path in pages["site-material"] if path.parent.name == "records"]) == len(PUBLISHED)
    assert len(pages["converted"]) == 2 * len(PUBLISHED) and pages["plugin"]


def test_a_live_script_link_would_be_caught(browser, tmp_path):
    """The check itself: a page with a javascript: link and an onerror image fails it."""
    bad = tmp_path / "bad.html"
    bad.write_text('<a href="javascript:alert(1)">x</a><img src=x onerror="alert(2)">'
                   '<a href="data:text/html,hi">y</a><a href="#top">z</a>', encoding="utf-8")
    context = browser.new_context()
    wrong, clicked = visit(context.new_page(), bad)
    context.close()
    assert "dialog alert: '1'" in wrong and "dialog alert: '2'" in wrong
    assert "link to javascript:alert(1)" in wrong and "link to data:text/html,hi" in wrong
    assert clicked[-1] == bad.as_uri() + "#top"
