"""`ludoscribe pair`: pair an event's next round and publish it as its game files
(docs/cli.md#pair, docs/tournaments.md#a-round-is-published-as-its-games)."""

from __future__ import annotations

import os

import click

from ..notation.events.event_file import Event, EventFileError, PairedRound
from ..notation.events.folder import EventFolder, Refused as FolderRefused
from ..notation.events.pairings import PairingError
from ..notation.events.round_files import ROUND_FILE, EventRounds, next_round, round_file
from .errors import MissingExtra
from .tournament import Refused, change, editing, load, refused_by, rounds_of


@click.command("pair")
@click.argument("folder", metavar="EVENT_FOLDER")
@click.option("--round", "round_", type=click.IntRange(1, 999),
              help="The round meant: refused unless it is the next one (a round is paired once).")
@click.option("--unfinished", is_flag=True,
              help="Pair even though boards of the rounds before have no result yet (they count as unplayed).")
def pair(folder: str, round_: int | None, unfinished: bool) -> None:
    """Pair the event's next round and write its game files, roundR-boardB.tgn.

    Round robins follow the FIDE Berger tables, Swiss events the FIDE Dutch system.
    Each file holds the round, the board, the players on their sides and the result *,
    ready to record (ludoscribe record, or a phone on ludoscribe serve). Refused, with
    nothing changed, when the round is paired already, when a round file contradicts
    its pairing, or while boards of the rounds before have no result (unless
    --unfinished).

    \b
    Examples:
      ludoscribe pair spring
      ludoscribe pair spring --round 1
    """
    edit = editing()
    text, event = load(folder)
    games, state = rounds_of(folder, event)
    refuse_early(state, round_, unfinished)
    try:
        paired = next_round(state)
    except PairingError as error:
        raise Refused(str(error)) from None
    except ImportError as error:
        raise MissingExtra(str(error)) from None
    try:
        new_text = edit.put_round(text, paired)
    except EventFileError as error:
        raise refused_by(error) from None
    publish(games, event, paired)
    try:
        change(folder, new_text)
    except BaseException:
        withdraw_files(games, paired)
        raise
    for line in pairing_lines(event, paired):
        click.echo(line)


def refuse_early(state: EventRounds, round_: int | None, unfinished: bool) -> None:
    """Refused, saying why, when the round cannot be paired now."""
    event, next_ = state.event, state.paired + 1
    if round_ is not None and round_ <= state.paired:
        raise Refused(f"round {round_} is paired already (event.toml): a round is paired once")
    if round_ is not None and round_ != next_:
        raise Refused(f"round {round_} cannot be paired before round {next_}")
    if event.total_rounds() < 1:
        raise Refused("the event has no players to pair yet: ludoscribe event player add")
    if next_ > event.total_rounds():
        raise Refused(f"the event's {event.total_rounds()} rounds are all paired")
    if state.problems:
        more = f" (and {len(state.problems) - 1} more: ludoscribe event show)" if len(state.problems) > 1 else ""
        raise Refused(f"{state.problems[0]}{more}")
    if state.unfinished and not unfinished:
        raise Refused(f"{len(state.unfinished)} board(s) have no result yet ({state.unfinished[0]}...): record them, "
                      "or pair with --unfinished")


def publish(games: EventFolder, event: Event, paired: PairedRound) -> None:
    """Write the round's game files; none is written if one cannot be (Refused saying why)."""
    taken = sorted(name for name in os.listdir(games.root) if (found := ROUND_FILE.fullmatch(name))
                   and int(found["round"]) == paired.number)
    if taken:
        raise Refused(f"round {paired.number} has game files already ({taken[0]}): they were not paired by the "
                      "event; move them away first")
    written: list[str] = []
    try:
        for number, board in enumerate(paired.boards, start=1):
            if board.forfeit:
                continue
            name, lock = games.new_game(event.game, str(paired.number), str(number), (board.first, board.second),
                                        event.variant, event.name, event.site)
            lock.release()
            written.append(name)
    except FolderRefused as error:
        withdraw_files(games, PairedRound(paired.number, ()), written)
        raise Refused(str(error)) from None
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


def pairing_lines(event: Event, paired: PairedRound) -> list[str]:
    """The round as printed: a line a board, with the sides' names, then the bye."""
    first, second = event.sides
    lines = [f"Round {paired.number} of {event.name}"]
    for number, board in enumerate(paired.boards, start=1):
        where = f"{round_file(paired.number, number)}" if not board.forfeit else f"forfeit {board.forfeit}"
        lines.append(f"{number:>3}  {board.first} ({first}) - {board.second} ({second})  {where}")
    if paired.bye:
        lines.append(f"  bye  {paired.bye}")
    return lines
