"""`ludoscribe event`: make and change an event's file, and show the event
(docs/cli.md#event, docs/tournaments.md#the-event-file)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Callable

import click

from ..notation.events import organising
from ..notation.events.event_file import EVENT_FILE, SYSTEMS, EventFileError, PairedRound, Player
from ..notation.events.pairings import Ledger, side_balance
from ..notation.events.round_files import EventRounds, round_file
from ..notation.events import trf as report_file
from ..notation.events.event_trf import event_report
from ..notation.events.final_ranking import tie_break_order
from ..notation.events.standings import Points
from ..notation.events.tiebreaks import TieBreakError
from ..notation.problems import message_of, sentence_in
from ..notation.languages import GAME_WORD, Words, words
from ..notation.languages.numbers import numeral
from ..notation.recording.scoresheet import date_problem
from .errors import IOFailure, Status
from .event_import import import_event
from .messages import note, reason_of
from .options import force_option, language_option, output_option
from .outputs import write
from .tournament import Refused, change, editing, load, organised, refused_by, rounds_of



@click.group("event")
def event() -> None:
    """Make and change an event's file (event.toml): its players, withdrawals, byes.

    Also changes a round's pairing before it starts (swap, set-board) and gives a board by forfeit.

    \b
    Examples:
      ludoscribe event new autumn --name "Autumn Swiss" --game teblo --rounds 5
      ludoscribe event player add spring "Ana de Wit" --rating 1850 --club Pion
      ludoscribe event show spring
    """


@event.command("new")
@click.argument("folder", metavar="EVENT_FOLDER")
@click.option("--name", help="The event's name: the Event tag of its games (with --from-trf: the file's 012 line).")
@click.option("--game", required=True, help="The game played (its Game tag, e.g. teblo).")
@click.option("--pairing", type=click.Choice(SYSTEMS), default="swiss", show_default=True, help="Pairing system.")
@click.option("--rounds", type=click.IntRange(1, 999), help="Number of rounds (a Swiss event needs it).")
@click.option("--site", default="?", help="Where the event is played.")
@click.option("--date", "dates", multiple=True, help="A day of the event, YYYY.MM.DD (again for each day).")
@click.option("--variant", default="", help="The variant played, if not the standard game.")
@click.option("--from-trf", "report", metavar="FILE.trf",
              help="An event paired elsewhere: its players and rounds (pairings, byes, results) from its FIDE report file.")
@language_option
def new(folder: str, name: str | None, game: str, pairing: str, rounds: int | None, site: str, dates: tuple[str, ...],
        variant: str, report: str | None, language: str) -> None:
    """Make the event file of a new event in EVENT_FOLDER (made if needed)."""
    said = words(language)
    edit = editing(said)
    root = Path(folder)
    if os.path.lexists(root / EVENT_FILE):
        raise Refused(said.gettext("{path} exists already: change it with ludoscribe event, or by hand").format(
            path=root / EVENT_FILE))
    if report is not None:
        context = click.get_current_context()
        given = [f"--{option}" for option in ("pairing", "rounds", "site", "date")
                 if context.get_parameter_source("dates" if option == "date" else option)
                 is click.core.ParameterSource.COMMANDLINE]
        if given:
            raise click.UsageError(said.gettext("{option} cannot be given with --from-trf: the report file says it").format(
                option=given[0]))
        import_event(folder, report, game, name, variant, said)
        return
    if name is None:
        raise click.UsageError(said.gettext("Missing option '--name' (or --from-trf FILE)."))
    for date in dates:
        if (problem := date_problem(date)) is not None:
            raise click.BadParameter(problem, param_hint="--date")
    try:
        text = edit.new_event(name, game, rounds, pairing, site, dates, variant)
    except EventFileError as error:
        raise refused_by(error, said) from None
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise IOFailure(said.gettext("cannot make {path}: {reason}").format(
            path=folder, reason=reason_of(error, said))) from None
    change(folder, text, said)
    click.echo(f"{root / EVENT_FILE}: {name}, {game}, {pairing}")


@event.group("player")
def player() -> None:
    """Enter a player, withdraw one, note a bye asked for."""


@player.command("add")
@click.argument("folder", metavar="EVENT_FOLDER")
@click.argument("name")
@click.option("--club", default="", help="The player's club.")
@click.option("--rating", type=click.IntRange(0, 4000), help="The player's rating.")
@click.option("--id", "id_", default="", help="A federation's or club's id for the player.")
@click.option("--joins", type=click.IntRange(1, 999),
              help="The first round they play (default: the next round not paired yet).")
@language_option
def add(folder: str, name: str, club: str, rating: int | None, id_: str, joins: int | None, language: str) -> None:
    """Enter a player; after the first pairing, a late entry for the next round."""
    said = words(language)
    text, event_ = load(folder, said)
    entered = organised(said, folder, organising.enter_player, text, event_,
                         Player(name.strip(), club.strip(), rating, id_.strip(), joins or len(event_.paired) + 1))
    click.echo(said.gettext("{player} entered from round {round}").format(player=entered.name, round=entered.joins)
               if entered.joins > 1 else said.gettext("{player} entered").format(player=entered.name))


@player.command("withdraw")
@click.argument("folder", metavar="EVENT_FOLDER")
@click.argument("name")
@click.option("--round", "round_", type=click.IntRange(1, 999),
              help="The first round they no longer play (default: the next round not paired yet).")
@language_option
def withdraw(folder: str, name: str, round_: int | None, language: str) -> None:
    """Withdraw a player from the next round on (their games so far still count)."""
    said = words(language)
    text, event_ = load(folder, said)
    round_ = organised(said, folder, organising.withdraw_player, text, event_, name, round_)
    click.echo(said.gettext("{player} withdrawn from round {round} on").format(player=name, round=round_))


@player.command("bye")
@click.argument("folder", metavar="EVENT_FOLDER")
@click.argument("name")
@click.argument("round_", metavar="ROUND", type=click.IntRange(1, 999))
@language_option
def bye(folder: str, name: str, round_: int, language: str) -> None:
    """Note that a player asked not to be paired in ROUND (it scores as the event's requested_bye says)."""
    said = words(language)
    text, event_ = load(folder, said)
    organised(said, folder, organising.ask_bye, text, event_, name, round_)
    click.echo(said.gettext("{player} has a bye in round {round} ({score})").format(
        player=name, round=round_, score=event_.requested_bye))


@event.command("show")
@click.argument("folder", metavar="EVENT_FOLDER")
@language_option
def show(folder: str, language: str) -> None:
    """Show the event: its players with their points and sides, each round's boards and results,
    and what keeps a result from counting (exit status 1 then)."""
    said = words(language)
    _, event_ = load(folder, said)
    _, state = rounds_of(folder, event_, said)
    click.echo("\n".join(summary(state, said)))
    for problem in state.problems:
        click.echo(said.gettext("problem: {problem}").format(problem=sentence_in(problem, said)), err=True)
    for broken in state.broken:
        click.echo(said.gettext("note: {note}").format(note=sentence_in(broken, said)), err=True)
    if state.problems:
        sys.exit(Status.PROBLEMS)


@event.command("swap")
@click.argument("folder", metavar="EVENT_FOLDER")
@click.argument("round_", metavar="ROUND", type=click.IntRange(1, 999))
@click.argument("board", type=click.IntRange(1, 9999))
@language_option
def swap(folder: str, round_: int, board: int, language: str) -> None:
    """Give the two players of a board each other's side, before the round starts."""
    _rearrange(words(language), folder, round_, lambda paired: organising.swapped(paired, board))


@event.command("set-board")
@click.argument("folder", metavar="EVENT_FOLDER")
@click.argument("round_", metavar="ROUND", type=click.IntRange(1, 999))
@click.argument("board", type=click.IntRange(1, 9999))
@click.argument("first")
@click.argument("second")
@language_option
def set_board(folder: str, round_: int, board: int, first: str, second: str, language: str) -> None:
    """Put FIRST and SECOND on a board, before the round starts: the board's players take their places."""
    _rearrange(words(language), folder, round_, lambda paired: organising.moved_to(paired, board, first, second))


@event.command("forfeit")
@click.argument("folder", metavar="EVENT_FOLDER")
@click.argument("round_", metavar="ROUND", type=click.IntRange(1, 999))
@click.argument("board", type=click.IntRange(1, 9999))
@click.argument("result", type=click.Choice(["1-0", "0-1"]))
@language_option
def forfeit(folder: str, round_: int, board: int, result: str, language: str) -> None:
    """Give a board's result without its game being played (a player absent): 1-0 or 0-1.

    The points count; the sides do not, and the two players are not paired again."""
    said = words(language)
    text, event_ = load(folder, said)
    old = organised(said, folder, organising.forfeit, text, event_, round_, board, result)
    click.echo(said.gettext("round {round} board {board}: {first} - {second} {result} by forfeit").format(
        round=round_, board=board, first=old.first, second=old.second, result=result))


def _rearrange(said: Words, folder: str, round_: int, change_round: Callable[[PairedRound], PairedRound]) -> None:
    """Change the last round's pairing before it starts (organising.rearrange), and print the boards changed."""
    text, event_ = load(folder, said)
    old, new_round = organised(said, folder, organising.rearrange, text, event_, round_, change_round)
    first, second = (said.pgettext(GAME_WORD, side) for side in event_.sides)
    for number, (before, after) in enumerate(zip(old.boards, new_round.boards), start=1):
        if before != after and not after.forfeit:
            click.echo(f"{number:>3}  {after.first} ({first}) - {after.second} ({second})  "
                       f"{round_file(round_, number)}")
    if new_round.bye != old.bye:
        click.echo(said.gettext("  bye  {player}").format(player=new_round.bye))


def summary(state: EventRounds, said: Words) -> list[str]:
    """The event in lines: its heading, the players, then the rounds paired (in the language of `said`)."""
    event_, rounds = state.event, state.rounds
    first, second = (said.pgettext(GAME_WORD, side) for side in event_.sides)
    heading = said.gettext("{event}: {game}, {pairing}, {paired} of {rounds} rounds paired").format(
        event=event_.name, game=event_.game, pairing=event_.pairing, paired=state.paired,
        rounds=event_.total_rounds())
    player, rating, points_, club = (said.gettext("Player"), said.gettext("Rating"), said.gettext("Points"),
                                     said.gettext("Club"))
    lines = [heading, "", f"{'#':>3}  {player:<24} {rating:>6}  {points_:>6}  {first}/{second}  {club}"]
    ledger = Ledger(rounds)  # the points of every player, counted once
    for entrant, player_ in zip(rounds.entrants, event_.players):
        on_first, on_second = side_balance(rounds, entrant.number)
        note = _status(player_, said)
        lines.append(f"{entrant.number:>3}  {entrant.name:<24} {entrant.rating or '':>6}  "
                     f"{_points(ledger.points(entrant.number, state.paired + 1), said.language):>6}  "
                     f"{f'{on_first}/{on_second}':>{len(first) + len(second) + 1}}  {entrant.club}{note}")
    for paired in event_.paired:
        lines += ["", said.gettext("Round {number}").format(number=paired.number)]
        results = {game.board: game.result for game in rounds.games if game.round == paired.number}
        for number, board in enumerate(paired.boards, start=1):
            forfeit = said.gettext(" (forfeit)") if board.forfeit else ""
            lines.append(f"{number:>3}  {board.first} - {board.second}  {results.get(number, '*')}{forfeit}")
        if paired.bye:
            lines.append(said.gettext("  bye  {player}").format(player=paired.bye))
    return lines


def _status(player_: Player, said: Words) -> str:
    parts = ([said.gettext("joins round {round}").format(round=player_.joins)] if player_.joins > 1 else []) + \
        ([said.gettext("withdrawn from round {round}").format(round=player_.withdrawn)] if player_.withdrawn else []) + \
        ([said.ngettext("bye asked in round {rounds}", "bye asked in round {rounds}", len(player_.byes)).format(
            rounds=", ".join(map(str, player_.byes)))] if player_.byes else [])
    return f" ({'; '.join(parts)})" if parts else ""


def _points(value: Points, language: str) -> str:
    """A player's points as the language writes numbers: 2, 2.5 in English, 2,5 in French (docs/languages.md#numbers)."""
    return str(value.numerator) if value.denominator == 1 else numeral(f"{float(value):g}", language)


@event.command("trf")
@click.argument("folder", metavar="EVENT_FOLDER")
@output_option
@force_option
@language_option
def trf(folder: str, out: str, force: bool, language: str) -> None:
    """Write the event's FIDE report file (TRF-16): its players, and its rounds with the round files' results.

    What a report file has no column for (clubs, ids that are not numbers, the end of a long
    name) is said in a note; a round file that contradicts its pairing is said and its result
    left out (exit status 1).

    \b
    Example:
      ludoscribe event trf spring -o spring.trf
    """
    said = words(language)
    _, event_ = load(folder, said)
    _, state = rounds_of(folder, event_, said)
    for problem in state.problems:
        click.echo(said.gettext("problem: {problem}").format(problem=sentence_in(problem, said)), err=True)
    try:
        text = report_file.write(event_report(event_, state.rounds), tie_break_order(event_))
    except (report_file.TrfError, TieBreakError) as error:
        raise Refused(said.gettext("{folder}: no report file can hold this event: {reason}").format(
            folder=folder, reason=sentence_in(message_of(error), said))) from None
    for left in report_file.left_out(state.rounds):
        note(said.gettext("note: not in the report file: {left}").format(left=sentence_in(left, said)))
    write(out, text, force, said)
    if state.problems:
        sys.exit(Status.PROBLEMS)
