"""The event file, `event.toml` in the event folder: the event, its players and its rounds'
pairings, as the organiser can read and edit them (docs/tournaments.md#the-event-file).

It is read here with the standard library's TOML reader and checked whole: every problem is
one line (`event.toml:12: ...`). Changing it keeps what a person wrote (notation/events/event_edit.py).
The results are not in it: they are the round files' (notation/events/round_files.py).
"""

from __future__ import annotations

import functools
import os
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Mapping

from ..files import open_regular
from ..games import game_class
from ..limits import MAX_RECORD, tag_problem, text_problem
from ..model import RESULTS
from ..problems import Saying, message_of, said_of, say
from ..reader import line_break_problem
from ..recording.scoresheet import date_problem
from ..worded import Param, Said, Worded
from .rounds import Entrant, Unplayed
from .standings import Scoring, game_scoring

if sys.version_info >= (3, 11):
    import tomllib
else:  # the same reader, as a package, before Python 3.11
    import tomli as tomllib

EVENT_FILE = "event.toml"
SYSTEMS = ("swiss", "round-robin", "double-round-robin")
REQUESTED_BYES = {"win": Unplayed.FULL_BYE, "draw": Unplayed.HALF_BYE, "loss": Unplayed.ZERO_BYE}
EVENT_KEYS = ("name", "site", "dates", "game", "variant", "rounds", "pairing", "tie_breaks", "points", "bye_points",
              "requested_bye", "same_club_apart", "forbidden", "player", "round")
PLAYER_KEYS = ("name", "club", "rating", "id", "joins", "withdrawn", "byes")
ROUND_KEYS = ("number", "boards", "bye")
BOARD_KEYS = ("first", "second", "forfeit")
MAX_ROUNDS = 999


class EventProblem(Worded):
    """What is wrong with an event file, by its code (docs/tournaments.md#the-event-file), said in the
    command's language (docs/languages.md#the-command-line). What the file wrote (a key, a value, a
    player's name) is given as it is written."""

    AT = "at", "{path}: {said}"
    TOML = "toml", "{path}: {written}"
    MORE = "more", "{said} (and {count} more)"
    OVER_SIZE = "over-size", "{path} is over {limit} bytes: not an event file"
    NOT_UTF8 = "not-utf8", "{path} is not UTF-8 text (byte {at})"
    # what a TOML value is
    TRUE_OR_FALSE = "true-or-false", "true or false"
    A_NUMBER = "a-number", "a number"
    A_LIST = "a-list", "a list"
    A_TABLE = "a-table", "a table"
    A_DATE = "a-date", "a date or time"
    # the event
    NOT_TEXT = "not-text", "{key} is {kind}, not text in quotes"
    KEY = "key", "{key}: {said}"
    NOT_A_NUMBER = "not-a-number", "{key} is {written}: a whole number from {low} to {high}"
    NOT_A_KEY = "not-a-key", "{written!r} is not a key of an event file ({keys:join ,})"
    NO_NAME = "no-name", 'the event has no name: name = "..." (the Event tag of its games)'
    PAIRING = "pairing", "pairing is {written}: one of {systems:join ,}"
    SWISS_ROUNDS = "swiss-rounds", "a Swiss event says its number of rounds: rounds = 5"
    DATES = "dates", 'dates is a list of dates in quotes: ["2026.03.14"]'
    TIE_BREAKS = "tie-breaks", "tie_breaks is a list of tie-break names in quotes"
    TIE_BREAK_TWICE = "tie-break-twice", "tie_breaks names a tie-break twice"
    BYE_POINTS = "bye-points", "bye_points is {written}: a number of points from 0 to 1000"
    REQUESTED_BYE = "requested-bye", "requested_bye is {written}: what a bye asked for scores, one of {choices:join ,}"
    SAME_CLUB_APART = "same-club-apart", "same_club_apart is true or false"
    ROUNDS = "rounds", "rounds is {rounds}, but a {written} of {count} players has {total}: leave rounds out, or " \
        "make it {total}"
    ROUND_ROBIN_APART = "round-robin-apart", "a round robin has every pair meet: forbidden and same_club_apart are " \
        "for a Swiss event"
    # the players
    PLAYERS = "players", "player is a list of tables: [[player]] before each player"
    PLAYERS_TO_CHANGE = "players-to-change", "player is not a list of [[player]] tables"
    PLAYER_NUMBER = "player-number", "player {number}: {said}"
    PLAYER = "player", "player {written!r}: {said}"
    PLAYER_NOT_A_TABLE = "player-not-a-table", 'not a table ([[player]] then name = "...")'
    NOT_A_PLAYER_KEY = "not-a-player-key", "{written!r} is not a player's key ({keys:join ,})"
    NO_PLAYER_NAME = "no-player-name", 'no name: name = "..."'
    SAME_NAME = "same-name", "the same name as player {number} ({written!r}): each player is entered once"
    BYES = "byes", "byes is a list of round numbers: [2, 4]"
    WITHDRAWN_BEFORE = "withdrawn-before", "withdrawn before round {withdrawn}, which is before the round they " \
        "join ({joins})"
    FORBIDDEN = "forbidden", 'forbidden is a list of pairs of players who must not meet: [["Ana", "Bo"]]'
    FORBIDDEN_UNKNOWN = "forbidden-unknown", "forbidden: {written!r} is not a player of the event"
    FORBIDDEN_SELF = "forbidden-self", "forbidden: {written!r} is paired with themselves"
    NOT_A_ROUND = "not-a-round", "round {number} is not a round of the event (1 to {rounds})"
    ROUND_ROBIN_LATE = "round-robin-late", "a round robin takes no late entry and no bye asked for (its schedule is " \
        "fixed by the players' list)"
    # the rounds
    ROUNDS_LIST = "rounds-list", "round is a list of tables: [[round]] before each round"
    ROUNDS_TO_CHANGE = "rounds-to-change", "round is not a list of [[round]] tables"
    ROUND = "round", "round {number}: {said}"
    NOT_A_TABLE = "not-a-table", "not a table"
    NOT_A_ROUND_KEY = "not-a-round-key", "{written!r} is not a round's key ({keys:join ,})"
    ROUND_ORDER = "round-order", "the round tables go 1, 2, 3 ...: table {number} says number = {written}"
    BOARD = "board", 'a board is {{ first = "...", second = "..." }} (and forfeit = "1-0" for a result given ' \
        "without play)"
    FORFEIT = "forfeit", "forfeit is {written!r}: a result, 1-0, 0-1 or 1/2-1/2"
    BYE = "bye", "bye is the name of the player left over"
    NOT_IN_EVENT = "not-in-event", "{written!r} is not a player of the event"
    PAIRED_TWICE = "paired-twice", "{written!r} is paired twice"
    NOT_PLAYING = "not-playing", "{written!r} is paired, but does not play round {number} (a late entry, a " \
        "withdrawal or a bye asked for)"
    NOT_PAIRED = "not-paired", "{written!r} plays this round but is not paired"


Within = Callable[[Said], Said]  # where in the file a problem is: a player's, a round's, or the event's


def _event_wide(said: Said) -> Said:
    return said


class EventFileError(ValueError):
    """The event file cannot be used: one line per problem, in `problems` (each a Saying: its code
    and parameters kept, to be said in a language with `problems.sentence_in`)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(problems[0] if len(problems) == 1 else
                         say(EventProblem.MORE, said=said_of(problems[0]), count=len(problems) - 1))
        self.problems = problems

    def reason(self) -> Param:
        """The first problem without the file and line it is at, as a parameter (its code if it keeps one)."""
        first = self.problems[0]
        if isinstance(first, Saying):
            return first.said.params["said"] if first.said.code is EventProblem.AT else first.said
        return first.split(": ", 1)[-1]


def player_key(name: str) -> str:
    """How two players' names are compared: the same words, whatever their case
    (as a scoresheet refuses one player on both sides), so that no two entries become one
    player in the standings or differ by a capital only."""
    return " ".join(name.casefold().split())


@dataclass(frozen=True)
class Player:
    """A player as the event file lists them; `joins`: the first round they play (a late entry),
    `withdrawn`: the first round they no longer play, `byes`: the rounds they asked to miss."""

    name: str
    club: str = ""
    rating: int | None = None
    id: str = ""
    joins: int = 1
    withdrawn: int | None = None
    byes: tuple[int, ...] = ()

    def plays(self, round_: int) -> bool:
        """Whether the player is to be paired in that round."""
        return self.joins <= round_ and (self.withdrawn is None or round_ < self.withdrawn) and round_ not in self.byes


@dataclass(frozen=True)
class Board:
    """A board of a paired round, by the players' names; `forfeit`: the result given without play."""

    first: str
    second: str
    forfeit: str = ""


@dataclass(frozen=True)
class PairedRound:
    """A round as paired: its boards in order, and the player left over by the pairing, if any."""

    number: int
    boards: tuple[Board, ...]
    bye: str = ""


@dataclass
class Event:
    """The event file's content, checked."""

    name: str
    game: str
    rounds: int
    pairing: str = "swiss"
    site: str = "?"
    dates: tuple[str, ...] = ()
    variant: str = ""
    tie_breaks: tuple[str, ...] = ()
    points: Scoring | None = None  # the scoring of every game, when the file sets one
    bye_points: Fraction | None = None  # a pairing bye's points, when the file sets them (else a win's)
    requested_bye: str = "draw"
    same_club_apart: bool = False
    forbidden: tuple[tuple[str, str], ...] = ()
    players: list[Player] = field(default_factory=list)
    paired: list[PairedRound] = field(default_factory=list)

    @property
    def scoring(self) -> Scoring:
        return self.points or game_scoring(self.game)

    @property
    def pairing_bye_points(self) -> Fraction:
        """A pairing bye's points: the file's, else a win's in a Swiss event, nothing in a round robin
        (where every player rests the same number of rounds)."""
        if self.bye_points is not None:
            return self.bye_points
        return self.scoring.win if self.pairing == "swiss" else Fraction(0)

    @property
    def sides(self) -> tuple[str, str]:
        """The game's side names, which are also the tags of its players."""
        return game_class(self.game).sides

    def entrants(self) -> list[Entrant]:
        """The players as entrants, numbered 1, 2, ... in the file's order."""
        return [Entrant(number, player.name, player.rating, player.club, player.id)
                for number, player in enumerate(self.players, start=1)]

    def number(self, name: str) -> int:
        """A player's starting number by name (compared as `player_key` does); KeyError if unknown."""
        key = player_key(name)
        for number, player in enumerate(self.players, start=1):
            if player_key(player.name) == key:
                return number
        raise KeyError(name)

    def player(self, name: str) -> Player:
        return self.players[self.number(name) - 1]

    def rematch_forbidden(self) -> set[frozenset[int]]:
        """The pairs of starting numbers that must not meet, by the organiser's word (and by club, if asked)."""
        pairs = {frozenset((self.number(one), self.number(other))) for one, other in self.forbidden}
        if self.same_club_apart:
            by_club: dict[str, list[int]] = {}
            for number, player in enumerate(self.players, start=1):
                if player.club.strip():
                    by_club.setdefault(player_key(player.club), []).append(number)
            pairs |= {frozenset((one, other)) for members in by_club.values()
                      for one in members for other in members if one < other}
        return pairs

    def total_rounds(self) -> int:
        """The rounds of the event: the file's number, or a round robin's by its players."""
        if self.pairing == "swiss":
            return self.rounds
        field_size = len(self.players) + len(self.players) % 2
        return (field_size - 1) * (2 if self.pairing == "double-round-robin" else 1)


def event_path(folder: str | Path) -> Path:
    return Path(folder) / EVENT_FILE


def read_text(folder: str | Path) -> str | None:
    """The event file's text, None when the folder has none; OSError if it cannot be read (a link,
    a folder in its place: never followed)."""
    path = event_path(folder)
    if not os.path.lexists(path):
        return None
    fd = open_regular(path, os.O_RDONLY)
    with os.fdopen(fd, "rb") as stream:
        data = stream.read(MAX_RECORD + 1)
    if len(data) > MAX_RECORD:
        raise OSError(0, say(EventProblem.OVER_SIZE, path=EVENT_FILE, limit=MAX_RECORD), str(path))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise OSError(0, say(EventProblem.NOT_UTF8, path=EVENT_FILE, at=error.start), str(path)) from None


def read_event(folder: str | Path) -> Event | None:
    """The folder's event, None if it has no event file; EventFileError (each problem one line),
    OSError if it cannot be read."""
    text = read_text(folder)
    return None if text is None else parse_event(text)


def event_file_name(folder: str | Path) -> str | None:
    """The name the folder's event file gives the event; None without a readable one (the file's
    problems are for the commands that use it to say: a page keeps working). The file is read
    again only when it changed, as a server asks at each request."""
    try:
        info = os.lstat(event_path(folder))
    except OSError:
        return None
    return _named(str(event_path(folder)), (info.st_ino, info.st_size, info.st_mtime_ns))


@functools.lru_cache(maxsize=16)
def _named(path: str, stamp: tuple[int, int, int]) -> str | None:
    """The event file's name at `path` as it was when it had that inode, size and modification time."""
    try:
        event = read_event(Path(path).parent)
    except (OSError, EventFileError):
        return None
    return event.name if event is not None else None


def parse_event(text: str, where: str = EVENT_FILE) -> Event:
    """The event of an event file's text; EventFileError listing every problem, one line each."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise EventFileError([say(EventProblem.TOML, path=where, written=str(error))]) from None
    problems = _Problems(where, text)
    event = _event(data, problems)
    if problems.lines:
        raise EventFileError(problems.lines)
    assert event is not None
    return event


class _Problems:
    """The problems found, each said once with the line of its key where it can be found."""

    def __init__(self, where: str, text: str) -> None:
        self.where, self.text = where, text.splitlines()
        self.lines: list[str] = []

    def add(self, problem: Said, key: str = "", after: str = "") -> None:
        """Say a problem, at the first line that starts with `key` (after the line that starts with
        `after`, when given: a player's key is looked for from their name on)."""
        start = next((number for number, written in enumerate(self.text) if written.lstrip().startswith(after)),
                     None) if after else 0
        line = next((number for number, written in enumerate(self.text[start:], start=start + 1)
                     if written.lstrip().startswith(key)), 0) if key and start is not None else 0
        self.lines.append(say(EventProblem.AT, path=f"{self.where}{f':{line}' if line else ''}", said=problem))


def _said(code: EventProblem, **params: Param) -> Said:
    return Said(code, **params)


def _text(data: Mapping[str, Any], key: str, problems: _Problems, where: Within, default: str = "") -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        problems.add(where(_said(EventProblem.NOT_TEXT, key=key, kind=_kind(value))), key)
        return default
    problem = text_problem(value) or line_break_problem(key, value) or tag_problem(key, value)
    if problem is not None:
        problems.add(where(_said(EventProblem.KEY, key=key, said=said_of(problem))), key)
        return default
    return value.strip()


def _number(data: Mapping[str, Any], key: str, problems: _Problems, where: Within, low: int = 1,
            high: int = MAX_ROUNDS, after: str = "") -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        problems.add(where(_said(EventProblem.NOT_A_NUMBER, key=key, written=repr(value), low=low, high=high)), key,
                     after)
        return None
    return value


def _name_line(name: str) -> str:
    """How a player's name line starts, as the commands write it."""
    return f'name = "{name}'


def _kind(value: object) -> Said:
    """What a TOML value is, in words."""
    return Said({bool: EventProblem.TRUE_OR_FALSE, int: EventProblem.A_NUMBER, float: EventProblem.A_NUMBER,
                 list: EventProblem.A_LIST, dict: EventProblem.A_TABLE}.get(type(value), EventProblem.A_DATE))


def _event(data: dict[str, Any], problems: _Problems) -> Event | None:
    for key in data:
        if key not in EVENT_KEYS:
            problems.add(_said(EventProblem.NOT_A_KEY, written=key, keys=list(EVENT_KEYS)), key)
    name = _text(data, "name", problems, _event_wide)
    if not name or name == "?":
        problems.add(_said(EventProblem.NO_NAME), "name")
    game = _text(data, "game", problems, _event_wide, "")
    try:
        rules = game_class(game)
        game = rules.name
    except ValueError as error:
        problems.add(_said(EventProblem.KEY, key="game", said=said_of(message_of(error))), "game")
        rules = None
    variant = _text(data, "variant", problems, _event_wide)
    if rules is not None and variant:
        try:
            rules(variant)
        except ValueError as error:
            problems.add(_said(EventProblem.KEY, key="variant", said=_reason(error)), "variant")
    pairing = data.get("pairing", "swiss")
    if pairing not in SYSTEMS:
        problems.add(_said(EventProblem.PAIRING, written=repr(pairing), systems=list(SYSTEMS)), "pairing")
        pairing = "swiss"
    rounds = _number(data, "rounds", problems, _event_wide)
    if pairing == "swiss" and rounds is None and "rounds" not in data:
        problems.add(_said(EventProblem.SWISS_ROUNDS), "rounds")
    dates = data.get("dates", [])
    if not isinstance(dates, list) or not all(isinstance(date, str) for date in dates):
        problems.add(_said(EventProblem.DATES), "dates")
        dates = []
    for date in dates:
        if (problem := date_problem(date)) is not None:
            problems.add(_said(EventProblem.KEY, key="dates", said=said_of(problem)), "dates")
    tie_breaks = data.get("tie_breaks", [])
    if not isinstance(tie_breaks, list) or not all(isinstance(name, str) and name.strip() for name in tie_breaks):
        problems.add(_said(EventProblem.TIE_BREAKS), "tie_breaks")
        tie_breaks = []
    elif len(set(tie_breaks)) != len(tie_breaks):
        problems.add(_said(EventProblem.TIE_BREAK_TWICE), "tie_breaks")
    points = None
    if "points" in data:
        try:
            points = Scoring.parse(str(data["points"]))
        except ValueError as error:
            problems.add(_said(EventProblem.KEY, key="points", said=said_of(message_of(error))), "points")
    bye_points = None
    if "bye_points" in data:
        value = data["bye_points"]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1000:
            problems.add(_said(EventProblem.BYE_POINTS, written=repr(value)), "bye_points")
        else:
            bye_points = Fraction(str(value))
    requested = data.get("requested_bye", "draw")
    if requested not in REQUESTED_BYES:
        problems.add(_said(EventProblem.REQUESTED_BYE, written=repr(requested), choices=list(REQUESTED_BYES)),
                     "requested_bye")
        requested = "draw"
    apart = data.get("same_club_apart", False)
    if not isinstance(apart, bool):
        problems.add(_said(EventProblem.SAME_CLUB_APART), "same_club_apart")
        apart = False
    players = _players(data.get("player", []), problems)
    known = {player_key(player.name) for player in players}
    forbidden = _forbidden(data.get("forbidden", []), known, problems)
    event = Event(name, game, rounds or 0, pairing, _text(data, "site", problems, _event_wide, "?") or "?", tuple(dates),
                  variant, tuple(tie_breaks), points, bye_points, requested, apart, forbidden, players)
    _check_players(event, problems)
    event.paired = _rounds(data.get("round", []), event, known, problems)
    return event


def _players(value: object, problems: _Problems) -> list[Player]:
    if not isinstance(value, list):
        problems.add(_said(EventProblem.PLAYERS), "player")
        return []
    players: list[Player] = []
    seen: dict[str, int] = {}  # each name's key, to its entry
    for index, entry in enumerate(value, start=1):
        where = _player_number(index)
        if not isinstance(entry, dict):
            problems.add(where(_said(EventProblem.PLAYER_NOT_A_TABLE)), "player")
            continue
        for key in entry:
            if key not in PLAYER_KEYS:
                problems.add(where(_said(EventProblem.NOT_A_PLAYER_KEY, written=key, keys=list(PLAYER_KEYS))), key)
        name = _text(entry, "name", problems, where)
        if not name or name == "?":
            problems.add(where(_said(EventProblem.NO_PLAYER_NAME)), "[[player]]")
            continue
        where, anchor = _player(name), _name_line(name)
        if (first := seen.get(player_key(name))) is not None:
            problems.add(where(_said(EventProblem.SAME_NAME, number=first, written=players[first - 1].name)), anchor)
            continue
        rating = _number(entry, "rating", problems, where, 0, 4000, anchor)
        joins = _number(entry, "joins", problems, where, after=anchor) or 1
        withdrawn = _number(entry, "withdrawn", problems, where, after=anchor)
        byes = entry.get("byes", [])
        if not isinstance(byes, list) or not all(isinstance(round_, int) and not isinstance(round_, bool)
                                                  and 1 <= round_ <= MAX_ROUNDS for round_ in byes):
            problems.add(where(_said(EventProblem.BYES)), "byes", anchor)
            byes = []
        if withdrawn is not None and withdrawn < joins:
            problems.add(where(_said(EventProblem.WITHDRAWN_BEFORE, withdrawn=withdrawn, joins=joins)), "withdrawn", anchor)
        seen[player_key(name)] = len(players) + 1
        players.append(Player(name, _text(entry, "club", problems, where), rating, _text(entry, "id", problems, where),
                              joins, withdrawn, tuple(sorted(set(byes)))))
    return players


def _forbidden(value: object, known: set[str], problems: _Problems) -> tuple[tuple[str, str], ...]:
    shape = _said(EventProblem.FORBIDDEN)
    if not isinstance(value, list):
        problems.add(shape, "forbidden")
        return ()
    pairs = []
    for pair in value:
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(name, str) for name in pair)):
            problems.add(shape, "forbidden")
            continue
        unknown = [name for name in pair if player_key(name) not in known]
        if unknown:
            problems.add(_said(EventProblem.FORBIDDEN_UNKNOWN, written=unknown[0]), "forbidden")
        elif player_key(pair[0]) == player_key(pair[1]):
            problems.add(_said(EventProblem.FORBIDDEN_SELF, written=pair[0]), "forbidden")
        else:
            pairs.append((pair[0], pair[1]))
    return tuple(pairs)


def _check_players(event: Event, problems: _Problems) -> None:
    """What a player asks for that the event cannot give: rounds it does not have, byes in a round robin."""
    if event.pairing == "swiss":
        for player in event.players:
            late = [round_ for round_ in (player.joins, player.withdrawn, *player.byes)
                    if round_ is not None and round_ > event.rounds + (round_ == player.withdrawn)]
            if late:
                problems.add(_player(player.name)(_said(EventProblem.NOT_A_ROUND, number=late[0], rounds=event.rounds)),
                             _name_line(player.name))
        return
    if event.rounds and event.players and event.rounds != event.total_rounds():
        problems.add(_said(EventProblem.ROUNDS, rounds=event.rounds, written=event.pairing, count=len(event.players),
                           total=event.total_rounds()), "rounds")
    if event.forbidden or event.same_club_apart:
        problems.add(_said(EventProblem.ROUND_ROBIN_APART), "forbidden" if event.forbidden else "same_club_apart")
    for player in event.players:
        if player.joins != 1 or player.byes:
            problems.add(_player(player.name)(_said(EventProblem.ROUND_ROBIN_LATE)), _name_line(player.name))


def _rounds(value: object, event: Event, known: set[str], problems: _Problems) -> list[PairedRound]:
    if not isinstance(value, list):
        problems.add(_said(EventProblem.ROUNDS_LIST), "round")
        return []
    paired: list[PairedRound] = []
    for index, entry in enumerate(value, start=1):
        where = _round(index)
        if not isinstance(entry, dict):
            problems.add(where(_said(EventProblem.NOT_A_TABLE)), "[[round]]")
            continue
        for key in entry:
            if key not in ROUND_KEYS:
                problems.add(where(_said(EventProblem.NOT_A_ROUND_KEY, written=key, keys=list(ROUND_KEYS))), key)
        if entry.get("number") != index:
            problems.add(_said(EventProblem.ROUND_ORDER, number=index, written=repr(entry.get("number"))), "number")
            return paired
        boards = []
        for board in entry.get("boards", []) if isinstance(entry.get("boards", []), list) else [None]:
            if not isinstance(board, dict) or not {"first", "second"} <= set(board) or set(board) - set(BOARD_KEYS) \
                    or not all(isinstance(board[key], str) for key in board):
                problems.add(where(_said(EventProblem.BOARD)), "boards")
                continue
            forfeit = board.get("forfeit", "")
            if forfeit and (forfeit not in RESULTS or forfeit == "*"):
                problems.add(where(_said(EventProblem.FORFEIT, written=forfeit)), "forfeit")
                forfeit = ""
            boards.append(Board(board["first"], board["second"], forfeit))
        bye = entry.get("bye", "")
        if not isinstance(bye, str):
            problems.add(where(_said(EventProblem.BYE)), "bye")
            bye = ""
        paired.append(PairedRound(index, tuple(boards), bye))
        _check_round(paired[-1], event, known, problems)
    return paired


def _check_round(paired: PairedRound, event: Event, known: set[str], problems: _Problems) -> None:
    """A paired round names each player who plays it once, and only them (a player who withdrew from a
    round robin keeps their boards, given as forfeits)."""
    where = _round(paired.number)
    named = [(name, bool(board.forfeit)) for board in paired.boards for name in (board.first, board.second)]
    seen: set[str] = set()
    for name, forfeit in named + ([(paired.bye, False)] if paired.bye else []):
        key = player_key(name)
        if key not in known:
            problems.add(where(_said(EventProblem.NOT_IN_EVENT, written=name)), f"{{ first = \"{name}")
        elif key in seen:
            problems.add(where(_said(EventProblem.PAIRED_TWICE, written=name)), "boards")
        elif not forfeit and not event.player(name).plays(paired.number):
            problems.add(where(_said(EventProblem.NOT_PLAYING, written=name, number=paired.number)), "boards")
        seen.add(key)
    missing = [player.name for player in event.players if player.plays(paired.number)
               and player_key(player.name) not in seen]
    if missing:
        problems.add(where(_said(EventProblem.NOT_PAIRED, written=missing[0])), "boards")


def _player_number(index: int) -> Within:
    return lambda said: Said(EventProblem.PLAYER_NUMBER, number=index, said=said)


def _player(name: str) -> Within:
    return lambda said: Said(EventProblem.PLAYER, written=name, said=said)


def _round(number: int) -> Within:
    return lambda said: Said(EventProblem.ROUND, number=number, said=said)


def _reason(error: Exception) -> Param:
    """A game's reason for refusing a variant: its code when it keeps one."""
    refusal = getattr(error, "refusal", None)
    return refusal if isinstance(refusal, Said) else said_of(message_of(error))
