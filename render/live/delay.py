"""What spectators of a delayed event see (docs/live.md#a-delay-for-spectators): each game as
the server saw it `delay` seconds ago, and nothing of what it saw since.

Each reading of a game's file that changed it is kept with the time it was seen, for as
long as the delay needs it. Spectators are shown the last reading seen at least `delay`
ago: its turns, comments, tags and result, so that whatever they can observe (the pages,
their keys and sizes, the stream's messages, the relay's files) is a function of that
reading alone. Two exceptions keep a mistaken entry from ever being shown: a turn (or a
result) taken back before it could be shown is never shown, and the corrections written
after the last turn shown wait for the turn after it (views.View.record).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import NamedTuple

from ...notation.events.folder import GameFile
from ...notation.limits import MAX_RECORD

MAX_READINGS = 64  # readings kept per game while they wait for the delay
MAX_TEXT = MAX_RECORD  # characters of the readings kept per game while they wait (two at least)


@dataclass(frozen=True, eq=False)
class Reading:
    """A game's file as read at `at`: its main-line turns, when each was first seen, and
    when its result was first seen (None while unfinished or unreadable)."""

    at: float
    game: GameFile
    turns: tuple[str, ...]
    times: tuple[float, ...]
    result_at: float | None


class Shown(NamedTuple):
    """What spectators may see of a game: a reading, its first `plies` turns, its result if
    `final`; `pending` when no reading is old enough (the game is shown without turns)."""

    game: GameFile
    plies: int
    final: bool
    pending: bool


def _turns(game: GameFile) -> tuple[str, ...] | None:
    """The game's main-line turns as text (None when the file cannot be followed)."""
    record = game.record
    if record is None or game.problem is not None:
        return None
    return tuple(record.rules.turn_text(node.turn) for node in record.moves)


def _common(one: tuple[str, ...], other: tuple[str, ...]) -> int:
    same = 0
    while same < min(len(one), len(other)) and one[same] == other[same]:
        same += 1
    return same


class Delayed:
    """The readings of each game that spectators of a delay of `delay` seconds may still be shown."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.readings: dict[str, deque[Reading]] = {}
        self.lines: dict[str, Reading] = {}  # per game: the last reading that could be followed

    def note(self, name: str, game: GameFile | None, now: float) -> None:
        """A game read at `now` (None: gone from the folder)."""
        if game is None:
            self.readings.pop(name, None)
            self.lines.pop(name, None)
            return
        readings = self.readings.setdefault(name, deque())
        if readings and readings[-1].game.version == game.version:
            return
        turns = _turns(game)
        before = self.lines.get(name)
        if turns is None:
            reading = Reading(now, game, (), (), None)
        else:
            known, times = (before.turns, before.times) if before else ((), ())
            same = _common(known, turns)
            result_at = None
            if game.result != "*":
                kept = before is not None and before.game.result == game.result and same == len(turns) == len(known)
                result_at = before.result_at if kept and before is not None else now
            reading = Reading(now, game, turns, times[:same] + (now,) * (len(turns) - same), result_at)
            self.lines[name] = reading
        readings.append(reading)
        self.prune(name, now)

    def prune(self, name: str, now: float) -> None:
        """Forget the readings no spectator will be shown again; past the bounds, the oldest
        waiting ones (what they held is then shown with the reading after them: later, never sooner)."""
        readings = self.readings.get(name)
        if not readings:
            return
        while len(readings) > 1 and readings[1].at <= now - self.delay:
            readings.popleft()
        while len(readings) > 2 and (len(readings) > MAX_READINGS
                                     or sum(len(reading.game.text) for reading in readings) > MAX_TEXT):
            del readings[1]

    def shown(self, name: str, now: float) -> Shown:
        """What spectators may see of a game at `now` (KeyError if it was never noted)."""
        readings = self.readings[name]
        before = now - self.delay
        if readings[0].at > before:
            return Shown(readings[0].game, 0, False, True)
        at = max(k for k, reading in enumerate(readings) if reading.at <= before)
        base = readings[at]
        plies, final = len(base.turns), base.result_at is not None
        for later in list(readings)[at + 1:]:
            if later.game.problem is not None or later.game.record is None:
                continue  # a file being rewritten by hand takes nothing back
            same = _common(base.turns, later.turns)
            for ply in range(same, plies):
                if later.at < base.times[ply] + self.delay:  # taken back before it could be shown
                    plies = ply
                    break
            result_gone = later.game.result != base.game.result or same < len(base.turns)
            if final and result_gone and base.result_at is not None and later.at < base.result_at + self.delay:
                final = False
        return Shown(base.game, plies, final and plies == len(base.turns), False)
