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

from ..recording.lock import Busy, ScoresheetLock
from ..problems import message_of, said_of, say
from ..recording.scoresheet import Scoresheet
from ..worded import Worded
from .event_file import REQUESTED_BYES, Board, Event, PairedRound, player_key
from .folder import EventFolder, FolderProblem, GameFile, Refused
from .pairings import Request, pair, rule_broken
from .rounds import Absence, Pairing, Rounds, Unplayed

ROUND_FILE = re.compile(r"round(?P<round>[1-9][0-9]{0,3})-board(?P<board>[1-9][0-9]{0,3})\.tgn")


def round_file(round_: int, board: int) -> str:
    return f"round{round_}-board{board}.tgn"



class RoundProblem(Worded):
    """Why a board's result is not counted, and what an event's rounds break, by their code, said in
    the command's language (docs/languages.md#the-command-line). Files' and players' names, tags and
    what a file wrote are given as they are."""

    FORFEIT_RECORDED = "forfeit-recorded", "{path}: recorded, but event.toml gives this board {result} by forfeit: " \
        "take one of the two away"
    BREAKS_A_RULE = "breaks-a-rule", "round {number} (event.toml): its pairing breaks a rule ({said})"
    NOT_PAIRED = "not-paired", "{path}: not a board the event paired (event.toml): its result is not counted"
    MISSING = "missing", "{path}: missing (round {number}, board {board}: {written} - {value})"
    NOT_A_GAME = "not-a-game", "{path}: {said}: its result is not counted"
    A_GAME = "a-game", "not a game"
    TAG_DIFFERS = "tag-differs", "{path}: its {tag} is {written!r}, the pairing says {value!r}: its result is not " \
        "counted until the file or event.toml is put right"
    OTHER_GAME = "other-game", "{path}: a game of {game}, the event plays {playing}: its result is not counted"
    OTHER_VARIANT = "other-variant", "{path}: its Variant is {written!r}, the event plays {value!r}: its result is " \
        "not counted"

@dataclass
class EventRounds:
    """The event's rounds with the results read so far, what stops a result from being used, and the
    boards still being played."""

    event: Event
    rounds: Rounds
    problems: list[str] = field(default_factory=list)
    unfinished: list[str] = field(default_factory=list)  # the files of boards without a result yet
    # the rounds whose pairing, written by hand, breaks a rule a pairing keeps: said, not refused (when no
    # pairing exists, the organiser's is the round)
    broken: list[str] = field(default_factory=list)

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
                played = games.get(name)
                if played is not None and (played.plies or played.finished):
                    state.problems.append(say(RoundProblem.FORFEIT_RECORDED, path=name, result=board.forfeit))
                continue
            result, problem = _result(event, paired.number, number, board, games.get(name))
            if problem is not None:
                state.problems.append(problem)
            elif result == "*":
                state.unfinished.append(name)
            state.rounds.games.append(Pairing(paired.number, number, first, second, result))
        state.rounds.absences += absences(event, paired)
    for paired in event.paired:
        if (problem := rearranged_problem(state, paired)) is not None:
            state.broken.append(say(RoundProblem.BREAKS_A_RULE, number=paired.number, said=said_of(problem)))
    for name in sorted(games, key=_board_order):
        if ROUND_FILE.fullmatch(name) and name not in boards:
            state.problems.append(say(RoundProblem.NOT_PAIRED, path=name))
    return state


def _board_order(name: str) -> tuple[int, int, str]:
    found = ROUND_FILE.fullmatch(name)
    return (int(found["round"]), int(found["board"]), name) if found else (0, 0, name)


def _result(event: Event, round_: int, number: int, board: Board, game: GameFile | None) -> tuple[str, str | None]:
    """A board's result from its file, or why the file cannot give it."""
    name = round_file(round_, number)
    if game is None:
        return "*", say(RoundProblem.MISSING, path=name, number=round_, board=number, written=board.first, value=board.second)
    if game.record is None or game.problem is not None:
        return "*", say(RoundProblem.NOT_A_GAME, path=name,
                        said=said_of(game.problem) if game.problem else say(RoundProblem.A_GAME).said)
    first, second = event.sides
    said = {"Event": event.name, "Round": str(round_), "Board": str(number), first: board.first,
            second: board.second}
    for tag, value in said.items():
        if game.tag(tag).strip() != value:
            return "*", say(RoundProblem.TAG_DIFFERS, path=name, tag=tag, written=game.tag(tag).strip(), value=value)
    if game.record.rules.name != event.game:
        return "*", say(RoundProblem.OTHER_GAME, path=name, game=game.record.rules.name, playing=event.game)
    if game.record.tags.get("Variant", "").strip() != event.variant:
        return "*", say(RoundProblem.OTHER_VARIANT, path=name, written=game.record.tags.get("Variant", "").strip(),
                        value=event.variant)
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


def rearranged_problem(state: EventRounds, changed: PairedRound) -> str | None:
    """The rule a change of the last round's pairing breaks (as a pairing would: `pairings.rule_broken`)."""
    event, round_ = state.event, changed.number
    before = Rounds(state.rounds.entrants, [game for game in state.rounds.games if game.round < round_],
                    [absence for absence in state.rounds.absences if absence.round < round_],
                    state.rounds.scoring, state.rounds.bye_points)
    present = frozenset(number for number, player in enumerate(event.players, start=1) if player.plays(round_))
    forbidden = frozenset(event.rematch_forbidden()) if event.pairing == "swiss" else frozenset()
    games = [Pairing(round_, number, event.number(board.first), event.number(board.second),
                     board.forfeit or "*", bool(board.forfeit)) for number, board in enumerate(changed.boards, start=1)]
    byes = [Absence(round_, event.number(changed.bye), Unplayed.PAIRING_BYE)] if changed.bye else []
    return rule_broken(before, Request(event.pairing, round_, event.total_rounds(), present, forbidden), games, byes)


def started(state: EventRounds, games: Mapping[str, GameFile], round_: int) -> str | None:
    """The first round file of the round whose game has begun (a turn, or a result), if one has."""
    paired = state.event.paired[round_ - 1]
    for number, board in enumerate(paired.boards, start=1):
        game = games.get(round_file(round_, number))
        if not board.forfeit and game is not None and (game.plies or game.finished or game.problem):
            return game.name
    return None


def rename_players(folder: EventFolder, name: str, players: tuple[str, str]) -> None:
    """Put other players on a round file not started yet, under its scoresheet's lock (Refused saying
    why not: it is being recorded, or its game has begun meanwhile)."""
    path = folder.path(name)
    lock = ScoresheetLock(path)
    try:
        lock.acquire()
    except Busy as error:
        raise Refused(str(error)) from None
    try:
        try:
            sheet = Scoresheet.load(path)
        except (OSError, ValueError, UnicodeDecodeError) as error:
            raise Refused(say(FolderProblem.CANNOT_CHANGE, path=name, said=said_of(message_of(error)))) from None
        if sheet.record.moves or sheet.finished:
            raise Refused(say(FolderProblem.BEGUN, path=name))
        first, second = sheet.game.sides
        for side, value in ((first, "?"), (second, players[1]), (first, players[0])):
            if (problem := sheet.set_tag(side, value)) is not None:
                raise Refused(say(FolderProblem.CANNOT_CHANGE, path=name, said=said_of(problem)))
        try:
            sheet.save(path)
        except OSError as error:
            raise Refused(say(FolderProblem.CANNOT_WRITE, path=name, problem=error.strerror or str(error))) from None
    finally:
        lock.release()
