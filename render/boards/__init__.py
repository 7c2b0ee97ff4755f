"""How each game's positions are shown: its SVG diagram and its board as text for the terminal.

The render layer keeps this part of every game, as the notation layer keeps its rules
(notation/games/). A built-in game's drawings are the module of this package named as its
rules module is (teblo.py for notation/games/teblo.py), with its `board` (SVG) and
`text_board` (terminal lines), imported the first time a position of the game is drawn.
A game from another package brings its drawings in its own `GamePlugin` (its `diagram`
and `text_board`): docs/contributing.md#adding-a-game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from ...notation.games.plugins import BUILT_IN, GamePlugin, plugin_for


@dataclass(frozen=True)
class Boards:
    """A game's drawings."""

    draw: Callable[..., str] | None  # (position, **options) -> SVG (see render/diagram.py); None: no diagrams
    board_lines: Callable[..., list[str]] | None  # (game, position) -> terminal lines; None: the position code's rows


def boards_for(game: str) -> Boards:
    """The drawings of the game a Game tag value names; ValueError if it names none."""
    plugin = plugin_for(game)
    if plugin.module in BUILT_IN:
        module = importlib.import_module(f"{__package__}.{plugin.module}")
        return Boards(module.board, module.text_board)
    return Boards(plugin.diagram, plugin.text_board)


def draws(plugin: GamePlugin) -> bool:
    """Whether a game has diagrams, without importing its drawings."""
    return plugin.module in BUILT_IN or plugin.diagram is not None
