"""Reading TGN: tags, comments, NAGs, variations, turn numbers, multi-record files, and
the exact problems (message, line, column, turn) reported for mistakes."""

from __future__ import annotations

import pytest

from conftest import header, problems_of, read_all, read_one, refused, what_happened
from ludoscribe.notation import check, parse_record, read_string, write_record
from ludoscribe.notation.games import FormatSetUp, Refusal, SetUpRefusal
from ludoscribe.notation.games.teblo import Placement, Step, TebloRefusal, TebloSetUp
from ludoscribe.notation.model import ProblemCode

TAGS = '[Game "Teblo"]\n[Result "*"]\n\n'  # movetext starts on line 4


def turns(line) -> list[str]:
    return [node_text(node) for node in line]


def node_text(node) -> str:
    from ludoscribe.notation.games.teblo import Teblo
    return Teblo().turn_text(node.turn)


def one_problem(text: str) -> tuple:
    record = read_one(text)
    assert len(record.problems) == 1, record.problems
    problem = record.problems[0]
    assert isinstance(problem.code, ProblemCode)  # which code: tests/test_problem_codes.py
    return problem.message, problem.line, problem.column, problem.turn


# --- tags ---------------------------------------------------------------------------------


def test_tags_are_read_in_order_with_escapes():
    record = read_one('[Game "Teblo"]\n[Zeta "1"]\n[Event "a \\"quoted\\" \\\\ name"]\n'
                      '[Result "*"]\n[Alpha "x ] y"]\n[Empty ""]\n\n1. D4 *\n')
    assert record.problems == []
    assert list(record.tags.items()) == [
        ("Game", "Teblo"), ("Zeta", "1"), ("Event", 'a "quoted" \\ name'),
        ("Result", "*"), ("Alpha", "x ] y"), ("Empty", "")]


def test_unknown_tags_kept_in_order_when_written():
    record = read_one('[Zeta "z"]\n[Game "teblo"]\n[Red "R\\\\"]\n[Alpha "a\\"b"]\n[Result "*"]\n'
                      '[Yellow "Y"]\n\n1. D4 *\n')
    assert write_record(record).splitlines()[:11] == [
        '[Game "Teblo"]', '[Event "?"]', '[Site "?"]', '[Date "????.??.??"]', '[Round "?"]',
        '[Yellow "Y"]', '[Red "R\\\\"]', '[Result "*"]', '[Zeta "z"]', '[Alpha "a\\"b"]', ""]


def test_game_tag_read_case_insensitively():
    record = read_one('[Game "  tEBLO "]\n[Result "*"]\n\n1. D4 *\n')
    assert record.problems == [] and record.game.name == "Teblo"


def test_duplicate_tag():
    assert one_problem('[Game "Teblo"]\n[Result "*"]\n[Event "a"]\n[Event "b"]\n\n1. D4 *\n') == (
        "tag Event appears twice", 4, 1, None)


def test_malformed_tag():
    assert one_problem('[Game "Teblo"]\n[Bad-Name "x"]\n[Result "*"]\n\n1. D4 *\n') == (
        'malformed tag: a tag is written [Name "value"] on a line of its own', 2, 1, None)
    assert one_problem('[Game "Teblo"]\n[Result "*"]\n[Event "x"\n\n1. D4 *\n') == (
        'malformed tag: a tag is written [Name "value"] on a line of its own', 3, 1, None)


def test_missing_game_tag():
    assert one_problem('[Result "*"]\n[Event "e"]\n\n1. D4 *\n') == (
        "missing Game tag: it names the game (Teblo, Staku, Tektop, Tekao or TChako)", 4, 1, None)


def test_unknown_game():
    assert one_problem('[Event "e"]\n[Game "Chess"]\n[Result "*"]\n\n1. D4 *\n') == (
        "unknown game 'Chess' (the Game tag is one of Teblo, Staku, Tektop, Tekao, TChako)", 2, 1, None)


def test_unknown_variant():
    assert one_problem('[Game "Teblo"]\n[Result "*"]\n[Variant "fast, big"]\n\n1. D4 *\n') == (
        "unknown Teblo variant 'big' (known: none)", 3, 1, None)


def test_set_up_needs_a_good_position():
    untagged = read_one('[Game "Teblo"]\n[Result "*"]\n[SetUp "1"]\n\n1. D4 *\n')
    assert what_happened(untagged) == [
        (ProblemCode.POSITION, refused(SetUpRefusal(FormatSetUp.NO_POSITION_TAG)), 5, 1, None)]
    short = read_one('[Game "Teblo"]\n[Result "*"]\n[SetUp "1"]\n[Position "12/12 D3 I10 Y 1"]\n\n1. D4 *\n')
    rows = SetUpRefusal(TebloSetUp.ROW_COUNT, rows=2)
    assert what_happened(short) == [(ProblemCode.POSITION, refused(rows), 4, 1, None)]
    assert short.problems[0].message == f"bad Position tag: {rows}"  # the words, said by the code


def test_set_up_position_sets_number_and_side():
    code = "12/12/12/12/12/12/12/12/12/12/12/12 D4 I10 R 7"
    record = read_one(header(SetUp="1", Position=code) + "7... H10 8. D5 *\n")
    assert record.problems == [] and check(record).outcome is None
    assert (record.start.number, record.start.side) == (7, 1)
    assert one_problem(header(SetUp="1", Position=code) + "7. H10 *\n") == (
        "turn number 7. does not fit: this turn is 7...", 6, 1, "turn 7 Red")


def test_position_ignored_without_set_up():
    record = read_one(header(Position="12/12 junk") + "1. D4 *\n")
    assert record.problems == [] and record.start == record.game.start_position()


def test_missing_result_tag():
    assert one_problem('[Game "Teblo"]\n[Event "e"]\n\n1. D4 H10 *\n') == (
        "missing Result tag (it must equal the result at the end of the movetext)", 4, 1, None)


def test_result_must_equal_result_tag():
    assert one_problem('[Game "Teblo"]\n[Result "1-0"]\n\n1. D4 H10 0-1\n') == (
        "the result 0-1 differs from the Result tag '1-0'", 4, 11, "turn 2 Yellow")


# --- comments -------------------------------------------------------------------------------


def test_brace_and_line_comments():
    record = read_one(TAGS + "{ before  all } 1. {between\nnumber and turn} D4 {after D4}{again}"
                             " ; to the end } of line\nH10 ;last\n*\n")
    assert record.problems == []
    assert record.comments == ["before all"]
    d4, h10 = record.moves
    assert d4.before == ["between number and turn"]
    assert d4.comments == ["after D4", "again", "to the end } of line"]
    assert h10.comments == ["last"] and h10.before == []


def test_comment_may_hold_brackets_and_semicolons():
    record = read_one(TAGS + "1. D4 {a ; b ( c [d] { e} *\n")
    assert record.problems == [] and record.moves[0].comments == ["a ; b ( c [d] { e"]


def test_empty_comment_kept():
    record = read_one(TAGS + "1. D4 {} {   } *\n")
    assert record.moves[0].comments == ["", ""]
    assert "1. D4 {} {} *" in write_record(record)


def test_comment_commands():
    record = read_one(TAGS + "1. D4 {[%clk 0:58:12] good [%mark D4,H9] [%arrow D4-D6] [%diagram] [%foo  a b ]} *\n")
    assert list(record.moves[0].commands()) == [
        ("clk", "0:58:12"), ("mark", "D4,H9"), ("arrow", "D4-D6"), ("diagram", ""), ("foo", "a b")]
    assert record.moves[0].comments == ["[%clk 0:58:12] good [%mark D4,H9] [%arrow D4-D6] [%diagram] [%foo a b ]"]


def test_unclosed_comment():
    assert one_problem(TAGS + "1. D4 H10 {never closed\n2. D5 *\n") == (
        "comment not closed: '{' has no matching '}' in this record", 4, 11, "turn 2 Yellow")


def test_stray_closing_brace():
    assert one_problem(TAGS + "1. D4 } *\n") == ("'}' closes no comment", 4, 7, "turn 1 Red")


# --- NAGs -------------------------------------------------------------------------------------


@pytest.mark.parametrize("glyph, nag", [("!", 1), ("?", 2), ("!!", 3), ("??", 4), ("!?", 5), ("?!", 6)])
def test_glyphs(glyph, nag):
    record = read_one(TAGS + f"1. D4{glyph} (H9){glyph} *\n")
    assert record.problems == []
    assert [node.nags for node in record.moves] == [[nag], [nag]]
    assert f"1. D4{glyph} (H9){glyph} *" in write_record(record)


def test_numeric_nags():
    record = read_one(TAGS + "1. D4 $0 $14 $255 H10 $1 $3 ?! *\n")
    assert record.problems == []
    assert [node.nags for node in record.moves] == [[0, 14, 255], [1, 3, 6]]
    assert "1. D4 $0 $14 $255 H10! $3 $6 *" in write_record(record)


def test_nag_out_of_range():
    assert one_problem(TAGS + "1. D4 H10 $256 *\n") == ("NAG $256 is out of range ($0 to $255)", 4, 11, "turn 1 Red")


@pytest.mark.parametrize("movetext, column, turn", [("$1 1. D4 *", 1, "turn 1 Yellow"),
                                                     ("1. !? D4 *", 4, "turn 1 Yellow")])
def test_nag_before_any_turn(movetext, column, turn):
    assert one_problem(TAGS + movetext + "\n") == ("a NAG ($n, !, ?) must follow a turn", 4, column, turn)


# --- turns and turn numbers ---------------------------------------------------------------


def test_turns_steps_and_placements():
    record = read_one(TAGS + "1. D4 (H9) 2. (A1) L12 3. (l12) *\n")
    assert turns(record.moves)[:4] == ["D4", "(H9)", "(A1)", "L12"]
    assert [type(node.turn) for node in record.moves[:4]] == [Step, Placement, Placement, Step]
    assert one_problem(TAGS + "1. D4 (H9) 2. (A1) L12 3. (l12) *\n") == (
        "'(l12)' is not a Teblo turn (a step like D4 or a placement like (H9)), and a variation starts "
        "with its turn number, as in (3... G10)", 4, 27, "turn 3 Yellow")


def test_turn_numbers_are_optional_but_must_fit():
    record = read_one(TAGS + "1. D4 H10 D5 2... H11 3. D6 *\n")
    assert record.problems == [] and turns(record.moves) == ["D4", "H10", "D5", "H11", "D6"]


@pytest.mark.parametrize("movetext, message, column, turn", [
    ("1... D4 *", "turn number 1... does not fit: this turn is 1.", 1, "turn 1 Yellow"),
    ("1. D4 2. H10 *", "turn number 2. does not fit: this turn is 1...", 7, "turn 1 Red"),
    ("1. D4 H10 3. D5 *", "turn number 3. does not fit: this turn is 2.", 11, "turn 2 Yellow"),
    ("1. D4 H10 2... D5 *", "turn number 2... does not fit: this turn is 2.", 11, "turn 2 Yellow"),
    ("2. D4 *", "turn number 2. does not fit: this turn is 1.", 1, "turn 1 Yellow"),
    ("1. D4 H10 2. *", "a turn number must be followed by its turn", 11, "turn 2 Yellow"),
    ("1. D4 H10 2. 2. D5 *", "a turn number must be followed by its turn", 11, "turn 2 Yellow"),
])
def test_wrong_turn_numbers(movetext, message, column, turn):
    assert one_problem(TAGS + movetext + "\n") == (message, 4, column, turn)


@pytest.mark.parametrize("word, column, shown", [
    ("Q5", 14, "'Q5'"), ("D13", 14, "'D13'"), ("D0", 14, "'D0'"), ("d5", 14, "'d5'"),
    ("ThisIsAVeryLongWordThatIsNotATurnAtAll", 14, "'ThisIsAVeryLongWordTh...'"),
])
def test_syntax_errors_carry_the_turn(word, column, shown):
    assert one_problem(TAGS + f"1. D4 H10 2. {word} *\n") == (
        f"{shown} is not a Teblo turn (a step like D4 or a placement like (H9))", 4, column, "turn 2 Yellow")


def test_a_word_glued_to_a_turn_after_a_comment_is_one_mistake():
    assert one_problem(TAGS + "{opening} 1. D4 {central} H10Q *\n") == (
        "'H10Q' is not a Teblo turn (a step like D4 or a placement like (H9))", 4, 27, "turn 1 Red")


def test_syntax_error_on_a_later_line():
    assert one_problem(TAGS + "1. D4 H10\n2. D5 H11\n  3. D6 %% *\n") == (
        "'%%' is not a Teblo turn (a step like D4 or a placement like (H9))", 6, 9, "turn 3 Red")


def test_text_after_the_result():
    assert one_problem(TAGS + "1. D4 * H10\n") == (
        "text after the result: the result ends the record", 4, 9, "turn 1 Red")


def test_missing_result_token():
    assert one_problem(TAGS + "1. D4 H10\n\n") == (
        "the movetext must end with a result: 1-0, 0-1, 1/2-1/2 or *", 4, 10, "turn 2 Yellow")


@pytest.mark.parametrize("result", ["1-0", "0-1", "1/2-1/2", "*"])
def test_results(result):
    record = read_one(f'[Game "Teblo"]\n[Result "{result}"]\n\n1. D4 {result}\n')
    assert record.problems == [] and record.result == result


def test_record_without_turns():
    record = read_one(TAGS + "{nothing played} *\n")
    assert record.problems == [] and record.moves == [] and record.comments == ["nothing played"]


# --- variations -------------------------------------------------------------------------------


def test_variations_nest_and_replace_their_turn():
    record = read_one(TAGS + "1. D4 (1. C3 {alt} (1. (E5) H10) I11) H10 (1... (H9) 2. D5 (2. E4)) 2. D5 *\n")
    assert record.problems == []
    d4, h10, d5 = record.moves
    assert turns(record.moves) == ["D4", "H10", "D5"]
    [v1] = d4.variations
    assert turns(v1) == ["C3", "I11"]
    assert v1[0].comments == ["alt"]
    assert [turns(v) for v in v1[0].variations] == [["(E5)", "H10"]]
    [v2] = h10.variations
    assert turns(v2) == ["(H9)", "D5"]
    assert [turns(v) for v in v2[1].variations] == [["E4"]]
    assert check(record).outcome is None and record.problems == []


def test_several_variations_for_one_turn():
    record = read_one(TAGS + "1. D4 (1. C3) (1. (A1)) (1. E3 H10) H10 *\n")
    assert [turns(v) for v in record.moves[0].variations] == [["C3"], ["(A1)"], ["E3", "H10"]]


def test_placement_is_not_a_variation():
    record = read_one(TAGS + "1. D4 (H9) *\n")
    assert record.problems == [] and turns(record.moves) == ["D4", "(H9)"]
    assert record.moves[0].variations == []


def test_variation_must_begin_with_turn_number():
    assert one_problem(TAGS + "1. D4 ( H10 ) *\n") == (
        "'(' is not a Teblo turn (a step like D4 or a placement like (H9)), and a variation starts "
        "with its turn number, as in (3... G10)", 4, 7, "turn 1 Red")


def test_variation_numbers_are_those_of_the_replaced_turn():
    assert one_problem(TAGS + "1. D4 (1... H10) *\n") == (
        "turn number 1... does not fit: this turn is 1.", 4, 8, "turn 1 Yellow")
    assert one_problem(TAGS + "1. D4 H10 (2. D5) *\n") == (
        "turn number 2. does not fit: this turn is 1...", 4, 12, "turn 1 Red")


@pytest.mark.parametrize("movetext, message, column, turn", [
    ("(1. D4) 1. C3 *", "a variation must follow the turn it replaces", 1, "turn 1 Yellow"),
    ("1. D4 ) *", "')' closes no variation", 7, "turn 1 Red"),
    ("1. D4 (1. ) *", "a variation must hold a turn", 11, "turn 1 Yellow"),
    ("1. D4 (1. C3 *", "the variation opened at line 4 column 7 is not closed", 14, "turn 1 Red"),
    ("1. D4 (1. C3 (1. E3) H10 *", "the variation opened at line 4 column 7 is not closed", 26, "turn 2 Yellow"),
])
def test_variation_mistakes(movetext, message, column, turn):
    assert one_problem(TAGS + movetext + "\n") == (message, 4, column, turn)


def test_unclosed_variation_without_result():
    assert one_problem(TAGS + "1. D4 H10\n2. D5 (2. E4\n") == (
        "the variation opened at line 5 column 7 is not closed", 5, 7, "turn 2 Red")


def test_variation_depth_limit():
    deep = "1. D4 " + "(1. D4 " * 100 + ")" * 100 + " *\n"
    record = read_one(TAGS + deep)
    assert record.problems == []
    line, depth = record.moves, 0
    while line[0].variations:
        line, depth = line[0].variations[0], depth + 1
    assert depth == 100
    too_deep = "1. D4 " + "(1. D4 " * 101 + ")" * 101 + " *\n"
    assert one_problem(TAGS + too_deep) == (
        "variations nested more than 100 deep", 4, 7 + 7 * 100, "turn 1 Red")


# --- several records --------------------------------------------------------------------------


def test_multi_record_file_bad_record_does_not_stop_the_others():
    text = (TAGS + "1. D4 H10 *\n\n"            # lines 1-4
            + TAGS + "1. D4 H10 2. Z9 *\n\n"    # lines 6-9
            + TAGS + "1. D4 {open\n\n"          # lines 11-14
            + TAGS + "1. D5 *\n\n"              # lines 16-19: reads, but D5 is illegal
            + TAGS + "1. (H9) H11 1-0\n")       # lines 21-24: result differs from tag
    records = read_all(text)
    assert len(records) == 5
    for record in records:
        check(record)
    assert [problems_of(record) for record in records[:3]] == [
        [],
        [("'Z9' is not a Teblo turn (a step like D4 or a placement like (H9))", 9, 14, "turn 2 Yellow")],
        [("comment not closed: '{' has no matching '}' in this record", 14, 7, "turn 1 Red")],
    ]
    assert [what_happened(record) for record in records[3:]] == [
        [(ProblemCode.ILLEGAL_TURN, refused(Refusal(TebloRefusal.NOT_ADJACENT, to="D5", side="Yellow", pawn="D3")),
          19, 4, "turn 1 Yellow")],
        [(ProblemCode.ILLEGAL_TURN, refused(Refusal(TebloRefusal.NOT_ADJACENT, to="H11", side="Red", pawn="I10")),
          24, 9, "turn 1 Red"),  # replayed as far as it was read: no problem hides another
         (ProblemCode.RESULT, None, 24, 13, "turn 2 Yellow")],
    ]
    assert [record.source.first_line for record in records] == [1, 6, 11, 16, 21]
    assert all(record.source.name == "test.tgn" for record in records)


def test_records_split_after_result_without_blank_line():
    records = read_all(TAGS + "1. D4 *\n" + TAGS + "1. C3 *\n")
    assert [turns(record.moves) for record in records] == [["D4"], ["C3"]]
    assert [record.problems for record in records] == [[], []]


def test_tag_like_line_inside_a_comment_does_not_split():
    record = read_one(TAGS + '1. D4 {a comment holding\n[Event "not a tag"]\nstill the comment} *\n')
    assert record.problems == []
    assert record.moves[0].comments == ['a comment holding [Event "not a tag"] still the comment']


def test_blank_lines_and_crlf_between_records():
    text = "\r\n\r\n" + TAGS.replace("\n", "\r\n") + "1. D4\r\nH10 *\r\n\r\n\r\n" + TAGS + "1. D4 *"
    records = read_all(text)
    assert [problems_of(record) for record in records] == [[], []]
    assert [turns(record.moves) for record in records] == [["D4", "H10"], ["D4"]]
    assert records[0].source.first_line == 3 and records[1].source.first_line == 10


def test_byte_order_mark_is_skipped():
    record = read_one("\ufeff" + TAGS + "1. D4 *\n")
    assert record.problems == [] and list(record.tags) == ["Game", "Result"]


def test_read_string_and_parse_record_agree():
    text = TAGS + "1. D4 {c} H10 *\n"
    [from_string] = read_string(text, "name")
    parsed = parse_record(text)
    assert write_record(from_string) == write_record(parsed)
    assert from_string.source.name == "name"


def test_problem_text():
    record = read_one(TAGS + "1. D4 H10 2. Z9 *\n")
    assert str(record.problems[0]) == (
        "4:14: turn 2 Yellow: 'Z9' is not a Teblo turn (a step like D4 or a placement like (H9))")


def test_unknown_game_is_located_at_its_tag_whatever_its_name():
    assert one_problem('[Event "e"]\n[Game "Invariant"]\n[Result "*"]\n\n1. D4 *\n') == (
        "unknown game 'Invariant' (the Game tag is one of Teblo, Staku, Tektop, Tekao, TChako)", 2, 1, None)
