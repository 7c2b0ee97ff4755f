"""Entering a turn by tapping its cells: the legal turns a scorer may mean (docs/live.md#entering-a-turn).

One approach serves every game, through its rules only. A turn is built as a **draft**, a
legal turn that may grow: the scorer taps cells, and the turns offered are the legal ones
that extend the draft by one part and involve every cell tapped. A turn involves the cells
whose contents it changes (`Game.cells` before and after it) and the cells its text names.
A turn extends another when its text starts with the other's, followed by a sign that is
not a letter or a digit (`c3-d3+f4` extends `c3-d3`, `D10` does not extend `D1`); it
extends it by one part when no legal turn lies between them.

A game needs more only where the rules cannot list its turns: Tektop's turns depend on the
dice, written first in the turn (the dice are the draft the steps extend), and a T'Chako
turn is a chain of actions whose outcomes (where a shot stopped, what it hit, what it
pushed) no engine can list, so its actions are proposed from the cells tapped and checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Mapping

from ..games import Position, SomeGame, plugin_for
from ..games.entry import Entry, EntryProblem
from ..languages import Words
from ..problems import message_of, say, sentence_in, turn_label

MAX_OFFERS = 30  # turns offered at once; tapping another cell narrows them


@dataclass(frozen=True)
class Offer:
    """One turn the scorer may mean: its canonical text, and the cells it involves beyond the draft."""

    turn: str
    cells: tuple[str, ...]


@dataclass(frozen=True)
class Offers:
    """What tapping gives: the draft as the engine reads it, why it is refused (if it is), the
    turns offered, and how many more there were."""

    draft: str
    refused: str | None
    offers: tuple[Offer, ...]
    more: int = 0
    needs: str = ""  # what the scorer must give before tapping: "dice"

    def refused_in(self, words: Words) -> str | None:
        """Why the draft is refused, in the language of `words` (from its code)."""
        return None if self.refused is None else sentence_in(self.refused, words)


def entry_for(game: SomeGame) -> Entry:
    """How turns of this game are proposed: as its plugin says."""
    return plugin_for(game.name).entry


def offers(game: SomeGame, position: Position, draft: str, selection: Iterable[str] = (), limit: int = MAX_OFFERS) -> Offers:
    """The turns that extend `draft` (a turn's text, "" for none yet) by one part and involve
    every cell of `selection`, fewest cells first.

    With no cell selected, the turns that involve no cell (a pass). A game whose turns start
    with what the board cannot show (Tektop's dice) says so in `needs` while the draft lacks it.
    """
    entry = entry_for(game)
    chosen = frozenset(selection)
    draft = draft.strip()
    try:
        base, after = _played(game, position, draft)
        refused = None
    except ValueError as error:  # not a turn by itself: maybe the start of one (dice that must be used)
        base, after, refused = draft, position, message_of(error)
    try:
        found = _involving(game, position, base, after, entry.candidates(game, position, draft, chosen), chosen,
                           entry.buttons)
    except ValueError as error:  # what the draft needs is missing (the dice)
        return Offers(draft, None, (), needs=entry.needs) if not draft else Offers(draft, message_of(error), ())
    if refused is not None and not found:
        return Offers(draft, refused, (), needs=entry.needs)
    found.sort(key=lambda offer: (len(offer.cells), offer.turn))
    return Offers(draft, None, tuple(found[:limit]), max(0, len(found) - limit), entry.needs)


def _played(game: SomeGame, position: Position, draft: str) -> tuple[str, Position]:
    """The draft's canonical text and the position after it (the position itself for no draft);
    ValueError with the rules' reason if it is not a legal turn."""
    if not draft:
        return "", position
    played = game.play(position, game.read_turn(draft))
    if played.after is None:
        assert played.refusal is not None  # a turn with no position after it is refused
        raise ValueError(say(EntryProblem.TURN_REFUSED, turn=turn_label(game, position.number, position.side),
                             said=played.refusal))
    return game.turn_text(played.turn), played.after


def _involving(game: SomeGame, position: Position, base: str, after: Position, texts: Iterable[str],
               chosen: frozenset[str], buttons: Mapping[str, str]) -> list[Offer]:
    """The legal turns among `texts` that involve every chosen cell (beyond the draft `base`,
    which led to `after`; `buttons`, the places beside the board), each once."""
    before = dict(game.cells(after))
    names = cell_names(type(game), tuple(before)) if before else None
    found: dict[str, Offer] = {}
    for text in texts:
        try:
            turn = game.read_turn(text)
        except ValueError:
            continue
        played = game.play(position, turn)
        if played.reason is not None:
            continue
        canonical = game.turn_text(played.turn)
        if canonical in found or canonical == base:
            continue
        cells = {name for name, content in game.cells(played.after).items() if before.get(name, content) != content}
        if names is not None:
            added = canonical[len(base):] if canonical.startswith(base) else canonical
            cells.update(names.findall(added))
        cells.update(name for name in chosen if name in buttons and name in canonical)
        if (chosen and chosen <= cells) or (not chosen and not cells):
            found[canonical] = Offer(canonical, tuple(sorted(cells)))
    return list(found.values())


@lru_cache(maxsize=32)
def cell_names(rules: type, names: tuple[str, ...]) -> re.Pattern[str]:
    """A pattern finding the cell names a turn's text holds (the longest name first: D10 before D1)."""
    return re.compile("|".join(re.escape(name) for name in sorted(names, key=len, reverse=True)))
