"""The Teblo rules (docs/games/teblo.md): a legal and an illegal case for each rule,
keyed by the refusal's code and parameters (their words are said in test_refusal_codes.py),
and the problems reported by check()."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import (RED_HAND, YELLOW_HAND, checked, ended, header, play, position, position_code,
                      problems_of, read_one, refused, squares, what_happened, examples)
from ludoscribe.notation import ProblemCode, check
from ludoscribe.notation.games import BadSetUp, Ending, Outcome, Refusal, SetUpRefusal
from ludoscribe.notation.games.teblo import (ALL, SQUARES, Placement, Step, Teblo, TebloRefusal, TebloSetUp, distance,
                                             on_every_shortest_way, parts_nothing, spread)

RULE_C = "(rule c)"


def why(game: Teblo, pos, text: str) -> Refusal | None:
    return game.refusal(pos, game.read_turn(text))


def setup_header(code: str, result: str = "*", **tags: str) -> str:
    return header(result, SetUp="1", Position=code, **tags)


# --- position codes ----------------------------------------------------------------------


def test_start_position_code(teblo):
    start = teblo.start_position()
    assert teblo.position_code(start) == "12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 1"
    assert teblo.read_position(teblo.position_code(start)) == start
    assert start.pawns == (teblo.read_turn("D3").to, teblo.read_turn("I10").to)
    assert start.in_hand(0) == start.in_hand(1) == 25


def test_position_code_round_trip(teblo):
    code = position_code(squares("A1", "E5", "L12", owner="y") | squares("B2", "K11", owner="r"),
                         yellow="E6", red="H9", side="R", number=17)
    pos = teblo.read_position(code)
    assert teblo.position_code(pos) == code
    assert (pos.side, pos.number) == (1, 17)
    assert pos.in_hand(0) == 22 and pos.in_hand(1) == 23


@pytest.mark.parametrize("code, refusal", [
    ("12/12 D3 I10 Y 1", SetUpRefusal(TebloSetUp.ROW_COUNT, rows=2)),
    ("12/12/12/12/12/12/12/12/12/12/12/11 D3 I10 Y 1", SetUpRefusal(TebloSetUp.ROW_WIDTH, row="A", width=11)),
    ("12/12/12/12/12/12/12/12/12/12/12/12y D3 I10 Y 1", SetUpRefusal(TebloSetUp.ROW_WIDTH, row="A", width=13)),
    ("12/12/12/12/12/12/12/12/12/12/12/12 D13 I10 Y 1", SetUpRefusal(TebloSetUp.NOT_A_SQUARE, square="D13")),
    ("12/12/12/12/12/12/12/12/12/12/12/12 E5 E5 Y 1", SetUpRefusal(TebloSetUp.PAWNS_TOGETHER)),
    ("12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 X 1",
     SetUpRefusal(TebloSetUp.CODE_SHAPE, example="12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 1")),
])
def test_bad_position_codes(teblo, code, refusal):
    with pytest.raises(BadSetUp) as error:
        teblo.read_position(code)
    assert error.value.refusal == refusal


def test_position_code_pawn_on_opponent_piece(teblo):
    with pytest.raises(BadSetUp) as error:
        teblo.read_position(position_code({"E5": "r"}, yellow="E5"))
    assert error.value.refusal == SetUpRefusal(TebloSetUp.PAWN_ON_PIECE, side="Yellow")


def test_position_code_piece_on_base(teblo):
    with pytest.raises(BadSetUp) as error:
        teblo.read_position(position_code({"I10": "y"}, red="E5"))
    assert error.value.refusal == SetUpRefusal(TebloSetUp.PIECE_ON_BASE)


def test_position_code_too_many_pieces(teblo):
    pieces = squares(*YELLOW_HAND, "C2", owner="y")
    with pytest.raises(BadSetUp) as error:
        teblo.read_position(position_code(pieces))
    assert error.value.refusal == SetUpRefusal(TebloSetUp.TOO_MANY_PIECES, side="Yellow", pieces=25)


# --- steps ------------------------------------------------------------------------------


def test_seed_example_is_legal():
    record, replayed = checked(header() + "1. D4 H10 2. (H9) G10 *\n")
    assert record.problems == []
    assert replayed.outcome is None
    game = record.game
    final = replayed.final
    assert final.pawns == (game.read_turn("D4").to, game.read_turn("G10").to)
    assert final.pieces[0] == 1 << game.read_turn("H9").to and final.pieces[1] == 0
    assert (final.side, final.number) == (0, 3)


@pytest.mark.parametrize("to", ["D4", "D2", "C3", "E3"])
def test_step_to_each_adjacent_empty_square(teblo, to):
    assert why(teblo, teblo.start_position(), to) is None


@pytest.mark.parametrize("to, pawn", [("D5", "D3"), ("E4", "D3"), ("D3", "D3"), ("A1", "D3")])
def test_step_must_be_adjacent(teblo, to, pawn):
    assert why(teblo, teblo.start_position(), to) == Refusal(TebloRefusal.NOT_ADJACENT, to=to, side="Yellow", pawn=pawn)


def test_step_at_board_edge(teblo):
    pos = position(yellow="A1")
    assert {teblo.turn_text(t) for t in teblo.legal_turns(pos) if isinstance(t, Step)} == {"A2", "B1"}
    assert why(teblo, pos, "A12") == (
        Refusal(TebloRefusal.NOT_ADJACENT, to="A12", side="Yellow", pawn="A1"))
    assert why(teblo, position(yellow="A12"), "B1") == (
        Refusal(TebloRefusal.NOT_ADJACENT, to="B1", side="Yellow", pawn="A12"))


def test_step_onto_own_support_piece(teblo):
    pos = position({"D4": "y"})
    assert why(teblo, pos, "D4") is None
    after = teblo.apply(pos, teblo.read_turn("D4"))
    assert after.pieces == pos.pieces  # the piece stays under the pawn
    assert after.pawns[0] == teblo.read_turn("D4").to


def test_step_onto_opponent_support_piece(teblo):
    pos = position({"D4": "r"})
    assert why(teblo, pos, "D4") == Refusal(TebloRefusal.OPPONENT_PIECE, to="D4", opponent="Red")
    assert Step(teblo.read_turn("D4").to) not in set(teblo.legal_turns(pos))
    red = position({"H10": "y"}, side="R")
    assert why(teblo, red, "H10") == Refusal(TebloRefusal.OPPONENT_PIECE, to="H10", opponent="Yellow")


def test_step_onto_own_base(teblo):
    pos = position(yellow="D4")
    assert why(teblo, pos, "D3") is None


def test_step_onto_opponent_base(teblo):
    pos = position(yellow="I9", red="E5")
    assert why(teblo, pos, "I10") is None


def test_step_onto_other_pawn(teblo):
    pos = position(yellow="E5", red="E6")
    assert why(teblo, pos, "E6") == (
        Refusal(TebloRefusal.OPPONENT_PAWN, to="E6", opponent="Red"))
    red = position(yellow="E5", red="E6", side="R")
    assert why(teblo, red, "E5") == (
        Refusal(TebloRefusal.OPPONENT_PAWN, to="E5", opponent="Yellow"))


def test_rule_d_attacker_enters_base_held_by_defender(teblo):
    pos = position(yellow="I9", red="I10")
    assert why(teblo, pos, "I10") is None
    after, outcome = play(teblo, pos, [teblo.read_turn("I10")])
    assert after.pawns == (teblo.read_turn("I10").to,) * 2
    assert outcome == Outcome(0, Ending.BASE_REACHED, {"side": "Yellow", "opponent": "Red", "base": "I10"})
    red = position(yellow="D3", red="D4", side="R")
    assert why(teblo, red, "D3") is None
    assert play(teblo, red, [teblo.read_turn("D3")])[1] == Outcome(1, Ending.BASE_REACHED, {"side": "Red",
        "opponent": "Yellow", "base": "D3"})


def test_steps_through_a_record_report_turn_line_and_column():
    record, replayed = checked(header() + "1. D4 H10\n2. D6 *\n")
    assert replayed is not None and replayed.outcome is None
    assert what_happened(record) == [(ProblemCode.ILLEGAL_TURN,
        refused(Refusal(TebloRefusal.NOT_ADJACENT, to="D6", side="Yellow", pawn="D4")), 5, 4, "turn 2 Yellow")]


def test_step_onto_pawn_in_record():
    code = position_code(yellow="E5", red="F5", side="R", number=7)
    record, _ = checked(setup_header(code) + "7... E5 *\n")
    assert what_happened(record) == [(ProblemCode.ILLEGAL_TURN,
        refused(Refusal(TebloRefusal.OPPONENT_PAWN, to="E5", opponent="Yellow")), 6, 6, "turn 7 Red")]


def test_rule_d_in_record():
    code = position_code(yellow="H10", red="I10", number=12)
    record, replayed = checked(setup_header(code, "1-0") + "12. I10 1-0\n")
    assert record.problems == []
    assert replayed.outcome == Outcome(0, Ending.BASE_REACHED, {"side": "Yellow", "opponent": "Red", "base": "I10"})


# --- placements -------------------------------------------------------------------------


def test_placement_on_empty_square(teblo):
    pos = teblo.start_position()
    assert why(teblo, pos, "(H9)") is None
    after = teblo.apply(pos, teblo.read_turn("(H9)"))
    assert after.in_hand(0) == 24 and after.in_hand(1) == 25
    assert after.pawns == pos.pawns and (after.side, after.number) == (1, 1)


def test_placement_counts_every_free_square_at_start(teblo):
    turns = list(teblo.legal_turns(teblo.start_position()))
    placements = [t for t in turns if isinstance(t, Placement)]
    assert len(placements) == 144 - 2  # every square but the two bases (the pawns stand on them)
    assert len(turns) == 4 + 142


@pytest.mark.parametrize("square, pawn", [("(D3)", "D3"), ("(I10)", "D3"), ("(D3)", "D4")])
def test_placement_never_on_a_base(teblo, square, pawn):
    pos = position(yellow=pawn)
    assert why(teblo, pos, square) == Refusal(TebloRefusal.ON_BASE, on=square[1:-1])


def test_placement_on_a_pawn(teblo):
    pos = position(yellow="E5", red="G7")
    assert why(teblo, pos, "(E5)") == Refusal(TebloRefusal.ON_PAWN, on="E5", owner="Yellow")
    assert why(teblo, pos, "(G7)") == Refusal(TebloRefusal.ON_PAWN, on="G7", owner="Red")


def test_placement_on_an_occupied_square(teblo):
    pos = position({"E5": "y", "F5": "r"}, side="R")
    assert why(teblo, pos, "(E5)") == Refusal(TebloRefusal.ON_PIECE, on="E5", owner="Yellow")
    assert why(teblo, pos, "(F5)") == Refusal(TebloRefusal.ON_PIECE, on="F5", owner="Red")
    assert why(teblo, pos, "(G5)") is None


def test_hand_of_25_pieces(teblo):
    pos = position(squares(*YELLOW_HAND[:24], owner="y"))
    assert pos.in_hand(0) == 1
    assert why(teblo, pos, "(E5)") is None
    pos = teblo.apply(pos, teblo.read_turn("(E5)"))
    pos = teblo.apply(pos, teblo.read_turn("H10"))
    assert pos.in_hand(0) == 0
    assert why(teblo, pos, "(E6)") == Refusal(TebloRefusal.NO_PIECES_LEFT, side="Yellow", pieces=25)
    legal = list(teblo.legal_turns(pos))  # the pawn's steps only: no placement
    assert {type(turn) for turn in legal} == {Step}
    assert sorted(teblo.turn_text(turn) for turn in legal) == ["C3", "D2", "D4", "E3"]


def test_hand_runs_out_in_record():
    turns = []
    for number, (yellow, red) in enumerate(zip(YELLOW_HAND, RED_HAND), 1):
        turns.append(f"{number}. ({yellow}) ({red})")
    record, replayed = checked(header() + "\n".join(turns) + "\n26. (F5) *\n")
    assert what_happened(record) == [(ProblemCode.ILLEGAL_TURN,
        refused(Refusal(TebloRefusal.NO_PIECES_LEFT, side="Yellow", pieces=25)), 29, 5, "turn 26 Yellow")]
    record, replayed = checked(header() + "\n".join(turns) + "\n26. D4 *\n")
    assert record.problems == [] and replayed.outcome is None
    assert replayed.final.in_hand(0) == replayed.final.in_hand(1) == 0


def test_placement_errors_in_record():
    record, _ = checked(header() + "1. (E5) (E5) *\n")
    assert what_happened(record) == [
        (ProblemCode.ILLEGAL_TURN, refused(Refusal(TebloRefusal.ON_PIECE, on="E5", owner="Yellow")), 4, 9, "turn 1 Red")]
    record, _ = checked(header() + "1. D4 (D4) *\n")
    assert what_happened(record) == [
        (ProblemCode.ILLEGAL_TURN, refused(Refusal(TebloRefusal.ON_PAWN, on="D4", owner="Yellow")), 4, 7, "turn 1 Red")]
    record, _ = checked(header() + "1. D4 (D3) *\n")
    assert what_happened(record) == [
        (ProblemCode.ILLEGAL_TURN, refused(Refusal(TebloRefusal.ON_BASE, on="D3")), 4, 7, "turn 1 Red")]


# --- rule c: reachability -----------------------------------------------------------------


def test_rule_c_cutting_opponent_from_both_bases(teblo):
    # Red's pawn on its base I10, three of its four neighbours walled by Yellow.
    pos = position(squares("H10", "J10", "I9", owner="y"))
    assert why(teblo, pos, "(I11)") == Refusal(TebloRefusal.CUTS_BASE, on="I11", opponent="Red", base_of="Yellow", base="D3")
    assert Placement(teblo.read_turn("I11").to) not in set(teblo.legal_turns(pos))
    assert why(teblo, pos, "(I12)") is None  # I11 stays open: a path is left


def test_rule_c_cutting_opponent_from_its_own_base(teblo):
    # Red's pawn is away; Yellow closes the last way into Red's base.
    pos = position(squares("H10", "J10", "I9", owner="y"), red="E5")
    assert why(teblo, pos, "(I11)") == Refusal(TebloRefusal.CUTS_BASE, on="I11", opponent="Red", base_of="Red", base="I10")


def test_rule_c_own_piece_never_blocks_the_mover(teblo):
    # Yellow's pawn in the corner A1; its own pieces may close it in (it can step on them) ...
    pos = position({"A2": "y"}, yellow="A1")
    assert why(teblo, pos, "(B1)") is None
    # ... but Red may not close it in with Red pieces.
    red = position({"A2": "r"}, yellow="A1", side="R")
    assert why(teblo, red, "(B1)") == Refusal(TebloRefusal.CUTS_BASE, on="B1", opponent="Yellow", base_of="Yellow", base="D3")


def test_rule_c_ring_of_own_pieces_around_own_base_cuts_opponent(teblo):
    # Yellow's pieces are walls for Red: closing them around D3 cuts Red from D3.
    pos = position(squares("C3", "E3", "D2", owner="y"))
    assert why(teblo, pos, "(D4)") == Refusal(TebloRefusal.CUTS_BASE, on="D4", opponent="Red", base_of="Yellow", base="D3")
    # Red's pieces around D3 are walls for Yellow's pawn standing there.
    red = position(squares("C3", "E3", "D2", owner="r"), side="R")
    assert why(teblo, red, "(D4)") == Refusal(TebloRefusal.CUTS_BASE, on="D4", opponent="Yellow", base_of="Red", base="I10")
    # A mixed ring leaves Red its own piece to step through.
    mixed = position(squares("C3", "E3", owner="y") | {"D2": "r"})
    assert why(teblo, mixed, "(D4)") is None


def test_rule_c_pawns_are_ignored(teblo):
    # Yellow's pawn stands in the only gap to Red's base: that still counts as a path.
    pos = position(squares("H10", "J10", "I9", owner="y"), yellow="I11", red="E5")
    assert why(teblo, pos, "(F5)") is None


def test_rule_c_wall_across_the_board(teblo):
    # A Yellow wall across row F with one gap at F12: closing it cuts Red from Yellow's base.
    wall = squares(*[f"F{column}" for column in range(1, 12)], owner="y")
    pos = position(wall)
    assert why(teblo, pos, "(F12)") == Refusal(TebloRefusal.CUTS_BASE, on="F12", opponent="Red", base_of="Yellow", base="D3")
    assert why(teblo, pos, "(G11)") is None
    # Red pieces in the wall are passable for Red.
    mixed = position(wall | {"F6": "r"})
    assert why(teblo, mixed, "(F12)") is None


def test_rule_c_in_record():
    code = position_code(squares("H10", "J10", "I9", owner="y"), number=4)
    record, _ = checked(setup_header(code) + "4. (I11) *\n")
    assert what_happened(record) == [(ProblemCode.ILLEGAL_TURN, refused(
        Refusal(TebloRefusal.CUTS_BASE, on="I11", opponent="Red", base_of="Yellow", base="D3")), 6, 4, "turn 4 Yellow")]
    record, replayed = checked(setup_header(code) + "4. (I12) I11 *\n")
    assert record.problems == [] and replayed.outcome is None


# --- the end ------------------------------------------------------------------------------


WIN_CODE = position_code(yellow="H10", red="E5", number=20)
YELLOW_REACHED = Outcome(0, Ending.BASE_REACHED, {"side": "Yellow", "opponent": "Red", "base": "I10"})


def test_win_on_reaching_opponent_base():
    record, replayed = checked(setup_header(WIN_CODE, "1-0") + "20. I10 1-0\n")
    assert record.problems == []
    assert replayed.outcome == Outcome(0, Ending.BASE_REACHED, {"side": "Yellow", "opponent": "Red", "base": "I10"})
    assert replayed.outcome.result == "1-0"


def test_red_wins_on_reaching_yellow_base():
    code = position_code(yellow="H8", red="D4", side="R", number=9)
    record, replayed = checked(setup_header(code, "0-1") + "9... D3 0-1\n")
    assert record.problems == []
    assert replayed.outcome == Outcome(1, Ending.BASE_REACHED, {"side": "Red", "opponent": "Yellow", "base": "D3"})


def test_turns_after_a_win_are_an_error():
    record, replayed = checked(setup_header(WIN_CODE, "1-0") + "20. I10 E6 1-0\n")
    assert what_happened(record) == [(ProblemCode.GAME_OVER, ended(YELLOW_REACHED), 6, 9, "turn 20 Red")]
    assert replayed.outcome == Outcome(0, Ending.BASE_REACHED, {"side": "Yellow", "opponent": "Red", "base": "I10"})


@pytest.mark.parametrize("result", ["0-1", "1/2-1/2", "*"])
def test_result_contradicting_a_win(result):
    record, _ = checked(setup_header(WIN_CODE, result) + f"20. I10 {result}\n")
    assert what_happened(record) == [(ProblemCode.RESULT_CONTRADICTS, ended(YELLOW_REACHED), 6, 9, None)]


@pytest.mark.parametrize("result, termination", [("1-0", "resignation"), ("0-1", "time forfeit"),
                                                 ("1/2-1/2", "agreement")])
def test_decisive_result_before_the_end(result, termination):
    record, replayed = checked(header(result, Termination=termination) + f"1. D4 H10 2. (H9) {result}\n")
    assert record.problems == []
    assert replayed.outcome is None


NO_TURN_CODE = position_code(squares(*RED_HAND, owner="r"), yellow="A2", red="A1", number=30)
RED_STUCK = Outcome(0, Ending.NO_LEGAL_TURN, {"side": "Red"})


def test_loss_with_no_legal_turn(teblo):
    pos = teblo.read_position(NO_TURN_CODE)
    after, outcome = play(teblo, pos, [teblo.read_turn("(B1)")])
    assert list(teblo.legal_turns(after)) == []
    assert teblo.random_turn(after, __import__("random").Random(0)) is None
    assert outcome == Outcome(0, Ending.NO_LEGAL_TURN, {"side": "Red"})
    record, replayed = checked(setup_header(NO_TURN_CODE, "1-0") + "30. (B1) 1-0\n")
    assert record.problems == []
    assert replayed.outcome == Outcome(0, Ending.NO_LEGAL_TURN, {"side": "Red"})


def test_a_legal_turn_left_is_no_loss(teblo):
    # Same, but Red keeps one piece in hand: placing it is a legal turn.
    code = position_code(squares(*RED_HAND[:-1], owner="r"), yellow="A2", red="A1", number=30)
    record, replayed = checked(setup_header(code) + "30. (B1) (F6) *\n")
    assert record.problems == [] and replayed.outcome is None


def test_no_legal_turn_result_and_turns_after():
    record, _ = checked(setup_header(NO_TURN_CODE, "0-1") + "30. (B1) 0-1\n")
    assert what_happened(record) == [(ProblemCode.RESULT_CONTRADICTS, ended(RED_STUCK), 6, 10, None)]
    record, _ = checked(setup_header(NO_TURN_CODE, "1-0") + "30. (B1) A3 1-0\n")
    assert what_happened(record) == [(ProblemCode.GAME_OVER, ended(RED_STUCK), 6, 10, "turn 30 Red")]


# --- the repetition draw (docs/games/teblo.md, "End of the game"): the same sequence of
# turns played three times in a row; a position occurring again ends nothing.

SHUFFLE = "D4 H10 D3 I10"  # both pawns step out and back home: the start position again
DRAWN = Outcome(None, Ending.REPETITION, {"turns": SHUFFLE.split()})


def movetext(turns: str, first: int = 1) -> str:
    """Numbered movetext for Teblo turns from Yellow's turn `first` on."""
    words = turns.split()
    return " ".join(f"{first + i // 2}. {word}" if i % 2 == 0 else word for i, word in enumerate(words))


def test_the_same_turns_three_times_draw(teblo):
    record, replayed = checked(header("1/2-1/2", Termination="repetition") + movetext(" ".join([SHUFFLE] * 3))
                               + " 1/2-1/2\n")
    assert record.problems == []
    assert replayed.outcome == DRAWN
    assert replayed.final == teblo.start_position() and replayed.final.number == 7


def test_a_shuffle_played_twice_then_left_ends_nothing():
    # The start position stands on the board for the third time after turn 4, and the
    # players go on: no sequence has been played three times.
    record, replayed = checked(header() + movetext(f"{SHUFFLE} {SHUFFLE} (F6) (G7) D4 I9") + " *\n")
    assert record.problems == [] and replayed.outcome is None


def test_two_copies_and_most_of_a_third_end_nothing():
    record, replayed = checked(header() + movetext(f"{SHUFFLE} {SHUFFLE} D4 H10 D3") + " *\n")
    assert record.problems == [] and replayed.outcome is None


def test_a_position_reached_again_by_other_routes_ends_nothing(teblo):
    # The start position comes back five times, each time by a different way out and back.
    routes = "D4 H10 D3 I10 E3 I9 D3 I10 C3 I11 D3 I10 D2 J10 D3 I10 D4 I9 D3 I10"
    record, replayed = checked(header() + movetext(routes) + " *\n")
    assert record.problems == [] and replayed.outcome is None
    assert replayed.final == teblo.start_position()


def test_a_longer_sequence_three_times_draws():
    # Each pawn walks round a square of four: eight turns, played three times.
    loop = "D4 I9 E4 H9 E3 H10 D3 I10"
    text = movetext(" ".join([loop] * 3))
    record, replayed = checked(header("1/2-1/2") + text + " 1/2-1/2\n")
    assert record.problems == []
    assert replayed.outcome == Outcome(None, Ending.REPETITION, {"turns": loop.split()})
    almost = " ".join([loop] * 3)[: -len(" I10")]
    record, replayed = checked(header() + movetext(almost) + " *\n")
    assert record.problems == [] and replayed.outcome is None


def test_the_repeated_sequence_may_follow_other_turns():
    # Placements first, then the shuffle three times: only the last turns count.
    record, replayed = checked(header("1/2-1/2") + movetext("(F6) (G7) " + " ".join([SHUFFLE] * 3)) + " 1/2-1/2\n")
    assert record.problems == [] and replayed.outcome == DRAWN


def test_a_sequence_broken_in_the_middle_starts_counting_again():
    # Two copies, other turns, then two more copies: never three in a row.
    turns = f"{SHUFFLE} {SHUFFLE} (F6) I9 E3 I10 D3 (G7) {SHUFFLE} {SHUFFLE}"
    record, replayed = checked(header() + movetext(turns) + " *\n")
    assert record.problems == [] and replayed.outcome is None
    record, replayed = checked(header("1/2-1/2") + movetext(f"{turns} {SHUFFLE}") + " 1/2-1/2\n")
    assert record.problems == [] and replayed.outcome == DRAWN


def test_the_repeated_sequence_may_start_on_any_turn():
    # Yellow leaves by D2 first, so the shuffle as Yellow starts it is never played three
    # times; the same turns counted from Red's H10 are, after Yellow's thirteenth turn.
    record, replayed = checked(header("1/2-1/2") + movetext("D2 H10 D3 I10 " + " ".join([SHUFFLE] * 2) + " D4")
                               + " 1/2-1/2\n")
    assert record.problems == []
    assert replayed.outcome == Outcome(None, Ending.REPETITION, {"turns": ["H10", "D3", "I10", "D4"]})


def test_repetition_from_a_set_up_position():
    code = position_code(squares("F6", owner="y"), yellow="E5", red="H8", side="R", number=12)
    moves = "12... H9 13. E6 H8 14. E5 H9 15. E6 H8 16. E5 H9 17. E6 H8 18. E5"
    record, replayed = checked(setup_header(code, "1/2-1/2") + moves + " 1/2-1/2\n")
    assert problems_of(record) == [] and replayed.outcome.termination == "repetition"
    assert replayed.outcome == Outcome(None, Ending.REPETITION, {"turns": ["H9", "E6", "H8", "E5"]})


def test_repetition_needs_the_same_side_to_move(teblo):
    start = teblo.start_position()
    assert position(side="R") != start
    assert position(number=7) == start  # the turn number is no part of the position


def test_repetition_then_more_turns():
    record, _ = checked(header("1/2-1/2") + movetext(" ".join([SHUFFLE] * 3)) + " 7. D4 1/2-1/2\n")
    assert what_happened(record) == [(ProblemCode.GAME_OVER, ended(DRAWN), 4, 64, "turn 7 Yellow")]


def test_repetition_with_wrong_result():
    record, _ = checked(header("1-0") + movetext(" ".join([SHUFFLE] * 3)) + " 1-0\n")
    assert what_happened(record) == [(ProblemCode.RESULT_CONTRADICTS, ended(DRAWN), 4, 61, None)]


def test_repetition_counts_within_variations():
    # A variation goes on from the turns of the line leading to it: here the third copy
    # of the shuffle is completed inside the variation, which then goes on after the draw.
    text = header() + movetext(f"{SHUFFLE} {SHUFFLE} D4 H10") + " 6. D5 (6. D3 I10 7. D4) H11 *\n"
    record, replayed = checked(text)
    assert what_happened(record) == [(ProblemCode.GAME_OVER, ended(DRAWN), 4, 71, "turn 7 Yellow")]
    assert replayed.outcome is None  # the main line did not repeat


def test_a_variation_is_taken_back_before_the_main_line_goes_on():
    # A variation's turns are no part of the main line: the main line completes its
    # third copy after two variations (one would make I10 out of reach from H9).
    text = header("1/2-1/2") + movetext(f"{SHUFFLE} {SHUFFLE} D4 H10") + \
        " 6. D3 (6. D5 I10 7. D4) 6... I10 (6... H9 7. D4) 1/2-1/2\n"
    record, replayed = checked(text)
    assert problems_of(record) == [] and replayed.outcome == DRAWN


def test_illegal_turn_in_variation():
    record, replayed = checked(header() + "1. D4 (1. D5) H10 *\n")
    assert what_happened(record) == [(ProblemCode.ILLEGAL_TURN,
        refused(Refusal(TebloRefusal.NOT_ADJACENT, to="D5", side="Yellow", pawn="D3")), 4, 11, "turn 1 Yellow")]
    assert replayed.outcome is None


def test_only_the_first_illegal_turn_of_a_line_is_reported():
    record, _ = checked(header() + "1. D6 H10 2. A1 *\n")
    assert what_happened(record) == [(ProblemCode.ILLEGAL_TURN,
        refused(Refusal(TebloRefusal.NOT_ADJACENT, to="D6", side="Yellow", pawn="D3")), 4, 4, "turn 1 Yellow")]


def test_check_of_unreadable_record_returns_none():
    record = read_one(header() + "1. D4 Z9 *\n")
    assert check(record) is None
    assert len(record.problems) == 1


def test_set_up_position_already_won():
    code = position_code(yellow="I10", red="E5", side="R", number=20)
    record, replayed = checked(setup_header(code, "1-0") + "20... E6 1-0\n")
    assert what_happened(record) == [(ProblemCode.GAME_OVER, ended(YELLOW_REACHED), 6, 7, "turn 20 Red")]
    record, replayed = checked(setup_header(code, "*") + "*\n")
    assert what_happened(record) == [(ProblemCode.RESULT_CONTRADICTS, ended(YELLOW_REACHED), 6, 1, None)]
    record, replayed = checked(setup_header(code, "1-0") + "1-0\n")
    assert record.problems == []
    assert replayed.outcome == Outcome(0, Ending.BASE_REACHED, {"side": "Yellow", "opponent": "Red", "base": "I10"})


def test_set_up_position_with_no_legal_turn(teblo):
    code = position_code(squares(*RED_HAND, owner="r") | {"B1": "y"}, yellow="A2", red="A1", side="R", number=30)
    record, replayed = checked(setup_header(code, "1-0") + "1-0\n")
    assert record.problems == []
    assert replayed.outcome == Outcome(0, Ending.NO_LEGAL_TURN, {"side": "Red"})
    record, _ = checked(setup_header(code, "1-0") + "30... A2 1-0\n")
    assert what_happened(record) == [(ProblemCode.GAME_OVER, ended(RED_STUCK), 6, 7, "turn 30 Red")]


# --- the shortcuts of rule c and of the greedy player's measure -----------------------------------

# a board: the squares closed (up to 60 of the 144, as pieces wall a board in), and two squares
boards = st.tuples(st.lists(st.integers(0, SQUARES - 1), max_size=60), st.integers(0, SQUARES - 1),
                   st.integers(0, SQUARES - 1))


def open_squares(closed: list[int], *kept: int) -> int:
    return (ALL & ~sum(1 << square for square in set(closed))) | sum(1 << square for square in set(kept))


@settings(max_examples=examples(100))
@given(boards)
def test_a_square_said_to_part_nothing_parts_no_two_squares(board):
    """parts_nothing's local test (the square's neighbours joined round it) never says a square parts
    nothing when closing it parts the start from some square, checked by the flood fill."""
    closed, start, _ = board
    passable = open_squares(closed, start)
    for square in range(SQUARES):
        if square == start or not passable >> square & 1 or not parts_nothing(square, passable):
            continue
        assert region(start, passable & ~(1 << square)) == region(start, passable) & ~(1 << square), square


def region(start: int, passable: int) -> int:
    """The squares a flood fill from `start` through `passable` squares reaches."""
    reached = 1 << start
    while (grown := reached | (spread(reached) & passable)) != reached:
        reached = grown
    return reached


@settings(max_examples=examples(100))
@given(boards)
def test_closing_a_square_lengthens_the_way_exactly_when_every_shortest_way_goes_through_it(board):
    """on_every_shortest_way holds the squares whose closing makes the way longer (the greedy player's
    measure works the way out again only for those), and no other."""
    closed, start, target = board
    passable = open_squares(closed, start, target)
    every, steps = on_every_shortest_way(start, target, passable), distance(start, target, passable)
    assert (steps is None) == (every == 0)
    for square in range(SQUARES):
        if square in (start, target) or not passable >> square & 1:
            continue
        longer = distance(start, target, passable & ~(1 << square)) != steps
        assert longer == bool(every >> square & 1), square


def test_the_legal_turns_are_the_turns_play_accepts(teblo):
    """legal_turns lists steps and placements from bitboards, apart from play's checks: over positions of
    random games, it lists exactly the steps to a neighbour and the placements that play accepts."""
    import random

    from ludoscribe.notation.games.teblo import NEIGHBOURS

    rng, compared = random.Random(5), 0
    for _ in range(12):
        position = teblo.start_position()
        for _ in range(80):
            candidates = [Step(to) for to in NEIGHBOURS[position.pawns[position.side]]]
            candidates += [Placement(on) for on in range(SQUARES)]
            accepted = {turn for turn in candidates if teblo.play(position, turn).after is not None}
            assert set(teblo.legal_turns(position)) == accepted
            assert teblo._can_step(position) == any(isinstance(turn, Step) for turn in accepted)  # the outcome's test
            compared += 1
            turn = teblo.random_turn(position, rng)
            if turn is None or teblo.outcome(teblo.apply(position, turn)) is not None:
                break
            position = teblo.apply(position, turn)
    assert compared > 300


@pytest.mark.parametrize(("yellow", "red_pieces", "steps"), [
    ("A1", ("A2", "B1"), False),  # boxed in a corner by Red's pieces
    ("A1", ("A2",), True),  # one way out
    ("E5", ("E4", "E6", "D5"), True),  # F5 is free
    ("E5", ("E4", "E6", "D5", "F5"), False),
])
def test_the_outcome_knows_when_the_pawn_cannot_step(teblo, yellow, red_pieces, steps):
    """The outcome asks whether the side to move has a step (`_can_step`, on bits) before it lists placements:
    it answers as `legal_turns` does, Red's pawn standing on the last free neighbour too."""
    from ludoscribe.notation.games.teblo import SQUARE_OF, TebloPosition

    pieces = sum(1 << SQUARE_OF[name] for name in red_pieces)
    for red_pawn in ("L12", "F5"):  # far away; on the last free neighbour of E5, where Yellow may not step
        position = TebloPosition((SQUARE_OF[yellow], SQUARE_OF[red_pawn]), (0, pieces))
        listed = any(isinstance(turn, Step) for turn in teblo.legal_turns(position))
        assert teblo._can_step(position) == listed
        assert listed == (steps and not (red_pawn == "F5" and len(red_pieces) == 3))
