"""The T'Chako modes a record's Variant tag chooses, read once into what the rules ask of
them (docs/games/tchako.md#modes)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from ...limits import number_problem
from ...problems import VariantProblem, say
from .board import CENTRAL, CENTRAL_DIAMOND, CENTRAL_LINE
from .position import PUCKS
from .zones import bits_of

NUMBERED = re.compile(r"(demographic total|demographic|sudden death turns|sudden death|countdown)(?: (.+))?")
HILLS = {"king of the hill": CENTRAL, "king of the hill line": CENTRAL_LINE,
         "king of the hill diamond": CENTRAL_DIAMOND}
COUNTING = ("demographic", "demographic total", "sudden death", "sudden death turns")  # modes counting pucks


def numbered_modes(variant: str) -> tuple[dict[str, int], str]:
    """The modes of a Variant tag that take a number (`demographic 8`: {'demographic': 8}),
    and its other options as written; ValueError saying why a number is wrong or given twice."""
    values: dict[str, int] = {}
    kept = []
    for part in variant.split(","):
        words = " ".join(part.split())
        match = NUMBERED.fullmatch(words.lower())
        if not match:
            kept.append(words)
            continue
        name, number = match[1], words[match.start(2):] if match[2] else None
        written = part.strip()
        if number is None or not re.fullmatch(r"[1-9][0-9]*", number):
            given = say(VariantProblem.NO_NUMBER).said if number is None else repr(number)
            raise ValueError(say(VariantProblem.MODE_NUMBER, game="TChako", written=written, mode=name, value=given))
        if (problem := number_problem(say(VariantProblem.BAD, game="TChako", written=written), number)) is not None:
            raise ValueError(problem)  # as a record's Variant tag is checked (docs/format.md#limits)
        if name in values:
            raise ValueError(say(VariantProblem.MODE_TWICE, game="TChako", written=written, mode=name,
                                 number=values[name]))
        if name == "demographic total" and int(number) > PUCKS + 1:
            raise ValueError(say(VariantProblem.TOTAL, game="TChako", written=written, count=PUCKS + 1))
        values[name] = int(number)
    return values, ",".join(kept)


@dataclass(frozen=True)
class Modes:
    """What the chosen modes change in the rules."""

    values: Mapping[str, int]  # the numbered modes: demographic, countdown... with their number
    anarchy: bool
    strategic: bool  # strategic shots
    sumo: bool
    carrisk: bool
    supply_depot: bool
    hills: tuple[tuple[int, str], ...]  # each king of the hill mode: its zones (bits) and its name
    counting: bool  # a mode that wins by counting pucks
    watching: bool  # a mode that may end the game at any moment

    @classmethod
    def chosen(cls, options: frozenset[str], values: Mapping[str, int]) -> Modes:
        """The modes of the Variant options `options` (lower case) and the numbered modes `values`."""
        counting = any(name in values for name in COUNTING)
        hills = tuple((bits_of(zones), name) for name, zones in HILLS.items() if name in options)
        anarchy = "anarchy" in options
        return cls(values, anarchy, "strategic shots" in options, "sumo" in options, "carrisk" in options,
                   "supply depot" in options, hills, counting, anarchy or counting or bool(hills))
