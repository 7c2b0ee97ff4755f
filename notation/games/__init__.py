"""The games Ludoscribe knows, chosen by a record's Game tag."""

from __future__ import annotations

from .base import Game, History, Outcome, Position
from .staku import Staku
from .teblo import Teblo
from .tekao import Tekao
from .tchako import TChako
from .tektop import Tektop

# Every game of the format, by its Game tag (read case-insensitively). The value is
# the class implementing its rules, or None while its engine is not written yet.
GAMES: dict[str, type[Game] | None] = {
    "Teblo": Teblo,
    "Staku": Staku,
    "Tektop": Tektop,
    "Tekao": Tekao,
    "TChako": TChako,
}
_BY_LOWER = {name.lower(): name for name in GAMES}
# The names readers see, where a Game tag cannot spell them (a tag value has no apostrophe).
DISPLAY_NAMES = {"TChako": "T'Chako"}


def display_name(game: str) -> str:
    """A game's name for readers: T'Chako for the Game tag TChako, other names as they are."""
    return DISPLAY_NAMES.get(game, game)


def game_class(tag: str) -> type[Game]:
    """The rules class for a Game tag value; ValueError saying why if there is none."""
    name = _BY_LOWER.get(tag.strip().lower().replace("'", ""))
    if name is None:
        raise ValueError(f"unknown game {tag!r} (the Game tag is one of {', '.join(GAMES)})")
    found = GAMES[name]
    if found is None:
        raise ValueError(f"{name} records cannot be checked yet: this version has no {name} engine")
    return found


__all__ = ["GAMES", "Game", "History", "Outcome", "Position", "display_name", "game_class"]
