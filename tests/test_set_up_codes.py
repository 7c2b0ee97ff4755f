"""Set-up codes (docs/format.md#set-up-codes): every reason a position code is refused, by
each game's rules or by the format, with its code and parameters; one position code refused
for each, with its words said once here; the position one step away accepted; and the code
given where refusals are given (check --json, the studio's set-up answers)."""

from __future__ import annotations

import copy
import json
import pickle
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.editing import set_up
from ludoscribe.notation.games import BadSetUp, FormatSetUp, SetUpCode, SetUpRefusal, game_class
from ludoscribe.notation.games.staku import StakuSetUp
from ludoscribe.notation.games.tchako.position import TChakoSetUp
from ludoscribe.notation.games.teblo import TebloSetUp
from ludoscribe.notation.games.tekao import TekaoSetUp
from ludoscribe.notation.games.tektop import TektopSetUp
from pebbles import Pebbles

DOCS = Path(__file__).resolve().parent.parent / "docs"
GAMES = {"Teblo": TebloSetUp, "Staku": StakuSetUp, "Tektop": TektopSetUp, "Tekao": TekaoSetUp, "TChako": TChakoSetUp}
PAGES = {"Teblo": "teblo", "Staku": "staku", "Tektop": "tektop", "Tekao": "tekao", "TChako": "tchako"}
KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

EMPTY = "/".join(["12"] * 12)  # a Teblo board without pieces
TEBLO_START = f"{EMPTY} D3 I10 Y 1"
STAKU_START = "bbbbbb/bbbbbbb/n1n2n1n/3n3/n1n2n1n/wwwwwww/wwwwww W 0 1"
STAKU_BOARD = "bbbbbb/bbbbbbb/n1n2n1n/3n3/n1n2n1n/wwwwwww/"
TEKTOP_START = "4b/4b/4b/4b/wwww1 0 0 W play 1"
TEKAO_START = "8/8/8/8/8/8/8/8 8F/8F B -/- 1"
TEKAO_AFTER_SETUP = "4f3/thbphtbp/8/8/8/8/HTBPHTBP/3F4 0/0 B -/- 10"
TCHAKO_START = "Aw3/BQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 1 0/0 play"
WINS = ["W:queen", "W:noqueen", "W:anarchy", "W:hill", "W:lead", "W:total", "W:sudden", "W:zones", "W:count"]


def teblo_rows(**rows: str) -> str:
    """A Teblo board with these rows (by letter) written as given, the others empty."""
    return "/".join(rows.get(letter, "12") for letter in "LKJIHGFEDCBA")


def elastics(*entries: str) -> str:
    return "/".join(entries + ("-",) * (6 - len(entries)))


# (game, variant, a position code refused, the refusal, its words): every game's code once
READ = [
    ("Teblo", "", "nonsense", SetUpRefusal(TebloSetUp.CODE_SHAPE, example=TEBLO_START),
     f"a Teblo position code is ROWS YELLOW-PAWN RED-PAWN SIDE NUMBER, as in {TEBLO_START}"),
    ("Teblo", "", "12/12 D3 I10 Y 1", SetUpRefusal(TebloSetUp.ROW_COUNT, rows=2), "a Teblo position has 12 rows, not 2"),
    ("Teblo", "", f"{teblo_rows(E='11')} D3 I10 Y 1", SetUpRefusal(TebloSetUp.ROW_WIDTH, row="E", width=11),
     "row E of the position covers 11 squares, not 12"),
    ("Teblo", "", f"{EMPTY} L13 I10 Y 1", SetUpRefusal(TebloSetUp.NOT_A_SQUARE, square="L13"),
     "L13 is not a Teblo square"),
    ("Teblo", "", f"{teblo_rows(L='y' * 12, K='y' * 12, J='yy10')} D3 I10 Y 1",
     SetUpRefusal(TebloSetUp.TOO_MANY_PIECES, side="Yellow", pieces=25),
     "Yellow has more than 25 support pieces on the board"),
    ("Teblo", "", f"{teblo_rows(D='2y9')} D4 I10 Y 1", SetUpRefusal(TebloSetUp.PIECE_ON_BASE),
     "a support piece stands on a base square"),
    ("Teblo", "", f"{teblo_rows(E='4r7')} E5 I10 Y 1", SetUpRefusal(TebloSetUp.PAWN_ON_PIECE, side="Yellow"),
     "Yellow's pawn stands on an opponent's support piece"),
    ("Teblo", "", f"{EMPTY} E5 E5 Y 1", SetUpRefusal(TebloSetUp.PAWNS_TOGETHER), "both pawns stand on the same square"),
    ("Teblo", "", f"{teblo_rows(B='r11', A='1r10')} A1 I10 Y 1", SetUpRefusal(TebloSetUp.PAWN_CUT_OFF, side="Yellow"),
     "Yellow's pawn cannot reach both bases (rule c)"),
    ("Staku", "", "x", SetUpRefusal(StakuSetUp.CODE_SHAPE, example=STAKU_START),
     f"a Staku position code is ROWS SIDE TURNS-WITHOUT-CAPTURE NUMBER, as in {STAKU_START}"),
    ("Staku", "", "bbbbbb/bbbbbbb W 0 1", SetUpRefusal(StakuSetUp.ROW_COUNT, rows=2),
     "a Staku position has 7 rows (g to a), not 2"),
    ("Staku", "", f"{STAKU_BOARD}wwww() W 0 1", SetUpRefusal(StakuSetUp.BADLY_WRITTEN_STACK, row="a", stack="()"),
     "row a of the position has a badly written stack '()'"),
    ("Staku", "", f"{STAKU_BOARD}wwwww W 0 1", SetUpRefusal(StakuSetUp.ROW_WIDTH, row="a", width=5, cells=6),
     "row a of the position covers 5 cells, not 6"),
    ("Staku", "", f"{STAKU_BOARD}wwwwww W 21 1", SetUpRefusal(StakuSetUp.QUIET_TOO_LONG, most=20),
     "the turns without capture are at most 20 (the game is drawn then)"),
    ("Staku", "Staku-2", f"{STAKU_BOARD}(nww)wwwww W 0 1",
     SetUpRefusal(StakuSetUp.STACK_TOO_HIGH, cell="a1", height=3, limit=2),
     "the stack on a1 holds 3 tokens: at most 2 in Staku-2"),
    ("Staku", "", f"{STAKU_BOARD}(wn)wwwww W 0 1", SetUpRefusal(StakuSetUp.NOT_A_STACK, cell="a1", stack="wn"),
     "the stack on a1 (wn) is not a legal stack: neutrals at the bottom, then tokens of one colour"),
    ("Staku", "", f"{STAKU_BOARD}(ww)wwwww W 0 1",
     SetUpRefusal(StakuSetUp.TOO_MANY_TOKENS, count=14, side="White", most=13),
     "the position has 14 White tokens: there are 13"),
    ("Staku", "", "bbbbbb/bbbbbbb/n1n2n1n/3n3/n1n2n1n/nnnnnnn/wwwwww W 0 1",
     SetUpRefusal(StakuSetUp.TOO_MANY_NEUTRALS, count=16, most=9), "the position has 16 neutral tokens: there are 9"),
    ("Staku", "", "wbbbbb/bbbbbbb/n1n2n1n/3n3/n1n2n1n/wwwwwww/bwwwww W 0 1", SetUpRefusal(StakuSetUp.BOTH_PALACES),
     "both sides stand on an opponent's palace"),
    ("Tektop", "", "x", SetUpRefusal(TektopSetUp.CODE_SHAPE, example=TEKTOP_START),
     f"a Tektop position code is RANKS WHITE-HOME BLACK-HOME SIDE STATE NUMBER, as in {TEKTOP_START}"),
    ("Tektop", "", "4b/4b 0 0 W play 1", SetUpRefusal(TektopSetUp.RANK_COUNT, ranks=2),
     "a Tektop position has 5 ranks (5 down to 1), not 2"),
    ("Tektop", "", "4b/4b/4b/4b/wwww 0 0 W play 1", SetUpRefusal(TektopSetUp.RANK_WIDTH, rank=1, width=4),
     "rank 1 of the position covers 4 squares, not 5"),
    ("Tektop", "", "w3b/4b/4b/4b/www2 0 0 W play 1", SetUpRefusal(TektopSetUp.ON_SUMMIT),
     "a pawn stands on the summit a5: a pawn reaching it goes home at once"),
    ("Tektop", "", "4b/4b/4b/4b/5 3 0 W play 1", SetUpRefusal(TektopSetUp.TOO_MANY_HOME, side="White", home=3),
     "White has 3 pawns home: the game ends with the second"),
    ("Tektop", "", "4b/4b/4b/4b/4w 0 0 W play 1",
     SetUpRefusal(TektopSetUp.PAWN_COUNT, side="White", on_board=1, home=0, pawns=4),
     "White has 1 pawn on the board and 0 home: each side has 4 pawns"),
    ("Tektop", "", "4b/4b/4b/4b/wwww1 0 0 W last 1", SetUpRefusal(TektopSetUp.STATE_IS_PLAY, state="last"),
     "the state of this position is play (the game is on), not last"),
    ("Tektop", "", "4b/4b/4b/4b/ww3 2 0 B play 1", SetUpRefusal(TektopSetUp.STATE_IS_LAST, state="play"),
     "the state of this position is last (White has brought its second pawn home and Black plays its last turn), "
     "not play"),
    ("Tektop", "", "5/5/4b/4b/ww3 2 2 B play 1", SetUpRefusal(TektopSetUp.STATE_IS_OVER, state="play"),
     "the state of this position is over (the game is over), not play"),
    ("Tekao", "", "x", SetUpRefusal(TekaoSetUp.CODE_SHAPE, example=TEKAO_START),
     f"a Tekao position code is ROWS HANDS SIDE STREAKS NUMBER, as in {TEKAO_START}"),
    ("Tekao", "", "8/8 8F/8F B -/- 1", SetUpRefusal(TekaoSetUp.RANK_COUNT, ranks=2), "a Tekao position has 8 ranks, not 2"),
    ("Tekao", "", "8/8/8/8/8/8/8/7 8F/8F B -/- 1", SetUpRefusal(TekaoSetUp.RANK_WIDTH, rank=1, width=7),
     "rank 1 of the position covers 7 squares, not 8"),
    ("Tekao", "", "8/8/8/8/8/8/8/FF6 0/0 B -/- 1", SetUpRefusal(TekaoSetUp.TWO_FLAGS, side="Blue"),
     "Blue has more than one flag piece on the board"),
    ("Tekao", "", "8/8/8/8/8/8/8/F7 0F/0 B -/- 1", SetUpRefusal(TekaoSetUp.FLAG_TWICE, side="Blue"),
     "Blue's flag piece is on the board and still to place"),
    ("Tekao", "", "8/8/8/8/8/8/8/TT6 8/0 B -/- 1", SetUpRefusal(TekaoSetUp.TOO_MANY_WEAPONS, side="Blue", pieces=8),
     "Blue has more than 8 weapon pieces on the board and to place"),
    ("Tekao", "", "8/8/8/8/8/8/8/F6f 0/0 B a2:1/- 1", SetUpRefusal(TekaoSetUp.STREAK_ELSEWHERE, side="Blue", square="a2"),
     "the streak of Blue names a2, which holds no Blue piece"),
    ("Tekao", "", "8/8/8/8/8/8/8/T6t 0/0 B -/- 1", SetUpRefusal(TekaoSetUp.NO_FLAGS),
     "both flags are gone: a game ends when the first one is taken"),
    ("Tekao", "", "8/8/8/8/8/8/8/8 8F/8F Y -/- 1", SetUpRefusal(TekaoSetUp.PLACING_OUT_OF_TURN, first="Blue"),
     "the pieces to place do not fit the side to move: the sides place one piece each in turn, Blue first"),
    ("Tekao", "", "8/8/8/8/8/8/8/8 7F/7F B -/- 1",
     SetUpRefusal(TekaoSetUp.TAKEN_DURING_SETUP, side="Blue", pieces=8, all=9),
     "during the setup no piece has been taken, yet Blue has 8 pieces, not 9"),
    ("Tekao", "", "8/8/8/8/T7/8/8/8 7F/8F Y -/- 1", SetUpRefusal(TekaoSetUp.OUT_OF_ZONE, side="Blue"),
     "during the setup every Blue piece stands in its start zone"),
    ("Tekao", "", "8/8/8/8/8/8/8/T7 7F/8F Y a1:1/- 1", SetUpRefusal(TekaoSetUp.STREAK_DURING_SETUP),
     "during the setup no piece has acted yet: the streaks are -/-"),
    ("TChako", "", "x", SetUpRefusal(TChakoSetUp.CODE_SHAPE, example=TCHAKO_START),
     f"a TChako position code is ZONES ELASTICS SIDE NUMBER CREATED STATE, as in {TCHAKO_START}"),
    ("TChako", "", f"A/B {elastics()} W 1 0/0 play", SetUpRefusal(TChakoSetUp.NOT_A_ZONE, zone="A"),
     "'A' is not a zone of a position code (as in Aw3, Kq, Fw1b2+w: counts from 1, without leading zeros)"),
    ("TChako", "", f"Aw3/Aw3 {elastics()} W 1 0/0 play", SetUpRefusal(TChakoSetUp.ZONE_TWICE, zone="A"),
     "zone A is listed twice"),
    ("TChako", "", f"Bw3/Aw3 {elastics()} W 1 0/0 play", SetUpRefusal(TChakoSetUp.ZONE_ORDER, zone="A", previous="B"),
     "zone A comes after B: zones are listed from A to L"),
    ("TChako", "anarchy", f"AQ {elastics()} W 1 0/0 play",
     SetUpRefusal(TChakoSetUp.QUEEN_IN_ANARCHY, zone="A", side="White"),
     "zone A holds White's queen, and there are no queens in anarchy"),
    ("TChako", "", f"AQ/BQ {elastics()} W 1 0/0 play", SetUpRefusal(TChakoSetUp.TWO_QUEENS, side="White", first="A",
                                                                  zone="B"),
     "White's queen is in A and in B: each side has one queen"),
    ("TChako", "", f"Aw3+b {elastics()} W 1 0/0 play", SetUpRefusal(TChakoSetUp.CREATION_SPACE, zone="A"),
     "zone A: the code puts on its creation space a piece the zone lacks"),
    ("TChako", "", f"Aw9/Bw9 {elastics()} W 1 0/0 play",
     SetUpRefusal(TChakoSetUp.TOO_MANY_PUCKS, side="White", pucks=18, most=11),
     "White has 18 pucks on the board: each side has 11"),
    ("TChako", "", f"Aw3 {elastics()} W 1 0/0 W:hill",
     SetUpRefusal(TChakoSetUp.STATE_NEEDS_VARIANT, state="W:hill", variant="a king of the hill mode"),
     "the state W:hill needs the variant a king of the hill mode"),
    ("TChako", "", f"Aw3 {elastics()} W 1 0/0 W:x", SetUpRefusal(TChakoSetUp.NOT_A_STATE, state="W:x", wins=WINS),
     "'W:x' is not a state of a position code: play, stop, or the winner and why, W:queen, W:noqueen, W:anarchy, "
     "W:hill, W:lead, W:total, W:sudden, W:zones, W:count (B: for Black)"),
    ("TChako", "", "Aw3 -/- W 1 0/0 play", SetUpRefusal(TChakoSetUp.ELASTIC_COUNT),
     "a position code lists 6 elastics: White's s, t, l, then Black's"),
    ("TChako", "", f"Aw3 {elastics('DA:')} W 1 0/0 play", SetUpRefusal(TChakoSetUp.NOT_AN_ELASTIC, elastic="DA:"),
     "'DA:' is not an elastic of a position code (as in AD:, AD:AE, or AD:CG:CD for a long one with its middle last)"),
    ("TChako", "", f"Aw3 {elastics('AE:AD')} W 1 0/0 play",
     SetUpRefusal(TChakoSetUp.ANCHORS_ORDER, side="White", which=1, elastic="AE:AD"),
     "White's first short elastic AE:AD: its anchors are two obstacles in alphabetical order"),
    ("TChako", "", f"Aw3 {elastics('AD:CG')} W 1 0/0 play",
     SetUpRefusal(TChakoSetUp.SHORT_SPAN, side="White", which=1, elastic="AD:CG"),
     "White's first short elastic AD:CG: a short elastic spans two obstacles joined by a fine line"),
    ("TChako", "", f"Aw3 {elastics('-', '-', 'AD:CG:AE')} W 1 0/0 play",
     SetUpRefusal(TChakoSetUp.LONG_MIDDLE, side="White", which=3, elastic="AD:CG:AE"),
     "White's long elastic AD:CG:AE: the middle of a long elastic is joined by a fine line to both anchors"),
    ("TChako", "", f"Aw3 {elastics('AD:', '-', '-', '-', 'AD:')} W 1 0/0 play",
     SetUpRefusal(TChakoSetUp.OBSTACLE_TAKEN, side="Black", which=2, elastic="AD:", obstacle="AD"),
     "Black's second short elastic AD:: the obstacle AD already carries an elastic"),
]

# (a position code one step from a refused one, which the rules accept)
ACCEPTED = [
    ("Teblo", "", f"{teblo_rows(L='y' * 12, K='y' * 12, J='y11')} D3 I10 Y 1"),  # 25 pieces
    ("Teblo", "", f"{teblo_rows(D='3y8')} D4 I10 Y 1"),  # beside the base
    ("Teblo", "", f"{teblo_rows(E='4y7')} E5 I10 Y 1"),  # on its own piece
    ("Teblo", "", f"{EMPTY} D3 D3 Y 1"),  # both on a base
    ("Teblo", "", f"{teblo_rows(B='r11')} A1 I10 Y 1"),  # one way out left
    ("Staku", "", f"{STAKU_BOARD}wwwwww W 20 1"),
    ("Staku", "", "bbbbbb/bbbbbbb/n1n2n1n/7/n1n2n1n/wwwwwww/(nw)wwwww W 0 1"),
    ("Staku", "Staku-2", f"{STAKU_BOARD}(ww)wwww1 W 0 1"),
    ("Tektop", "", "4b/4b/4b/4b/www2 1 0 W play 1"),
    ("Tektop", "", "4b/4b/4b/4b/ww3 2 0 B last 1"),
    ("Tektop", "", "5/5/4b/4b/ww3 2 2 B over 1"),
    ("Tekao", "", "8/8/8/8/8/8/8/F6f 0/0 B -/- 1"),
    ("Tekao", "", "8/8/8/8/8/8/8/T7 7F/8F Y -/- 1"),
    ("Tekao", "", "8/8/8/8/8/8/8/F6f 0/0 B a1:1/- 1"),
    ("TChako", "", f"Aw3/Bw3 {elastics('AD:AF', '-', 'CD:GH:CG')} W 1 0/0 play"),
    ("TChako", "anarchy", f"Aw3 {elastics()} W 1 0/0 play"),
    ("TChako", "", f"Aw3+w {elastics()} W 1 0/0 play"),
]


def start(game: str):
    rules = game_class(game)()
    return rules, rules.position_code(rules.start_position())


# (how the studio edits a position, the refusal, its words): every format code but the tags' once
EDITED = [
    (lambda: set_up.set_cell(Pebbles(), "....... L 1", "A", "l"),
     SetUpRefusal(FormatSetUp.NOT_EDITED_BY_CELL, game="Pebbles"),
     "Pebbles positions are not edited cell by cell here: write the position's code"),
    (lambda: set_up.set_cell(*start("Teblo"), "Z9", "y"), SetUpRefusal(FormatSetUp.NOT_A_CELL, cell="Z9", game="Teblo"),
     "'Z9' is not a cell of Teblo"),
    (lambda: set_up.set_cell(*start("Teblo"), "E5", "y-"), SetUpRefusal(FormatSetUp.NOT_CONTENTS, contents="y-"),
     "'y-' is not what a cell holds: letters and digits, as the code writes them"),
    (lambda: set_up.set_cell(*start("Teblo"), "E5", "Yy"), SetUpRefusal(FormatSetUp.CANNOT_HOLD, cell="E5", contents="Yy"),
     "E5 cannot hold 'Yy': the code does not say that"),
    (lambda: set_up.set_cell(*start("Teblo"), "D3", ""), SetUpRefusal(TebloSetUp.ONE_PAWN, side="Yellow", pawn="Y"),
     "a Teblo position has one Yellow pawn: put it on one square (Y)"),
    (lambda: set_up.set_fields(*start("Staku"), {"pawns": "1"}),
     SetUpRefusal(FormatSetUp.NOT_A_FIELD, field="pawns", game="Staku"), "'pawns' is not a field of a Staku position"),
    (lambda: set_up.set_fields(game_class("Tekao")(), TEKAO_AFTER_SETUP, {"blue-turns": "4"}),
     SetUpRefusal(FormatSetUp.NUMBER_BETWEEN, field="Turns in a row Blue's piece has acted (1 to 3)", value="4",
                  lowest=1, highest=3), None),
    (lambda: set_up.set_fields(*start("Staku"), {"quiet": "-1"}),
     SetUpRefusal(FormatSetUp.NUMBER_FROM, field="Turns played since the last capture (0 to 20)", value="-1", lowest=0), None),
    (lambda: set_up.set_fields(game_class("Tekao")(), TEKAO_AFTER_SETUP, {"blue-flag": "maybe"}),
     SetUpRefusal(FormatSetUp.NOT_YES_OR_NO, field="Blue's flag piece still to place", value="maybe"), None),
    (lambda: set_up.set_fields(*start("Tekao"), {"blue-streak": "z9"}),
     SetUpRefusal(FormatSetUp.NOT_AS_WRITTEN, field="Blue's piece acting in a row: its square (empty if none)",
                  value="z9", hint="a square such as d4, or nothing"),
     "Blue's piece acting in a row: its square (empty if none): 'z9' is not a square such as d4, or nothing"),
    (lambda: set_up.set_fields(*start("TChako"), {"state": "W:x"}),
     SetUpRefusal(FormatSetUp.NOT_A_CHOICE, field="Where the game stands", value="W:x", choices=[
         "play", "stop", *WINS, *(win.replace("W:", "B:") for win in WINS)]), None),
    (lambda: set_up.set_fields(*start("Teblo"), {"yellow-hand": "20"}),
     SetUpRefusal(FormatSetUp.NOT_SET_BY_HAND, field="Yellow's support pieces in hand"),
     "Yellow's support pieces in hand follows from the board: it is not set by hand"),
    (lambda: set_up.set_side(*start("Teblo"), 2), SetUpRefusal(FormatSetUp.SIDE_IN_CODE, game="Teblo"),
     "the side to move of a Teblo position is written in its code: write it there"),
    (lambda: set_up.set_side(game_class("Teblo")(), "x", 1),
     SetUpRefusal(FormatSetUp.NOT_A_POSITION_CODE, written="x", game="Teblo"), "'x' is not a Teblo position code"),
]


def refusal_of(action) -> SetUpRefusal:
    with pytest.raises(BadSetUp) as caught:
        action()
    return caught.value.refusal


@pytest.mark.parametrize("game, variant, code, refusal, words", READ, ids=[str(case[3].code) for case in READ])
def test_each_games_refusal_of_a_position_code_has_its_code_and_words(game, variant, code, refusal, words):
    with pytest.raises(BadSetUp) as caught:
        game_class(game)(variant).read_position(code)
    assert caught.value.refusal == refusal
    assert str(caught.value) == refusal.sentence == words


@pytest.mark.parametrize("game, variant, code", ACCEPTED)
def test_a_position_one_step_from_a_refused_one_is_read(game, variant, code):
    rules = game_class(game)(variant)
    assert rules.position_code(rules.read_position(code)) == code


@pytest.mark.parametrize("action, refusal, words", EDITED, ids=[str(case[1].code) for case in EDITED])
def test_each_refusal_of_the_studios_set_up_editor_has_its_code_and_words(action, refusal, words):
    assert refusal_of(action) == refusal
    if words is not None:
        assert refusal.sentence == words


def test_the_words_of_the_numbers_and_of_yes_or_no():
    said = {"field": "Turn", "value": "x"}
    assert SetUpRefusal(FormatSetUp.NUMBER_BETWEEN, **said, lowest=1, highest=3).sentence == \
        "Turn: 'x' is not a whole number from 1 to 3"
    assert SetUpRefusal(FormatSetUp.NUMBER_FROM, **said, lowest=0).sentence == "Turn: 'x' is not a whole number from 0 or more"
    assert SetUpRefusal(FormatSetUp.NOT_YES_OR_NO, **said).sentence == "Turn: 'x' is not yes or no"
    assert SetUpRefusal(FormatSetUp.NOT_A_CHOICE, **said, choices=["play", "stop"]).sentence == \
        "Turn: 'x' is not one of play, stop"
    assert SetUpRefusal(FormatSetUp.NO_POSITION_TAG).sentence == 'SetUp "1" needs a Position tag'
    assert SetUpRefusal(FormatSetUp.NOT_TO_MOVE, side="Red").sentence == "the code does not put Red to move"


def test_a_side_the_code_does_not_keep_to_move_is_refused(monkeypatch):
    rules, code = start("Teblo")
    monkeypatch.setattr(set_up, "_settled", lambda game, cells, fields: [*fields[:3], "Y", *fields[4:]])
    assert refusal_of(lambda: set_up.set_side(rules, code, 1)) == SetUpRefusal(FormatSetUp.NOT_TO_MOVE, side="Red")


def test_every_set_up_code_is_tested():
    tested = {case[3].code for case in READ} | {case[1].code for case in EDITED}
    tested |= {FormatSetUp.NO_POSITION_TAG, FormatSetUp.NOT_TO_MOVE}  # test_check_json_... and the test above
    assert {code for codes in (*GAMES.values(), FormatSetUp) for code in codes} == tested


@pytest.mark.parametrize("name", GAMES)
def test_a_game_names_its_set_up_codes(name):
    codes = game_class(name).set_up_codes
    assert codes is GAMES[name] and issubclass(codes, SetUpCode)
    for enum in (codes, FormatSetUp):
        assert [code.name for code in enum] == [code.value.upper().replace("-", "_") for code in enum]
        assert all(KEBAB.fullmatch(code) for code in enum)


def test_a_refused_position_is_a_value_error_that_keeps_its_code_when_copied():
    with pytest.raises(ValueError) as caught:
        game_class("Teblo")().read_position("12/12 D3 I10 Y 1")
    for again in (copy.copy(caught.value), pickle.loads(pickle.dumps(caught.value))):
        assert isinstance(again, BadSetUp) and again.refusal == caught.value.refusal and str(again) == str(caught.value)


def test_check_json_gives_the_set_up_code_beside_the_position_problem(tmp_path):
    (tmp_path / "game.tgn").write_text(
        '[Game "Teblo"]\n[SetUp "1"]\n[Position "12/12 D3 I10 Y 1"]\n[Result "*"]\n\n*\n\n'
        '[Game "Teblo"]\n[SetUp "1"]\n[Result "*"]\n\n*\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(tmp_path / "game.tgn"), "--json"])
    found = [{key: value for key, value in problem.items() if key in ("code", "refusal")}
             for problem in json.loads(result.output)["problems"]]
    assert found == [{"code": "position", "refusal": {"code": "row-count", "rows": 2}},
                     {"code": "position", "refusal": {"code": "no-position-tag"}}]


@pytest.mark.parametrize("name", GAMES)
def test_each_game_page_lists_its_set_up_codes_in_order(name):
    text = (DOCS / "games" / f"{PAGES[name]}.md").read_text(encoding="utf-8")
    section = text[text.index("## Set-up codes"):]
    section = section[:section.index("\n## ")] if "\n## " in section else section
    listed = re.findall(r"^\| `([a-z0-9-]+)` \| [^|]* \| (.*) \|$", section, re.M)
    said = {case[3].code: case[3] for case in READ} | {case[1].code: case[1] for case in EDITED}
    assert listed == [(code.value, said[code].sentence) for code in GAMES[name]]  # each with the game's own example


def test_the_format_lists_its_set_up_codes_in_order():
    text = (DOCS / "format.md").read_text(encoding="utf-8")
    section = text[text.index("### Set-up codes"):]
    section = section[:re.search(r"\n##+ ", section).start()]
    assert re.findall(r"^\| `([a-z0-9-]+)` \|", section, re.M) == [code.value for code in FormatSetUp]
