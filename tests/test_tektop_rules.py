"""The Tektop rules (docs/games/tektop.md): a legal and an illegal case for each rule, with
the refusal's code and parameters (their words are said in test_refusal_codes.py) and the
problems reported by check()."""

from __future__ import annotations

import pytest

from conftest import ended, problems_of, read_one, refused, what_happened
from ludoscribe.notation import ProblemCode, check, write_record
from ludoscribe.notation.games import BadSetUp, Ending, Outcome, Refusal, SetUpRefusal
from ludoscribe.notation.games.tektop import TektopRefusal, TektopSetUp, LEVEL, SCORE, SQUARE_OF, Step, Tektop, Turn

GAME = Tektop()
ORTHOGONAL = Tektop("orthogonal")


def code(white: str = "", black: str = "", home: tuple[int, int] = (0, 0), side: str = "W", stage: str = "play",
         number: int = 1) -> str:
    """A position code written square by square, independently of the engine's writer."""
    pawns = {name: "w" for name in white.split()} | {name: "b" for name in black.split()}
    ranks = []
    for rank in "54321":
        text, empty = "", 0
        for file in "abcde":
            pawn = pawns.get(file + rank, "")
            if pawn:
                text += (str(empty) if empty else "") + pawn
                empty = 0
            else:
                empty += 1
        ranks.append(text + (str(empty) if empty else ""))
    return f"{'/'.join(ranks)} {home[0]} {home[1]} {side} {stage} {number}"


def position(white: str, black: str, **kwargs):
    return GAME.read_position(code(white, black, **kwargs))


def why(pos, text: str, game: Tektop = GAME) -> Refusal | None:
    return game.refusal(pos, game.read_turn(text))


def completed(pos, text: str, game: Tektop = GAME) -> str:
    """The canonical spelling of a legal turn once the position has filled it in."""
    turn = game.read_turn(text)
    assert game.why_illegal(pos, turn) is None
    return game.turn_text(game.play(pos, turn).turn)


def after(pos, *texts: str, game: Tektop = GAME):
    for text in texts:
        turn = game.read_turn(text)
        assert game.why_illegal(pos, turn) is None, (text, game.why_illegal(pos, turn))
        pos = game.apply(pos, game.play(pos, turn).turn)
    return pos


def record(movetext: str, result: str = "*", **tags: str) -> str:
    lines = ['[Game "Tektop"]', f'[Result "{result}"]'] + [f'[{name} "{value}"]' for name, value in tags.items()]
    return "\n".join(lines) + "\n\n" + movetext + f" {result}\n"


def checked(text: str):
    found = read_one(text)
    return found, check(found)


START = GAME.start_position()


# --- the board and the position code ---------------------------------------------------------


def test_relief_levels():
    rows = [" ".join(str(LEVEL[SQUARE_OF[file + rank]]) for file in "abcde") for rank in "54321"]
    assert rows == ["4 3 2 1 0", "3 3 2 1 0", "2 2 2 1 0", "1 1 1 1 0", "0 0 0 0 0"]


def test_start_position_code():
    assert GAME.position_code(START) == "4b/4b/4b/4b/wwww1 0 0 W play 1"
    assert code("a1 b1 c1 d1", "e2 e3 e4 e5") == GAME.position_code(START)
    assert GAME.read_position(GAME.position_code(START)) == START
    assert (START.side, START.number, START.home, START.stage) == (0, 1, (0, 0), "play")


def test_position_code_round_trip_and_number_left_out_of_equality():
    text = code("a4 b3", "b5 c4 d4", home=(2, 1), side="B", stage="last", number=17)
    pos = GAME.read_position(text)
    assert GAME.position_code(pos) == text
    assert (pos.side, pos.number, pos.home, pos.stage) == (1, 17, (2, 1), "last")
    assert pos == GAME.read_position(text.replace(" 17", " 3"))


@pytest.mark.parametrize("text, refusal", [
    ("4b/4b/4b/4b/wwww1 0 0 W 1",
     SetUpRefusal(TektopSetUp.CODE_SHAPE, example="4b/4b/4b/4b/wwww1 0 0 W play 1")),
    ("4b/4b/4b/4b 0 0 W play 1", SetUpRefusal(TektopSetUp.RANK_COUNT, ranks=4)),
    ("4b/4b/4b/4b/wwww 0 0 W play 1", SetUpRefusal(TektopSetUp.RANK_WIDTH, rank=1, width=4)),
    ("4b/4b/4b/4b/wwww2 0 0 W play 1", SetUpRefusal(TektopSetUp.RANK_WIDTH, rank=1, width=6)),
    ("w3b/4b/4b/4b/www2 1 0 W play 1", SetUpRefusal(TektopSetUp.ON_SUMMIT)),
    ("4b/4b/4b/4b/www2 0 0 W play 1", SetUpRefusal(TektopSetUp.PAWN_COUNT, side="White", on_board=3, home=0, pawns=4)),
    ("5/4b/4b/4b/w4 3 1 W over 1", SetUpRefusal(TektopSetUp.TOO_MANY_HOME, side="White", home=3)),
    ("5/3bb/4b/2w2/ww3 1 0 W play 1", SetUpRefusal(TektopSetUp.PAWN_COUNT, side="Black", on_board=3, home=0, pawns=4)),
    (code("a4 b3", "b5 c4 d4", home=(2, 1), side="B"),
     SetUpRefusal(TektopSetUp.STATE_IS_LAST, state="play")),
    (code("a4 b3", "b5 c4 d4", home=(2, 1), side="W", stage="last"),
     SetUpRefusal(TektopSetUp.STATE_IS_OVER, state="last")),
])
def test_bad_position_codes(text, refusal):
    with pytest.raises(BadSetUp) as error:
        GAME.read_position(text)
    assert error.value.refusal == refusal


def test_bad_position_tag_in_record():
    found = read_one(record("", SetUp="1", Position="4b/4b/4b/4b/www2 0 0 W play 1"))
    counted = SetUpRefusal(TektopSetUp.PAWN_COUNT, side="White", on_board=3, home=0, pawns=4)
    assert what_happened(found) == [(ProblemCode.POSITION, refused(counted), 4, 1, None)]


# --- dice ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("dice, points", [
    ("6666", 4), ("1111", 4),
    ("1234", 3), ("4352", 3), ("6453", 3),
    ("2225", 2), ("5255", 2), ("2255", 2), ("3636", 2),
    ("2256", 1), ("1413", 1),
    ("1356", 0), ("1235", 0), ("2346", 0),
])
def test_the_points_of_a_throw(dice, points):
    assert SCORE[dice] == points
    assert GAME.read_turn(dice).points == points


def test_one_to_three_throws_and_only_the_last_scores():
    assert GAME.read_turn("2514/2554/5554:b1-b2,b2-b3>c4") == Turn(
        ("2514", "2554", "5554"), (Step(SQUARE_OF["b1"], SQUARE_OF["b2"]),
                                   Step(SQUARE_OF["b2"], SQUARE_OF["b3"], SQUARE_OF["c4"])))
    assert why(START, "1356/1111:a1-a2,b1-b2,c1-c2,d1-d2") is None  # the last throw scores 4
    assert why(START, "1111/1356") is None  # it scores 0, and no pawn can go down
    assert why(START, "1111/1356:a1-a2") == (
        Refusal(TektopRefusal.ZERO_NOT_DOWN, step="a1-a2", to="a2", to_level=1, cell="a1", level=0))


@pytest.mark.parametrize("text", ["2514/2554/5554/1111", "1237", "123", "12345", "2514:", "2514:b1-b6",
                                  "2514:b1b2", "2514:b1-b2;", "2514:B1-B2", "2514/", "1234:a1-a2>"])
def test_malformed_turns(text):
    with pytest.raises(ValueError) as error:
        GAME.read_turn(text)
    assert str(error.value) == (f"{text!r} is not a Tektop turn (the dice, then the steps: "
                                "2514/2554/5554:b1-b2,b2-b3>c4, or the dice alone: 1356)")


def test_a_bad_turn_in_a_record_is_reported_where_it_stands():
    found = read_one(record("1. 2514:a1-a2 1234/7777"))
    assert problems_of(found) == [
        ("'1234/7777' is not a Tektop turn (the dice, then the steps: 2514/2554/5554:b1-b2,b2-b3>c4, "
         "or the dice alone: 1356)", 4, 15, "turn 1 Black")]


def test_turn_numbers_and_results_are_not_dice():
    found = read_one(record("1. 1234 1234 2. 1234:a1-a2 2... 1234 3. 1234 (3. 6666)", "1-0"))
    assert found.problems == []
    assert [GAME.turn_text(node.turn) for node in found.moves] == ["1234", "1234", "1234:a1-a2", "1234", "1234"]
    found = read_one(record("1234. 1111", SetUp="1", Position=code("a1 b1 c1 d1", "e2 e3 e4 e5", number=1234)))
    assert found.problems == [] and found.moves[0].turn.dice == ("1111",)


def test_too_many_steps_for_the_points():
    assert why(START, "2256:a1-a2") is None
    assert why(START, "2256:a1-a2,b1-b2") == Refusal(TektopRefusal.TOO_MANY_STEPS, throw="2256", points=1, steps=2)
    assert why(START, "1234:a1-a2,b1-b2,c1-c2,d1-d2") == Refusal(TektopRefusal.TOO_MANY_STEPS, throw="1234", points=3, steps=4)
    assert why(START, "1111:a1-a2,b1-b2,c1-c2,d1-d2") is None


def test_points_may_be_left_unused():
    assert why(START, "1111") is None
    assert why(START, "1111:a1-a2") is None
    assert after(START, "1111") == START.__class__(START.pawns, START.home, 1, 1)


# --- steps -----------------------------------------------------------------------------------


def test_a_player_moves_only_its_own_pawns():
    assert why(START, "2234:a1-a2") is None
    assert why(START, "2234:e2-d2") == Refusal(TektopRefusal.OPPONENT_PAWN, step="e2-d2", cell="e2", opponent="Black",
        side="White")
    assert why(START, "2234:e1-d2") == Refusal(TektopRefusal.NO_PAWN, step="e1-d2", cell="e1")
    black = after(START, "1356")
    assert why(black, "2234:e2-d2") is None
    assert why(black, "2234:a1-a2") == Refusal(TektopRefusal.OPPONENT_PAWN, step="a1-a2", cell="a1", opponent="White",
        side="Black")


def test_eight_directions():
    pos = position("c2 a2 a1 e1", "e2 e3 e4 e5")
    for to in ("b1", "c1", "d1", "b2", "d2", "b3", "c3", "d3"):
        assert why(pos, f"1111:c2-{to}") is None, to
    assert why(START, "2234:a1-b2") is None
    assert why(START, "2234:a1-a3") == Refusal(TektopRefusal.NOT_NEXT, step="a1-a3", to="a3", cell="a1", neighbours=8)
    assert why(START, "2234:d1-d1") == Refusal(TektopRefusal.NOT_NEXT, step="d1-d1", to="d1", cell="d1", neighbours=8)


def test_orthogonal_variant_has_four_directions():
    assert why(START, "2234:a1-a2", ORTHOGONAL) is None
    assert why(START, "2234:a1-b2", ORTHOGONAL) == (
        Refusal(TektopRefusal.DIAGONAL, step="a1-b2"))
    assert why(START, "2234:a1-a3", ORTHOGONAL) == (
        Refusal(TektopRefusal.NOT_NEXT, step="a1-a3", to="a3", cell="a1", neighbours=4))


def test_orthogonal_variant_in_a_record():
    found, _ = checked(record("1. 2234:d1-d2 3345:e2-d3", Variant="orthogonal"))
    assert what_happened(found) == [
        (ProblemCode.ILLEGAL_TURN, refused(Refusal(TektopRefusal.DIAGONAL, step="e2-d3")), 5, 15, "turn 1 Black")]
    found, _ = checked(record("1. 2234:d1-d2 3345:e3-d3", Variant="orthogonal"))
    assert found.problems == []


def test_a_pawn_may_step_several_times():
    assert why(START, "1111:a1-a2,b1-b2,a2-a3,a3-b3") is None
    pos = after(START, "1111:a1-a2,b1-b2,a2-a3,a3-b3")
    assert GAME.position_code(pos) == "4b/4b/1w2b/1w2b/2ww1 0 0 B play 1"


def test_climbing_needs_an_empty_square():
    pos = position("a1 b1 c1 d1", "a2 e3 e4 e5")
    assert why(pos, "2234:b1-b2") is None
    assert why(pos, "2234:a1-a2") == Refusal(TektopRefusal.CLIMB_ONTO_PAWN, step="a1-a2", to="a2")
    assert why(pos, "2234:b1-a2") == Refusal(TektopRefusal.CLIMB_ONTO_PAWN, step="b1-a2", to="a2")


def test_going_down_needs_an_empty_square_and_displaces_nobody():
    pos = position("a2 b1 c1 d1", "a1 e3 e4 e5")
    assert why(pos, "2234:a2-a1") == Refusal(TektopRefusal.DESCEND_ONTO_PAWN, step="a2-a1", to="a1")
    assert why(pos, "2234:a2-b1") == Refusal(TektopRefusal.DESCEND_ONTO_PAWN, step="a2-b1", to="b1")
    free = position("a2 b1 c1 d1", "e2 e3 e4 e5")
    assert why(free, "2234:a2-a1") is None
    assert why(free, "2234:a2-a1>b1") == Refusal(TektopRefusal.FALL_NAMED_ON_EMPTY, step="a2-a1>b1", to="a1", cell="a2")


def test_same_level_onto_an_empty_square():
    pos = position("a2 a1 c1 d1", "e2 e3 e4 e5")
    assert why(pos, "2234:a2-b2") is None
    assert completed(pos, "2234:a2-b2") == "2234:a2-b2"
    assert why(pos, "2234:a2-b2>b1") == Refusal(TektopRefusal.FALL_NAMED_ON_EMPTY, step="a2-b2>b1", to="b2", cell="a2")


# --- displacement ------------------------------------------------------------------------------


def test_displacement_to_the_only_orthogonal_square_below():
    pos = position("a2 a1 c1 d1", "b2 e3 e4 e5")
    assert why(pos, "2234:a2-b2") is None  # the choice may be left out when there is only one
    assert completed(pos, "2234:a2-b2") == "2234:a2-b2>b1"  # ... and is always written
    assert why(pos, "2234:a2-b2>b1") is None
    assert why(pos, "2234:a2-b2>e1") == (
        Refusal(TektopRefusal.WRONG_FALL, step="a2-b2>e1", owner="Black", to="b2", choices=["b1"], best=0, level=0, fall="e1"))
    assert GAME.position_code(after(pos, "2234:a2-b2")) == "4b/4b/4b/1w3/wbww1 0 0 B play 1"


def test_displacement_with_two_orthogonal_squares_needs_the_choice():
    pos = position("c2 a1 b1 c1", "d2 e3 e4 e5")
    assert why(pos, "2234:c2-d2") == (
        Refusal(TektopRefusal.FALL_CHOICE, step="c2-d2", owner="Black", to="d2", choices=["d1", "e2"], example="d1"))
    assert why(pos, "2234:c2-d2>e2") is None and why(pos, "2234:c2-d2>d1") is None
    assert why(pos, "2234:c2-d2>c1") == (
        Refusal(TektopRefusal.WRONG_FALL, step="c2-d2>c1", owner="Black", to="d2", choices=["d1", "e2"], best=0, level=0,
            fall="c1"))
    assert GAME.position_code(after(pos, "2234:c2-d2>e2")) == "4b/4b/4b/3wb/www2 0 0 B play 1"


def test_displacement_to_a_diagonal_square_when_no_orthogonal_one_is_empty():
    pos = position("a2 b1 c1 d1", "b2 e3 e4 e5")
    assert completed(pos, "2234:a2-b2") == "2234:a2-b2>a1"
    assert why(pos, "2234:a2-b2>e1") == (
        Refusal(TektopRefusal.WRONG_FALL, step="a2-b2>e1", owner="Black", to="b2", choices=["a1"], best=1, level=0, fall="e1"))
    two = position("a2 b1 d1 e1", "b2 e3 e4 e5")
    assert why(two, "2234:a2-b2") == (
        Refusal(TektopRefusal.FALL_CHOICE, step="a2-b2", owner="Black", to="b2", choices=["a1", "c1"], example="a1"))
    assert why(two, "2234:a2-b2>c1") is None


def test_displacement_anywhere_on_the_level_below_when_no_neighbour_is_empty():
    pos = position("a2 a1 b1 c1", "b2 e3 e4 e5")
    assert why(pos, "2234:a2-b2") == (
        Refusal(TektopRefusal.FALL_CHOICE, step="a2-b2", owner="Black", to="b2", choices=["d1", "e1", "e2"], example="d1"))
    assert why(pos, "2234:a2-b2>e2") is None
    assert why(pos, "2234:a2-b2>d2") == (
        Refusal(TektopRefusal.WRONG_FALL, step="a2-b2>d2", owner="Black", to="b2", choices=["d1", "e1", "e2"], best=2,
            level=0, fall="d2"))


def test_displacing_one_of_ones_own_pawns():
    pos = position("a2 b2 a1 c1", "e2 e3 e4 e5")
    assert completed(pos, "2234:a2-b2") == "2234:a2-b2>b1"
    assert GAME.position_code(after(pos, "2234:a2-b2")) == "4b/4b/4b/1w2b/www2 0 0 B play 1"


def test_nobody_is_displaced_on_level_0():
    assert why(START, "2234:a1-b1") == (
        Refusal(TektopRefusal.DISPLACE_ON_LEVEL_0, step="a1-b1", to="b1"))
    assert why(START, "2234:d1-e1") is None


def test_nobody_is_displaced_when_the_level_below_is_full():
    pos = position("a4 a3 b3", "b4 c3 c4 c5", home=(1, 0))
    assert why(pos, "2234:a4-b4") == (
        Refusal(TektopRefusal.NO_FALL_SQUARE, step="a4-b4", to="b4", level=2, owner="Black"))
    room = position("a4 a3 b3", "b4 c3 c4 d4", home=(1, 0))
    assert completed(room, "2234:a4-b4") == "2234:a4-b4>c5"


def test_the_orthogonal_variant_keeps_the_diagonal_class_of_displacement():
    pos = position("a2 b1 c1 d1", "b2 e3 e4 e5")
    assert completed(pos, "2234:a2-b2", ORTHOGONAL) == "2234:a2-b2>a1"


def test_a_missing_choice_in_a_record():
    text = record("1. 2234:c2-d2 1111", SetUp="1", Position=code("c2 a1 b1 c1", "d2 e3 e4 e5"))
    found, _ = checked(text)
    assert what_happened(found) == [(ProblemCode.ILLEGAL_TURN, refused(Refusal(TektopRefusal.FALL_CHOICE,
        step="c2-d2", owner="Black", to="d2", choices=["d1", "e2"], example="d1")), 6, 4, "turn 1 White")]


def test_a_checked_record_writes_every_displacement():
    text = record("1. 2234:a2-b2 1111", SetUp="1", Position=code("a2 a1 c1 d1", "b2 e3 e4 e5"))
    found, _ = checked(text)
    assert found.problems == []
    assert "1. 2234:a2-b2>b1 1111 *" in write_record(found)


# --- the summit ----------------------------------------------------------------------------------


def test_a_pawn_reaching_the_summit_goes_home():
    pos = position("a4 b3 b2", "e2 e3 e4 e5", home=(1, 0))
    assert why(pos, "2234:a4-a5") is None
    home = after(pos, "2234:a4-a5")
    assert home.home == (2, 0) and home.pawns[0].bit_count() == 2
    assert why(position("b4 b3 b2", "e2 e3 e4 e5", home=(1, 0)), "2234:b4-a5") is None
    assert why(position("b4 b3 b2", "e2 e3 e4 e5", home=(1, 0)), "2234:b4-a5", ORTHOGONAL) == (
        Refusal(TektopRefusal.DIAGONAL, step="b4-a5"))


def test_a_pawn_home_is_off_the_board():
    pos = position("a4 b3 a3 b2", "e2 e3 e4 e5")
    assert why(pos, "1111:a4-a5,b3-a4") is None
    assert why(pos, "1111:a4-a5,a5-b5") == Refusal(TektopRefusal.NO_PAWN, step="a5-b5", cell="a5")
    assert GAME.position_code(after(pos, "2234:a4-a5")) == "4b/4b/ww2b/1w2b/5 1 0 B play 1"


# --- no new gap, frozen pawns --------------------------------------------------------------------


def test_no_new_empty_level_among_ones_pawns():
    assert why(START, "1111:a1-a2,a2-a3") == (
        Refusal(TektopRefusal.OPENS_GAP, step="a2-a3", side="White", level=1))
    assert why(START, "1111:a1-a2,b1-b2,a2-a3") is None
    pos = position("c3 b2 a1 b1", "e2 e3 e4 e5")
    assert why(pos, "2234:b2-c1") == (
        Refusal(TektopRefusal.OPENS_GAP, step="b2-c1", side="White", level=1))
    assert why(pos, "2234:c3-d2") is None


def test_the_rule_is_checked_after_each_step():
    pos = position("a2 a1 b1 c1", "e2 e3 e4 e5")
    # Climbing a2-a3 first would leave level 1 empty, even if b1-b2 would fill it next.
    assert why(pos, "1111:a2-a3,b1-b2") == (
        Refusal(TektopRefusal.OPENS_GAP, step="a2-a3", side="White", level=1))
    assert why(pos, "1111:b1-b2,a2-a3") is None


def test_a_pawn_reaching_the_summit_opens_no_gap():
    # Counting the pawn on a5 would leave level 3 empty below it; it leaves the board instead.
    pos = position("a4 b3 b2", "e2 e3 e4 e5", home=(1, 0))
    assert why(pos, "2234:a4-a5") is None


def test_a_gap_made_by_a_displacement_freezes_the_pawns_above_it():
    pos = position("c2 d1 a1 b1", "c3 d2 e3 e4")
    assert completed(pos, "1123:c2-d2") == "1123:c2-d2>e2"  # White may open a gap among Black's pawns
    frozen = after(pos, "1123:c2-d2")
    assert GAME.position_code(frozen) == "5/4b/2b1b/3wb/ww1w1 0 0 B play 1"
    assert why(frozen, "2234:c3-c4") == (
        Refusal(TektopRefusal.FROZEN, step="c3-c4", side="Black", cell="c3", level=1))
    assert why(frozen, "1122:c3-c4,e3-d3") == (
        Refusal(TektopRefusal.FROZEN, step="c3-c4", side="Black", cell="c3", level=1))
    assert why(frozen, "2234:e4-e5") is None  # pawns below the gap move
    assert why(frozen, "1122:e3-d3,c3-c4") is None  # filling the gap frees the pawn at once


def test_an_existing_gap_is_no_new_gap():
    pos = position("a1 b1 b3", "e2 e3 e4 e5", home=(1, 0))
    assert why(pos, "2234:b1-c1") is None
    assert why(pos, "2234:b3-c3") == (
        Refusal(TektopRefusal.FROZEN, step="b3-c3", side="White", cell="b3", level=1))


def test_frozen_pawn_in_a_record():
    text = record("1. 1123:c2-d2 2234:c3-c4", SetUp="1", Position=code("c2 d1 a1 b1", "c3 d2 e3 e4"))
    found, _ = checked(text)
    assert what_happened(found) == [(ProblemCode.ILLEGAL_TURN, refused(
        Refusal(TektopRefusal.FROZEN, step="c3-c4", side="Black", cell="c3", level=1)), 6, 15, "turn 1 Black")]


# --- a throw scoring 0 -------------------------------------------------------------------------------


DESCENT = position("c3 b2 a1 b1", "e2 e3 e4 e5")


def test_zero_points_force_one_pawn_down_a_level_onto_any_empty_square():
    assert why(DESCENT, "1356:c3-d5") is None  # d5 is on level 1, far from c3
    assert why(DESCENT, "1356:c3-a2") is None
    assert GAME.position_code(after(DESCENT, "1356:c3-d5")) == "3wb/4b/4b/1w2b/ww3 0 0 B play 1"


def test_zero_points_and_no_descent_written():
    assert why(DESCENT, "1356") == Refusal(TektopRefusal.ZERO_MUST_DESCEND, throw="1356", side="White", example="c3-a2")


def test_zero_points_with_no_pawn_able_to_go_down():
    assert why(START, "1356") is None
    frozen = after(position("c2 d1 a1 b1", "c3 d2 e3 e4"), "1123:c2-d2")
    assert why(frozen, "1356") is None  # Black's only pawn above level 0 is frozen
    assert why(frozen, "1356:c3-b2") == (
        Refusal(TektopRefusal.FROZEN, step="c3-b2", side="Black", cell="c3", level=1))


def test_zero_points_allow_one_step_only():
    assert why(DESCENT, "1356:c3-a2,a2-a1") == (
        Refusal(TektopRefusal.ZERO_ONE_STEP, throw="1356", steps=2))


def test_zero_points_descent_goes_one_level_down():
    assert why(DESCENT, "1356:c3-c4") == (
        Refusal(TektopRefusal.ZERO_NOT_DOWN, step="c3-c4", to="c4", to_level=2, cell="c3", level=2))
    assert why(DESCENT, "1356:c3-e1") == (
        Refusal(TektopRefusal.ZERO_NOT_DOWN, step="c3-e1", to="e1", to_level=0, cell="c3", level=2))


def test_zero_points_descent_onto_an_empty_square_only():
    assert why(DESCENT, "1356:c3-b2") == Refusal(TektopRefusal.ZERO_ONTO_PAWN, step="c3-b2", to="b2")
    assert why(DESCENT, "1356:c3-a2>a1") == Refusal(TektopRefusal.ZERO_DISPLACES, step="c3-a2>a1", to="a2", cell="c3")


def test_zero_points_descent_opens_no_gap():
    assert why(DESCENT, "1356:b2-c1") == (
        Refusal(TektopRefusal.OPENS_GAP, step="b2-c1", side="White", level=1))


def test_zero_points_in_a_record():
    text = record("1. 1356 2356", SetUp="1", Position=code("c3 b2 a1 b1", "e2 e3 e4 e5"))
    found, _ = checked(text)
    assert what_happened(found) == [(ProblemCode.ILLEGAL_TURN, refused(
        Refusal(TektopRefusal.ZERO_MUST_DESCEND, throw="1356", side="White", example="c3-a2")), 6, 4, "turn 1 White")]


# --- the end -----------------------------------------------------------------------------------


END = position("a4 b3 c2", "b5 c4 d4", home=(1, 1), number=20)


def test_whites_second_pawn_home_gives_black_a_last_turn():
    last = after(END, "1111:a4-a5")
    assert last.stage == "last" and GAME.outcome(last) is None
    assert GAME.position_code(last) == "1b3/2bb1/1w3/2w2/5 2 1 B last 20"


def test_no_step_after_the_second_pawn_home():
    assert why(END, "1111:a4-a5,b3-a4") == (
        Refusal(TektopRefusal.AFTER_SECOND_HOME, step="b3-a4", side="White"))


def test_black_wins_by_bringing_its_second_pawn_home_in_its_last_turn():
    last = after(END, "1111:a4-a5", "1111:b5-a5")
    assert GAME.outcome(last) == Outcome(
        1, Ending.HOME_LAST_TURN, {"side": "White", "opponent": "Black"})
    assert GAME.position_code(last) == "5/2bb1/1w3/2w2/5 2 2 W over 21"


def test_white_wins_when_black_misses_its_last_turn():
    over = after(END, "1111:a4-a5", "2234:d4-d5")
    assert GAME.outcome(over) == Outcome(
        0, Ending.HOME_FIRST, {"side": "White", "opponent": "Black"})
    assert over.stage == "over"


def test_black_first_wins_at_once():
    pos = position("a4 b3 c2", "b5 c4 d4", home=(1, 1), side="B")
    assert why(pos, "1111:b5-a5,c4-b5") == (
        Refusal(TektopRefusal.AFTER_SECOND_HOME, step="c4-b5", side="Black"))
    over = after(pos, "1111:b5-a5")
    assert GAME.outcome(over) == Outcome(1, Ending.HOME, {"side": "Black"})


def test_the_end_in_records():
    setup = {"SetUp": "1", "Position": GAME.position_code(END)}
    found, replayed = checked(record("20. 1111:a4-a5 1111:b5-a5", "0-1", **setup))
    assert found.problems == []
    assert replayed.outcome.winner == 1
    found, replayed = checked(record("20. 1111:a4-a5 2234:d4-d5", "1-0", **setup))
    assert found.problems == [] and replayed.outcome.winner == 0
    found, replayed = checked(record("20. 1111:a4-a5", "*", **setup))
    assert found.problems == [] and replayed.outcome is None  # Black's last turn is still to come


def test_turns_after_the_end_are_errors():
    setup = {"SetUp": "1", "Position": GAME.position_code(END)}
    found, _ = checked(record("20. 1111:a4-a5 2234:d4-d5 21. 1111", "1-0", **setup))
    assert what_happened(found) == [(ProblemCode.GAME_OVER,
        ended(Outcome(0, Ending.HOME_FIRST, {"side": "White", "opponent": "Black"})), 6, 31, "turn 21 White")]
    over = after(END, "1111:a4-a5", "2234:d4-d5")
    assert why(over, "1111") == Refusal(TektopRefusal.GAME_OVER,
                                        ending=Outcome(0, Ending.HOME_FIRST, {"side": "White", "opponent": "Black"}))
    assert list(GAME.legal_turns(over, ["1111"])) == []
    assert GAME.random_turn(over, __import__("random").Random(1)) is None


def test_a_result_contradicting_the_end():
    setup = {"SetUp": "1", "Position": GAME.position_code(END)}
    found, _ = checked(record("20. 1111:a4-a5 1111:b5-a5", "1-0", **setup))
    assert what_happened(found) == [(ProblemCode.RESULT_CONTRADICTS,
        ended(Outcome(1, Ending.HOME_LAST_TURN, {"side": "White", "opponent": "Black"})), 6, 27, None)]


def test_a_set_up_position_already_over():
    text = record("", "0-1", SetUp="1", Position=code("a4 b3 c2", "c4 d4", home=(1, 2), stage="over"))
    found, replayed = checked(text)
    assert found.problems == [] and replayed.outcome == Outcome(1, Ending.HOME, {"side": "Black"})


@pytest.mark.parametrize("result, termination", [("1-0", "resignation"), ("1/2-1/2", "agreement"), ("*", None)])
def test_results_before_the_end_are_taken_as_recorded(result, termination):
    tags = {"Termination": termination} if termination else {}
    found, replayed = checked(record("1. 1111:a1-a2 2234:e2-d2", result, **tags))
    assert found.problems == [] and replayed.outcome is None


# --- records ----------------------------------------------------------------------------------


def test_a_short_game_from_the_start():
    movetext = "1. 2514/2554/5554:d1-d2,d2-c2 1356 2. 1111:a1-a2 6655:e2-d2 3. 2234:c2-b2 1234"
    found, replayed = checked(record(movetext))
    assert found.problems == [] and replayed.outcome is None
    assert GAME.position_code(replayed.final) == "4b/4b/4b/ww1b1/1ww2 0 0 W play 4"


def test_an_illegal_step_in_a_variation_is_reported():
    found, replayed = checked(record("1. 1111:a1-a2 (1. 1111:a1-a3) 2234:e2-d2"))
    assert what_happened(found) == [(ProblemCode.ILLEGAL_TURN, refused(
        Refusal(TektopRefusal.NOT_NEXT, step="a1-a3", to="a3", cell="a1", neighbours=8)), 4, 19, "turn 1 White")]
    assert replayed.outcome is None
