"""The web server of `ludoscribe serve` (docs/live.md): pages, a JSON API, server-sent events.

Built on Starlette, run by Uvicorn. Spectators read, with the delay if one is set;
recording needs the event's code (header `X-Event-Code`) and a device id made by the
page (`X-Device`): one device records a game at a time. Only the games of the event
folder and the package's own files can be reached; request bodies are limited in size;
every page is sent with a content security policy that allows no inline script.
The organiser's page and API (organiser.py) need the organiser's code instead (`X-Organiser-Code`).
The spectators' routes are in spectators.py, the recording ones in recording.py, and what
both read from a request (the game named, the device, the body) in requests.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from importlib import resources
from pathlib import Path
from typing import Any, AsyncIterator, Callable

import uvicorn
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...notation.events.folder import EventFolder
from . import organiser, recording, spectators
from .event_code import CodeProblem, code_problem, organiser_problem
from .hub import Live
from ...notation.languages import N_
from ...notation.limits import shorten
from ...notation.problems import say
from .requests import LANGUAGE_COOKIE, Problem, chosen_language, words_of

STATIC = {  # file name -> (package, file): nothing else is served
    "viewer.js": ("ludoscribe.render", "viewer.js"), "viewer.css": ("ludoscribe.render", "viewer.css"),
    **{name: ("ludoscribe.render.live", f"static/{name}") for name in
       ("live.css", "live.js", "event.js", "game.js", "sheet.js", "record.js", "organise.js")},
}
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
          "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


class Server(uvicorn.Server):
    """Uvicorn's server, which ends the spectators' event streams first when it stops (Ctrl-C,
    SIGTERM): a stream left open would be cancelled after the grace period, with a traceback."""

    def __init__(self, config: uvicorn.Config, live: Live) -> None:
        super().__init__(config)
        self.live = live

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.live.spectators.close()
        await super().shutdown(sockets)


def create_app(folder: str | Path, code: str, delay: float = 0.0, every: float = 0.5,
               clock: Callable[[], float] | None = None, event: str = "",
               organiser_code: str = "") -> SecurityHeaders:
    """The server of an event folder. `code` lets a device record; `organiser_code` opens the
    organiser's page (none without it: docs/live.md#the-organisers-page); `delay` (seconds) holds
    turns back from spectators; the folder is read again every `every` seconds; `event`
    names the event (else its games' Event tag, else the folder's name)."""
    if (problem := code_problem(code)) is not None:  # anyone could record
        raise ValueError(say(CodeProblem.EVENT, written=shorten(code, 40), said=problem.said))
    if organiser_code and (problem := organiser_problem(organiser_code, code)) is not None:
        raise ValueError(say(CodeProblem.ORGANISER, said=problem.said))
    live = Live(EventFolder(Path(folder), name=event), delay, clock)
    live.folder.clear_temporary()  # what a save cut short by a kill left
    live.start()
    app = Starlette(routes=ROUTES, lifespan=lifespan, exception_handlers={Problem: refused, HTTPException: not_served})
    app.state.live = live
    app.state.code = code
    app.state.organiser_code = organiser_code
    app.state.every = every
    return SecurityHeaders(app)


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """Watch the folder while the server runs; at the end, close the streams and free the games."""
    live: Live = app.state.live
    task = asyncio.create_task(live.watch(app.state.every))
    try:
        yield
    finally:
        task.cancel()
        live.close()


async def refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, Problem)
    return JSONResponse({"refused": error.said_in(words_of(request)), **(error.detail or {})}, status_code=error.status)


async def not_served(request: Request, error: Exception) -> Response:
    """An address that is not one of the server's, or not for this method: said in JSON too."""
    assert isinstance(error, HTTPException)
    words = words_of(request)
    message = {404: words.gettext(N_("there is no such page here")),
               405: words.gettext(N_("this address does not take {method}")).format(method=request.method)
               }.get(error.status_code, error.detail)
    return JSONResponse({"refused": message}, status_code=error.status_code, headers=error.headers)


async def static(request: Request) -> Response:
    found = STATIC.get(request.path_params["file"])
    if found is None:
        raise Problem(404, N_("no such file"))
    package, path = found
    content = resources.files(package).joinpath(path).read_text(encoding="utf-8")
    return Response(content, media_type=TYPES[Path(path).suffix], headers={"Cache-Control": "no-cache"})


ROUTES = [
    *spectators.ROUTES, *recording.ROUTES, *organiser.ROUTES,
    Route("/static/{file}", static), Route("/favicon.ico", lambda request: Response(status_code=204)),
]


YEAR = 365 * 24 * 3600  # seconds the language chosen on a page is kept


class SecurityHeaders:
    """Every answer says: no inline script, no framing, no guessing of types, no referrer.
    The application's own attributes (its `state`) are read through it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def __getattr__(self, name: str) -> Any:
        return getattr(self.app, name)

    def policy(self, scope: Scope) -> str:
        """The content security policy of an answer to `scope`."""
        return POLICY

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        chosen = chosen_language(scope)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + [
                    (b"content-security-policy", self.policy(scope).encode()), (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY")] + (
                    [(b"set-cookie", f"{LANGUAGE_COOKIE}={chosen}; Path=/; Max-Age={YEAR}; SameSite=Lax".encode())]
                    if chosen else [])
            await send(message)

        await self.app(scope, receive, with_headers if scope["type"] == "http" else send)
