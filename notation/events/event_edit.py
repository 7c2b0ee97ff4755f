"""Changes to the event file that keep what people wrote in it: comments, order, spacing
(docs/tournaments.md#the-event-file). Each takes the file's text and gives the new text,
checked whole (`parse_event`) before anyone writes it: EventFileError if the change would
make the file wrong.

tomlkit (the `tournament` extra) edits the TOML document in place, as a person would.
"""

from __future__ import annotations

from typing import Any

import tomlkit
from tomlkit.items import AoT, Table

from ..problems import say
from .event_file import Board, EventFileError, EventProblem, PairedRound, Player, parse_event, player_key

HEADER = """\
# The event's file (docs/tournaments.md#the-event-file): edit it freely, `ludoscribe event`
# and `ludoscribe pair` keep your comments and layout when they change it.
"""


def new_event(name: str, game: str, rounds: int | None, pairing: str, site: str = "?", dates: tuple[str, ...] = (),
              variant: str = "", requested_bye: str = "draw") -> str:
    """The text of a new event file, without players; EventFileError if a value is wrong."""
    doc = tomlkit.document()
    for line in HEADER.splitlines():
        doc.add(tomlkit.comment(line.removeprefix("# ")))
    doc.add("name", name)
    doc.add("site", site)
    doc.add("dates", list(dates))
    doc.add("game", game)
    if variant:
        doc.add("variant", variant)
    doc.add("pairing", pairing)
    doc["pairing"].comment("swiss, round-robin or double-round-robin")
    if rounds is not None:
        doc.add("rounds", rounds)
    doc.add("tie_breaks", [])
    doc["tie_breaks"].comment("their names, in the order they decide")
    doc.add("requested_bye", requested_bye)
    doc["requested_bye"].comment("what a bye asked for scores: win, draw or loss")
    doc.add("same_club_apart", tomlkit.item(False).comment("true: players of one club never meet"))
    doc.add("forbidden", tomlkit.array())
    doc["forbidden"].comment('pairs who must not meet: [["Ana de Wit", "Bo Lind"]]')
    return _checked(doc)


def add_player(text: str, player: Player) -> str:
    """The event file with one more player (a late entry when `joins` is after round 1)."""
    doc = tomlkit.parse(text)
    entry = tomlkit.table()
    entry.add("name", player.name)
    for key, value in (("club", player.club), ("rating", player.rating), ("id", player.id)):
        if value not in ("", None):
            entry.add(key, value)
    if player.joins != 1:
        entry.add("joins", player.joins)
    players = doc.get("player")
    if players is None:
        doc.append("player", tomlkit.aot())
        players = doc["player"]
    if not isinstance(players, AoT):
        raise EventFileError([say(EventProblem.PLAYERS_TO_CHANGE)])
    players.append(entry)
    return _checked(doc)


def withdraw(text: str, name: str, round_: int) -> str:
    """The event file where a player plays no round from `round_` on."""
    doc = tomlkit.parse(text)
    _player_table(doc, name)["withdrawn"] = round_
    return _checked(doc)


def ask_bye(text: str, name: str, round_: int) -> str:
    """The event file where a player misses `round_`, as they asked."""
    doc = tomlkit.parse(text)
    table = _player_table(doc, name)
    byes = table.get("byes")
    if byes is None:
        table["byes"] = [round_]
    elif round_ not in byes:
        byes.append(round_)
    return _checked(doc)


def put_round(text: str, paired: PairedRound) -> str:
    """The event file with the round's pairing: added after the last one, or replacing it (a change
    made before the round starts)."""
    doc = tomlkit.parse(text)
    entry = tomlkit.table()
    entry.add("number", paired.number)
    boards = tomlkit.array()
    boards.multiline(True)
    for board in paired.boards:
        boards.append(_board(board))
    entry.add("boards", boards)
    if paired.bye:
        entry.add("bye", paired.bye)
    rounds = doc.get("round")
    if rounds is None:
        doc.append("round", tomlkit.aot())
        rounds = doc["round"]
    if not isinstance(rounds, AoT):
        raise EventFileError([say(EventProblem.ROUNDS_TO_CHANGE)])
    if paired.number <= len(rounds):
        rounds[paired.number - 1] = entry
    else:
        rounds.append(entry)
    return _checked(doc)


def _board(board: Board) -> Any:
    written = tomlkit.inline_table()
    written.update({"first": board.first, "second": board.second})
    if board.forfeit:
        written["forfeit"] = board.forfeit
    return written


def _player_table(doc: tomlkit.TOMLDocument, name: str) -> Table:
    for table in doc.get("player", []):
        if isinstance(table, Table) and player_key(str(table.get("name", ""))) == player_key(name):
            return table
    raise EventFileError([say(EventProblem.NOT_IN_EVENT, written=name)])


def _checked(doc: tomlkit.TOMLDocument) -> str:
    text = tomlkit.dumps(doc)
    parse_event(text)
    return text
