"""Weight and first paint of the heaviest record page of a site, in a real browser.

Builds the bundled corpus as a site (or takes a built one), finds the record page with
the most positions, and opens it from file:// in chromium at desktop and phone sizes,
several times each. Prints the page's size (raw and gzipped), its weight with every file
the browser reads for it (scripts, styles, fonts, images), and the browser's own
first-contentful-paint and load times, median and worst.

    python bench/first_paint.py [--site site] [--runs 5] [--theme auto]

Needs playwright and chromium (apt-get install chromium): first paint is timed in the whole
browser a reader runs, where the browser tests run its headless shell.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import shutil
import statistics
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlparse

from playwright.sync_api import sync_playwright

from ludoscribe.render.site import build_site

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
TIMINGS = """() => new Promise(resolve => {
  // the first contentful paint may come after the load event: wait for it
  new PerformanceObserver(list => {
    const paint = list.getEntriesByName("first-contentful-paint")[0];
    if (paint) resolve([paint.startTime, performance.getEntriesByType("navigation")[0].loadEventEnd]);
  }).observe({type: "paint", buffered: true});
})"""


def heaviest(site: Path) -> tuple[Path, int]:
    """The record page with the most positions, and how many."""
    found = []
    for page in (site / "records").glob("*.html"):
        data = re.search(r'class="ls-data">(.*?)</script>', page.read_text(encoding="utf-8"))
        if data:
            found.append((page, len(json.loads(data.group(1))["labels"])))
    return max(found, key=lambda item: item[1])


def weight(browser, page_path: Path) -> None:
    """The bytes of the page and of every file the browser reads to show it, raw and gzipped."""
    read: list[Path] = []
    context = browser.new_context(viewport=SIZES["desktop"])
    page = context.new_page()
    page.on("request", lambda request: read.append(Path(unquote(urlparse(request.url).path)))
            if request.url.startswith("file:") else None)
    page.goto(page_path.as_uri(), wait_until="load")
    page.wait_for_timeout(500)  # fonts and scripts asked for after the load event
    context.close()
    files = sorted({path for path in read if path.is_file()})
    raw = sum(path.stat().st_size for path in files)
    packed = sum(len(gzip.compress(path.read_bytes())) for path in files)
    print(f"with its assets: {len(files)} files, {raw / 1e3:.0f} kB ({packed / 1e3:.1f} kB gzipped)")
    for path in files:
        print(f"  {path.stat().st_size / 1e3:7.1f} kB  {path.name}")


def measure(page_path: Path, runs: int) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        weight(browser, page_path)
        for name, viewport in SIZES.items():
            paints, loads = [], []
            for _ in range(runs):
                context = browser.new_context(viewport=viewport)
                page = context.new_page()
                page.goto(page_path.as_uri(), wait_until="load")
                paint, load = page.evaluate(TIMINGS)
                paints.append(paint)
                loads.append(load)
                context.close()
            print(f"{name:8s} first paint median {statistics.median(paints):6.0f} ms, worst {max(paints):6.0f} ms; "
                  f"load median {statistics.median(loads):6.0f} ms, worst {max(loads):6.0f} ms")
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site already built (default: build the corpus)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--theme", default="auto")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        site = options.site
        if site is None:
            site = Path(temporary) / "site"
            build_site([str(CORPUS)], site, theme=options.theme)
        page, positions = heaviest(site)
        raw = page.read_bytes()
        print(f"{page.name}: {positions} positions, {len(raw) / 1e3:.0f} kB "
              f"({len(gzip.compress(raw)) / 1e3:.1f} kB gzipped) alone")
        measure(page, options.runs)


if __name__ == "__main__":
    main()
