"""Games as plugins: one object per game says what Ludoscribe needs to know of it.

Each game's module ends with its `PLUGIN`: its rules class, title, aliases, scoring and
how a scorer's taps become its turns. The five games of the format are modules of this
package, named by the Game tag as `spelling` reduces it (T'Chako's is `tchako`), and
imported the first time a record names them, so that a command pays only for the games
its records use; their drawings live in the render layer, one module per game under the
same name (render/boards/). Another package adds a game by exposing one `GamePlugin`,
drawings included, under the entry-point group `ludoscribe.games`
(docs/contributing.md#adding-a-game), read only when a Game tag names no built-in game.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Callable, Iterator

from ..problems import FormatProblem, VariantProblem, say
from .entry import Entry

if TYPE_CHECKING:
    from .base import SomeGame

ENTRY_POINTS = "ludoscribe.games"  # the entry-point group of third-party games
BUILT_IN = ("teblo", "staku", "tektop", "tekao", "tchako")  # the modules of this package that are games, in the order listed


@dataclass(frozen=True)
class GamePlugin:
    """One game: its rules and how Ludoscribe names, scores, enters and draws it.

    The drawings (`diagram`, `text_board`) are given by games from other packages; the
    built-in games' are the render layer's (render/boards/).
    """

    name: str  # as written in the Game tag: letters and digits
    rules: type[SomeGame]  # the Game subclass of its rules (Variant options parsed there)
    title: str = ""  # its name for readers, when the Game tag cannot spell it (T'Chako)
    aliases: tuple[str, ...] = ()  # other Game tag values that mean this game
    scoring: str = ""  # competition points WIN,DRAW,LOSS, when not 1,0.5,0
    entry: Entry = field(default_factory=Entry)  # how tapped cells become turns (docs/live.md#entering-a-turn)
    diagram: Callable[..., str] | None = None  # draws a position as SVG (render/diagram.py)
    text_board: Callable[..., list[str]] | None = None  # (game, position) -> board lines for the terminal

    @property
    def display_name(self) -> str:
        return self.title or self.name

    @property
    def module(self) -> str:
        """The name its modules go by (render/boards/<module>.py for a built-in game)."""
        return spelling(self.name)

    def spellings(self) -> set[str]:
        """The Game tag values that name this game, as `spelling` reduces them."""
        return {spelling(name) for name in (self.name, self.display_name, *self.aliases)}


def spelling(tag: str) -> str:
    """A Game tag value as it is compared: case, apostrophes and outer spaces do not count."""
    return tag.strip().lower().replace("'", "")


@cache
def built_in(module: str) -> GamePlugin:
    """The plugin of a built-in game, by its module's name (imported once)."""
    plugin = importlib.import_module(f"{__package__}.{module}").PLUGIN
    assert isinstance(plugin, GamePlugin) and plugin.module == module, module
    return plugin


def built_ins() -> tuple[GamePlugin, ...]:
    """The five games of the format (each imported)."""
    return tuple(built_in(module) for module in BUILT_IN)


@cache
def installed() -> tuple[GamePlugin, ...]:
    """The games other packages add through the `ludoscribe.games` entry points (a built-in name is kept)."""
    from importlib.metadata import entry_points

    taken = {key for plugin in built_ins() for key in plugin.spellings()}
    found = []
    for point in sorted(entry_points(group=ENTRY_POINTS), key=lambda point: point.name):
        try:
            plugin = point.load()
        except Exception as error:  # noqa: BLE001 - someone else's package: say which one failed
            raise ValueError(say(VariantProblem.PLUGIN_NOT_LOADED, written=point.name, value=point.value,
                                 reason=str(error))) from None
        if not isinstance(plugin, GamePlugin):
            raise ValueError(say(VariantProblem.NOT_A_PLUGIN, written=point.name, value=point.value))
        if not plugin.spellings() & taken:
            found.append(plugin)
    return tuple(found)


def plugins() -> tuple[GamePlugin, ...]:
    """Every game: the built-in ones, then the installed ones."""
    return built_ins() + installed()


def plugin_for(tag: str) -> GamePlugin:
    """The game a Game tag value names; ValueError saying why if none does."""
    key = spelling(tag)
    if key in BUILT_IN:
        return built_in(key)
    found = next((plugin for plugin in plugins() if key in plugin.spellings()), None)
    if found is None:
        raise ValueError(say(FormatProblem.UNKNOWN_GAME, written=tag, names=[plugin.name for plugin in plugins()]))
    return found


def game_class(tag: str) -> type[SomeGame]:
    """The rules class for a Game tag value; ValueError saying why if there is none."""
    return plugin_for(tag).rules


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
                return plugin.rules
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (plugin.name for plugin in plugins())

    def __len__(self) -> int:
        return len(plugins())


GAMES = Games()
