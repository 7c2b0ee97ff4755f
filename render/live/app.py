"""The web server of `ludoscribe serve` (docs/live.md): pages, a JSON API, server-sent events.

Built on Starlette, run by Uvicorn. Spectators read, with the delay if one is set;
recording needs the event's code (header `X-Event-Code`) and a device id made by the
page (`X-Device`): one device records a game at a time. Only the games of the event
folder and the package's own files can be reached; request bodies are limited in size;
every page is sent with a content security policy that allows no inline script.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import hmac
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any, AsyncIterator, Callable

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...notation.entry import entry_for, offers
from ...notation.event import Action, Applied, EventFolder, Refused
from ...notation.games import plugins
from .hub import Live
from .views import card, event_page, game_body, game_page, standings_section, summary
from . import sheet as sheet_views

MAX_BODY = 64 * 1024  # bytes of one request's body
KEEP_ALIVE = 15.0  # seconds between comments on a quiet event stream, so that proxies keep it open
DEVICE = re.compile(r"[A-Za-z0-9_-]{8,64}")
STATIC = {  # file name -> (package, file): nothing else is served
    "viewer.js": ("ludoscribe.render", "viewer.js"), "viewer.css": ("ludoscribe.render", "viewer.css"),
    **{name: ("ludoscribe.render.live", f"static/{name}") for name in
       ("live.css", "live.js", "event.js", "game.js", "sheet.js", "record.js")},
}
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
          "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


class Problem(Exception):
    """A request refused with an HTTP status and a message for the page."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def create_app(folder: str | Path, code: str, delay: float = 0.0, every: float = 0.5,
               clock: Callable[[], float] | None = None) -> SecurityHeaders:
    """The server of an event folder. `code` lets a device record; `delay` (seconds) holds
    turns back from spectators; the folder is read again every `every` seconds."""
    live = Live(EventFolder(Path(folder)), delay, clock)
    live.start()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(live.watch(every))
        try:
            yield
        finally:
            task.cancel()
            live.spectators.close()
            live.recorders.release_all()

    def game_named(request: Request) -> str:
        name: str = request.path_params["name"]
        if name not in live.folder.games:
            raise Problem(404, f"there is no game {name} in this event")
        return name

    def recorder(request: Request) -> str:
        """The recording device, once the event code is checked."""
        given = request.headers.get("x-event-code", "")
        if not hmac.compare_digest(given.strip().upper().encode(), code.upper().encode()):
            raise Problem(403, "wrong event code: recording needs the code printed when the server started")
        device = request.headers.get("x-device", "")
        if not DEVICE.fullmatch(device):
            raise Problem(400, "the page did not say which device it is: reload it")
        return device

    async def body(request: Request) -> dict[str, Any]:
        """The request's JSON object, read up to MAX_BODY bytes."""
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY:
                raise Problem(413, f"the request is over {MAX_BODY // 1024} KB")
        try:
            value = json.loads(data or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise Problem(400, "the request is not JSON") from None
        if not isinstance(value, dict):
            raise Problem(400, "the request is not a JSON object")
        return value

    def text(data: dict[str, Any], key: str, default: str = "") -> str:
        value = data.get(key, default)
        if not isinstance(value, str):
            raise Problem(400, f"{key} is not text")
        return value

    def links() -> dict[str, str]:
        return {game.name: f"/game/{game.name}" for game in live.folder.games.values()}

    def note() -> str:
        minutes = live.delay / 60
        return f"Turns are shown {minutes:g} minute{'' if minutes == 1 else 's'} after they are played." if live.delay else ""

    # --- spectators ----------------------------------------------------------------------
    async def event_html(request: Request) -> Response:
        views = [live.view(game.name) for game in live.ordered()]
        data = {"events": "/events", "card": "/api/games/NAME/card", "standings": "/api/standings", "note": note()}
        return HTMLResponse(event_page(live.folder.event_name(), views, links(), data, note=note()))

    async def game_html(request: Request) -> Response:
        name = game_named(request)
        view = live.view(name)
        data = {"events": "/events", "name": name, "key": view.key, "view": f"/api/games/{name}/view", "note": note()}
        return HTMLResponse(game_page(live.folder.event_name(), view, "/", data, note=note()))

    async def event_json(request: Request) -> Response:
        return JSONResponse({"event": live.folder.event_name(),
                             "games": [summary(live.view(game.name)) for game in live.ordered()]})

    async def card_html(request: Request) -> Response:
        name = game_named(request)
        return HTMLResponse(card(live.view(name), f"/game/{name}"))

    async def view_json(request: Request) -> Response:
        view = live.view(game_named(request))
        return JSONResponse({"key": view.key, "state": view.state, "html": game_body(view)})

    async def standings_html(request: Request) -> Response:
        return HTMLResponse(standings_section([live.view(game.name) for game in live.ordered()]))

    async def events(request: Request) -> Response:
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

    # --- recording -----------------------------------------------------------------------
    async def record_html(request: Request) -> Response:
        games = [summary(live.view(game.name)) for game in live.ordered()]  # a page anyone may open: delayed
        choices = [(plugin.name, plugin.display_name, list(plugin.rules_class.sides)) for plugin in plugins()]
        today = datetime.date.today().strftime("%Y.%m.%d")
        return HTMLResponse(sheet_views.record_page(live.folder.event_name(), games, choices, today))

    async def sheet_html(request: Request) -> Response:
        name = game_named(request)
        return HTMLResponse(sheet_views.sheet_page(live.folder.event_name(), live.whole(name)))

    async def check_code(request: Request) -> Response:
        recorder(request)
        return JSONResponse({"ok": True})

    async def create(request: Request) -> Response:
        device = recorder(request)
        data = await body(request)
        names = data.get("players", ["?", "?"])
        if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
            raise Problem(400, "players is a list of two names")
        try:
            name, lock = live.folder.new_game(text(data, "game"), text(data, "round"), text(data, "board"),
                                              (names[0], names[1]), text(data, "variant"),
                                              date=text(data, "date").strip() or None)
        except Refused as error:
            raise Problem(409, str(error)) from None
        live.recorders.hold(name, device, lock)
        live.changed([name])
        return JSONResponse({"name": name})

    async def claim(request: Request) -> Response:
        device = recorder(request)
        name = game_named(request)
        data = await body(request)
        try:
            live.recorders.claim(name, device, take_over=data.get("take_over") is True)
        except Refused as error:
            raise Problem(409, str(error)) from None
        return JSONResponse(sheet_state(name, device))

    async def release(request: Request) -> Response:
        device = recorder(request)
        live.recorders.release(game_named(request), device)
        return JSONResponse({"ok": True})

    async def sheet_json(request: Request) -> Response:
        device = recorder(request)
        return JSONResponse(sheet_state(game_named(request), device))

    def sheet_state(name: str, device: str, applied: Applied | None = None) -> dict[str, Any]:
        game = live.folder.games[name]
        holder = live.recorders.holder(name)
        state = sheet_views.sheet_state(game, applied.proposed if applied else game.ended if not game.finished else None)
        state["recorder"] = "you" if holder == device else "other" if holder else "nobody"
        return state

    async def offer(request: Request) -> Response:
        recorder(request)
        name = game_named(request)
        data = await body(request)
        cells = data.get("cells", [])
        if not (isinstance(cells, list) and len(cells) <= 8 and all(isinstance(c, str) and len(c) <= 8 for c in cells)):
            raise Problem(400, "cells is a list of at most 8 cell names")
        draft = text(data, "draft")[:400]
        game = live.folder.games[name]
        if game.problem is not None or game.replayed is None or game.record is None:
            raise Problem(409, game.problem or f"{name} cannot be recorded")
        rules, position = game.record.rules, game.replayed.final
        found = offers(rules, position, draft, cells)
        return JSONResponse(sheet_views.offers_state(game, found, frozenset(cells), entry_for(rules).buttons,
                                                     flipped=data.get("flipped") is True))

    async def act(request: Request) -> Response:
        device = recorder(request)
        name = game_named(request)
        data = await body(request)
        ply = data.get("ply")
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply < 10**6:
            raise Problem(400, "ply is the number of turns the page saw")
        action = Action(text(data, "id")[:64], ply, text(data, "kind"), text(data, "text")[:4096],
                        text(data, "reason")[:64])
        if not action.id:
            raise Problem(400, "an action has an id")
        try:
            applied = live.recorders.apply(name, device, action)
        except Refused as error:
            if name in live.folder.games:  # the file may have changed under the device: show it as it is
                live.changed([name])
            raise Problem(409, str(error)) from None
        live.changed([name])
        return JSONResponse({"ok": True, "again": applied.again, **sheet_state(name, device, applied)})

    async def static(request: Request) -> Response:
        found = STATIC.get(request.path_params["file"])
        if found is None:
            raise Problem(404, "no such file")
        package, path = found
        content = resources.files(package).joinpath(path).read_text(encoding="utf-8")
        return Response(content, media_type=TYPES[Path(path).suffix], headers={"Cache-Control": "no-cache"})

    routes = [
        Route("/", event_html), Route("/game/{name}", game_html), Route("/events", events),
        Route("/api/event", event_json), Route("/api/standings", standings_html),
        Route("/api/games/{name}/card", card_html), Route("/api/games/{name}/view", view_json),
        Route("/record", record_html), Route("/record/{name}", sheet_html),
        Route("/api/code", check_code, methods=["POST"]), Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{name}/sheet", sheet_json), Route("/api/games/{name}/claim", claim, methods=["POST"]),
        Route("/api/games/{name}/release", release, methods=["POST"]),
        Route("/api/games/{name}/offers", offer, methods=["POST"]),
        Route("/api/games/{name}/actions", act, methods=["POST"]),
        Route("/static/{file}", static), Route("/favicon.ico", lambda request: Response(status_code=204)),
    ]

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, Problem)
        return JSONResponse({"refused": str(error)}, status_code=error.status)

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={Problem: refused})
    app.state.live = live
    return SecurityHeaders(app)


class SecurityHeaders:
    """Every answer says: no inline script, no framing, no guessing of types, no referrer.
    The application's own attributes (its `state`) are read through it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def __getattr__(self, name: str) -> Any:
        return getattr(self.app, name)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + [
                    (b"content-security-policy", POLICY.encode()), (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY")]
            await send(message)

        await self.app(scope, receive, with_headers if scope["type"] == "http" else send)
