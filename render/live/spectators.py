"""The spectators' side of `ludoscribe serve` (docs/live.md): the event and game pages, their
parts as JSON and HTML, and the stream of server-sent events; all shown with the delay."""

from __future__ import annotations

import asyncio
from typing import AsyncIterator

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from .hub import Live
from .requests import game_named, live_of
from .pairings import pairings_section
from .views import card, event_page, game_body, game_page, standings_section, summary

KEEP_ALIVE = 15.0  # seconds between comments on a quiet event stream, so that proxies keep it open


def links(live: Live) -> dict[str, str]:
    return {game.name: f"/game/{game.name}" for game in live.folder.games.values()}


def note(live: Live) -> str:
    minutes = live.delay / 60
    return f"Turns are shown {minutes:g} minute{'' if minutes == 1 else 's'} after they are played." if live.delay else ""


async def event_html(request: Request) -> Response:
    live = live_of(request)
    views = [live.view(game.name) for game in live.ordered()]
    data = {"events": "/events", "card": "/api/games/NAME/card", "standings": "/api/standings", "note": note(live)}
    return HTMLResponse(event_page(live.folder.event_name(), views, links(live), data, note=note(live),
                                   pairings=pairings_section(live.folder)))


async def game_html(request: Request) -> Response:
    live = live_of(request)
    name = game_named(request)
    view = live.view(name)
    data = {"events": "/events", "name": name, "key": view.key, "view": f"/api/games/{name}/view", "note": note(live)}
    return HTMLResponse(game_page(live.folder.event_name(), view, "/", data, note=note(live)))


async def event_json(request: Request) -> Response:
    live = live_of(request)
    return JSONResponse({"event": live.folder.event_name(),
                         "games": [summary(live.view(game.name)) for game in live.ordered()]})


async def card_html(request: Request) -> Response:
    name = game_named(request)
    return HTMLResponse(card(live_of(request).view(name), f"/game/{name}"))


async def view_json(request: Request) -> Response:
    view = live_of(request).view(game_named(request))
    return JSONResponse({"key": view.key, "state": view.state, "html": game_body(view)})


async def standings_html(request: Request) -> Response:
    live = live_of(request)
    return HTMLResponse(standings_section([live.view(game.name) for game in live.ordered()]))


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
