"""`ludoscribe record`: the interactive scoresheet, click's prompts on the terminal and a
Scoresheet underneath (docs/cli.md#record).

The rules (what a date is, two different players, a result confirmed before it ends the
game, corrections kept when a turn or a result is taken back) are the Scoresheet's; the
terminal only asks.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import click

from ..notation.events.folder import EventFolder
from ..notation.games import Outcome, display_name
from ..notation.languages import GAME_WORD, N_, Words, words
from ..notation.files import not_regular
from ..notation.recording.lock import Busy, ScoresheetLock
from ..notation.problems import message_of, sentence_in
from ..notation.recording.scoresheet import Scoresheet
from ..render.escaping import terminal_lines, terminal_text
from ..render.text import text_board
from .errors import IOFailure, Status
from .messages import IN_ENGLISH, cannot_write, reason_of
from .options import language_option


HELP = N_("""Type a turn as it is written in the record, or a command:
  undo             take back the last turn (kept in the record as a correction)
  board            show the position
  comment TEXT     add a comment to the last turn
  clock H:MM:SS    note the time left after the last turn ([%clk])
  result R         end the game: 1-0, 0-1, 1/2-1/2 (asks to confirm) or * (unfinished)
  quit             save and stop; run the same command again to go on
  help             this list
The file is saved after every change.""")
OUTPUT = "'-o' / '--output'"


@click.command()
@click.argument("game", metavar="GAME")
@click.option("-o", "--output", "out", required=True,
              help="The record file (TGN): new (its folders are made), or one to go on with.")
@language_option
def record(game: str, out: str, language: str) -> None:
    """Record a game of GAME at the table, turn by turn, into FILE.

    Asks for the tags (Enter keeps the default shown; the date as YYYY.MM.DD,
    two different players), then for each turn. Every turn is checked at once
    and an illegal one refused with the reason. Commands: undo, board (the
    position as text), comment TEXT, clock H:MM:SS (time left, as [%clk]),
    result 1-0|0-1|1/2-1/2|*, quit, help. A result is confirmed before it ends
    the game; when the rules end it, their result is proposed. The file is
    rewritten atomically after every change, so nothing is lost if the session
    dies; run the same command on the file to go on with it. A finished record
    is reopened if you say so. What undo or a reopening takes back stays in the
    record as a correction, a comment [%undone ...].

    \b
    Examples:
      ludoscribe record teblo -o round3-board1.tgn
      ludoscribe record tchako -o 2026-club/round2-board1.tgn
    """
    session(game, out, words(language))


def session(game: str, path: str, said: Words = IN_ENGLISH) -> None:
    """Record a game into `path`, or go on with the record saved there (reopened if finished).

    One session at a time per file: a second one is refused while the first runs.
    """
    _check_target(path, said)
    _make_folder(path, said)
    lock = ScoresheetLock(path)
    try:
        lock.acquire()
    except Busy as error:
        raise _Stop(str(error)) from None
    except OSError as error:
        raise IOFailure(cannot_write(said, path, error)) from None
    try:
        _session(game, path, said)
    finally:
        lock.release()


class _Stop(click.ClickException):
    """The session stops (exit status 1); the message is made safe for a terminal."""

    exit_code = Status.PROBLEMS

    def format_message(self) -> str:
        return terminal_text(self.message)


def _say(text: str) -> None:
    """Print a line that may hold a file name or what the user typed: control characters escaped."""
    click.echo(terminal_text(text))


def _ask(prompt: str, default: str | None = None, suffix: str = ": ") -> str | None:
    """The line typed after `prompt`, its default in brackets and `suffix` (Enter gives the
    default; with none, the question is asked again), or None at the end of input."""
    try:
        return str(click.prompt(terminal_text(prompt), default=default, prompt_suffix=suffix))
    except click.Abort:  # the end of input
        click.echo()
        return None


def _confirm(question: str, default: bool) -> bool | None:
    """The answer to a yes-or-no question, [Y/n] or [y/N] after it (Enter gives the default; any
    answer but y, yes, n or no is asked again), or None at the end of input."""
    try:
        return click.confirm(terminal_text(question), default=default, prompt_suffix=" ")
    except click.Abort:
        click.echo()
        return None


def _check_target(path: str, said: Words) -> None:
    """Refuse an output that cannot be a scoresheet's file (exit status 2): a usage error, or
    something other than a regular file in its place."""
    if not path:
        problem = said.gettext("the file name is empty")
    elif path == "-":
        problem = said.gettext("'-' (standard output) cannot hold a scoresheet: name its file")
    elif os.path.basename(path) in ("", ".", "..") or os.path.isdir(path):
        problem = said.gettext("{path} is a folder: name the record's file in it, e.g. {example}").format(
            path=path, example=os.path.join(path, "round1-board1.tgn"))
    elif path.endswith(".json"):
        problem = said.gettext("{path}: a scoresheet is written in TGN, so its name cannot end in .json (convert it "
                               "afterwards)").format(path=path)
    elif (kind := not_regular(path)) is not None:  # before any lock file is made beside it
        raise IOFailure(cannot_resume(said, path, sentence_in(kind, said)))
    else:
        return
    raise click.BadParameter(terminal_text(problem), param_hint=OUTPUT)


def _make_folder(path: str, said: Words) -> None:
    """Create the folders the record goes in (IOFailure, exit status 2, if they cannot be)."""
    folder = Path(path).parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        blocking = next((place for place in (folder, *folder.parents)
                         if os.path.lexists(place) and not os.path.isdir(place)), None)
        reason = said.gettext("{path} is not a folder").format(path=blocking) if blocking is not None else \
            reason_of(error, said)
        raise IOFailure(said.gettext("cannot write {path}: {reason}").format(path=path, reason=reason)) from None


def cannot_resume(said: Words, path: str, reason: object) -> str:
    return said.gettext("cannot resume {path}: {reason}").format(path=path, reason=reason)


def _session(game: str, path: str, said: Words) -> None:
    sheet = _open(game, path, said)
    _save(sheet, path, said)
    _say(said.gettext("{game} to {path}: {turns} so far. Type help for the commands.").format(
        game=display_name(sheet.game.name), path=path, turns=_turns(sheet, said)))
    if (ended := sheet.outcome()) is not None and _end_proposed(said, sheet, path, ended):
        return
    while True:
        line = _ask(f"{sentence_in(sheet.label(), said)}>", suffix=" ")
        line = "quit" if line is None else line.strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        command = _COMMANDS.get(word.lower())
        if command is None:
            if _turn(said, sheet, path, line):
                return
        elif command(said, sheet, path, rest.strip()):
            return


def _open(game: str, path: str, said: Words) -> Scoresheet:
    """The scoresheet saved in `path` to go on with (a finished one reopened if the user says so),
    or a new one with its tags asked for."""
    if os.path.lexists(path):
        return _resumed(game, path, said)
    try:
        sheet = Scoresheet.new(game)
    except ValueError as error:
        raise click.BadParameter(terminal_text(sentence_in(message_of(error), said)), param_hint="GAME") from None
    defaults = {"Date": datetime.date.today().strftime("%Y.%m.%d"), "Event": _event_of(path)}
    for name in sheet.tag_names():
        default = defaults.get(name, "?")
        while True:
            answer = _ask(name, default)
            if answer is None:
                raise click.Abort()
            refused = sheet.set_tag(name, answer.strip() or default)
            if refused is None:
                break
            _refused(said, refused)
    return sheet


def _event_of(path: str) -> str:
    """The event of the games in the record's folder, named as `serve` names it: the Event tag they
    share, else the folder's name (docs/live.md#recording-a-game)."""
    games = EventFolder(Path(path).parent)
    try:
        games.scan()
    except OSError:
        pass
    return games.event_name()


def _resumed(game: str, path: str, said: Words) -> Scoresheet:
    try:
        sheet = Scoresheet.load(path)
    except OSError as error:
        raise IOFailure(cannot_resume(said, path, reason_of(error, said))) from None
    except (ValueError, UnicodeDecodeError) as error:
        raise _Stop(cannot_resume(said, path, sentence_in(message_of(error), said))) from None
    if sheet.game.name.lower() != game.strip().lower().replace("'", ""):
        raise _Stop(said.gettext("{path} records a {game} game, not {given}").format(
            path=path, game=said.pgettext(GAME_WORD, sheet.game.name), given=game))
    if sheet.finished:
        result_words = sentence_in(sheet.result_words(sheet.record.result), said)
        _say(said.gettext("{path} is finished: {result}.").format(path=path, result=result_words))
        if not _confirm(said.gettext("Reopen it to correct it? The result is taken back, and kept in the record "
                                     "as a correction."), default=False):
            raise _Stop(said.gettext("{path} is finished ({result}) and was not reopened").format(
                path=path, result=result_words))
        result, problem = sheet.record.result, sheet.reopen()
        if problem is not None:
            raise _Stop(said.gettext("cannot reopen {path}: {reason}").format(
                path=path, reason=sentence_in(problem, said)))
        _say(said.gettext("Reopened {path}: the result {result} is taken back.").format(path=path, result=result))
        return sheet
    _say(said.gettext("Resuming {path}.").format(path=path))
    return sheet


def _turns(sheet: Scoresheet, said: Words) -> str:
    count = len(sheet.record.moves)
    return said.ngettext("{count} turn", "{count} turns", count).format(count=count)


def _save(sheet: Scoresheet, path: str, said: Words) -> None:
    try:
        sheet.save(path)
    except OSError as error:
        raise IOFailure(cannot_write(said, path, error)) from None


def _refused(said: Words, problem: str) -> None:
    """refused: why (the scoresheet's reason said in the language of `said`)."""
    _say(said.gettext("refused: {reason}").format(reason=sentence_in(problem, said)))


def _turn(said: Words, sheet: Scoresheet, path: str, text: str) -> bool:
    """Record a turn; True when the game has ended and its result is confirmed."""
    if not _accepted(said, sheet, path, sheet.add_turn(text)):
        return False
    ended = sheet.outcome()
    return ended is not None and _end_proposed(said, sheet, path, ended)


def _end_proposed(said: Words, sheet: Scoresheet, path: str, ended: Outcome) -> bool:
    """Propose the result the rules call for; True once it is confirmed (or input ends: saved unfinished)."""
    _say(said.gettext("The game is over: {reason}.").format(reason=ended.reason_in(said)))
    answer = _confirm(said.gettext("Result {result}?").format(
        result=sentence_in(sheet.result_words(ended.result), said)), default=True)
    if answer is None:
        return _quit(said, sheet, path, "")
    if answer:
        return _ended(said, sheet, path, ended.result)
    _say(said.gettext("Not ended: undo the last turn, or give the result."))
    return False


def _undo(said: Words, sheet: Scoresheet, path: str, _: str) -> bool:
    try:
        undone = sheet.undo()
    except ValueError as error:
        _refused(said, message_of(error))
        return False
    if undone is None:
        _refused(said, said.gettext("no turn to undo"))
        return False
    _save(sheet, path, said)
    _say(said.gettext("undone: {turn} (kept in the record as a correction)").format(turn=undone))
    return False


def _board(said: Words, sheet: Scoresheet, path: str, _: str) -> bool:
    click.echo(terminal_lines(text_board(sheet.game, sheet.position)), nl=False)
    return False


def _accepted(said: Words, sheet: Scoresheet, path: str, problem: str | None) -> bool:
    """Refuse a change with its reason, or save the sheet with it; whether it was accepted."""
    if problem is not None:
        _refused(said, problem)
        return False
    _save(sheet, path, said)
    return True


def _comment(said: Words, sheet: Scoresheet, path: str, text: str) -> bool:
    _accepted(said, sheet, path, sheet.comment(text))
    return False


def _clock(said: Words, sheet: Scoresheet, path: str, text: str) -> bool:
    _accepted(said, sheet, path, sheet.clock(text))
    return False


def _result(said: Words, sheet: Scoresheet, path: str, token: str) -> bool:
    """A result given by hand: `*` stops the session (unfinished), any other ends the game once confirmed."""
    if token == "*":
        return _quit(said, sheet, path, "")
    problem = sheet.result_problem(token)
    if problem is not None:
        _refused(said, problem)
        return False
    answer = _confirm(said.gettext("End the game with {result}?").format(
        result=sentence_in(sheet.result_words(token), said)), default=False)
    if answer is None:
        return _quit(said, sheet, path, "")
    if not answer:
        _say(said.gettext("Not ended."))
        return False
    return _ended(said, sheet, path, token)


def _ended(said: Words, sheet: Scoresheet, path: str, result: str) -> bool:
    if not _accepted(said, sheet, path, sheet.finish(result)):
        return False
    _say(said.gettext("saved {path}: {turns}, result {result}").format(
        path=path, turns=_turns(sheet, said), result=sheet.record.result))
    return True


def _quit(said: Words, sheet: Scoresheet, path: str, _: str) -> bool:
    _save(sheet, path, said)
    _say(said.gettext("saved {path}: {turns}, unfinished").format(path=path, turns=_turns(sheet, said)))
    return True


def _help(said: Words, sheet: Scoresheet, path: str, _: str) -> bool:
    click.echo(said.gettext(HELP))
    return False


_COMMANDS = {"undo": _undo, "board": _board, "comment": _comment, "clock": _clock, "result": _result,
             "quit": _quit, "help": _help}
