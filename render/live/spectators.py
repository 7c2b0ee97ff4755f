"""The spectators' side of `ludoscribe serve` (docs/live.md): the event and game pages, their
parts as JSON and HTML, and the stream of server-sent events; all shown with the delay."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, AsyncIterator

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from .hub import Live
from ...notation.languages import Words
from .languages import ENGLISH_WORDS
from .requests import game_named, live_of, words_of
from .pairings import pairings_section
from .views import View, card, event_page, game_body, game_page, standings_section, summaries

KEEP_ALIVE = 15.0  # seconds between comments on a quiet event stream, so that proxies keep it open


def note(live: Live, words: Words = ENGLISH_WORDS) -> str:
    minutes = live.delay / 60
    if not live.delay:
        return ""
    if minutes == int(minutes):
        return words.ngettext("Turns are shown {minutes} minute after they are played.",
                              "Turns are shown {minutes} minutes after they are played.",
                              int(minutes)).format(minutes=f"{minutes:g}")
    return words.gettext("Turns are shown {minutes} minutes after they are played.").format(minutes=f"{minutes:g}")


# Each answer takes its views on the event loop and has its page made off it (`Live.render`),
# by one of the functions below: they read the views they are given and nothing of `live`.

def event_text(event: str, views: tuple[View, ...], note_text: str, root: Path, words: Words = ENGLISH_WORDS) -> str:
    """The event page; its pairings read from the event file in the folder `root` (off the loop too)."""
    links = {view.name: f"/game/{view.name}" for view in views}
    data = {"events": "/events", "card": "/api/games/NAME/card", "standings": "/api/standings", "note": note_text}
    return event_page(event, list(views), links, data, note=note_text, pairings=pairings_section(root, views, words),
                      words=words, switched=True)


def game_text(event: str, view: View, note_text: str, words: Words = ENGLISH_WORDS) -> str:
    data = {"events": "/events", "name": view.name, "key": view.key, "view": f"/api/games/{view.name}/view",
            "note": note_text}
    return game_page(event, view, "/", data, note=note_text, words=words, switched=True)


def view_state(view: View, words: Words = ENGLISH_WORDS) -> dict[str, Any]:
    return {"key": view.key, "state": view.state, "html": game_body(view, words)}


# The language is part of what `Live.render` makes once for all who ask at the same time: two
# spectators in two languages never share a page (docs/live.md#languages).

async def event_html(request: Request) -> Response:
    live, words = live_of(request), words_of(request)
    return HTMLResponse(await live.render(event_text, live.folder.event_name(), live.every_view(), note(live, words),
                                          live.folder.root, words))


async def game_html(request: Request) -> Response:
    live, words = live_of(request), words_of(request)
    view = live.view(game_named(request))
    return HTMLResponse(await live.render(game_text, live.folder.event_name(), view, note(live, words), words))


async def event_json(request: Request) -> Response:
    live = live_of(request)
    event, views = live.folder.event_name(), live.every_view()
    return JSONResponse({"event": event, "games": await live.render(summaries, views)})


async def card_html(request: Request) -> Response:
    live = live_of(request)
    name = game_named(request)
    return HTMLResponse(await live.render(card, live.view(name), f"/game/{name}", words_of(request)))


async def view_json(request: Request) -> Response:
    live = live_of(request)
    return JSONResponse(await live.render(view_state, live.view(game_named(request)), words_of(request)))


async def standings_html(request: Request) -> Response:
    live = live_of(request)
    return HTMLResponse(await live.render(standings_section, live.every_view(), words_of(request)))


async def events(request: Request) -> Response:
    live = live_of(request)
    queue = live.spectators.subscribe()
    missed = live.spectators.missed(request.headers.get("last-event-id", ""))

    async def stream() -> AsyncIterator[str]:
        try:
            yield "retry: 2000\n\n"
            for earlier in missed if missed is not None else [live.snapshot()]:
                yield earlier
            while True:
                try:
                    message = await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                except asyncio.TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                if message is None:
                    return
                yield message
        finally:
            live.spectators.unsubscribe(queue)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


ROUTES = [
    Route("/", event_html), Route("/game/{name}", game_html), Route("/events", events),
    Route("/api/event", event_json), Route("/api/standings", standings_html),
    Route("/api/games/{name}/card", card_html), Route("/api/games/{name}/view", view_json),
]
