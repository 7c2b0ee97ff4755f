"""T'Chako positions: what the board holds, whose turn it is and how the game stands, and
their one-line code (docs/games/tchako.md#position-code).

Pucks are counted per zone and colour ("a White puck in F"); the queens, the pucks
standing on creation spaces and the elastics are kept apart.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple, cast

from ...languages import game_word
from ..base import BadSetUp, Ending, Outcome, Param, SetUpCode
from .board import BASES, WHITE, BLACK, ZONES
from .zones import FINE, OBSTACLE_SET, OFF, VITAL_ZONE, ZONE, zone_list

if TYPE_CHECKING:
    from .modes import Modes

SIDES = (game_word("White"), game_word("Black"))


class TChakoSetUp(SetUpCode):
    """Why T'Chako refuses a position code (docs/games/tchako.md#set-up-codes)."""

    CODE_SHAPE = "code-shape", "a TChako position code is ZONES ELASTICS SIDE NUMBER CREATED STATE, as in {example}"
    NOT_A_ZONE = "not-a-zone", "{zone!r} is not a zone of a position code (as in Aw3, Kq, Fw1b2+w: counts from 1, " \
        "without leading zeros)"
    ZONE_TWICE = "zone-twice", "zone {zone} is listed twice"
    ZONE_ORDER = "zone-order", "zone {zone} comes after {previous}: zones are listed from A to L"
    QUEEN_IN_ANARCHY = "queen-in-anarchy", "zone {zone} holds {side}'s queen, and there are no queens in anarchy"
    TWO_QUEENS = "two-queens", "{side}'s queen is in {first} and in {zone}: each side has one queen"
    CREATION_SPACE = "creation-space", "zone {zone}: the code puts on its creation space a piece the zone lacks"
    TOO_MANY_PUCKS = "too-many-pucks", "{side} has {pucks} pucks on the board: each side has {most}"
    STATE_NEEDS_VARIANT = "state-needs-variant", "the state {state} needs the variant {variant}"
    NOT_A_STATE = "not-a-state", "{state!r} is not a state of a position code: play, stop, or the winner and why, " \
        "{wins:join ,} (B: for Black)"
    ELASTIC_COUNT = "elastic-count", "a position code lists 6 elastics: White's s, t, l, then Black's"
    NOT_AN_ELASTIC = "not-an-elastic", "{elastic!r} is not an elastic of a position code (as in AD:, AD:AE, or " \
        "AD:CG:CD for a long one with its middle last)"
    ANCHORS_ORDER = "anchors-order", "{side}'s {which:1=first short|2=second short|long} elastic {elastic}: its " \
        "anchors are two obstacles in alphabetical order"
    SHORT_SPAN = "short-span", "{side}'s {which:1=first short|2=second short|long} elastic {elastic}: a short " \
        "elastic spans two obstacles joined by a fine line"
    LONG_MIDDLE = "long-middle", "{side}'s {which:1=first short|2=second short|long} elastic {elastic}: the middle " \
        "of a long elastic is joined by a fine line to both anchors"
    OBSTACLE_TAKEN = "obstacle-taken", "{side}'s {which:1=first short|2=second short|long} elastic {elastic}: the " \
        "obstacle {obstacle} already carries an elastic"
PUCKS = 11  # each side's pucks, besides its queen
START_PUCKS = 3  # on each base zone


class TChakoPosition(NamedTuple):
    """A position: immutable, as every game's. Equal positions agree on every field up to `side`;
    the counters after it are left out of equality and hashing. (A named tuple rather than a
    frozen dataclass: replay builds one a turn, and a tuple is built about four times faster.)"""

    pucks: tuple[tuple[int, ...], ...]  # per zone: (White's pucks, Black's pucks), queens and created ones included
    queens: tuple[int, ...]  # (White's, Black's): each queen's zone, OFF when off the board (or in anarchy)
    created: tuple[str, ...]  # per zone: who stands on its creation space: '' nobody, 'w'/'b' a puck, 'Q'/'q' a queen
    elastics: tuple[tuple[str, str, str], ...]  # White's s, t, l then Black's: (anchor, anchor, long one's middle)
    made: tuple[int, ...] = (0, 0)  # pucks each side created (sudden death)
    end: str = "play"  # 'play', 'stop' (countdown undecided), or the winner 'W'/'B' + ':' + why
    side: int = WHITE
    number: int = 1  # not compared
    spent: int = 0  # half action points the turn that led here spent (not compared)
    zones: tuple[int, ...] | None = None  # kept by State: see occupied_zones (not compared)

    def __eq__(self, other: object) -> bool:
        return type(other) is TChakoPosition and self[:_COMPARED] == other[:_COMPARED]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:_COMPARED])


_COMPARED = TChakoPosition._fields.index("side") + 1  # the fields equality looks at


WINS = {  # how position codes write each win after "W:" or "B:", and its ending
    "queen": Ending.QUEEN_HIT,
    "noqueen": Ending.NO_QUEEN,
    "anarchy": Ending.ANARCHY,
    "hill": Ending.HILL,
    "lead": Ending.LEAD,
    "total": Ending.TOTAL,
    "sudden": Ending.SUDDEN_DEATH,
    "zones": Ending.COUNTDOWN_ZONES,
    "count": Ending.COUNTDOWN_PUCKS,
}


def zone_text(position: TChakoPosition, k: int) -> str:
    """What zone `k` holds, as a position code writes it after the zone's letter ('' if nothing):
    the pucks of each colour besides the queens (w2b1), the queens (Q White's, q Black's),
    then who stands on the creation space (+w, +b, +Q, +q)."""
    white, black = position.pucks[k]
    white_queen, black_queen = position.queens[WHITE] == k, position.queens[BLACK] == k
    white, black = white - white_queen, black - black_queen
    return (f"{f'w{white}' if white else ''}{f'b{black}' if black else ''}"
            f"{'Q' if white_queen else ''}{'q' if black_queen else ''}"
            f"{'+' + position.created[k] if position.created[k] else ''}")


POSITION_CODE = re.compile(r"(?P<zones>[A-Lwbqc0-9Q+/]*|-) (?P<elastics>[-A-L:/]+) (?P<side>[WB]) "
                           r"(?P<number>[1-9][0-9]*) (?P<made>(?:0|[1-9][0-9]*)/(?:0|[1-9][0-9]*)) (?P<end>\S+)")
ZONE_CODE = re.compile(r"([A-L])(?:w([1-9][0-9]*))?(?:b([1-9][0-9]*))?(Q?)(q?)(?:\+([wbQq]))?")


def start_position(modes: Modes) -> TChakoPosition:
    """The position before the first turn: three pucks on each base, each queen on its vital zone."""
    pucks = [[0, 0] for _ in ZONES]
    queens = [OFF, OFF]
    for side in (WHITE, BLACK):
        for zone in BASES[side]:
            pucks[ZONE[zone]][side] = START_PUCKS
        if not modes.anarchy:
            queens[side] = VITAL_ZONE[side]
            pucks[VITAL_ZONE[side]][side] = 1
    return TChakoPosition(tuple(map(tuple, pucks)), tuple(queens), ("",) * len(ZONES), (("", "", ""),) * 6)


def position_code(position: TChakoPosition) -> str:
    """A position's one-line code (read_position reads it back)."""
    zones = [ZONES[k] + text for k in range(len(ZONES)) if (text := zone_text(position, k))]
    elastics = "/".join(f"{a}:{b}" + (f":{mid}" if mid else "") if a or b else "-"
                        for a, b, mid in position.elastics)
    return (f"{'/'.join(zones) or '-'} {elastics} {'WB'[position.side]} {position.number} "
            f"{position.made[0]}/{position.made[1]} {position.end}")


def read_position(code: str, modes: Modes) -> TChakoPosition:
    """A position from its code, checked against the modes; BadSetUp saying what is wrong."""
    match = POSITION_CODE.fullmatch(code.strip())
    if not match:
        raise BadSetUp(TChakoSetUp.CODE_SHAPE, example=position_code(start_position(modes)))
    pucks = [[0, 0] for _ in ZONES]
    queens, created = [OFF, OFF], [""] * len(ZONES)
    last = -1
    for text in ([] if match["zones"] == "-" else match["zones"].split("/")):
        part = ZONE_CODE.fullmatch(text)
        if not part or len(text) == 1:
            raise BadSetUp(TChakoSetUp.NOT_A_ZONE, zone=text)
        k = ZONE[part[1]]
        if k <= last:
            if k == last or pucks[k] != [0, 0]:
                raise BadSetUp(TChakoSetUp.ZONE_TWICE, zone=part[1])
            raise BadSetUp(TChakoSetUp.ZONE_ORDER, zone=part[1], previous=ZONES[last])
        last = k
        pucks[k] = [int(part[2] or 0), int(part[3] or 0)]
        for side, queen in enumerate(part.group(4, 5)):
            if not queen:
                continue
            if modes.anarchy:
                raise BadSetUp(TChakoSetUp.QUEEN_IN_ANARCHY, zone=part[1], side=SIDES[side])
            if queens[side] != OFF:
                raise BadSetUp(TChakoSetUp.TWO_QUEENS, side=SIDES[side], first=ZONES[queens[side]], zone=part[1])
            queens[side] = k
            pucks[k][side] += 1
        holder = part[6] or ""
        if holder and (queens["Qq".index(holder)] != k if holder in "Qq"
                       else pucks[k]["wb".index(holder)] - (queens["wb".index(holder)] == k) < 1):
            raise BadSetUp(TChakoSetUp.CREATION_SPACE, zone=part[1])
        created[k] = holder
    for side in (WHITE, BLACK):
        on_board = sum(pair[side] for pair in pucks) - (queens[side] != OFF)
        if on_board > PUCKS:
            raise BadSetUp(TChakoSetUp.TOO_MANY_PUCKS, side=SIDES[side], pucks=on_board, most=PUCKS)
    return TChakoPosition(tuple(map(tuple, pucks)), tuple(queens), tuple(created),
                          read_elastics(match["elastics"]), tuple(int(n) for n in match["made"].split("/")),
                          _read_end(match["end"], modes), "WB".index(match["side"]), int(match["number"]))


def _read_end(end: str, modes: Modes) -> str:
    """A position code's state, checked against the modes that can give it."""
    if end in ("play", "stop") or end[:2] in ("W:", "B:") and end[2:] in WINS:
        why = end[2:] if end != "stop" else "zones"
        needs = {"anarchy": "anarchy" if not modes.anarchy else "",
                 "queen": "no anarchy" if modes.anarchy else "", "noqueen": "no anarchy" if modes.anarchy else "",
                 "hill": "" if modes.hills else game_word("a king of the hill mode"),
                 "lead": "" if "demographic" in modes.values else "demographic N",
                 "total": "" if "demographic total" in modes.values else "demographic total N",
                 "sudden": "" if {"sudden death", "sudden death turns"} & modes.values.keys()
                 else "sudden death N or sudden death turns N",
                 "zones": "" if "countdown" in modes.values else "countdown N"}
        needs["count"] = needs["zones"]
        if end != "play" and needs.get(why):
            raise BadSetUp(TChakoSetUp.STATE_NEEDS_VARIANT, state=end, variant=needs[why])
        return end
    raise BadSetUp(TChakoSetUp.NOT_A_STATE, state=end, wins=["W:" + why for why in WINS])


def read_elastics(text: str) -> tuple[tuple[str, str, str], ...]:
    """The elastics field of a position code, checked as the engine places elastics."""
    entries = text.split("/")
    if len(entries) != 6:
        raise BadSetUp(TChakoSetUp.ELASTIC_COUNT)
    spans, used = [], set()
    for k, entry in enumerate(entries):
        if entry == "-":
            spans.append(("", "", ""))
            continue
        long = k % 3 == 2
        parts = entry.split(":")
        if (any(p not in OBSTACLE_SET for p in parts if p) or not parts[0]
                or len(parts) != (3 if long and len(parts) > 1 and parts[1] else 2)):
            raise BadSetUp(TChakoSetUp.NOT_AN_ELASTIC, elastic=entry)
        a, b, middle = (parts + [""])[:3]
        named: dict[str, Param] = {"side": SIDES[k // 3], "which": k % 3 + 1, "elastic": entry}  # which: 1, 2, long
        if b and b <= a:
            raise BadSetUp(TChakoSetUp.ANCHORS_ORDER, **named)
        if b and not long and b not in FINE[a]:
            raise BadSetUp(TChakoSetUp.SHORT_SPAN, **named)
        if middle and (middle in (a, b) or middle not in FINE[a] & FINE[b]):
            raise BadSetUp(TChakoSetUp.LONG_MIDDLE, **named)
        for obstacle in filter(None, (a, b, middle)):
            if obstacle in used:
                raise BadSetUp(TChakoSetUp.OBSTACLE_TAKEN, **named, obstacle=obstacle)
            used.add(obstacle)
        spans.append((a, b, middle))
    return tuple(spans)


def end_outcome(position: TChakoPosition, modes: Modes) -> Outcome:
    """How the game ended at a position whose end is not 'play'."""
    if position.end == "stop":
        return Outcome(None, Ending.COUNTDOWN_TIE)
    winner = "WB".index(position.end[0])
    why = position.end[2:]
    params: dict[str, Param] = {"side": SIDES[winner], "opponent": SIDES[1 - winner]}
    if why == "hill":
        params["zones"] = [zone_list(bits) for bits, _ in modes.hills]
    elif why in ("lead", "total"):
        # None (said "None") for a position code that says so under rules without the mode
        params["pucks"] = cast(Param, modes.values.get("demographic total" if why == "total" else "demographic"))
    return Outcome(winner, WINS[why], params)
