"""What the server of `ludoscribe serve` reads from a request (docs/live.md): the event, the
game named in the path, the recording device, the JSON body; `Problem` refuses a request."""

from __future__ import annotations

import json
import re
from typing import Any, Callable
from urllib.parse import parse_qsl

from starlette.requests import Request
from starlette.types import Scope

from ...notation.events.folder import Refused
from ...notation.games.base import Outcome, Refusal
from ...notation.languages import ENGLISH, LANGUAGES, Words, from_header, words
from ...notation.limits import shorten, text_problem
from ...notation.model import Problem as RecordProblem
from ...notation.problems import Saying, sentence_in
from .event_code import same_code
from ...notation.languages import N_
from .languages import LiveRefused
from .hub import Live
from ..wording import problem_in

MAX_BODY = 64 * 1024  # bytes of one request's body
DEVICE = re.compile(r"[A-Za-z0-9_-]{8,64}")
LANGUAGE_COOKIE = "lang"  # the language chosen with the pages' switch (docs/live.md#languages)
LANGUAGE_QUERY = "lang"


class Problem(Exception):
    """A request refused with an HTTP status and a message for the page, and the rules' code
    behind it when the rules refused (`detail`: {"refusal": ...} or {"ending": ...}). The message
    is an English template (marked N_) and its parameters, said in the request's language
    (`said_in`); `str()` gives it in English."""

    def __init__(self, status: int, message: str, detail: dict[str, object] | None = None, english: str = "",
                 place: Callable[[Words], str] | None = None, **params: object) -> None:
        said = {name: value.reason if isinstance(value, Outcome) else value for name, value in params.items()}
        super().__init__(english or (message.format(**said) if params else message))
        self.status, self.detail, self.template, self.params, self.place = status, detail, message, params, place

    def said_in(self, words: Words) -> str:
        """The message in the language of `words` (the rules' codes in it said in it too), the turn
        refused named first as the scoresheet names it (`place`); in English, as it came."""
        if words.language == ENGLISH:
            return str(self)
        if isinstance(turn := self.params.get("turn"), Refusal):
            sentence = turn.sentence_in(words)
        elif isinstance(coded := self.params.get("coded"), (str, RecordProblem)):  # said again from its code
            sentence = problem_in(coded, words) if isinstance(coded, RecordProblem) else sentence_in(coded, words)
        else:
            params = {name: value.reason_in(words) if isinstance(value, Outcome) else value
                      for name, value in self.params.items()}
            template = words.gettext(self.template)
            sentence = template.format(**params) if params else template
        return f"{self.place(words)}{words.gettext(': ')}{sentence}" if self.place is not None else sentence


def refusal(status: int, error: Refused, kind: str = "", place: Callable[[Words], str] | None = None) -> Problem:
    """A refusal of the event folder or of the rules as the page is told it: the rules' code said
    in the request's language (`Refusal.sentence_in`, `Outcome.reason_in`) after the turn refused
    (`place`, for a turn), a refusal of the live server's own (`LiveRefused`) from its template; any
    other in the words it came with. In English, every refusal is said as it came."""
    if isinstance(error, LiveRefused):
        problem = Problem(status, error.template, error.detail, str(error))
        problem.params = error.params
        return problem
    said, english = error.said, str(error)
    if isinstance(said, Refusal):
        return Problem(status, english, error.detail, english, place if kind == "turn" else None, turn=said)
    if isinstance(said, Outcome):
        template = (N_("the game is over: {reason}, so the result is {result}") if kind == "result"
                    else N_("the game is over: {reason}"))
        return Problem(status, template, error.detail, english, place if kind == "turn" else None, reason=said,
                       result=said.result)
    if error.reason is not None:  # a scorer's action refused by the scoresheet, its turn named if it was a turn's
        labelled = kind == "turn" and english != error.reason
        return Problem(status, english, error.detail, english, place if labelled else None, coded=error.reason)
    coded = error.args[0] if error.args else None
    if isinstance(coded, (Saying, RecordProblem)):  # the event's own code (OrganiserProblem, an event file's problem)
        return Problem(status, english, error.detail, english, coded=coded)
    return Problem(status, english, error.detail, english)


def language_of_request(request: Request) -> str:
    """The language a request is answered in: the page's switch (`?lang=`, then the cookie it
    leaves), else the browser's first language we speak (Accept-Language), else English."""
    for asked in (chosen_language(request.scope), request.cookies.get(LANGUAGE_COOKIE, "")):
        if asked in LANGUAGES:
            return asked
    return from_header(request.headers.get("accept-language", ""))


def chosen_language(scope: Scope) -> str:
    """The language a request chose with the pages' switch (`?lang=fr`; the first one we speak when
    it is given twice): the page is made in it, and a cookie keeps it for the pages that follow
    ("" when it chose none we speak): docs/live.md#languages."""
    if scope["type"] != "http":
        return ""
    query: bytes = scope.get("query_string", b"")
    for name, value in parse_qsl(query.decode("latin-1")):
        if name == LANGUAGE_QUERY and value in LANGUAGES:
            return value
    return ""


def words_of(request: Request) -> Words:
    """The words of the request's language (`language_of_request`)."""
    return words(language_of_request(request))


def live_of(request: Request) -> Live:
    """The live event the application serves (kept in its state by create_app)."""
    live: Live = request.app.state.live
    return live


def game_named(request: Request) -> str:
    live = live_of(request)
    name: str = request.path_params["name"]
    if name not in live.folder.games:
        raise Problem(404, N_("there is no game {name} in this event"), name=shorten(name, 40))  # a URL's, cut short
    return name


def recorder(request: Request) -> str:
    """The recording device, once the event code is checked."""
    code: str = request.app.state.code
    given = request.headers.get("x-event-code", "")
    if not same_code(given, code):
        raise Problem(403, N_("wrong event code: recording needs the code printed when the server started"))
    device = request.headers.get("x-device", "")
    if not DEVICE.fullmatch(device):
        raise Problem(400, N_("the page did not say which device it is: reload it"))
    return device


async def body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read up to MAX_BODY bytes."""
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise Problem(413, N_("the request is over {size} KB"), size=MAX_BODY // 1024)
    try:
        value = json.loads(data or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise Problem(400, N_("the request is not JSON")) from None
    except RecursionError:
        raise Problem(400, N_("the request is not readable JSON: arrays or objects nested too deeply")) from None
    if not isinstance(value, dict):
        raise Problem(400, N_("the request is not a JSON object"))
    if (problem := _text_problem(value)) is not None:
        raise Problem(400, "the request is {problem}", problem=problem)
    return value


def _text_problem(value: Any) -> str | None:
    """Why a text of the JSON value (a key or a string, at any depth) is not text, if one is not."""
    waiting = [value]
    while waiting:
        item = waiting.pop()
        if isinstance(item, str):
            if (problem := text_problem(item)) is not None:
                return problem
        elif isinstance(item, dict):
            waiting += [*item.keys(), *item.values()]
        elif isinstance(item, list):
            waiting += item
    return None


def text(data: dict[str, Any], key: str, default: str = "") -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise Problem(400, N_("{key} is not text"), key=key)
    return value
