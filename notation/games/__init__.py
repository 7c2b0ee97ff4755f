"""The games Ludoscribe knows, chosen by a record's Game tag: one plugin each (see plugins.py).

Importing this package imports no game: each game's modules are imported the first time
a record or a command needs them.
"""

from __future__ import annotations

from .base import (BadSetUp, Ending, FormatSetUp, Game, History, IllegalTurn, Outcome, Played, Position, Refusal,
                   RefusalCode, Said, SetUpCode, SetUpRefusal, SomeGame, Worded)
from .plugins import GAMES, GamePlugin, display_name, game_class, plugin_for, plugins

__all__ = ["GAMES", "BadSetUp", "Ending", "FormatSetUp", "Game", "GamePlugin", "History", "IllegalTurn", "Outcome",
           "Played", "Position", "Refusal", "RefusalCode", "Said", "SetUpCode", "SetUpRefusal", "SomeGame", "Worded",
           "display_name", "game_class", "plugin_for", "plugins"]
