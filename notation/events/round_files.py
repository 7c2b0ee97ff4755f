"""An event's rounds as its folder holds them: the pairings of the event file, the results of the
round files `roundR-boardB.tgn` (docs/tournaments.md#a-round-is-published-as-its-games).

A round file is used only while it says what the pairing says (its Round and Board, its players
on their sides, its game): one edited otherwise is reported, one line, and its result left out,
never read as another game's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping

from .event_file import REQUESTED_BYES, Board, Event, PairedRound, player_key
from .folder import GameFile
from .pairings import Request, pair
from .rounds import Absence, Pairing, Rounds, Unplayed

ROUND_FILE = re.compile(r"round(?P<round>[1-9][0-9]{0,3})-board(?P<board>[1-9][0-9]{0,3})\.tgn")


def round_file(round_: int, board: int) -> str:
    return f"round{round_}-board{board}.tgn"


@dataclass
class EventRounds:
    """The event's rounds with the results read so far, what stops a result from being used, and the
    boards still being played."""

    event: Event
    rounds: Rounds
    problems: list[str] = field(default_factory=list)
    unfinished: list[str] = field(default_factory=list)  # the files of boards without a result yet

    @property
    def paired(self) -> int:
        return len(self.event.paired)


def event_rounds(event: Event, games: Mapping[str, GameFile]) -> EventRounds:
    """The rounds of an event, each board's result read from its round file."""
    state = EventRounds(event, Rounds(event.entrants(), scoring=event.scoring, bye_points=event.pairing_bye_points))
    boards: set[str] = set()
    for paired in event.paired:
        for number, board in enumerate(paired.boards, start=1):
            first, second = event.number(board.first), event.number(board.second)
            name = round_file(paired.number, number)
            boards.add(name)
            if board.forfeit:
                state.rounds.games.append(Pairing(paired.number, number, first, second, board.forfeit, True))
                continue
            result, problem = _result(event, paired.number, number, board, games.get(name))
            if problem is not None:
                state.problems.append(problem)
            elif result == "*":
                state.unfinished.append(name)
            state.rounds.games.append(Pairing(paired.number, number, first, second, result))
        state.rounds.absences += absences(event, paired)
    for name in sorted(games, key=_board_order):
        if ROUND_FILE.fullmatch(name) and name not in boards:
            state.problems.append(f"{name}: not a board the event paired (event.toml): its result is not counted")
    return state


def _board_order(name: str) -> tuple[int, int, str]:
    found = ROUND_FILE.fullmatch(name)
    return (int(found["round"]), int(found["board"]), name) if found else (0, 0, name)


def _result(event: Event, round_: int, number: int, board: Board, game: GameFile | None) -> tuple[str, str | None]:
    """A board's result from its file, or why the file cannot give it."""
    name = round_file(round_, number)
    if game is None:
        return "*", f"{name}: missing (round {round_}, board {number}: {board.first} - {board.second})"
    if game.record is None or game.problem is not None:
        return "*", f"{name}: {game.problem or 'not a game'}: its result is not counted"
    first, second = event.sides
    said = {"Round": str(round_), "Board": str(number), first: board.first, second: board.second}
    for tag, value in said.items():
        if game.tag(tag).strip() != value:
            return "*", (f"{name}: its {tag} is {game.tag(tag).strip()!r}, the pairing says {value!r}: "
                         "its result is not counted until the file or event.toml is put right")
    if game.record.rules.name != event.game:
        return "*", f"{name}: a game of {game.record.rules.name}, the event plays {event.game}: its result is not counted"
    return game.result, None


def absences(event: Event, paired: PairedRound) -> list[Absence]:
    """Who has no game in a paired round, and why: the pairing's bye, a bye asked for, not (or no
    longer) in the event."""
    found = [Absence(paired.number, event.number(paired.bye), Unplayed.PAIRING_BYE)] if paired.bye else []
    on_boards = {player_key(name) for board in paired.boards for name in (board.first, board.second)}
    for number, player in enumerate(event.players, start=1):
        if player.plays(paired.number) or player_key(player.name) in on_boards:
            continue
        asked = paired.number in player.byes and player.joins <= paired.number
        found.append(Absence(paired.number, number,
                             REQUESTED_BYES[event.requested_bye] if asked else Unplayed.ZERO_BYE))
    return found


def next_round(state: EventRounds) -> PairedRound:
    """The next round's pairing (PairingError saying why it cannot be made)."""
    event, round_ = state.event, state.paired + 1
    present = frozenset(number for number, player in enumerate(event.players, start=1) if player.plays(round_))
    forbidden = frozenset(event.rematch_forbidden()) if event.pairing == "swiss" else frozenset()
    missing = absences(event, PairedRound(round_, ())) if event.pairing == "swiss" else []
    rounds = Rounds(state.rounds.entrants, list(state.rounds.games), [*state.rounds.absences, *missing],
                    state.rounds.scoring, state.rounds.bye_points)
    games, byes = pair(rounds, Request(event.pairing, round_, event.total_rounds(), present, forbidden))
    names = {number: player.name for number, player in enumerate(event.players, start=1)}
    boards = tuple(Board(names[game.first], names[game.second], game.result if game.forfeit else "")
                   for game in games)
    bye = next((names[absence.player] for absence in byes if absence.why is Unplayed.PAIRING_BYE), "")
    return PairedRound(round_, boards, bye)
