"""The recording side of `ludoscribe serve` (docs/live.md): the scoresheet pages and the API
by which one device at a time, holding the event's code, creates, claims and records a game."""

from __future__ import annotations

import datetime
import functools
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ...notation.recording.entry import entry_for, offers
from ...notation.events.folder import KINDS, Action, Applied, Refused
from ...notation.games import plugins
from .hub import Live
from ...notation.languages import N_
from ...notation.languages import GAME_WORD, Words
from .languages import ENGLISH_WORDS
from .requests import Problem, body, game_named, live_of, recorder, refusal, text, words_of
from .views import summaries
from . import sheet as sheet_views

MAX_TEXT = 4096  # characters of one action's text: a turn, a comment (docs/live.md#corrections-comments-and-results)


async def record_html(request: Request) -> Response:
    live = live_of(request)
    words = words_of(request)
    games = await live.render(summaries, live.every_view(), words)  # a page anyone may open: delayed
    choices = [(plugin.name, plugin.display_name, [words.pgettext(GAME_WORD, side) for side in plugin.rules.sides])
               for plugin in plugins()]
    today = datetime.date.today().strftime("%Y.%m.%d")
    return HTMLResponse(sheet_views.record_page(live.folder.event_name(), games, choices, today, words))


async def sheet_html(request: Request) -> Response:
    live = live_of(request)
    name = game_named(request)
    return HTMLResponse(await live.make(sheet_views.sheet_page, live.folder.event_name(), live.whole(name),
                                        words_of(request)))


async def check_code(request: Request) -> Response:
    recorder(request)
    return JSONResponse({"ok": True})


async def create(request: Request) -> Response:
    live = live_of(request)
    device = recorder(request)
    data = await body(request)
    names = data.get("players", ["?", "?"])
    if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
        raise Problem(400, N_("players is a list of two names"))
    asked = (text(data, "game"), text(data, "round"), text(data, "board"), (names[0], names[1]), text(data, "variant"))
    date = text(data, "date").strip() or None

    def made() -> str:  # on the writer thread (hub.py)
        name, lock = live.folder.new_game(*asked, date=date)
        live.recorders.hold(name, device, lock)
        return name

    try:
        name = await live.write(made)
    except Refused as error:
        raise refusal(409, error) from None
    except OSError as error:  # a folder full or read-only: the game's file is not made (docs/live.md#safety)
        raise Problem(507, N_("cannot make the game's file in the event folder: {problem}"),
                      problem=error.strerror or error) from None
    live.changed([name])
    await live.told([name])
    return JSONResponse({"name": name})


async def claim(request: Request) -> Response:
    live = live_of(request)
    device = recorder(request)
    name = game_named(request)
    data = await body(request)
    try:
        await live.write(live.recorders.claim, name, device, data.get("take_over") is True)
    except Refused as error:
        raise refusal(409, error) from None
    return JSONResponse(await sheet_state(live, name, device, words=words_of(request)))


async def release(request: Request) -> Response:
    device = recorder(request)
    live = live_of(request)
    await live.write(live.recorders.release, game_named(request), device)
    return JSONResponse({"ok": True})


async def sheet_json(request: Request) -> Response:
    device = recorder(request)
    return JSONResponse(await sheet_state(live_of(request), game_named(request), device, words=words_of(request)))


async def sheet_state(live: Live, name: str, device: str, applied: Applied | None = None,
                      words: Words = ENGLISH_WORDS) -> dict[str, Any]:
    """The scoresheet's state, made off the event loop from the game as it is now."""
    game = live.folder.games[name]
    holder = live.recorders.holder(name)
    proposed = applied.proposed if applied else game.ended if not game.finished else None
    state = await live.make(sheet_views.sheet_state, game, proposed, words)
    state["recorder"] = "you" if holder == device else "other" if holder else "nobody"
    return state


async def offer(request: Request) -> Response:
    live = live_of(request)
    recorder(request)
    name = game_named(request)
    data = await body(request)
    cells = data.get("cells", [])
    if not (isinstance(cells, list) and len(cells) <= 8 and all(isinstance(c, str) and len(c) <= 8 for c in cells)):
        raise Problem(400, N_("cells is a list of at most 8 cell names"))
    draft = text(data, "draft")[:400]
    game = live.folder.games[name]
    if game.problem is not None or game.replayed is None or game.record is None:
        raise Problem(409, game.problem) if game.problem else Problem(409, N_("{name} cannot be recorded"), name=name)
    rules, position, flipped = game.record.rules, game.replayed.final, data.get("flipped") is True
    said = words_of(request)

    def answer() -> dict[str, Any]:  # in the pool of renderers (hub.py): the rules asked off the event loop
        found = offers(rules, position, draft, cells)
        return sheet_views.offers_state(game, found, frozenset(cells), entry_for(rules).buttons_in(said),
                                        flipped=flipped, words=said)

    return JSONResponse(await live.make(answer))


async def act(request: Request) -> Response:
    live = live_of(request)
    device = recorder(request)
    name = game_named(request)
    data = await body(request)
    ply = data.get("ply")
    if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply < 10**6:
        raise Problem(400, N_("ply is the number of turns the page saw"))
    kind, written = text(data, "kind"), text(data, "text")
    if len(written) > MAX_TEXT:  # refused whole: a text cut short would save something the scorer never wrote
        template = (N_("this comment is {length:,} characters long, over the {most:,} one action takes: nothing was "
                       "saved (split it in several comments)") if kind == "comment" else
                    N_("this {kind} is {length:,} characters long, over the {most:,} one action takes: nothing was saved"))
        raise Problem(400, template, kind=kind if kind in KINDS else "action", length=len(written), most=MAX_TEXT)
    action = Action(text(data, "id")[:64], ply, kind, written, text(data, "reason")[:64])
    if not action.id:
        raise Problem(400, N_("an action has an id"))
    before = live.folder.games.get(name)  # the turn a refused one was meant as, named in the page's language
    place = None
    if before is not None and before.record is not None and before.replayed is not None:
        position = before.replayed.final
        place = functools.partial(sheet_views.turn_label, before.record.rules, position.number, position.side)
    try:
        applied = await live.write(live.recorders.apply, name, device, action)
    except Refused as error:
        if name in live.folder.games:  # the file may have changed under the device: show it as it is
            live.changed([name])
            await live.told([name])
        raise refusal(409, error, kind, place) from None
    live.changed([name])
    await live.told([name])
    state = await sheet_state(live, name, device, applied, words_of(request))
    return JSONResponse({"ok": True, "again": applied.again, **state})


ROUTES = [
    Route("/record", record_html), Route("/record/{name}", sheet_html),
    Route("/api/code", check_code, methods=["POST"]), Route("/api/games", create, methods=["POST"]),
    Route("/api/games/{name}/sheet", sheet_json), Route("/api/games/{name}/claim", claim, methods=["POST"]),
    Route("/api/games/{name}/release", release, methods=["POST"]),
    Route("/api/games/{name}/offers", offer, methods=["POST"]),
    Route("/api/games/{name}/actions", act, methods=["POST"]),
]
