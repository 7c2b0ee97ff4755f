"""T'Chako turns made up: the legal one-action turns of a position, and random turns with
plausible outcomes, for `generate`, tests and benchmarks."""

from __future__ import annotations

import random
from typing import Iterator, cast

from .actions import State, TurnStart
from .board import NEIGHBOURS, OBSTACLES, ZONES
from .modes import Modes
from .play import Turning, play_turn
from .position import TChakoPosition
from .turns import COLOURS, Action, Anchor, Create, Piece, Place, Shot, Turn
from .zones import FINE, HOME_BITS, OFF, ZONE


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
        if tried.add(action) is None:
            turn, turning = turn + (action,), tried
    return turn, turning


def _random_action(modes: Modes, state: State, start: TurnStart, rng: random.Random) -> Action | None:
    """An action drawn for the board as the turn so far left it."""
    side, other = state.side, 1 - state.side
    roll = rng.random()
    queen_off = not modes.anarchy and state.queens[side] == OFF
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
    return Shot(Piece(kind, k), stop, hit, hit_to, pushes, modes.strategic and rng.random() < 0.6)
