"""Codes said in words: a Worded code names a thing that happened (a refusal, an ending, a
problem of a record) with the template of its sentence, a Said gives it with its parameters, and
the sentence is made in one place, in English or in the language of a `Words`
(docs/languages.md#codes-and-sentences). notation/games/base.py gives them to the games."""

from __future__ import annotations

import enum
import string
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Union, cast

from .languages import GAME_WORD, Words
from .languages.worded import context as code_context

if TYPE_CHECKING:
    from .games.base import Outcome


class Worded(str, enum.Enum):
    """A code with the template its sentence is made from: a stable name a program can rely
    on (the words may change, or be said in another language), which is also its text, as
    ProblemCode is. A game's refusals and the ways games end are Worded codes; the sentence
    is made in one place, `say`, from the code's template and the parameters given with it
    (docs/format.md#refusal-and-ending-codes)."""

    _template: str
    _general: str

    def __new__(cls, code: str, template: str, general: str = "") -> Worded:
        member = str.__new__(cls, code)
        member._value_ = code
        member._template, member._general = template, general
        return member

    @property
    def template(self) -> str:
        """The English template of this code's sentence."""
        return self._template

    @property
    def general(self) -> str:
        """The words of this code without its particulars (no side, cell or number), in which
        `stats` counts the ends of one kind (docs/archive.md#figures-stats); the code itself
        for a code that gives none."""
        return self._general or str(self.value)

    def general_in(self, words: Words) -> str:
        """`general` in the language of `words` (English where the catalogue has no translation)."""
        if not self._general:
            return str(self.value)
        return words.pgettext(code_context(type(self).__name__, str(self.value)) + ":general", self._general)

    def __str__(self) -> str:
        return str(self.value)

    def __eq__(self, other: object) -> bool:
        """Equal to its text, and of the codes to itself only: the codes of two enums spelt alike
        (two games' `game-over`) are two codes, which a count by code keeps apart."""
        return self is other if isinstance(other, Worded) else str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = str.__hash__  # as its text's: a code is a key of many counts

    def say(self, params: Mapping[str, Param], words: Words | None = None) -> str:
        """The sentence of this code with these parameters, in English or in the language of `words`:
        the template the catalogue gives for the code, and the game's words among the parameters
        (side and piece names) as the catalogue says them (docs/languages.md#codes-and-sentences)."""
        if words is None or words.language == "en":
            return _WORDS.vformat(self.template, (), params)
        template = words.pgettext(code_context(type(self).__name__, str(self.value)), self.template)
        return _WORDS.vformat(template, (), {name: _in(value, words, name) for name, value in params.items()})


class Said:
    """A code and its parameters (sides and cells by name, numbers, lists of names, other
    things said), from which its sentence is made: `str()` gives the sentence, `as_json()`
    the code and the parameters for a program."""

    __slots__ = ("code", "params")

    def __init__(self, code: Worded, **params: Param) -> None:
        self.code, self.params = code, params

    @property
    def sentence(self) -> str:
        return self.code.say(self.params)

    def sentence_in(self, words: Words) -> str:
        """The sentence in the language of `words`."""
        return self.code.say(self.params, words)

    def __str__(self) -> str:
        return self.sentence

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Said) and type(other) is type(self) and self.code is other.code
                and dict(self.params) == dict(other.params))

    def __hash__(self) -> int:
        return hash(self.code)

    def __repr__(self) -> str:
        params = "".join(f", {name}={value!r}" for name, value in self.params.items())
        return f"{type(self).__name__}({type(self.code).__name__}.{self.code.name}{params})"

    def as_json(self) -> dict[str, object]:
        """{"code": ..., then each parameter}: lists as lists, things said as their own such objects."""
        return {"code": str(self.code), **{name: _json(value) for name, value in self.params.items()}}


Param = Union[str, int, Sequence[str], Said, "Outcome"]  # what a refusal or an ending is said with


class _Words(string.Formatter):
    """str.format, and three ways of saying a parameter in a template:
    `{n:one|many}` the first form when n is 1 (`N=form|` when n is N), the last otherwise,
    `#` in it standing for n (for a list, n is its length: `{cells:is|are}`);
    `{names:join and}` the names joined by " and " (by spaces: `{names:join}`, by commas: `{names:join ,}`);
    `{names:list or}` "a, b or c"; `{n:halves # point|# points}` n half points ("3½ points")."""

    def format_field(self, value: Any, spec: str) -> str:
        if spec.startswith("halves "):  # half points: "3½ action points", one form for ½ and 1
            whole, half = divmod(int(value), 2)
            number = f"{whole}½" if half and whole else "½" if half else str(whole)
            one, many = spec[7:].split("|")
            return (one if value in (1, 2) else many).replace("#", number)
        if "|" in spec:
            count = len(value) if isinstance(value, (list, tuple)) else int(value)
            *forms, last = spec.split("|")
            chosen = last
            for form in forms:
                number, equals, rest = form.partition("=")
                if equals and number.isdigit() and int(number) == count:
                    chosen = rest
                    break
                if not equals and count == 1:
                    chosen = form
                    break
            if chosen.startswith(("join", "list ")):
                return self.format_field(value, chosen)
            return chosen.replace("#", str(count))
        if spec.startswith("join"):
            word = spec[4:].strip()
            return (f"{word} " if word == "," else f" {word} " if word else " ").join(map(str, value))
        if spec.startswith("list "):
            names = list(map(str, value))
            return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {spec[5:]} " + names[-1]
        said: str = super().format_field(value, spec)
        return said


_WORDS = _Words()


# what a record or a user wrote (a tag, a file's name, a player's name, a value typed), never translated
AS_WRITTEN = frozenset({"termination", "example", "written", "contents", "tag", "path", "key", "value"})


def _in(value: Param, words: Words, name: str) -> Param:
    """A parameter said in the language of `words`: things said in their own sentence, and the
    game's words the catalogue knows (a cell or a number is not in it, and stays as it is); what
    a record wrote (its Termination tag, a code) never."""
    if isinstance(value, Said):
        return value.sentence_in(words)
    if hasattr(value, "reason_in"):  # an Outcome (notation/games/base.py)
        return cast("Outcome", value).reason_in(words)
    if name in AS_WRITTEN:
        return value
    if isinstance(said := getattr(value, "said", None), Said):  # a Saying (problems.py): said from its code
        return said.sentence_in(words)
    if isinstance(value, str):
        return words.pgettext(GAME_WORD, value)
    if isinstance(value, (list, tuple)):
        return [words.pgettext(GAME_WORD, item) if isinstance(item, str) else item for item in value]
    return value


def _json(value: Param) -> object:
    if isinstance(value, Said) or hasattr(value, "reason_in"):  # a Said, an Outcome
        return cast("Said | Outcome", value).as_json()
    if isinstance(value, (list, tuple)):
        return list(value)
    return value
