"""The Staku rules (docs/games/staku.md): a legal and an illegal case for each rule, with
the refusal's code and parameters (their words are said in test_refusal_codes.py) and the
problems reported by check()."""

from __future__ import annotations

import random

import pytest

from conftest import checked, ended, play, problems_of, refused, what_happened
from ludoscribe.notation import ProblemCode
from ludoscribe.notation.games import Ending, Outcome, Refusal
from ludoscribe.notation.games.staku import StakuRefusal, CELL_OF, NAMES, RAYS, Move, Staku, Turn

ROW_LENGTHS = {"a": 6, "b": 7, "c": 8, "d": 7, "e": 8, "f": 7, "g": 6}
GAME = Staku()
TWO = Staku("Staku-2")


def code(stacks: dict[str, str] | None = None, side: str = "W", quiet: int = 0, number: int = 1) -> str:
    """A Staku position code written cell by cell (independently of the engine's writer).

    `stacks` maps cell names to stacks listed bottom to top ('w', 'nb', 'www'...).
    """
    stacks = stacks or {}
    rows = []
    for row in "gfedcba":
        text, empty = "", 0
        for k in range(1, ROW_LENGTHS[row] + 1):
            stack = stacks.get(f"{row}{k}", "")
            if stack:
                text += (str(empty) if empty else "") + (stack if len(stack) == 1 else f"({stack})")
                empty = 0
            else:
                empty += 1
        rows.append(text + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {side} {quiet} {number}"


# Far from everything else: a Black token on g3 keeps Black able to move.
BLACK_AWAY = {"g3": "b"}


def position(stacks: dict[str, str] | None = None, game: Staku = GAME, **kwargs):
    return game.read_position(code({**BLACK_AWAY, **(stacks or {})}, **kwargs))


def why(pos, text: str, game: Staku = GAME) -> Refusal | None:
    return game.refusal(pos, game.read_turn(text))


def after(pos, text: str, game: Staku = GAME):
    assert why(pos, text, game) is None
    return game.apply(pos, game.read_turn(text))


def header(result: str = "*", **tags: str) -> str:
    lines = ['[Game "Staku"]', f'[Result "{result}"]'] + [f'[{name} "{value}"]' for name, value in tags.items()]
    return "\n".join(lines) + "\n\n"


def setup(position_code: str, result: str = "*", **tags: str) -> str:
    """A tag section starting from a position: the movetext is on line 6."""
    return header(result, SetUp="1", Position=position_code, **tags)


def stacks_of(pos, *names: str) -> list[str]:
    return [pos.stacks[CELL_OF[name]] for name in names]


# --- the board ----------------------------------------------------------------------------


def test_board_has_49_cells_in_rows_of_6_7_8_7_8_7_6():
    assert len(NAMES) == 49
    assert [sum(name[0] == row for name in NAMES) for row in "abcdefg"] == [6, 7, 8, 7, 8, 7, 6]


@pytest.mark.parametrize("cell, neighbours", [
    ("a1", {"a2", "b1", "b2"}),
    ("d4", {"d3", "d5", "c4", "c5", "e4", "e5"}),
    ("d1", {"d2", "c1", "c2", "e1", "e2"}),
    ("g6", {"g5", "f6", "f7"}),
    ("c8", {"c7", "b7", "d7"}),
])
def test_neighbours_follow_the_axial_coordinates(cell, neighbours):
    assert {NAMES[ray[0]] for ray in RAYS[CELL_OF[cell]]} == neighbours


def test_lines_run_straight_across_the_rows():
    lines = {tuple(NAMES[c] for c in ray) for ray in RAYS[CELL_OF["d4"]]}
    assert ("e5", "f5", "g5") in lines and ("c4", "b3", "a2") in lines and ("d5", "d6", "d7") in lines
    assert ("c5", "b5", "a5") in lines and ("e4", "f3", "g2") in lines


# --- the start ----------------------------------------------------------------------------


def test_start_position():
    start = GAME.start_position()
    assert GAME.position_code(start) == "bbbbbb/bbbbbbb/n1n2n1n/3n3/n1n2n1n/wwwwwww/wwwwww W 0 1"
    assert "".join(start.stacks).count("w") == 13 and "".join(start.stacks).count("b") == 13
    assert sorted(NAMES[c] for c, s in enumerate(start.stacks) if s == "n") == [
        "c1", "c3", "c6", "c8", "d4", "e1", "e3", "e6", "e8"]
    assert (start.side, start.quiet, start.number) == (0, 0, 1)


def test_white_moves_first():
    start = GAME.start_position()
    assert why(start, "b2-c2") is None
    assert why(start, "f2-e2") == Refusal(StakuRefusal.OPPONENT_TOP, cell="f2", opponent="Black", side="White")


# --- which stacks move ----------------------------------------------------------------------


def test_moving_from_an_empty_cell():
    assert why(position({"c3": "w"}), "c4-d4") == Refusal(StakuRefusal.EMPTY, cell="c4")


def test_neutral_stacks_never_move_by_themselves():
    pos = position({"c3": "w", "d4": "n", "d5": "nn"})
    assert why(pos, "d4-d3") == Refusal(StakuRefusal.NEUTRAL_ONLY, cell="d4")
    assert why(pos, "d5+d6") == Refusal(StakuRefusal.NEUTRAL_ONLY, cell="d5")
    assert why(pos, "c3-c4") is None


def test_a_stack_belongs_to_its_top():
    pos = position({"c3": "nb", "c5": "nw"})
    assert why(pos, "c3-c2") == Refusal(StakuRefusal.OPPONENT_TOP, cell="c3", opponent="Black", side="White")
    assert why(pos, "c5-c6") is None
    black = position({"c3": "nb", "c5": "nw"}, side="B")
    assert why(black, "c3-c2") is None
    assert why(black, "c5-c6") == Refusal(StakuRefusal.OPPONENT_TOP, cell="c5", opponent="White", side="Black")


def test_a_group_is_at_most_the_whole_stack():
    pos = position({"c3": "ww", "d2": "w"})
    assert why(pos, "c3+c5") is None
    assert why(pos, "c3*c6") == Refusal(StakuRefusal.TOO_FEW, move="c3*c6", count=3, cell="c3", height=2)
    assert why(pos, "d2+d4") == Refusal(StakuRefusal.TOO_FEW, move="d2+d4", count=2, cell="d2", height=1)


def test_a_group_takes_the_top_tokens_neutrals_included():
    pos = after(position({"c3": "nnw"}), "c3+c4")
    assert stacks_of(pos, "c3", "c4") == ["n", "nw"]
    pos = after(position({"c3": "nww"}), "c3-c4")
    assert stacks_of(pos, "c3", "c4") == ["nw", "w"]


# --- how far and where ------------------------------------------------------------------------


@pytest.mark.parametrize("stack, turn", [("w", "c3-c4"), ("ww", "c3+c4"), ("ww", "c3+c5"), ("ww", "c3+a1"),
                                         ("www", "c3*c4"), ("www", "c3*c5"), ("www", "c3*c6"), ("www", "c3*f4")])
def test_a_group_of_k_tokens_moves_1_to_k_cells(stack, turn):
    assert why(position({"c3": stack}), turn) is None


@pytest.mark.parametrize("stack, turn, refusal", [
    ("w", "c3-c5", Refusal(StakuRefusal.TOO_FAR, to="c5", distance=2, cell="c3", count=1)),
    ("ww", "c3+c6", Refusal(StakuRefusal.TOO_FAR, to="c6", distance=3, cell="c3", count=2)),
    ("ww", "c3-c5", Refusal(StakuRefusal.TOO_FAR, to="c5", distance=2, cell="c3", count=1)),
    ("www", "c3*c7", Refusal(StakuRefusal.TOO_FAR, to="c7", distance=4, cell="c3", count=3)),
])
def test_a_group_of_k_tokens_moves_no_further_than_k(stack, turn, refusal):
    assert why(position({"c3": stack}), turn) == refusal


@pytest.mark.parametrize("turn, refusal", [
    ("c3-d5", Refusal(StakuRefusal.NOT_STRAIGHT, to="d5", cell="c3")),
    ("c3+e5", Refusal(StakuRefusal.NOT_STRAIGHT, to="e5", cell="c3")),
    ("c3-c3", Refusal(StakuRefusal.NOWHERE, move="c3-c3")),
])
def test_moves_go_in_a_straight_line(turn, refusal):
    assert why(position({"c3": "ww"}), turn) == refusal


def test_a_group_passes_over_empty_cells_only():
    pos = position({"c3": "www", "d3": "n", "c4": "w"})
    assert why(pos, "c3*e4") == Refusal(StakuRefusal.IN_THE_WAY, between="d3", move="c3*e4")
    assert why(pos, "c3*c6") == Refusal(StakuRefusal.IN_THE_WAY, between="c4", move="c3*c6")
    assert why(pos, "c3*a3") is None  # over b3, which is empty
    assert why(position({"c3": "www", "d3": "b"}), "c3*e4") == (
        Refusal(StakuRefusal.IN_THE_WAY, between="d3", move="c3*e4"))


# --- stacking -----------------------------------------------------------------------------------


def test_stacking_on_own_colour_and_on_neutrals():
    pos = position({"c3": "w", "c4": "w", "d3": "n", "b3": "nn"})
    assert stacks_of(after(pos, "c3-c4"), "c3", "c4") == ["", "ww"]
    assert stacks_of(after(pos, "c3-d3"), "d3") == ["nw"]
    assert stacks_of(after(pos, "c3-b3"), "b3") == ["nnw"]


def test_stacks_hold_at_most_3_tokens():
    pos = position({"c3": "ww", "c4": "w", "c5": "ww", "d3": "nn"})
    assert stacks_of(after(pos, "c3+c4"), "c4") == ["www"]
    assert why(pos, "c3+d3") == Refusal(StakuRefusal.STACK_TOO_HIGH, move="c3+d3", height=4, to="d3", limit=3)
    assert why(pos, "c4-c5") is None
    assert why(position({"c3": "ww", "c5": "ww"}), "c3+c5") == (
        Refusal(StakuRefusal.STACK_TOO_HIGH, move="c3+c5", height=4, to="c5", limit=3))


def test_neutrals_stay_at_the_bottom():
    pos = position({"c3": "nw", "c4": "w", "d3": "n"})
    assert why(pos, "c3+c4") == \
        Refusal(StakuRefusal.NEUTRAL_ABOVE, move="c3+c4", side="White", to="c4")
    assert stacks_of(after(pos, "c3+d3"), "c3", "d3") == ["", "nnw"]
    assert stacks_of(after(pos, "c3+b3"), "b3") == ["nw"]


# --- captures -------------------------------------------------------------------------------------


def test_capture_removes_the_whole_stack_neutrals_included():
    pos = position({"c3": "w", "c4": "nnb"})
    assert why(pos, "c3-xc4") is None
    taken = after(pos, "c3-xc4")
    assert stacks_of(taken, "c3", "c4") == ["", "w"]
    assert "".join(taken.stacks).count("n") == 0
    assert taken.quiet == 0


def test_any_group_captures_any_stack():
    pos = position({"c3": "nw", "c4": "bbb", "c2": "b"}, quiet=7)
    assert stacks_of(after(pos, "c3+xc4"), "c3", "c4") == ["", "nw"]
    assert stacks_of(after(pos, "c3-xc2"), "c3", "c2") == ["n", "w"]


def test_capture_mark_is_optional():
    pos = position({"c3": "w", "c4": "b"})
    assert why(pos, "c3-c4") is None
    assert GAME.apply(pos, GAME.read_turn("c3-c4")) == GAME.apply(pos, GAME.read_turn("c3-xc4"))


@pytest.mark.parametrize("turn, refusal", [
    ("c3-xc4", Refusal(StakuRefusal.CAPTURE_ON_EMPTY, move="c3-xc4", to="c4")),
    ("c3-xd3", Refusal(StakuRefusal.CAPTURE_NO_OPPONENT, move="c3-xd3", to="d3", opponent="Black")),
    ("c3-xb3", Refusal(StakuRefusal.CAPTURE_NO_OPPONENT, move="c3-xb3", to="b3", opponent="Black")),
    ("c3-xc2", Refusal(StakuRefusal.CAPTURE_NO_OPPONENT, move="c3-xc2", to="c2", opponent="Black")),
])
def test_capture_mark_is_checked(turn, refusal):
    assert why(position({"c3": "w", "d3": "n", "b3": "w", "c2": "ww"}), turn) == refusal


def test_complete_marks_every_capture():
    pos = position({"c3": "ww", "c4": "b", "c6": "nb"})
    assert GAME.turn_text(GAME.play(pos, GAME.read_turn("c3+c4-c5")).turn) == "c3+xc4-c5"
    assert GAME.turn_text(GAME.play(pos, GAME.read_turn("c3+xc4-c5")).turn) == "c3+xc4-c5"
    assert GAME.turn_text(GAME.play(pos, GAME.read_turn("c3-d3")).turn) == "c3-d3"


def test_unmarked_capture_in_a_record_is_written_with_its_mark():
    from ludoscribe.notation import write_record
    record, replayed = checked(setup(code({"c3": "ww", "c4": "b", "g3": "b"}, number=4)) + "4. c3+c4-c5 *\n")
    assert record.problems == [] and replayed.final.quiet == 0
    assert write_record(record).splitlines()[-1] == "4. c3+xc4-c5 *"


def test_wrong_capture_mark_in_a_record():
    record, _ = checked(header() + "1. b2-c2 f2-e2 2. c2-xd2 *\n")
    assert what_happened(record) == [(ProblemCode.ILLEGAL_TURN,
        refused(Refusal(StakuRefusal.CAPTURE_ON_EMPTY, move="c2-xd2", to="d2")), 4, 19, "turn 2 White")]


# --- the two-move turn ---------------------------------------------------------------------------


def test_chain_of_two_moves():
    pos = position({"c3": "w", "d3": "w"})
    assert stacks_of(after(pos, "c3-d3+f4"), "c3", "d3", "e4", "f4") == ["", "", "", "ww"]
    # c3-d3+f3 is spelt like a chain of two moves, but d3 and f3 share no straight line.
    assert why(pos, "c3-d3+f3") == Refusal(StakuRefusal.NOT_STRAIGHT, to="f3", cell="d3")


def test_after_stacking_the_whole_stack_may_move():
    pos = position({"c3": "w", "d3": "nw"})
    assert stacks_of(after(pos, "c3-d3*g4"), "d3", "g4") == ["", "nww"]
    assert why(pos, "c3-d3-e3") == Refusal(StakuRefusal.SECOND_WHOLE_STACK, cell="d3", height=3)
    assert why(pos, "c3-d3+e3") == Refusal(StakuRefusal.SECOND_WHOLE_STACK, cell="d3", height=3)


def test_after_moving_two_tokens_the_top_one_may_unstack():
    pos = position({"c3": "ww"})
    assert stacks_of(after(pos, "c3+c5-c6"), "c5", "c6") == ["w", "w"]
    assert why(pos, "c3+c5+c6") == Refusal(StakuRefusal.SECOND_UNSTACKS, move="c3+c5", cell="c5", height=2)


def test_after_moving_three_tokens_the_top_one_or_two_may_unstack():
    pos = position({"c3": "www"})
    assert stacks_of(after(pos, "c3*d3-d4"), "d3", "d4") == ["ww", "w"]
    assert stacks_of(after(pos, "c3*d3+d5"), "d3", "d5") == ["w", "ww"]
    assert why(pos, "c3*d3*c3") == Refusal(StakuRefusal.SECOND_UNSTACKS, move="c3*d3", cell="d3", height=3)


def test_a_moved_group_that_stacks_may_do_both():
    pos = position({"c3": "ww", "d3": "w"})
    for turn, left in (("c3+d3-e3", "ww"), ("c3+d3+e3", "w"), ("c3+d3*g4", "")):
        assert stacks_of(after(pos, turn), "d3") == [left]


def test_a_single_token_moved_without_stacking_has_no_second_move():
    pos = position({"c3": "w"})
    assert why(pos, "c3-d3-e3") == (
        Refusal(StakuRefusal.NO_SECOND, move="c3-d3"))
    assert why(pos, "c3-d3") is None


def test_a_capture_by_one_token_has_no_second_move():
    pos = position({"c3": "w", "d3": "b"})
    assert why(pos, "c3-xd3-e3") == (
        Refusal(StakuRefusal.NO_SECOND, move="c3-xd3"))


def test_a_capture_by_two_tokens_may_unstack():
    pos = position({"c3": "ww", "d3": "bb"})
    assert stacks_of(after(pos, "c3+xd3-e3"), "d3", "e3") == ["w", "w"]


def test_the_second_move_follows_every_move_rule():
    pos = position({"c3": "w", "d3": "w", "e4": "n", "d5": "ww"})
    assert why(pos, "c3-d3+f4") == Refusal(StakuRefusal.IN_THE_WAY, between="e4", move="d3+f4")
    assert why(pos, "c3-d3+d5") == Refusal(StakuRefusal.STACK_TOO_HIGH, move="d3+d5", height=4, to="d5", limit=3)
    assert why(pos, "c3-d3+d4") is None


def test_chain_errors_in_a_record():
    record, _ = checked(header() + "1. b2-c2 f2-e2 2. c2-d2-d3 *\n")
    assert what_happened(record) == [
        (ProblemCode.ILLEGAL_TURN, refused(Refusal(StakuRefusal.NO_SECOND, move="c2-d2")), 4, 19, "turn 2 White")]


def brute_force_turns(game: Staku, pos) -> set[Turn]:
    """Every turn why_illegal accepts, found by trying every chain of cells and counts."""
    found = set()
    for origin in range(49):
        for count in (1, 2, 3):
            for to in range(49):
                first = Move(origin, to, count)
                if game.why_illegal(pos, Turn((first,))) is not None:
                    continue
                found.add(game.play(pos, Turn((first,))).turn)
                for count2 in (1, 2, 3):
                    for to2 in range(49):
                        chain = Turn((first, Move(to, to2, count2)))
                        if game.why_illegal(pos, chain) is None:
                            found.add(game.play(pos, chain).turn)
    return found


@pytest.mark.parametrize("game", [GAME, TWO])
def test_legal_turns_are_exactly_the_legal_chains(game):
    rng = random.Random(5)
    pos = game.start_position()
    for _ in range(4):
        for _ in range(7):
            pos = game.apply(pos, game.random_turn(pos, rng))
        turns = list(game.legal_turns(pos))
        assert len(turns) == len(set(turns))
        assert set(turns) == brute_force_turns(game, pos)


# --- winning on a palace ----------------------------------------------------------------------------


def test_white_wins_on_a_black_palace():
    pos = position({"f1": "w", "g1": "b", "e5": "b"}, number=30)
    assert why(pos, "f1-xg1") is None
    final, outcome = play(GAME, pos, [GAME.read_turn("f1-xg1")])
    assert outcome == Outcome(0, Ending.PALACE_TAKEN, {"side": "White", "opponent": "Black", "palace": "g1"})


def test_black_wins_on_a_white_palace_with_a_second_move():
    pos = position({"b6": "b", "c7": "b", "c3": "w"}, side="B", number=30)
    turn = GAME.read_turn("c7-b6+a6")
    assert why(pos, "c7-b6+a6") is None
    assert play(GAME, pos, [turn])[1] == Outcome(1, Ending.PALACE_TAKEN, {"side": "Black", "opponent": "White", "palace": "a6"})


def test_own_palace_is_no_win():
    pos = position({"b1": "w", "c3": "w"})
    assert play(GAME, pos, [GAME.read_turn("b1-a1")])[1] is None


def test_no_second_move_after_a_win():
    pos = position({"f1": "ww"})
    assert why(pos, "f1+g1-g2") == Refusal(StakuRefusal.AFTER_WIN, move="f1+g1", opponent="Black", palace="g1")


def test_win_in_a_record_and_turns_after_it():
    start = code({"f6": "w", "e5": "b", "c3": "w"}, number=30)
    taken = Outcome(0, Ending.PALACE_TAKEN, {"side": "White", "opponent": "Black", "palace": "g6"})
    record, replayed = checked(setup(start, "1-0") + "30. f6-g6 1-0\n")
    assert record.problems == [] and replayed.outcome == taken
    record, _ = checked(setup(start, "1-0") + "30. f6-g6 e5-d5 1-0\n")
    assert what_happened(record) == [(ProblemCode.GAME_OVER, ended(taken), 6, 11, "turn 30 Black")]
    record, _ = checked(setup(start, "0-1") + "30. f6-g6 0-1\n")
    assert what_happened(record) == [(ProblemCode.RESULT_CONTRADICTS, ended(taken), 6, 11, None)]


# --- the draw after 20 turns without capture ----------------------------------------------------------


SHUFFLE = ["c3-c4", "e5-e4", "c4-c3", "e4-e5"]
NO_CAPTURE = Outcome(None, Ending.NO_CAPTURE, {"turns": 20})


def shuffle_record(turns: int, result: str, first_number: int = 1) -> str:
    """Turns of a White and a Black token going back and forth, never capturing."""
    moves = [SHUFFLE[i % 4] for i in range(turns)]
    text = " ".join(f"{first_number + i // 2}. {m}" if i % 2 == 0 else m for i, m in enumerate(moves))
    return setup(code({"c3": "w", "e5": "b"}), result) + text + f" {result}\n"


def test_draw_after_20_turns_without_capture():
    record, replayed = checked(shuffle_record(20, "1/2-1/2"))
    assert record.problems == []
    assert replayed.outcome == Outcome(None, Ending.NO_CAPTURE, {"turns": 20})
    assert replayed.final.quiet == 20 and replayed.final.number == 11


def test_19_turns_without_capture_are_no_draw():
    record, replayed = checked(shuffle_record(19, "*"))
    assert record.problems == [] and replayed.outcome is None and replayed.final.quiet == 19


def test_a_turn_after_the_draw():
    record, _ = checked(shuffle_record(21, "1/2-1/2"))
    assert what_happened(record) == [(ProblemCode.GAME_OVER, ended(NO_CAPTURE), 6, 156, "turn 11 White")]


def test_the_draw_fixes_the_result():
    record, _ = checked(shuffle_record(20, "1-0"))
    assert what_happened(record) == [(ProblemCode.RESULT_CONTRADICTS, ended(NO_CAPTURE), 6, 152, None)]


def test_a_capture_restarts_the_count():
    pos = position({"c3": "w", "c5": "b", "e5": "b"}, quiet=19)
    assert after(pos, "c3-c4").quiet == 20
    assert after(pos, "c3-d3").quiet == 20
    taken = after(position({"c3": "w", "c4": "b", "e5": "b"}, quiet=19), "c3-c4")
    assert taken.quiet == 0 and GAME.outcome(taken) is None


def test_set_up_position_counts_turns_without_capture():
    record, replayed = checked(setup(code({"c3": "w", "e5": "b"}, quiet=18, number=9), "1/2-1/2")
                               + "9. c3-c4 e5-e4 1/2-1/2\n")
    assert record.problems == [] and replayed.outcome.winner is None


# --- no legal move -------------------------------------------------------------------------------


def test_a_side_without_tokens_loses():
    pos = GAME.read_position(code({"c3": "w", "c4": "b", "a3": "w"}))
    final, outcome = play(GAME, pos, [GAME.read_turn("c3-c4")])
    assert list(GAME.legal_turns(final)) == [] and GAME.random_turn(final, random.Random(0)) is None
    assert outcome == Outcome(0, Ending.NO_LEGAL_MOVE, {"side": "Black"})


def test_a_blocked_side_loses():
    # Black's only stack, on g1, is hemmed in by full stacks of neutrals.
    walls = {"g2": "nnn", "f1": "nnn", "f2": "nnn", "g1": "b"}
    pos = GAME.read_position(code({**walls, "c3": "w"}))
    final, outcome = play(GAME, pos, [GAME.read_turn("c3-c4")])
    assert outcome == Outcome(0, Ending.NO_LEGAL_MOVE, {"side": "Black"})
    record, replayed = checked(setup(code({**walls, "c3": "w"}), "1-0") + "1. c3-c4 1-0\n")
    assert record.problems == [] and replayed.outcome == outcome


def test_a_stack_with_room_left_keeps_a_move():
    pos = GAME.read_position(code({"g2": "nnn", "f1": "nn", "f2": "nnn", "g1": "b", "c3": "w"}))
    final, outcome = play(GAME, pos, [GAME.read_turn("c3-c4")])
    assert outcome is None
    assert {GAME.turn_text(Turn(turn.moves[:1])) for turn in GAME.legal_turns(final)} == {"g1-f1"}


# --- Variant "Staku-2" --------------------------------------------------------------------------------


def test_staku_2_stacks_hold_at_most_2_tokens():
    pos = position({"c3": "w", "c4": "w", "d3": "ww"}, game=TWO)
    assert stacks_of(after(pos, "c3-c4", TWO), "c4") == ["ww"]
    assert why(pos, "c3-d3", TWO) == Refusal(StakuRefusal.STACK_TOO_HIGH, move="c3-d3", height=3, to="d3", limit=2)
    assert why(position({"c3": "w", "d3": "ww"}), "c3-d3") is None  # Staku-3


def test_staku_2_in_a_record():
    record, replayed = checked(header(Variant="Staku-2") + "1. a1-b2 f2-e2 *\n")
    assert record.problems == [] and stacks_of(replayed.final, "b2") == ["ww"]
    record, _ = checked(header(Variant="Staku-2") + "1. a1-b2 f2-e2 2. a2-b2 *\n")
    assert what_happened(record) == [(ProblemCode.ILLEGAL_TURN, refused(
        Refusal(StakuRefusal.STACK_TOO_HIGH, move="a2-b2", height=3, to="b2", limit=2)), 5, 19, "turn 2 White")]


def test_variant_names():
    assert Staku("staku-3").limit == 3 and Staku("Staku-2").limit == 2 and Staku().limit == 3
    with pytest.raises(ValueError, match=r"^Staku variants 'Staku-2' and 'Staku-3' exclude each other$"):
        Staku("Staku-2, Staku-3")
    record, _ = checked(header(Variant="Staku-4") + "1. b2-c2 *\n")
    assert problems_of(record) == [("unknown Staku variant 'Staku-4' (known: Staku-2, Staku-3)", 3, 1, None)]


# --- set-up positions -------------------------------------------------------------------------------


def test_set_up_position_already_won():
    record, _ = checked(setup(code({"g1": "w", "c3": "b"}, side="B"), "1-0") + "1... c3-c4 1-0\n")
    taken = Outcome(0, Ending.PALACE_TAKEN, {"side": "White", "opponent": "Black", "palace": "g1"})
    assert what_happened(record) == [(ProblemCode.GAME_OVER, ended(taken), 6, 6, "turn 1 Black")]
