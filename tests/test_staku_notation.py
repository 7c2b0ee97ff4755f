"""Staku in TGN: the turn syntax (with hypothesis), position codes, and random legal
playouts written, read back, checked and round-tripped."""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import checked, ended, examples, problems_of, read_one, refused, what_happened
from ludoscribe.notation import ProblemCode, check, write_record
from ludoscribe.notation.games import BadSetUp, Outcome, SetUpRefusal
from ludoscribe.notation.games.staku import CELL_OF, NAMES, Move, Staku, StakuSetUp, Turn
from ludoscribe.notation.jsonio import read_json, write_json
from test_staku_rules import code, header

GAME = Staku()
START = "bbbbbb/bbbbbbb/n1n2n1n/3n3/n1n2n1n/wwwwwww/wwwwww W 0 1"
TURN_EXAMPLE = "one or two moves like c3-d3, c3+d4, a1*a4, c3-d3+f4; x marks a capture: c3-xd4"


# --- turns as text ------------------------------------------------------------------------


@pytest.mark.parametrize("text, moves", [
    ("c3-d3", [("c3", "d3", 1, False)]),
    ("c3+d4", [("c3", "d4", 2, False)]),
    ("a1*a4", [("a1", "a4", 3, False)]),
    ("c3-xd3", [("c3", "d3", 1, True)]),
    ("c3-d3+f4", [("c3", "d3", 1, False), ("d3", "f4", 2, False)]),
    ("e8*xe5-xe4", [("e8", "e5", 3, True), ("e5", "e4", 1, True)]),
    ("g6-f7", [("g6", "f7", 1, False)]),
])
def test_reading_turns(text, moves):
    turn = GAME.read_turn(text)
    assert [(NAMES[m.origin], NAMES[m.to], m.count, m.capture) for m in turn.moves] == moves
    assert GAME.turn_text(turn) == text


@pytest.mark.parametrize("text", ["a7-a6", "h1-g1", "c0-c1", "c9-c8", "C3-D3", "c3=d3", "c3-d3+f4-f5", "c3",
                                  "c3-", "c3xd3", "c3-d3x", "c3--d3", "c3-d3*", "xc3-d3", "c3-d10"])
def test_not_turns(text):
    with pytest.raises(ValueError) as error:
        GAME.read_turn(text)
    assert str(error.value) == f"{text!r} is not a Staku turn ({TURN_EXAMPLE})"


def test_a_chain_with_stars_is_a_turn_and_a_lone_star_the_result():
    record = read_one(header() + "1. b2-c2 f2-e2 2. a1*a4 *\n")
    assert record.problems == []
    assert [GAME.turn_text(node.turn) for node in record.moves] == ["b2-c2", "f2-e2", "a1*a4"]
    assert record.result == "*"
    check(record)
    assert problems_of(record) == [("a1*a4 moves 3 tokens but a1 holds only 1", 4, 19, "turn 2 White")]


def test_glyphs_nags_comments_and_variations_next_to_turns():
    record = read_one(header() + "1. b2-c2!? {plan} f2-e2?$14 (1... f3-e3) 2. c2-d2 *\n")
    assert record.problems == []
    first, second, third = record.moves
    assert first.nags == [5] and first.comments == ["plan"]
    assert second.nags == [2, 14] and GAME.turn_text(second.variations[0][0].turn) == "f3-e3"
    assert GAME.turn_text(third.turn) == "c2-d2"


def test_a_malformed_turn_in_a_record():
    record = read_one(header() + "1. b2-c2 f2-e2x *\n")
    assert problems_of(record) == [(f"'f2-e2x' is not a Staku turn ({TURN_EXAMPLE})", 4, 10, "turn 1 Black")]


def test_turn_numbers_and_results_are_not_turns():
    record = read_one(header("1/2-1/2") + "1. b2-c2 1... f2-e2 2. c2-d2 1/2-1/2\n")
    assert record.problems == [] and len(record.moves) == 3 and record.result == "1/2-1/2"


CELLS = st.sampled_from(NAMES)
MOVE = st.tuples(st.sampled_from("-+*"), st.booleans(), CELLS)


@settings(max_examples=examples(300), deadline=None)
@given(start=CELLS, moves=st.lists(MOVE, min_size=1, max_size=2))
def test_turn_text_round_trip(start, moves):
    text = start + "".join(op + ("x" if mark else "") + cell for op, mark, cell in moves)
    turn = GAME.read_turn(text)
    assert GAME.turn_text(turn) == text
    assert GAME.read_turn(GAME.turn_text(turn)) == turn
    assert turn.moves[0].origin == CELL_OF[start] and len(turn.moves) == len(moves)
    assert all(a.to == b.origin for a, b in zip(turn.moves, turn.moves[1:]))


@settings(max_examples=examples(200), deadline=None)
@given(origin=st.integers(0, 48), hops=st.lists(st.tuples(st.integers(0, 48), st.integers(1, 3), st.booleans()),
                                                min_size=1, max_size=2))
def test_every_turn_object_has_a_spelling(origin, hops):
    moves, at = [], origin
    for to, count, capture in hops:
        moves.append(Move(at, to, count, capture))
        at = to
    turn = Turn(tuple(moves))
    assert GAME.read_turn(GAME.turn_text(turn)) == turn


# --- position codes ------------------------------------------------------------------------


def test_start_code_round_trip():
    assert GAME.position_code(GAME.start_position()) == START
    assert GAME.read_position(START) == GAME.start_position()
    assert code({"c1": "n", "c3": "n", "c6": "n", "c8": "n", "d4": "n", "e1": "n", "e3": "n", "e6": "n", "e8": "n",
                 **{name: "w" for name in NAMES if name[0] in "ab"},
                 **{name: "b" for name in NAMES if name[0] in "fg"}}) == START


def test_codes_of_random_positions_round_trip():
    rng = random.Random(11)
    for game in (GAME, Staku("Staku-2")):
        pos = game.start_position()
        for _ in range(60):
            turn = game.random_turn(pos, rng)
            if turn is None or game.outcome(pos):
                break
            pos = game.apply(pos, turn)
            again = game.read_position(game.position_code(pos))
            assert again == pos and again.number == pos.number


def test_code_stacks_side_counter_and_number():
    pos = GAME.read_position(code({"a1": "nnw", "c4": "bb", "d4": "nb", "g6": "w"}, side="B", quiet=7, number=23))
    assert GAME.position_code(pos) == "5w/7/8/3(nb)3/3(bb)4/7/(nnw)5 B 7 23"
    assert [pos.stacks[CELL_OF[c]] for c in ("a1", "c4", "d4", "g6")] == ["nnw", "bb", "nb", "w"]
    assert (pos.side, pos.quiet, pos.number) == (1, 7, 23)


def test_number_is_no_part_of_equality_but_the_counter_is():
    start = GAME.start_position()
    assert GAME.read_position(START.replace(" 1", " 9")) == start
    assert GAME.read_position(START.replace(" 0 ", " 3 ")) != start
    assert GAME.read_position(START.replace(" W ", " B ")) != start


@pytest.mark.parametrize("text, refusal", [
    ("bbbbbb/bbbbbbb W 0 1", SetUpRefusal(StakuSetUp.ROW_COUNT, rows=2)),
    ("bbbbbb/bbbbbbb/n1n2n1n/3n3/n1n2n1n/wwwwwww/wwwww W 0 1", SetUpRefusal(StakuSetUp.ROW_WIDTH, row="a", width=5, cells=6)),
    ("bbbbbbb/bbbbbbb/n1n2n1n/3n3/n1n2n1n/wwwwwww/wwwwww W 0 1", SetUpRefusal(StakuSetUp.ROW_WIDTH, row="g", width=7, cells=6)),
    ("6/7/8/7/8/7/()5 W 0 1", SetUpRefusal(StakuSetUp.BADLY_WRITTEN_STACK, row="a", stack="()")),
    ("6/7/8/7/8/7/(ww5 W 0 1", SetUpRefusal(StakuSetUp.BADLY_WRITTEN_STACK, row="a", stack="(")),
    ("6/7/8/7/3(wwww)4/7/6 W 0 1", SetUpRefusal(StakuSetUp.STACK_TOO_HIGH, cell="c4", height=4, limit=3)),
    ("6/7/8/7/3(wn)4/7/6 W 0 1", SetUpRefusal(StakuSetUp.NOT_A_STACK, cell="c4", stack="wn")),
    ("6/7/8/7/3(wb)4/7/6 W 0 1", SetUpRefusal(StakuSetUp.NOT_A_STACK, cell="c4", stack="wb")),
    ("6/7/8/7/(www)(www)(www)(www)(ww)3/7/6 W 0 1", SetUpRefusal(StakuSetUp.TOO_MANY_TOKENS, count=14, side="White", most=13)),
    ("6/7/8/7/(nnn)(nnn)(nnn)n4/7/6 W 0 1", SetUpRefusal(StakuSetUp.TOO_MANY_NEUTRALS, count=10, most=9)),
    ("w5/7/8/7/8/7/b5 W 0 1", SetUpRefusal(StakuSetUp.BOTH_PALACES)),
    ("6/7/8/7/8/7/6 W 21 1", SetUpRefusal(StakuSetUp.QUIET_TOO_LONG, most=20)),
    ("6/7/8/7/8/7/6 w 0 1", SetUpRefusal(StakuSetUp.CODE_SHAPE, example=START)),
    ("6/7/8/7/8/7/6 W 0 0", SetUpRefusal(StakuSetUp.CODE_SHAPE, example=START)),
])
def test_bad_position_codes(text, refusal):
    with pytest.raises(BadSetUp) as error:
        GAME.read_position(text)
    assert error.value.refusal == refusal


def test_staku_2_codes_refuse_stacks_of_3():
    with pytest.raises(BadSetUp) as error:
        Staku("Staku-2").read_position("6/7/8/7/3(nnw)4/7/6 W 0 1")
    assert error.value.refusal == SetUpRefusal(StakuSetUp.STACK_TOO_HIGH, cell="c4", height=3, limit=2)


def test_bad_position_tag_in_a_record():
    record = read_one(header(SetUp="1", Position="6/7/8/7/3(wb)4/7/6 W 0 1") + "*\n")
    mixed = SetUpRefusal(StakuSetUp.NOT_A_STACK, cell="c4", stack="wb")
    assert what_happened(record) == [(ProblemCode.POSITION, refused(mixed), 4, 1, None)]


# --- random legal playouts --------------------------------------------------------------------


def playout(game: Staku, seed: int, max_plies: int = 200):
    """Random legal turns until the game ends: the turns, the outcome, the final position."""
    rng = random.Random(seed)
    pos = game.start_position()
    turns, outcome = [], None
    while outcome is None and len(turns) < max_plies:
        turn = game.random_turn(pos, rng)
        assert game.why_illegal(pos, turn) is None and game.play(pos, turn).turn == turn
        turns.append(turn)
        pos = game.apply(pos, turn)
        outcome = game.outcome(pos)
    return turns, outcome, pos


def as_tgn(game: Staku, turns, outcome: Outcome | None, unmarked: bool = False) -> str:
    result = outcome.result if outcome else "*"
    tags = {"Variant": "Staku-2"} if game.limit == 2 else {}
    texts = [game.turn_text(turn) for turn in turns]
    if unmarked:
        texts = [text.replace("x", "") for text in texts]
    movetext = " ".join(f"{i // 2 + 1}. {t}" if i % 2 == 0 else t for i, t in enumerate(texts))
    return header(result, **tags) + movetext + f" {result}\n"


CASES = [(variant, seed) for variant in ("", "Staku-2") for seed in range(10)]


@pytest.mark.parametrize("variant, seed", CASES)
def test_playout_reads_back_checks_and_round_trips(variant, seed):
    game = Staku(variant)
    turns, outcome, final = playout(game, seed)
    record, replayed = checked(as_tgn(game, turns, outcome))
    assert record.problems == []
    assert replayed.outcome == outcome and replayed.final == final
    assert [node.turn for node in record.moves] == turns
    text = write_record(record)
    again = read_one(text)
    assert write_record(again) == text
    assert check(again).outcome == outcome and again.problems == []
    json_again = next(read_json(write_json_text([again])))
    assert write_record(json_again) == text


def write_json_text(records) -> str:
    out = io.StringIO()
    write_json(records, out)
    return out.getvalue()


def test_playouts_end_in_every_way():
    ends = Counter()
    for variant, seed in CASES:
        _, outcome, _ = playout(Staku(variant), seed)
        ends["unfinished" if outcome is None else "draw" if outcome.winner is None else "win"] += 1
    assert ends["draw"] > 0 and ends["win"] > 0


def captures(turns) -> int:
    return sum(move.capture for turn in turns for move in turn.moves)


def test_captures_left_unmarked_are_marked_once_checked():
    turns, outcome, _ = next(game for game in (playout(GAME, seed) for seed in range(20)) if captures(game[0]) >= 3)
    marked = as_tgn(GAME, turns, outcome)
    record, replayed = checked(as_tgn(GAME, turns, outcome, unmarked=True))
    assert record.problems == [] and replayed.outcome == outcome
    assert write_record(record) == write_record(read_one(marked))


def test_a_turn_after_the_end_of_a_playout():
    turns, outcome, final = playout(GAME, 1)
    extra = Turn((Move(0, 1, 1),))
    record, _ = checked(as_tgn(GAME, turns + [extra], outcome))
    assert [(p.code, p.detail, p.turn) for p in record.problems] == [
        (ProblemCode.GAME_OVER, ended(outcome), GAME.label(final.number, final.side))]
