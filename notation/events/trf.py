"""The FIDE tournament report file (TRF-16) written from a tournament's rounds and read back
into them (docs/tournaments.md#the-fide-report-file-trf).

A TRF is lines of text, each starting with a three-character code: 012 the tournament's
name, 022 the city, 032 the federation, 042 and 052 the first and last dates, 062 and 072 the
numbers of players and of rated players, 092 the type, 102 and 112 the arbiters, 122 the time
control; XXR (a TRF-2016 extension) the rounds planned, and XXS the points of each result
when they are not chess's. Each player is a 001 line of fixed columns, 1-based:

    5-8 starting number, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 federation,
    58-68 id, 70-79 birth date, 81-84 points, 86-89 rank, then ten columns per round from 92:
    the opponent's starting number (4 columns, 0000 for none), a space, the colour (w, b or -),
    a space, the result.

The first side is written w and the second b. Results with an opponent: 1 = 0 (W D L for a
game not rated), + and - a forfeit won and lost, blank for a game not finished; without
one: U the pairing's bye, F H Z a bye of a win's, a draw's or no points (+ = - are read as
F H Z, as older files write them). The file holds no board numbers: reading numbers each
round's boards by the lower starting number of the two players.

Reading checks every column and every game against the opponent's line, and refuses a bad
line with its number rather than reading a 0 where the file holds something else: the reason
this module is not caissify-pairings' TRF reader, which turns an unreadable rating or points
into 0, skips a round it cannot read, numbers lines without the blank ones, and writes a
name holding a line break as two lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from .rounds import Absence, Entrant, Pairing, Rounds, Unplayed
from .standings import DEFAULT, Points, Scoring
from .tiebreaks import DEFAULT_ORDER, TieBreakError, check_rounds, rank, rounds_of, score
from ..problems import Saying, message_of, say
from ..worded import Worded

NAME_WIDTH, ROUNDS_FROM, ROUND_WIDTH = 33, 91, 10
CODE = re.compile(r"[0-9A-Z]{3}")
NUMBER = re.compile(r" *[0-9]+")
DECIMAL = re.compile(r"-?[0-9]{1,6}(?:\.[0-9]{1,6})?")
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
HEADER_CODES = {"012": "name", "022": "city", "032": "federation", "042": "start", "052": "end", "092": "kind",
                "102": "chief_arbiter", "122": "time_control"}
DERIVED_CODES = ("062", "072")  # written from the players, checked as numbers when read
BYES = {"U": Unplayed.PAIRING_BYE, "F": Unplayed.FULL_BYE, "H": Unplayed.HALF_BYE, "Z": Unplayed.ZERO_BYE,
        " ": Unplayed.ZERO_BYE, "+": Unplayed.FULL_BYE, "=": Unplayed.HALF_BYE, "-": Unplayed.ZERO_BYE}
PLAYED = {"1": "won", "W": "won", "=": "drawn", "D": "drawn", "0": "lost", "L": "lost"}
FORFEITS = {"+": "won", "-": "lost"}


class TrfProblem(Worded):
    """Why a FIDE report file is not read, or an event not written as one, by its code
    (docs/tournaments.md), said in the command's language (docs/languages.md#the-command-line); what
    the file wrote is given as written."""

    LINE = "line", "line {number}: {said}"
    # writing
    CONTROL_IN = "control-in", "{what} {written!r} holds a control character or a line break, which a TRF line cannot"
    A_COLUMN = "a-column", "a player's column"
    THE_NAME = "the-name", "the name"
    A_LINE = "a-line", "a line"
    HEADER = "header", "{written}"
    NOT_DECIMAL = "not-decimal", "{written} is not a decimal a TRF can write"
    POINTS_WIDE = "points-wide", "{written} points do not fit the four columns of a TRF"
    FORFEIT_RESULT = "forfeit-result", "round {round}, board {board}: a forfeit needs a result"
    FORFEIT_DRAWN = "forfeit-drawn", "round {round}, board {board}: a forfeit drawn has no TRF result"
    NUMBER_WIDE = "number-wide", "starting number {player} does not fit the four columns of a TRF"
    RATING_WIDE = "rating-wide", "player {player}'s rating {rating} does not fit the four columns of a TRF"
    # what a report file leaves out (`left_out`)
    CLUB_LEFT = "club-left", "player {player}'s club {written!r} (a TRF has no club column)"
    ID_LEFT = "id-left", "player {player}'s id {written!r} (a TRF id is a number of at most 11 digits)"
    NAME_CUT = "name-cut", "the end of player {player}'s name {written!r} (a TRF name has {count} columns)"
    # importing into an event folder (notation/events/event_trf.py)
    SCORES = "scores", "the report file scores {scores}, {game} {points}: an event file scores as its game does"
    BYE_WORTH = "bye-worth", "its pairing bye is worth {written}, an event's {points}"
    PAIRING_BYES = "pairing-byes", "round {round} gives {count} pairing byes: an event pairs one at most"
    BYES_DIFFER = "byes-differ", "its byes asked for are worth different points ({kinds:join ,}): an event file " \
        "scores them all alike"
    # reading
    NOT_A_NUMBER = "not-a-number", "{what} {written!r} is not a number"
    STARTING_NUMBER = "starting-number", "the starting number"
    RATING = "rating", "the rating"
    RANK = "rank", "the rank"
    OPPONENT = "opponent", "round {round}'s opponent"
    COUNT = "count", "the count of line {written}"
    ROUNDS = "rounds", "the number of rounds (XXR)"
    NOT_KEY_POINTS = "not-key-points", "XXS {written!r} is not KEY=POINTS"
    DIFFERENT_POINTS = "different-points", "XXS gives a {what} different points ({points:join ,}): a side or a " \
        "forfeit scoring apart is not supported"
    WIN = "win", "win"
    DRAW = "draw", "draw"
    LOSS = "loss", "loss"
    ZERO_BYE = "zero-bye", "XXS gives a zero-point bye points"
    UNKNOWN_KEY = "unknown-key", "XXS key {written} is not one of {keys:join ,}"
    SPACE_AFTER_CODE = "space-after-code", "a 001 line has a space after its code"
    NO_STARTING_NUMBER = "no-starting-number", "a player line needs a starting number from 1 (columns 5-8)"
    NO_NAME = "no-name", "player {player} has no name (columns 15-47)"
    ID = "id", "the id {written!r} is not a number (columns 58-68)"
    POINTS = "points", "the points {written!r} are not a number (columns 81-84)"
    BLANK = "blank", "columns 90-91 are blank before the rounds"
    ROUND_COLUMNS = "round-columns", "round {round} of player {player} is not in its columns ({first}-{last}): {written!r}"
    MEETS = "meets", "round {round}: player {player} meets {opponent}"
    GIVES = "gives", "{said}, but player {opponent}'s line gives {gives} for that round"
    NOTHING = "nothing", "nothing"
    PLAYER = "player", "player {player}"
    NONE = "none", "player none"
    COLOURS = "colours", "{said}: the colours are {first!r} and {second!r}, not w and b"
    RESULTS = "results", "{said}: the results {first!r} and {second!r} do not match"
    CONTROL = "control", "a TRF line holds no tab or control character (columns are spaces)"
    NO_CODE = "no-code", "{written!r} does not start with a three-character code and a space"
    NUMBER_TWICE = "number-twice", "starting number {player} is already on line {line}"
    POINTS_DIFFER = "points-differ", "player {player}'s points {written} are not the {points} their rounds give with " \
        "{win} / {draw} / {loss} points and a pairing bye of {bye} (an XXS line gives other points)"
    NOT_A_BYE = "not-a-bye", "round {round} of player {player} has no opponent: colour {first!r} and result " \
        "{second!r} are not a bye"
    THEMSELVES = "themselves", "round {round}: player {player} cannot meet themselves"
    NO_LINE = "no-line", "round {round}: player {player}'s opponent {opponent} has no line"
    NOT_A_GAME = "not-a-game", "round {round} of player {player}: colour {first!r} and result {second!r} are not a " \
        "game's (w or b; 1 = 0 W D L + - or blank)"


WHAT_POINTS = {"win": TrfProblem.WIN, "draw": TrfProblem.DRAW, "loss": TrfProblem.LOSS}


class TrfError(ValueError):
    """A report file that cannot be read (the message starts with its line number), or rounds
    that cannot be written as one."""


@dataclass(frozen=True)
class Columns:
    """What a 001 line says of a player that a `Rounds` does not keep: kept to be written back."""

    sex: str = ""
    title: str = ""
    federation: str = ""
    birth: str = ""


@dataclass
class Report:
    """A report file: the tournament's header lines, its rounds, and what the file holds beside."""

    rounds: Rounds
    name: str = ""
    city: str = ""
    federation: str = ""
    start: str = ""
    end: str = ""
    kind: str = ""  # 092: the type of tournament ("Swiss Dutch", "Round robin", ...)
    chief_arbiter: str = ""
    deputies: tuple[str, ...] = ()  # 112, one line each
    time_control: str = ""
    planned_rounds: int | None = None  # XXR
    columns: dict[int, Columns] = field(default_factory=dict)  # by starting number
    other_lines: tuple[str, ...] = ()  # lines of codes not read here (132, 013, XXC...), written back as they were

    @property
    def round_robin(self) -> bool:
        """Whether the type (092) says a round robin ("Round robin", "Berger", "RR")."""
        kind = self.kind.lower()
        return "robin" in kind or "berger" in kind or re.search(r"\brr\b", kind) is not None


# --- writing ---------------------------------------------------------------------------


def _plain(text: str, what: Saying) -> str:
    if CONTROL.search(text):
        raise TrfError(say(TrfProblem.CONTROL_IN, what=what.said, written=text))
    return text


def _decimal(value: Points) -> str:
    """A terminating decimal as few digits as it needs (3, 0.5, 2.25)."""
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.6f}".rstrip("0")
    if Fraction(text) != value:
        raise TrfError(say(TrfProblem.NOT_DECIMAL, written=str(value)))
    return text


def _points_column(value: Points) -> str:
    text = _decimal(value)
    if "." not in text and len(text) <= 2:
        text += ".0"
    if len(text) > 4:
        raise TrfError(say(TrfProblem.POINTS_WIDE, written=_decimal(value)))
    return text.rjust(4)


def _scoring_line(rounds: Rounds) -> str | None:
    """XXS with each result's points (JaVaFo's keys), when they are not chess's 1 / ½ / 0 and a bye of 1."""
    s = rounds.scoring
    if s == DEFAULT and rounds.bye_points == 1:
        return None
    values = {"WW": s.win, "BW": s.win, "WD": s.draw, "BD": s.draw, "WL": s.loss, "BL": s.loss, "ZPB": Fraction(0),
              "HPB": s.draw, "FPB": s.win, "PAB": rounds.bye_points, "FW": s.win, "FL": s.loss}
    return "XXS " + " ".join(f"{key}={_decimal(value)}" for key, value in values.items())


def _block(rounds: Rounds, player: int, round_number: int, games: dict[tuple[int, int], Pairing],
           absences: dict[tuple[int, int], Absence]) -> str:
    if (absence := absences.get((round_number, player))) is not None:
        return f"0000 - {absence.why.value}  "
    game = games.get((round_number, player))
    if game is None:
        return " " * ROUND_WIDTH
    first = game.first == player
    opponent = game.second if first else game.first
    if game.result == "*":
        if game.forfeit:
            raise TrfError(say(TrfProblem.FORFEIT_RESULT, round=game.round, board=game.board))
        mark = " "
    else:
        winner = {"1-0": 0, "0-1": 1, "1/2-1/2": None}[game.result]
        if winner is None:
            if game.forfeit:
                raise TrfError(say(TrfProblem.FORFEIT_DRAWN, round=game.round, board=game.board))
            mark = "="
        else:
            won = winner == (0 if first else 1)
            mark = ("+" if won else "-") if game.forfeit else ("1" if won else "0")
    return f"{opponent:>4} {'w' if first else 'b'} {mark}  "


def left_out(rounds: Rounds) -> list[str]:
    """What the TRF of these rounds cannot hold, one sentence each: clubs, ids that are not
    numbers of at most 11 digits, names longer than the name's 33 columns (cut)."""
    notes: list[str] = []
    for entrant in rounds.entrants:
        if entrant.club:
            notes.append(say(TrfProblem.CLUB_LEFT, player=entrant.number, written=entrant.club))
        if entrant.id and not (entrant.id.isdigit() and entrant.id.isascii() and len(entrant.id) <= 11):
            notes.append(say(TrfProblem.ID_LEFT, player=entrant.number, written=entrant.id))
        if len(entrant.name) > NAME_WIDTH:
            notes.append(say(TrfProblem.NAME_CUT, player=entrant.number, written=entrant.name, count=NAME_WIDTH))
    return notes


def _player_line(entrant: Entrant, columns: Columns, points: Points, place: int, blocks: str) -> str:
    line = [" "] * ROUNDS_FROM
    if not 1 <= entrant.number <= 9999:
        raise TrfError(say(TrfProblem.NUMBER_WIDE, player=entrant.number))
    if entrant.rating is not None and not 0 < entrant.rating <= 9999:
        raise TrfError(say(TrfProblem.RATING_WIDE, player=entrant.number, rating=str(entrant.rating)))
    number_id = entrant.id if entrant.id.isdigit() and entrant.id.isascii() and len(entrant.id) <= 11 else ""

    def put(start: int, text: str, width: int, right: bool = False) -> None:
        text = _plain(text, say(TrfProblem.A_COLUMN))[:width]
        line[start:start + width] = text.rjust(width) if right else text.ljust(width)

    put(0, "001", 3)
    put(4, str(entrant.number), 4, right=True)
    put(9, columns.sex, 1)
    put(10, columns.title, 3, right=True)
    put(14, _plain(entrant.name, say(TrfProblem.THE_NAME)), NAME_WIDTH)
    put(48, "" if entrant.rating is None else str(entrant.rating), 4, right=True)
    put(53, columns.federation, 3)
    put(57, number_id, 11, right=True)
    put(69, columns.birth, 10)
    put(80, _points_column(points), 4)
    put(85, str(place), 4, right=True)
    return ("".join(line) + blocks).rstrip()


def write(report: Report, order: tuple[str, ...] = DEFAULT_ORDER) -> str:
    """The report file's text; its players' ranks by `order`. TrfError for what no TRF can
    hold (a line break in a name, a rating of five digits, a forfeit drawn); what is left
    out or cut instead is listed by `left_out`."""
    rounds = report.rounds
    try:
        check_rounds(rounds)
        ranking = rank(rounds, order, report.round_robin)
    except TieBreakError as error:
        raise TrfError(message_of(error)) from None
    places = {row.entrant.number: row.rank for row in ranking.rows}
    games = {(game.round, player): game for game in rounds.games for player in (game.first, game.second)}
    absences = {(absence.round, absence.player): absence for absence in rounds.absences}
    last = rounds.played_rounds()
    counts = {"062": len(rounds.entrants), "072": sum(entrant.rating is not None for entrant in rounds.entrants)}
    lines = []
    for code in sorted([*HEADER_CODES, *counts, "112"]):
        if code in counts:
            lines.append(f"{code} {counts[code]}")
        elif code == "112":
            lines += [f"112 {_plain(deputy, say(TrfProblem.HEADER, written='112'))}" for deputy in report.deputies]
        elif value := getattr(report, HEADER_CODES[code]):
            lines.append(f"{code} {_plain(value, say(TrfProblem.HEADER, written=code))}")
    if report.planned_rounds is not None:
        lines.append(f"XXR {report.planned_rounds}")
    if (scoring := _scoring_line(rounds)) is not None:
        lines.append(scoring)
    lines += [_plain(line, say(TrfProblem.A_LINE)) for line in report.other_lines]
    all_rounds = rounds_of(rounds)
    for entrant in sorted(rounds.entrants, key=lambda entrant: entrant.number):
        blocks = "".join(_block(rounds, entrant.number, number, games, absences) for number in range(1, last + 1))
        lines.append(_player_line(entrant, report.columns.get(entrant.number, Columns()),
                                  score(all_rounds[entrant.number]), places[entrant.number], blocks))
    return "\n".join(lines) + "\n"


# --- reading ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Block:
    line: int
    player: int
    round: int
    opponent: int  # 0: none
    colour: str
    result: str


def _refuse(number: int, message: Saying) -> TrfError:
    return TrfError(say(TrfProblem.LINE, number=number, said=message.said))


def _integer(text: str, number: int, what: Saying) -> int | None:
    """A right-aligned number, None when blank."""
    if not text.strip():
        return None
    if not NUMBER.fullmatch(text.rstrip()):
        raise _refuse(number, say(TrfProblem.NOT_A_NUMBER, what=what.said, written=text.strip()))
    return int(text)


def _scoring(text: str, number: int) -> tuple[Scoring, Points]:
    """The event's scoring and pairing bye's points from an XXS line."""
    values: dict[str, Points] = {}
    for item in text.split():
        key, _, value = item.partition("=")
        if not DECIMAL.fullmatch(value):
            raise _refuse(number, say(TrfProblem.NOT_KEY_POINTS, written=item))
        values[key.upper()] = Fraction(value)
    pairs = {"win": ("W", "WW", "BW", "FW", "FPB"), "draw": ("D", "WD", "BD", "HPB"), "loss": ("L", "WL", "BL", "FL")}
    found: dict[str, Points] = {}
    for what, keys in pairs.items():
        given = {values[key] for key in keys if key in values}
        if len(given) > 1:
            raise _refuse(number, say(TrfProblem.DIFFERENT_POINTS, what=say(WHAT_POINTS[what]).said,
                                      points=[str(points) for points in sorted(given)]))
        found[what] = given.pop() if given else getattr(DEFAULT, what)
    if values.get("ZPB", Fraction(0)) != 0:
        raise _refuse(number, say(TrfProblem.ZERO_BYE))
    known = {key for keys in pairs.values() for key in keys} | {"ZPB", "PAB"}
    if unknown := sorted(set(values) - known):
        raise _refuse(number, say(TrfProblem.UNKNOWN_KEY, written=unknown[0], keys=sorted(known)))
    return Scoring(found["win"], found["draw"], found["loss"]), values.get("PAB", found["win"])


def _player(line: str, number: int) -> tuple[Entrant, Columns, list[_Block], Points | None]:
    padded = line.ljust(ROUNDS_FROM)
    if padded[3] != " ":
        raise _refuse(number, say(TrfProblem.SPACE_AFTER_CODE))
    start = _integer(padded[4:8], number, say(TrfProblem.STARTING_NUMBER))
    if start is None or start < 1:
        raise _refuse(number, say(TrfProblem.NO_STARTING_NUMBER))
    name = padded[14:47].strip()
    if not name:
        raise _refuse(number, say(TrfProblem.NO_NAME, player=start))
    rating = _integer(padded[48:52], number, say(TrfProblem.RATING))
    identity = padded[57:68].strip()
    if identity and not identity.isdigit():
        raise _refuse(number, say(TrfProblem.ID, written=identity))
    points = padded[80:84].strip()
    if points and not DECIMAL.fullmatch(points):
        raise _refuse(number, say(TrfProblem.POINTS, written=points))
    _integer(padded[85:89], number, say(TrfProblem.RANK))
    if padded[89:91].strip():
        raise _refuse(number, say(TrfProblem.BLANK))
    entrant = Entrant(start, name, rating or None, id="" if identity.strip("0") == "" else identity)
    columns = Columns(padded[9].strip(), padded[10:13].strip(), padded[53:56].strip(), padded[69:79].strip())
    blocks = []
    rest = line[ROUNDS_FROM:]
    for index in range(0, len(rest), ROUND_WIDTH):
        text = rest[index:index + ROUND_WIDTH].ljust(ROUND_WIDTH)
        round_number = index // ROUND_WIDTH + 1
        if not text.strip():
            continue
        if text[4] != " " or text[6] != " " or text[8:].strip():
            raise _refuse(number, say(TrfProblem.ROUND_COLUMNS, round=round_number, player=start,
                                      first=ROUNDS_FROM + index + 1, last=ROUNDS_FROM + index + 8, written=text.rstrip()))
        opponent = _integer(text[:4], number, say(TrfProblem.OPPONENT, round=round_number)) or 0
        blocks.append(_Block(number, start, round_number, opponent, text[5].lower(), text[7]))
    return entrant, columns, blocks, Fraction(points) if points else None


def _checked_game(block: _Block, other: _Block | None) -> tuple[str, bool] | None:
    """The game's result (first side first) and whether it was forfeited, from the two players'
    blocks; None for a double forfeit (read as two zero-point byes)."""
    where = say(TrfProblem.MEETS, round=block.round, player=block.player, opponent=block.opponent).said
    if other is None or other.opponent != block.player:
        gives = say(TrfProblem.NOTHING if other is None else TrfProblem.PLAYER if other.opponent else TrfProblem.NONE,
                    player=other.opponent if other is not None else 0).said
        raise _refuse(block.line, say(TrfProblem.GIVES, said=where, opponent=block.opponent, gives=gives))
    if {block.colour, other.colour} != {"w", "b"}:
        raise _refuse(other.line, say(TrfProblem.COLOURS, said=where, first=block.colour, second=other.colour))
    marks = block.result + other.result
    if marks == "--":
        return None
    outcomes = {"won": 0, "lost": 1, "drawn": None}
    kinds = [PLAYED.get(block.result), PLAYED.get(other.result)]
    forfeits = [FORFEITS.get(block.result), FORFEITS.get(other.result)]
    if marks == "  ":
        outcome, forfeit = "*", False
    elif None not in kinds and sorted(map(str, kinds)) in (["lost", "won"], ["drawn", "drawn"]):
        outcome, forfeit = str(kinds[0]), False
    elif None not in forfeits and sorted(map(str, forfeits)) == ["lost", "won"]:
        outcome, forfeit = str(forfeits[0]), True
    else:
        raise _refuse(other.line, say(TrfProblem.RESULTS, said=where, first=block.result, second=other.result))
    if outcome == "*":
        return "*", False
    winner = outcomes[outcome]  # as seen by `block`'s player
    first_won = None if winner is None else (winner == 0) == (block.colour == "w")
    return ("1/2-1/2" if first_won is None else "1-0" if first_won else "0-1"), forfeit


def read(text: str) -> Report:
    """A report file's text as a `Report`; TrfError naming the first bad line."""
    report = Report(Rounds([]))
    entrants: list[Entrant] = []
    blocks: dict[tuple[int, int], _Block] = {}
    lines_of: dict[int, int] = {}
    written: dict[int, Points] = {}
    other: list[str] = []
    deputies: list[str] = []
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1):
        if not line.strip():
            continue
        if "\t" in line or CONTROL.search(line):
            raise _refuse(number, say(TrfProblem.CONTROL))
        code, content = line[:3], line[4:]
        if not CODE.fullmatch(code) or (len(line) > 3 and line[3] != " "):
            raise _refuse(number, say(TrfProblem.NO_CODE, written=line[:20]))
        if code == "001":
            entrant, columns, found, points = _player(line, number)
            if points is not None:
                written[entrant.number] = points
            if entrant.number in lines_of:
                raise _refuse(number, say(TrfProblem.NUMBER_TWICE, player=entrant.number, line=lines_of[entrant.number]))
            lines_of[entrant.number] = number
            entrants.append(entrant)
            if columns != Columns():
                report.columns[entrant.number] = columns
            blocks.update(((block.player, block.round), block) for block in found)
        elif code in HEADER_CODES:
            setattr(report, HEADER_CODES[code], content.strip())
        elif code == "112":
            deputies.append(content.strip())
        elif code in DERIVED_CODES:
            _integer(content, number, say(TrfProblem.COUNT, written=code))
        elif code == "XXR":
            report.planned_rounds = _integer(content, number, say(TrfProblem.ROUNDS))
        elif code == "XXS":
            report.rounds.scoring, report.rounds.bye_points = _scoring(content, number)
        else:
            other.append(line.rstrip())
    report.deputies, report.other_lines = tuple(deputies), tuple(other)
    report.rounds.entrants = sorted(entrants, key=lambda entrant: entrant.number)
    _rounds_from(blocks, report.rounds, lines_of)
    _check_points(report.rounds, written, lines_of)
    return report


def _check_points(rounds: Rounds, written: dict[int, Points], lines_of: dict[int, int]) -> None:
    """Each points column against the points the player's rounds give in the file's scoring:
    a file scored otherwise without saying so (XXS) is refused rather than misread."""
    for player, played in rounds_of(rounds).items():
        if player in written and written[player] != score(played):
            s = rounds.scoring
            raise _refuse(lines_of[player], say(TrfProblem.POINTS_DIFFER, player=player, written=_decimal(written[player]),
                                                points=_decimal(score(played)), win=_decimal(s.win),
                                                draw=_decimal(s.draw), loss=_decimal(s.loss),
                                                bye=_decimal(rounds.bye_points)))


def _rounds_from(blocks: dict[tuple[int, int], _Block], rounds: Rounds, lines_of: dict[int, int]) -> None:
    """The games and absences of the blocks, each game checked against its opponent's block."""
    games: dict[int, list[tuple[int, int, str, bool]]] = {}
    for (player, round_number), block in sorted(blocks.items()):
        if block.opponent == 0:
            if block.colour not in "- " or block.result not in BYES:
                raise _refuse(block.line, say(TrfProblem.NOT_A_BYE, round=round_number, player=player,
                                              first=block.colour, second=block.result))
            rounds.absences.append(Absence(round_number, player, BYES[block.result]))
            continue
        if block.opponent == player:
            raise _refuse(block.line, say(TrfProblem.THEMSELVES, round=round_number, player=player))
        if block.opponent not in lines_of:
            raise _refuse(block.line, say(TrfProblem.NO_LINE, round=round_number, player=player, opponent=block.opponent))
        if block.colour not in "wb" or (block.result not in PLAYED and block.result not in FORFEITS
                                        and block.result != " "):
            raise _refuse(block.line, say(TrfProblem.NOT_A_GAME, round=round_number, player=player, first=block.colour,
                                          second=block.result))
        if player > block.opponent:
            continue  # checked from the lower starting number's block
        result = _checked_game(block, blocks.get((block.opponent, round_number)))
        if result is None:
            rounds.absences += [Absence(round_number, player, Unplayed.ZERO_BYE),
                                Absence(round_number, block.opponent, Unplayed.ZERO_BYE)]
            continue
        first, second = (player, block.opponent) if block.colour == "w" else (block.opponent, player)
        games.setdefault(round_number, []).append((first, second, *result))
    for round_number, found in sorted(games.items()):
        ordered = sorted(found, key=lambda game: min(game[0], game[1]))
        rounds.games += [Pairing(round_number, board, first, second, result, forfeit)
                         for board, (first, second, result, forfeit) in enumerate(ordered, 1)]
    rounds.absences.sort(key=lambda absence: (absence.round, absence.player))
