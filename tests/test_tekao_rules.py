"""The Tekao rules (docs/games/tekao.md): a legal and an illegal case for each rule, with
the refusal's code and parameters (their words are said in test_refusal_codes.py) and the
problems reported by check()."""

from __future__ import annotations

import io

import pytest

from conftest import ended, refused, what_happened
from ludoscribe.notation import ProblemCode, check, read_records, write_record
from ludoscribe.notation.games import BadSetUp, Ending, Outcome, Refusal, SetUpRefusal
from ludoscribe.notation.games.tekao import (TekaoRefusal, TekaoSetUp, IN_HAND, TAKEN, Placement, Rotation, Step, Tekao,
                                             TekaoPosition, SQUARE_OF)

GAME = Tekao()
FILES = "abcdefgh"
# A full setup, written by hand: Blue on ranks 1-2, Yellow on ranks 7-8.
SETUP = ("1. H@a2 T@a7 2. T@b2 H@b7 3. B@c2 B@c7 4. P@d2 P@d7 5. F@d1 F@e8 "
         "6. H@e2 H@e7 7. T@f2 T@f7 8. B@g2 B@g7 9. P@h2 P@h7")


# --- helpers (also used by the other Tekao test modules) ----------------------------------


def code(pieces: dict[str, str], hands: str = "0/0", side: str = "B", streaks: str = "-/-",
         number: int = 20, flags: bool = True) -> str:
    """A position code written square by square, independently of the engine's writer.

    `pieces` maps squares to letters: the north weapon (or F), upper case for Blue, lower
    case for Yellow. With `flags`, the flags stand on a1 (Blue) and h8 (Yellow) unless given.
    """
    pieces = dict(pieces)
    if flags and "F" not in pieces.values():
        pieces.setdefault("a1", "F")
    if flags and "f" not in pieces.values():
        pieces.setdefault("h8", "f")
    rows = []
    for rank in range(8, 0, -1):
        text, empty = "", 0
        for file in FILES:
            letter = pieces.get(f"{file}{rank}", "")
            if letter:
                text += (str(empty) if empty else "") + letter
                empty = 0
            else:
                empty += 1
        rows.append(text + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {hands} {side} {streaks} {number}"


def position(pieces: dict[str, str], game: Tekao = GAME, **kwargs) -> TekaoPosition:
    return game.read_position(code(pieces, **kwargs))


def header(result: str = "*", **tags: str) -> str:
    lines = ['[Game "Tekao"]', f'[Result "{result}"]'] + [f'[{name} "{value}"]' for name, value in tags.items()]
    return "\n".join(lines) + "\n\n"


def setup_header(position_code: str, result: str = "*", **tags: str) -> str:
    """Tags of a record starting from a position: its movetext starts on line 6."""
    return header(result, SetUp="1", Position=position_code, **tags)


def read_one(text: str):
    records = list(read_records(io.BytesIO(text.encode("utf-8")), "test.tgn"))
    assert len(records) == 1
    return records[0]


def checked(text: str):
    record = read_one(text)
    return record, check(record)


def problems_of(record) -> list[tuple]:
    return [tuple(problem) for problem in record.problems]


def refusals_of(record) -> list[tuple]:
    """The problems by their rules' codes and parameters (the refusal or the end), with where they are."""
    return [(next(iter(problem.detail.values())) if problem.detail else problem.code, problem.line, problem.column,
             problem.turn) for problem in record.problems]


def why(pos: TekaoPosition, text: str, game: Tekao = GAME) -> Refusal | None:
    return game.refusal(pos, game.read_turn(text))


def play(pos: TekaoPosition, *texts: str, game: Tekao = GAME) -> TekaoPosition:
    """Apply turns given as text, each checked legal first."""
    for text in texts:
        turn = game.read_turn(text)
        assert game.why_illegal(pos, turn) is None, text
        pos = game.apply(pos, game.play(pos, turn).turn)
    return pos


def at(pos: TekaoPosition, square: str, game: Tekao = GAME) -> str:
    """The letter of the piece on a square (as in the position code), or '' if empty."""
    piece = pos.cells[SQUARE_OF[square]]
    return game.letter(piece) if piece else ""


# --- position codes -------------------------------------------------------------------------


def test_start_position_code():
    start = GAME.start_position()
    assert GAME.position_code(start) == "8/8/8/8/8/8/8/8 8F/8F B -/- 1"
    assert GAME.read_position("8/8/8/8/8/8/8/8 8F/8F B -/- 1") == start
    assert (start.side, start.number, start.to_place(0), start.to_place(1)) == (0, 1, 9, 9)


def test_position_code_after_the_setup():
    record, replayed = checked(header() + SETUP + " *\n")
    assert record.problems == []
    assert GAME.position_code(replayed.final) == "4f3/thbphtbp/8/8/8/8/HTBPHTBP/3F4 0/0 B -/- 10"
    assert replayed.final.flags == (SQUARE_OF["d1"], SQUARE_OF["e8"])


def test_position_code_round_trip_with_streaks_and_losses():
    text = code({"d4": "P", "e5": "t", "c7": "b"}, side="Y", streaks="d4:2/c7:1", number=31)
    pos = GAME.read_position(text)
    assert GAME.position_code(pos) == text
    assert pos.streaks == ((SQUARE_OF["d4"], 2), (SQUARE_OF["c7"], 1))
    assert (pos.side, pos.number, pos.alive) == (1, 31, (2, 3))
    assert pos.taken(0) == (7, False) and pos.taken(1) == (6, False)


def test_position_code_during_the_setup():
    text = code({"c2": "P", "d1": "F", "e7": "h"}, hands="7/7F", side="Y", number=2, flags=False)
    pos = GAME.read_position(text)
    assert GAME.position_code(pos) == text
    assert pos.flags == (SQUARE_OF["d1"], IN_HAND)
    assert (pos.to_place(0), pos.to_place(1)) == (7, 8)


@pytest.mark.parametrize("text, refusal", [
    ("8/8 8F/8F B -/- 1", SetUpRefusal(TekaoSetUp.RANK_COUNT, ranks=2)),
    ("54/8/8/8/8/8/8/8 8F/8F B -/- 1", SetUpRefusal(TekaoSetUp.RANK_WIDTH, rank=8, width=9)),
    ("8/8/8/8/8/8/8/7 8F/8F B -/- 1", SetUpRefusal(TekaoSetUp.RANK_WIDTH, rank=1, width=7)),
    ("8/8/8/8/8/8/8/8 8F/8F W -/- 1",
     SetUpRefusal(TekaoSetUp.CODE_SHAPE, example="8/8/8/8/8/8/8/8 8F/8F B -/- 1")),
    ("8/8/8/8/8/8/8/8 9F/8F B -/- 1",
     SetUpRefusal(TekaoSetUp.CODE_SHAPE, example="8/8/8/8/8/8/8/8 8F/8F B -/- 1")),
    ("8/8/8/8/8/8/8/FF6 0/0 B -/- 9", SetUpRefusal(TekaoSetUp.TWO_FLAGS, side="Blue")),
    ("7f/8/8/8/8/8/8/F7 0/0F B -/- 9", SetUpRefusal(TekaoSetUp.FLAG_TWICE, side="Yellow")),
    ("7f/8/8/8/8/8/PPPPPPPP/F7 1/0 B -/- 9", SetUpRefusal(TekaoSetUp.TOO_MANY_WEAPONS, side="Blue", pieces=8)),
    ("7f/8/8/8/8/8/8/F7 0/0 B d4:1/- 9", SetUpRefusal(TekaoSetUp.STREAK_ELSEWHERE, side="Blue", square="d4")),
    ("7f/8/8/8/3p4/8/8/F7 0/0 B d4:1/- 9", SetUpRefusal(TekaoSetUp.STREAK_ELSEWHERE, side="Blue", square="d4")),
    ("8/8/8/8/8/8/8/P7 0/0 B -/- 9", SetUpRefusal(TekaoSetUp.NO_FLAGS)),
    ("8/8/8/8/8/8/8/P7 7F/8F B -/- 1",
     SetUpRefusal(TekaoSetUp.PLACING_OUT_OF_TURN, first="Blue")),
    ("8/8/8/8/8/8/8/8 8F/8F Y -/- 1",
     SetUpRefusal(TekaoSetUp.PLACING_OUT_OF_TURN, first="Blue")),
    ("8/p7/8/8/8/8/8/PP6 6F/6F B -/- 3",
     SetUpRefusal(TekaoSetUp.TAKEN_DURING_SETUP, side="Yellow", pieces=8, all=9)),
    ("8/8/8/8/8/P7/8/8 7F/8F Y -/- 1", SetUpRefusal(TekaoSetUp.OUT_OF_ZONE, side="Blue")),
    ("8/8/8/8/8/8/8/P7 7F/8F Y a1:1/- 1", SetUpRefusal(TekaoSetUp.STREAK_DURING_SETUP)),
])
def test_bad_position_codes(text, refusal):
    with pytest.raises(BadSetUp) as error:
        GAME.read_position(text)
    assert error.value.refusal == refusal


def test_bad_position_tag_in_a_record():
    record = read_one(setup_header("8/8 8F/8F B -/- 1") + "*\n")
    assert what_happened(record) == [
        (ProblemCode.POSITION, refused(SetUpRefusal(TekaoSetUp.RANK_COUNT, ranks=2)), 4, 1, None)]


# --- setup: start zones, one piece a turn, one flag ----------------------------------------------


def test_seed_style_setup_is_legal_and_places_each_piece_as_written():
    record, replayed = checked(header() + SETUP + " 10. d2-d5 *\n")
    assert record.problems == [] and replayed.outcome is None
    final = replayed.final
    assert at(final, "d5") == "P" and at(final, "d2") == "" and at(final, "e8") == "f"
    assert (final.side, final.number) == (1, 10)


@pytest.mark.parametrize("turn", ["P@a1", "P@h2", "F@e2"])
def test_blue_places_on_ranks_1_and_2(turn):
    assert why(GAME.start_position(), turn) is None


@pytest.mark.parametrize("turn, square", [("P@a3", "a3"), ("H@h8", "h8"), ("F@d5", "d5")])
def test_blue_placement_outside_its_zone(turn, square):
    assert why(GAME.start_position(), turn) == Refusal(TekaoRefusal.OUTSIDE_ZONE, on=square, side="Blue", ranks=("1", "2"))


def test_yellow_zone_is_ranks_7_and_8():
    pos = play(GAME.start_position(), "P@c2")
    assert why(pos, "T@a7") is None and why(pos, "F@h8") is None
    assert why(pos, "T@c2") == Refusal(TekaoRefusal.OUTSIDE_ZONE, on="c2", side="Yellow", ranks=("7", "8"))
    assert why(pos, "T@e6") == Refusal(TekaoRefusal.OUTSIDE_ZONE, on="e6", side="Yellow", ranks=("7", "8"))


def test_placement_on_an_occupied_square():
    pos = play(GAME.start_position(), "P@c2", "T@c7")
    assert why(pos, "H@c2") == Refusal(TekaoRefusal.PLACE_NOT_EMPTY, on="c2")
    assert why(pos, "H@c1") is None


def test_each_side_places_exactly_one_flag():
    pos = play(GAME.start_position(), "F@d1", "F@e8")
    assert pos.flags == (SQUARE_OF["d1"], SQUARE_OF["e8"])
    assert why(pos, "F@e1") == (
        Refusal(TekaoRefusal.FLAG_PLACED, side="Blue"))
    assert why(pos, "B@e1") is None


def test_the_last_piece_to_place_is_the_flag():
    yellow = {f"{file}7": "b" for file in FILES[:7]} | {"h8": "f"}
    pos = position({f"{file}2": "H" for file in FILES} | yellow, hands="0F/1", number=9, flags=False)
    assert why(pos, "T@a1") == Refusal(TekaoRefusal.ONLY_FLAG_LEFT, side="Blue", on="a1")
    assert why(pos, "F@a1") is None
    assert {turn.letter for turn in GAME.legal_turns(pos)} == {"F"}


def test_setup_lasts_nine_turns_each_then_the_battle_begins():
    record, replayed = checked(header() + SETUP + " 10. P@a1 *\n")
    assert refusals_of(record) == [({"code": "all-placed", "side": "Blue"}, 4, 122, "turn 10 Blue")]
    record, _ = checked(header() + "1. P@c2 T@c7 2. c2-c4 *\n")
    assert refusals_of(record) == [({"code": "still-placing", "side": "Blue"}, 4, 17, "turn 2 Blue")]
    record, _ = checked(header() + "1. P@c2 c7> *\n")
    assert refusals_of(record) == [({"code": "still-placing", "side": "Yellow"}, 4, 9, "turn 1 Yellow")]


def test_setup_errors_in_a_record():
    record, _ = checked(header() + "1. P@c2 P@c2 *\n")
    assert what_happened(record) == [(ProblemCode.ILLEGAL_TURN,
        refused(Refusal(TekaoRefusal.OUTSIDE_ZONE, on="c2", side="Yellow", ranks=["7", "8"])), 4, 9, "turn 1 Yellow")]
    record, _ = checked(header() + "1. F@c2 F@c7 2. F@d2 *\n")
    assert what_happened(record) == [
        (ProblemCode.ILLEGAL_TURN, refused(Refusal(TekaoRefusal.FLAG_PLACED, side="Blue")), 4, 17, "turn 2 Blue")]


def test_setup_turns_and_counts():
    start = GAME.start_position()
    turns = list(GAME.legal_turns(start))
    assert len(turns) == 16 * 5  # 16 squares, four weapons facing north or the flag
    pos = play(start, "P@c2")
    assert (pos.side, pos.number, pos.hands, pos.alive) == (1, 1, (7, 8), (1, 0))
    assert at(pos, "c2") == "P"


# --- pieces, weapons and face order -------------------------------------------------------------


def test_face_order_is_h_t_b_p_clockwise():
    pos = play(GAME.start_position(), "P@c2")
    piece = pos.cells[SQUARE_OF["c2"]]
    assert GAME.shows[piece] == (3, 0, 1, 2)  # north P, east H, south T, west B
    assert GAME.faces == "HTBP"


def test_variant_face_order():
    game = Tekao("faces HBTP")
    assert game.faces == "HBTP" and game.variant == frozenset({"faces hbtp"})
    pos = play(game.start_position(), "P@c2", game=game)
    assert game.shows[pos.cells[SQUARE_OF["c2"]]] == (3, 0, 2, 1)  # north P, east H, south B, west T
    assert Tekao("faces BPHT").faces == "HTBP"  # the same order, read from another side
    assert Tekao(" Faces tbph ").faces == "HTBP"


def test_variant_face_order_changes_the_steps():
    pieces = {"c4": "P"}
    default, variant = Tekao(), Tekao("faces HBTP")
    # West of a P-north piece: the Bow by default (2 squares), the Tower in HBTP (1 square).
    assert why(position(pieces, game=default), "c4-a4", game=default) is None
    assert why(position(pieces, game=variant), "c4-a4", game=variant) == (
        Refusal(TekaoRefusal.OUT_OF_RANGE, step="c4-a4", distance=2, direction="west", cell="c4", weapon="Tower", most=1))


@pytest.mark.parametrize("variant, message", [
    ("faces HHTP", "bad Tekao variant 'faces HHTP': the faces option lists H, T, B and P once each, "
                   "in clockwise order, as in faces HTBP"),
    ("faces", "bad Tekao variant 'faces': the faces option lists H, T, B and P once each, "
              "in clockwise order, as in faces HTBP"),
    ("fast", "unknown Tekao variant 'fast' (known: faces)"),
])
def test_bad_variants(variant, message):
    with pytest.raises(ValueError) as error:
        Tekao(variant)
    assert str(error.value) == message
    record = read_one(f'[Game "Tekao"]\n[Variant "{variant}"]\n[Result "*"]\n\n*\n')
    assert problems_of(record) == [(message, 2, 1, None)]


def test_variant_in_a_record():
    start = code({"c2": "P"})
    record, replayed = checked(setup_header(start, Variant="faces HBTP") + "20. c2-c5 *\n")
    assert record.problems == [] and at(replayed.final, "c5", record.game) == "P"
    record, _ = checked(setup_header(start, Variant="faces HBTP") + "20. c2-a2 *\n")
    assert what_happened(record) == [(ProblemCode.ILLEGAL_TURN, refused(Refusal(TekaoRefusal.OUT_OF_RANGE,
        step="c2-a2", distance=2, direction="west", cell="c2", weapon="Tower", most=1)), 7, 5, "turn 20 Blue")]
    record, _ = checked(setup_header(start) + "20. c2-a2 *\n")
    assert record.problems == []


# --- steps --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("north, legal, illegal, weapon, most", [
    ("H", "d4-d5", "d4-d6", "Hook", 1),
    ("T", "d4-d5", "d4-d6", "Tower", 1),
    ("B", "d4-d6", "d4-d7", "Bow", 2),
    ("P", "d4-d7", "d4-d8", "Pistol", 3),
])
def test_step_range_of_each_weapon(north, legal, illegal, weapon, most):
    pos = position({"d4": north})
    assert why(pos, legal) is None
    assert why(pos, "d4-d5") is None
    distance = int(illegal[-1]) - 4
    assert why(pos, illegal) == Refusal(TekaoRefusal.OUT_OF_RANGE, step=illegal, distance=distance, direction="north",
                                        cell="d4", weapon=weapon, most=most)


def test_each_side_of_a_piece_has_its_own_range():
    pos = position({"d4": "H"})  # north H, east T, south B, west P
    assert [why(pos, turn) for turn in ("d4-e4", "d4-d2", "d4-a4")] == [None, None, None]
    assert why(pos, "d4-f4") == (
        Refusal(TekaoRefusal.OUT_OF_RANGE, step="d4-f4", distance=2, direction="east", cell="d4", weapon="Tower", most=1))
    assert why(pos, "d4-d1") == (
        Refusal(TekaoRefusal.OUT_OF_RANGE, step="d4-d1", distance=3, direction="south", cell="d4", weapon="Bow", most=2))


def test_flag_piece_steps_one_square_every_way():
    pos = position({"d4": "F"})
    for turn in ("d4-d5", "d4-e4", "d4-d3", "d4-c4"):
        assert why(pos, turn) is None
    assert why(pos, "d4-b4") == (
        Refusal(TekaoRefusal.OUT_OF_RANGE, step="d4-b4", distance=2, direction="west", cell="d4", weapon="Flag", most=1))


def test_steps_go_through_and_onto_empty_squares_only():
    pos = position({"d4": "P", "d6": "T", "e4": "t"})
    assert why(pos, "d4-d5") is None
    assert why(pos, "d4-d7") == Refusal(TekaoRefusal.PASSES_OVER, step="d4-d7", between="d6")
    assert why(pos, "d4-d6") == Refusal(TekaoRefusal.STEP_NOT_EMPTY, to="d6")
    assert why(pos, "d4-e4") == Refusal(TekaoRefusal.STEP_NOT_EMPTY, to="e4")


def test_steps_are_along_a_file_or_a_rank():
    pos = position({"d4": "P"})
    assert why(pos, "d4-e5") == Refusal(TekaoRefusal.NOT_STRAIGHT, step="d4-e5")
    assert why(pos, "d4-d4") == Refusal(TekaoRefusal.NOT_STRAIGHT, step="d4-d4")


def test_a_side_acts_with_its_own_pieces():
    pos = position({"d4": "P", "e5": "t"})
    assert why(pos, "d3-d2") == Refusal(TekaoRefusal.NO_PIECE, cell="d3")
    assert why(pos, "e5-e6") == Refusal(TekaoRefusal.OPPONENT_PIECE, cell="e5", opponent="Yellow", side="Blue")
    assert why(pos, "e5>") == Refusal(TekaoRefusal.OPPONENT_PIECE, cell="e5", opponent="Yellow", side="Blue")
    assert why(pos, "c3<") == Refusal(TekaoRefusal.NO_PIECE, cell="c3")
    assert why(pos, "d4>") is None


def test_step_in_a_record_reports_turn_line_and_column():
    record, _ = checked(header() + SETUP + " 10. d2-d6 *\n")
    assert what_happened(record) == [(ProblemCode.ILLEGAL_TURN, refused(Refusal(TekaoRefusal.OUT_OF_RANGE,
        step="d2-d6", distance=4, direction="north", cell="d2", weapon="Pistol", most=3)), 4, 122, "turn 10 Blue")]


def test_legal_turns_of_a_piece():
    turns = {GAME.turn_text(turn) for turn in GAME.legal_turns(position({"d4": "B", "h1": "F"}))}
    # north Bow (2), east Pistol (3), south Hook (1), west Tower (1), and both quarter turns
    assert {t for t in turns if t.startswith("d4")} == {
        "d4>", "d4<", "d4-d5", "d4-d6", "d4-e4", "d4-f4", "d4-g4", "d4-d3", "d4-c4"}


# --- quarter turns --------------------------------------------------------------------------------


def test_quarter_turns_clockwise_and_anticlockwise():
    pos = position({"d4": "H"})  # north H, east T, south B, west P
    clockwise = play(pos, "d4>")
    assert at(clockwise, "d4") == "P"  # the west side comes round to the north
    assert GAME.shows[clockwise.cells[SQUARE_OF["d4"]]] == (3, 0, 1, 2)
    assert at(play(pos, "d4<"), "d4") == "T"  # the east side comes round to the north
    assert (clockwise.side, clockwise.number) == (1, 20)


def test_four_quarter_turns_come_back_and_a_flag_turn_changes_nothing_else():
    pos = position({"d4": "B", "c2": "T", "a7": "p"})
    pos = play(pos, "d4>", "a7>", "d4>", "a7<", "c2<", "h8<", "d4>", "a7<", "d4>")
    assert at(pos, "d4") == "B"
    flag = play(position({"d4": "B"}), "a1>")
    assert flag.cells == position({"d4": "B"}).cells and flag.streaks[0] == (SQUARE_OF["a1"], 1)


def test_turning_next_to_an_enemy_starts_no_fight():
    pos = position({"d4": "P", "d5": "p"})  # d5 shows its Tower south
    after = play(pos, "d4<")  # d4's Hook now faces that Tower: it would win, but only steps fight
    assert at(after, "d4") == "H" and at(after, "d5") == "p"
    assert GAME.play(pos, GAME.read_turn("d4<")).turn == Rotation(SQUARE_OF["d4"], False)


# --- three actions in a row ------------------------------------------------------------------------


STREAK = {"d4": "H", "c2": "T", "a7": "p"}


def test_a_piece_may_act_on_three_turns_in_a_row_but_not_four():
    pos = play(position(STREAK), "d4>", "a7>", "d4<", "a7<", "d4-d5", "h8<")
    assert pos.streaks[0] == (SQUARE_OF["d5"], 3)
    rule = Refusal(TekaoRefusal.STREAK, cell="d5", side="Blue", limit=3)
    assert why(pos, "d5>") == rule
    assert why(pos, "d5-d6") == rule
    assert {GAME.turn_text(turn)[:2] for turn in GAME.legal_turns(pos)} == {"a1", "c2"}  # every piece but d5's
    again = play(pos, "c2-c3", "h8>")
    assert why(again, "d5>") is None and again.streaks[0] == (SQUARE_OF["c3"], 1)


def test_the_streak_belongs_to_each_side():
    pos = play(position(STREAK), "d4>", "a7>", "d4<", "a7<", "d4>")
    assert pos.streaks == ((SQUARE_OF["d4"], 3), (SQUARE_OF["a7"], 2))
    assert why(pos, "a7>") is None
    assert why(play(pos, "a7>", "c2>"), "a7<") == (
        Refusal(TekaoRefusal.STREAK, cell="a7", side="Yellow", limit=3))


def test_streak_in_a_record():
    start = code(STREAK)
    record, _ = checked(setup_header(start) + "20. d4> a7> 21. d4< a7< 22. d4-d5 h8< 23. d5> *\n")
    assert what_happened(record) == [(ProblemCode.ILLEGAL_TURN,
        refused(Refusal(TekaoRefusal.STREAK, cell="d5", side="Blue", limit=3)), 6, 43, "turn 23 Blue")]
    record, replayed = checked(setup_header(start) + "20. d4> a7> 21. d4< a7< 22. d4-d5 h8< 23. c2> *\n")
    assert record.problems == [] and replayed.outcome is None


def test_a_streak_ends_with_the_piece_taken():
    pos = position({"d4": "H", "f4": "t"}, side="Y", streaks="d4:2/-")
    after = play(pos, "f4-e4")  # the Hook on e4's west side beats the Tower on d4's east side
    assert at(after, "d4") == "" and after.streaks == ((-1, 0), (SQUARE_OF["e4"], 1))
    assert GAME.position_code(after).split()[3] == "-/e4:1"


# --- fights --------------------------------------------------------------------------------------------


def test_seed_example_tower_takes_pistol_and_stays_put():
    pos = position({"d3": "T", "d5": "t"})  # d5 shows its Pistol south
    assert why(pos, "d3-d4") is None and why(pos, "d3-d4xd5") is None
    after = play(pos, "d3-d4")
    assert at(after, "d4") == "T" and at(after, "d5") == "" and at(after, "d3") == ""
    assert GAME.turn_text(GAME.play(pos, GAME.read_turn("d3-d4")).turn) == "d3-d4xd5"
    assert after.alive == (2, 1) and after.taken(1) == (8, False)  # the code had one Yellow weapon piece


def test_equal_weapons_do_nothing():
    pos = position({"d3": "T", "d5": "p"})  # d5 shows its Tower south
    after = play(pos, "d3-d4")
    assert at(after, "d5") == "p" and at(after, "d4") == "T"
    assert why(pos, "d3-d4xd5") == Refusal(TekaoRefusal.CAPTURES_TAKE_NOTHING, turn="d3-d4xd5", right="d3-d4")


def test_a_weaker_side_falls_after_its_step():
    pos = position({"d3": "T", "d5": "b"})  # d5 shows its Hook south, which beats the Tower
    after = play(pos, "d3-d4xd4")
    assert at(after, "d4") == "" and at(after, "d5") == "b" and after.taken(0) == (8, False)
    assert why(pos, "d3-d4xd5") == (
        Refusal(TekaoRefusal.WRONG_CAPTURES_FALLS, turn="d3-d4xd5", taken=[], to="d4", right="d3-d4xd4"))


SEED_FIGHT = {"d3": "B", "d5": "b", "e4": "p", "c4": "p"}


def test_seed_example_two_taken_then_the_attacker_falls():
    # On d4 the Blue piece shows Bow north, Pistol east, Hook south, Tower west. Its Pistol
    # beats e4's Bow and its Bow beats d5's Hook (phase 1); c4's Hook beats its Tower (phase 2).
    pos = position(SEED_FIGHT)
    assert GAME.turn_text(GAME.play(pos, GAME.read_turn("d3-d4")).turn) == "d3-d4xd5xe4xd4"
    after = play(pos, "d3-d4")
    assert [at(after, square) for square in ("d4", "d5", "e4", "c4")] == ["", "", "", "p"]
    assert after.alive == (1, 2)


def test_capture_marks_in_any_order_are_written_in_canonical_order():
    pos = position(SEED_FIGHT)
    assert why(pos, "d3-d4xd4xe4xd5") is None
    assert GAME.turn_text(GAME.play(pos, GAME.read_turn("d3-d4xd4xe4xd5")).turn) == "d3-d4xd5xe4xd4"
    record, _ = checked(setup_header(code(SEED_FIGHT)) + "20. d3-d4xe4xd4xd5 c4> 21. a1> *\n")
    assert record.problems == []
    assert write_record(record).splitlines()[-1] == "20. d3-d4xd5xe4xd4 c4> 21. a1> *"


@pytest.mark.parametrize("marked", ["d3-d4xd5xe4", "d3-d4xd5xe4xd4xc4", "d3-d4xd5xd5xe4xd4", "d3-d4xd4"])
def test_wrong_capture_marks(marked):
    assert why(position(SEED_FIGHT), marked) == Refusal(TekaoRefusal.WRONG_CAPTURES_FALLS, turn=marked, taken=["d5", "e4"],
                                                         to="d4", right="d3-d4xd5xe4xd4")


def test_unmarked_captures_are_filled_in_when_checked():
    record, replayed = checked(setup_header(code(SEED_FIGHT)) + "20. d3-d4 c4> *\n")
    assert record.problems == [] and replayed.outcome is None
    assert write_record(record).splitlines()[-1] == "20. d3-d4xd5xe4xd4 c4> *"


def test_wrong_marks_in_a_record():
    record, _ = checked(setup_header(code(SEED_FIGHT)) + "20. d3-d4xd5 *\n")
    assert what_happened(record) == [(ProblemCode.ILLEGAL_TURN, refused(Refusal(TekaoRefusal.WRONG_CAPTURES_FALLS,
        turn="d3-d4xd5", taken=["d5", "e4"], to="d4", right="d3-d4xd5xe4xd4")), 6, 5, "turn 20 Blue")]


def test_fights_involve_enemies_on_the_four_sides_only():
    pos = position({"d3": "T", "e5": "t", "c5": "t", "d5": "B"})  # diagonal enemies, a friend ahead
    assert GAME.play(pos, GAME.read_turn("d3-d4")).turn.taken == ()
    flag_to_flag = position({"d3": "F", "d5": "f"})
    assert GAME.play(flag_to_flag, GAME.read_turn("d3-d4")).turn.taken == ()


def test_seed_example_taking_the_flag_wins_even_if_the_taker_falls():
    pos = position({"d3": "T", "d5": "f", "e4": "b"})  # e4 shows its Tower west, which beats the Bow
    after = play(pos, "d3-d4")
    assert at(after, "d4") == "" and after.flags == (SQUARE_OF["a1"], TAKEN)
    assert GAME.outcome(after) == Outcome(0, Ending.FLAG_TAKEN, {"side": "Blue", "opponent": "Yellow"})
    record, replayed = checked(setup_header(code({"d3": "T", "d5": "f", "e4": "b"}), "1-0") + "20. d3-d4xd5xd4 1-0\n")
    assert record.problems == [] and replayed.outcome == Outcome(0, Ending.FLAG_TAKEN, {"side": "Blue", "opponent": "Yellow"})


def test_a_flag_that_steps_next_to_a_weapon_is_lost():
    pos = position({"d3": "F", "d5": "h"})  # d5 shows its Bow south: any weapon beats the flag
    after = play(pos, "d3-d4")
    assert GAME.outcome(after) == Outcome(1, Ending.FLAG_TAKEN, {"side": "Yellow", "opponent": "Blue"})
    record, replayed = checked(setup_header(code({"d3": "F", "d5": "h"}), "0-1") + "20. d3-d4xd4 0-1\n")
    assert record.problems == [] and replayed.outcome.result == "0-1"


# --- the end -------------------------------------------------------------------------------------------


WON = code({"d3": "T", "d5": "f", "e4": "b"})
FLAG_TAKEN = Outcome(0, Ending.FLAG_TAKEN, {"side": "Blue", "opponent": "Yellow"})


@pytest.mark.parametrize("result", ["0-1", "1/2-1/2", "*"])
def test_result_must_match_a_taken_flag(result):
    record, _ = checked(setup_header(WON, result) + f"20. d3-d4 {result}\n")
    assert what_happened(record) == [(ProblemCode.RESULT_CONTRADICTS, ended(FLAG_TAKEN), 6, 11, None)]


def test_no_turn_after_a_flag_is_taken():
    record, replayed = checked(setup_header(WON, "1-0") + "20. d3-d4 e4> 1-0\n")
    assert what_happened(record) == [(ProblemCode.GAME_OVER, ended(FLAG_TAKEN), 6, 11, "turn 20 Yellow")]
    assert replayed.outcome == Outcome(0, Ending.FLAG_TAKEN, {"side": "Blue", "opponent": "Yellow"})


def test_a_flag_that_is_not_taken_ends_nothing():
    record, replayed = checked(setup_header(WON, "1-0", Termination="resignation") + "20. d3> 1-0\n")
    assert record.problems == [] and replayed.outcome is None


LONE = {"a1": "F", "c7": "t"}


def test_a_side_without_a_legal_action_loses():
    pos = position(LONE, side="Y", streaks="a1:3/-")
    after = play(pos, "c7>")
    assert list(GAME.legal_turns(after)) == [] and GAME.random_turn(after, __import__("random").Random(1)) is None
    assert GAME.outcome(after) == Outcome(1, Ending.NO_LEGAL_ACTION, {"side": "Blue"})
    record, replayed = checked(setup_header(code(LONE, side="Y", streaks="a1:3/-"), "0-1") + "20... c7> 21. a1> 0-1\n")
    assert what_happened(record) == [(ProblemCode.GAME_OVER,
        ended(Outcome(1, Ending.NO_LEGAL_ACTION, {"side": "Blue"})), 6, 15, "turn 21 Blue")]


def test_a_lone_piece_may_still_act_before_its_third_turn_or_with_a_friend():
    assert GAME.outcome(play(position(LONE, side="Y", streaks="a1:2/-"), "c7>")) is None
    assert why(play(position(LONE, side="Y", streaks="a1:2/-"), "c7>"), "a1-a2") is None
    friend = play(position(LONE | {"h1": "H"}, side="Y", streaks="a1:3/-"), "c7>")
    assert GAME.outcome(friend) is None and why(friend, "a1>") is not None and why(friend, "h1>") is None


# --- notation -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, turn", [
    ("P@c2", Placement("P", SQUARE_OF["c2"])),
    ("F@d1", Placement("F", SQUARE_OF["d1"])),
    ("b2-b4", Step(SQUARE_OF["b2"], SQUARE_OF["b4"])),
    ("b2-b4xc4xb5xb4", Step(SQUARE_OF["b2"], SQUARE_OF["b4"], (SQUARE_OF["c4"], SQUARE_OF["b5"], SQUARE_OF["b4"]))),
    ("b2>", Rotation(SQUARE_OF["b2"], True)),
    ("h8<", Rotation(SQUARE_OF["h8"], False)),
])
def test_turn_syntax(text, turn):
    assert GAME.read_turn(text) == turn
    assert GAME.turn_text(turn) == text


@pytest.mark.parametrize("text", ["p@c2", "Q@c2", "P@c9", "b2-b9", "b2-b4x", "b2-b4xc", "b2>>", "b2", "i2-i3",
                                  "b2-b4-b6", "B2-B4", "P@c2x", "b2=", "12.", "1-0"])
def test_not_turns(text):
    with pytest.raises(ValueError) as error:
        GAME.read_turn(text)
    assert str(error.value) == (f"{text!r} is not a Tekao turn (a placement like P@c2 or F@d1, a step like b2-b4 "
                                "(captures: b2-b4xc4), a turn like b2> or b2<)")


def test_nags_comments_and_variations_around_tekao_turns():
    text = setup_header(code(SEED_FIGHT)) + "20. d3-d4xd5xe4xd4!? {[%mark c4]} (20. a1> $14) 20... c4>? 21. a1-a2 *\n"
    record, _ = checked(text)
    assert record.problems == []
    first = record.moves[0]
    assert first.nags == [5] and first.comments == ["[%mark c4]"] and record.moves[1].nags == [2]
    assert GAME.turn_text(first.variations[0][0].turn) == "a1>"
    assert write_record(read_one(write_record(record))) == write_record(record)


def test_an_unknown_token_is_reported_as_not_a_turn():
    record = read_one(header() + "1. P@c2 P@c9 *\n")
    assert problems_of(record) == [
        ("'P@c9' is not a Tekao turn (a placement like P@c2 or F@d1, a step like b2-b4 (captures: b2-b4xc4), "
         "a turn like b2> or b2<)", 4, 9, "turn 1 Yellow")]


# --- team games ----------------------------------------------------------------------------------------


def test_team_game_tags_are_kept_and_the_turns_are_the_usual_ones():
    text = ('[Game "Tekao"]\n[Blue "Roux and Petit"]\n[Yellow "Chen"]\n[Result "*"]\n'
            '[Blue1 "Anna Roux"]\n[Blue2 "Marc Petit"]\n[Yellow1 "Li Chen"]\n\n' + SETUP + " 10. d2-d5 e7-e6 *\n")
    record, replayed = checked(text)
    assert record.problems == [] and replayed.final.number == 11
    assert write_record(record).splitlines()[5:11] == [
        '[Blue "Roux and Petit"]', '[Yellow "Chen"]', '[Result "*"]',
        '[Blue1 "Anna Roux"]', '[Blue2 "Marc Petit"]', '[Yellow1 "Li Chen"]']
