"""The conditions of a search of an archive, each built from the text a user types:
tags, players, result, game, length, opening turns, positions reached, cells, comments
and NAGs (docs/archive.md).

A condition on tags looks at the tags alone, whatever the turns hold. Every other
condition reads the turns (`needs_turns`): it is tested on a record read and replayed
(notation/archive/query.py). A builder says what is wrong with the text it is given (ValueError).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Callable, Iterator, Sequence

from ..games.base import Position, SomeGame
from ..games.plugins import built_ins, display_name, plugin_for, plugins
from ..limits import shorten
from ..model import GLYPHS, RESULTS, Node, Record
from ..problems import message_of, said_of, say
from ..worded import Worded
from ..walk import STOP, Step, Stop, Visitor, accept
from .ratings import Ratings, rated_game

RANGE = re.compile(r"(?P<low>[^.]*(?:\.(?!\.)[^.]*)*)\.\.(?P<high>.*)")  # LOW..HIGH, either side may be empty
DATE = re.compile(r"[0-9?]{4}(?:\.[0-9?]{2}(?:\.[0-9?]{2})?)?")


class ConditionProblem(Worded):
    """Why a text is no condition (`filter --where` and its options, docs/archive.md), by its code, said
    in the command's language (docs/languages.md#the-command-line); what the user typed is given as
    typed."""

    NOT_TAG = "not-tag", "{written} is not NAME=VALUE or NAME~TEXT"
    NO_END = "no-end", "{written}: give at least one end of the {what} range (LOW..HIGH)"
    NOT_DATE = "not-date", "{written} is not a date YYYY.MM.DD (month and day may be left out)"
    NOT_WHOLE = "not-whole", "{written} is not a whole number of {what}"
    NO_PLAYER = "no-player", "give a player's name (or part of it)"
    NOT_RESULT = "not-result", "{written} is not a result ({results:join ,})"
    NOT_NAG = "not-nag", "{written} is not a NAG ($0 to $255, or ! ? !! ?? !? ?!)"
    NO_OPENING = "no-opening", 'give the opening\'s turns, e.g. "D4 I9 D3"'
    NOT_GAME_TURN = "not-game-turn", "{written} is not a {game} turn ({turns})"
    NOT_ONE_GAME = "not-one-game", "{written}: not the turns of one game ({names:list or}); write them as the " \
        "game's records do"
    NOT_GAME_POSITION = "not-game-position", "{written} is not a {game} position code: {said}"
    NOT_POSITION = "not-position", "{written} is not a position code of {names:list or} (a position is written " \
        "as the Position tag of its game's records: see each game's page)"
    NO_CELLS = "no-cells", 'give cells and what they hold, e.g. "D4=y H10=R" (- for an empty cell)'
    NOT_CELL = "not-cell", "{written} is not CELL=CONTENTS (as in D4=y; - for an empty cell)"
    CELL_TWICE = "cell-twice", "cell {cell} is given twice"
    NO_CELL_OF = "no-cell-of", "{written} fits no cell of {names:list or} (a cell is named as the game's turns " \
        "name it; what it holds is written as in the game's position code, - for an empty cell)"
    NO_GAME = "no-game", "{written} fits no game (a cell is named as the game's turns name it: D4 in Teblo, c3 " \
        "in Staku, a1 in Tektop and Tekao, A in T'Chako; what it holds is written as in the game's position " \
        "code, - for an empty cell)"
    NOT_RATING = "not-rating", "{written} is not a rating (a number such as 1500 or 1512.5)"
    # what a range or a number is of (NO_END, NOT_WHOLE)
    DATE = "date", "date"
    ROUND = "round", "round"
    LENGTH = "length", "length"
    RATING = "rating", "rating"
    ROUNDS = "rounds", "rounds"
    TURNS = "turns", "turns"


@dataclass(frozen=True)
class Condition:
    """One condition: what the user wrote, the test it stands for, and whether that test
    reads the turns (the record is then read and replayed before it is tested)."""

    text: str
    test: Callable[[Record], bool]
    needs_turns: bool = False



def _folded(text: str) -> str:
    return " ".join(text.casefold().split())


def tag_condition(text: str) -> Condition:
    """NAME=VALUE (the whole value, case and spacing aside) or NAME~TEXT (found in the value)."""
    found = re.fullmatch(r"([A-Za-z0-9_]+)([=~])(.*)", text, re.DOTALL)
    if found is None:
        raise ValueError(say(ConditionProblem.NOT_TAG, written=_shown(text)))
    name, how, wanted = found.group(1), found.group(2), _folded(found.group(3))
    if how == "=":
        return Condition(text, lambda record: _folded(record.tags.get(name, "")) == wanted)
    return Condition(text, lambda record: wanted in _folded(record.tags.get(name, "")))


def _range(text: str, what: ConditionProblem, parse: Callable[[str], Any]) -> tuple[Any, Any]:
    """LOW..HIGH, LOW.., ..HIGH or a single VALUE (both ends), each end parsed."""
    found = RANGE.fullmatch(text)
    low, high = (found["low"], found["high"]) if found else (text, text)
    if not low and not high:
        raise ValueError(say(ConditionProblem.NO_END, written=_shown(text), what=say(what).said))
    return (parse(low) if low else None), (parse(high) if high else None)


def _shown(text: str) -> str:
    """What a user wrote, quoted and cut short for a message."""
    return repr(shorten(text, 60))


def _within(value: Any, low: Any, high: Any) -> bool:
    return value is not None and (low is None or value >= low) and (high is None or value <= high)


def date_condition(text: str) -> Condition:
    """A Date range, YYYY[.MM[.DD]]..YYYY[.MM[.DD]]; a partial date stands for all its days."""

    def parse(end: str) -> str:
        if not DATE.fullmatch(end):
            raise ValueError(say(ConditionProblem.NOT_DATE, written=_shown(end)))
        return end

    low, high = _range(text, ConditionProblem.DATE, parse)
    low = low + ".00.00"[len(low) - 4:] if low else None  # 2024 -> 2024.00.00: before every day of 2024
    high = high + "\uffff" if high else None  # 2024.05 -> after every day of May 2024

    def test(record: Record) -> bool:
        date = record.tags.get("Date", "").strip()
        return DATE.fullmatch(date) is not None and "?" not in date[:4] and _within(date, low, high)

    return Condition(f"date {text}", test)


DIGITS = re.compile(r"[0-9]+")


def _number(digits: str) -> tuple[int, str]:
    """A whole number written in ASCII digits, as a key that orders numbers of any length
    (a tag may hold thousands of digits, beyond what int() converts)."""
    digits = digits.lstrip("0") or "0"
    return len(digits), digits


def _whole(end: str, what: ConditionProblem) -> tuple[int, str]:
    if not DIGITS.fullmatch(end):
        raise ValueError(say(ConditionProblem.NOT_WHOLE, written=_shown(end), what=say(what).said))
    return _number(end)


def round_condition(text: str) -> Condition:
    """A Round range: 3, 3..5, 3.. (a round such as 2.1 counts as round 2)."""
    low, high = _range(text, ConditionProblem.ROUND, lambda end: _whole(end, ConditionProblem.ROUNDS))

    def test(record: Record) -> bool:
        first = DIGITS.match(record.tags.get("Round", "").strip())
        return first is not None and _within(_number(first.group()), low, high)

    return Condition(f"round {text}", test)


def turns_condition(text: str) -> Condition:
    """The number of turns on the main line: 40, 40..60, ..30."""
    low, high = _range(text, ConditionProblem.LENGTH, lambda end: _whole(end, ConditionProblem.TURNS))
    return Condition(f"turns {text}", lambda record: _within(_number(str(len(record.moves))), low, high),
                     needs_turns=True)


def player_condition(text: str) -> Condition:
    """A player on either side: the text found in one of the two side tags, case aside."""
    wanted = _folded(text)
    if not wanted:
        raise ValueError(say(ConditionProblem.NO_PLAYER))

    def test(record: Record) -> bool:
        sides = record.game.sides if record.game is not None else ()
        return any(wanted in _folded(record.tags.get(side, "")) for side in sides)

    return Condition(f"player {text}", test)


def result_condition(text: str) -> Condition:
    """The result the record states beside its tags (the Result tag)."""
    if text not in RESULTS:
        raise ValueError(say(ConditionProblem.NOT_RESULT, written=_shown(text), results=list(RESULTS)))
    return Condition(f"result {text}", lambda record: stated_result(record) == text)


def stated_result(record: Record) -> str | None:
    """The result a record states with its tags: its Result tag; a JSON record, which may leave
    the tag out, states it beside them (its "result"). The result at the end of a TGN
    movetext must be the same, or the record has a problem."""
    if "Result" in record.tags:
        return record.tags["Result"]
    return record.result if record.source is None else None


def game_condition(text: str) -> Condition:
    name = plugin_for(text).name  # ValueError naming the games if unknown; the game is not imported
    return Condition(f"game {text}", lambda record: record.game is not None and record.game.name == name)


def variant_condition(text: str) -> Condition:
    """The Variant tag holds this option (or these words), case aside; `-` for no variant."""
    wanted = _folded(text)
    if wanted == "-":
        return Condition("no variant", lambda record: not record.tags.get("Variant", "").strip())
    return Condition(f"variant {text}", lambda record: wanted in _folded(record.tags.get("Variant", "")))


def comment_condition(text: str) -> Condition:
    """A comment anywhere in the record (variations included) holds the text, case aside."""
    wanted = _folded(text)

    def found(comments: list[str]) -> bool:
        return any(wanted in _folded(comment) for comment in comments)

    def test(record: Record) -> bool:
        return found(record.comments) or any_turn(record, lambda node: found(node.before) or found(node.comments))

    return Condition(f"comment {text}", test, needs_turns=True)


NAG = re.compile(r"\$?([0-9]{1,3})")


def nag_condition(text: str) -> Condition:
    """A turn carries this NAG: $N, or a glyph (!, ?, !!, ??, !?, ?!)."""
    number = NAG.fullmatch(text)
    wanted = GLYPHS[text] if text in GLYPHS else int(number[1]) if number else None
    if wanted is None or wanted > 255:
        raise ValueError(say(ConditionProblem.NOT_NAG, written=_shown(text)))
    return Condition(f"nag {text}", lambda record: any_turn(record, lambda node: wanted in node.nags),
                     needs_turns=True)


def opening_condition(text: str, games: Sequence[SomeGame] | None = None) -> Condition:
    """The main line starts with these turns (written as in a record, numbers optional).

    The words must all be turns of one game among `games` (default: every game known);
    ValueError naming what was expected if they are not."""
    words = [word for word in text.split() if not re.fullmatch(r"[0-9]+\.(?:\.\.)?", word)]
    if not words:
        raise ValueError(say(ConditionProblem.NO_OPENING))
    candidates = games if games is not None else _games()
    if not any(all(_is_turn(game, word) for word in words) for game in candidates):
        if len(candidates) == 1:
            game = candidates[0]
            wrong = next(word for word in words if not _is_turn(game, word))
            raise ValueError(say(ConditionProblem.NOT_GAME_TURN, written=_shown(wrong), game=display_name(game.name),
                                 turns=game.turn_example))
        raise ValueError(say(ConditionProblem.NOT_ONE_GAME, written=_shown(text), names=_names(candidates)))
    spelt: dict[tuple[type[SomeGame], frozenset[str], Position], tuple[str, ...]] = {}  # by game, variant, start

    def test(record: Record) -> bool:
        game = record.rules
        key = (type(game), game.variant, record.start_position)
        if key not in spelt:
            spelt[key] = _played(game, record.start_position, words)
        wanted = spelt[key]
        played = [game.turn_text(node.turn) for node in record.moves[:len(wanted)]]
        return bool(wanted) and tuple(played) == wanted

    return Condition(f"opening {text}", test, needs_turns=True)


def _is_turn(game: SomeGame, word: str) -> bool:
    try:
        game.read_turn(word)
    except ValueError:
        return False
    return True


def _names(games: Sequence[SomeGame]) -> list[str]:
    """The games' names for readers, said as a list ('Teblo, Staku or Tektop': `{names:list or}`)."""
    return [display_name(game.name) for game in games]


def position_condition(text: str, games: Sequence[SomeGame] | None = None) -> Condition:
    """A position reached on the main line, given by its position code (the Position tag's
    form); the turn number in the code is not compared.

    The code must be a position of one game among `games` (default: every game known),
    under its own rules or a variant's; ValueError naming what was expected if it is not."""
    candidates = games if games is not None else _games()
    if not any(_reads_position(game, text) for game in candidates):
        if len(candidates) == 1:
            try:
                candidates[0].read_position(text)
            except ValueError as error:
                reason = said_of(message_of(error))
            raise ValueError(say(ConditionProblem.NOT_GAME_POSITION, written=_shown(text),
                                 game=display_name(candidates[0].name), said=reason))
        raise ValueError(say(ConditionProblem.NOT_POSITION, written=_shown(text), names=_names(candidates)))
    # by game and variant: the position wanted, None if not one of theirs
    codes: dict[tuple[type[SomeGame], frozenset[str]], Position | None] = {}

    def wanted(game: SomeGame) -> Position | None:
        key = (type(game), game.variant)
        if key not in codes:
            try:
                codes[key] = game.read_position(text)
            except ValueError:
                codes[key] = None
        return codes[key]

    def test(record: Record) -> bool:
        target = wanted(record.rules)
        return target is not None and reaches(record, lambda position: position == target)

    return Condition(f"position {text}", test, needs_turns=True)


def _reads_position(game: SomeGame, code: str) -> bool:
    """Whether the code is a position of the game, under its rules or those of a variant."""
    for rules in _with_variants(game):
        try:
            rules.read_position(code)
        except ValueError:
            continue
        return True
    return False


def _with_variants(game: SomeGame) -> Iterator[SomeGame]:
    """The game, then the same game under each of its variant options and each pair of them
    (an option taking a number given 1): some positions exist only in a variant."""
    yield game
    options = sorted(re.sub(r" N$", " 1", option) for option in game.options)
    for count in (1, 2):
        for chosen in combinations(options, count):
            try:
                yield type(game)(", ".join(chosen))
            except ValueError:  # options that exclude each other
                continue


def reaches(record: Record, meets: Callable[[Position], object]) -> bool:
    """Whether a position of the record's main line (the start included) meets the test; the
    walk stops at the first that does."""
    if meets(record.start_position):
        return True
    first = _First(lambda step: step.after is not None and meets(step.after))
    accept(record, first, positions=True, variations=False)
    return first.found


def any_turn(record: Record, meets: Callable[[Node], object]) -> bool:
    """Whether a turn of any line of the record meets the test; the walk stops at the first that does."""
    first = _First(lambda step: meets(step.node))
    accept(record, first)
    return first.found


class _First(Visitor):
    """Ends the walk at the first step that meets `meets`."""

    def __init__(self, meets: Callable[[Step], object]) -> None:
        self.meets, self.found = meets, False

    def visit_turn(self, step: Step) -> Stop | None:
        if self.meets(step):
            self.found = True
            return STOP
        return None


CELL_GIVEN = re.compile(r"([A-Za-z][A-Za-z0-9]*)=([^\s=,]+)")  # CELL=CONTENTS in --cells


def cells_condition(text: str, games: Sequence[SomeGame] | None = None) -> Condition:
    """Cells holding given contents all at one moment of the main line (the start included):
    "D4=y H10=R", each cell named as the game's turns name it, its contents written as
    `Game.cells` writes them (the letters of the game's position code), - for an empty cell.

    A record of a game without all these cells, or whose cells never hold such contents,
    is not chosen; a text that fits no game among `games` (default: every game known) is
    refused (ValueError)."""
    wanted: dict[str, str] = {}
    for item in re.split(r"[\s,]+", text.strip()):
        found = CELL_GIVEN.fullmatch(item)
        if found is None:
            if not item:
                raise ValueError(say(ConditionProblem.NO_CELLS))
            raise ValueError(say(ConditionProblem.NOT_CELL, written=_shown(item)))
        name, contents = found.groups()
        if name in wanted:
            raise ValueError(say(ConditionProblem.CELL_TWICE, cell=name))
        wanted[name] = "" if contents == "-" else contents
    candidates = games if games is not None else _games()
    if not any(_fits(game, wanted) for game in candidates):
        if games is not None:
            raise ValueError(say(ConditionProblem.NO_CELL_OF, written=_shown(text.strip()), names=_names(games)))
        raise ValueError(say(ConditionProblem.NO_GAME, written=_shown(text.strip())))
    fitting: dict[tuple[type[SomeGame], frozenset[str]], bool] = {}  # by game and variant

    def test(record: Record) -> bool:
        game = record.rules
        key = (type(game), game.variant)
        if key not in fitting:
            fitting[key] = _fits(game, wanted)
        if not fitting[key]:
            return False
        cells, pairs = game.cells, list(wanted.items())
        return reaches(record, lambda position: all(cells(position)[name] == contents for name, contents in pairs))

    return Condition(f"cells {text}", test, needs_turns=True)


def _games() -> list[SomeGame]:
    """One game of each kind Ludoscribe knows (no variant), to check the text of a condition against."""
    try:
        known = plugins()
    except ValueError:  # an installed game that cannot be loaded: the built-in ones still answer
        known = built_ins()
    games = []
    for plugin in known:
        try:
            games.append(plugin.rules())
        except Exception:  # noqa: BLE001 - a game that cannot be made here fits no text
            continue
    return games


def _fits(game: SomeGame, wanted: dict[str, str]) -> bool:
    """Whether the game has these cells and its cells can hold such contents."""
    cells = game.cells(game.start_position())
    return all(name in cells and (not contents or re.fullmatch(game.cell_contents, contents) is not None)
               for name, contents in wanted.items())


def _played(game: SomeGame, start: Position, words: list[str]) -> tuple[str, ...]:
    """The turns `words` played from `start`, spelt in full as a checked record spells them;
    () if one of them is not a legal turn there."""
    position, spelt = start, []
    for word in words:
        try:
            played = game.play(position, game.read_turn(word))
        except ValueError:
            return ()
        if played.after is None:
            return ()
        spelt.append(game.turn_text(played.turn))
        position = played.after
    return tuple(spelt)


# The condition builders by name, as Query.build and the command line name them.
RATING = re.compile(r"-?[0-9]{1,6}(?:\.[0-9]{1,6})?")


def rating_range(text: str) -> tuple[float | None, float | None]:
    """A range of ratings, LOW..HIGH (either end may be left out) or one rating; ValueError saying why."""

    def parse(end: str) -> float:
        if not RATING.fullmatch(end.strip()):
            raise ValueError(say(ConditionProblem.NOT_RATING, written=_shown(end)))
        return float(end)

    low, high = _range(text, ConditionProblem.RATING, parse)
    return low, high


def rating_condition(text: str, ratings: Ratings) -> Condition:
    """Both players' Glicko-2 ratings in LOW..HIGH at the start of the game's rating period, as `ratings`
    (notation/archive/ratings.py, the archive rated first) has them; a game it did not rate meets none."""
    low, high = rating_range(text)

    def test(record: Record) -> bool:
        game = rated_game(record, stated_result(record) or "*") if record.game is not None else None
        before = ratings.before(game) if game is not None else None
        return before is not None and all(_within(rating.rating, low, high) for rating in before)

    return Condition(f"rating {text}", test)


BUILDERS: dict[str, Callable[..., Condition]] = {builder.__name__: builder for builder in (
    tag_condition, player_condition, date_condition, round_condition, result_condition, game_condition,
    variant_condition, turns_condition, opening_condition, position_condition, cells_condition,
    comment_condition, nag_condition)}
# The builders that check their text against the games chosen by --game (or every game).
ON_GAMES = frozenset({"opening_condition", "position_condition", "cells_condition"})
