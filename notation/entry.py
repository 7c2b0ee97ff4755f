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

import bisect
import re
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Hashable, Iterable, Iterator, Mapping

from .games import Position, SomeGame

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


class Entry:
    """How turns of a game are proposed from the cells tapped: by default, from its legal turns."""

    needs = ""  # what the turn starts with, given apart from the board ("dice")
    buttons: Mapping[str, str] = {}  # places that are not cells of the drawing, by name: {"O": "Off the board"}

    def chance(self, draft: str) -> Hashable:
        """What `legal_turns` needs besides the position, read from the draft (ValueError if missing)."""
        return None

    def candidates(self, game: SomeGame, position: Position, draft: str, selection: frozenset[str]) -> Iterator[str]:
        """Texts of legal turns extending the draft by one part (checked again by the caller)."""
        texts = legal_texts(game, position, self.chance(draft))
        return minimal_extensions(texts, draft)


class DiceFirst(Entry):
    """Tektop: the dice of the turn come first (docs/games/tektop.md#turns), the steps extend them."""

    needs = "dice"
    DICE = re.compile(r"[1-6]{4}(?:/[1-6]{4}){0,2}")

    def chance(self, draft: str) -> Hashable:
        dice = draft.partition(":")[0]
        if not self.DICE.fullmatch(dice):
            raise ValueError("give the dice first: four digits 1-6 a throw, up to three throws (2514/2554)")
        return tuple(dice.split("/"))


class Actions(Entry):
    """T'Chako: a turn is actions joined by commas (docs/games/tchako.md#turns), each proposed from
    the zones tapped: shots between them (with the queen, or the puck on a creation space),
    creations, elastic anchors on the obstacle between two zones, and, after a shot, what it hit
    and what it pushed. `O`, off the board, has a button of its own."""

    buttons = {"O": "Off the board"}

    def candidates(self, game: SomeGame, position: Position, draft: str, selection: frozenset[str]) -> Iterator[str]:
        from .games.tchako_board import NEIGHBOURS, OBSTACLES, ZONES

        body = draft.rstrip("#").strip()
        body = "" if body == "pass" else body
        if not selection:
            if not body:
                yield "pass"
            return
        zones = sorted(zone for zone in selection if zone in ZONES)
        near = {zone: [zone, *NEIGHBOURS[zone], "O"] for zone in ZONES}
        charged = ("", "^") if getattr(game, "strategic", False) else ("",)
        actions: list[str] = []
        for zone in zones:
            actions += [f"+{zone}", f"+q{zone}"]
            for origin in ZONES:
                for stop in near[origin]:
                    if zone in (origin, stop):
                        actions += [f"{sign}{kind}{origin}>{stop}" for sign in charged for kind in ("", "q", "c")]
        for first, second in ((a, b) for a in zones for b in zones if a < b):
            if first + second in OBSTACLES:
                actions += [f"~{elastic}{origin}>{first}{second}" for elastic in "stl"
                            for origin in ("", *OBSTACLES)]
        prefix = body + "," if body else ""
        yield from (prefix + action for action in actions)
        last = body.rpartition(",")[2]
        shot = SHOT.fullmatch(last)
        if shot is None:
            return
        before = body[:len(body) - len(last)]
        pieces = [f"{kind}{zone}" for zone in ZONES for kind in ("", "q", "c")]
        if not shot["hit"]:
            for piece in pieces:
                hits = [f"x{piece}"] + [f"x{piece}>{stop}" for stop in near[piece[-1]]]
                yield from (before + shot["head"] + hit + shot["pushes"] for hit in hits)
        for piece in pieces:
            for stop in near[piece[-1]]:
                yield from (before + last + f"/{colour}{piece}>{stop}" for colour in "wb")


SHOT = re.compile(r"(?P<head>\^?[qc]?[A-L]>[A-LO](?:@[0-9]+:[0-9]+)?)(?P<hit>x[^/]*)?(?P<pushes>(?:/[^/]+)*)")
DEFAULT = Entry()
ENTRIES: dict[str, Entry] = {"Tektop": DiceFirst(), "TChako": Actions()}


def entry_for(game: SomeGame) -> Entry:
    """How turns of this game are proposed."""
    return ENTRIES.get(game.name, DEFAULT)


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
        base, after, refused = draft, position, str(error)
    try:
        found = _involving(game, position, base, after, entry.candidates(game, position, draft, chosen), chosen)
    except ValueError as error:  # what the draft needs is missing (the dice)
        return Offers(draft, None, (), needs=entry.needs) if not draft else Offers(draft, str(error), ())
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
        raise ValueError(f"{game.label(position.number, position.side)}: {played.reason}")
    return game.turn_text(played.turn), played.after


def _involving(game: SomeGame, position: Position, base: str, after: Position, texts: Iterable[str],
               chosen: frozenset[str]) -> list[Offer]:
    """The legal turns among `texts` that involve every chosen cell (beyond the draft `base`,
    which led to `after`), each once."""
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
        cells.update(name for name in chosen if name in entry_for(game).buttons and name in canonical)
        if (chosen and chosen <= cells) or (not chosen and not cells):
            found[canonical] = Offer(canonical, tuple(sorted(cells)))
    return list(found.values())


@lru_cache(maxsize=32)
def cell_names(rules: type, names: tuple[str, ...]) -> re.Pattern[str]:
    """A pattern finding the cell names a turn's text holds (the longest name first: D10 before D1)."""
    return re.compile("|".join(re.escape(name) for name in sorted(names, key=len, reverse=True)))


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
