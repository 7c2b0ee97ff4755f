"""The interactive scoresheet of `ludoscribe record`: prompts on the terminal, a Scoresheet underneath."""

from __future__ import annotations

import datetime
from pathlib import Path

import click

from ..notation.games import Outcome, display_name
from ..notation.lock import Busy, ScoresheetLock
from ..notation.scoresheet import Scoresheet
from ..render.escaping import terminal_text
from ..render.text import text_board
from .errors import IOFailure

HELP = """Type a turn as it is written in the record, or a command:
  undo             take back the last turn
  board            show the position
  comment TEXT     add a comment to the last turn
  clock H:MM:SS    note the time left after the last turn ([%clk])
  result R         end the game: 1-0, 0-1, 1/2-1/2 or * (unfinished)
  quit             save and stop; run the same command again to go on
  help             this list
The file is saved after every change."""


def session(game: str, path: str) -> None:
    """Record a game into `path`, or go on with the unfinished record saved there.

    One session at a time per file: a second one is refused while the first runs.
    """
    lock = ScoresheetLock(path)
    try:
        lock.acquire()
    except Busy as error:
        raise click.ClickException(terminal_text(str(error))) from None
    except OSError as error:
        raise IOFailure(f"cannot write {path}: {error.strerror or error}") from None
    try:
        _session(game, path)
    finally:
        lock.release()


def _session(game: str, path: str) -> None:
    sheet = _open(game, path)
    _save(sheet, path)
    click.echo(f"{display_name(sheet.game.name)} to {path}: {_turns(sheet)} so far. Type help for the commands.")
    if (ended := sheet.outcome()) is not None and _end_proposed(sheet, path, ended):
        return
    while True:
        try:
            line = input(f"{sheet.label()}> ").strip()
        except EOFError:
            click.echo()
            line = "quit"
        if not line:
            continue
        word, _, rest = line.partition(" ")
        command = _COMMANDS.get(word.lower())
        if command is None:
            if _turn(sheet, path, line):
                return
        elif command(sheet, path, rest.strip()):
            return


def _open(game: str, path: str) -> Scoresheet:
    """The scoresheet saved in `path` to resume, or a new one with its tags asked for."""
    if Path(path).exists():
        try:
            sheet = Scoresheet.resume(path)
        except OSError as error:
            raise IOFailure(f"cannot resume {path}: {error.strerror or error}") from None
        except (ValueError, UnicodeDecodeError) as error:
            raise click.ClickException(terminal_text(f"cannot resume {path}: {error}")) from None
        if sheet.game.name.lower() != game.strip().lower().replace("'", ""):
            raise click.ClickException(f"{path} records a {sheet.game.name} game, not {game}")
        click.echo(f"Resuming {path}.")
        return sheet
    try:
        sheet = Scoresheet.new(game)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="GAME") from None
    defaults = {"Date": datetime.date.today().strftime("%Y.%m.%d")}
    for name in sheet.tag_names():
        default = defaults.get(name, "?")
        while (refused := sheet.set_tag(name, input(f"{name} [{default}]: ").strip() or default)) is not None:
            click.echo(f"refused: {refused}")
    return sheet


def _turns(sheet: Scoresheet) -> str:
    count = len(sheet.record.moves)
    return f"{count} turn{'' if count == 1 else 's'}"


def _save(sheet: Scoresheet, path: str) -> None:
    try:
        sheet.save(path)
    except OSError as error:
        raise IOFailure(f"cannot write {path}: {error.strerror or error}") from None


def _turn(sheet: Scoresheet, path: str, text: str) -> bool:
    """Record a turn; True when the game has ended and its result is confirmed."""
    if not _accepted(sheet, path, sheet.add_turn(text)):
        return False
    ended = sheet.outcome()
    return ended is not None and _end_proposed(sheet, path, ended)


def _end_proposed(sheet: Scoresheet, path: str, ended: Outcome) -> bool:
    """Propose the result the rules call for; True once it is confirmed (or input ends: saved unfinished)."""
    click.echo(f"The game is over: {ended.reason}.")
    try:
        answer = input(f"Result {ended.result}? [Y/n] ")
    except EOFError:
        click.echo()
        return _quit(sheet, path, "")
    if answer.strip().lower() in ("", "y", "yes"):
        return _result(sheet, path, ended.result)
    click.echo("Not ended: undo the last turn, or give the result.")
    return False


def _undo(sheet: Scoresheet, path: str, _: str) -> bool:
    undone = sheet.undo()
    if undone is None:
        click.echo("refused: no turn to undo")
        return False
    _save(sheet, path)
    click.echo(f"undone: {undone}")
    return False


def _board(sheet: Scoresheet, path: str, _: str) -> bool:
    click.echo(text_board(sheet.game, sheet.position), nl=False)
    return False


def _accepted(sheet: Scoresheet, path: str, problem: str | None) -> bool:
    """Refuse a change with its reason, or save the sheet with it; whether it was accepted."""
    if problem is not None:
        click.echo(f"refused: {problem}")
        return False
    _save(sheet, path)
    return True


def _comment(sheet: Scoresheet, path: str, text: str) -> bool:
    _accepted(sheet, path, sheet.comment(text))
    return False


def _clock(sheet: Scoresheet, path: str, text: str) -> bool:
    _accepted(sheet, path, sheet.clock(text))
    return False


def _result(sheet: Scoresheet, path: str, token: str) -> bool:
    if not _accepted(sheet, path, sheet.finish(token)):
        return False
    click.echo(f"saved {path}: {_turns(sheet)}, result {sheet.record.result}")
    return True


def _quit(sheet: Scoresheet, path: str, _: str) -> bool:
    _save(sheet, path)
    click.echo(f"saved {path}: {_turns(sheet)}, unfinished")
    return True


def _help(sheet: Scoresheet, path: str, _: str) -> bool:
    click.echo(HELP)
    return False


_COMMANDS = {"undo": _undo, "board": _board, "comment": _comment, "clock": _clock, "result": _result,
             "quit": _quit, "help": _help}
