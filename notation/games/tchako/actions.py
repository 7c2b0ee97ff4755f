"""What each T'Chako action does to the board, and when the rules forbid it: shots with the
outcomes the record states, creations and the queen's return, elastics' anchors
(docs/games/tchako.md#a-turn).

A turn is played on a `State`, mutable copies of a position's parts; each action takes
its cost in half action points, or raises Refused with the refusal's code and parameters.
"""

from __future__ import annotations

import operator

from ..base import Param, Refusal, RefusalCode, Said, Worded
from .board import WHITE, ZONES
from .modes import Modes
from .position import PUCKS, SIDES, TChakoPosition
from .turns import COLOURS, Action, Anchor, Create, Piece, Place, Shot, action_text
from .zones import (FINE, HOME_BITS, OBSTACLE_SET, OFF, captured_zones, chain, controlled_zones,
                           occupied_zones)


class TChakoRefusal(RefusalCode):
    """Why the T'Chako rules refuse a turn (docs/games/tchako.md#refusal-codes): `action` is
    the text of the action refused."""

    GAME_OVER = "game-over", "the game is over: {ending}"
    ENDED_BEFORE = "ended-before", "{action}: the game ended with the previous action: {ending}"
    OVER_BUDGET = "over-budget", "{action} costs {cost:halves # action point|# action points}, and {side} has " \
        "{left:halves # action point|# action points} left of its {budget:halves # action point|# action points} " \
        "this turn"
    MARK_DURING = "mark-during", "#: the game ended during this turn, not at the start of the next one: {ending}"
    MARK_NOT_DECIDED = "mark-not-decided", "#: the game is not decided at the start of {side}'s turn {number}: # " \
        "marks a game that ends as the next turn begins"
    NO_QUEENS = "no-queens", "{action}: there are no queens in anarchy"
    QUEEN_OFF_BOARD = "queen-off-board", "{action}: {side}'s queen is off the board, not in {zone}"
    QUEEN_ELSEWHERE = "queen-elsewhere", "{action}: {side}'s queen is in {at}, not in {zone}"
    NO_CREATED_PUCK = "no-created-puck", "{action}: no {side} puck stands on the creation space of {zone}"
    ONLY_CREATED_PUCK = "only-created-puck", "{action}: {side}'s only puck in {zone} stands on its creation space: " \
        "write c{zone}"
    NO_PUCK = "no-puck", "{action}: {side} has no puck in {zone}"
    NO_OTHER_PUCK = "no-other-puck", "{action}: {side} has no other puck in {zone}"
    QUEEN_SHOT_TWICE = "queen-shot-twice", "{action}: {side}'s queen was already shot this turn (each piece once a " \
        "turn)"
    PUCKS_SHOT = "pucks-shot", "{action}: every {side} puck in {zone} was already shot this turn (each puck once a " \
        "turn)"
    CHARGED_SHOT = "charged-shot", "{action}: ^ announces a charged shot, which only the strategic shots mode has"
    QUEEN_HIT_PLACED = "queen-hit-placed", "{action}: hitting {hit} in t'chako wins the game: write no place for it"
    HIT_ELIMINATED = "hit-eliminated", "{action}: {hit} is eliminated, the first opponent puck hit: it goes " \
        "nowhere, write {write}"
    NOTHING_HIT = "nothing-hit", "{action}: a place for the piece hit, but no piece hit"
    SHOOTER_PUSHED = "shooter-pushed", "{action}: {side}'s queen is the shooter: write where she stopped after >, " \
        "not as pushed"
    HIT_PUSHED = "hit-pushed", "{action}: {side}'s queen is the piece hit: where she went is written after the hit, " \
        "not as a push"
    PUSHED_MISSING = "pushed-missing", "{missing}: a shot pushes other pieces than the shooter and the piece hit, " \
        "each written once"
    OPPONENT_CONTROLLED = "opponent-controlled", "{action}: {opponent} controlled {zone} at the start of the turn, so " \
        "{side} may not create there"
    NOT_CAPTURED = "not-captured", "{action}: {side} did not capture {zone} at the start of the turn (a puck is " \
        "created on a captured zone, or on one's own vital or base zone)"
    CREATION_SPACE_HELD = "creation-space-held", "{action}: the creation space of {zone} holds {holder}, created " \
        "there and not moved since: it must be shot, hit or pushed before another creation there"
    QUEEN_ON_BOARD = "queen-on-board", "{action}: {side}'s queen is on the board: write +{zone} to create a puck"
    NO_RESERVE = "no-reserve", "{action}: {side} has no puck in reserve (all {pucks} are on the board)"
    CREATED_ALL = "created-all", "{action}: {side} has created its {limit:# puck|# pucks} (sudden death)"
    CREATION_TOO_LATE = "creation-too-late", "{action}: no puck is created after turn {turn} (sudden death)"
    NO_OBSTACLE = "no-obstacle", "{action}: there is no obstacle between {first} and {second}"
    NAME_ANCHOR = "name-anchor", "{action}: both anchors of {side}'s {elastic:0=first short|1=second short|long} " \
        "elastic are placed: name the one moved"
    NO_ANCHOR = "no-anchor", "{action}: {side}'s {elastic:0=first short|1=second short|long} elastic has no anchor " \
        "on {obstacle}"
    OBSTACLE_BUSY = "obstacle-busy", "{action}: the obstacle {obstacle} already carries an elastic"
    SHORT_NOT_JOINED = "short-not-joined", "{action}: a short elastic spans two obstacles joined by a fine line, and " \
        "{kept} and {to} are not"
    LONG_NOT_JOINED = "long-not-joined", "{action}: a long elastic spans two obstacles joined through a free third " \
        "one by two fine lines, and {kept} and {to} are not"
    WRONG_MIDDLE = "wrong-middle", "{action}: {middle} cannot be the middle of a long elastic from {kept} to {to}: " \
        "the free {middles:obstacle joined to both by fine lines is|obstacles joined to both by fine lines are} " \
        "{middles:join and}"
    MIDDLE_NOT_LONG = "middle-not-long", "{action}: only a long elastic with both anchors placed has a middle obstacle"


class TChakoPiece(Worded):
    """A T'Chako piece named in a refusal: its kind, said with its side (and zone)."""

    PUCK = "puck", "{side}'s puck in {zone}"
    QUEEN = "queen", "{side}'s queen"
    CREATED = "created", "{side}'s puck on the creation space in {zone}"
    CREATED_PUCK = "created-puck", "{side}'s puck"  # the puck a creation space holds


class Refused(Exception):
    """Raised while playing one action, with the refusal's code and parameters but the
    action's text (`refusal` adds it)."""

    def __init__(self, code: TChakoRefusal, **params: Param) -> None:
        super().__init__(code)
        self.code, self.params = code, params

    def refusal(self, action: str) -> Refusal:
        """The refusal of the action written `action`."""
        return Refusal(self.code, action=action, **self.params)


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

    def copy(self) -> State:
        """The same state, to change apart."""
        other = State.__new__(State)
        other.modes, other.elastics, other.made, other.end = self.modes, self.elastics, self.made, self.end
        other.pucks, other.zones, other.queens, other.created = (list(self.pucks), list(self.zones), list(self.queens),
                                                                  list(self.created))
        other.side, other.number, other.queen_shot, other.free = self.side, self.number, self.queen_shot, self.free
        other.shot = [list(counts) for counts in self.shot]
        return other

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


def piece_words(piece: Piece, colour: int) -> Said:
    """A piece, to be said: White's puck in F, Black's queen."""
    kind = {"": TChakoPiece.PUCK, "q": TChakoPiece.QUEEN, "c": TChakoPiece.CREATED}[piece.kind]
    return Said(kind, side=SIDES[colour]) if piece.kind == "q" else Said(kind, side=SIDES[colour], zone=ZONES[piece.zone])


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
            raise Refused(TChakoRefusal.NO_QUEENS)
        if state.queens[colour] == OFF:
            raise Refused(TChakoRefusal.QUEEN_OFF_BOARD, side=SIDES[colour], zone=ZONES[k])
        if state.queens[colour] != k:
            raise Refused(TChakoRefusal.QUEEN_ELSEWHERE, side=SIDES[colour], at=ZONES[state.queens[colour]],
                          zone=ZONES[k])
        state.queens[colour] = OFF
    elif kind == "c":
        if state.created[k] != COLOURS[colour]:
            raise Refused(TChakoRefusal.NO_CREATED_PUCK, side=SIDES[colour], zone=ZONES[k])
    elif state.pucks[k][colour] - (state.queens[colour] == k) - (state.created[k] == COLOURS[colour]) <= 0:
        if state.created[k] == COLOURS[colour]:
            raise Refused(TChakoRefusal.ONLY_CREATED_PUCK, side=SIDES[colour], zone=ZONES[k])
        raise Refused(TChakoRefusal.NO_OTHER_PUCK if pushed else TChakoRefusal.NO_PUCK, side=SIDES[colour],
                      zone=ZONES[k])
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
        raise Refused(TChakoRefusal.QUEEN_SHOT_TWICE, side=SIDES[side])
    plain = 0
    if kind == "":
        plain = pucks[k][side] - (state.queens[side] == k) - (state.created[k] == COLOURS[side])
        readings = state.shot
        if plain and (readings[0][k] >= plain if len(readings) == 1 else
                      not (readings := [reading for reading in readings if reading[k] < plain])):
            raise Refused(TChakoRefusal.PUCKS_SHOT, side=SIDES[side], zone=ZONES[k])
        state.shot = readings
    if charged and not modes.strategic:
        raise Refused(TChakoRefusal.CHARGED_SHOT)
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
                    raise Refused(TChakoRefusal.QUEEN_HIT_PLACED, hit=piece_words(hit, other))
                state.end = f"{'WB'[side]}:queen"
            else:
                hit_place = hit_to or Place(hit.zone)
        elif incident or modes.sumo or (modes.strategic and not charged):
            hit_place = hit_to or Place(hit.zone)
        elif hit_to is not None:
            raise Refused(TChakoRefusal.HIT_ELIMINATED, hit=piece_words(hit, other), write=f"x{hit.kind}{ZONES[hit.zone]}")
    elif hit_to is not None:
        raise Refused(TChakoRefusal.NOTHING_HIT)
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
                raise Refused(TChakoRefusal.SHOOTER_PUSHED, side=SIDES[side])
            if shot.hit is not None and shot.hit.kind == "q" and colour != side:
                raise Refused(TChakoRefusal.HIT_PUSHED, side=SIDES[colour])
        plain = state.plain(pushed.zone, colour)
        try:
            take(state, pushed, colour, pushed=True)
        except Refused as refused:
            raise Refused(TChakoRefusal.PUSHED_MISSING, missing=refused.refusal(action_text(shot))) from None
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
            raise Refused(TChakoRefusal.OPPONENT_CONTROLLED, opponent=SIDES[1 - side], zone=ZONES[k], side=SIDES[side])
        raise Refused(TChakoRefusal.NOT_CAPTURED, side=SIDES[side], zone=ZONES[k])
    if state.created[k]:
        holder = state.created[k]
        who = Said(TChakoPiece.QUEEN if holder in "Qq" else TChakoPiece.CREATED_PUCK, side=SIDES["wbQq".index(holder) % 2])
        raise Refused(TChakoRefusal.CREATION_SPACE_HELD, zone=ZONES[k], holder=who)
    queen = not state.modes.anarchy and state.queens[side] == OFF
    if creation.queen and not queen:
        raise Refused(TChakoRefusal.QUEEN_ON_BOARD, side=SIDES[side], zone=ZONES[k])
    if not queen:
        if state.on_board(side) >= PUCKS:
            raise Refused(TChakoRefusal.NO_RESERVE, side=SIDES[side], pucks=PUCKS)
        limit = state.modes.values.get("sudden death")
        if limit is not None and state.made[side] >= limit:
            raise Refused(TChakoRefusal.CREATED_ALL, side=SIDES[side], limit=limit)
        stop = state.modes.values.get("sudden death turns")
        if stop is not None and number > stop:
            raise Refused(TChakoRefusal.CREATION_TOO_LATE, turn=stop)
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
    a, b, _ = state.elastics[index]
    for obstacle in (anchor.origin, anchor.to):
        if obstacle and obstacle not in OBSTACLE_SET:
            raise Refused(TChakoRefusal.NO_OBSTACLE, first=obstacle[0], second=obstacle[1])
    if not anchor.origin and a and b:
        raise Refused(TChakoRefusal.NAME_ANCHOR, side=SIDES[side], elastic=anchor.elastic)
    if anchor.origin not in (a, b):
        raise Refused(TChakoRefusal.NO_ANCHOR, side=SIDES[side], elastic=anchor.elastic, obstacle=anchor.origin)
    kept = b if anchor.origin == a else a
    busy = {obstacle for k, span in enumerate(state.elastics) if k != index for obstacle in span if obstacle}
    if anchor.to in busy or anchor.to == kept:
        raise Refused(TChakoRefusal.OBSTACLE_BUSY, obstacle=anchor.to)
    middle = ""
    if kept:
        if anchor.elastic < 2 and kept not in FINE[anchor.to]:
            raise Refused(TChakoRefusal.SHORT_NOT_JOINED, kept=kept, to=anchor.to)
        if anchor.elastic == 2:
            middles = sorted((FINE[kept] & FINE[anchor.to]) - busy - {kept, anchor.to})
            if not middles:
                raise Refused(TChakoRefusal.LONG_NOT_JOINED, kept=kept, to=anchor.to)
            if anchor.middle and anchor.middle not in middles:
                raise Refused(TChakoRefusal.WRONG_MIDDLE, middle=anchor.middle, kept=kept, to=anchor.to, middles=middles)
            middle = anchor.middle or middles[0]
    if anchor.middle and not middle:
        raise Refused(TChakoRefusal.MIDDLE_NOT_LONG)
    low, high = sorted((kept, anchor.to))
    elastics = state.elastics
    state.elastics = (*elastics[:index], (low, high, middle) if kept else (anchor.to, "", ""), *elastics[index + 1:])
    return 1
