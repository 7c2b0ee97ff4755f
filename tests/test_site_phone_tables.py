"""The site's tables on a phone (docs/publishing.md#a-website), in both themes, at 390×844: no page
scrolls sideways, the key columns of every table show whole on the screen (a record table's
players, result and date; the standings' rank, player and points), and a record's players take
two lines at most, each name on one."""

from __future__ import annotations

import pytest
from browsers import SIZES, THEMES

# For each table of the page: the headings shown, whether they fit the window, and for each
# record link the number of lines it takes.
MEASURE = """() => {
  const width = document.documentElement.clientWidth;
  const tables = [...document.querySelectorAll('.ls-sortable table, .ls-standings table')].map(table => {
    const shown = [...table.querySelectorAll('thead th')].filter(th => getComputedStyle(th).display !== 'none');
    return {standings: !!table.closest('.ls-standings'), headings: shown.map(th => th.textContent.trim()),
            outside: shown.filter(th => th.getBoundingClientRect().right > width + 1).map(th => th.textContent.trim()),
            lines: Math.max(0, ...[...table.querySelectorAll('a[href*="records/"]')].map(a =>
              new Set([...a.getClientRects()].map(r => Math.round(r.top))).size))};
  });
  return {page: document.documentElement.scrollWidth - width, tables};
}"""
RECORDS, STANDINGS = {"Players", "Result", "Date"}, {"Rank", "Player", "Points"}  # the key columns


@pytest.mark.parametrize("theme", THEMES)
def test_the_sites_tables_fit_a_phone(browser, corpus_sites, theme):
    site = corpus_sites(theme)
    names = ["index.html", "players.html", "events.html",
             *(path.relative_to(site).as_posix() for folder in ("games", "events")
               for path in sorted((site / folder).glob("*.html")))]
    context = browser.new_context(viewport=SIZES["phone"])
    page = context.new_page()
    wrong = {}
    standings = 0
    for name in names:
        page.goto((site / name).as_uri())
        found = page.evaluate(MEASURE)
        problems = []
        if found["page"] > 0:
            problems.append(f"the page scrolls {found['page']} px sideways")
        for table in found["tables"]:
            heads = {heading.split(" ")[0] for heading in table["headings"]}
            off = {heading.split(" ")[0] for heading in table["outside"]}
            standings += table["standings"]
            key = STANDINGS if table["standings"] else RECORDS if "Players" in heads else set()
            # a record table shows all its columns but those left out; the standings' box may
            # scroll to its tie-breaks
            if not key <= heads - off or (off and not table["standings"]):
                problems.append(f"columns {table['headings']}: {table['outside']} off the screen")
            if table["lines"] > 2:
                problems.append(f"a record's players on {table['lines']} lines")
        if problems:
            wrong[name] = problems
    context.close()
    assert wrong == {}
    assert standings >= 3  # events with standings were looked at
