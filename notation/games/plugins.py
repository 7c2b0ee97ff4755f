"""Games as plugins: one object per game says what Ludoscribe needs to know of it.

A plugin names its code as 'module:attribute' strings, imported the first time they are
needed, so that a command pays only for the games its records use. The five games of the
format are built in: their rules, names and scoring here, their drawings in the render
layer (render/boards.py), each layer listing its own parts. Another package adds a game
by exposing one `GamePlugin` with all its parts under the entry-point group
`ludoscribe.games` (docs/contributing.md#adding-a-game), read only when a Game tag names
no built-in game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Callable, Iterator, cast

if TYPE_CHECKING:
    from .base import SomeGame

ENTRY_POINTS = "ludoscribe.games"  # the entry-point group of third-party games


@dataclass(frozen=True)
class GamePlugin:
    """One game: its rules and how Ludoscribe names, draws and scores it.

    Code is given as a 'package.module:attribute' string (imported on first use) or as
    the object itself. The drawings (`diagram`, `text_board`) are the render layer's to
    load (render/boards.py), which lists those of the built-in games itself.
    """

    name: str  # as written in the Game tag: letters and digits
    rules: str | type  # the Game subclass of its rules (Variant options parsed there)
    title: str = ""  # its name for readers, when the Game tag cannot spell it (T'Chako)
    aliases: tuple[str, ...] = ()  # other Game tag values that mean this game
    diagram: str | Callable[..., str] | None = None  # draws a position as SVG (render/diagram.py)
    text_board: str | Callable[..., list[str]] | None = None  # (game, position) -> board lines for the terminal
    scoring: str = ""  # competition points WIN,DRAW,LOSS, when not 1,0.5,0

    @property
    def display_name(self) -> str:
        return self.title or self.name

    @property
    def rules_class(self) -> type[SomeGame]:
        return cast("type[SomeGame]", load(self.rules))

    def spellings(self) -> set[str]:
        """The Game tag values that name this game, as `spelling` reduces them."""
        return {spelling(name) for name in (self.name, self.display_name, *self.aliases)}


def load(code: Any) -> Any:
    """The object a 'module:attribute' string names (imported once), or `code` itself."""
    return _import(code) if isinstance(code, str) else code


@cache
def _import(reference: str) -> Any:
    module, _, attribute = reference.partition(":")
    found: Any = importlib.import_module(module)
    for part in attribute.split("."):
        found = getattr(found, part)
    return found


def spelling(tag: str) -> str:
    """A Game tag value as it is compared: case, apostrophes and outer spaces do not count."""
    return tag.strip().lower().replace("'", "")


_GAMES = "ludoscribe.notation.games."
BUILT_IN: tuple[GamePlugin, ...] = (
    GamePlugin("Teblo", _GAMES + "teblo:Teblo", scoring="3,1,0"),
    GamePlugin("Staku", _GAMES + "staku:Staku"),
    GamePlugin("Tektop", _GAMES + "tektop:Tektop"),
    GamePlugin("Tekao", _GAMES + "tekao:Tekao"),
    GamePlugin("TChako", _GAMES + "tchako:TChako", title="T'Chako"),
)
_BUILT_IN = {key: plugin for plugin in BUILT_IN for key in plugin.spellings()}


@cache
def installed() -> tuple[GamePlugin, ...]:
    """The games other packages add through the `ludoscribe.games` entry points (a built-in name is kept)."""
    from importlib.metadata import entry_points

    found = []
    for point in sorted(entry_points(group=ENTRY_POINTS), key=lambda point: point.name):
        try:
            plugin = point.load()
        except Exception as error:  # noqa: BLE001 - someone else's package: say which one failed
            raise ValueError(f"the game plugin {point.name!r} ({point.value}) cannot be loaded: {error}") from None
        if not isinstance(plugin, GamePlugin):
            raise ValueError(f"the game plugin {point.name!r} ({point.value}) is not a GamePlugin")
        if not plugin.spellings() & _BUILT_IN.keys():
            found.append(plugin)
    return tuple(found)


def plugins() -> tuple[GamePlugin, ...]:
    """Every game: the built-in ones, then the installed ones."""
    return BUILT_IN + installed()


def plugin_for(tag: str) -> GamePlugin:
    """The game a Game tag value names; ValueError saying why if none does."""
    key = spelling(tag)
    found = _BUILT_IN.get(key)
    if found is None:
        found = next((plugin for plugin in installed() if key in plugin.spellings()), None)
    if found is None:
        names = ", ".join(plugin.name for plugin in plugins())
        raise ValueError(f"unknown game {tag!r} (the Game tag is one of {names})")
    return found


def game_class(tag: str) -> type[SomeGame]:
    """The rules class for a Game tag value; ValueError saying why if there is none."""
    return plugin_for(tag).rules_class


def display_name(game: str) -> str:
    """A game's name for readers: T'Chako for the Game tag TChako, other names as they are."""
    try:
        return plugin_for(game).display_name
    except ValueError:
        return game


class Games(Mapping[str, "type[SomeGame]"]):
    """Every game's rules class by its Game tag, each imported when it is looked up."""

    def __getitem__(self, name: str) -> type[SomeGame]:
        for plugin in plugins():
            if plugin.name == name:
                return plugin.rules_class
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (plugin.name for plugin in plugins())

    def __len__(self) -> int:
        return len(plugins())


GAMES = Games()
