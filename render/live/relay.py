"""The static relay (docs/live.md#a-static-relay): an event's live pages as plain files for any web host.

The pages are those of `ludoscribe serve`, reading files instead of a server: every few
seconds they read `event.json`, a small file with each game's key, and fetch a game's
card or viewer again when its key changed; once every game is finished they read it six
times less often (a game may be reopened). Each writing replaces only the files that
changed, atomically, the games' files before `event.json`, so that a page never asks for
a file not written yet. Copy the folder to the host after each writing (or serve it as it is).

The folder holds the relay's mark, `.ludoscribe-relay`: every file it wrote, with its
SHA-256 (as `sha256sum` writes them). It tells the relay's folder from any other, and the
pages of a game gone from the event folder are removed only if the mark lists them as
they are: a file the relay did not write is never removed.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from importlib import resources
from pathlib import Path

from ...notation.files import write_text
from ...notation.languages import Words
from .hub import Live
from .languages import ENGLISH_WORDS
from .pairings import pairings_section
from .views import card, event_page, game_body, game_page, standings_section, summary

STATIC = (("ludoscribe.render", "viewer.js"), ("ludoscribe.render", "viewer.css"),
          *(("ludoscribe.render.live", f"static/{name}") for name in ("live.js", "live.css", "event.js", "game.js")))
MARK = ".ludoscribe-relay"
HEADER = "# written by ludoscribe relay: the files it wrote and their SHA-256; it removes none but these\n"


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


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def pages(live: Live, every: float, words: Words = ENGLISH_WORDS) -> dict[str, str]:
    """Every file of the relay as spectators may see the event now, by path in the folder:
    the games' files before the event's, `event.json` last; the pages in the language of `words`."""
    files = {f"static/{Path(name).name}": resources.files(package).joinpath(name).read_text(encoding="utf-8")
             for package, name in STATIC}
    games = live.ordered()
    views = [live.view(game.name) for game in games]
    event = live.folder.event_name()
    links = {game.name: f"games/{game.name}.html" for game in games}
    pause = round(every * 1000)
    for view in views:
        page_data = {"poll": "../event.json", "name": view.name, "key": view.key, "view": f"{view.name}.json",
                     "every": pause}
        files[f"games/{view.name}.html"] = game_page(event, view, "../index.html", page_data, "../", words=words)
        files[f"games/{view.name}.json"] = json.dumps({"key": view.key, "state": view.state,
                                                       "html": game_body(view, words)})
        files[f"cards/{view.name}.html"] = card(view, links[view.name], words)
    files["standings.html"] = standings_section(views, words)
    data = {"poll": "event.json", "card": "cards/NAME.html", "standings": "standings.html", "every": pause}
    files["index.html"] = event_page(event, views, links, data, root="",
                                     pairings=pairings_section(live.folder.root, views, words), words=words)
    files["event.json"] = json.dumps({"event": event, "games": [summary(view) for view in views]})
    return files


def write_relay(live: Live, out: Path, every: float, words: Words = ENGLISH_WORDS) -> tuple[list[str], list[str]]:
    """Write the event's pages into `out` as spectators may see them now (in the language of
    `words`), and remove those of games gone from the event folder; the files written, and those removed."""
    files = pages(live, every, words)
    digests = {name: _digest(text.encode("utf-8")) for name, text in files.items()}
    listed = listed_files(out)
    marked: list[str] = []
    _write(out / MARK, _mark({**listed, **digests}), marked)  # a file is listed before it is written
    written: list[str] = []
    for name, text in files.items():
        _write(out / name, text, written)
    removed = [str(out / name) for name, digest in listed.items() if name not in files and _remove(out / name, digest)]
    _write(out / MARK, _mark(digests), marked)
    return written, removed


def _mark(digests: dict[str, str]) -> str:
    return HEADER + "".join(f"{digest}  {name}\n" for name, digest in sorted(digests.items()))


def listed_files(out: Path) -> dict[str, str]:
    """The files the relay's mark in `out` lists, with their SHA-256 (none if it lists none it may remove)."""
    try:
        lines = (out / MARK).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return {}
    listed = {}
    for line in lines[1:] if lines[:1] == [HEADER.rstrip("\n")] else []:
        digest, _, name = line.partition("  ")
        if len(digest) == 64 and name and not name.startswith("/") and ".." not in name.split("/"):
            listed[name] = digest
    return listed


def _remove(path: Path, digest: str) -> bool:
    """Remove `path` if it is a regular file holding what the relay wrote there; whether it did."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode) or _digest(path.read_bytes()) != digest:
            return False
        path.unlink()
    except OSError:
        return False
    return True


def check_output(folder: Path, out: Path, force: bool = False) -> str | None:
    """Why the relay cannot write into `out`, if it cannot: the event folder itself, not a
    folder, a folder holding other files and no relay's mark (unless `force`)."""
    if out.resolve() == folder.resolve():
        return f"{out} is the event folder: the relay writes its pages into another folder"
    if out.exists() and not out.is_dir():
        return f"{out} is not a folder"
    if out.is_dir() and any(out.iterdir()) and not (out / MARK).is_file() and not force:
        return f"{out} holds other files: give an empty folder, or one the relay wrote (or --force to write into it)"
    if not os.access(out if out.exists() else out.parent, os.W_OK):
        return f"cannot write into {out}"
    return None
