"""`ludoscribe pair`: pair an event's next round and publish it as its game files
(docs/cli.md#pair, docs/tournaments.md#a-round-is-published-as-its-games)."""

from __future__ import annotations

from pathlib import Path

import click

from ..notation.events.event_file import Event, PairedRound
from ..notation.events.folder import Refused as FolderRefused
from ..notation.events.organising import pair_next
from ..notation.events.round_files import round_file
from .errors import IOFailure, MissingExtra
from .tournament import Refused, load


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
    text, event = load(folder)
    try:
        paired = pair_next(Path(folder), text, event, round_, unfinished)
    except FolderRefused as error:
        raise Refused(str(error)) from None
    except ImportError as error:
        raise MissingExtra(str(error)) from None
    except OSError as error:
        raise IOFailure(f"cannot write {error.filename or folder}: {error.strerror or error}") from None
    for line in pairing_lines(event, paired):
        click.echo(line)


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
