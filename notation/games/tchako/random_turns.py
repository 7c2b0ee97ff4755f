"""T'Chako turns made up: the legal one-action turns of a position, random turns with
plausible outcomes, and turns built towards a player's measure, for `generate`, tests and
benchmarks (docs/games/tchako.md#generated-games)."""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator, Sequence, cast

from .actions import State, TurnStart
from .board import NEIGHBOURS, OBSTACLES, ZONES
from .modes import Modes
from .play import Turning, play_turn
from .position import TChakoPosition
from .turns import COLOURS, Action, Anchor, Create, Piece, Place, Shot, Turn
from .zones import FINE, HOME_BITS, NEIGHBOUR_BITS, OFF, ZONE, chain

TRIES = 4  # actions drawn for each action of a built turn

# Drawing tables: the zones of a set of zones (bits), lowest first; a zone with its neighbours
# (where a shot from it may stop); an obstacle's neighbours along fine lines, in order.
ZONES_OF = tuple(tuple(k for k in range(len(ZONES)) if bits >> k & 1) for bits in range(1 << len(ZONES)))
NEAR = tuple((k, *(ZONE[z] for z in NEIGHBOURS[zone])) for k, zone in enumerate(ZONES))
FINE_IN_ORDER = {obstacle: sorted(near) for obstacle, near in FINE.items()}
PLACES = (*(Place(k) for k in range(len(ZONES))), Place(OFF))  # by zone: PLACES[OFF], the last, is off the board
PIECES = {kind: tuple(Piece(kind, k) for k in range(len(ZONES))) for kind in ("", "q", "c")}  # by kind, then zone


def legal_turns(modes: Modes, position: TChakoPosition) -> Iterator[Turn]:
    """The pass and every legal one-action turn whose shot stops, untouched, in its own zone
    or a neighbouring one (any other outcome depends on the players' hands)."""
    if position.end != "play":
        return
    yield ()
    for action in _candidates(modes, position):
        if play_turn(modes, position, (action,)).refusal is None:
            yield (action,)


def _candidates(modes: Modes, position: TChakoPosition) -> Iterator[Action]:
    side = position.side
    for k, pair in enumerate(position.pucks):
        if pair[side]:
            kind = "q" if position.queens[side] == k else "c" if position.created[k] == COLOURS[side] else ""
            for to in (k, *(ZONE[z] for z in NEIGHBOURS[ZONES[k]])):
                yield Shot(Piece(kind, k), Place(to))
                if kind and pair[side] > 1:
                    yield Shot(Piece("", k), Place(to))
    for k in range(len(ZONES)):
        yield Create(k, not modes.anarchy and position.queens[side] == OFF)
    for elastic in range(3):
        first, second, _ = position.elastics[3 * side + elastic]
        for obstacle in OBSTACLES:
            yield Anchor(elastic, first if first and second else "" if not second else second, obstacle)


def random_turn(modes: Modes, position: TChakoPosition, rng: random.Random) -> Turn | None:
    """A few actions with plausible outcomes drawn from rng: shots mostly stopping in a
    neighbouring zone, sometimes hitting an opponent piece there or pushing one, rarely
    leaving the board; creations; elastic moves. Each is kept only if legal."""
    if position.end != "play":
        return None
    return random_actions(modes, position, rng)[0]


def random_play(modes: Modes, position: TChakoPosition, rng: random.Random) -> tuple[Turn, TChakoPosition] | None:
    """`random_turn` as `play` completes it, with the position after it."""
    if position.end != "play":
        return None
    turn, turning = random_actions(modes, position, rng)
    played = turning.finish(turn, marked=False)
    return played.turn, cast(TChakoPosition, played.after)  # unmarked: never refused


def random_actions(modes: Modes, position: TChakoPosition, rng: random.Random) -> tuple[Turn, Turning]:
    """The actions of a random turn, and the turn played so far: it is played as its actions are drawn,
    each tried on a copy of the turn so far and kept if the rules allow it."""
    turn: tuple[Action, ...] = ()
    turning = Turning(modes, position)
    for _ in range(rng.randrange(1, 6)):
        action = _random_action(modes, turning.state, turning.start, rng)
        if action is None:
            continue
        tried = turning.copy()
        if tried.refused(action) is None:
            turn, turning = turn + (action,), tried
    return turn, turning


def built_play(modes: Modes, position: TChakoPosition, rng: random.Random,
               value: Callable[[TChakoPosition], Any]) -> tuple[Turn, TChakoPosition] | None:
    """A turn built action by action towards `value` of the position after it (higher is
    better), with that position: as many actions as a random turn draws, each the best
    (`best_tried`) of the shots at the opponent's queen while the opponent is in t'chako and
    of TRIES actions drawn as a random turn draws them. It stops once the game is decided."""
    if position.end != "play":
        return None
    turn: tuple[Action, ...] = ()
    turning = Turning(modes, position)
    for _ in range(rng.randrange(1, 6)):
        drawn = [_random_action(modes, turning.state, turning.start, rng) for _ in range(TRIES)]
        best = best_tried(turning, [*queen_hits(modes, turning), *drawn], value)
        if best is not None:
            turn, turning = turn + (best[0],), best[1]
            if turning.state.end != "play":
                break
    played = turning.finish(turn, marked=False)
    return played.turn, cast(TChakoPosition, played.after)  # unmarked: never refused


def best_tried(turning: Turning, actions: Sequence[Action | None],
               value: Callable[[TChakoPosition], Any]) -> tuple[Action, Turning] | None:
    """Of the actions the rules allow after the turn so far, the one whose position, were the
    turn to stop after it, has the highest `value` (the first of equals), with the turn so far
    and it played; None when the rules refuse them all (None stands for no action drawn)."""
    best: tuple[Action, Turning] | None = None
    best_value = None
    for action in actions:
        if action is None:
            continue
        tried = turning.copy()
        if tried.refused(action) is not None:
            continue
        judged = value(tried.outlook())
        if best is None or judged > best_value:
            best, best_value = (action, tried), judged
    return best


def queen_hits(modes: Modes, turning: Turning) -> list[Shot]:
    """While the mover has the opponent in t'chako, the shots that win: each of its pieces in the
    queen's zone or one next to it hitting her first (charged under strategic shots), stopping
    where she stood; none otherwise, or when the queen is off the board or there are no queens."""
    state = turning.state
    side = state.side
    queen = state.queens[1 - side]
    if modes.anarchy or queen == OFF or state.end != "play" or not chain(state.zones, side, turning.start.captures):
        return []
    near = NEIGHBOUR_BITS[queen] | 1 << queen
    pieces = [PIECES[""][k] for k in ZONES_OF[near] if state.plain(k, side) > 0]
    if state.queens[side] != OFF and near >> state.queens[side] & 1:
        pieces.append(PIECES["q"][state.queens[side]])
    pieces += [PIECES["c"][k] for k in ZONES_OF[near] if state.created[k] == COLOURS[side]]
    return [Shot(piece, PLACES[queen], PIECES["q"][queen], None, (), modes.strategic) for piece in pieces]


def _random_action(modes: Modes, state: State, start: TurnStart, rng: random.Random) -> Action | None:
    """An action drawn for the board as the turn so far left it."""
    side = state.side
    other = 1 - side
    roll = rng.random()
    queens = state.queens
    queen_off = not modes.anarchy and queens[side] == OFF
    if roll < (0.5 if queen_off else 0.15):
        return Create(rng.choice(ZONES_OF[start.captures | HOME_BITS[side]]), queen_off)
    if roll < 0.22:
        elastic = rng.randrange(3)
        a, b, _ = state.elastics[3 * side + elastic]
        origin = rng.choice([a, b]) if a and b else ""
        near = FINE_IN_ORDER[a or b] if (a or b) else OBSTACLES
        return Anchor(elastic, origin, rng.choice(near if rng.random() < 0.8 else OBSTACLES))
    zones = ZONES_OF[state.zones[side]]
    if not zones:
        return None
    k = rng.choice(zones)
    pucks, created, colour = state.pucks, state.created, COLOURS[side]
    kind = "q" if queens[side] == k and rng.random() < 0.3 else ""
    if not kind and created[k] == colour and (pucks[k][side] == 1 or rng.random() < 0.5):
        kind = "c"
    if not kind and queens[side] == k and pucks[k][side] == 1 + (created[k] == colour):
        kind = "q"
    choices = NEAR[k]
    stop = PLACES[OFF] if kind != "q" and rng.random() < 0.03 else PLACES[rng.choice(choices)]
    if stop.zone != OFF and rng.random() < 0.2:
        stop = Place(stop.zone, (rng.randrange(100), rng.randrange(100)))
    hit = hit_to = None
    targets = [z for z in choices if pucks[z][other]]
    if targets and rng.random() < 0.5:
        z = rng.choice(targets)
        hit_kind = "q" if queens[other] == z and pucks[z][other] == 1 else ""
        if hit_kind == "" and created[z] == COLOURS[other] and pucks[z][other] - (queens[other] == z) == 1:
            hit_kind = "c"
        hit = PIECES[hit_kind][z]
        if hit_kind == "q" or rng.random() < 0.3:
            hit_to = PLACES[rng.choice(NEAR[z])]
    pushes: tuple[tuple[Piece, Place], ...] = ()
    if rng.random() < 0.1:
        mates = [z for z in choices if pucks[z][side] > (z == k) + (queens[side] == z) + (created[z] == colour)]
        if mates:
            z = rng.choice(mates)
            pushes = ((Piece("", z, side), PLACES[rng.choice(NEAR[z])]),)
    return Shot(PIECES[kind][k], stop, hit, hit_to, pushes, modes.strategic and rng.random() < 0.6)
