"""An organiser's changes to an event, as the commands and the organiser's page of `ludoscribe serve`
make them (docs/tournaments.md#running-a-swiss, docs/live.md#the-organisers-page): pair the next round,
enter, withdraw or excuse a player, change a round before it starts, give a board's result without
its record. Each reads the event file, checks the change whole, and writes the files atomically;
`Refused` says in one line why a change is not made, and then nothing is changed.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from types import ModuleType
from typing import Callable

from ..files import write_text
from ..recording.lock import Busy, ScoresheetLock
from .event_file import EVENT_FILE, Board, Event, EventFileError, PairedRound, Player, parse_event, player_key, read_text
from .folder import Action, EventFolder, Refused
from ..problems import Saying, message_of, said_of, say
from ..worded import Param, Said, Worded
from .pairings import PairingError
from .round_files import (ROUND_FILE, EventRounds, event_rounds, next_round, rearranged_problem, rename_players,
                          round_file, started)

RESULTS = ("1-0", "0-1", "1/2-1/2")  # a result entered without a record: a forfeit takes the first two only




class OrganiserProblem(Worded):
    """Why the event refuses an organiser's change or a pairing, by its code (docs/tournaments.md),
    said in the command's language (docs/languages.md#the-command-line). Players' and files' names
    are given as they are written."""

    NEEDS_EXTRA = "needs-tournament-extra", "changing the event file needs the tournament extra ({key} is " \
        "missing): pip install 'ludoscribe[tournament]'"
    CANNOT_READ = "cannot-read", "cannot read {path}: {written}"
    NO_EVENT_FILE = "no-event-file", "{path} has no {file}: make it with ludoscribe event new"
    TOO_LATE_TO_WITHDRAW = "too-late-to-withdraw", "round {number} is paired already: too late to withdraw a player " \
        "from it: a game left unplayed is a forfeit"
    TOO_LATE_FOR_BYE = "too-late-for-bye", "round {number} is paired already: too late to give a bye in it"
    JOINS_TOO_LATE = "joins-too-late", "round {number} is paired already: {written} can join from round {first}"
    PAIRED_ONCE = "paired-once", "round {number} is paired already (event.toml): a round is paired once"
    NOT_NEXT = "not-next", "round {number} cannot be paired before round {next}"
    NO_PLAYERS = "no-players", "the event has no players to pair yet: ludoscribe event player add"
    ALL_PAIRED = "all-paired", "the event's {count} rounds are all paired"
    PROBLEM = "problem", "{said}"
    PROBLEMS = "problems", "{said} (and {count} more: ludoscribe event show)"
    UNFINISHED = "unfinished", "{count} board(s) have no result yet ({written}...): record them, or pair with --unfinished"
    FILES_THERE = "files-there", "round {number} has game files already ({written}): they were not paired by the " \
        "event; move them away first"
    NO_BOARD = "no-board", "round {number} has no board {board} (it has {count})"
    FORFEIT_BOARD = "forfeit-board", "round {number} board {board} is a forfeit: change it in the event file"
    MEETS_THEMSELVES = "meets-themselves", "{written} cannot meet themselves"
    NOT_PAIRED_IN = "not-paired-in", "{written!r} is not paired in round {number}"
    NOT_PAIRED_YET = "not-paired-yet", "round {number} is not paired yet"
    NOT_LAST = "not-last", "round {number} is not the last round paired: only that one is changed, before it starts"
    STARTED = "started", "round {number} has started ({written}): its pairing is no longer changed"
    BREAKS_A_RULE = "breaks-a-rule", "the change breaks a rule ({said})"
    NOT_A_FORFEIT = "not-a-forfeit", "{written!r} is not a forfeit's result: 1-0 or 0-1"
    PLAYED = "played", "{path} has been played ({turns} turns, result {result}): its result is the record's"
    NOT_A_RESULT = "not-a-result", "{written!r} is not a result: {results:join ,}"
    MISSING = "missing", "{path} is missing: the board has no round file to hold its result"
    HAS_RESULT = "has-result", "{path} has its result already ({result}): a scorer reopens it to change it"
    CANNOT_LOCK = "cannot-lock", "cannot lock {path}: {written}"


def refused(code: OrganiserProblem, **params: Param) -> Refused:
    """The event's refusal with this code: its English sentence as the message, keeping the code (a Saying)."""
    return Refused(say(code, **params))

def reason_text(error: EventFileError) -> str:
    """Why a change would make the event file wrong: its first problem without the file and line it is
    at, keeping its code (a Saying) to be said in a language."""
    reason = error.reason()
    return Saying(reason) if isinstance(reason, Said) else str(reason)

def editing() -> ModuleType:
    """The module that changes the event file (tomlkit, of the `tournament` extra); ImportError saying so."""
    try:
        from . import event_edit
    except ImportError as error:
        raise ImportError(say(OrganiserProblem.NEEDS_EXTRA, key=str(error.name)), name=error.name) from None
    return event_edit


def load(root: Path) -> tuple[str, Event]:
    """The event file's text and event (Refused with its first problem when it cannot be read or is wrong)."""
    try:
        text = read_text(root)
    except OSError as error:
        raise refused(OrganiserProblem.CANNOT_READ, path=str(root / EVENT_FILE), written=said_of(error.strerror or str(error))) \
            from None
    if text is None:
        raise refused(OrganiserProblem.NO_EVENT_FILE, path=str(root), file=EVENT_FILE)
    try:
        return text, parse_event(text, str(root / EVENT_FILE))
    except EventFileError as error:
        raise Refused(error.problems[0]) from None


def rounds_of(root: Path, event: Event) -> tuple[EventFolder, EventRounds]:
    """The event folder's games as they are now, and the event's rounds with their results (OSError if
    the folder cannot be read)."""
    games = EventFolder(root)
    games.scan()
    return games, event_rounds(event, games.games)


def write_event(root: Path, make: Callable[[], str]) -> None:
    """Write the event file as `make()` changes it, in one step (Refused when the change would make it
    wrong; OSError, the old file whole, when it cannot be written)."""
    try:
        text = make()
    except EventFileError as error:
        raise Refused(reason_text(error)) from None
    write_text(str(root / EVENT_FILE), text)


def not_paired(event: Event, round_: int, too_late: OrganiserProblem) -> None:
    if round_ <= len(event.paired):
        raise refused(too_late, number=round_)


def enter_player(root: Path, text: str, event: Event, player: Player) -> Player:
    """Enter a player (a late entry after the first pairing: from the next round not paired, unless later)."""
    first = len(event.paired) + 1
    if player.joins < first:
        raise refused(OrganiserProblem.JOINS_TOO_LATE, number=player.joins, written=player.name, first=first)
    write_event(root, lambda: editing().add_player(text, player))
    return player


def withdraw_player(root: Path, text: str, event: Event, name: str, round_: int | None) -> int:
    """Withdraw a player from `round_` on (the next round not paired by default); the round."""
    round_ = round_ or len(event.paired) + 1
    not_paired(event, round_, OrganiserProblem.TOO_LATE_TO_WITHDRAW)
    write_event(root, lambda: editing().withdraw(text, name, round_))
    return round_


def ask_bye(root: Path, text: str, event: Event, name: str, round_: int) -> None:
    """Note that a player asked not to be paired in `round_`."""
    not_paired(event, round_, OrganiserProblem.TOO_LATE_FOR_BYE)
    write_event(root, lambda: editing().ask_bye(text, name, round_))


def refuse_early(state: EventRounds, round_: int | None, unfinished: bool) -> None:
    """Refused, saying why, when the round cannot be paired now."""
    event, next_ = state.event, state.paired + 1
    if round_ is not None and round_ <= state.paired:
        raise refused(OrganiserProblem.PAIRED_ONCE, number=round_)
    if round_ is not None and round_ != next_:
        raise refused(OrganiserProblem.NOT_NEXT, number=round_, next=next_)
    if event.total_rounds() < 1:
        raise refused(OrganiserProblem.NO_PLAYERS)
    if next_ > event.total_rounds():
        raise refused(OrganiserProblem.ALL_PAIRED, count=event.total_rounds())
    if state.problems:
        first = said_of(state.problems[0])
        raise (refused(OrganiserProblem.PROBLEMS, said=first, count=len(state.problems) - 1) if len(state.problems) > 1
               else refused(OrganiserProblem.PROBLEM, said=first))
    if state.unfinished and not unfinished:
        raise refused(OrganiserProblem.UNFINISHED, count=len(state.unfinished), written=state.unfinished[0])


def pair_next(root: Path, text: str, event: Event, round_: int | None = None, unfinished: bool = False) -> PairedRound:
    """Pair the next round, write its game files then the event file (Refused, nothing left, when it cannot
    be; ImportError without the tournament extra)."""
    edit = editing()
    games, state = rounds_of(root, event)
    refuse_early(state, round_, unfinished)
    try:
        paired = next_round(state)
    except PairingError as error:
        raise Refused(message_of(error)) from None
    try:
        new_text = edit.put_round(text, paired)
    except EventFileError as error:
        raise Refused(reason_text(error)) from None
    publish(games, event, paired)
    try:
        write_event(root, lambda: new_text)
    except BaseException:
        withdraw_files(games, paired)
        raise
    return paired


def publish(games: EventFolder, event: Event, paired: PairedRound) -> None:
    """Write the round's game files; none is written if one cannot be (Refused saying why)."""
    taken = sorted(name for name in os.listdir(games.root) if (found := ROUND_FILE.fullmatch(name))
                   and int(found["round"]) == paired.number)
    if taken:
        raise refused(OrganiserProblem.FILES_THERE, number=paired.number, written=taken[0])
    written: list[str] = []
    try:
        for number, board in enumerate(paired.boards, start=1):
            if board.forfeit:
                continue
            name, lock = games.new_game(event.game, str(paired.number), str(number), (board.first, board.second),
                                        event.variant, event.name, event.site)
            lock.release()
            written.append(name)
    except BaseException:
        withdraw_files(games, PairedRound(paired.number, ()), written)
        raise


def withdraw_files(games: EventFolder, paired: PairedRound, names: list[str] | None = None) -> None:
    """Remove the game files just written for a round whose publication failed."""
    names = names if names is not None else [round_file(paired.number, number)
                                             for number, board in enumerate(paired.boards, start=1)
                                             if not board.forfeit]
    for name in names:
        try:
            os.unlink(games.path(name))
        except OSError:
            pass


def paired_board(paired: PairedRound, number: int) -> Board:
    """A board of the round, not given by forfeit (Refused otherwise)."""
    if not 1 <= number <= len(paired.boards):
        raise refused(OrganiserProblem.NO_BOARD, number=paired.number, board=number, count=len(paired.boards))
    if paired.boards[number - 1].forfeit:
        raise refused(OrganiserProblem.FORFEIT_BOARD, number=paired.number, board=number)
    return paired.boards[number - 1]


def with_board(paired: PairedRound, number: int, board: Board) -> PairedRound:
    return PairedRound(paired.number, tuple(board if index == number else old
                                            for index, old in enumerate(paired.boards, start=1)), paired.bye)


def swapped(paired: PairedRound, number: int) -> PairedRound:
    """The round with a board's players on each other's side."""
    old = paired_board(paired, number)
    return with_board(paired, number, Board(old.second, old.first))


def moved_to(paired: PairedRound, number: int, first: str, second: str) -> PairedRound:
    """The round with FIRST and SECOND on board `number`; the players they replace take the places they
    left (another board's side, or the bye), in order."""
    old = paired_board(paired, number)
    wanted = [player_key(first), player_key(second)]
    if wanted[0] == wanted[1]:
        raise refused(OrganiserProblem.MEETS_THEMSELVES, written=first)
    places = [(index, side) for index, board in enumerate(paired.boards, start=1) if index != number
              for side, name in enumerate((board.first, board.second)) if player_key(name) in wanted]
    places += [(0, 0)] if paired.bye and player_key(paired.bye) in wanted else []
    if len(places) + sum(player_key(name) in wanted for name in (old.first, old.second)) != 2:
        unknown = next(name for name, key in zip((first, second), wanted) if key not in
                       {player_key(name) for board in paired.boards for name in (board.first, board.second)}
                       | {player_key(paired.bye)})
        raise refused(OrganiserProblem.NOT_PAIRED_IN, written=unknown, number=paired.number)
    left = [name for name in (old.first, old.second) if player_key(name) not in wanted]
    boards = {index: [board.first, board.second] for index, board in enumerate(paired.boards, start=1)}
    names = {player_key(name): name for board in paired.boards for name in (board.first, board.second)}
    names[player_key(paired.bye)] = paired.bye
    boards[number] = [names[wanted[0]], names[wanted[1]]]
    bye = paired.bye
    for (index, side), name in zip(places, left):
        if index == 0:
            bye = name
        else:
            boards[index][side] = name
    return PairedRound(paired.number, tuple(Board(boards[index][0], boards[index][1], paired.boards[index - 1].forfeit)
                                            for index in sorted(boards)), bye)


def rearrange(root: Path, text: str, event: Event, round_: int,
              change_round: Callable[[PairedRound], PairedRound]) -> tuple[PairedRound, PairedRound]:
    """Change the last round's pairing before it starts: checked as a pairing is, then its round files
    and the event file rewritten (Refused, nothing changed, when it cannot be); the round before and after."""
    edit = editing()
    games, state = rounds_of(root, event)
    if round_ > len(event.paired):
        raise refused(OrganiserProblem.NOT_PAIRED_YET, number=round_)
    if round_ != len(event.paired):
        raise refused(OrganiserProblem.NOT_LAST, number=round_)
    if (begun := started(state, games.games, round_)) is not None:
        raise refused(OrganiserProblem.STARTED, number=round_, written=begun)
    old = event.paired[-1]
    new_round = change_round(old)
    if (problem := rearranged_problem(state, new_round)) is not None:
        raise refused(OrganiserProblem.BREAKS_A_RULE, said=said_of(problem))
    try:
        new_text = edit.put_round(text, new_round)
    except EventFileError as error:
        raise Refused(reason_text(error)) from None
    changed = [(number, before, after) for number, (before, after) in
               enumerate(zip(old.boards, new_round.boards), start=1) if before != after and not after.forfeit]
    done: list[tuple[int, Board]] = []
    try:
        for number, before, after in changed:
            rename_players(games, round_file(round_, number), (after.first, after.second))
            done.append((number, before))
        write_event(root, lambda: new_text)
    except (Refused, OSError):
        for number, before in done:  # back as they were: the event file still says so
            rename_players(games, round_file(round_, number), (before.first, before.second))
        raise
    return old, new_round


def paired_round(event: Event, round_: int) -> PairedRound:
    if not 1 <= round_ <= len(event.paired):
        raise refused(OrganiserProblem.NOT_PAIRED_YET, number=round_)
    return event.paired[round_ - 1]


def forfeit(root: Path, text: str, event: Event, round_: int, board: int, result: str) -> Board:
    """Give a board's result without its game being played (1-0 or 0-1), in the event file; the board."""
    if result not in RESULTS[:2]:
        raise refused(OrganiserProblem.NOT_A_FORFEIT, written=result)
    games, _ = rounds_of(root, event)
    paired = paired_round(event, round_)
    old = paired_board(paired, board)
    game = games.games.get(round_file(round_, board))
    if game is not None and (game.plies or game.finished):
        raise refused(OrganiserProblem.PLAYED, path=game.name, turns=game.plies, result=game.result)
    write_event(root, lambda: editing().put_round(text, with_board(paired, board, Board(old.first, old.second,
                                                                                        result))))
    return old


def enter_result(folder: EventFolder, event: Event, round_: int, board: int, result: str) -> str:
    """The result of a board played but not recorded, written in its round file's Result as a scorer's
    would be (its turns, if any, kept), under the scoresheet's lock; the round file's name."""
    if result not in RESULTS:
        raise refused(OrganiserProblem.NOT_A_RESULT, written=result, results=list(RESULTS))
    paired_board(paired_round(event, round_), board)
    name = round_file(round_, board)
    game = folder.load(name)
    if game is None:
        raise refused(OrganiserProblem.MISSING, path=name)
    if game.finished:
        raise refused(OrganiserProblem.HAS_RESULT, path=name, result=game.result)
    lock = ScoresheetLock(folder.path(name))
    try:
        lock.acquire()
    except Busy as error:
        raise Refused(str(error)) from None
    except OSError as error:
        raise refused(OrganiserProblem.CANNOT_LOCK, path=name, written=error.strerror or str(error)) from None
    try:
        folder.apply(name, Action(uuid.uuid4().hex, game.plies, "result", result))
    finally:
        lock.release()
    return name
