"""What a diagram draws on top of a position: marks, arrows, labels and dimmed cells.

They come from a turn's comment commands (`[%mark]`, `[%arrow]`, `[%label]`, `[%dim]`,
docs/format.md#commands) or from the `diagram` command's options, which take the same
arguments. Each command's arguments are items separated by commas; an item is a cell
name (a pair of them, `D4-E4`, for an arrow) followed by words: a mark's shape and colour,
an arrow's colour, a label's text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, NamedTuple

from .problems import say
from .worded import Worded

SHAPES = ("outline", "circle", "square", "triangle", "cross")  # a mark's shapes, the default first
COLOURS = ("green", "blue", "red", "orange", "purple")
MARK_COLOUR, ARROW_COLOUR = "green", "blue"
COMMANDS = ("mark", "arrow", "label", "dim")  # the commands read here
MAX_PER_DIAGRAM = 1000  # items drawn on one diagram, the record's and the options' (docs/diagrams.md#bounds)
LABEL_LIMIT = 12  # characters of a label drawn; a longer one is cut, ending with "…"
# What XML cannot hold (a label is drawn as SVG text): control characters but tab and line
# breaks, lone surrogates, U+FFFE and U+FFFF.
NOT_IN_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


class DiagramProblem(Worded):
    """Why a diagram is not drawn, by its code: an option of `diagram` misread, a turn or a cell the
    record lacks, too much drawn on it (docs/diagrams.md#bounds), said in the command's language
    (docs/languages.md#the-command-line)."""

    NOT_STYLE = "not-style", "{written!r} is {kinds:not|neither} {choices}"
    A_SHAPE = "a-shape", "a shape ({names:join ,})"
    A_COLOUR = "a-colour", "a colour ({names:join ,})"
    CHOICES = "choices", "{first} nor {second}"
    NOT_ARROW = "not-arrow", "{written!r} is not an arrow FROM-TO, such as D4-E4"
    LABEL_EMPTY = "label-empty", "the label on {cell} has no text: give the cell, a space and the text (D4 A)"
    NOT_CELL_NAME = "not-cell-name", "{written!r} is not a cell name: separate cells with commas"
    NO_CELLS = "no-cells", "{cells:join ,} {count:is no cell|are no cells} of {game}'s board " \
        "(--mark, --arrow, --label, --dim)"
    TOO_MANY = "too-many", "--mark, --arrow, --label and --dim give {count} items, more than the {limit} one diagram draws"
    CROWDED = "crowded", "its diagram would draw more than {limit} marks, arrows, labels and dimmed cells (the " \
        "turn's commands and the options'), the most one diagram draws"
    NO_DIAGRAMS = "no-diagrams", "no diagrams for {game} yet"
    NOT_A_TURN = "not-a-turn", "turn {written!r} is not of the form 12 or 12... (0 for the start)"
    NO_TURN = "no-turn", "the record has no turn {written} (its main line has no turn)"
    NO_SUCH_TURN = "no-such-turn", "the record has no turn {written} (its main line runs from turn {first} to turn " \
        "{last})"


class Mark(NamedTuple):
    """A mark on a cell: one of SHAPES in one of COLOURS."""

    cell: str
    shape: str = SHAPES[0]
    colour: str = MARK_COLOUR


class Arrow(NamedTuple):
    """An arrow from the centre of cell `start` to the centre of cell `end`."""

    start: str
    end: str
    colour: str = ARROW_COLOUR


class Label(NamedTuple):
    """A short text written on a cell."""

    cell: str
    text: str


@dataclass(frozen=True)
class Annotations:
    """Everything drawn on top of one position, in the order it was given."""

    marks: tuple[Mark, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    labels: tuple[Label, ...] = ()
    dims: tuple[str, ...] = ()

    def __add__(self, other: Annotations) -> Annotations:
        return Annotations(self.marks + other.marks, self.arrows + other.arrows, self.labels + other.labels,
                           self.dims + other.dims)

    def __bool__(self) -> bool:
        return bool(self.marks or self.arrows or self.labels or self.dims)

    def __len__(self) -> int:
        """The number of items: marks, arrows, labels and dimmed cells."""
        return len(self.marks) + len(self.arrows) + len(self.labels) + len(self.dims)

    def cells(self) -> list[str]:
        """Every cell name these annotations use, in order."""
        return ([mark.cell for mark in self.marks] + [cell for arrow in self.arrows for cell in arrow[:2]]
                + [label.cell for label in self.labels] + list(self.dims))


NONE = Annotations()


def _items(arguments: str) -> list[list[str]]:
    """The words of each comma-separated item of a command's arguments (empty items left out)."""
    return [words for item in arguments.split(",") if (words := item.split())]


def _style(words: list[str], kinds: dict[str, tuple[str, ...]], strict: bool) -> dict[str, str]:
    """The first word of each kind an item's words hold ({"shape": "triangle", "colour": "red"}),
    compared in lower case; with `strict`, ValueError for a word of no kind."""
    found: dict[str, str] = {}
    for word in words:
        kind = next((kind for kind, allowed in kinds.items() if word.lower() in allowed), None)
        if kind is not None:
            found.setdefault(kind, word.lower())
        elif strict:
            choices = [say(DiagramProblem.A_SHAPE if kind == "shape" else DiagramProblem.A_COLOUR, names=list(allowed))
                       for kind, allowed in kinds.items()]
            either = choices[0].said if len(choices) == 1 else say(DiagramProblem.CHOICES, first=choices[0].said,
                                                                      second=choices[1].said).said
            raise ValueError(say(DiagramProblem.NOT_STYLE, written=word, kinds=len(kinds), choices=either))
    return found


def read(name: str, arguments: str, strict: bool = False) -> Annotations:
    """The annotations of one command (`name` one of COMMANDS; others give none).

    In a record, a word that is no shape or colour is left out, as a command of an unknown
    name is (a record is read whatever its comments hold); with `strict`, for the `diagram`
    command's options, it is a ValueError that says which word is wrong.
    """
    marks, arrows, labels, dims = [], [], [], []
    for words in _items(arguments):
        cell, rest = words[0], words[1:]
        if name == "mark":
            style = _style(rest, {"shape": SHAPES, "colour": COLOURS}, strict)
            marks.append(Mark(cell, style.get("shape", SHAPES[0]), style.get("colour", MARK_COLOUR)))
        elif name == "arrow":
            start, dash, end = cell.partition("-")
            style = _style(rest, {"colour": COLOURS}, strict)
            if start and dash and end:
                arrows.append(Arrow(start, end, style.get("colour", ARROW_COLOUR)))
            elif strict:
                raise ValueError(say(DiagramProblem.NOT_ARROW, written=cell))
        elif name == "label":
            text = " ".join(NOT_IN_XML.sub("", " ".join(rest)).split())
            if len(text) > LABEL_LIMIT:
                text = text[:LABEL_LIMIT - 1].rstrip() + "…"
            if text:
                labels.append(Label(cell, text))
            elif strict:
                raise ValueError(say(DiagramProblem.LABEL_EMPTY, cell=cell))
        elif name == "dim":
            if strict and rest:
                raise ValueError(say(DiagramProblem.NOT_CELL_NAME, written=" ".join(words)))
            dims.append(cell)
    return Annotations(tuple(marks), tuple(arrows), tuple(labels), tuple(dims))


def joined(parts: Iterable[Annotations]) -> Annotations:
    """All of `parts` as one, in order, in time linear in their items (adding them two by two
    would copy what was gathered at every step)."""
    marks: list[Mark] = []
    arrows: list[Arrow] = []
    labels: list[Label] = []
    dims: list[str] = []
    for part in parts:
        marks += part.marks
        arrows += part.arrows
        labels += part.labels
        dims += part.dims
    return Annotations(tuple(marks), tuple(arrows), tuple(labels), tuple(dims))


def counted(commands: Iterable[tuple[str, str]], limit: int) -> int:
    """How many items a turn's (name, arguments) commands give to draw, counted only until
    the count passes `limit` (the rest of the comment is not looked at)."""
    total = 0
    for name, arguments in commands:
        if name in COMMANDS:
            total += sum(1 for item in arguments.split(",") if item.strip())
            if total > limit:
                break
    return total


def of_commands(commands: Iterable[tuple[str, str]]) -> Annotations:
    """The annotations of a turn's (name, arguments) commands, as `Node.commands()` lists them."""
    return joined(read(name, arguments) for name, arguments in commands if name in COMMANDS)
