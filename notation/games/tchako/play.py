"""A T'Chako turn played: its actions within the turn's action points, the wins that can
come at any moment of it or as the next turn begins, and the mark `#`
(docs/games/tchako.md#a-turn, docs/games/tchako.md#tchako-and-the-end-of-the-game).
"""

from __future__ import annotations

from typing import cast

from ..base import Param, Played, Refusal
from .actions import Refused, State, TChakoRefusal, TurnStart, act, shoot
from .board import WHITE, BLACK
from .modes import Modes
from .position import SIDES, TChakoPosition, end_outcome
from .turns import DECIDED, Action, Decided, Shot, Turn, action_text, actions_of
from .zones import OFF, captured_zones, chain

AP, FIRST_AP = 14, 10  # action points a turn, in half points (7, and 5 for White's first turn)


class Illegal(Exception):
    """Raised while playing a turn, with the refusal (args[0])."""

    def __init__(self, code: TChakoRefusal, **params: Param) -> None:
        super().__init__(Refusal(code, **params))

    @property
    def refusal(self) -> Refusal:
        return cast(Refusal, self.args[0])


def play_turn(modes: Modes, position: TChakoPosition, turn: Turn) -> Played[TChakoPosition, Turn]:
    """The turn played action by action under the modes, each queen's return written +q and
    the mark # added when the game is decided as the next turn begins."""
    state = State(position, modes)
    done: list[Action] = []
    try:
        if position.end != "play":
            raise Illegal(TChakoRefusal.GAME_OVER, ending=end_outcome(position, modes))
        if modes.carrisk:  # two free creations, spent on the turn's first actions or lost
            state.free = 2
        start = TurnStart(tuple(state.zones), state.side)
        budget = FIRST_AP if position.number == 1 and position.side == WHITE else AP
        spent = 0
        marked = bool(turn) and isinstance(turn[-1], Decided)
        for action in actions_of(turn):
            if state.end != "play":
                raise Illegal(TChakoRefusal.ENDED_BEFORE, action=action_text(action),
                              ending=end_outcome(state.position(0, 1), modes))
            try:
                if type(action) is Shot and not state.free:  # the usual action, without _act's dispatch
                    cost = shoot(state, action, start)
                else:
                    cost, action = act(state, action, start, position.number)
            except Refused as refused:
                return Played(refused.refusal(action_text(action)), turn, None)
            if spent + cost > budget:
                raise Illegal(TChakoRefusal.OVER_BUDGET, action=action_text(action), cost=cost, side=SIDES[state.side],
                              left=budget - spent, budget=budget)
            spent += cost
            done.append(action)
            _check_wins(state, start)
    except Illegal as error:
        return Played(error.refusal, turn, None)
    during = state.end != "play"
    after = _next_turn(state, position.number, spent)
    decided = not during and after.end != "play"  # by the start of the next turn: the mark `#`
    if marked and not decided:
        return Played(_mark_refused(after, during, modes), turn, None)
    done_turn = tuple(done) + (DECIDED,) if decided else tuple(done)
    return Played(None, done_turn if done_turn != turn else turn, after)


def _mark_refused(after: TChakoPosition, during: bool, modes: Modes) -> Refusal:
    """Why a turn may not be marked `#`: the game ended during it, or goes on."""
    if during:
        return Refusal(TChakoRefusal.MARK_DURING, ending=end_outcome(after, modes))
    return Refusal(TChakoRefusal.MARK_NOT_DECIDED, side=SIDES[after.side], number=after.number)


def _next_turn(state: State, number: int, spent: int) -> TChakoPosition:
    """The position after the turn, with what the start of the next turn decides."""
    side = 1 - state.side
    number += side == WHITE
    if state.end == "play":
        state.side, state.number = side, number
        _check_wins(state)
        limit = state.modes.values.get("countdown")
        if state.end == "play" and limit is not None and side == WHITE and number > limit:
            state.end = _countdown(state)
    return state.position(side, number, spent)


def _countdown(state: State) -> str:
    zones = [captured_zones(state.zones, side).bit_count() for side in (WHITE, BLACK)]
    if zones[0] != zones[1]:
        return f"{'WB'[zones[1] > zones[0]]}:zones"
    pucks = [state.on_board(side) for side in (WHITE, BLACK)]
    if pucks[0] != pucks[1]:
        return f"{'WB'[pucks[1] > pucks[0]]}:count"
    return "stop"


def _check_wins(state: State, start: TurnStart | None = None) -> None:
    """The wins that can happen at any moment of the mover's turn, whose start fixed `start`,
    and at its start (no `start`: it is now).

    A t'chako decides the game only in anarchy or when the opponent's queen is off the
    board (hitting the queen is judged by the shot), so the chain is looked for only then;
    without that or a `watching` mode there is nothing to check."""
    side = state.side
    if state.end != "play" or not (state.modes.watching or state.queens[1 - side] == OFF):
        return
    at_start = start is None
    if start is None:
        start = TurnStart(tuple(state.zones), side)
    if (state.modes.anarchy or state.queens[1 - side] == OFF) and chain(state.zones, side, start.captures):
        state.end = f"{'WB'[side]}:{'anarchy' if state.modes.anarchy else 'noqueen'}"
        return
    for bits, name in state.modes.hills:
        held = start.captures if name == "king of the hill" else start.captures | state.controlled(side)
        if (at_start or name != "king of the hill") and held & bits == bits:
            state.end = f"{'WB'[side]}:hill"
            return
    if not state.modes.counting:  # no mode that wins by counting pucks
        return
    for player in (side, 1 - side):
        lead = state.modes.values.get("demographic")
        mine, theirs = state.pieces(player), state.pieces(1 - player)  # queens count here
        if lead is not None and mine - theirs >= lead:
            state.end = f"{'WB'[player]}:lead"
            return
        total = state.modes.values.get("demographic total")
        if total is not None and mine >= total:
            state.end = f"{'WB'[player]}:total"
            return
        if state.on_board(1 - player) == 0 and _created_all(state, 1 - player):
            state.end = f"{'WB'[player]}:sudden"
            return


def _created_all(state: State, who: int) -> bool:
    """Whether `who` may create no more pucks (sudden death: its limit used, or the last
    turn for creations past)."""
    limit = state.modes.values.get("sudden death")
    if limit is not None and state.made[who] >= limit:
        return True
    deadline = state.modes.values.get("sudden death turns")
    next_turn = state.number + (who == WHITE and state.side == BLACK)  # who's turn now or next
    return deadline is not None and next_turn > deadline
