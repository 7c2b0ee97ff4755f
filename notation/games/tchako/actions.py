"""What each T'Chako action does to the board, and when the rules forbid it: shots with the
outcomes the record states, creations and the queen's return, elastics' anchors
(docs/games/tchako.md#a-turn).

A turn is played on a `State`, mutable copies of a position's parts; each action takes
its cost in half action points, or raises Refused with the reason.
"""

from __future__ import annotations

import operator

from .board import WHITE, ZONES
from .modes import Modes
from .position import PUCKS, SIDES, TChakoPosition
from .turns import COLOURS, Action, Anchor, Create, Piece, Place, Shot
from .zones import (FINE, HOME_BITS, OBSTACLE_SET, OFF, captured_zones, chain, controlled_zones,
                           occupied_zones)


class Refused(Exception):
    """Raised while playing one action, with the reason; the action's text is put before it."""


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
    """A position being played under the game's modes: mutable copies of its parts, and the turn's counters."""

    __slots__ = ("modes", "pucks", "zones", "queens", "created", "elastics", "made", "end", "side", "number", "shot",
                 "queen_shot", "free")

    def __init__(self, position: TChakoPosition, modes: Modes) -> None:
        self.modes = modes
        self.pucks = list(position.pucks)  # (White, Black) pairs: change them through add()
        self.zones = list(position.zones or occupied_zones(position.pucks))
        self.queens = list(position.queens)
        self.created = list(position.created)
        self.elastics = position.elastics  # tuples, replaced whole when an anchor moves or a puck is created
        self.made = position.made
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
        return sum(map(operator.itemgetter(side), self.pucks))

    def on_board(self, side: int) -> int:
        """`side`'s pucks on the board, its queen left out."""
        return self.pieces(side) - (self.queens[side] != OFF)

    def position(self, side: int, number: int, spent: int = 0) -> TChakoPosition:
        return TChakoPosition(tuple(self.pucks), tuple(self.queens), tuple(self.created), self.elastics, self.made,
                              self.end, side, number, spent, tuple(self.zones))


def _colour(pushed: Piece) -> int:
    """A pushed piece's side: the turn rule always writes it."""
    assert pushed.colour is not None, "a pushed piece is written with its colour"
    return pushed.colour


def piece_words(piece: Piece, colour: int) -> str:
    """A piece in words: White's puck in F, Black's queen."""
    what = {"": "puck", "q": "queen", "c": "puck on the creation space"}[piece.kind]
    return f"{SIDES[colour]}'s {what} in {ZONES[piece.zone]}" if piece.kind != "q" else f"{SIDES[colour]}'s queen"


def act(state: State, action: Action, start: TurnStart, number: int) -> tuple[int, Action]:
    """Play one action on the state: its cost in half points, and the action as completed
    (Refused with the reason if the rules forbid it)."""
    if state.free and not (isinstance(action, Create) and start.captures >> action.zone & 1):
        state.free = 0  # Carrisk: the free creations come first, on captured zones
    if isinstance(action, Shot):
        return shoot(state, action, start), action
    if isinstance(action, Create):
        return create(state, action, start, number)
    return move_anchor(state, action), action


def take(state: State, piece: Piece, colour: int, pushed: bool = False) -> None:
    """Take a piece off its zone (it is about to move): it must be there."""
    kind, k, _ = piece
    if kind == "q":
        if state.modes.anarchy:
            raise Refused("there are no queens in anarchy")
        if state.queens[colour] != k:
            where = "off the board" if state.queens[colour] == OFF else f"in {ZONES[state.queens[colour]]}"
            raise Refused(f"{SIDES[colour]}'s queen is {where}, not in {ZONES[k]}")
        state.queens[colour] = OFF
    elif kind == "c":
        if state.created[k] != COLOURS[colour]:
            raise Refused(f"no {SIDES[colour]} puck stands on the creation space of {ZONES[k]}")
    elif state.pucks[k][colour] - (state.queens[colour] == k) - (state.created[k] == COLOURS[colour]) <= 0:
        if state.created[k] == COLOURS[colour]:
            raise Refused(f"{SIDES[colour]}'s only puck in {ZONES[k]} stands on its creation space: "
                          f"write c{ZONES[k]}")
        raise Refused(f"{SIDES[colour]} has no {'other ' if pushed else ''}puck in {ZONES[k]}")
    if state.created[k] == ("Qq"[colour] if kind == "q" else COLOURS[colour] if kind == "c" else "-"):
        state.created[k] = ""
    state.add(k, colour, -1)


def put(state: State, place: Place, colour: int, queen: bool) -> None:
    """Put a piece where it went (nowhere when it left the board)."""
    if place.zone == OFF:
        return
    state.add(place.zone, colour, 1)
    if queen:
        state.queens[colour] = place.zone


def shoot(state: State, shot: Shot, start: TurnStart) -> int:
    """Play a shot with the outcome the record states; its cost."""
    piece, stop, hit, hit_to, pushes, charged = shot
    kind, k, _ = piece
    side = state.side
    other = 1 - side
    modes, pucks = state.modes, state.pucks
    queen = kind == "q"
    if queen and state.queen_shot:
        raise Refused(f"{SIDES[side]}'s queen was already shot this turn (each piece once a turn)")
    plain = 0
    if kind == "":
        plain = pucks[k][side] - (state.queens[side] == k) - (state.created[k] == COLOURS[side])
        readings = state.shot
        if plain and (readings[0][k] >= plain if len(readings) == 1 else
                      not (readings := [reading for reading in readings if reading[k] < plain])):
            raise Refused(f"every {SIDES[side]} puck in {ZONES[k]} was already shot this turn "
                          "(each puck once a turn)")
        state.shot = readings
    if charged and not modes.strategic:
        raise Refused("^ announces a charged shot, which only the strategic shots mode has")
    in_tchako = hit is not None and hit.kind == "q" and chain(state.zones, side, start.captures)
    grey = pucks[k][other] > 0 and pucks[k][side] > 0
    if plain > 0:  # a puck besides the queen and the created one: there is one to take
        state.add(k, side, -1)
    else:
        take(state, piece, side)
    if queen:
        state.queen_shot = True
    cost = 2 * ((3 if queen else 2) if not modes.strategic else (2 if queen else 1) + charged)
    # The hit, judged on the board as the shot began; then every other piece the shot moved,
    # each taken from where it stood before the shot (never the shooter nor the piece hit).
    hit_place = None
    incident = False
    if hit is not None:
        take(state, hit, other)
        incident = grey and hit.zone == k and not modes.sumo
        if hit.kind == "q":
            if in_tchako and not incident and (charged or not modes.strategic):
                if hit_to is not None:
                    raise Refused(f"hitting {piece_words(hit, other)} in t'chako wins the game: write no place for it")
                state.end = f"{'WB'[side]}:queen"
            else:
                hit_place = hit_to or Place(hit.zone)
        elif incident or modes.sumo or (modes.strategic and not charged):
            hit_place = hit_to or Place(hit.zone)
        elif hit_to is not None:
            raise Refused(f"{piece_words(hit, other)} is eliminated, the first opponent puck hit: it goes "
                          f"nowhere, write x{hit.kind}{ZONES[hit.zone]}")
    elif hit_to is not None:
        raise Refused("a place for the piece hit, but no piece hit")
    arrivals = take_pushed(state, shot) if pushes else None
    if hit is not None and hit_place is not None:
        put(state, hit_place, other, hit.kind == "q")
    landing = stop.zone
    if not incident and landing != OFF:  # a grey-zone incident costs the shooter its piece
        state.add(landing, side, 1)
        if queen:
            state.queens[side] = landing
    for pushed, to in pushes:
        put(state, to, _colour(pushed), pushed.kind == "q")
    if arrivals is not None:
        state.shot = arrivals
    if not queen and not incident and landing != OFF:
        for reading in state.shot:
            reading[landing] += 1
    return cost


def take_pushed(state: State, shot: Shot) -> list[list[int]]:
    """Take the pushed pieces off the board; the readings of the mover's shot pucks once
    they land (a pushed puck of the mover may be one shot earlier this turn, or not)."""
    side = state.side
    readings = [(reading, [0] * len(ZONES)) for reading in state.shot]
    for pushed, to in shot.pushes:
        colour = _colour(pushed)
        if pushed.kind == "q" and state.queens[colour] == OFF and not state.modes.anarchy:
            if colour == side and shot.piece.kind == "q":
                raise Refused(f"{SIDES[side]}'s queen is the shooter: write where she stopped after >, "
                              "not as pushed")
            if shot.hit is not None and shot.hit.kind == "q" and colour != side:
                raise Refused(f"{SIDES[colour]}'s queen is the piece hit: where she went is written after "
                              "the hit, not as a push")
        plain = state.plain(pushed.zone, colour)
        try:
            take(state, pushed, colour, pushed=True)
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
    merged = {tuple(map(operator.add, reading, landed)): None for reading, landed in readings}
    return [list(reading) for reading in merged]


def create(state: State, creation: Create, start: TurnStart, number: int) -> tuple[int, Create]:
    """Create a puck, or bring the queen back; its cost, and the creation as completed (+q for the queen)."""
    side = state.side
    captures, opponent_held = start.captures, start.opponent_held
    k = creation.zone
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
    queen = not state.modes.anarchy and state.queens[side] == OFF
    if creation.queen and not queen:
        raise Refused(f"{SIDES[side]}'s queen is on the board: write +{ZONES[k]} to create a puck")
    if not queen:
        if state.on_board(side) >= PUCKS:
            raise Refused(f"{SIDES[side]} has no puck in reserve (all {PUCKS} are on the board)")
        limit = state.modes.values.get("sudden death")
        if limit is not None and state.made[side] >= limit:
            raise Refused(f"{SIDES[side]} has created its {limit} puck{'' if limit == 1 else 's'} "
                          "(sudden death)")
        stop = state.modes.values.get("sudden death turns")
        if stop is not None and number > stop:
            raise Refused(f"no puck is created after turn {stop} (sudden death)")
        made = state.made
        state.made = (made[0] + 1, made[1]) if side == WHITE else (made[0], made[1] + 1)
    state.add(k, side, 1)
    state.created[k] = ("Qq" if queen else COLOURS)[side]
    if queen:
        state.queens[side] = k
    if state.free:
        state.free -= 1
        cost = 0
    elif state.modes.supply_depot:
        held = (captures | HOME_BITS[side] & ~opponent_held).bit_count()
        cost = 2 * max(1, state.on_board(side) - (not queen) - held)
    else:
        cost = 4
    return cost, Create(k, queen)


def move_anchor(state: State, anchor: Anchor) -> int:
    """Place an elastic's anchor, or move it to another obstacle; its cost."""
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
    elastics = state.elastics
    state.elastics = (*elastics[:index], (low, high, middle) if kept else (anchor.to, "", ""), *elastics[index + 1:])
    return 1
