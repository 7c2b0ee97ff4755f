"""How a scorer's taps become T'Chako turns (docs/live.md#entering-a-turn): actions proposed from the zones tapped."""

from __future__ import annotations

import re
from typing import Iterator

from ...languages import game_word
from ..base import Position, SomeGame
from ..entry import Entry
from .board import NEIGHBOURS, OBSTACLES, ZONES


class Actions(Entry):
    """T'Chako: a turn is actions joined by commas (docs/games/tchako.md#turns), each proposed from
    the zones tapped: shots between them (with the queen, or the puck on a creation space),
    creations, elastic anchors on the obstacle between two zones, and, after a shot, what it hit
    and what it pushed. `O`, off the board, has a button of its own."""

    buttons = {"O": game_word("Off the board")}

    def candidates(self, game: SomeGame, position: Position, draft: str, selection: frozenset[str]) -> Iterator[str]:
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
