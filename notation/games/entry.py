"""How a game's turns are proposed from the cells a scorer taps: by default, from its legal turns.

A game's plugin names its `Entry` (notation/games/plugins.py); the scoresheet asks it for the
turns that extend a draft (notation/recording/entry.py, docs/live.md#entering-a-turn). A turn
extends another when its text starts with the other's, followed by a sign that is not a
letter or a digit (`c3-d3+f4` extends `c3-d3`, `D10` does not extend `D1`).
"""

from __future__ import annotations

import bisect
from collections import OrderedDict
from typing import Hashable, Iterator, Mapping

from ..languages import GAME_WORD, Words
from ..worded import Worded
from .base import Position, SomeGame


class EntryProblem(Worded):
    """Why a draft of a turn tapped on the board is refused, by its code (notation/recording/entry.py)."""

    TURN_REFUSED = "turn-refused", "{turn}: {said}"
    DICE_FIRST = "dice-first", "give the dice first: four digits 1-6 a throw, up to three throws (2514/2554)"


class Entry:
    """How turns of a game are proposed from the cells tapped: by default, from its legal turns."""

    needs = ""  # what the turn starts with, given apart from the board ("dice")
    buttons: Mapping[str, str] = {}  # places that are not cells of the drawing, by name: {"O": "Off the board"}

    def buttons_in(self, words: Words | None = None) -> dict[str, str]:
        """The buttons' words in the language of `words` (English without): each is a game's word
        (marked `game_word` where it is written)."""
        return {place: label if words is None else words.pgettext(GAME_WORD, label) for place, label in self.buttons.items()}

    def chance(self, draft: str) -> Hashable:
        """What `legal_turns` needs besides the position, read from the draft (ValueError if missing)."""
        return None

    def candidates(self, game: SomeGame, position: Position, draft: str, selection: frozenset[str]) -> Iterator[str]:
        """Texts of legal turns extending the draft by one part (checked again by the caller)."""
        texts = legal_texts(game, position, self.chance(draft))
        return minimal_extensions(texts, draft)


# the last positions asked about, by game, variant, position code and chance
_LEGAL: OrderedDict[tuple[type[SomeGame], frozenset[str], str, Hashable], tuple[str, ...]] = OrderedDict()
KEPT = 16


def legal_texts(game: SomeGame, position: Position, chance: Hashable = None) -> tuple[str, ...]:
    """Every legal turn's canonical text, sorted (kept for the last positions asked about)."""
    key = (type(game), game.variant, game.position_code(position), chance)
    texts = _LEGAL.get(key)
    if texts is None:
        texts = tuple(sorted({game.turn_text(game.play(position, turn).turn)
                              for turn in game.legal_turns(position, chance)}))
        _LEGAL[key] = texts
        while len(_LEGAL) > KEPT:
            _LEGAL.popitem(last=False)
    _LEGAL.move_to_end(key)
    return texts


def extends(text: str, draft: str) -> bool:
    """Whether `text` is `draft` followed by more, from a sign that is not a letter or a digit."""
    return not draft or (len(text) > len(draft) and text.startswith(draft) and not text[len(draft)].isalnum())


def minimal_extensions(texts: tuple[str, ...], draft: str) -> Iterator[str]:
    """The texts that extend `draft` with no other text of `texts` between them (texts sorted)."""
    kept: list[str] = []  # the texts kept whose extensions may still follow, shortest first
    for text in texts[bisect.bisect_left(texts, draft):]:
        if not text.startswith(draft):
            break
        if not extends(text, draft):
            continue
        while kept and not text.startswith(kept[-1]):
            kept.pop()
        if kept and extends(text, kept[-1]):
            continue
        kept.append(text)
        yield text
