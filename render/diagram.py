"""Diagrams of records: which position, which renderer, which annotations."""

from __future__ import annotations

import inspect
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Callable, Hashable, Iterable, Iterator

from ..notation.annotations import MAX_PER_DIAGRAM, NONE, Annotations, DiagramProblem, counted, of_commands
from ..notation.games.base import History, Outcome, Position, SomeGame
from ..notation.model import Node, Problem, ProblemCode, Record
from ..notation.replay import positions, recorded_ending
from ..notation.games.plugins import plugins
from ..notation.limits import number_problem
from ..notation.problems import say
from ..notation.problems import turn_label as problem_turn
from .boards import boards_for, draws


class Renderers(Mapping[str, Callable[..., str]]):
    """Each game's board drawing by its Game tag (games without diagrams left out), imported when looked up."""

    def __getitem__(self, name: str) -> Callable[..., str]:
        for plugin in plugins():
            if plugin.name == name and (draw := boards_for(name).draw) is not None:
                return draw
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (plugin.name for plugin in plugins() if draws(plugin))

    def __len__(self) -> int:
        return sum(1 for _ in self)


RENDERERS = Renderers()
TURN_SPEC = re.compile(r"(?P<number>[0-9]+)(?P<second>\.\.\.)?\.?")


def renderer_for(game: SomeGame) -> Callable[..., str]:
    """The board drawing function of a game; ValueError if it has none yet."""
    draw = boards_for(game.name).draw
    if draw is None:
        raise ValueError(say(DiagramProblem.NO_DIAGRAMS, game=game.name))
    return draw


def turn_spec(spec: str) -> tuple[int, bool]:
    """The number of the turn `spec` names and whether it is the second side's ('12...');
    ValueError if it is not of that form."""
    match = TURN_SPEC.fullmatch(spec.strip())
    if not match:
        raise ValueError(say(DiagramProblem.NOT_A_TURN, written=spec))
    if (problem := number_problem("turn", match["number"])) is not None:
        raise ValueError(problem)
    return int(match["number"]), match["second"] is not None


def ply_of(record: Record, spec: str) -> int:
    """The main-line ply after the turn named by `spec`: '12' (first side's 12th turn),
    '12...' (second side's), or '0' (the start), numbered as the record numbers its turns
    (from its SetUp position's number). ValueError if the record lacks it."""
    number, second = turn_spec(spec)
    if number == 0 and not second:
        return 0
    side = 1 if second else 0
    ply = (number - record.start_position.number) * 2 + side - record.start_position.side + 1
    if not 1 <= ply <= len(record.moves):
        if not record.moves:
            raise ValueError(say(DiagramProblem.NO_TURN, written=spec))
        raise ValueError(say(DiagramProblem.NO_SUCH_TURN, written=spec, first=turn_label(record, 1),
                             last=turn_label(record, len(record.moves))))
    return ply


def turn_label(record: Record, ply: int) -> str:
    """How the record numbers its `ply`-th main-line turn: '12' or '12...'."""
    index = record.start_position.side + ply - 1
    return f"{record.start_position.number + index // 2}" + ("..." if index % 2 else "")


def ending(game: SomeGame, start: Position, line: Iterable[tuple[Hashable, Position]]) -> Outcome | None:
    """How the game stands at the end of a line (None if not over); `line` holds the
    line's (turn, position after it) pairs from `start`, for rules about the turns played."""
    history = History(start)
    for turn, after in line:
        history.push(turn, after)
    return game.outcome(history.position, history)


def final_ending(record: Record, line: Iterable[tuple[Hashable, Position]]) -> Outcome | None:
    """How the game stands after the main line's last turn (`line`, as `ending` takes it): as
    the rules end it, else as the record's result says it ended (docs/diagrams.md)."""
    return ending(record.rules, record.start_position, line) or recorded_ending(record)


def annotations_of(node: Node | None) -> Annotations:
    """What a turn's comments draw on its diagram: its [%mark], [%arrow], [%label] and [%dim]
    commands (docs/format.md#commands)."""
    return NONE if node is None else of_commands(node.commands())


@lru_cache(maxsize=64)
def _takes_words(draw: Callable[..., str]) -> bool:
    """Whether a drawing says its words in a language given (`words`: the built-in games' do)."""
    try:
        parameters = inspect.signature(draw).parameters
    except (TypeError, ValueError):
        return False
    return "words" in parameters or any(parameter.kind is parameter.VAR_KEYWORD for parameter in parameters.values())


@lru_cache(maxsize=64)
def _takes_all(draw: Callable[..., str]) -> bool:
    """Whether a drawing takes labels and dims (the built-in games' do), or only marks as
    cell names and arrows as pairs, as a game's drawing written before them does."""
    try:
        parameters = inspect.signature(draw).parameters
    except (TypeError, ValueError):  # no signature to read: given what every drawing takes
        return False
    return ("labels" in parameters and "dims" in parameters) or any(
        parameter.kind is parameter.VAR_KEYWORD for parameter in parameters.values())


def draw_annotated(draw: Callable[..., str], position: Position, annotations: Annotations = NONE,
                   **options: object) -> str:
    """`draw(position, **options)` with the annotations (docs/contributing.md#the-drawing): a
    drawing that takes no labels nor dims gets the marks' cells and the arrows' ends only; one
    that takes no `words` draws in English."""
    if "words" in options and not _takes_words(draw):
        options = {name: value for name, value in options.items() if name != "words"}
    if _takes_all(draw):
        return draw(position, marks=annotations.marks, arrows=annotations.arrows, labels=annotations.labels,
                    dims=annotations.dims, **options)
    return draw(position, marks=[mark.cell for mark in annotations.marks],
                arrows=[(arrow.start, arrow.end) for arrow in annotations.arrows], **options)


def record_diagrams(record: Record, plies: Iterable[int] | None = None, *, extra: Annotations = NONE,
                    line: list[tuple[Node | None, Position]] | None = None,
                    **options: object) -> Iterator[tuple[int, str]]:
    """(ply, SVG) for each wanted main-line position of a checked record (all if None), each
    drawn by `position_diagram`, then with `extra` (the `diagram` command's own annotations).
    `line` is the main line's positions when they are known already (`positions`), so that
    they are not replayed.
    """
    draw = renderer_for(record.rules)
    wanted = None if plies is None else set(plies)
    line = list(positions(record)) if line is None else line

    def played() -> Iterator[tuple[Hashable, Position]]:
        return ((node.turn, after) for node, after in line[1:] if node is not None)

    for ply, (node, position) in enumerate(line):
        if wanted is None or ply in wanted:
            before = line[ply - 1][1] if node is not None else None
            yield ply, position_diagram(record, draw, node, before, position, played,
                                        MAIN_END if ply == len(line) - 1 else GOES_ON, extra, **options)


GOES_ON, LINE_END, MAIN_END = "goes on", "line end", "main line end"  # where a position stands in its line


def position_diagram(record: Record, draw: Callable[..., str], node: Node | None, before: Position | None,
                     after: Position, line: Callable[[], Iterable[tuple[Hashable, Position]]], where: str = GOES_ON,
                     extra: Annotations = NONE, **options: object) -> str:
    """The diagram of one position of a checked record, the one every page and command draws:
    the turn that led to it (`node`, played from `before`) highlighted, the annotations of its
    comments then `extra`, and, where its line ends, how the game stands: at the main line's
    end by the rules or as the result says (a resignation, an agreement, time), at a
    variation's end by the rules only (docs/diagrams.md). `line` gives the (turn, position
    after it) pairs from the start, asked for only where a line ends."""
    last = (before, node.turn) if node is not None else None
    outcome = None
    if where == MAIN_END:
        outcome = final_ending(record, line())
    elif where == LINE_END:
        outcome = ending(record.rules, record.start_position, line())
    return draw_annotated(draw, after, annotations_of(node) + extra, last=last, outcome=outcome, **options)


def crowded(record: Record, plies: Iterable[int] | None = None, extra: Annotations = NONE,
            limit: int = MAX_PER_DIAGRAM) -> Problem | None:
    """The problem of the first wanted main-line diagram (all if None) that would draw more than
    `limit` items, its turn's and `extra` together (docs/diagrams.md#bounds); None if none would.
    Each turn's commands are counted only up to the limit."""
    wanted = None if plies is None else set(plies)
    room = limit - len(extra)
    start = record.start_position
    for ply, node in enumerate(record.moves, 1):
        if (wanted is None or ply in wanted) and node.comments and counted(node.commands(), room) > room:
            number, side = divmod(start.side + ply - 1, 2)
            line, column = record.locate(node.offset)
            return Problem(say(DiagramProblem.CROWDED, limit=limit), line, column,
                           problem_turn(record.rules, start.number + number, side), code=ProblemCode.BUDGET)
    return None


def unknown_cells(game: SomeGame, annotations: Annotations) -> list[str]:
    """The cell names of `annotations` that the game's board lacks (none when the game does
    not name its cells: Game.cells)."""
    names = game.cells(game.start_position())
    return list(dict.fromkeys(name for name in annotations.cells() if names and name not in names))

