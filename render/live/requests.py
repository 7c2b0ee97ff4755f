"""What the server of `ludoscribe serve` reads from a request (docs/live.md): the event, the
game named in the path, the recording device, the JSON body; `Problem` refuses a request."""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.requests import Request

from ...notation.limits import text_problem
from .event_code import same_code
from .hub import Live

MAX_BODY = 64 * 1024  # bytes of one request's body
DEVICE = re.compile(r"[A-Za-z0-9_-]{8,64}")


class Problem(Exception):
    """A request refused with an HTTP status and a message for the page, and the rules' code
    behind it when the rules refused (`detail`: {"refusal": ...} or {"ending": ...})."""

    def __init__(self, status: int, message: str, detail: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.status, self.detail = status, detail


def live_of(request: Request) -> Live:
    """The live event the application serves (kept in its state by create_app)."""
    live: Live = request.app.state.live
    return live


def game_named(request: Request) -> str:
    live = live_of(request)
    name: str = request.path_params["name"]
    if name not in live.folder.games:
        raise Problem(404, f"there is no game {name} in this event")
    return name


def recorder(request: Request) -> str:
    """The recording device, once the event code is checked."""
    code: str = request.app.state.code
    given = request.headers.get("x-event-code", "")
    if not same_code(given, code):
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
    except RecursionError:
        raise Problem(400, "the request is not readable JSON: arrays or objects nested too deeply") from None
    if not isinstance(value, dict):
        raise Problem(400, "the request is not a JSON object")
    if (problem := _text_problem(value)) is not None:
        raise Problem(400, f"the request is {problem}")
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
        raise Problem(400, f"{key} is not text")
    return value
