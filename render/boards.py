"""How each game's positions are shown: its SVG diagram and its board as text for the terminal.

The render layer keeps this part of every game, as the notation layer keeps its rules
(notation/games/plugins.py). The five games of the format are listed here, their code
named as 'module:attribute' strings imported the first time it is needed; a game from
another package brings its drawings in its own `GamePlugin` (its `diagram` and
`text_board`), which this module loads: docs/contributing.md#adding-a-game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..notation.games.plugins import load, plugin_for


@dataclass(frozen=True)
class Boards:
    """A game's drawings, each a 'package.module:attribute' string or the function itself."""

    diagram: str | Callable[..., str] | None = None  # (position, **options) -> SVG (see render/diagram.py)
    text_board: str | Callable[..., list[str]] | None = None  # (game, position) -> lines for the terminal

    @property
    def draw(self) -> Callable[..., str] | None:
        """The SVG board drawing, or None for a game without diagrams."""
        return None if self.diagram is None else load(self.diagram)

    @property
    def board_lines(self) -> Callable[..., list[str]] | None:
        """The terminal board, or None to show the rows of the position code (render/text.py)."""
        return None if self.text_board is None else load(self.text_board)


_RENDER = "ludoscribe.render."
BUILT_IN: dict[str, Boards] = {  # by the name of the game's plugin
    "Teblo": Boards(_RENDER + "teblo:board", _RENDER + "teblo:text_board"),
    "Staku": Boards(_RENDER + "staku:board", _RENDER + "staku:text_board"),
    "Tektop": Boards(_RENDER + "tektop:board", _RENDER + "tektop:text_board"),
    "Tekao": Boards(_RENDER + "tekao:board", _RENDER + "tekao:text_board"),
    "TChako": Boards(_RENDER + "tchako:board", _RENDER + "tchako:text_board"),
}


def boards_for(game: str) -> Boards:
    """The drawings of the game a Game tag value names; ValueError if it names none."""
    plugin = plugin_for(game)
    return BUILT_IN.get(plugin.name) or Boards(plugin.diagram, plugin.text_board)
