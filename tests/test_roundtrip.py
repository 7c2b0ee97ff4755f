"""Writing what was read loses nothing, and writing is canonical and idempotent
(docs/format.md, "Canonical form"); the same through JSON."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples, header, read_all, read_one, refused, what_happened
from ludoscribe.notation import ProblemCode, check, write_record
from ludoscribe.notation.games import History, Refusal
from ludoscribe.notation.games.teblo import Teblo, TebloRefusal
from ludoscribe.notation.jsonio import SchemaError, read_json, write_json
from ludoscribe.notation.limits import MAX_WORD

GAME = Teblo()
REQUIRED = ("Game", "Event", "Site", "Date", "Round", "Yellow", "Red", "Result")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
GLYPHS = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}
SETTINGS = settings(max_examples=examples(75), deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(SETTINGS, max_examples=examples(40))  # for the properties over several records


# --- the tree of a record, as plain data -------------------------------------------------


def line_tree(line) -> list:
    return [(GAME.turn_text(node.turn), list(node.nags), list(node.before), list(node.comments),
             [line_tree(variation) for variation in node.variations]) for node in line]


def tree(record, tags=None) -> tuple:
    tags = list(record.tags.items()) if tags is None else tags
    return tags, list(record.comments), line_tree(record.moves), record.result


def canonical(tags: list[tuple[str, str]], result: str) -> list[tuple[str, str]]:
    """The tags as the writer must order them, computed here from the rule in docs/format.md ("Canonical form")."""
    given_tags = dict(tags)
    ordered = [(name, given_tags.get(name, "????.??.??" if name == "Date" else "?")) for name in REQUIRED]
    ordered[0], ordered[-1] = ("Game", "Teblo"), ("Result", result)
    return ordered + [(name, value) for name, value in tags if name not in REQUIRED]


def normalized(text: str) -> str:
    return " ".join(text.split())


def escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


# --- strategies ----------------------------------------------------------------------------

SPECIAL_TAGS = {"Game", "Result", "SetUp", "Position", "Variant"}
tag_names = st.one_of(
    st.sampled_from(["Event", "Site", "Date", "Round", "Yellow", "Red", "Annotator", "Termination"]),
    st.from_regex(r"[A-Za-z0-9_]{1,10}", fullmatch=True),
).filter(lambda name: name not in SPECIAL_TAGS)
tag_values = st.one_of(
    st.text(st.characters(codec="utf-8", exclude_characters="\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"), max_size=20),
    st.text(alphabet='ab "\\]}[{;()', max_size=12),
)
comment_texts = st.one_of(
    st.text(max_size=30),
    st.text(alphabet="ab }{;\n\t()$!?1.-*[]%", max_size=30),
)


def draw_line(draw, rng: random.Random, history: History, depth: int, length: int) -> list[dict]:
    """A line of random legal turns from the end of `history`, with random annotations."""
    line, position = [], history.position
    for _ in range(length):
        if GAME.outcome(position, history) is not None:
            break
        turn = GAME.random_turn(position, rng)
        if turn is None:
            break
        node = {
            "turn": GAME.turn_text(turn),
            "nags": draw(st.lists(st.integers(0, 255) | st.integers(1, 6), max_size=3)),
            "before": draw(st.lists(comment_texts, max_size=1)),
            "comments": draw(st.lists(comment_texts, max_size=2)),
            "variations": [],
        }
        if depth < 3:
            for _ in range(draw(st.integers(0, 2 if depth == 0 else 1))):
                length = draw(st.integers(1, 3))
                played = len(history)
                variation = draw_line(draw, rng, history, depth + 1, length)
                history.rewind(played)
                if variation:
                    node["variations"].append(variation)
        line.append(node)
        position = GAME.apply(position, turn)
        history.push(turn, position)
    return line


@st.composite
def records(draw):
    """(text, expected tree) of a random record, written in a random non-canonical style."""
    rng = random.Random(draw(st.integers(0, 2 ** 32)))
    style = random.Random(draw(st.integers(0, 2 ** 32)))
    tags = draw(st.lists(st.tuples(tag_names, tag_values), max_size=6, unique_by=lambda t: t[0]))
    start = GAME.start_position()
    if draw(st.booleans()):  # start from a set-up position reached by random play
        for _ in range(draw(st.integers(0, 30))):
            following = GAME.apply(start, GAME.random_turn(start, rng))
            if GAME.outcome(following) is not None:
                break  # keep a start position the game can go on from
            start = following
        tags.append(("SetUp", "1"))
        tags.append(("Position", GAME.position_code(start)))
    comments = draw(st.lists(comment_texts, max_size=2))
    moves = draw_line(draw, rng, History(start), 0, draw(st.integers(0, 12)))
    ended = play_out(start, moves)
    result = ended.result if ended else draw(st.sampled_from(RESULTS))  # any result before the end
    game_tag = draw(st.sampled_from(["Teblo", "teblo", "TEBLO"]))
    at = draw(st.integers(0, len(tags)))
    tags[at:at] = [("Game", game_tag)]
    tags.insert(draw(st.integers(0, len(tags))), ("Result", result))

    text = "".join(f'[{name} "{escape(value)}"]\n' for name, value in tags) + "\n"
    text += render_comments(comments, style)
    text += render_line(moves, start.number, start.side, True, style)
    text += result + style.choice(["", "\n", "\n\n"])
    expected = (tags, [normalized(c) for c in comments], expected_line(moves), result)
    return text, expected


def play_out(position, line: list[dict]):
    """How the main line ended, if it did (random play may repeat a position three times)."""
    history, outcome = History(position), None
    for node in line:
        turn = GAME.read_turn(node["turn"])
        position = GAME.apply(position, turn)
        history.push(turn, position)
        outcome = GAME.outcome(position, history)
    return outcome


def expected_line(line: list[dict]) -> list:
    return [(node["turn"], node["nags"], [normalized(c) for c in node["before"]],
             [normalized(c) for c in node["comments"]], [expected_line(v) for v in node["variations"]])
            for node in line]


def gap(style: random.Random) -> str:
    return style.choice([" ", " ", "\n", "  ", "\t", " \n  "])


def render_comments(comments: list[str], style: random.Random) -> str:
    out = ""
    for text in comments:
        if "}" in text or style.random() < 0.2:
            out += ";" + text.replace("\n", " ") + "\n"
        else:
            out += "{" + text + "}" + gap(style)
    return out


def render_line(line: list[dict], number: int, side: int, force: bool, style: random.Random) -> str:
    out = ""
    for node in line:
        if force or node["before"] or style.random() < 0.5:
            out += f"{number}." if side == 0 else f"{number}..."
            out += gap(style)
        out += render_comments(node["before"], style)
        out += node["turn"]
        for index, nag in enumerate(node["nags"]):
            if nag in GLYPHS and style.random() < 0.7:
                out += ("" if index == 0 and style.random() < 0.7 else gap(style)) + GLYPHS[nag]
            else:
                out += gap(style) + f"${nag}"
        out += gap(style)
        out += render_comments(node["comments"], style)
        for variation in node["variations"]:
            out += "(" + style.choice(["", " "])
            out += render_line(variation, number, side, True, style)
            out += ")" + gap(style)
        force = False
        number, side = (number, 1) if side == 0 else (number + 1, 0)
    return out


# --- properties ----------------------------------------------------------------------------


@SETTINGS
@given(records())
def test_reading_gives_what_was_written(case):
    text, expected = case
    record = read_one(text)
    assert record.problems == []
    assert tree(record) == expected
    check(record)
    assert record.problems == []  # every turn was drawn from the legal ones


@SETTINGS
@given(records())
def test_write_read_loses_nothing_and_is_idempotent(case):
    text, (tags, comments, moves, result) = case
    record = read_one(text)
    written = write_record(record)
    again = read_one(written)
    assert again.problems == []
    assert tree(again) == (canonical(tags, result), comments, moves, result)
    assert write_record(again) == written
    assert all(fits(line) for line in written.split("\n\n", 1)[1].splitlines())


GLUED = re.compile(r"(?:^|\s)(?:1-0|0-1|1/2-1/2|\*) \[")


def fits(line: str) -> bool:
    """Lines end before column 80, unless one word is longer, or a comment word "[..." was
    kept after a result-like word (so that the line can't read as a tag of a new record)."""
    return len(line) < 80 or " " not in line or bool(GLUED.search(line))


@pytest.mark.slow
@FEW
@given(st.lists(records(), min_size=1, max_size=4))
def test_multi_record_files_round_trip(cases):
    text = "\n".join(case[0].rstrip("\n") + "\n" for case in cases)
    read = read_all(text)
    assert [record.problems for record in read] == [[] for _ in cases]
    assert [tree(record) for record in read] == [case[1] for case in cases]
    written = "\n".join(write_record(record) for record in read)
    assert [write_record(record) for record in read_all(written)] == [write_record(record) for record in read]


@pytest.mark.slow
@FEW
@given(st.lists(records(), min_size=1, max_size=3))
def test_json_round_trip(cases):
    read = [read_one(text) for text, _ in cases]
    out = io.StringIO()
    write_json(read, out)
    document = json.loads(out.getvalue())
    assert document["format"] == "tgn-json" and document["version"] == 1
    back = list(read_json(out.getvalue()))
    assert [record.problems for record in back] == [[] for _ in cases]
    for record, (_, (tags, comments, moves, result)) in zip(back, cases):
        assert tree(record) == (canonical(tags, result), comments, moves, result)
        check(record)
        assert record.problems == []
    assert [write_record(record) for record in back] == [write_record(record) for record in read]


# --- examples ------------------------------------------------------------------------------


MESSY = (header("1/2-1/2", Zeta='q\\"uote\\\\', Event="Club") +
         "{intro}  1.   D4  $1 {good; fine}\n H10 ; a } in a line comment\n"
         "(1... (H9) {placement} (1... H11 $200) 2. E4) 2. {before} (A1) !? 2... G10 1/2-1/2\n")


def test_canonical_form_of_a_messy_record():
    record = read_one(MESSY)
    assert record.problems == []
    assert write_record(record) == (
        '[Game "Teblo"]\n[Event "Club"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[Yellow "?"]\n[Red "?"]\n'
        '[Result "1/2-1/2"]\n[Zeta "q\\"uote\\\\"]\n\n'
        "{intro} 1. D4! {good; fine} 1... H10 ; a } in a line comment\n"
        "(1... (H9) {placement} (1... H11 $200) 2. E4) 2. {before} (A1)!? G10 1/2-1/2\n")
    assert record.tags["Zeta"] == 'q"uote\\'


def test_idempotence_of_a_messy_record():
    once = write_record(read_one(MESSY))
    assert write_record(read_one(once)) == once


def test_long_movetext_wraps_before_column_80():
    rng = random.Random(5)
    position, turns = GAME.start_position(), []
    for _ in range(120):
        turn = GAME.random_turn(position, rng)
        turns.append(GAME.turn_text(turn))
        position = GAME.apply(position, turn)
    text = header() + " ".join(f"{i // 2 + 1}. {t}" if i % 2 == 0 else t for i, t in enumerate(turns)) + " *\n"
    written = write_record(read_one(text))
    movetext = written.split("\n\n", 1)[1].splitlines()
    assert len(movetext) > 5
    assert max(len(line) for line in movetext) < 80
    assert " ".join(movetext).split()[:-1] == text.split("\n\n", 1)[1].split()[:-1]


def test_comment_with_closing_brace_becomes_a_line_comment():
    record = read_one(header() + "1. D4 ; a } b\n(1. C3 ; x }\n) H10 *\n")
    written = write_record(record)
    assert written.endswith("1. D4 ; a } b\n(1. C3 ; x }\n) 1... H10 *\n")
    assert tree(read_one(written))[2] == [("D4", [], [], ["a } b"], [[("C3", [], [], ["x }"], [])]]),
                                          ("H10", [], [], [], [])]


@pytest.mark.parametrize("result_word", ["*", "1-0", "0-1", "1/2-1/2"])
def test_comment_wrapped_into_a_tag_like_line_stays_in_its_record(result_word):
    # Wherever the wrap falls, the comment words '* [Event "x"]' must not make a line
    # ending like a result followed by a line that reads as a tag.
    for width in range(1, 80):
        comment = "p" * width + f' {result_word} [Event "x"] ' + "q" * 78
        record = read_one(header() + "1. D4 {" + comment + "} *\n")
        written = write_record(record)
        [again] = read_all(written)
        assert again.problems == []
        assert again.moves[0].comments == [comment]
        assert write_record(again) == written


def test_json_of_a_record():
    record = read_one(MESSY)
    out = io.StringIO()
    write_json([record], out)
    document = json.loads(out.getvalue())
    [data] = document["records"]
    assert list(data["tags"]) == ["Game", "Event", "Site", "Date", "Round", "Yellow", "Red", "Result", "Zeta"]
    assert data["comments"] == ["intro"]
    assert data["moves"][0] == {"turn": "D4", "nags": [1], "comments": ["good; fine"]}
    assert data["moves"][1]["variations"][0][0] == {
        "turn": "(H9)", "comments": ["placement"], "variations": [[{"turn": "H11", "nags": [200]}]]}
    assert data["moves"][2] == {"turn": "(A1)", "nags": [5], "before": ["before"]}
    assert data["result"] == "1/2-1/2"


# --- JSON schema errors -------------------------------------------------------------------


def json_record(**changes) -> dict:
    data = {"tags": {"Game": "Teblo", "Result": "*"}, "moves": [{"turn": "D4"}, {"turn": "H10"}], "result": "*"}
    data.update(changes)
    return data


def json_problems(*records_data) -> list[list[str]]:
    text = json.dumps({"format": "tgn-json", "version": 1, "records": list(records_data)})
    return [[problem.message for problem in record.problems] for record in read_json(text)]


@pytest.mark.parametrize("text, message", [
    ("{", "1:2: not valid JSON: expected a key in double quotes, found the end of the file"),
    ("[]", '1:1: not a TGN JSON document: it is one object {"format": "tgn-json", ...}'),
    ('{"format": "pgn-json"}', '1:23: not a TGN JSON document (its "format" must be "tgn-json")'),
    ('{"records": [], "format": "tgn-json"}',
     '1:12: not a TGN JSON document: its "format": "tgn-json" must come before its "records"'),
    ('{"format": "tgn-json", "version": 2, "records": []}', "1:48: TGN JSON version 2 is not supported (only 1)"),
    ('{"format": "tgn-json", "records": []}', "1:38: TGN JSON version None is not supported (only 1)"),
    ('{"format": "tgn-json", "version": 1' + "0" * 5000 + ', "records": []}',
     "1:5048: TGN JSON version 1000000000000000000000000000000000000... is not supported (only 1)"),
    ('{"format": "tgn-json", "version": 1, "records": {}}', "1:49: $.records: expected a list [...] of records, found '{'"),
    ('{"format": "tgn-json", "version": 1}', "1:37: $.records: expected a list, found nothing"),
    ('{"format": "tgn-json", "version": 1, "records": []} []', "1:53: not valid JSON: text after the end of the document"),
    ('{"format": "tgn-json", "version": 1, "version": 1}', '1:38: "version" appears twice in the document'),
    ('{"format": "tgn-json", "version": 1, "records": [' + "[" * 100_000 + "]" * 100_000 + "]}",
     "1:50: not readable JSON: arrays or objects nested too deeply"),
    ('{"format": "tgn-json", "version": 1, "records": [{"tags": {"Game": "Teblo"}, "moves": [], "result": "*"} {}]}',
     "1:106: not valid JSON: expected ',' or ']' in the list of records, found '{'"),
    ('{"format": "tgn-json", "version": 1, "records": [{"tags": {"Game": "Teblo"}}, {"tags": ]}',
     "1:88: not valid JSON: Expecting value"),
])
def test_json_document_errors(text, message):
    with pytest.raises(SchemaError) as error:
        list(read_json(text))
    assert str(error.value) == message


def nested_variations(depth: int) -> list:
    line = [{"turn": "D4"}]
    for _ in range(depth):
        line = [{"turn": "D4", "variations": [line]}]
    return line


@pytest.mark.parametrize("data, message", [
    (5, "$.records[1]: expected an object, found a number"),
    (json_record(tags=[]), "$.records[1].tags: expected an object, found a list"),
    (json_record(tags={"Game": "Teblo", "Event": 3}), "$.records[1].tags.Event: expected a string, found a number"),
    (json_record(tags={"Game": "Teblo", "bad name": "x"}),
     "$.records[1].tags.bad name: a tag name is letters, digits or _ only"),
    (json_record(tags={"Game": "Teblo", "Event": "a\nb"}),
     "$.records[1].tags.Event: tag Event: its value holds a line break (U+000A); a tag value is one line"),
    (json_record(tags={"Game": "Teblo", "Red": "Bob\r```tgn"}),
     "$.records[1].tags.Red: tag Red: its value holds a line break (U+000D); a tag value is one line"),
    (json_record(tags={"Game": "Teblo", "Red": "Bob\u2028x"}),
     "$.records[1].tags.Red: tag Red: its value holds a line break (U+2028); a tag value is one line"),
    (json_record(tags={"Game": "Teblo", "Event": "\ud83d"}),
     "$.records[1].tags.Event: not text: a lone surrogate \\ud83d (half of a character)"),
    (json_record(tags={"Game": "Chess"}),
     "$.records[1].tags: unknown game 'Chess' (the Game tag is one of Teblo, Staku, Tektop, Tekao, TChako)"),
    (json_record(tags={"Event": "e"}),
     "$.records[1].tags: missing Game tag: it names the game (Teblo, Staku, Tektop, Tekao or TChako)"),
    (json_record(result="2-0"), "$.records[1].result: '2-0' is not one of 1-0, 0-1, 1/2-1/2, *"),
    (json_record(result=None), "$.records[1].result: expected a string, found nothing (or null)"),
    (json_record(result="1-0"), "$.records[1].result: 1-0 differs from the Result tag '*'"),
    (json_record(comments="hi"), "$.records[1].comments: expected a list, found a string"),
    (json_record(comments=["ok", 1]), "$.records[1].comments[1]: expected a string, found a number"),
    (json_record(moves={}), "$.records[1].moves: expected a list, found an object"),
    (json_record(moves=["D4"]), "$.records[1].moves[0]: expected an object, found a string"),
    (json_record(moves=[{"turn": "D4"}, {"turn": "Z9"}]),
     "$.records[1].moves[1].turn: 'Z9' is not a Teblo turn (a step like D4 or a placement like (H9))"),
    (json_record(moves=[{"turn": 4}]), "$.records[1].moves[0].turn: expected a string, found a number"),
    (json_record(moves=[{"turn": "D4", "nags": [256]}]), "$.records[1].moves[0].nags[0]: expected an integer from 0 to 255"),
    (json_record(moves=[{"turn": "D4", "nags": [1, True]}]),
     "$.records[1].moves[0].nags[1]: expected an integer from 0 to 255"),
    (json_record(moves=[{"turn": "D4", "nags": [1.0]}]), "$.records[1].moves[0].nags[0]: expected an integer from 0 to 255"),
    (json_record(moves=[{"turn": "D4", "before": [None]}]),
     "$.records[1].moves[0].before[0]: expected a string, found nothing (or null)"),
    (json_record(moves=[{"turn": "D4", "comments": ["x" * (MAX_WORD + 1)]}]),
     f"$.records[1].moves[0].comments[0]: a comment word ('xxxxxxxxxxxxxxxxxxxxx...') is {MAX_WORD + 1} bytes "
     f"long, over the {MAX_WORD}-byte limit of one word"),
    (json_record(moves=[{"turn": "D4", "variations": [[]]}]),
     "$.records[1].moves[0].variations[0]: a variation holds at least one turn"),
    (json_record(moves=[{"turn": "D4", "variations": [[{"turn": "C3", "variations": [[{"turn": "?"}]]}]]}]),
     "$.records[1].moves[0].variations[0][0].variations[0][0].turn: "
     "'?' is not a Teblo turn (a step like D4 or a placement like (H9))"),
    (json_record(moves=nested_variations(101)), "$.records[1].moves" + "[0].variations[0]" * 101
     + ": variations nested more than 100 deep"),
])
def test_json_record_errors(data, message):
    assert json_problems(json_record(), data, json_record()) == [[], [message], []]


def test_json_deepest_allowed_variation():
    [problems] = json_problems(json_record(moves=nested_variations(100)))
    assert problems == []


def test_json_problems_of_a_record_are_placed_at_its_start():
    text = '{"format": "tgn-json", "version": 1, "records": [\n  {"tags": 3},\n  {"tags": 4}]}'
    assert [[tuple(p) for p in record.problems] for record in read_json(text)] == [
        [("$.records[0].tags: expected an object, found a number", 2, 3, None)],
        [("$.records[1].tags: expected an object, found a number", 3, 3, None)]]


def test_json_record_with_illegal_turn_is_read_then_checked():
    [record] = read_json(json.dumps({"format": "tgn-json", "version": 1, "records": [
        json_record(moves=[{"turn": "D4"}, {"turn": "H10"}, {"turn": "D6"}])]}))
    assert record.problems == []
    check(record)
    assert what_happened(record) == [(ProblemCode.ILLEGAL_TURN,
        refused(Refusal(TebloRefusal.NOT_ADJACENT, to="D6", side="Yellow", pawn="D4")), None, None, "turn 2 Yellow")]
