"""`ludoscribe pair`: pair an event's next round and publish it as its game files
(docs/cli.md#pair, docs/tournaments.md#a-round-is-published-as-its-games)."""

from __future__ import annotations


import click

from ..notation.events.event_file import Event, PairedRound
from ..notation.events.organising import pair_next
from ..notation.events.round_files import round_file
from ..notation.languages import GAME_WORD, Words, words
from .options import language_option
from .tournament import load, organised


@click.command("pair")
@click.argument("folder", metavar="EVENT_FOLDER")
@click.option("--round", "round_", type=click.IntRange(1, 999),
              help="The round meant: refused unless it is the next one (a round is paired once).")
@click.option("--unfinished", is_flag=True,
              help="Pair even though boards of the rounds before have no result yet (they count as unplayed).")
@language_option
def pair(folder: str, round_: int | None, unfinished: bool, language: str) -> None:
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
    said = words(language)
    text, event = load(folder, said)
    paired = organised(said, folder, pair_next, text, event, round_, unfinished)
    for line in pairing_lines(event, paired, said):
        click.echo(line)


def pairing_lines(event: Event, paired: PairedRound, said: Words) -> list[str]:
    """The round as printed: a line a board, with the sides' names, then the bye (in the language of `said`)."""
    first, second = (said.pgettext(GAME_WORD, side) for side in event.sides)
    lines = [said.gettext("Round {number} of {event}").format(number=paired.number, event=event.name)]
    for number, board in enumerate(paired.boards, start=1):
        where = round_file(paired.number, number) if not board.forfeit else \
            said.gettext("forfeit {result}").format(result=board.forfeit)
        lines.append(f"{number:>3}  {board.first} ({first}) - {board.second} ({second})  {where}")
    if paired.bye:
        lines.append(said.gettext("  bye  {player}").format(player=paired.bye))
    return lines
