"""The static relay (docs/live.md#a-static-relay): an event's live pages as plain files for any web host.

The pages are those of `ludoscribe serve`, reading files instead of a server: every few
seconds they read `event.json`, a small file with each game's key, and fetch a game's
card or viewer again when its key changed; they stop once no game is being played.
Each writing replaces only the files that changed, atomically, the games' files before
`event.json`, so that a page never asks for a file not written yet. Copy the folder to
the host after each writing (or serve it as it is).
"""

from __future__ import annotations

import json
import os
from importlib import resources
from pathlib import Path

from ...notation.files import write_text
from .hub import Live
from .views import card, event_page, game_body, game_page, standings_section, summary

STATIC = (("ludoscribe.render", "viewer.js"), ("ludoscribe.render", "viewer.css"),
          *(("ludoscribe.render.live", f"static/{name}") for name in ("live.js", "live.css", "event.js", "game.js")))


def _write(path: Path, text: str, written: list[str]) -> None:
    """Write `text` to `path` atomically, unless it holds it already."""
    try:
        if path.read_text(encoding="utf-8") == text:
            return
    except (OSError, UnicodeDecodeError):
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(str(path), text)
    written.append(str(path))


def write_relay(live: Live, out: Path, every: float) -> list[str]:
    """Write the event's pages into `out` as spectators may see them now; the files written."""
    written: list[str] = []
    for package, name in STATIC:
        _write(out / "static" / Path(name).name, resources.files(package).joinpath(name).read_text(encoding="utf-8"),
               written)
    games = live.ordered()
    views = [live.view(game.name) for game in games]
    event = live.folder.event_name()
    links = {game.name: f"games/{game.name}.html" for game in games}
    pause = round(every * 1000)
    for view in views:
        page_data = {"poll": "../event.json", "name": view.name, "key": view.key, "view": f"{view.name}.json",
                     "every": pause}
        _write(out / "games" / f"{view.name}.html", game_page(event, view, "../index.html", page_data, "../"), written)
        _write(out / "games" / f"{view.name}.json",
               json.dumps({"key": view.key, "state": view.state, "html": game_body(view)}), written)
        _write(out / "cards" / f"{view.name}.html", card(view, links[view.name]), written)
    _write(out / "standings.html", standings_section(views), written)
    data = {"poll": "event.json", "card": "cards/NAME.html", "standings": "standings.html", "every": pause}
    _write(out / "index.html", event_page(event, views, links, data, root=""), written)
    _write(out / "event.json", json.dumps({"event": event, "games": [summary(view) for view in views]}), written)
    return written


def check_output(folder: Path, out: Path) -> str | None:
    """Why the relay cannot write into `out`, if it cannot."""
    if out.resolve() == folder.resolve():
        return f"{out} is the event folder: the relay writes its pages into another folder"
    if out.exists() and not out.is_dir():
        return f"{out} is not a folder"
    if out.is_dir() and any(out.iterdir()) and not (out / "event.json").is_file():
        return f"{out} holds other files: give an empty folder, or one the relay wrote"
    if not os.access(out if out.exists() else out.parent, os.W_OK):
        return f"cannot write into {out}"
    return None
