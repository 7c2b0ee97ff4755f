"""The TGN grammar: the common part, completed by each game's `turn` rules.

Every token of the movetext is one rule (one regular expression that also eats the
whitespace after it), so the parse tree stays flat. Nesting of variations and the
order of tokens are checked by the reader, which can then say which turn a mistake
belongs to. `unexpected` catches anything else, so that a mistake is reported as
such rather than stopping the parse.

The rules are written in parsimonious's syntax, the readable spec, but reading never
runs parsimonious: each rule's regular expression is taken from the rules' text and
compiled once with the standard `re` module (`rule_patterns`). Because `movetext` is
only `space element*` and every `element` is one regular expression, `tokens` walks a
movetext with those expressions, tried in the order `element` lists them, and matches
exactly what parsing `movetext` would. A game's `turn` rule is one regular expression
too, and `turn_pattern` is the one compiled pattern that reads a turn wherever it comes
from: the movetext scanner, JSON, the scoresheet and `filter --opening` (`Game.read_turn`).
The tests check the compiled patterns against the parsimonious grammar (`grammar_for`).
The `re` module also backs out of a repeat in linear time, where the `regex` module
parsimonious uses takes time quadratic in the length of the word (a T'Chako turn of
thousands of actions followed by a stray letter), and reading does not import
parsimonious (start-up, docs/contributing.md#start-up).
"""

from __future__ import annotations

import ast
import re
from functools import cache
from typing import TYPE_CHECKING, Iterator

from .model import skipped

if TYPE_CHECKING:
    from parsimonious.grammar import Grammar

    from .games.base import SomeGame

COMMON_RULES = r'''
# A record: its tag section, then its movetext.
record          = header movetext

# Tags: [Name "value"], one per line; inside the value \" and \\ are escapes.
# (The value is read as runs of plain characters between escapes: quick on a long value.)
header          = space tag*
tag             = ~r'\[(?P<name>[A-Za-z0-9_]+)[ \t]+"(?P<value>[^"\\\n]*(?:\\.[^"\\\n]*)*)"\]\s*'

# Movetext: a flat run of tokens, the last of which is the result.
movetext        = space element*
element         = turn / number / nag / brace_comment / line_comment
                / variation_start / variation_end / result / unexpected

# "12." comes before the first side's turn, "12..." before the second side's.
number          = ~r"(?P<number>[0-9]+)(?P<dots>\.\.\.|\.)\s*"

# Numeric annotation glyphs: $0-$255, or a suffix glued to the turn ($1-$6).
nag             = ~r"(\$(?P<nag>[0-9]+)|(?P<glyph>!!|\?\?|!\?|\?!|!|\?))\s*"

# Comments: {...} (no nesting) or ; to the end of the line.
brace_comment   = ~r"\{(?P<text>[^}]*)\}\s*"
line_comment    = ~r";(?P<text>[^\n]*)\s*"

# A variation opens with "(" followed by its turn number: "(12... G10 13. (H8))".
# A "(" followed by a letter belongs to the game's turn syntax, as in "(H9)".
variation_start = ~r"\((?=\s*[0-9])\s*"
variation_end   = ~r"\)\s*"

result          = ~r"(?P<result>1-0|0-1|1/2-1/2|\*)(?!\S)\s*"

# Anything else is a mistake, reported with the turn it belongs to.
unexpected      = ~r"[^\s]+\s*"
space           = ~r"\s*"
'''

# A line ending like a movetext's result: a record's text ends after one (the reader cuts
# records there), so the writer never starts the next line with "[", which would read as a tag.
ENDS_WITH_RESULT = re.compile(r"(?:^|\s)(?:1-0|0-1|1/2-1/2|\*)\s*$")


@cache
def grammar_for(game_class: type[SomeGame]) -> Grammar:
    """The parsimonious grammar of a game (the common rules plus its `turn` rules): the spec
    that the compiled patterns are checked against."""
    from parsimonious.grammar import Grammar

    return Grammar(COMMON_RULES + game_class.turn_rules)


Token = tuple[str, re.Match[str]]  # a movetext token: its rule's name and the regex match

# One rule of the rules' text: its name and definition, up to the next rule (comments left out).
RULE = re.compile(r"^(?P<name>\w+)[ \t]*=(?P<body>(?:.|\n(?![ \t]*(?:\w+[ \t]*=|\n|$)))*)", re.MULTILINE)
# A definition that is one regular expression: ~r"..." or ~r'...', perhaps with flags after it.
ONE_REGEX = re.compile(r"""\s*~(?P<literal>r?(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'))(?P<flags>[ilmsuxa]*)\s*""",
                       re.IGNORECASE)
COMMENT = re.compile(r"^[ \t]*#.*$", re.MULTILINE)


def rule_patterns(rules: str) -> dict[str, str | list[str]]:
    """Each rule of a grammar's text: the pattern of a one-regex rule (its flags written
    inside it), the names of an alternation's members (`a / b`), or no entry for any other
    kind of rule."""
    found: dict[str, str | list[str]] = {}
    for rule in RULE.finditer(COMMENT.sub("", rules)):
        body = rule["body"]
        if (regex := ONE_REGEX.fullmatch(body)) is not None:
            flags = "".join(sorted(set(regex["flags"].lower().replace("l", "L"))))  # as re writes parsimonious's flags
            pattern = ast.literal_eval(regex["literal"])
            found[rule["name"]] = f"(?{flags}){pattern}" if flags else pattern
        elif re.fullmatch(r"\s*\w+(?:\s*/\s*\w+)+\s*", body):
            found[rule["name"]] = [name.strip() for name in body.split("/")]
    return found


COMMON = rule_patterns(COMMON_RULES)


@cache
def turn_pattern(game_class: type[SomeGame]) -> re.Pattern[str]:
    """The game's `turn` rule compiled: what reads a turn, from TGN, JSON, the scoresheet or
    a command's option (docs/contributing.md#the-rules)."""
    pattern = rule_patterns(game_class.turn_rules).get("turn")
    if not isinstance(pattern, str):
        raise TypeError(f"{game_class.__name__}.turn_rules: the turn rule must be one regular expression, "
                        'turn = ~r"..."')
    return re.compile(pattern)


@cache
def token_rules(game_class: type[SomeGame]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each alternative of `element`, in its order: (rule name, compiled regular expression)."""
    members = COMMON["element"]
    assert isinstance(members, list), "element is an alternation"
    return tuple((name, turn_pattern(game_class) if name == "turn" else re.compile(str(COMMON[name])))
                 for name in members)


def tokens(game_class: type[SomeGame], text: str, pos: int = 0) -> Iterator[Token]:
    """The movetext tokens of text[pos:], as (rule name, regex match): `space element*`."""
    rules = token_rules(game_class)
    pos = skipped(SPACE, text, pos)
    size = len(text)
    while pos < size:
        for name, rule in rules:  # noqa: B007 - `name` is the rule that matched, read after the loop
            match = rule.match(text, pos)
            if match is not None:
                break
        else:
            return
        if match.end() == pos:
            return
        yield name, match
        pos = match.end()


SPACE = re.compile(str(COMMON["space"]))
TAG = re.compile(str(COMMON["tag"]))


def header(text: str) -> tuple[list[re.Match[str]], int]:
    """The tag section at the start of a record's text (the `header` rule, `space tag*`):
    the match of each tag, and where the section ends."""
    tags = []
    pos = skipped(SPACE, text)
    while (tag := TAG.match(text, pos)) is not None:
        tags.append(tag)
        pos = tag.end()
    return tags, pos
