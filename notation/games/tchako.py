"""T'Chako: pucks are flicked across twelve zones; the record states what each action did.

No program can replay a flick, so a turn lists its actions with their outcomes (where
a shot puck stopped, the first opponent puck it hit, every puck it pushed) and the
engine checks what the rules decide: action points, which pieces may be shot or
created, which hits eliminate, control and capture, t'chako and the winner.

Pucks are counted per zone and colour ("a White puck in F"); the queens, the pucks
standing on creation spaces and the elastics are kept apart. The board is the data
module tchako_board.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Any, Iterator, NamedTuple

from .base import Cells, Game, History, Match, Outcome, Played
from .tchako_board import (BASES, CENTRAL, CENTRAL_DIAMOND, CENTRAL_LINE, FINE_LINES, NEIGHBOURS, OBSTACLES,
                           OWNER, VITAL, WHITE, BLACK, ZONES)

SIDES = ("White", "Black")
COLOURS = "wb"
PUCKS = 11  # each side's pucks, besides its queen
START_PUCKS = 3  # on each base zone
AP, FIRST_AP = 14, 10  # action points a turn, in half points (7, and 5 for White's first turn)
OFF = -1  # where a piece off the board is
ELASTICS = "stl"  # each side's two short elastics and its long one
ZONE = {zone: k for k, zone in enumerate(ZONES)}
NEIGHBOUR_BITS = tuple(sum(1 << ZONE[other] for other in NEIGHBOURS[zone]) for zone in ZONES)
BASE_BITS = tuple(sum(1 << ZONE[zone] for zone in bases) for bases in BASES)
HOME_BITS = tuple(BASE_BITS[side] | 1 << ZONE[VITAL[side]] for side in (WHITE, BLACK))
VITAL_ZONE = tuple(ZONE[zone] for zone in VITAL)
OBSTACLE_SET = frozenset(OBSTACLES)
FINE = {obstacle: frozenset(b if a == obstacle else a for a, b in FINE_LINES if obstacle in (a, b))
        for obstacle in OBSTACLES}
NUMBERED = re.compile(r"(demographic total|demographic|sudden death turns|sudden death|countdown)(?: (.+))?")
HILLS = {"king of the hill": CENTRAL, "king of the hill line": CENTRAL_LINE,
         "king of the hill diamond": CENTRAL_DIAMOND}


def bits_of(zones: str) -> int:
    return sum(1 << ZONE[zone] for zone in zones)


# --- turns -----------------------------------------------------------------------------


class Place(NamedTuple):
    """Where a piece ends: a zone (OFF for off the board), with optional coordinates in
    percent of the board's width and height."""

    zone: int
    at: tuple[int, int] | None = None


class Piece(NamedTuple):
    """A piece named as the notation does: kind '' a puck, 'q' the queen, 'c' the puck on
    the zone's creation space; its zone; its colour (for pushes, else None)."""

    kind: str
    zone: int
    colour: int | None = None


class Shot(NamedTuple):
    piece: Piece  # the shooter's own piece
    stop: Place
    hit: Piece | None = None  # the first opponent piece hit
    hit_to: Place | None = None  # where that piece went, when it is not eliminated
    pushes: tuple[tuple[Piece, Place], ...] = ()
    charged: bool = False  # strategic shots: announced as eliminating


class Create(NamedTuple):
    zone: int
    queen: bool = False  # the queen's return


class Anchor(NamedTuple):
    elastic: int  # 0, 1 short, 2 long
    origin: str  # the obstacle the anchor leaves ('' from the player's hand)
    to: str
    middle: str = ""  # the long elastic's middle obstacle, when the record names it


class Decided:
    """The mark `#` after a turn's actions: the game is decided at the start of the next turn
    (docs/games/tchako.md#the-end-decided-as-a-turn-begins). Always a turn's last element."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decided)

    def __hash__(self) -> int:
        return hash("#")

    def __repr__(self) -> str:
        return "DECIDED"


DECIDED = Decided()
Action = Shot | Create | Anchor
Turn = tuple  # of actions, possibly closed by DECIDED; () is a pass


def place_text(place: Place) -> str:
    if place.zone == OFF:
        return "O"
    at = "" if place.at is None else f"@{place.at[0]}:{place.at[1]}"
    return ZONES[place.zone] + at


def piece_text(piece: Piece) -> str:
    colour = "" if piece.colour is None else COLOURS[piece.colour]
    return f"{colour}{piece.kind}{ZONES[piece.zone]}"


def action_text(action: Action) -> str:
    if isinstance(action, Shot):
        text = f"{'^' if action.charged else ''}{piece_text(action.piece)}>{place_text(action.stop)}"
        if action.hit is not None:
            text += f"x{piece_text(action.hit)}"
            if action.hit_to is not None:
                text += f">{place_text(action.hit_to)}"
        return text + "".join(f"/{piece_text(piece)}>{place_text(to)}" for piece, to in action.pushes)
    if isinstance(action, Create):
        return f"+{'q' if action.queen else ''}{ZONES[action.zone]}"
    middle = f"({action.middle})" if action.middle else ""
    return f"~{ELASTICS[action.elastic]}{action.origin}>{action.to}{middle}"


DEST = r"(?:[A-L](?:@(?:100|[0-9]{1,2}):(?:100|[0-9]{1,2}))?|O)"
SHOT = rf"\^?[qc]?[A-L]>{DEST}(?:x[qc]?[A-L](?:>{DEST})?)?(?:/[wb][qc]?[A-L]>{DEST})*"
ACTION = rf"(?:{SHOT}|\+q?[A-L]|~[stl](?:[A-L]{{2}})?>[A-L]{{2}}(?:\([A-L]{{2}}\))?)"
PLACE = re.compile(r"([A-LO])(?:@([0-9]+):([0-9]+))?")
PIECE = re.compile(r"([wb]?)([qc]?)([A-L])")
PARTS = re.compile(r"(\^?)([qc]?[A-L])>([^x/]+)(?:x([qc]?[A-L])(?:>([^/]+))?)?((?:/[^/]+)*)")


def _parts(pattern: re.Pattern[str], text: str) -> tuple[Any, ...]:
    """The groups of a text the turn rule already matched (ValueError if it does not match)."""
    found = pattern.fullmatch(text)
    if found is None:
        raise ValueError(f"{text!r} is not a T'Chako action")
    return found.groups()


def read_place(text: str) -> Place:
    zone, x, y = _parts(PLACE, text)
    return Place(OFF if zone == "O" else ZONE[zone], None if x is None else (int(x), int(y)))


def read_piece(text: str) -> Piece:
    colour, kind, zone = _parts(PIECE, text)
    return Piece(kind, ZONE[zone], COLOURS.index(colour) if colour else None)


@lru_cache(maxsize=1 << 14)
def read_action(text: str) -> Action:
    """One action as the turn rule matched it (actions are immutable tuples: shared)."""
    if text[0] == "+":
        return Create(ZONE[text[-1]], text[1] == "q")
    if text[0] == "~":
        origin, to = text[2:].rstrip(")").split(">")
        to, _, middle = to.partition("(")
        return Anchor(ELASTICS.index(text[1]), "".join(sorted(origin)), "".join(sorted(to)), "".join(sorted(middle)))
    charged, piece, stop, hit, hit_to, pushes = _parts(PARTS, text)
    pushed = tuple((read_piece(part.split(">")[0]), read_place(part.split(">")[1])) for part in pushes.split("/")[1:])
    return Shot(read_piece(piece), read_place(stop), read_piece(hit) if hit else None,
                read_place(hit_to) if hit_to else None, pushed, bool(charged))


def read_actions(text: str) -> Turn:
    """The actions written `F>G,+A,~s>AD` (text the turn rule matched)."""
    return tuple(map(read_action, text.split(",")))


# --- positions -----------------------------------------------------------------------------


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


WINS = {
    "queen": "{w} hit {l}'s queen while {l} was in t'chako",
    "noqueen": "{l} was put in t'chako with its queen off the board",
    "anarchy": "{w} linked a chain of zones to {l}'s vital zone and controls it (anarchy)",
    "hill": "{w} holds {zones} (king of the hill)",
    "lead": "{w} has {n} pucks more than {l} (demographic victory)",
    "total": "{w} has {n} pucks on the board (demographic victory)",
    "sudden": "{l} has no puck left and may create no more (sudden death)",
    "zones": "the countdown is over and {w} captures more zones",
    "count": "the countdown is over, both capture as many zones, and {w} has more pucks on the board",
}


class Illegal(Exception):
    """Raised while playing a turn, with the reason it breaks the rules."""


class Refused(Exception):
    """Raised while playing one action, with the reason; the action's text is put before it."""


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


def occupied_zones(pucks: tuple[tuple[int, ...], ...]) -> tuple[int, int]:
    """Each side's occupied zones, as bit sets."""
    return (sum(1 << k for k, pair in enumerate(pucks) if pair[0]),
            sum(1 << k for k, pair in enumerate(pucks) if pair[1]))


def controlled_zones(zones: tuple[int, ...] | list[int], side: int) -> int:
    """Zones `side` controls: only its pieces there, or its own vital and base zones while
    no opponent piece is there (`zones`: each side's occupied zones)."""
    return (zones[side] | HOME_BITS[side]) & ~zones[1 - side]


def captured_zones(zones: tuple[int, ...] | list[int], side: int) -> int:
    """The zones `side` captures: those it controls linked, through such zones, to one of
    its bases it controls."""
    controlled = controlled_zones(zones, side)
    return reach(BASE_BITS[side] & controlled, controlled)


class TurnStart:
    """What the start of the mover's turn fixes, worked out when first needed: the zones it
    captures, and its own home zones the opponent controls (no creation there this turn)."""

    __slots__ = ("zones", "side", "_captures")

    def __init__(self, zones: tuple[int, ...], side: int) -> None:
        self.zones, self.side = zones, side
        self._captures: int | None = None

    @property
    def captures(self) -> int:
        if self._captures is None:
            self._captures = captured_zones(self.zones, self.side)
        return self._captures

    @property
    def opponent_held(self) -> int:
        return HOME_BITS[self.side] & controlled_zones(self.zones, 1 - self.side)


class State:
    """A position being played: mutable copies of its parts, and the turn's counters."""

    __slots__ = ("pucks", "zones", "queens", "created", "elastics", "made", "end", "side", "number", "shot",
                 "queen_shot", "free")

    def __init__(self, position: TChakoPosition) -> None:
        self.pucks = list(position.pucks)  # (White, Black) pairs: change them through add()
        self.zones = list(position.zones or occupied_zones(position.pucks))
        self.queens = list(position.queens)
        self.created = list(position.created)
        self.elastics = list(position.elastics)
        self.made = list(position.made)
        self.end = position.end
        self.side = position.side
        self.number = position.number
        # The mover's pucks shot this turn, counted per zone they are in: one list per reading of
        # the record (a pushed puck of the mover may be one shot before or not: both are kept).
        self.shot = [[0] * len(ZONES)]
        self.queen_shot = False
        self.free = 0  # Carrisk creations left at no cost

    def add(self, zone: int, side: int, count: int) -> None:
        """Put `count` of `side`'s pieces in a zone (take them off when negative)."""
        pair = self.pucks[zone]
        left = pair[side] + count
        self.pucks[zone] = (pair[0], left) if side else (left, pair[1])
        if left:
            self.zones[side] |= 1 << zone
        else:
            self.zones[side] &= ~(1 << zone)

    def controlled(self, side: int) -> int:
        """Zones `side` controls (see controlled_zones)."""
        return controlled_zones(self.zones, side)

    def plain(self, zone: int, side: int) -> int:
        """`side`'s pucks in a zone besides its queen and the puck on the creation space."""
        return self.pucks[zone][side] - (self.queens[side] == zone) - (self.created[zone] == COLOURS[side])

    def pieces(self, side: int) -> int:
        """`side`'s pieces on the board, its queen included (demographic victory)."""
        return sum(pair[side] for pair in self.pucks)

    def on_board(self, side: int) -> int:
        """`side`'s pucks on the board, its queen left out."""
        return sum(pair[side] for pair in self.pucks) - (self.queens[side] != OFF)

    def position(self, side: int, number: int, spent: int = 0) -> TChakoPosition:
        return TChakoPosition(tuple(self.pucks), tuple(self.queens), tuple(self.created), tuple(self.elastics),
                              tuple(self.made), self.end, side, number, spent, tuple(self.zones))


def _colour(pushed: Piece) -> int:
    """A pushed piece's side: the turn rule always writes it."""
    assert pushed.colour is not None, "a pushed piece is written with its colour"
    return pushed.colour


def reach(start: int, through: int) -> int:
    """The zones of `through` reached from `start` (a subset of it) along connections."""
    found, frontier = start, start
    while frontier:
        low = frontier & -frontier
        frontier ^= low
        new = NEIGHBOUR_BITS[low.bit_length() - 1] & through & ~found
        found |= new
        frontier |= new
    return found


def chain(state: State, side: int, captures: int) -> bool:
    """Whether `side` holds a chain of captured or controlled zones from one of its bases
    to the opponent's vital zone, which it controls: the opponent is in t'chako."""
    controlled = state.controlled(side)
    vital = 1 << VITAL_ZONE[1 - side]
    if not controlled & vital:
        return False
    through = captures | controlled
    return bool(reach(BASE_BITS[side] & through, through) & vital)


def zone_list(bits: int) -> str:
    names = [ZONES[k] for k in range(len(ZONES)) if bits >> k & 1]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def piece_words(piece: Piece, colour: int) -> str:
    what = {"": "puck", "q": "queen", "c": "puck on the creation space"}[piece.kind]
    return f"{SIDES[colour]}'s {what} in {ZONES[piece.zone]}" if piece.kind != "q" else f"{SIDES[colour]}'s queen"


def _points(halves: int) -> str:
    whole, half = divmod(halves, 2)
    text = f"{whole}½" if half and whole else "½" if half else str(whole)
    return f"{text} action point" + ("" if halves in (1, 2) else "s")


POSITION_CODE = re.compile(r"(?P<zones>[A-Lwbqc0-9Q+/]*|-) (?P<elastics>[-A-L:/]+) (?P<side>[WB]) "
                           r"(?P<number>[1-9][0-9]*) (?P<made>(?:0|[1-9][0-9]*)/(?:0|[1-9][0-9]*)) (?P<end>\S+)")
ZONE_CODE = re.compile(r"([A-L])(?:w([1-9][0-9]*))?(?:b([1-9][0-9]*))?(Q?)(q?)(?:\+([wbQq]))?")


def read_elastics(text: str) -> tuple[tuple[str, str, str], ...]:
    """The elastics field of a position code, checked as the engine places elastics."""
    entries = text.split("/")
    if len(entries) != 6:
        raise ValueError("a position code lists 6 elastics: White's s, t, l, then Black's")
    spans, used = [], set()
    for k, entry in enumerate(entries):
        if entry == "-":
            spans.append(("", "", ""))
            continue
        long = k % 3 == 2
        parts = entry.split(":")
        if (any(p not in OBSTACLE_SET for p in parts if p) or not parts[0]
                or len(parts) != (3 if long and len(parts) > 1 and parts[1] else 2)):
            raise ValueError(f"{entry!r} is not an elastic of a position code (as in AD:, AD:AE, or AD:CG:CD for "
                             "a long one with its middle last)")
        a, b, middle = (parts + [""])[:3]
        name = f"{SIDES[k // 3]}'s {('first short', 'second short', 'long')[k % 3]} elastic"
        if b and b <= a:
            raise ValueError(f"{name} {entry}: its anchors are two obstacles in alphabetical order")
        if b and not long and b not in FINE[a]:
            raise ValueError(f"{name} {entry}: a short elastic spans two obstacles joined by a fine line")
        if middle and (middle in (a, b) or middle not in FINE[a] & FINE[b]):
            raise ValueError(f"{name} {entry}: the middle of a long elastic is joined by a fine line to both "
                             "anchors")
        for obstacle in filter(None, (a, b, middle)):
            if obstacle in used:
                raise ValueError(f"{name} {entry}: the obstacle {obstacle} already carries an elastic")
            used.add(obstacle)
        spans.append((a, b, middle))
    return tuple(spans)


class TChako(Game[TChakoPosition, Turn]):
    name = "TChako"
    sides = SIDES
    options = frozenset({"anarchy", "king of the hill", "king of the hill line", "king of the hill diamond",
                         "demographic N", "demographic total N", "sudden death N", "sudden death turns N",
                         "countdown N", "strategic shots", "supply depot", "carrisk", "sumo", "triangle elastics",
                         "hourglass"})
    # a zone's pieces: pucks of each colour besides the queens, the queens, then the creation space's
    cell_contents = r"(?=.)(?:w[1-9][0-9]*)?(?:b[1-9][0-9]*)?Q?q?(?:\+[wbQq])?"
    turn_example = ("actions joined by commas: F>G (a puck from F stops in G), F>GxI (hitting the opponent's puck "
                    "in I), F>GxqK>J/wG>H (pushing the queen to J and a White puck to H), +A (creation), ~s>AD "
                    "(an elastic's anchor), or pass")
    turn_rules = rf'''
# A T'Chako turn: "pass", or its actions joined by ",": a shot F>G (from F, stopping in G or
# O off the board; ^ announces a charged shot; q the queen, c the puck on the creation
# space), its first opponent piece hit xI (>J where it went when not eliminated) and each
# other piece pushed /wG>H; a creation +A (+qA: the queen's return); an elastic's anchor
# ~sAD>DE, and for the long one its middle obstacle may follow: ~l>CG(CD). A place may carry
# coordinates in percent of the board, 0 to 100: G@40:55. A "#" after the turn (glued, or
# after spaces on the same line) marks a game decided at the start of the next turn.
turn            = ~r"(?:pass|(?P<actions>{ACTION}(?:,{ACTION})*))(?:[ \t]*(?P<decided>\#))?(?=[\s!?)$;{{]|$)\s*"
'''

    def __init__(self, variant: str = "") -> None:
        values: dict[str, int] = {}
        kept = []
        for part in variant.split(","):
            words = " ".join(part.split())
            match = NUMBERED.fullmatch(words.lower())
            if not match:
                kept.append(words)
                continue
            name, number = match[1], words[match.start(2):] if match[2] else None
            if number is None or not re.fullmatch(r"[1-9][0-9]*", number):
                given = "no number" if number is None else f"{number!r}"
                raise ValueError(f"bad TChako variant {part.strip()!r}: the {name} mode takes a whole number from "
                                 f"1, as in {name} 8 ({given} given)")
            if name in values:
                raise ValueError(f"bad TChako variant {part.strip()!r}: the {name} mode is already given "
                                 f"({name} {values[name]})")
            if name == "demographic total" and int(number) > PUCKS + 1:
                raise ValueError(f"bad TChako variant {part.strip()!r}: a side has {PUCKS + 1} pieces (11 pucks "
                                 "and the queen), so the total cannot be reached")
            values[name] = int(number)
        super().__init__(",".join(kept))
        self.values = values
        self.variant |= {f"{name} {value}" for name, value in values.items()}
        self.anarchy = "anarchy" in self.variant
        self.counting = any(name in values for name in ("demographic", "demographic total", "sudden death",
                                                        "sudden death turns"))
        self.hills = [(bits_of(zones), name) for name, zones in HILLS.items() if name in self.variant]
        self.watching = self.anarchy or self.counting or bool(self.hills)  # modes that may end a game at any moment
        self.strategic = "strategic shots" in self.variant
        self.sumo, self.carrisk = "sumo" in self.variant, "carrisk" in self.variant
        self.supply_depot = "supply depot" in self.variant

    # --- positions -------------------------------------------------------------------------
    def start_position(self) -> TChakoPosition:
        pucks = [[0, 0] for _ in ZONES]
        queens = [OFF, OFF]
        for side in (WHITE, BLACK):
            for zone in BASES[side]:
                pucks[ZONE[zone]][side] = START_PUCKS
            if not self.anarchy:
                queens[side] = VITAL_ZONE[side]
                pucks[VITAL_ZONE[side]][side] = 1
        return TChakoPosition(tuple(map(tuple, pucks)), tuple(queens), ("",) * len(ZONES), (("", "", ""),) * 6)

    def position_code(self, position: TChakoPosition) -> str:
        zones = [ZONES[k] + text for k in range(len(ZONES)) if (text := zone_text(position, k))]
        elastics = "/".join(f"{a}:{b}" + (f":{mid}" if mid else "") if a or b else "-"
                            for a, b, mid in position.elastics)
        return (f"{'/'.join(zones) or '-'} {elastics} {'WB'[position.side]} {position.number} "
                f"{position.made[0]}/{position.made[1]} {position.end}")

    def cells(self, position: TChakoPosition) -> Cells:
        """What each zone holds, as the code writes it after the zone's letter: w2b1Q+w is two
        White pucks, one Black puck and White's queen, a White puck on the creation space."""
        return Cells(ZONE, lambda k: zone_text(position, k))

    def read_position(self, code: str) -> TChakoPosition:
        match = POSITION_CODE.fullmatch(code.strip())
        if not match:
            raise ValueError("a TChako position code is ZONES ELASTICS SIDE NUMBER CREATED STATE, as in "
                             f"{self.position_code(self.start_position())}")
        pucks = [[0, 0] for _ in ZONES]
        queens, created = [OFF, OFF], [""] * len(ZONES)
        last = -1
        for text in ([] if match["zones"] == "-" else match["zones"].split("/")):
            part = ZONE_CODE.fullmatch(text)
            if not part or len(text) == 1:
                raise ValueError(f"{text!r} is not a zone of a position code (as in Aw3, Kq, Fw1b2+w: counts "
                                 "from 1, without leading zeros)")
            k = ZONE[part[1]]
            if k <= last:
                raise ValueError(f"zone {part[1]} is listed twice" if k == last or pucks[k] != [0, 0] else
                                 f"zone {part[1]} comes after {ZONES[last]}: zones are listed from A to L")
            last = k
            pucks[k] = [int(part[2] or 0), int(part[3] or 0)]
            for side, queen in enumerate(part.group(4, 5)):
                if not queen:
                    continue
                if self.anarchy:
                    raise ValueError(f"zone {part[1]} holds {SIDES[side]}'s queen, and there are no queens in "
                                     "anarchy")
                if queens[side] != OFF:
                    raise ValueError(f"{SIDES[side]}'s queen is in {ZONES[queens[side]]} and in {part[1]}: "
                                     "each side has one queen")
                queens[side] = k
                pucks[k][side] += 1
            holder = part[6] or ""
            if holder and (queens["Qq".index(holder)] != k if holder in "Qq"
                           else pucks[k]["wb".index(holder)] - (queens["wb".index(holder)] == k) < 1):
                raise ValueError(f"zone {part[1]}: the code puts on its creation space a piece the zone lacks")
            created[k] = holder
        for side in (WHITE, BLACK):
            on_board = sum(pair[side] for pair in pucks) - (queens[side] != OFF)
            if on_board > PUCKS:
                raise ValueError(f"{SIDES[side]} has {on_board} pucks on the board: each side has {PUCKS}")
        return TChakoPosition(tuple(map(tuple, pucks)), tuple(queens), tuple(created),
                              read_elastics(match["elastics"]), tuple(int(n) for n in match["made"].split("/")),
                              self._read_end(match["end"]), "WB".index(match["side"]), int(match["number"]))

    def _read_end(self, end: str) -> str:
        """A position code's state, checked against the modes that can give it."""
        if end in ("play", "stop") or end[:2] in ("W:", "B:") and end[2:] in WINS:
            why = end[2:] if end != "stop" else "zones"
            needs = {"anarchy": "anarchy" if not self.anarchy else "",
                     "queen": "no anarchy" if self.anarchy else "", "noqueen": "no anarchy" if self.anarchy else "",
                     "hill": "" if self.hills else "a king of the hill mode",
                     "lead": "" if "demographic" in self.values else "demographic N",
                     "total": "" if "demographic total" in self.values else "demographic total N",
                     "sudden": "" if {"sudden death", "sudden death turns"} & self.values.keys()
                     else "sudden death N or sudden death turns N",
                     "zones": "" if "countdown" in self.values else "countdown N"}
            needs["count"] = needs["zones"]
            if end != "play" and needs.get(why):
                raise ValueError(f"the state {end} needs the variant {needs[why]}")
            return end
        raise ValueError(f"{end!r} is not a state of a position code: play, stop, or the winner and why, "
                         f"{', '.join('W:' + why for why in WINS)} (B: for Black)")

    # --- turns as text -------------------------------------------------------------------------
    def turn_from_match(self, match: Match) -> Turn:
        actions = match.group("actions")
        turn = read_actions(actions) if actions else ()
        return turn + (DECIDED,) if match.group("decided") else turn

    def turn_text(self, turn: Turn) -> str:
        if turn and isinstance(turn[-1], Decided):
            return self.turn_text(turn[:-1]) + "#"
        return ",".join(map(action_text, turn)) if turn else "pass"

    # --- rules ---------------------------------------------------------------------------------
    def play(self, position: TChakoPosition, turn: Turn) -> Played[TChakoPosition, Turn]:
        """The turn played action by action, each queen's return written +q and the mark #
        added when the game is decided as the next turn begins."""
        state = State(position)
        done: list[Action] = []
        try:
            if position.end != "play":
                raise Illegal(f"the game is over: {self._end(position).reason}")
            start = self._start(state)
            budget = FIRST_AP if position.number == 1 and position.side == WHITE else AP
            spent = 0
            marked = bool(turn) and isinstance(turn[-1], Decided)
            for action in turn[:-1] if marked else turn:
                if state.end != "play":
                    raise Illegal(f"{action_text(action)}: the game ended with the previous action: "
                                  f"{self._end(state.position(0, 1)).reason}")
                try:
                    if type(action) is Shot and not state.free:  # the usual action, without _act's dispatch
                        cost = self._shoot(state, action, start)
                    else:
                        cost, action = self._act(state, action, start, position.number)
                except Refused as refused:
                    raise Illegal(f"{action_text(action)}: {refused}") from None
                if spent + cost > budget:
                    raise Illegal(f"{action_text(action)} costs {_points(cost)}, and {SIDES[state.side]} has "
                                  f"{_points(budget - spent)} left of its {_points(budget)} this turn")
                spent += cost
                done.append(action)
                self._check_wins(state, start)
        except Illegal as error:
            return Played(str(error), turn, None)
        during = state.end != "play"
        after = self._next_turn(state, position.number, spent)
        decided = not during and after.end != "play"  # by the start of the next turn: the mark `#`
        if marked and not decided:
            return Played(self._mark_refused(after, during), turn, None)
        done_turn = tuple(done) + (DECIDED,) if decided else tuple(done)
        return Played(None, done_turn if done_turn != turn else turn, after)

    def _mark_refused(self, after: TChakoPosition, during: bool) -> str:
        """Why a turn may not be marked `#`: the game ended during it, or goes on."""
        if during:
            return f"#: the game ended during this turn, not at the start of the next one: {self._end(after).reason}"
        return (f"#: the game is not decided at the start of {SIDES[after.side]}'s turn {after.number}: # marks "
                "a game that ends as the next turn begins")

    def _start(self, state: State) -> TurnStart:
        """What the start of the mover's turn fixes; Carrisk's free creations (spent on the
        turn's first actions, or lost)."""
        if self.carrisk:
            state.free = 2
        return TurnStart(tuple(state.zones), state.side)

    def _next_turn(self, state: State, number: int, spent: int) -> TChakoPosition:
        """The position after the turn, with what the start of the next turn decides."""
        side = 1 - state.side
        number += side == WHITE
        if state.end == "play":
            state.side, state.number = side, number
            self._check_wins(state, TurnStart(tuple(state.zones), side), at_start=True)
            limit = self.values.get("countdown")
            if state.end == "play" and limit is not None and side == WHITE and number > limit:
                state.end = self._countdown(state)
        return state.position(side, number, spent)

    def _countdown(self, state: State) -> str:
        zones = [captured_zones(state.zones, side).bit_count() for side in (WHITE, BLACK)]
        if zones[0] != zones[1]:
            return f"{'WB'[zones[1] > zones[0]]}:zones"
        pucks = [state.on_board(side) for side in (WHITE, BLACK)]
        if pucks[0] != pucks[1]:
            return f"{'WB'[pucks[1] > pucks[0]]}:count"
        return "stop"

    def _check_wins(self, state: State, start: TurnStart, at_start: bool = False) -> None:
        """The wins that can happen at any moment of the mover's turn (and at its start).

        A t'chako decides the game only in anarchy or when the opponent's queen is off the
        board (hitting the queen is judged by the shot), so the chain is looked for only then;
        without that or a `watching` mode there is nothing to check."""
        side = state.side
        if state.end != "play" or not (self.watching or state.queens[1 - side] == OFF):
            return
        if (self.anarchy or state.queens[1 - side] == OFF) and chain(state, side, start.captures):
            state.end = f"{'WB'[side]}:{'anarchy' if self.anarchy else 'noqueen'}"
            return
        for bits, name in self.hills:
            held = start.captures if name == "king of the hill" else start.captures | state.controlled(side)
            if (at_start or name != "king of the hill") and held & bits == bits:
                state.end = f"{'WB'[side]}:hill"
                return
        if not self.counting:  # no mode that wins by counting pucks
            return
        for player in (side, 1 - side):
            lead = self.values.get("demographic")
            mine, theirs = state.pieces(player), state.pieces(1 - player)  # queens count here
            if lead is not None and mine - theirs >= lead:
                state.end = f"{'WB'[player]}:lead"
                return
            total = self.values.get("demographic total")
            if total is not None and mine >= total:
                state.end = f"{'WB'[player]}:total"
                return
            if state.on_board(1 - player) == 0 and self._created_all(state, 1 - player):
                state.end = f"{'WB'[player]}:sudden"
                return

    def _created_all(self, state: State, who: int) -> bool:
        """Whether `who` may create no more pucks (sudden death: its limit used, or the last
        turn for creations past)."""
        limit = self.values.get("sudden death")
        if limit is not None and state.made[who] >= limit:
            return True
        deadline = self.values.get("sudden death turns")
        next_turn = state.number + (who == WHITE and state.side == BLACK)  # who's turn now or next
        return deadline is not None and next_turn > deadline

    # --- actions -------------------------------------------------------------------------------
    def _act(self, state: State, action: Action, start: TurnStart, number: int) -> tuple[int, Action]:
        """Play one action on the state: its cost in half points, and the action as completed
        (Refused with the reason if the rules forbid it)."""
        if state.free and not (isinstance(action, Create) and start.captures >> action.zone & 1):
            state.free = 0  # Carrisk: the free creations come first, on captured zones
        if isinstance(action, Shot):
            return self._shoot(state, action, start), action
        if isinstance(action, Create):
            return self._create(state, action, start, number)
        return self._anchor(state, action), action

    def _take(self, state: State, piece: Piece, colour: int, pushed: bool = False) -> None:
        """Take a piece off its zone (it is about to move): it must be there."""
        k = piece.zone
        if piece.kind == "q":
            if self.anarchy:
                raise Refused(f"there are no queens in anarchy")
            if state.queens[colour] != k:
                where = "off the board" if state.queens[colour] == OFF else f"in {ZONES[state.queens[colour]]}"
                raise Refused(f"{SIDES[colour]}'s queen is {where}, not in {ZONES[k]}")
            state.queens[colour] = OFF
        elif piece.kind == "c":
            if state.created[k] != COLOURS[colour]:
                raise Refused(f"no {SIDES[colour]} puck stands on the creation space of {ZONES[k]}")
        elif state.pucks[k][colour] - (state.queens[colour] == k) - (state.created[k] == COLOURS[colour]) <= 0:
            if state.created[k] == COLOURS[colour]:
                raise Refused(f"{SIDES[colour]}'s only puck in {ZONES[k]} stands on its creation space: "
                              f"write c{ZONES[k]}")
            raise Refused(f"{SIDES[colour]} has no {'other ' if pushed else ''}puck in {ZONES[k]}")
        if state.created[k] == ("Qq"[colour] if piece.kind == "q" else COLOURS[colour] if piece.kind == "c" else "-"):
            state.created[k] = ""
        state.add(k, colour, -1)

    @staticmethod
    def _put(state: State, place: Place, colour: int, queen: bool) -> None:
        if place.zone == OFF:
            return
        state.add(place.zone, colour, 1)
        if queen:
            state.queens[colour] = place.zone

    def _shoot(self, state: State, shot: Shot, start: TurnStart) -> int:
        side, other = state.side, 1 - state.side
        piece = shot.piece
        queen = piece.kind == "q"
        if queen and state.queen_shot:
            raise Refused(f"{SIDES[side]}'s queen was already shot this turn (each piece once a turn)")
        plain = 0
        if piece.kind == "":
            k = piece.zone
            plain = state.pucks[k][side] - (state.queens[side] == k) - (state.created[k] == COLOURS[side])
            readings = state.shot
            if plain and (readings[0][k] >= plain if len(readings) == 1 else
                          not (readings := [reading for reading in readings if reading[k] < plain])):
                raise Refused(f"every {SIDES[side]} puck in {ZONES[k]} was already shot this turn "
                              "(each puck once a turn)")
            state.shot = readings
        if shot.charged and not self.strategic:
            raise Refused("^ announces a charged shot, which only the strategic shots mode has")
        in_tchako = shot.hit is not None and shot.hit.kind == "q" and chain(state, side, start.captures)
        grey = state.pucks[piece.zone][other] > 0 and state.pucks[piece.zone][side] > 0
        if plain > 0:  # a puck besides the queen and the created one: there is one to take
            state.add(piece.zone, side, -1)
        else:
            self._take(state, piece, side)
        if queen:
            state.queen_shot = True
        cost = 2 * ((3 if queen else 2) if not self.strategic else (2 if queen else 1) + shot.charged)
        # The hit, judged on the board as the shot began; then every other piece the shot moved,
        # each taken from where it stood before the shot (never the shooter nor the piece hit).
        hit, hit_place = shot.hit, None
        incident = False
        if hit is not None:
            self._take(state, hit, other)
            incident = grey and hit.zone == piece.zone and not self.sumo
            if hit.kind == "q":
                if in_tchako and not incident and (shot.charged or not self.strategic):
                    if shot.hit_to is not None:
                        raise Refused(f"hitting {piece_words(hit, other)} in t'chako wins the game: write no place for it")
                    state.end = f"{'WB'[side]}:queen"
                else:
                    hit_place = shot.hit_to or Place(hit.zone)
            elif incident or self.sumo or (self.strategic and not shot.charged):
                hit_place = shot.hit_to or Place(hit.zone)
            elif shot.hit_to is not None:
                raise Refused(f"{piece_words(hit, other)} is eliminated, the first opponent puck hit: it goes "
                              f"nowhere, write x{hit.kind}{ZONES[hit.zone]}")
        elif shot.hit_to is not None:
            raise Refused("a place for the piece hit, but no piece hit")
        arrivals = self._take_pushed(state, shot) if shot.pushes else None
        if hit is not None and hit_place is not None:
            self._put(state, hit_place, other, hit.kind == "q")
        if not incident and shot.stop.zone != OFF:  # a grey-zone incident costs the shooter its piece
            state.add(shot.stop.zone, side, 1)
            if queen:
                state.queens[side] = shot.stop.zone
        for pushed, to in shot.pushes:
            self._put(state, to, _colour(pushed), pushed.kind == "q")
        if arrivals is not None:
            state.shot = arrivals
        if not queen and not incident and shot.stop.zone != OFF:
            for reading in state.shot:
                reading[shot.stop.zone] += 1
        return cost

    def _take_pushed(self, state: State, shot: Shot) -> list[list[int]]:
        """Take the pushed pieces off the board; the readings of the mover's shot pucks once
        they land (a pushed puck of the mover may be one shot earlier this turn, or not)."""
        side = state.side
        readings = [(reading, [0] * len(ZONES)) for reading in state.shot]
        for pushed, to in shot.pushes:
            colour = _colour(pushed)
            if pushed.kind == "q" and state.queens[colour] == OFF and not self.anarchy:
                if colour == side and shot.piece.kind == "q":
                    raise Refused(f"{SIDES[side]}'s queen is the shooter: write where she stopped after >, "
                                  "not as pushed")
                if shot.hit is not None and shot.hit.kind == "q" and colour != side:
                    raise Refused(f"{SIDES[colour]}'s queen is the piece hit: where she went is written after "
                                  "the hit, not as a push")
            plain = state.plain(pushed.zone, colour)
            try:
                self._take(state, pushed, colour, pushed=True)
            except Refused as refused:
                raise Refused(f"{refused}: a shot pushes other pieces than the shooter and the piece hit, each "
                              "written once") from None
            if colour != side or pushed.kind != "":
                continue
            z, landing = pushed.zone, to.zone
            split = []
            for reading, landed in readings:
                if reading[z]:  # one of the pucks shot earlier this turn
                    moved, came = reading.copy(), landed.copy()
                    moved[z] -= 1
                    if landing != OFF:
                        came[landing] += 1
                    split.append((moved, came))
                if plain - reading[z] > 0:  # a puck not shot yet
                    split.append((reading, landed))
            readings = split
        merged = {tuple(a + b for a, b in zip(reading, landed)): None for reading, landed in readings}
        return [list(reading) for reading in merged]

    def _create(self, state: State, create: Create, start: TurnStart, number: int) -> tuple[int, Create]:
        side = state.side
        captures, opponent_held = start.captures, start.opponent_held
        k = create.zone
        bit = 1 << k
        if not captures & bit and not (HOME_BITS[side] & bit and not opponent_held & bit):
            if HOME_BITS[side] & bit:
                raise Refused(f"{SIDES[1 - side]} controlled {ZONES[k]} at the start of the turn, so "
                              f"{SIDES[side]} may not create there")
            raise Refused(f"{SIDES[side]} did not capture {ZONES[k]} at the start of the turn (a puck is "
                          "created on a captured zone, or on one's own vital or base zone)")
        if state.created[k]:
            holder = state.created[k]
            who = f"{SIDES['wbQq'.index(holder) % 2]}'s {'queen' if holder in 'Qq' else 'puck'}"
            raise Refused(f"the creation space of {ZONES[k]} holds {who}, created there and not moved "
                          "since: it must be shot, hit or pushed before another creation there")
        queen = not self.anarchy and state.queens[side] == OFF
        if create.queen and not queen:
            raise Refused(f"{SIDES[side]}'s queen is on the board: write +{ZONES[k]} to create a puck")
        if not queen:
            if state.on_board(side) >= PUCKS:
                raise Refused(f"{SIDES[side]} has no puck in reserve (all {PUCKS} are on the board)")
            limit = self.values.get("sudden death")
            if limit is not None and state.made[side] >= limit:
                raise Refused(f"{SIDES[side]} has created its {limit} puck{'' if limit == 1 else 's'} "
                              "(sudden death)")
            stop = self.values.get("sudden death turns")
            if stop is not None and number > stop:
                raise Refused(f"no puck is created after turn {stop} (sudden death)")
            state.made[side] += 1
        state.add(k, side, 1)
        state.created[k] = ("Qq" if queen else COLOURS)[side]
        if queen:
            state.queens[side] = k
        if state.free:
            state.free -= 1
            cost = 0
        elif self.supply_depot:
            held = (captures | HOME_BITS[side] & ~opponent_held).bit_count()
            cost = 2 * max(1, state.on_board(side) - (not queen) - held)
        else:
            cost = 4
        return cost, Create(k, queen)

    def _anchor(self, state: State, anchor: Anchor) -> int:
        side = state.side
        index = 3 * side + anchor.elastic
        name = ("first short", "second short", "long")[anchor.elastic]
        a, b, _ = state.elastics[index]
        for obstacle in (anchor.origin, anchor.to):
            if obstacle and obstacle not in OBSTACLE_SET:
                raise Refused(f"there is no obstacle between {obstacle[0]} and {obstacle[1]}")
        if not anchor.origin and a and b:
            raise Refused(f"both anchors of {SIDES[side]}'s {name} elastic are placed: name the one moved")
        if anchor.origin not in (a, b):
            raise Refused(f"{SIDES[side]}'s {name} elastic has no anchor on {anchor.origin}")
        kept = b if anchor.origin == a else a
        busy = {obstacle for k, span in enumerate(state.elastics) if k != index for obstacle in span if obstacle}
        if anchor.to in busy or anchor.to == kept:
            raise Refused(f"the obstacle {anchor.to} already carries an elastic")
        middle = ""
        if kept:
            if anchor.elastic < 2 and kept not in FINE[anchor.to]:
                raise Refused(f"a short elastic spans two obstacles joined by a fine line, and {kept} "
                              f"and {anchor.to} are not")
            if anchor.elastic == 2:
                middles = sorted((FINE[kept] & FINE[anchor.to]) - busy - {kept, anchor.to})
                if not middles:
                    raise Refused(f"a long elastic spans two obstacles joined through a free third one by "
                                  f"two fine lines, and {kept} and {anchor.to} are not")
                if anchor.middle and anchor.middle not in middles:
                    several = len(middles) > 1
                    raise Refused(f"{anchor.middle} cannot be the middle of a long elastic from {kept} to "
                                  f"{anchor.to}: the free obstacle{'s' if several else ''} joined to both by fine "
                                  f"lines {'are' if several else 'is'} {' and '.join(middles)}")
                middle = anchor.middle or middles[0]
        if anchor.middle and not middle:
            raise Refused("only a long elastic with both anchors placed has a middle obstacle")
        low, high = sorted((kept, anchor.to))
        state.elastics[index] = (low, high, middle) if kept else (anchor.to, "", "")
        return 1

    # --- generating turns -----------------------------------------------------------------------
    def legal_turns(self, position: TChakoPosition, chance: object = None) -> Iterator[Turn]:
        """The pass and every legal one-action turn whose shot stops, untouched, in its own zone
        or a neighbouring one. Real outcomes depend on the players' hands, so `chance` is not
        used: any other outcome is checked by why_illegal."""
        if position.end != "play":
            return
        yield ()
        for action in self._candidates(position):
            if self.why_illegal(position, (action,)) is None:
                yield (action,)

    def _candidates(self, position: TChakoPosition) -> Iterator[Action]:
        side = position.side
        for k, pair in enumerate(position.pucks):
            if pair[side]:
                kind = "q" if position.queens[side] == k else "c" if position.created[k] == COLOURS[side] else ""
                for to in (k, *(ZONE[z] for z in NEIGHBOURS[ZONES[k]])):
                    yield Shot(Piece(kind, k), Place(to))
                    if kind and pair[side] > 1:
                        yield Shot(Piece("", k), Place(to))
        for k in range(len(ZONES)):
            yield Create(k, not self.anarchy and position.queens[side] == OFF)
        for elastic in range(3):
            first, second, _ = position.elastics[3 * side + elastic]
            for obstacle in OBSTACLES:
                yield Anchor(elastic, first if first and second else "" if not second else second, obstacle)

    def random_turn(self, position: TChakoPosition, rng: random.Random) -> Turn | None:
        """A few actions with plausible outcomes drawn from rng: shots mostly stopping in a
        neighbouring zone, sometimes hitting an opponent piece there or pushing one, rarely
        leaving the board; creations; elastic moves. Each is kept only if legal."""
        if position.end != "play":
            return None
        turn: tuple = ()
        for _ in range(rng.randrange(1, 6)):
            action = self._random_action(position, turn, rng)
            if action is not None and self.why_illegal(position, turn + (action,)) is None:
                turn += (action,)
        return turn

    def _random_action(self, position: TChakoPosition, turn: Turn, rng: random.Random) -> Action | None:
        state = State(position)
        start = TurnStart(tuple(state.zones), position.side)
        for action in turn:  # the board as the turn left it so far (turn is legal)
            try:
                self._act(state, action, start, position.number)
            except Refused:
                return None
        side, other = position.side, 1 - position.side
        roll = rng.random()
        queen_off = not self.anarchy and state.queens[side] == OFF
        if roll < (0.5 if queen_off else 0.15):
            where = start.captures | HOME_BITS[side]
            return Create(rng.choice([k for k in range(len(ZONES)) if where >> k & 1]), queen_off)
        if roll < 0.22:
            elastic = rng.randrange(3)
            a, b, _ = state.elastics[3 * side + elastic]
            origin = rng.choice([a, b]) if a and b else ""
            near = sorted(FINE[a or b]) if (a or b) else OBSTACLES
            return Anchor(elastic, origin, rng.choice(near if rng.random() < 0.8 else OBSTACLES))
        zones = [k for k, pair in enumerate(state.pucks) if pair[side]]
        if not zones:
            return None
        k = rng.choice(zones)
        kind = "q" if state.queens[side] == k and rng.random() < 0.3 else ""
        if not kind and state.created[k] == COLOURS[side] and (state.pucks[k][side] == 1 or rng.random() < 0.5):
            kind = "c"
        if not kind and state.queens[side] == k and state.pucks[k][side] == 1 + (state.created[k] == COLOURS[side]):
            kind = "q"
        choices = [k, *(ZONE[z] for z in NEIGHBOURS[ZONES[k]])]
        stop = Place(OFF) if kind != "q" and rng.random() < 0.03 else Place(rng.choice(choices))
        if stop.zone != OFF and rng.random() < 0.2:
            stop = Place(stop.zone, (rng.randrange(100), rng.randrange(100)))
        hit = hit_to = None
        targets = [z for z in choices if state.pucks[z][other]]
        if targets and rng.random() < 0.5:
            z = rng.choice(targets)
            hit_kind = "q" if state.queens[other] == z and state.pucks[z][other] == 1 else ""
            if hit_kind == "" and state.created[z] == COLOURS[other] and state.pucks[z][other] \
                    - (state.queens[other] == z) == 1:
                hit_kind = "c"
            hit = Piece(hit_kind, z)
            if hit_kind == "q" or rng.random() < 0.3:
                hit_to = Place(rng.choice([z, *(ZONE[n] for n in NEIGHBOURS[ZONES[z]])]))
        pushes: tuple[tuple[Piece, Place], ...] = ()
        if rng.random() < 0.1:
            mates = [z for z in choices if state.pucks[z][side] > (z == k) + (state.queens[side] == z)
                     + (state.created[z] == COLOURS[side])]
            if mates:
                z = rng.choice(mates)
                pushes = ((Piece("", z, side), Place(rng.choice([z, *(ZONE[n] for n in NEIGHBOURS[ZONES[z]])]))),)
        return Shot(Piece(kind, k), stop, hit, hit_to, pushes, self.strategic and rng.random() < 0.6)

    # --- the end ---------------------------------------------------------------------------------
    def outcome(self, position: TChakoPosition, history: History | None = None) -> Outcome | None:
        return None if position.end in ("play", "stop") else self._end(position)

    def _end(self, position: TChakoPosition) -> Outcome:
        if position.end == "stop":
            return Outcome(None, "the countdown is over with as many zones and pucks each: the players decide "
                                 "by the pucks nearest the opponent's vital zone")
        winner = "WB".index(position.end[0])
        why = position.end[2:]
        zones = " and ".join(zone_list(bits) for bits, _ in self.hills)
        number = self.values.get("demographic total" if why == "total" else "demographic")
        return Outcome(winner, WINS[why].format(w=SIDES[winner], l=SIDES[1 - winner], zones=zones, n=number))
