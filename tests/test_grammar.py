"""The movetext scanner (grammar.tokens) and the tag section reader (grammar.header) find exactly
what parsimonious parses, though they never build a parsimonious grammar."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoscribe.notation.games import GAMES
from ludoscribe.notation.grammar import grammar_for, header, token_rules, tokens, turn_pattern

from conftest import examples

# Pieces of movetext, right and wrong, that every game's text is made of.
PIECES = ["1.", "12...", " ", "\n", "\t", "{", "}", "{a comment}", ";", "(", ")", "(3", "$1", "$300", "!", "?!",
          "1-0", "0-1", "1/2-1/2", "*", "D4", "(H9)", "H10", "c3-d3", "c3-xd3", "a1", "b2-b4xc4", "Ab2", "b2>",
          "3/4:", "E5", "F>G", "F>GxI", "+A", "~s>AD", "pass", "@40:55", ",", "/wG>H", "x", "%", "é"]


def parsed(game_class: type, text: str) -> list[tuple[str, int, int]]:
    movetext = grammar_for(game_class)["movetext"].match(text)
    return [(element.children[0].expr_name, element.start, element.end) for element in movetext.children[1]]


def scanned(game_class: type, text: str) -> list[tuple[str, int, int]]:
    return [(name, match.start(), match.end()) for name, match in tokens(game_class, text)]


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=25))
def test_scanner_matches_the_grammar(game, pieces):
    text = "".join(pieces)
    assert scanned(GAMES[game], text) == parsed(GAMES[game], text)


def test_scanner_names_each_kind_of_token():
    from ludoscribe.notation.games.teblo import Teblo
    text = "  1. D4 {fine} $1 (1. (H9) ) 1... H10! ;end\n%% 1-0"
    assert [name for name, _ in tokens(Teblo, text)] == [
        "number", "turn", "brace_comment", "nag", "variation_start", "number", "turn", "variation_end", "number",
        "turn", "nag", "line_comment", "unexpected", "result"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_scanner_takes_the_regular_expressions_parsimonious_builds(game):
    members = grammar_for(GAMES[game])["element"].members
    assert [(name, rule.pattern) for name, rule in token_rules(GAMES[game])] == [
        (member.name, member.re.pattern) for member in members]


HEADERS = ['[Game "Teblo"]\n[Event "a \\"b\\" c"]\n\n1. D4 *', '  \n[A "1"] [B "2"]x', '[Bad tag]\n', "",
           '[Game "x\ny"]', '[A_1\t"v"]\n\n[B "w"]\n']


@pytest.mark.parametrize("text", HEADERS)
def test_the_tag_section_reads_as_the_header_rule(text):
    node = grammar_for(GAMES["Teblo"])["header"].match(text)
    tags, end = header(text)
    assert ([(tag.start(), tag.end(), tag.group("name", "value")) for tag in tags], end) == (
        [(tag.start, tag.end, tag.match.group("name", "value")) for tag in node.children[1].children], node.end)


def test_flags_after_a_turn_rule_are_kept_in_its_compiled_pattern():
    class Flagged(GAMES["Teblo"]):  # the i flag: d4 is a turn too
        turn_rules = 'turn = ~r"(?P<placement>\\()?(?P<square>[A-L](?:1[0-2]|[1-9]))(?(placement)\\))\\s*"i\n'

    assert turn_pattern(Flagged).flags & re.IGNORECASE
    assert [name for name, _ in tokens(Flagged, "1. d4 (h9) *")] == ["number", "turn", "turn", "result"]
    assert turn_pattern(Flagged).fullmatch("d4 ").groupdict() == grammar_for(Flagged)["turn"].parse("d4 ").match.groupdict()


def test_a_turn_rule_of_more_than_one_regular_expression_is_refused():
    class Composed(GAMES["Teblo"]):
        turn_rules = 'turn = square / placement\nsquare = ~r"[A-L][0-9]+"\nplacement = ~r"\\([A-L][0-9]+\\)"\n'

    with pytest.raises(TypeError, match=r'^Composed.turn_rules: the turn rule must be one regular expression, '
                                        r'turn = ~r"\.\.\."$'):
        Composed().read_turn("D4")
