"""The TGN grammar: the common part, completed by each game's `turn` rules.

Every token of the movetext is one rule (one regular expression that also eats the
whitespace after it), so the parse tree stays flat. Nesting of variations and the
order of tokens are checked by the reader, which can then say which turn a mistake
belongs to. `unexpected` catches anything else, so that a mistake is reported as
such rather than stopping the parse.

Because `movetext` is only `space element*` and every `element` is one regular
expression, `tokens` walks a movetext with the grammar's own rules, tried in the order
`element` lists them: it matches exactly what parsing `movetext` would, without
building a parse node per token (reading is about a third faster). The regular
expressions are taken from the rules' text, without building a parsimonious grammar,
so that reading a record does not import parsimonious (start-up,
docs/contributing.md#start-up); a game whose `turn` rule is more than one regular
expression gets them from parsimonious. It compiles them with the standard `re` module: the `regex` module parsimonious uses takes time
quadratic in the length of a word when it backs out of a repeat (a T'Chako turn of
thousands of actions followed by a stray letter), `re` linear time.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:
    from parsimonious.grammar import Grammar

COMMON_RULES = r'''
# A record: its tag section, then its movetext.
record          = header movetext

# Tags: [Name "value"], one per line; inside the value \" and \\ are escapes.
header          = space tag*
tag             = ~r'\[(?P<name>[A-Za-z0-9_]+)[ \t]+"(?P<value>(?:[^"\\\n]|\\.)*)"\]\s*'

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



@lru_cache(maxsize=None)
def grammar_for(game_class: Any) -> Grammar:
    """The full grammar for a game: the common rules plus the game's `turn` rules."""
    from parsimonious.grammar import Grammar

    return Grammar(COMMON_RULES + game_class.turn_rules)


Token = tuple[str, Any]  # a movetext token: its rule's name and the regex match

# One rule of the rules' text: its name and definition, up to the next rule (comments left out).
RULE = re.compile(r"^(?P<name>\w+)[ \t]*=(?P<body>(?:.|\n(?![ \t]*(?:\w+[ \t]*=|\n|$)))*)", re.MULTILINE)
# A definition that is one regular expression without flags: ~r"..." or ~r'...'.
ONE_REGEX = re.compile(r"""\s*~(?P<literal>r?(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'))\s*""")
COMMENT = re.compile(r"^[ \t]*#.*$", re.MULTILINE)


def rule_patterns(rules: str) -> dict[str, str | list[str]]:
    """Each rule of a grammar's text: the pattern of a one-regex rule, the names of an
    alternation's members (`a / b`), or no entry for any other kind of rule."""
    found: dict[str, str | list[str]] = {}
    for rule in RULE.finditer(COMMENT.sub("", rules)):
        body = rule["body"]
        if (regex := ONE_REGEX.fullmatch(body)) is not None:
            found[rule["name"]] = ast.literal_eval(regex["literal"])
        elif re.fullmatch(r"\s*\w+(?:\s*/\s*\w+)+\s*", body):
            found[rule["name"]] = [name.strip() for name in body.split("/")]
    return found


COMMON = rule_patterns(COMMON_RULES)


@lru_cache(maxsize=None)
def token_rules(game_class: Any) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each alternative of `element`, in its order: (rule name, compiled regular expression)."""
    patterns = {**COMMON, **rule_patterns(game_class.turn_rules)}
    members = patterns["element"]
    if all(isinstance(patterns.get(name), str) for name in members):
        return tuple((name, re.compile(str(patterns[name]))) for name in members)
    from parsimonious.expressions import Regex

    expressions = grammar_for(game_class)["element"].members
    assert all(isinstance(member, Regex) for member in expressions), "every movetext token is one regex"
    return tuple((member.name, re.compile(member.re.pattern)) for member in expressions)


def tokens(game_class: Any, text: str, pos: int = 0) -> Iterator[Token]:
    """The movetext tokens of text[pos:], as (rule name, regex match): `space element*`."""
    rules = token_rules(game_class)
    pos = SPACE.match(text, pos).end()  # type: ignore[union-attr]  # it matches the empty string
    size = len(text)
    while pos < size:
        for name, rule in rules:
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
    pos = SPACE.match(text).end()  # type: ignore[union-attr]  # it matches the empty string
    while (tag := TAG.match(text, pos)) is not None:
        tags.append(tag)
        pos = tag.end()
    return tags, pos
