"""T'Chako rules: a legal and an illegal case for every rule and applied mode, with the
exact messages, and the same through a record (line, column, turn)."""

from __future__ import annotations

import pytest

from conftest import checked, problems_of
from ludoscribe.notation.games.tchako import TChako

START = "Aw3/BQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 1 0/0 play"
MID = "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play"
TCHAKO = "Aw3/BQ/Cw3/Dw1/Fw1/Iq/Jw1/Kw1/Lb3 -/-/-/-/-/- W 2 0/0 play"
GREY = "Aw3b1/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play"
TWO_IN_C = "Aw3/BQ/Cw2/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play"
ONE_IN_C = "Aw3/BQ/Cw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play"
PUSHED = "Aw3/BQ/Cw1/Dw1/Ew1/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play"
TWO_IN_E = "Aw3/BQ/Cw1/Dw1/Ew2/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play"
NO_QUEEN = "Aw3/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play"

# (variant, position, turn, reason or None, the position after it or None)
CASES = [
    # action points: 5 on White's first turn, then 7
    ("", START, "A>D,A>E", None, "Aw1/BQ/Cw3/Dw1/Ew1/Jb3/Kq/Lb3 -/-/-/-/-/- B 1 0/0 play"),
    ("", START, "A>D,A>E,+A", "+A costs 2 action points, and White has 1 action point left of its 5 action points "
                              "this turn", None),
    ("", START.replace("W 1", "B 1"), "qK>I,J>I", None, "Aw3/BQ/Cw3/Ib1q/Jb2/Lb3 -/-/-/-/-/- W 2 0/0 play"),
    ("", START.replace("W 1", "B 1"), "J>I,J>I,J>I,qK>I",
     "qK>I costs 3 action points, and Black has 1 action point left of its 7 action points this turn", None),
    # each puck once a turn, the queen once a turn
    ("", START, "A>D,D>E", "D>E: every White puck in D was already shot this turn (each puck once a turn)", None),
    # ... even after being pushed: the pushed pieces are the other pieces the shot moved
    ("", START, "C>C/wC>H,C>D", None, "Aw3/BQ/Cw1/Dw1/Hw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 1 0/0 play"),
    ("", TWO_IN_C, "C>C/wC>H,C>D", "C>D: every White puck in C was already shot this turn (each puck once a turn)",
     None),
    ("", ONE_IN_C, "C>C/wC>H", "C>C/wC>H: White has no other puck in C: a shot pushes other pieces than the "
                               "shooter and the piece hit, each written once", None),
    ("", START, "A>D/wD>E", "A>D/wD>E: White has no other puck in D: a shot pushes other pieces than the shooter "
                            "and the piece hit, each written once", None),
    ("", START, "A>D/wA>D/wA>E", None, "BQ/Cw3/Dw2/Ew1/Jb3/Kq/Lb3 -/-/-/-/-/- B 1 0/0 play"),
    ("", START, "A>D/wA>D/wA>E/wA>F", "A>D/wA>D/wA>E/wA>F: White has no other puck in A: a shot pushes other "
                                      "pieces than the shooter and the piece hit, each written once", None),
    ("", MID, "A>D/wD>E/wD>F", "A>D/wD>E/wD>F: White has no other puck in D: a shot pushes other pieces than the "
                               "shooter and the piece hit, each written once", None),
    ("", MID, "A>D/wD>E/wE>F", "A>D/wD>E/wE>F: White has no other puck in E: a shot pushes other pieces than the "
                               "shooter and the piece hit, each written once", None),
    ("", MID, "A>DxqK>I/bqK>L", "A>DxqK>I/bqK>L: Black's queen is the piece hit: where she went is written after "
                                "the hit, not as a push", None),
    ("", MID, "qB>D/wqB>A", "qB>D/wqB>A: White's queen is the shooter: write where she stopped after >, not as "
                            "pushed", None),
    ("", MID, "A>DxJ/bJ>I/bJ>I", None, "Aw2/BQ/Cw3/Dw2/Ib2/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", MID, "A>DxJ/bJ>I/bJ>I/bJ>I", "A>DxJ/bJ>I/bJ>I/bJ>I: Black has no other puck in J: a shot pushes other "
                                      "pieces than the shooter and the piece hit, each written once", None),
    # a shooter stopping where an own puck is pushed from is not the pushed one
    ("", PUSHED, "D>E/wE>F,F>G", None, "Aw3/BQ/Cw1/Ew1/Gw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", PUSHED, "E>E,D>E/wE>F,F>G", "F>G: every White puck in F was already shot this turn (each puck once a turn)",
     None),
    # a pushed puck from a zone holding shot and unshot pucks: either reading may be the one played
    ("", TWO_IN_E, "E>E,D>E/wE>F,F>G", None, "Aw3/BQ/Cw1/Ew2/Gw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", TWO_IN_E, "E>E,D>E/wE>F,E>H", None, "Aw3/BQ/Cw1/Ew1/Fw1/Hw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", TWO_IN_E, "E>E,D>E/wE>F,F>G,E>H", "E>H: every White puck in E was already shot this turn (each puck once a "
                                           "turn)", None),
    ("", START, "qB>D,qD>F", "qD>F: White's queen was already shot this turn (each piece once a turn)", None),
    ("", START, "F>G", "F>G: White has no puck in F", None),
    # creation
    ("", MID, "+D", None, "Aw3/BQ/Cw3/Dw2+w/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 1/0 play"),
    ("", MID, "+E", "+E: White did not capture E at the start of the turn (a puck is created on a captured zone, "
                    "or on one's own vital or base zone)", None),
    ("", MID, "+D,+D", "+D: the creation space of D holds White's puck, created there and not moved since: it must "
                       "be shot, hit or pushed before another creation there", None),
    ("", MID, "+D,cD>E,+D", None, "Aw3/BQ/Cw3/Dw2+w/Ew1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 2/0 play"),
    # a created puck blocks its space until the record shows it moved, even inside its zone
    ("", MID, "+D,cD>D,+D", None, "Aw3/BQ/Cw3/Dw3+w/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 2/0 play"),
    ("", MID, "+D,A>D/wcD>D,+D", None, "Aw2/BQ/Cw3/Dw4+w/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 2/0 play"),
    ("", MID, "+D,A>D,+D", "+D: the creation space of D holds White's puck, created there and not moved since: it "
                           "must be shot, hit or pushed before another creation there", None),
    ("sumo", "Aw3/BQ/Cw3/Db1+b/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", "A>DxcD", None,
     "Aw2/BQ/Cw3/Dw1b1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    # coordinates run from 0 to 100
    ("", MID, "A>E@0:100,A>E@100:0", None, "Aw1/BQ/Cw3/Dw1/Ew2/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", MID, "+D,D>E,D>F", "D>F: White's only puck in D stands on its creation space: write cD", None),
    ("", GREY, "+A", None, "Aw4b1+w/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 1/0 play"),
    ("", "Aw3/Cw3/Dw2/Fw1/Jw1b2/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play", "+J", None,
     "Aw3/Cw3/Dw2/Fw1/Jw1b3+b/Kq/Lb3 -/-/-/-/-/- W 3 0/1 play"),
    ("", "Aw3/Cw3/Dw2/Fw1/Jw1/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play", "+J",
     "+J: White controlled J at the start of the turn, so Black may not create there", None),
    ("", "Aw9/BQ/Cw2/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", "+A",
     "+A: White has no puck in reserve (all 11 are on the board)", None),
    # the queen's return
    ("", NO_QUEEN, "+A", None, "Aw3Q+Q/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", MID, "+qA", "+qA: White's queen is on the board: write +A to create a puck", None),
    # hits
    ("", MID, "A>DxJ", None, "Aw2/BQ/Cw3/Dw2/Jb2/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", MID, "A>DxJ>I", "A>DxJ>I: Black's puck in J is eliminated, the first opponent puck hit: it goes nowhere, "
                         "write xJ", None),
    ("", MID, "A>DxqK>I", None, "Aw2/BQ/Cw3/Dw2/Iq/Jb3/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", MID, "A>DxK", "A>DxK: Black has no puck in K", None),
    ("", MID, "A>DxJ/bJ>O/wA>E", None, "Aw1/BQ/Cw3/Dw2/Ew1/Jb1/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    # the grey zone
    ("", GREY, "A>AxA>D", None, "Aw2/BQ/Cw3/Dw1b1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", GREY, "A>DxJ>I", "A>DxJ>I: Black's puck in J is eliminated, the first opponent puck hit: it goes nowhere, "
                          "write xJ", None),
    # t'chako: hitting the queen wins
    ("", TCHAKO, "A>DxqI", None, "Aw2/BQ/Cw3/Dw2/Fw1/Jw1/Kw1/Lb3 -/-/-/-/-/- B 2 0/0 W:queen"),
    ("", TCHAKO, "A>DxqI>G", "A>DxqI>G: hitting Black's queen in t'chako wins the game: write no place for it", None),
    ("", TCHAKO, "A>DxqI,C>D", "C>D: the game ended with the previous action: White hit Black's queen while Black "
                               "was in t'chako", None),
    # t'chako without a queen loses
    ("", "Aw3/BQ/Cw3/Dw1/Fw1/Iq/Jw1b1/Kw1/Lb3 -/-/-/-/-/- W 2 0/0 play", "F>JxJ", None,
     "Aw3/BQ/Cw3/Dw1/Iq/Jw2/Kw1/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", "Aw3/BQ/Cw3/Dw1/Fw1/Iq/Jw1b1/Kw1/Lb3 -/-/-/-/-/- W 2 0/0 play", "D>DxqI>O", None,
     "Aw3/BQ/Cw3/Dw1/Fw1/Jw1b1/Kw1/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", "Aw3/BQ/Cw3/Dw1/Fw1/Jw1/Kw1/Lb3 -/-/-/-/-/- B 2 0/0 W:noqueen", "pass",
     "the game is over: Black was put in t'chako with its queen off the board", None),
    # elastics
    ("", MID, "~s>AD,~s>AF", None, "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 AD:AF/-/-/-/-/- B 2 0/0 play"),
    ("", MID, "~s>AD,~s>FJ", "~s>FJ: a short elastic spans two obstacles joined by a fine line, and AD and FJ are "
                             "not", None),
    ("", MID, "~l>AD,~l>CG", None, "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/AD:CG:CD/-/-/- B 2 0/0 play"),
    ("", MID, "~l>AD,~l>EJ", "~l>EJ: a long elastic spans two obstacles joined through a free third one by two fine "
                             "lines, and AD and EJ are not", None),
    # the long elastic's middle: the first free one, or the one written in brackets
    ("", MID, "~l>AD,~l>DF", None, "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/AD:DF:AF/-/-/- B 2 0/0 play"),
    ("", MID, "~l>AD,~l>DF(DE)", None, "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/AD:DF:DE/-/-/- B 2 0/0 play"),
    ("", MID, "~l>AD,~l>DF(CD)", "~l>DF(CD): CD cannot be the middle of a long elastic from AD to DF: the free "
                                 "obstacles joined to both by fine lines are AF and DE", None),
    ("", MID, "~s>AF,~l>AD,~l>DF(AF)", "~l>DF(AF): AF cannot be the middle of a long elastic from AD to DF: the "
                                       "free obstacle joined to both by fine lines is DE", None),
    ("", MID, "~s>AD,~s>AF(DE)", "~s>AF(DE): only a long elastic with both anchors placed has a middle obstacle",
     None),
    ("", MID, "~s>AD,~t>AD", "~t>AD: the obstacle AD already carries an elastic", None),
    ("", MID, "~s>AB", "~s>AB: there is no obstacle between A and B", None),
    ("", MID, "~s>AD,~sAD>DE", None, "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 DE:/-/-/-/-/- B 2 0/0 play"),
    ("", MID, "~s>AD,~s>AF,~s>DE", "~s>DE: both anchors of White's first short elastic are placed: name the one moved",
     None),
    # modes
    ("anarchy", "Aw3/Cw3/Dw1/Fw1/Jb1/Kw1/Lb3 -/-/-/-/-/- W 2 0/0 play", "F>JxJ", None,
     "Aw3/Cw3/Dw1/Jw1/Kw1/Lb3 -/-/-/-/-/- B 2 0/0 W:anarchy"),
    ("anarchy", "Aw3/Cw3/Dw1/Fw1/Jb3/Lb3 -/-/-/-/-/- W 2 0/0 play", "qB>D", "qB>D: there are no queens in anarchy",
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
    ("sudden death 2", "Aw3/BQ/Cw3/Jb1/Kq -/-/-/-/-/- W 2 2/2 play", "+A", "+A: White has created its 2 pucks "
                                                                             "(sudden death)", None),
    ("sudden death turns 4", "Aw3/BQ/Cw3/Jb1/Kq -/-/-/-/-/- W 5 2/2 play", "+A",
     "+A: no puck is created after turn 4 (sudden death)", None),
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
     "qB>A costs 2 action points, and White has 1 action point left of its 7 action points this turn", None),
    ("", MID, "^A>DxJ", "^A>DxJ: ^ announces a charged shot, which only the strategic shots mode has", None),
    ("supply depot", MID, "+A,+C", None, "Aw4+w/BQ/Cw4+w/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 2/0 play"),
    ("supply depot", MID, "+A,+C,+D", "+D costs 5 action points, and White has 0 action points left of its 7 action "
                                      "points this turn", None),
    ("carrisk", MID, "+A,+C,+D,+B,A>D", None, "Aw3+w/Bw1Q+w/Cw4+w/Dw3+w/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 4/0 play"),
    ("carrisk", MID, "+A,+C,+D,+B,A>D,D>E", "D>E costs 2 action points, and White has 1 action point left of its 7 "
                                            "action points this turn", None),
    ("sumo", MID, "A>DxJ", None, "Aw2/BQ/Cw3/Dw2/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("sumo", MID, "A>DxJ>O", None, "Aw2/BQ/Cw3/Dw2/Jb2/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    # sumo: leaving the board is the only way out, so a grey-zone incident costs the shooter nothing
    ("sumo", GREY, "A>AxA", None, "Aw3b1/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("sumo", GREY, "A>DxA>O", None, "Aw2/BQ/Cw3/Dw2/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    ("", GREY, "A>AxA", None, "Aw2b1/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 0/0 play"),
    # Carrisk: two free creations as the turn's first actions, on captured zones
    ("carrisk", MID, "+A,+C,A>D,A>D,C>D", None, "Aw2+w/BQ/Cw3+w/Dw4/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 2/0 play"),
    ("carrisk", MID, "A>D,+A,+C,+D", "+D costs 2 action points, and White has 1 action point left of its 7 action "
                                     "points this turn", None),
    ("carrisk", MID, "~s>AD,+A,+C,+D,+B", "+B costs 2 action points, and White has ½ action point left of its 7 "
                                          "action points this turn", None),
    ("carrisk", GREY, "+C,+D,+A,+B", None, "Aw4b1+w/Bw1Q+w/Cw4+w/Dw2+w/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 4/0 play"),
    ("carrisk", GREY, "+A,+C,+D,+B", "+B costs 2 action points, and White has 1 action point left of its 7 action "
                                     "points this turn", None),
]


@pytest.mark.parametrize("variant, code, text, reason, after", CASES)
def test_rule(variant, code, text, reason, after):
    game = TChako(variant)
    position = game.read_position(code)
    turn = game.read_turn(text)
    assert game.why_illegal(position, turn) == reason
    if reason is None:
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
    assert problems_of(record_) == [("E>FxcL: no Black puck stands on the creation space of L", 4, 27,
                                     "turn 2 White")]
    record_, replayed = checked(record("1. A>D,A>E J>I,qK>I 2. pass +K"))
    assert record_.problems == [] and replayed.outcome is None


def test_a_record_with_the_wrong_result():
    text = ('[Game "TChako"]\n[SetUp "1"]\n[Position "' + TCHAKO + '"]\n[Result "0-1"]\n\n2. A>DxqI 0-1\n')
    record_, replayed = checked(text)
    assert replayed.outcome.winner == 0
    assert problems_of(record_)[0][0].startswith("the result 0-1 contradicts the end: White hit Black's queen")
