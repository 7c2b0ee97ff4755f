"""The published ranking of an event run from its event file (docs/tournaments.md#publishing-an-events-results)
has no serious or critical accessibility violation (docs/publishing.md#accessibility): the site's event
page and the relay's event page, at both sizes."""

from __future__ import annotations

import pytest
from axe import available, violations
from browsers import SIZES
from live_server import CODE
from starlette.testclient import TestClient
from test_event_publishing import hostile_event  # noqa: F401 (a fixture)

from ludoscribe.render.live.app import create_app
from ludoscribe.render.live.relay import write_relay
from ludoscribe.render.site import build_site


@pytest.fixture(scope="module", autouse=True)
def axe_installed():
    available()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_event_pages_with_a_ranking(browser, hostile_event, tmp_path, size):  # noqa: F811
    build_site([str(hostile_event)], tmp_path / "site")
    with TestClient(create_app(hostile_event, CODE)) as client:
        write_relay(client.app.state.live, tmp_path / "relay", 5)
    [event_page] = (tmp_path / "site" / "events").glob("*.html")
    relay_page = tmp_path / "relay" / "index.html"
    assert 'class="ls-ranking"' in relay_page.read_text(encoding="utf-8")
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    page = context.new_page()
    found = {}
    for path in (event_page, relay_page):
        page.goto(path.as_uri())
        found[path.name] = violations(page)
    context.close()
    assert found == {event_page.name: [], "index.html": []}
