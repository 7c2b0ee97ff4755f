"""The captions of diagrams on a print sheet and of GIF frames (`diagram --sheet`, `--gif`,
docs/diagrams.md#images).

They name the record as its document does (render/wording.py) and the turn as the
diagrams do (render/diagram.py); kept apart from both so neither imports the other back.
"""

from __future__ import annotations

from ..notation.games.base import SomeGame
from ..notation.games.plugins import plugin_for
from ..notation.languages import Words
from ..notation.model import Record, without_commands
from .diagram import turn_label
from .wording import ENGLISH
from .wording import caption as heading


def caption(record: Record, ply: int, words: Words = ENGLISH) -> tuple[str, str]:
    """A diagram's caption on a print sheet: a title naming the record (players, event,
    date) and a text saying which position it is, with the turn's comment (its commands
    left out): ('Ann – Bob · Club night', 'after 12... D4: a fine move')."""
    where = position_name(record, ply, words)
    comments = record.comments if ply == 0 else record.moves[ply - 1].comments
    comment = " ".join(text for text in (without_commands(comment) for comment in comments) if text)
    return heading(record, words), words.gettext("{where}: {comment}").format(where=where, comment=comment) if comment else where


def position_name(record: Record, ply: int, words: Words = ENGLISH) -> str:
    """Which main-line position a diagram shows, as its caption says it: 'start', 'after 12... D4'
    (a sheet's text and each frame of a GIF)."""
    if ply == 0:
        return words.gettext("start")
    turn = f"{turn_label(record, ply)} {record.rules.turn_text(record.moves[ply - 1].turn)}"
    return words.gettext("after {turn}").format(turn=turn)


def caption_of_position(game: SomeGame, code: str) -> tuple[str, str]:
    """The caption of a position code's diagram on a print sheet: the game and the code."""
    return plugin_for(game.name).display_name, code
