"""T'Chako rules: a legal and an illegal case for every rule and applied mode, with the
refusal code and parameters (their words are said in test_refusal_codes.py), and the same
through a record (line, column, turn)."""

from __future__ import annotations

import pytest

from conftest import checked, ended, problems_of, refused, what_happened
from ludoscribe.notation import ProblemCode
from ludoscribe.notation.games import Ending, Outcome, Refusal, Said
from ludoscribe.notation.games.tchako import TChako
from ludoscribe.notation.games.tchako.actions import TChakoPiece, TChakoRefusal

START = "Aw3/BQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 1 0/0 play"
MID = "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play"
TCHAKO = "Aw3/BQ/Cw3/Dw1/Fw1/Iq/Jw1/Kw1/Lb3 -/-/-/-/-/- W 2 0/0 play"
GREY = "Aw3b1/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play"
TWO_IN_C = "Aw3/BQ/Cw2/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play"
ONE_IN_C = "Aw3/BQ/Cw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play"
PUSHED = "Aw3/BQ/Cw1/Dw1/Ew1/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play"
TWO_IN_E = "Aw3/BQ/Cw1/Dw1/Ew2/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play"
NO_QUEEN = "Aw3/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play"

# (variant, position, turn, refusal or None, the position after it or None)
CASES = [
    # action points: 5 on White's first turn, then 7
    ("", START, "A>D,A>E", None, "Aw1/BQ/Cw3/Dw1/Ew1/Jb3/Kq/Lb3 -/-/-/-/-/- B 1 0/0 play"),
    ("", START, "A>D,A>E,+A", Refusal(TChakoRefusal.OVER_BUDGET, action="+A", cost=4, side="White", left=2, budget=10), None),
    ("", START.replace("W 1", "B 1"), "qK>I,J>I", None, "Aw3/BQ/Cw3/Ib1q/Jb2/Lb3 -/-/-/-/-/- W 2 0/0 play"),
    ("", START.replace("W 1", "B 1"), "J>I,J>I,J>I,qK>I",
     Refusal(TChakoRefusal.OVER_BUDGET, action="qK>I", cost=6, side="Black", left=2, budget=14), None),
    # each puck once a turn, the queen once a turn
    ("", START, "A>D,D>E", Refusal(TChakoRefusal.PUCKS_SHOT, action="D>E", side="White", zone="D"), None),
    # ... even after being pushed: the pushed pieces are the other pieces the shot moved
    ("", START, "C>C/wC>H,C>D", None, "Aw3/BQ/Cw1/Dw1/Hw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 1 0/0 play"),
    ("", TWO_IN_C, "C>C/wC>H,C>D", Refusal(TChakoRefusal.PUCKS_SHOT, action="C>D", side="White", zone="C"),
     None),
    ("", ONE_IN_C, "C>C/wC>H", Refusal(TChakoRefusal.PUSHED_MISSING, action="C>C/wC>H",
                  missing=Refusal(TChakoRefusal.NO_OTHER_PUCK, action="C>C/wC>H", side="White", zone="C")), None),
    ("", START, "A>D/wD>E", Refusal(TChakoRefusal.PUSHED_MISSING, action="A>D/wD>E",
                  missing=Refusal(TChakoRefusal.NO_OTHER_PUCK, action="A>D/wD>E", side="White", zone="D")), None),
    ("", START, "A>D/wA>D/wA>E", None, "BQ/Cw3/Dw2/Ew1/Jb3/Kq/Lb3 -/-/-/-/-/- B 1 0/0 play"),
    ("", START, "A>D/wA>D/wA>E/wA>F", Refusal(TChakoRefusal.PUSHED_MISSING, action="A>D/wA>D/wA>E/wA>F",
                  missing=Refusal(TChakoRefusal.NO_OTHER_PUCK, action="A>D/wA>D/wA>E/wA>F", side="White", zone="A")), None),
    ("", MID, "A>D/wD>E/wD>F", Refusal(TChakoRefusal.PUSHED_MISSING, action="A>D/wD>E/wD>F",
                  missing=Refusal(TChakoRefusal.NO_OTHER_PUCK, action="A>D/wD>E/wD>F", side="White", zone="D")), None),
    ("", MID, "A>D/wD>E/wE>F", Refusal(TChakoRefusal.PUSHED_MISSING, action="A>D/wD>E/wE>F",
                  missing=Refusal(TChakoRefusal.NO_OTHER_PUCK, action="A>D/wD>E/wE>F", side="White", zone="E")), None),
    ("", MID, "A>DxqK>I/bqK>L", Refusal(TChakoRefusal.HIT_PUSHED, action="A>DxqK>I/bqK>L", side="Black"), None),
    ("", MID, "qB>D/wqB>A", Refusal(TChakoRefusal.SHOOTER_PUSHED, action="qB>D/wqB>A", side="White"), None),
    ("", MID, "A>DxJ/bJ>I/bJ>I", None, "Aw2/BQ/Cw3/Dw2/Ib2/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", MID, "A>DxJ/bJ>I/bJ>I/bJ>I", Refusal(TChakoRefusal.PUSHED_MISSING, action="A>DxJ/bJ>I/bJ>I/bJ>I",
                  missing=Refusal(TChakoRefusal.NO_OTHER_PUCK, action="A>DxJ/bJ>I/bJ>I/bJ>I", side="Black", zone="J")), None),
    # a shooter stopping where an own puck is pushed from is not the pushed one
    ("", PUSHED, "D>E/wE>F,F>G", None, "Aw3/BQ/Cw1/Ew1/Gw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", PUSHED, "E>E,D>E/wE>F,F>G", Refusal(TChakoRefusal.PUCKS_SHOT, action="F>G", side="White", zone="F"),
     None),
    # a pushed puck from a zone holding shot and unshot pucks: either reading may be the one played
    ("", TWO_IN_E, "E>E,D>E/wE>F,F>G", None, "Aw3/BQ/Cw1/Ew2/Gw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", TWO_IN_E, "E>E,D>E/wE>F,E>H", None, "Aw3/BQ/Cw1/Ew1/Fw1/Hw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", TWO_IN_E, "E>E,D>E/wE>F,F>G,E>H", Refusal(TChakoRefusal.PUCKS_SHOT, action="E>H", side="White", zone="E"), None),
    ("", START, "qB>D,qD>F", Refusal(TChakoRefusal.QUEEN_SHOT_TWICE, action="qD>F", side="White"), None),
    ("", START, "F>G", Refusal(TChakoRefusal.NO_PUCK, action="F>G", side="White", zone="F"), None),
    # creation
    ("", MID, "+D", None, "Aw3/BQ/Cw3/Dw2+w/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 1/0 play"),
    ("", MID, "+E", Refusal(TChakoRefusal.NOT_CAPTURED, action="+E", side="White", zone="E"), None),
    ("", MID, "+D,+D", Refusal(TChakoRefusal.CREATION_SPACE_HELD, action="+D", zone="D",
                  holder=Said(TChakoPiece.CREATED_PUCK, side="White")), None),
    ("", MID, "+D,cD>E,+D", None, "Aw3/BQ/Cw3/Dw2+w/Ew1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 2/0 play"),
    # a created puck blocks its space until the record shows it moved, even inside its zone
    ("", MID, "+D,cD>D,+D", None, "Aw3/BQ/Cw3/Dw3+w/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 2/0 play"),
    ("", MID, "+D,A>D/wcD>D,+D", None, "Aw2/BQ/Cw3/Dw4+w/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 2/0 play"),
    ("", MID, "+D,A>D,+D", Refusal(TChakoRefusal.CREATION_SPACE_HELD, action="+D", zone="D",
                  holder=Said(TChakoPiece.CREATED_PUCK, side="White")), None),
    ("sumo", "Aw3/BQ/Cw3/Db1+b/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", "A>DxcD", None,
     "Aw2/BQ/Cw3/Dw1b1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    # coordinates run from 0 to 100
    ("", MID, "A>E@0:100,A>E@100:0", None, "Aw1/BQ/Cw3/Dw1/Ew2/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", MID, "+D,D>E,D>F", Refusal(TChakoRefusal.ONLY_CREATED_PUCK, action="D>F", side="White", zone="D"), None),
    ("", GREY, "+A", None, "Aw4b1+w/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 1/0 play"),
    ("", "Aw3/Cw3/Dw2/Fw1/Jw1b2/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play", "+J", None,
     "Aw3/Cw3/Dw2/Fw1/Jw1b3+b/Kq/Lb3 -/-/-/-/-/- W 3 0/1 play"),
    ("", "Aw3/Cw3/Dw2/Fw1/Jw1/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play", "+J",
     Refusal(TChakoRefusal.OPPONENT_CONTROLLED, action="+J", opponent="White", zone="J", side="Black"), None),
    ("", "Aw9/BQ/Cw2/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", "+A",
     Refusal(TChakoRefusal.NO_RESERVE, action="+A", side="White", pucks=11), None),
    # the queen's return
    ("", NO_QUEEN, "+A", None, "Aw3Q+Q/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", MID, "+qA", Refusal(TChakoRefusal.QUEEN_ON_BOARD, action="+qA", side="White", zone="A"), None),
    # hits
    ("", MID, "A>DxJ", None, "Aw2/BQ/Cw3/Dw2/Jb2/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", MID, "A>DxJ>I", Refusal(TChakoRefusal.HIT_ELIMINATED, action="A>DxJ>I",
                  hit=Said(TChakoPiece.PUCK, side="Black", zone="J"), write="xJ"), None),
    ("", MID, "A>DxqK>I", None, "Aw2/BQ/Cw3/Dw2/Iq/Jb3/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", MID, "A>DxK", Refusal(TChakoRefusal.NO_PUCK, action="A>DxK", side="Black", zone="K"), None),
    ("", MID, "A>DxJ/bJ>O/wA>E", None, "Aw1/BQ/Cw3/Dw2/Ew1/Jb1/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    # the grey zone
    ("", GREY, "A>AxA>D", None, "Aw2/BQ/Cw3/Dw1b1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", GREY, "A>DxJ>I", Refusal(TChakoRefusal.HIT_ELIMINATED, action="A>DxJ>I",
                  hit=Said(TChakoPiece.PUCK, side="Black", zone="J"), write="xJ"), None),
    # t'chako: hitting the queen wins
    ("", TCHAKO, "A>DxqI", None, "Aw2/BQ/Cw3/Dw2/Fw1/Jw1/Kw1/Lb3 -/-/-/-/-/- B 2 0/0 W:queen"),
    ("", TCHAKO, "A>DxqI>G", Refusal(TChakoRefusal.QUEEN_HIT_PLACED, action="A>DxqI>G",
                  hit=Said(TChakoPiece.QUEEN, side="Black")), None),
    ("", TCHAKO, "A>DxqI,C>D", Refusal(TChakoRefusal.ENDED_BEFORE, action="C>D", ending=Outcome(0, Ending.QUEEN_HIT,
     {"side": "White", "opponent": "Black"})), None),
    # t'chako without a queen loses
    ("", "Aw3/BQ/Cw3/Dw1/Fw1/Iq/Jw1b1/Kw1/Lb3 -/-/-/-/-/- W 2 0/0 play", "F>JxJ", None,
     "Aw3/BQ/Cw3/Dw1/Iq/Jw2/Kw1/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", "Aw3/BQ/Cw3/Dw1/Fw1/Iq/Jw1b1/Kw1/Lb3 -/-/-/-/-/- W 2 0/0 play", "D>DxqI>O", None,
     "Aw3/BQ/Cw3/Dw1/Fw1/Jw1b1/Kw1/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", "Aw3/BQ/Cw3/Dw1/Fw1/Jw1/Kw1/Lb3 -/-/-/-/-/- B 2 0/0 W:noqueen", "pass",
     Refusal(TChakoRefusal.GAME_OVER, ending=Outcome(0, Ending.NO_QUEEN, {"side": "White", "opponent": "Black"})), None),
    # elastics
    ("", MID, "~s>AD,~s>AF", None, "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 AD:AF/-/-/-/-/- B 2 0/0 play"),
    # the piece shot must be there
    ("", NO_QUEEN, "qB>C", Refusal(TChakoRefusal.QUEEN_OFF_BOARD, action="qB>C", side="White", zone="B"), None),
    ("", MID, "qA>D", Refusal(TChakoRefusal.QUEEN_ELSEWHERE, action="qA>D", side="White", at="B", zone="A"), None),
    ("", MID, "cA>D", Refusal(TChakoRefusal.NO_CREATED_PUCK, action="cA>D", side="White", zone="A"), None),
    ("", MID, "~lAD>AE", Refusal(TChakoRefusal.NO_ANCHOR, action="~lAD>AE", side="White", elastic=2, obstacle="AD"), None),
    ("", MID, "~s>AD,~s>FJ", Refusal(TChakoRefusal.SHORT_NOT_JOINED, action="~s>FJ", kept="AD", to="FJ"), None),
    ("", MID, "~l>AD,~l>CG", None, "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/AD:CG:CD/-/-/- B 2 0/0 play"),
    ("", MID, "~l>AD,~l>EJ", Refusal(TChakoRefusal.LONG_NOT_JOINED, action="~l>EJ", kept="AD", to="EJ"), None),
    # the long elastic's middle: the first free one, or the one written in brackets
    ("", MID, "~l>AD,~l>DF", None, "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/AD:DF:AF/-/-/- B 2 0/0 play"),
    ("", MID, "~l>AD,~l>DF(DE)", None, "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/AD:DF:DE/-/-/- B 2 0/0 play"),
    ("", MID, "~l>AD,~l>DF(CD)", Refusal(TChakoRefusal.WRONG_MIDDLE, action="~l>DF(CD)", middle="CD", kept="AD", to="DF",
     middles=["AF", "DE"]), None),
    ("", MID, "~s>AF,~l>AD,~l>DF(AF)", Refusal(TChakoRefusal.WRONG_MIDDLE, action="~l>DF(AF)", middle="AF", kept="AD",
     to="DF", middles=["DE"]), None),
    ("", MID, "~s>AD,~s>AF(DE)", Refusal(TChakoRefusal.MIDDLE_NOT_LONG, action="~s>AF(DE)"),
     None),
    ("", MID, "~s>AD,~t>AD", Refusal(TChakoRefusal.OBSTACLE_BUSY, action="~t>AD", obstacle="AD"), None),
    ("", MID, "~s>AB", Refusal(TChakoRefusal.NO_OBSTACLE, action="~s>AB", first="A", second="B"), None),
    ("", MID, "~s>AD,~sAD>DE", None, "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 DE:/-/-/-/-/- B 2 0/0 play"),
    ("", MID, "~s>AD,~s>AF,~s>DE", Refusal(TChakoRefusal.NAME_ANCHOR, action="~s>DE", side="White", elastic=0),
     None),
    # modes
    ("anarchy", "Aw3/Cw3/Dw1/Fw1/Jb1/Kw1/Lb3 -/-/-/-/-/- W 2 0/0 play", "F>JxJ", None,
     "Aw3/Cw3/Dw1/Jw1/Kw1/Lb3 -/-/-/-/-/- B 2 0/0 W:anarchy"),
    ("anarchy", "Aw3/Cw3/Dw1/Fw1/Jb3/Lb3 -/-/-/-/-/- W 2 0/0 play", "qB>D", Refusal(TChakoRefusal.NO_QUEENS, action="qB>D"),
     None),
    ("king of the hill", "Aw3/BQ/Cw3/Fw1/Gw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play", "pass", None,
     "Aw3/BQ/Cw3/Fw1/Gw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 3 0/0 W:hill"),
    ("king of the hill", "Aw3/BQ/Cw3/Fw1/Gw1b1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play", "pass", None,
     "Aw3/BQ/Cw3/Fw1/Gw1b1/Jb3/Kq/Lb3 -/-/-/-/-/- W 3 0/0 play"),
    ("king of the hill line", "Aw3/BQ/Cw3/Dw1/Ew1/Fw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", "D>G,C>H", None,
     "Aw3/BQ/Cw2/Ew1/Fw1/Gw1/Hw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 W:hill"),
    ("king of the hill line", "Aw3/BQ/Cw3/Dw1/Ew1/Fw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", "D>G", None,
     "Aw3/BQ/Cw3/Ew1/Fw1/Gw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("king of the hill diamond", "Aw3/BQ/Cw3/Dw1/Fw1/Gw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", "A>I", None,
     "Aw2/BQ/Cw3/Dw1/Fw1/Gw1/Iw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 W:hill"),
    ("king of the hill diamond", "Aw3/BQ/Cw3/Dw1/Fw1/Gw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", "A>E", None,
     "Aw2/BQ/Cw3/Dw1/Ew1/Fw1/Gw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("demographic 3", "Aw3/BQ/Cw3/Jb3/Kq/Lb2 -/-/-/-/-/- W 2 0/0 play", "A>IxJ", None,
     "Aw2/BQ/Cw3/Iw1/Jb2/Kq/Lb2 -/-/-/-/-/- B 2 0/0 play"),
    ("demographic 2", "Aw3/BQ/Cw3/Jb3/Kq/Lb2 -/-/-/-/-/- W 2 0/0 play", "A>IxJ", None,
     "Aw2/BQ/Cw3/Iw1/Jb2/Kq/Lb2 -/-/-/-/-/- B 2 0/0 W:lead"),
    # demographic counts the queen: 11 pucks and the queen make the 12 a total may ask for
    ("demographic total 8", "Aw3/BQ/Cw3/Jb3/Kq/Lb2 -/-/-/-/-/- W 2 0/0 play", "+A", None,
     "Aw4+w/BQ/Cw3/Jb3/Kq/Lb2 -/-/-/-/-/- B 2 1/0 W:total"),
    ("demographic total 8", "Aw3/BQ/Cw3/Jb3/Kq/Lb2 -/-/-/-/-/- W 2 0/0 play", "pass", None,
     "Aw3/BQ/Cw3/Jb3/Kq/Lb2 -/-/-/-/-/- B 2 0/0 play"),
    ("demographic total 12", "Aw9/BQ/Cw2/Jb3/Kq/Lb3 -/-/-/-/-/- B 4 0/0 play", "pass", None,
     "Aw9/BQ/Cw2/Jb3/Kq/Lb3 -/-/-/-/-/- W 5 0/0 W:total"),
    ("demographic total 12", "Aw8/BQ/Cw2/Jb3/Kq/Lb3 -/-/-/-/-/- B 4 0/0 play", "pass", None,
     "Aw8/BQ/Cw2/Jb3/Kq/Lb3 -/-/-/-/-/- W 5 0/0 play"),
    ("demographic 2", "Aw3/BQ/Cw3/Jb3/Lb3 -/-/-/-/-/- W 2 0/0 play", "A>IxJ", None,
     "Aw2/BQ/Cw3/Iw1/Jb2/Lb3 -/-/-/-/-/- B 2 0/0 W:lead"),
    ("demographic 2", "Aw3/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", "A>IxJ", None,
     "Aw2/Cw3/Iw1/Jb2/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("sudden death 2", "Aw3/BQ/Cw3/Jb1/Kq -/-/-/-/-/- W 2 2/2 play", "A>IxJ", None,
     "Aw2/BQ/Cw3/Iw1/Kq -/-/-/-/-/- B 2 2/2 W:sudden"),
    ("sudden death 2", "Aw3/BQ/Cw3/Jb1/Kq -/-/-/-/-/- W 2 2/2 play", "+A", Refusal(TChakoRefusal.CREATED_ALL, action="+A",
     side="White", limit=2), None),
    ("sudden death turns 4", "Aw3/BQ/Cw3/Jb1/Kq -/-/-/-/-/- W 5 2/2 play", "+A",
     Refusal(TChakoRefusal.CREATION_TOO_LATE, action="+A", turn=4), None),
    ("sudden death turns 4", "Aw3/BQ/Cw3/Jb1/Kq -/-/-/-/-/- W 5 0/0 play", "A>IxJ", None,
     "Aw2/BQ/Cw3/Iw1/Kq -/-/-/-/-/- B 5 0/0 W:sudden"),
    ("sudden death turns 4", "Aw3/BQ/Cw3/Jb1/Kq -/-/-/-/-/- W 4 0/0 play", "A>IxJ", None,
     "Aw2/BQ/Cw3/Iw1/Kq -/-/-/-/-/- B 4 0/0 play"),
    ("sudden death turns 4", "Aw1/BQ/Jb3/Kq -/-/-/-/-/- B 4 0/0 play", "J>AxA", None,
     "Ab1/BQ/Jb2/Kq -/-/-/-/-/- W 5 0/0 B:sudden"),
    ("countdown 3", MID.replace("W 2", "B 3"), "J>IxD", None, "Aw3/BQ/Cw3/Ib1/Jb2/Kq/Lb3 -/-/-/-/-/- W 4 0/0 B:zones"),
    ("countdown 3", MID.replace("W 2", "B 3"), "J>I", None, "Aw3/BQ/Cw3/Dw1/Ib1/Jb2/Kq/Lb3 -/-/-/-/-/- W 4 0/0 W:count"),
    ("countdown 3", MID.replace("W 2", "B 2"), "J>I", None, "Aw3/BQ/Cw3/Dw1/Ib1/Jb2/Kq/Lb3 -/-/-/-/-/- W 3 0/0 play"),
    ("strategic shots", MID, "A>DxJ>I", None, "Aw2/BQ/Cw3/Dw2/Ib1/Jb2/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("strategic shots", MID, "^A>DxJ", None, "Aw2/BQ/Cw3/Dw2/Jb2/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("strategic shots", MID, "A>E,A>E,A>E,C>H,C>H,C>H,qB>A",
     Refusal(TChakoRefusal.OVER_BUDGET, action="qB>A", cost=4, side="White", left=2, budget=14), None),
    ("", MID, "^A>DxJ", Refusal(TChakoRefusal.CHARGED_SHOT, action="^A>DxJ"), None),
    ("supply depot", MID, "+A,+C", None, "Aw4+w/BQ/Cw4+w/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 2/0 play"),
    ("supply depot", MID, "+A,+C,+D", Refusal(TChakoRefusal.OVER_BUDGET, action="+D", cost=10, side="White", left=0,
     budget=14), None),
    ("carrisk", MID, "+A,+C,+D,+B,A>D", None, "Aw3+w/Bw1Q+w/Cw4+w/Dw3+w/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 4/0 play"),
    ("carrisk", MID, "+A,+C,+D,+B,A>D,D>E", Refusal(TChakoRefusal.OVER_BUDGET, action="D>E", cost=4, side="White", left=2,
     budget=14), None),
    ("sumo", MID, "A>DxJ", None, "Aw2/BQ/Cw3/Dw2/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("sumo", MID, "A>DxJ>O", None, "Aw2/BQ/Cw3/Dw2/Jb2/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    # sumo: leaving the board is the only way out, so a grey-zone incident costs the shooter nothing
    ("sumo", GREY, "A>AxA", None, "Aw3b1/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("sumo", GREY, "A>DxA>O", None, "Aw2/BQ/Cw3/Dw2/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", GREY, "A>AxA", None, "Aw2b1/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    # Carrisk: two free creations as the turn's first actions, on captured zones
    ("carrisk", MID, "+A,+C,A>D,A>D,C>D", None, "Aw2+w/BQ/Cw3+w/Dw4/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 2/0 play"),
    ("carrisk", MID, "A>D,+A,+C,+D", Refusal(TChakoRefusal.OVER_BUDGET, action="+D", cost=4, side="White", left=2,
     budget=14), None),
    ("carrisk", MID, "~s>AD,+A,+C,+D,+B", Refusal(TChakoRefusal.OVER_BUDGET, action="+B", cost=4, side="White", left=1,
     budget=14), None),
    ("carrisk", GREY, "+C,+D,+A,+B", None, "Aw4b1+w/Bw1Q+w/Cw4+w/Dw2+w/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 4/0 play"),
    ("carrisk", GREY, "+A,+C,+D,+B", Refusal(TChakoRefusal.OVER_BUDGET, action="+B", cost=4, side="White", left=2,
     budget=14), None),
]


@pytest.mark.parametrize("variant, code, text, refusal, after", CASES)
def test_rule(variant, code, text, refusal, after):
    game = TChako(variant)
    position = game.read_position(code)
    turn = game.read_turn(text)
    assert game.refusal(position, turn) == refusal
    if refusal is None:
        assert game.position_code(game.apply(position, turn)) == after


def test_the_queens_return_is_written_in_full():
    game = TChako()
    position = game.read_position(NO_QUEEN)
    assert game.turn_text(game.play(position, game.read_turn("+A")).turn) == "+qA"


def test_options_with_numbers():
    assert TChako("Sudden death 8, sumo").modes.values == {"sudden death": 8}
    assert TChako("countdown  12, demographic total 12").modes.values == {"countdown": 12, "demographic total": 12}


@pytest.mark.parametrize("variant, message", [
    ("countdown", "bad TChako variant 'countdown': the countdown mode takes a whole number from 1, as in countdown 8 "
                  "(no number given)"),
    ("demographic N, countdown N", "bad TChako variant 'demographic N': the demographic mode takes a whole number "
                                   "from 1, as in demographic 8 ('N' given)"),
    ("sudden death turns 0", "bad TChako variant 'sudden death turns 0': the sudden death turns mode takes a whole "
                             "number from 1, as in sudden death turns 8 ('0' given)"),
    ("countdown 3x", "bad TChako variant 'countdown 3x': the countdown mode takes a whole number from 1, as in "
                     "countdown 8 ('3x' given)"),
    ("countdown 3, sumo, countdown 4", "bad TChako variant 'countdown 4': the countdown mode is already given "
                                       "(countdown 3)"),
    ("demographic total 13", "bad TChako variant 'demographic total 13': a side has 12 pieces (11 pucks and the "
                             "queen), so the total cannot be reached"),
    ("gravity", "unknown TChako variant 'gravity' (known: anarchy, carrisk, countdown N, demographic N, demographic "
                "total N, hourglass, king of the hill, king of the hill diamond, king of the hill line, strategic "
                "shots, sudden death N, sudden death turns N, sumo, supply depot, triangle elastics)"),
])
def test_bad_options(variant, message):
    with pytest.raises(ValueError) as error:
        TChako(variant)
    assert str(error.value) == message


def test_a_bad_option_is_a_problem_of_the_record():
    record_, replayed = checked(record("1. A>D", variant="demographic N, countdown N"))
    assert replayed is None
    assert problems_of(record_) == [("bad TChako variant 'demographic N': the demographic mode takes a whole number "
                                     "from 1, as in demographic 8 ('N' given)", 2, 1, None)]


def record(moves: str, result: str = "*", variant: str = "") -> str:
    tags = f'[Variant "{variant}"]\n' if variant else ""
    return f'[Game "TChako"]\n{tags}[Result "{result}"]\n\n{moves} {result}\n'


def test_a_legal_record_and_an_illegal_turn_in_a_record():
    record_, replayed = checked(record("1. A>D,A>E J>I,J>I,J>I 2. D>IxI,E>FxcL"))
    assert what_happened(record_) == [(ProblemCode.ILLEGAL_TURN, refused(
        Refusal(TChakoRefusal.NO_CREATED_PUCK, action="E>FxcL", side="Black", zone="L")), 4, 27, "turn 2 White")]
    record_, replayed = checked(record("1. A>D,A>E J>I,qK>I 2. pass +K"))
    assert record_.problems == [] and replayed.outcome is None


def test_a_record_with_the_wrong_result():
    text = ('[Game "TChako"]\n[SetUp "1"]\n[Position "' + TCHAKO + '"]\n[Result "0-1"]\n\n2. A>DxqI 0-1\n')
    record_, replayed = checked(text)
    assert replayed.outcome.winner == 0
    assert what_happened(record_) == [(ProblemCode.RESULT_CONTRADICTS,
        ended(Outcome(0, Ending.QUEEN_HIT, {"side": "White", "opponent": "Black"})), 6, 11, None)]
