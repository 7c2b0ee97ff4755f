"""The organiser's side of `ludoscribe serve` (docs/live.md#the-organisers-page): a page and an API,
behind the organiser's code (header `X-Organiser-Code`), never the scorers'. Each change is made by
the library, as the commands make it (notation/events/organising.py), on the event's writer thread."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ...notation.events import organising
from ...notation.events.event_file import Event, Player
from ...notation.events.folder import Refused
from ...notation.events.round_files import round_file
from ..escaping import html_text
from .event_code import same_code
from .hub import Live
from ...notation.languages import GAME_WORD, Words
from ...notation.languages import N_
from ...notation.problems import message_of
from .languages import ENGLISH_WORDS, switch, texts
from .requests import Problem, body, live_of, refusal, text, words_of
from .views import page

MAX_NAME = 200  # characters of a player's name or club


def organiser(request: Request) -> Live:
    """The live event, once the organiser's code is checked (403 with one line otherwise)."""
    code: str = request.app.state.organiser_code
    if not code:
        raise Problem(403, N_("this server has no organiser's code: start it with ludoscribe serve"))
    if not same_code(request.headers.get("x-organiser-code", ""), code):
        raise Problem(403, N_("wrong organiser's code: the organiser's page needs the code printed for it when the "
                              "server started"))
    return live_of(request)


def number(data: dict[str, Any], key: str, required: bool = True) -> int | None:
    """A round or board number of the request (1 to 9999)."""
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 9999:
        raise Problem(400, N_("{key} is a number from 1 to 9999"), key=key)
    return value


def name(data: dict[str, Any], key: str) -> str:
    value = text(data, key).strip()
    if not value or len(value) > MAX_NAME:
        raise Problem(400, N_("{key} is a name of 1 to {most} characters"), key=key, most=MAX_NAME)
    return value


async def changed(request: Request, change: Callable[[Path, str, Event], Any]) -> Response:
    """Make an organiser's change on the writer thread (the event file read there), then show spectators
    what it changed in the folder; refused in one line, nothing changed, when it cannot be made."""
    live = organiser(request)
    root = live.folder.root

    def made() -> Any:
        text_, event = organising.load(root)
        return change(root, text_, event)

    try:
        said = await live.write(made)
    except Refused as error:
        raise refusal(409, error) from None
    except ImportError as error:
        raise Problem(501, str(error), coded=message_of(error)) from None
    except OSError as error:
        raise Problem(507, N_("cannot write in the event folder: {problem}"), problem=error.strerror or error) from None
    names = await live.read()
    live.changed(names)
    await live.told(names)
    return JSONResponse({"ok": True, "said": said, **said_sides(await live.write(state, live), words_of(request))})


def state(live: Live) -> dict[str, Any]:
    """The event as the organiser's page shows it: players, the last round's boards and their state
    (Refused when the event file is missing or wrong)."""
    _, event = organising.load(live.folder.root)
    paired = len(event.paired)
    players = [{"name": player.name, "club": player.club, "rating": player.rating, "joins": player.joins,
                "withdrawn": player.withdrawn, "byes": list(player.byes)} for player in event.players]
    current = None
    if event.paired:
        last = event.paired[-1]
        boards = []
        for board_number, board in enumerate(last.boards, start=1):
            file_name = round_file(last.number, board_number)
            game = live.folder.games.get(file_name)
            state_ = ("forfeit" if board.forfeit else "missing" if game is None else "problem" if game.problem
                      else "finished" if game.finished else "started" if game.plies else "waiting")
            boards.append({"board": board_number, "first": board.first, "second": board.second, "state": state_,
                           "result": board.forfeit or (game.result if game is not None else "*"),
                           "file": file_name, "recorder": live.recorders.holder(file_name) is not None})
        current = {"number": last.number, "boards": boards, "bye": last.bye}
    return {"event": event.name, "sides": list(event.sides), "paired": paired, "rounds": event.total_rounds(),
            "players": players, "round": current}


def said_sides(shown: dict[str, Any], words: Words) -> dict[str, Any]:
    """The organiser's state with the game's sides named in the language of `words`."""
    return {**shown, "sides": [words.pgettext(GAME_WORD, side) for side in shown["sides"]]}


async def state_json(request: Request) -> Response:
    live = organiser(request)
    try:
        return JSONResponse(said_sides(await live.write(state, live), words_of(request)))
    except Refused as error:
        raise refusal(409, error) from None


async def add_player(request: Request) -> Response:
    organiser(request)
    data = await body(request)
    entrant, club = name(data, "name"), text(data, "club").strip()
    if len(club) > MAX_NAME:  # refused whole: a club cut short would be written as nobody typed it
        raise Problem(400, N_("club is a name of at most {most} characters"), most=MAX_NAME)
    rating = data.get("rating")
    if rating is not None and (not isinstance(rating, int) or isinstance(rating, bool) or not 0 <= rating <= 4000):
        raise Problem(400, N_("rating is a number from 0 to 4000"))
    joins = number(data, "joins", required=False)
    return await changed(request, lambda root, text_, event: organising.enter_player(
        root, text_, event, Player(entrant, club, rating, "", joins or len(event.paired) + 1)).name)


async def withdraw(request: Request) -> Response:
    organiser(request)
    data = await body(request)
    entrant, round_ = name(data, "name"), number(data, "round", required=False)
    return await changed(request, lambda root, text_, event: organising.withdraw_player(
        root, text_, event, entrant, round_))


async def bye(request: Request) -> Response:
    organiser(request)
    data = await body(request)
    entrant, round_ = name(data, "name"), number(data, "round")
    assert round_ is not None
    return await changed(request, lambda root, text_, event: organising.ask_bye(root, text_, event, entrant, round_))


async def pair(request: Request) -> Response:
    organiser(request)
    data = await body(request)
    unfinished = data.get("unfinished") is True
    return await changed(request, lambda root, text_, event: organising.pair_next(
        root, text_, event, None, unfinished).number)


async def swap(request: Request) -> Response:
    organiser(request)
    data = await body(request)
    round_, board = number(data, "round"), number(data, "board")
    assert round_ is not None and board is not None

    def swap_board(root: Path, text_: str, event: Event) -> int:
        organising.rearrange(root, text_, event, round_, lambda paired: organising.swapped(paired, board))
        return board

    return await changed(request, swap_board)


async def set_board(request: Request) -> Response:
    organiser(request)
    data = await body(request)
    round_, board, first, second = number(data, "round"), number(data, "board"), name(data, "first"), name(data, "second")
    assert round_ is not None and board is not None

    def set_players(root: Path, text_: str, event: Event) -> int:
        organising.rearrange(root, text_, event, round_, lambda paired: organising.moved_to(paired, board, first, second))
        return board

    return await changed(request, set_players)


async def result(request: Request) -> Response:
    """A board's result without a record: a forfeit (in the event file), or a game played but not recorded
    (in its round file's Result, as a scorer's record would be)."""
    live = organiser(request)
    data = await body(request)
    round_, board, outcome = number(data, "round"), number(data, "board"), text(data, "result")
    assert round_ is not None and board is not None
    if data.get("forfeit") is True:
        return await changed(request, lambda root, text_, event: organising.forfeit(
            root, text_, event, round_, board, outcome).first)
    return await changed(request, lambda root, text_, event: organising.enter_result(
        live.folder, event, round_, board, outcome))


def organise_page(event: str, words: Words = ENGLISH_WORDS) -> str:
    """The organiser's page: the code first; its script (organise.js) fills the rest from the API."""
    board_word = html_text(words.pgettext("event", "Board"))  # a board of the event: a table
    say = texts(words, N_("Organise"), N_("Organiser's code"), N_("Use this code"), N_("Round"),
                N_("First"), N_("Second"), N_("State"), N_("Result"), N_("Change"),
                N_("Pair even if boards have no result"), N_("Pair the next round"), N_("Set a board"),
                N_("First player"), N_("Second player"), N_("Set the board"), N_("Players"), N_("Name"),
                N_("Club"), N_("Rating"), N_("Status"), N_("Enter a player"), N_("Enter the player"))
    body_ = f"""<header class="ls-head">{switch(words.language, words)}\
<p><a href="/">{html_text(event)}</a></p><h1>{say["Organise"]}</h1></header>
<main class="ls-organise">
<form class="ls-code-form"><label for="ls-organiser-code">{say["Organiser's code"]}</label>
<input id="ls-organiser-code" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" required>
<button type="submit">{say["Use this code"]}</button></form>
<p class="ls-message" role="status" aria-live="polite"></p>
<div class="ls-organise-body" hidden>
<section aria-label="{say["Round"]}"><h2 class="ls-round-heading">{say["Round"]}</h2>
<table class="ls-boards-table"><thead><tr><th>{board_word}</th><th class="ls-first-side">{say["First"]}</th>
<th class="ls-second-side">{say["Second"]}</th><th>{say["State"]}</th><th>{say["Result"]}</th>\
<th>{say["Change"]}</th></tr></thead><tbody></tbody></table>
<p class="ls-bye"></p>
<form class="ls-pair"><label><input type="checkbox" name="unfinished"> {say["Pair even if boards have no result"]}</label>
<button type="submit">{say["Pair the next round"]}</button></form>
<form class="ls-set-board"><h3>{say["Set a board"]}</h3>
<label for="ls-set-number">{board_word}</label><input id="ls-set-number" name="board" inputmode="numeric" required>
<label for="ls-set-first">{say["First player"]}</label><input id="ls-set-first" name="first" autocomplete="off" required>
<label for="ls-set-second">{say["Second player"]}</label><input id="ls-set-second" name="second" autocomplete="off" required>
<button type="submit">{say["Set the board"]}</button></form></section>
<section aria-label="{say["Players"]}"><h2>{say["Players"]}</h2><table class="ls-players-table"><thead><tr>\
<th>{say["Name"]}</th><th>{say["Club"]}</th>
<th>{say["Rating"]}</th><th>{say["Status"]}</th><th>{say["Change"]}</th></tr></thead><tbody></tbody></table>
<form class="ls-add-player"><h3>{say["Enter a player"]}</h3>
<label for="ls-player-name">{say["Name"]}</label><input id="ls-player-name" name="name" autocomplete="off" required>
<label for="ls-player-club">{say["Club"]}</label><input id="ls-player-club" name="club" autocomplete="off">
<label for="ls-player-rating">{say["Rating"]}</label><input id="ls-player-rating" name="rating" inputmode="numeric">
<button type="submit">{say["Enter the player"]}</button></form></section>
</div></main>"""
    return page(words.gettext("Organise · {event}").format(event=event), body_, ["live.js", "organise.js"], {},
                words=words)


async def organise_html(request: Request) -> Response:
    return HTMLResponse(organise_page(live_of(request).folder.event_name(), words_of(request)))


ROUTES = [
    Route("/organise", organise_html), Route("/api/organise", state_json),
    Route("/api/organise/players", add_player, methods=["POST"]),
    Route("/api/organise/withdraw", withdraw, methods=["POST"]), Route("/api/organise/bye", bye, methods=["POST"]),
    Route("/api/organise/pair", pair, methods=["POST"]), Route("/api/organise/swap", swap, methods=["POST"]),
    Route("/api/organise/set-board", set_board, methods=["POST"]),
    Route("/api/organise/result", result, methods=["POST"]),
]
