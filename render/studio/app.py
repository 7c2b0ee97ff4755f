"""The server of `ludoscribe studio` (docs/annotating.md): a page, its scripts, a JSON API.

Built on Starlette like `ludoscribe serve` (render/live/), with the same security headers:
no inline script, no framing. Every request that writes needs the token made when the
server starts (header `X-Studio-Token`): the page has it, a page of another origin cannot
read it. A server listening on this computer only answers requests addressed to it by name
(`Host`), so that a web page cannot reach it through a name of its own (DNS rebinding).
"""

from __future__ import annotations

import contextlib
import functools
import hmac
import json
import re
import secrets
from urllib.parse import urlencode
from importlib import resources
from pathlib import Path
from typing import Any, AsyncIterator, Callable

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from ...notation import editing
from ...notation.editing import set_up
from ...notation.editing.file import Busy, ChangedOnDisk, EditedFile, NotEditable
from ...notation.editing import EditRefused, Path as TurnPath, read_path
from ...notation.recording.entry import offers
from ...notation.games import BadSetUp
from ...notation.games.plugins import display_name, game_class, plugins
from ...notation.limits import shorten
from ...notation.problems import message_of, sentence_in
from ...notation.model import WINNERS
from ...notation.recording.scoresheet import result_words
from ...notation.writer import TooDeep, TooLong, write_record
from ..escaping import html_text
from ..frames import inline
from ..live.cells import draw
from ..live.sheet import turn_label
from ..live.app import TYPES, SecurityHeaders, not_served
from ..live.languages import switch
from ...notation.languages import N_
from ..live.requests import LANGUAGE_QUERY, Problem, body, language_of_request, text, words_of
from ...notation.languages import ENGLISH, GAME_WORD, Words, script_words, words
from . import views
from .languages import page_in
from .publishing import Previews, SiteOptions, publish
from .workspace import Unknown, Workspace

STATIC = {  # file name -> (package, file): nothing else is served; live.js gives the page its words (t)
    "studio.js": ("ludoscribe.render.studio", "static/studio.js"),
    "studio.css": ("ludoscribe.render.studio", "static/studio.css"),
    "live.js": ("ludoscribe.render.live", "static/live.js"),
}
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def create_app(path: str | Path, token: str | None = None, host: str = "127.0.0.1",
               site: SiteOptions | None = None) -> StudioHeaders:
    """The studio of PATH (a record file or a folder); `token` lets the page write (made here if None);
    `site`: where Publish builds the site, with `site`'s options."""
    app = Starlette(routes=ROUTES, exception_handlers={Problem: refused, HTTPException: not_served},
                    lifespan=lifespan)
    app.state.workspace = Workspace(path)
    app.state.token = token or secrets.token_urlsafe(24)
    app.state.local = host in LOOPBACK
    app.state.site = site or SiteOptions()
    app.state.previews = Previews(app.state.site)
    return StudioHeaders(LocalOnly(app))


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """At the end, the previews' folder is removed."""
    try:
        yield
    finally:
        app.state.previews.close()


# A preview is a page of a site, with the site's own scripts: it runs sandboxed, in an origin of
# its own, so that nothing in it could read the studio's token or write through the studio.
PREVIEW_POLICY = ("sandbox allow-scripts allow-popups; default-src 'self' 'unsafe-inline' data:; "
                  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")


class StudioHeaders(SecurityHeaders):
    """The live server's security headers (render/live/app.py), previews sandboxed instead."""

    def policy(self, scope: Scope) -> str:
        return PREVIEW_POLICY if scope["path"].startswith("/preview/") else super().policy(scope)


class LocalOnly:
    """Refuse a request addressed by another name than this computer's, when it listens on it only."""

    def __init__(self, app: Starlette) -> None:
        self.app = app
        self.state = app.state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.app.state.local:
            host = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
            name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
            if name not in LOOPBACK:
                await JSONResponse({"refused": "this server answers on 127.0.0.1 only"}, status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


class RefusedEdit(Problem):
    """An edit refused, said from its code (notation/editing/refusals.py) in the request's language."""

    def __init__(self, status: int, error: EditRefused) -> None:
        super().__init__(status, str(error))
        self.error = error

    def said_in(self, words: Words) -> str:
        return str(self) if words.language == ENGLISH else self.error.message_in(words)


async def refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, Problem)
    return JSONResponse({"refused": error.said_in(words_of(request)), **(error.detail or {})}, status_code=error.status)


def workspace(request: Request) -> Workspace:
    found: Workspace = request.app.state.workspace
    return found


def writer(request: Request) -> None:
    """Refuse a write without the token."""
    given = request.headers.get("x-studio-token", "")
    if not hmac.compare_digest(given.encode(), request.app.state.token.encode()):
        raise Problem(403, N_("this page cannot write: the studio's token is missing or wrong (reload the page)"))


def opened(request: Request, data: dict[str, Any]) -> tuple[EditedFile, int]:
    """The file and record named by the request; 404 if there is none."""
    try:
        found = workspace(request).file(text(data, "file"))
    except Unknown as error:
        raise Problem(404, str(error)) from None
    index = data.get("record", 0)
    if isinstance(index, str) and index.isdigit():
        index = int(index)
    if not isinstance(index, int) or not 0 <= index < len(found):
        raise Problem(404, N_("there is no record {index} in {file}"), index=str(index)[:20], file=found.path.name)
    return found, index


def turn_path(data: dict[str, Any]) -> TurnPath:
    try:
        return read_path(text(data, "at"))
    except EditRefused as error:
        raise RefusedEdit(400, error) from None


def record_state(found: EditedFile, index: int, at: TurnPath, said: Words) -> dict[str, Any]:
    """The page's state of a record at a turn (the start if the turn is no longer there), its words
    in the language of `said`."""
    record = found.record(index)
    base = {"file": _name(found), "record": index, "changed": found.changed_on_disk(),
            "undo": bool(found.done), "redo": bool(found.undone), "title": views.record_title(record)}
    if record.problems:
        return {**base, "problem": str(record.problems[0]), "text": found.spans[index].text if found.spans else ""}
    if not editing.exists(record, at):
        at = ()
    return {**base, **views.state(record, at, said)}


def _name(found: EditedFile) -> str:
    """The file's name as the page knows it: its place under the folder."""
    return found.label


async def page(request: Request) -> Response:
    """The studio's page (render/studio/page.html) in the request's language, with the token and the
    name of PATH, and the record the address names (else the first one) already drawn: its script
    draws it again. In French its scripts' words come with it (docs/annotating.md#languages)."""
    language = language_of_request(request)
    said = words(language)
    values = {"token": request.app.state.token, "name": workspace(request).path.name, "title": "", "hidden": " hidden",
              "lang": language}
    asked = {name: value for name, value in request.query_params.items() if name != LANGUAGE_QUERY}
    shown = {"board": "", "moves": "", "switch": switch(language, said, html_text(query(asked))),
             "words": "" if language == ENGLISH else "".join(
                 f'\n<script type="application/json" id="ludoscribe-words-{room}">{script_words(language, room)}</script>'
                 for room in ("live", "pages"))}
    space = workspace(request)
    if "file" not in asked and space.scan():
        asked = {"file": space.names[0], "record": "0", "at": ""}
    try:
        found, index = opened(request, asked)
        state = record_state(found, index, read_path(asked.get("at", "")), said)
    except (Problem, EditRefused):
        state = {}
    if "board" in state:
        values.update(title=f"{state['title']} ({state['file']})", hidden="")
        shown.update(board=state["board"], moves=state["moves"])
    html = page_in(resources.files("ludoscribe.render.studio").joinpath("page.html").read_text(encoding="utf-8"),
                   language)
    html = PLACES.sub(lambda found: shown[found[1]] if found[1] in shown else html_text(values[found[1]]), html)
    return HTMLResponse(html, headers={"Cache-Control": "no-store"})


def query(asked: dict[str, str]) -> str:
    """The address's query, for the language switch to keep the record shown ("" for none)."""
    return urlencode(asked)


PLACES = re.compile(r"\{(token|name|title|hidden|board|moves|lang|switch|words)\}")  # filled in one pass: no text is read twice


async def static(request: Request) -> Response:
    name = request.path_params["file"]
    if name not in STATIC:
        raise Problem(404, N_("no such file"))
    package, file = STATIC[name]
    content = resources.files(package).joinpath(file).read_text(encoding="utf-8")
    return Response(content, media_type=TYPES[Path(name).suffix], headers={"Cache-Control": "no-cache"})


async def listing(request: Request) -> Response:
    return JSONResponse({"name": workspace(request).path.name, "records": workspace(request).listing()})


async def show(request: Request) -> Response:
    data = dict(request.query_params)
    found, index = opened(request, data)
    return JSONResponse(record_state(found, index, turn_path(data), words_of(request)))


async def offer(request: Request) -> Response:
    data = await body(request)
    found, index = opened(request, data)
    record = found.record(index)
    cells = data.get("cells", [])
    if not isinstance(cells, list) or not all(isinstance(cell, str) for cell in cells) or len(cells) > 20:
        raise Problem(400, N_("cells is not a list of cell names"))
    try:
        position = editing.position_at(record, turn_path(data))
    except EditRefused as error:
        raise RefusedEdit(409, error) from None
    except ValueError as error:
        raise Problem(409, str(error)) from None
    found_offers = offers(record.rules, position, text(data, "draft"), cells)
    return JSONResponse({"draft": found_offers.draft, "refused": found_offers.refused_in(words_of(request)),
                         "needs": found_offers.needs,
                         "more": found_offers.more,
                         "offers": [{"turn": item.turn, "cells": list(item.cells)} for item in found_offers.offers]})


EDITS: dict[str, Callable[[Any, TurnPath, dict[str, Any]], TurnPath]] = {
    "play": lambda record, at, data: editing.play(record, at, text(data, "turn")),
    "paste": lambda record, at, data: editing.paste(record, at, text(data, "text")),
    "promote": lambda record, at, data: editing.promote(record, at),
    "promote-main": lambda record, at, data: editing.promote_to_main(record, at),
    "delete-from": lambda record, at, data: editing.delete_from(record, at),
    "delete-variation": lambda record, at, data: editing.delete_variation(record, at),
    "comment": lambda record, at, data: editing.set_comment(record, at, text(data, "text")),
    "comment-before": lambda record, at, data: editing.set_comment(record, at, text(data, "text"), before_turn=True),
    "nag": lambda record, at, data: editing.toggle_nag(record, at, _number(data, "nag")),
    "clock": lambda record, at, data: editing.set_command(record, at, "clk", text(data, "text").strip() or None),
    "markup": lambda record, at, data: editing.toggle_markup(record, at, text(data, "kind"), text(data, "item")),
    "tag": lambda record, at, data: _tag(record, at, data),
    "remove-tag": lambda record, at, data: _remove_tag(record, at, data),
}


def _tag(record: Any, at: TurnPath, data: dict[str, Any]) -> TurnPath:
    editing.set_tag(record, text(data, "name"), text(data, "value"))
    return at


def _remove_tag(record: Any, at: TurnPath, data: dict[str, Any]) -> TurnPath:
    editing.remove_tag(record, text(data, "name"))
    return at


def _number(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Problem(400, N_("{key} is not a number"), key=key)
    return value


async def edit(request: Request) -> Response:
    """One edit of a record, saved at once; the record's new state."""
    writer(request)
    data = await body(request)
    found, index = opened(request, data)
    change = EDITS.get(text(data, "action"))
    if change is None:
        raise Problem(400, N_("{action} is not an edit the studio makes"), action=repr(text(data, "action")[:40]))
    at = turn_path(data)
    if found.changed_on_disk():
        raise Problem(409, N_("{file} was changed on disk by another program: reload it to go on "
                              "(nothing was written over it)"), file=_name(found))
    try:
        new = found.edit(index, text(data, "at"), lambda record: change(record, at, data))
    except EditRefused as error:
        if text(data, "action") == "play":
            raise turn_refused(found.record(index), at, text(data, "turn"), str(error), words_of(request)) from None
        raise RefusedEdit(409, error) from None
    except (NotEditable, ChangedOnDisk, Busy, TooLong, TooDeep) as error:
        raise Problem(409, str(error)) from None
    except OSError as error:
        raise Problem(500, N_("{file} cannot be written: {reason}"), file=_name(found),
                      reason=error.strerror or str(error)) from None
    shown = record_state(found, index, new, words_of(request))
    if text(data, "action") == "tag" and text(data, "name") == "Result":
        shown["said"] = saved_result(found.record(index), text(data, "value").strip(), words_of(request))
    return JSONResponse(shown)


def saved_result(record: Any, result: str, said: Words) -> str:
    """What the page says once a result is saved: what it means, with the sides and their players."""
    if said.language == ENGLISH:
        return f"Saved. Result {result_words(record, result)}."
    winner = WINNERS[result] if result in WINNERS else -1
    if winner is None:
        meaning = said.gettext(N_("a draw"))
    elif winner < 0:
        meaning = said.gettext(N_("unfinished"))
    else:
        side, player = record.rules.sides[winner], record.tags.get(record.rules.sides[winner], "?").strip()
        side = said.pgettext(GAME_WORD, side)
        meaning = (said.gettext(N_("{side} ({player}) wins")).format(side=side, player=player)
                   if player not in ("", "?") else said.gettext(N_("{side} wins")).format(side=side))
    return said.gettext(N_("Saved. Result {result}: {meaning}.")).format(result=result, meaning=meaning)


def turn_refused(record: Any, at: TurnPath, written: str, english: str, said: Words) -> Problem:
    """A turn the rules refuse (`editing.play`'s checks again), said from the rules' code in the
    request's language after the turn it was to be ("turn 3 Red"); the English as it came."""
    try:
        history = editing.history_at(record, at)
    except EditRefused as error:
        return RefusedEdit(409, error)
    rules, position = record.rules, history.position
    place = functools.partial(turn_label, rules, position.number, position.side)
    outcome = rules.outcome(position, history)
    if outcome is not None:
        return Problem(409, N_("the game is already over: {reason}"), None, english, place, reason=outcome)
    try:
        played = rules.play(position, rules.read_turn(written.strip()))
    except ValueError:
        return Problem(409, N_("{word} is not a {game} turn ({example})"), None, english, place,
                       word=repr(shorten(written.strip())), game=rules.name,
                       example=said.pgettext(GAME_WORD, rules.turn_example))
    if played.refusal is None:
        return Problem(409, english)
    return Problem(409, english, {"refusal": played.refusal.as_json()}, english, place, turn=played.refusal)


async def line(request: Request) -> Response:
    data = dict(request.query_params)
    found, index = opened(request, data)
    try:
        return JSONResponse({"text": editing.line_text(found.record(index), turn_path(data))})
    except EditRefused as error:
        raise RefusedEdit(409, error) from None
    except ValueError as error:
        raise Problem(409, str(error)) from None


async def history(request: Request) -> Response:
    """Undo or redo the last edit of the file (a save too); the record's state where it was made."""
    writer(request)
    data = await body(request)
    found, index = opened(request, data)
    undoing = request.url.path.endswith("/undo")
    step = found.undo if undoing else found.redo
    try:
        change = step()
    except IndexError:
        raise Problem(409, N_("there is nothing to undo in {file}") if undoing else N_("there is nothing to redo in {file}"),
                      file=_name(found)) from None
    except (ChangedOnDisk, Busy) as error:
        raise Problem(409, str(error)) from None
    index = min(change.index, len(found) - 1)
    try:
        at = read_path(change.at)
    except EditRefused:
        at = ()
    return JSONResponse(record_state(found, index, at, words_of(request)))


async def reload(request: Request) -> Response:
    """Read the file again from disk (its undo history is given up: it no longer applies)."""
    writer(request)
    data = await body(request)
    try:
        found = workspace(request).file(text(data, "file"))
    except Unknown as error:
        raise Problem(404, str(error)) from None
    try:
        found.load()
    except OSError as error:
        raise Problem(409, N_("{file} cannot be read: {reason}"), file=_name(found),
                      reason=error.strerror or str(error)) from None
    found.done.clear()
    found.undone.clear()
    index = data.get("record", 0)
    index = index if isinstance(index, int) and 0 <= index < len(found) else 0
    return JSONResponse(record_state(found, index, turn_path(data), words_of(request)))


async def new(request: Request) -> Response:
    """A new record of a game, at the end of a file of the folder or in a new file; where it is."""
    writer(request)
    data = await body(request)
    tags = data.get("tags", {})
    if not isinstance(tags, dict) or not all(isinstance(value, str) for value in tags.values()) or len(tags) > 50:
        raise Problem(400, N_("tags is not an object of texts"))
    try:
        made = editing.new_record(text(data, "game"), tags)
    except EditRefused as error:
        raise RefusedEdit(409, error) from None
    name = text(data, "file").strip()
    space = workspace(request)
    try:
        if name in space.scan() or space.single:
            found = space.file(space.names[0] if space.single else name)
            index = found.add_record(made)
        else:
            found = space.new_file(name, made)
            index = 0
    except Unknown as error:
        raise Problem(409, str(error)) from None
    except (ChangedOnDisk, Busy) as error:
        raise Problem(409, str(error)) from None
    return JSONResponse(record_state(found, index, (), words_of(request)))


async def position(request: Request) -> Response:
    """A set-up position of a game drawn from its code (the game's start if none is given), with
    `cell` given `contents` (emptied if it holds them and `again` is 1), `side` to move, or its
    `fields` besides the board given values (a JSON object), if asked (notation/editing/set_up.py);
    or the game's reason for refusing it."""
    data = dict(request.query_params)
    try:
        rules = game_class(text(data, "game"))(text(data, "variant").strip())
        code = text(data, "code").strip() or rules.position_code(rules.start_position())
        if text(data, "cell"):
            code, shown = set_up.set_cell(rules, code, text(data, "cell"), text(data, "contents"),
                                          again_empties=text(data, "again") == "1")
        elif text(data, "side").isdigit():
            code, shown = set_up.set_side(rules, code, int(text(data, "side")))
        elif text(data, "fields"):
            code, shown = set_up.set_fields(rules, code, _field_values(text(data, "fields")))
        else:
            shown = rules.read_position(code)
    except ValueError as error:
        if isinstance(error, BadSetUp):
            raise Problem(409, N_("bad Position tag: {reason}"), error.detail, f"bad Position tag: {error}",
                          reason=error.refusal.sentence_in(words_of(request))) from None
        raise Problem(409, N_("bad Position tag: {reason}"), None, f"bad Position tag: {error}",
                      reason=sentence_in(message_of(error), words_of(request))) from None
    said = words_of(request)
    label = said.gettext(N_("{game}, set-up position, {side} to play")).format(
        game=display_name(rules.name), side=said.pgettext(GAME_WORD, rules.sides[shown.side]))
    drawn = draw(rules, shown, views.SIZE)
    board = inline(drawn, "sp-", label) + (views.cells_layer(drawn, rules.name, "sp-", said) if set_up.board_of(rules) else "") \
        if drawn else ""
    return JSONResponse({"code": rules.position_code(shown), "label": label, "board": board,
                         "palette": [list(entry) for entry in set_up.palette(rules, said)],
                         "fields": set_up.field_values(rules, shown, said), "side": shown.side,
                         "sides": [said.pgettext(GAME_WORD, side) for side in rules.sides],
                         "sided": set_up.side_field(rules) is not None})


def _field_values(given: str) -> dict[str, str]:
    """The fields' values the page sends, a JSON object of texts."""
    try:
        values = json.loads(given)
    except ValueError:
        values = None
    if not isinstance(values, dict) or len(values) > 50 or not all(isinstance(value, str) for value in values.values()):
        raise Problem(400, N_("fields is not an object of texts"))
    return values


async def games(request: Request) -> Response:
    """The games a record can be made of (every game installed)."""
    return JSONResponse({"games": [[plugin.name, plugin.display_name] for plugin in plugins()]})


async def preview(request: Request) -> Response:
    """Build the record's page as `site` makes it; its address."""
    writer(request)
    data = await body(request)
    found, index = opened(request, data)
    record = found.record(index)
    if record.problems:
        raise Problem(409, N_("the record is not published: {problem}"), problem=str(record.problems[0]))
    previews: Previews = request.app.state.previews
    try:
        address = await run_in_threadpool(previews.build, write_record(record))
    except (ValueError, OSError) as error:
        raise Problem(409, str(error)) from None
    return JSONResponse({"url": address})


async def preview_file(request: Request) -> Response:
    previews: Previews = request.app.state.previews
    found = previews.file(request.path_params["number"], request.path_params["path"])
    if found is None:
        raise Problem(404, N_("no such page"))
    return FileResponse(found, headers={"Cache-Control": "no-cache"})


async def publish_site(request: Request) -> Response:
    """Build the site of PATH with `site`'s options; where it went, in words."""
    writer(request)
    if request.app.state.site.output is None:
        needs = N_("publishing needs the site's folder: start the studio with --site FOLDER")
        raise Problem(409, N_("the site cannot be built: {reason}"), None, f"the site cannot be built: {needs}",
                      reason=words_of(request).gettext(needs))
    try:
        said = await run_in_threadpool(publish, workspace(request).path, request.app.state.site, words_of(request))
    except (ValueError, OSError) as error:
        raise Problem(409, N_("the site cannot be built: {reason}"), reason=str(error)) from None
    return JSONResponse({"said": said})


async def status(request: Request) -> Response:
    data = dict(request.query_params)
    try:
        found = workspace(request).file(text(data, "file"))
    except Unknown as error:
        raise Problem(404, str(error)) from None
    return JSONResponse({"changed": found.changed_on_disk()})


ROUTES = [
    Route("/", page), Route("/static/{file}", static),
    Route("/api/records", listing), Route("/api/record", show), Route("/api/line", line),
    Route("/api/status", status), Route("/api/offers", offer, methods=["POST"]),
    Route("/api/edit", edit, methods=["POST"]), Route("/api/undo", history, methods=["POST"]),
    Route("/api/redo", history, methods=["POST"]), Route("/api/reload", reload, methods=["POST"]),
    Route("/api/new", new, methods=["POST"]), Route("/api/games", games), Route("/api/position", position),
    Route("/api/preview", preview, methods=["POST"]), Route("/api/publish", publish_site, methods=["POST"]),
    Route("/preview/{number}/{path:path}", preview_file),
    Route("/favicon.ico", lambda request: Response(status_code=204)),
]
