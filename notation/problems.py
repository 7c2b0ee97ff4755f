"""What is wrong with a record, as codes with parameters: every sentence a problem of the format
says (the reader's, the JSON reader's, the limits', the replay's) is a FormatProblem code and
its parameters, from which the English sentence is made, and any other language's
(docs/format.md#problem-codes, docs/languages.md#the-command-line).

A `Saying` is the English sentence of a Said that keeps it: a str where a message always was
(a Problem's `message`, a ValueError's), so that the code and its parameters travel with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .worded import Param, Said, Worded

if TYPE_CHECKING:
    from .games.base import SomeGame
    from .languages import Words


class FormatProblem(Worded):
    """The format's problem sentences by their code, each with its English template. A template's
    "{" and "}" written as text are doubled, as str.format has them."""

    # the lines of a file and the size of a record
    LINE_TOO_LONG = "line-too-long", "line longer than {limit} bytes"
    NOT_UTF8 = "not-utf8", "not UTF-8 text (byte 0x{byte})"
    RECORD_TOO_LONG = "record-too-long", "record longer than {limit} characters"
    WRITTEN_TOO_LONG = "written-too-long", "the record would be written in {size} characters, over the " \
        "{limit}-character limit of a record: split it"
    WRITTEN_TOO_DEEP = "written-too-deep", "variations nested more than {limit} deep: a reader would refuse the record"
    # tags
    MALFORMED_TAG = "malformed-tag", 'malformed tag: a tag is written [Name "value"] on a line of its own'
    TAG_TWICE = "tag-twice", "tag {written} appears twice"
    LINE_BREAK = "line-break", "tag {written}: its value holds a line break (U+{char}); a tag value is one line"
    TAG_TOO_LONG = "tag-too-long", "tag {written} is too long: its line would be {size} bytes, over the " \
        "{limit}-byte line limit"
    TAG = "tag", "tag {written}"  # what a number too long is in (LONG_NUMBER)
    MISSING_RESULT_TAG = "missing-result-tag", "missing Result tag (it must equal the result at the end of the movetext)"
    MISSING_GAME_TAG = "missing-game-tag", "missing Game tag: it names the game ({names:list or})"
    UNKNOWN_GAME = "unknown-game", "unknown game {written!r} (the Game tag is one of {names:join ,})"
    UNKNOWN_VARIANT = "unknown-variant", "unknown {game} variant {variant!r} (known: {known:0=none|join ,})"
    BAD_POSITION = "bad-position", "bad Position tag: {said}"
    # text
    LONE_SURROGATE = "lone-surrogate", "not text: a lone surrogate \\u{char} (half of a character)"
    LONG_NUMBER = "long-number", "{what}: the number {written} has {digits} digits (at most {limit})"
    COMMENT_LINE_TOO_LONG = "comment-line-too-long", "a comment holding '}}' is written on one line and this one " \
        "is over {limit} bytes: split it, or drop the '}}'"
    COMMENT_WORD_TOO_LONG = "comment-word-too-long", "a comment word ({written!r}) is {size} bytes long, over the " \
        "{limit}-byte limit of one word"
    COMMENT_COMMAND_TOO_LONG = "comment-command-too-long", "a comment command ({written!r}) is {size} bytes long, " \
        "over the {limit}-byte limit of one word"
    # the movetext
    NOT_A_TURN = "not-a-turn", "{written!r} is not a {game} turn ({turns})"
    VARIATION_NOT_A_TURN = "variation-not-a-turn", "{said}, and a variation starts with its turn number, " \
        "as in (3... G10)"
    COMMENT_NOT_CLOSED = "comment-not-closed", "comment not closed: '{{' has no matching '}}' in this record"
    CLOSES_NO_COMMENT = "closes-no-comment", "'}}' closes no comment"
    NUMBER_WITHOUT_TURN = "number-without-turn", "a turn number must be followed by its turn"
    NUMBER_MISFITS = "number-misfits", "turn number {written} does not fit: this turn is {number}"
    NAG_WITHOUT_TURN = "nag-without-turn", "a NAG ($n, !, ?) must follow a turn"
    NAG_OUT_OF_RANGE = "nag-out-of-range", "NAG ${written} is out of range ($0 to $255)"
    VARIATION_WITHOUT_TURN = "variation-without-turn", "a variation must follow the turn it replaces"
    TOO_DEEP = "too-deep", "variations nested more than {limit} deep"
    CLOSES_NO_VARIATION = "closes-no-variation", "')' closes no variation"
    EMPTY_VARIATION = "empty-variation", "a variation must hold a turn"
    VARIATION_NOT_CLOSED = "variation-not-closed", "the variation opened at line {line} column {column} is not closed"
    # the result
    TEXT_AFTER_RESULT = "text-after-result", "text after the result: the result ends the record"
    RESULT_DIFFERS = "result-differs", "the result {result} differs from the Result tag {written!r}"
    NO_RESULT = "no-result", "the movetext must end with a result: 1-0, 0-1, 1/2-1/2 or *"
    # the rules
    GAME_OVER = "game-over", "the game is already over: {ending}"
    RESULT_CONTRADICTS = "result-contradicts", "the result {result} contradicts the end: {ending}, so the result " \
        "is {outcome}"
    # a turn, where a problem is found
    TURN = "turn", "turn {number} {side}"
    # TGN JSON documents
    JSON_AT = "json-at", "{path}: {said}"
    JSON_NOT_VALID = "json-not-valid", "not valid JSON: {written}"
    JSON_EXPECTED = "json-expected", "not valid JSON: expected {what}, found {written}"
    JSON_TOO_DEEP = "json-too-deep", "not readable JSON: arrays or objects nested too deeply"
    JSON_TOO_LONG = "json-too-long", "{what} is longer than {limit} characters"
    JSON_NOT_DOCUMENT = "json-not-document", 'not a TGN JSON document: it is one object {{"format": "{format}", ...}}'
    JSON_KEY_TWICE = "json-key-twice", '"{written}" appears twice in the document'
    JSON_TEXT_AFTER = "json-text-after", "not valid JSON: text after the end of the document"
    JSON_NOT_UTF8 = "json-not-utf8", "not UTF-8 text (byte 0x{byte} at offset {at} of the file)"
    JSON_FORMAT_FIRST = "json-format-first", 'not a TGN JSON document: its "format": "{format}" must come before ' \
        'its "records"'
    JSON_FORMAT = "json-format", 'not a TGN JSON document (its "format" must be "{format}")'
    JSON_VERSION = "json-version", "TGN JSON version {written} is not supported (only {version})"
    JSON_NO_RECORDS = "json-no-records", "$.records: expected a list, found nothing"
    JSON_RECORDS_NOT_LIST = "json-records-not-list", "$.records: expected a list [...] of records, found {written!r}"
    JSON_UNKNOWN_KEY = "json-unknown-key", "{path}: unknown key {written} (known: {known:join ,})"
    JSON_TAG_NAME = "json-tag-name", "{path}: a tag name is letters, digits or _ only"
    JSON_RESULT = "json-result", "{path}.result: {written} is not one of {results:join ,}"
    JSON_RESULT_DIFFERS = "json-result-differs", "{path}.result: {result} differs from the Result tag {written!r}"
    JSON_NAG = "json-nag", "{path}.nags[{index}]: expected an integer from 0 to 255"
    JSON_EMPTY_VARIATION = "json-empty-variation", "{path}: a variation holds at least one turn"
    JSON_KIND = "json-kind", "{path}: expected {what}, found {found}"
    JSON_TURN = "json-turn", "{path}.turn: {said}"
    # what a JSON value is (JSON_KIND)
    AN_OBJECT = "an-object", "an object"
    A_LIST = "a-list", "a list"
    A_STRING = "a-string", "a string"
    A_NUMBER = "a-number", "a number"
    A_VALUE = "a-value", "a value"
    NOTHING = "nothing", "nothing (or null)"
    THE_NUMBER = "the-number", "the number {written}"
    THE_END = "the-end", "the end of the file"
    # what a JSON document was expected to hold next (JSON_EXPECTED, JSON_TOO_LONG)
    COMMA_OR_BRACE = "comma-or-brace", "',' or '}}'"
    QUOTED_KEY = "quoted-key", "a key in double quotes"
    A_KEY = "a-key", "a key"
    VALUE_OF = "value-of", 'the value of "{written}"'
    COMMA_IN_RECORDS = "comma-in-records", "',' or ']' in the list of records"
    RECORD_NUMBER = "record-number", "record {number}"


class SheetProblem(Worded):
    """Why a scoresheet (`ludoscribe record`, a phone's scoresheet) refuses a change, and what it
    says of a result, by their code (notation/recording/scoresheet.py)."""

    NOT_A_DATE = "not-a-date", "{written!r} is not a date: write YYYY.MM.DD, with ?? for an unknown part " \
        "(2026.03.14, 2026.03.??, ????.??.??)"
    NOT_IN_CALENDAR = "not-in-calendar", "{written!r} is not a date of the calendar"
    UNFINISHED = "unfinished", "{result}: unfinished"
    DRAW = "draw", "{result}: a draw"
    WINS = "wins", "{result}: {side} wins"
    PLAYER_WINS = "player-wins", "{result}: {side} ({written}) wins"
    NOT_ONE_RECORD = "not-one-record", "{path} holds {count:0=no record|several records}: a scoresheet is one record"
    DOES_NOT_CHECK = "does-not-check", "{path} does not check: {written}"
    FINISHED = "finished", "{path} is finished already ({said})"
    CLOSED = "closed", "the record is finished already ({said}): reopen it first"
    GAME_OVER = "game-over", "the game is over: {ending}"
    RESULT_AGAINST_END = "result-against-end", "the game is over: {ending}, so the result is {result}"
    ONE_LINE = "one-line", "a turn is written on one line"
    ANNOTATION_RANGE = "annotation-range", "an annotation $N goes from $0 to $255"
    HAS_VARIATIONS = "has-variations", "{written} has variations, which a correction cannot keep: edit the file " \
        "to correct it"
    CORRECTION_TOO_LONG = "correction-too-long", "the correction cannot be written: {said}"
    EMPTY_COMMENT = "empty-comment", "the comment is empty"
    CORRECTION_BY_HAND = "correction-by-hand", "a comment cannot hold [%{command} ...]: a correction is written " \
        "by taking back a turn or a result, never by hand"
    NOT_A_TAG_NAME = "not-a-tag-name", "{written!r} is not a tag name (letters, digits and _)"
    TAG_NOT_CHANGED = "tag-not-changed", "the {written} tag is not changed on a scoresheet"
    SAME_PLAYER = "same-player", "{written} plays {side} already: the two sides need two different players"
    NO_TURN_FOR_CLOCK = "no-turn-for-clock", "no turn yet: the clock is noted after a turn"
    NOT_A_CLOCK = "not-a-clock", "{written!r} is not a time left H:MM:SS (e.g. 0:58:12)"
    NOT_A_RESULT = "not-a-result", "{written!r} is not a result (1-0, 0-1, 1/2-1/2 or *)"
    NOT_FINISHED = "not-finished", "the record is not finished"
    TURN_TOO_LONG = "turn-too-long", "the turn {written!r} is {size} bytes long, over the {limit}-byte limit of one word"


class InputProblem(Worded):
    """Why a file or folder named to a command gave no record (notation/archive/sources.py), and
    what a file that is not a regular one is (notation/files.py `file_kind`)."""

    NOT_PARQUET = "not-parquet", "not a Parquet folder that can be read ({written})"
    NO_RECORD_IN_PARQUET = "no-record-in-parquet", "no record in this Parquet folder"
    NOT_UTF8 = "not-utf8", "not UTF-8 text ({written} at byte {at})"
    NO_RECORD_IN_FILE = "no-record-in-file", "no record in this file"
    NO_RECORD_IN_INPUT = "no-record-in-input", "no record in the input"
    NOT_REGULAR = "not-regular", "not a regular file ({kind}), not read"
    OUTPUT_FOLDER = "output-folder", "the output folder, not searched"
    WRITTEN_BY_LUDOSCRIBE = "written-by-ludoscribe", "a folder written by ludoscribe (a site or an mkdocs project), " \
        "not searched"
    NO_RECORD_FILE = "no-record-file", "no .tgn or .json file in this folder"
    LINK_TO_NOTHING = "link-to-nothing", "a symbolic link to nothing ({written})"
    CANNOT_LIST = "cannot-list", "cannot list this folder: {written}"
    NAMED_PIPE = "named-pipe", "a named pipe"
    SOCKET = "socket", "a socket"
    FOLDER = "folder", "a folder"
    DEVICE = "device", "a device"


class VariantProblem(Worded):
    """Why a Variant tag's options, or a game plugin, are refused when a game's rules are made, by their
    codes; what the tag wrote is given as written."""

    EXCLUDE = "exclude", "{game} variants {first!r} and {second!r} exclude each other"
    BAD = "bad", "bad {game} variant {written!r}"  # what a number too long is in (FormatProblem.LONG_NUMBER)
    MODE_NUMBER = "mode-number", "bad {game} variant {written!r}: the {mode} mode takes a whole number from 1, " \
        "as in {mode} 8 ({value} given)"
    NO_NUMBER = "no-number", "no number"
    MODE_TWICE = "mode-twice", "bad {game} variant {written!r}: the {mode} mode is already given ({mode} {number})"
    TOTAL = "total", "bad {game} variant {written!r}: a side has {count} pieces (11 pucks and the queen), so the " \
        "total cannot be reached"
    FACES = "faces", "bad {game} variant {written!r}: the faces option lists H, T, B and P once each, in clockwise " \
        "order, as in faces HTBP"
    NOT_ACTION = "not-action", "{written!r} is not a T'Chako action"
    NO_DICE = "no-dice", "Tektop turns depend on the dice: give the throws as chance, e.g. ('2514', '2554')"
    NOT_THROWS = "not-throws", "{written} is not 1 to 3 throws of four dice"
    PLUGIN_NOT_LOADED = "plugin-not-loaded", "the game plugin {written!r} ({value}) cannot be loaded: {reason}"
    NOT_A_PLUGIN = "not-a-plugin", "the game plugin {written!r} ({value}) is not a GamePlugin"


class Saying(str):
    """The English sentence of a Said, which keeps it (`said`): a str wherever a message is one."""

    said: Said

    def __new__(cls, said: Said) -> Saying:
        sentence = super().__new__(cls, said.sentence)
        sentence.said = said
        return sentence

    def __getnewargs__(self) -> tuple[Any, ...]:  # a copy or a pickle keeps the Said
        return (self.said,)


def say(code: Worded, **params: Param) -> Saying:
    """The English sentence of a code with its parameters, keeping them."""
    return Saying(Said(code, **params))


def message_of(error: Exception) -> str:
    """An error's message, a Saying if it was raised with one (str(error) would lose its Said)."""
    return error.args[0] if len(error.args) == 1 and isinstance(error.args[0], Saying) else str(error)


def sentence_in(text: str, words: Words) -> str:
    """A message in the language of `words`: said again from its code if it keeps one (a Saying,
    a scoresheet's Objection), else as it is."""
    said = text.said if isinstance(text, Saying) else getattr(text, "whole", None)
    return said.sentence_in(words) if isinstance(said, Said) else text


def said_of(text: object) -> Param:
    """What a parameter made of a message says: its Said if it is a Saying, else its text."""
    return text.said if isinstance(text, Saying) else str(text)


def turn_label(game: SomeGame, number: int, side: int) -> str:
    """How a problem names a turn, "turn 3 Red" (`Game.label`), keeping its number and side to say
    it in another language."""
    label = game.label(number, side)
    turn = say(FormatProblem.TURN, number=number, side=game.sides[side])
    return turn if turn == label else label  # a game that names its turns otherwise keeps its words
