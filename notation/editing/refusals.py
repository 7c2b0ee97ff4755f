"""Why the studio refuses an edit, as codes with parameters (docs/annotating.md): the sentence is
made from the code in English, or in the page's language (docs/languages.md#the-studio)."""

from __future__ import annotations

from typing import Any

from ..languages import Words
from ..problems import Saying, message_of, said_of
from ..worded import Param, Said, Worded


class EditProblem(Worded):
    """The studio's reasons for refusing an edit of a record, by their code. A reason the rules or
    the format give (a turn refused, a tag's value) is a parameter, said in its own code's words."""

    NOT_A_PLACE = "not-a-place", "{written!r} is not a turn's place (such as 4 or 4.0.2)"
    START_NOT_A_TURN = "start-not-a-turn", "the start is not a turn"
    NO_TURN_AT = "no-turn-at", "there is no turn at {written}"
    AT_TURN = "at-turn", "{turn}: {said}"
    GAME_OVER = "game-over", "{turn}: the game is already over: {ending}"
    ON_MAIN_LINE = "on-main-line", "this turn is on the main line, in no variation"
    NOTHING_TO_PASTE = "nothing-to-paste", "there are no turns to paste"
    AS_SAID = "as-said", "{said}"
    COMMENT_BRACE = "comment-brace", "a comment cannot hold '}}': it would end the comment"
    COMMENT_COMMAND = "comment-command", "a comment's words cannot hold '[%': commands are drawn with the board's tools"
    NOT_A_NAG = "not-a-nag", "${number} is not a NAG ($1 to $255)"
    NOT_A_COMMAND = "not-a-command", "{written!r} is not a command's name"
    COMMAND_CANNOT_HOLD = "command-cannot-hold", "the [%{written}] command cannot hold ']', '}}' or '[%'"
    NOT_MARKUP = "not-markup", "{written!r} is not one of {kinds:join ,}"
    NOT_AN_ITEM = "not-an-item", "{written!r} is not an item of [%{tag}] (a cell, then words such as a colour)"
    NOT_A_TAG_NAME = "not-a-tag-name", "{written!r} is not a tag name: letters, digits and '_'"
    FIXED_TAG = "fixed-tag", "the {tag} tag decides the game and its start: start a new record to change it"
    TAG = "tag", "tag {tag}: {said}"
    SAME_PLAYER = "same-player", "{tag} is {written!r} already: the two sides are two different players"
    NOT_A_RESULT = "not-a-result", "{written!r} is not a result: 1-0, 0-1, 1/2-1/2 or *"
    RESULT_AGAINST_END = "result-against-end", "the game ended: {ending}, so the result is {result}, not {given}"
    RESULT_KEPT = "result-kept", "the Result tag cannot be removed: set it to * for an unfinished game"
    BAD_POSITION = "bad-position", "bad Position tag: {said}"


class EditRefused(ValueError):
    """An edit the record cannot take: `said` gives the code and its parameters, `str()` the English
    sentence (a Saying), `message_in(words)` the sentence in another language."""

    def __init__(self, said: Said) -> None:
        self.said = said
        super().__init__(Saying(said))

    def __reduce__(self) -> tuple[Any, ...]:  # a copy or a pickle keeps the code
        return type(self), (self.said,)

    def message_in(self, words: Words) -> str:
        return self.said.sentence_in(words)


def refused(code: EditProblem, **params: Param) -> EditRefused:
    """The refusal of an edit with this code and these parameters."""
    return EditRefused(Said(code, **params))


def reason_of(error: Exception) -> Param:
    """What an error raised by the rules or the format says, as a parameter: its code when it keeps
    one (a refused set-up position's `refusal`, a Saying's Said), else its words."""
    refusal = getattr(error, "refusal", None)
    if isinstance(refusal, Said):
        return refusal
    return said_of(message_of(error))
