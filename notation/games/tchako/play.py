"""A T'Chako turn played: its actions within the turn's action points, the wins that can
come at any moment of it or as the next turn begins, and the mark `#`
(docs/games/tchako.md#a-turn, docs/games/tchako.md#tchako-and-the-end-of-the-game).
"""

from __future__ import annotations

from ..base import Played, Refusal
from .actions import Refused, State, TChakoRefusal, TurnStart, act, shoot
from .board import WHITE, BLACK
from .modes import Modes
from .position import SIDES, TChakoPosition, end_outcome
from .turns import DECIDED, Action, Decided, Shot, Turn, action_text, actions_of
from .zones import OFF, captured_zones, chain

AP, FIRST_AP = 14, 10  # action points a turn, in half points (7, and 5 for White's first turn)


class Turning:
    """A turn being played, action by action, from a position under the modes: the state its actions
    so far left, what they cost and the actions as completed. `play_turn` plays a whole turn through it;
    the random turns of `generate` keep one as they draw actions, trying each on a copy."""

    __slots__ = ("modes", "number", "state", "start", "budget", "spent", "done")

    def __init__(self, modes: Modes, position: TChakoPosition) -> None:
        self.modes, self.number = modes, position.number
        self.state = State(position, modes)
        if modes.carrisk:  # two free creations, spent on the turn's first actions or lost
            self.state.free = 2
        self.start = TurnStart(tuple(self.state.zones), self.state.side)
        self.budget = FIRST_AP if position.number == 1 and position.side == WHITE else AP
        self.spent = 0
        self.done: list[Action] = []

    def copy(self) -> Turning:
        """The same turn so far, to go on from apart."""
        other = Turning.__new__(Turning)
        other.modes, other.number, other.start, other.budget = self.modes, self.number, self.start, self.budget
        other.state, other.spent, other.done = self.state.copy(), self.spent, list(self.done)
        return other

    def add(self, action: Action) -> Refusal | None:
        """Play one more action; why the rules refuse it (the turn is then left unfinished)."""
        refused = self.refused(action)
        return None if refused is None else refused[0].refusal(action_text(refused[1]))

    def refused(self, action: Action) -> tuple[Refused, Action] | None:
        """Play one more action; why the rules refuse it, with the action as far as it was
        completed, the words not yet made (the turn is then left unfinished): what a player
        trying actions needs to know, at less cost."""
        state = self.state
        if state.end != "play":
            return Refused(TChakoRefusal.ENDED_BEFORE, ending=end_outcome(state.position(0, 1), self.modes)), action
        try:
            if type(action) is Shot and not state.free:  # the usual action, without _act's dispatch
                cost = shoot(state, action, self.start)
            else:
                cost, action = act(state, action, self.start, self.number)
        except Refused as refused:
            return refused, action
        if self.spent + cost > self.budget:
            return Refused(TChakoRefusal.OVER_BUDGET, cost=cost, side=SIDES[state.side], left=self.budget - self.spent,
                           budget=self.budget), action
        self.spent += cost
        self.done.append(action)
        _check_wins(state, self.start)
        return None

    def outlook(self) -> TChakoPosition:
        """The position if the turn stopped here, with what the start of the next turn decides;
        the turn is left as it was."""
        state = self.state
        kept = state.side, state.number, state.end  # all that _next_turn changes
        after = _next_turn(state, self.number, self.spent)
        state.side, state.number, state.end = kept
        return after

    def finish(self, turn: Turn, marked: bool) -> Played[TChakoPosition, Turn]:
        """The turn over: the position after it, with what the start of the next turn decides, and
        the turn as completed (marked # when that decides the game; refused when `marked` and not)."""
        during = self.state.end != "play"
        after = _next_turn(self.state, self.number, self.spent)
        decided = not during and after.end != "play"  # by the start of the next turn: the mark `#`
        if marked and not decided:
            return Played(_mark_refused(after, during, self.modes), turn, None)
        done_turn = tuple(self.done) + (DECIDED,) if decided else tuple(self.done)
        return Played(None, done_turn if done_turn != turn else turn, after)


def play_turn(modes: Modes, position: TChakoPosition, turn: Turn) -> Played[TChakoPosition, Turn]:
    """The turn played action by action under the modes, each queen's return written +q and
    the mark # added when the game is decided as the next turn begins."""
    if position.end != "play":
        return Played(Refusal(TChakoRefusal.GAME_OVER, ending=end_outcome(position, modes)), turn, None)
    turning = Turning(modes, position)
    for action in actions_of(turn):
        refusal = turning.add(action)
        if refusal is not None:
            return Played(refusal, turn, None)
    return turning.finish(turn, bool(turn) and isinstance(turn[-1], Decided))


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
