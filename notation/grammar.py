"""The TGN grammar: the common part, completed by each game's `turn` rules.

Every token of the movetext is one rule (one regular expression that also eats the
whitespace after it), so the parse tree stays flat. Nesting of variations and the
order of tokens are checked by the reader, which can then say which turn a mistake
belongs to. `unexpected` catches anything else, so that a mistake is reported as
such rather than stopping the parse.

Because `movetext` is only `space element*` and every `element` is one regular
expression, `tokens` walks a movetext with the grammar's own rules, tried in the order
`element` lists them: it matches exactly what parsing `movetext` would, without
building a parse node per token (reading is about a third faster). It compiles them
with the standard `re` module: the `regex` module parsimonious uses takes time
quadratic in the length of a word when it backs out of a repeat (a T'Chako turn of
thousands of actions followed by a stray letter), `re` linear time.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterator

from parsimonious.expressions import Regex
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
    return Grammar(COMMON_RULES + game_class.turn_rules)


Token = tuple[str, Any]  # a movetext token: its rule's name and the regex match


@lru_cache(maxsize=None)
def token_rules(game_class: Any) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each alternative of `element`, in its order: (rule name, compiled regular expression)."""
    members = grammar_for(game_class)["element"].members
    assert all(isinstance(member, Regex) for member in members), "every movetext token is one regex"
    return tuple((member.name, re.compile(member.re.pattern)) for member in members)


def tokens(game_class: Any, text: str, pos: int = 0) -> Iterator[Token]:
    """The movetext tokens of text[pos:], as (rule name, regex match): `space element*`."""
    rules = token_rules(game_class)
    pos = SPACE.match(text, pos).end()
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


# The tag section reads the same for every game; its `turn` rule is never used.
HEADER = Grammar(COMMON_RULES + 'turn = ~r"(?!)"')["header"]
SPACE = HEADER.members[0].re  # the `space` rule
