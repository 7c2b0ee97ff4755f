"""Refusal and ending codes (docs/format.md#refusal-and-ending-codes): the words of every
code of every game, said once here from an example of its parameters (the rule tests
assert codes and parameters, never words); the codes' spelling; and the docs listing
each of them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ludoscribe.notation.games import Ending, Outcome, Refusal, Said, Worded, game_class
from ludoscribe.notation.games.staku import StakuRefusal
from ludoscribe.notation.games.tchako.actions import TChakoPiece, TChakoRefusal
from ludoscribe.notation.games.teblo import TebloRefusal
from ludoscribe.notation.games.tekao import TekaoRefusal
from ludoscribe.notation.games.tektop import TektopRefusal

DOCS = Path(__file__).resolve().parent.parent / "docs"
GAMES = {"Teblo": TebloRefusal, "Staku": StakuRefusal, "Tektop": TektopRefusal, "Tekao": TekaoRefusal,
         "TChako": TChakoRefusal}
KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

# (a refusal with example parameters, its sentence): at least one for every code of every game
REFUSALS = [
    (Refusal(TebloRefusal.NOT_ADJACENT, to="D5", side="Yellow", pawn="D3"),
     "D5 is not next to Yellow's pawn on D3: a pawn steps to an orthogonally adjacent square"),
    (Refusal(TebloRefusal.OPPONENT_PIECE, to="D4", opponent="Red"),
     "D4 holds a Red support piece: a pawn never steps onto the opponent's pieces"),
    (Refusal(TebloRefusal.OPPONENT_PAWN, to="E6", opponent="Red"),
     "E6 holds Red's pawn: only the opponent's base may be entered while a pawn stands there (rule d)"),
    (Refusal(TebloRefusal.NO_PIECES_LEFT, side="Yellow", pieces=25),
     "Yellow has no support pieces left in hand (each side has 25)"),
    (Refusal(TebloRefusal.ON_BASE, on="D3"), "D3 is a base square: support pieces never go on a base"),
    (Refusal(TebloRefusal.ON_PAWN, on="E5", owner="Yellow"), "E5 holds Yellow's pawn: a piece goes on an empty square"),
    (Refusal(TebloRefusal.ON_PIECE, on="E5", owner="Yellow"), "E5 already holds a Yellow support piece"),
    (Refusal(TebloRefusal.CUTS_BASE, on="I11", opponent="Red", base_of="Yellow", base="D3"),
     "(I11) would cut Red's pawn off from Yellow's base D3 (rule c)"),
    (Refusal(StakuRefusal.EMPTY, cell="c4"), "c4 is empty: there is nothing to move"),
    (Refusal(StakuRefusal.NEUTRAL_ONLY, cell="d4"), "d4 holds only neutral tokens, which never move on their own"),
    (Refusal(StakuRefusal.OPPONENT_TOP, cell="f2", opponent="Black", side="White"),
     "f2 has a Black token on top: White moves only stacks topped by a White token"),
    (Refusal(StakuRefusal.TOO_FEW, move="c3*c6", count=3, cell="c3", height=2), "c3*c6 moves 3 tokens but c3 holds only 2"),
    (Refusal(StakuRefusal.NOWHERE, move="c3-c3"), "c3-c3 goes nowhere: a move ends on another cell"),
    (Refusal(StakuRefusal.NOT_STRAIGHT, to="d5", cell="c3"),
     "d5 is not in a straight line from c3: a group moves straight across cell sides"),
    (Refusal(StakuRefusal.TOO_FAR, to="c5", distance=2, cell="c3", count=1),
     "c5 is 2 cells from c3: a group of 1 token moves 1 cell"),
    (Refusal(StakuRefusal.IN_THE_WAY, between="d3", move="c3*e4"),
     "d3 is in the way of c3*e4: a group passes over empty cells only"),
    (Refusal(StakuRefusal.CAPTURE_ON_EMPTY, move="c3-xc4", to="c4"), "c3-xc4 marks a capture, but c4 is empty"),
    (Refusal(StakuRefusal.CAPTURE_NO_OPPONENT, move="c3-xd3", to="d3", opponent="Black"),
     "c3-xd3 marks a capture, but d3 has no Black token on top"),
    (Refusal(StakuRefusal.STACK_TOO_HIGH, move="c3+d3", height=4, to="d3", limit=3),
     "c3+d3 would make a stack of 4 on d3: stacks hold at most 3 tokens"),
    (Refusal(StakuRefusal.NEUTRAL_ABOVE, move="c3+c4", side="White", to="c4"),
     "c3+c4 would put a neutral token above a White token on c4: neutrals stay at the bottom of a stack"),
    (Refusal(StakuRefusal.AFTER_WIN, move="f1+g1", opponent="Black", palace="g1"),
     "f1+g1 already wins on Black's palace g1: no second move follows a winning move"),
    (Refusal(StakuRefusal.NO_SECOND, move="c3-d3"),
     "no second move after c3-d3: a second move follows only a stacking or a move of 2 or 3 tokens"),
    (Refusal(StakuRefusal.SECOND_WHOLE_STACK, cell="d3", height=3),
     "after stacking on d3, the second move takes the whole stack of 3 from d3"),
    (Refusal(StakuRefusal.SECOND_UNSTACKS, move="c3+c5", cell="c5", height=2),
     "after c3+c5 the second move only unstacks c5: its top token"),
    (Refusal(TektopRefusal.TOO_MANY_STEPS, throw="2256", points=1, steps=2),
     "the throw 2256 scores 1 point: at most 1 step, not 2"),
    (Refusal(TektopRefusal.AFTER_SECOND_HOME, step="b3-a4", side="White"),
     "b3-a4: the game ended when White's second pawn reached the summit: no step may follow"),
    (Refusal(TektopRefusal.ZERO_ONE_STEP, throw="1356", steps=2),
     "the throw 1356 scores 0 points: its only step takes one pawn down a level, not 2 steps"),
    (Refusal(TektopRefusal.ZERO_MUST_DESCEND, throw="1356", side="White", example="c3-a2"),
     "the throw 1356 scores 0 points: White must take one pawn down a level, as in c3-a2"),
    (Refusal(TektopRefusal.OPPONENT_PAWN, step="e2-d2", cell="e2", opponent="Black", side="White"),
     "e2-d2: e2 holds a Black pawn: White moves only its own pawns"),
    (Refusal(TektopRefusal.NO_PAWN, step="e1-d2", cell="e1"), "e1-d2: there is no pawn on e1"),
    (Refusal(TektopRefusal.FROZEN, step="c3-c4", side="Black", cell="c3", level=1),
     "c3-c4: Black's pawn on c3 is frozen: Black has no pawn on level 1 below it, and pawns above an empty level "
     "cannot move until it is filled again"),
    (Refusal(TektopRefusal.OPENS_GAP, step="a2-a3", side="White", level=1),
     "a2-a3 would leave White no pawn on level 1, between its pawns below and above it: a player may not open an empty "
     "level among its pawns"),
    (Refusal(TektopRefusal.DIAGONAL, step="a1-b2"),
     "a1-b2 is a diagonal step: the orthogonal variant allows only the 4 orthogonal neighbours"),
    (Refusal(TektopRefusal.NOT_NEXT, step="a1-a3", to="a3", cell="a1", neighbours=8),
     "a1-a3: a3 is not next to a1 (a step goes to one of its 8 neighbouring squares)"),
    (Refusal(TektopRefusal.CLIMB_ONTO_PAWN, step="a1-a2", to="a2"),
     "a1-a2: a2 is occupied, and a pawn climbs a level only onto an empty square"),
    (Refusal(TektopRefusal.DESCEND_ONTO_PAWN, step="a2-a1", to="a1"),
     "a2-a1: a1 is occupied, and a pawn goes down a level only onto an empty square"),
    (Refusal(TektopRefusal.FALL_NAMED_ON_EMPTY, step="a2-a1>b1", to="a1", cell="a2"),
     "a2-a1>b1 names a square for a displaced pawn, but a1 is empty: write a2-a1"),
    (Refusal(TektopRefusal.DISPLACE_ON_LEVEL_0, step="a1-b1", to="b1"),
     "a1-b1: b1 is occupied and on level 0, where nobody can be displaced (there is no level below)"),
    (Refusal(TektopRefusal.NO_FALL_SQUARE, step="a4-b4", to="b4", level=2, owner="Black"),
     "a4-b4: b4 is occupied and level 2 has no empty square for Black's pawn to go down to"),
    (Refusal(TektopRefusal.FALL_CHOICE, step="c2-d2", owner="Black", to="d2", choices=["d1", "e2"], example="d1"),
     "c2-d2 displaces Black's pawn on d2, which may go to d1 or e2: write the choice, as in c2-d2>d1"),
    (Refusal(TektopRefusal.WRONG_FALL, step="a2-b2>e1", owner="Black", to="b2", choices=["b1"], best=0, level=0, fall="e1"),
     "a2-b2>e1: Black's pawn displaced from b2 goes to b1 (an empty orthogonal neighbour of b2 on level 0), not e1"),
    (Refusal(TektopRefusal.ZERO_NOT_DOWN, step="a1-a2", to="a2", to_level=1, cell="a1", level=0),
     "a1-a2: with 0 points the only step takes a pawn down one level, and a2 is on level 1, a1 on level 0"),
    (Refusal(TektopRefusal.ZERO_ONTO_PAWN, step="c3-b2", to="b2"),
     "c3-b2: b2 is occupied, and the pawn going down needs an empty square"),
    (Refusal(TektopRefusal.ZERO_DISPLACES, step="c3-a2>a1", to="a2", cell="c3"),
     "c3-a2>a1: a pawn going down displaces nobody: write c3-a2"),
    (Refusal(TekaoRefusal.STILL_PLACING, side="Blue"),
     "Blue still has pieces to place: until the setup is over a turn places one, as in P@c2"),
    (Refusal(TekaoRefusal.NO_PIECE, cell="d3"), "there is no piece on d3"),
    (Refusal(TekaoRefusal.OPPONENT_PIECE, cell="e5", opponent="Yellow", side="Blue"),
     "the piece on e5 is Yellow's: Blue acts with its own pieces"),
    (Refusal(TekaoRefusal.STREAK, cell="d5", side="Blue", limit=3),
     "the piece on d5 acted on Blue's last 3 turns: one piece acts on at most 3 turns in a row"),
    (Refusal(TekaoRefusal.ALL_PLACED, side="Blue"),
     "Blue has placed all its pieces: now a turn moves a piece (b2-b4) or turns it (b2> or b2<)"),
    (Refusal(TekaoRefusal.OUTSIDE_ZONE, on="a3", side="Blue", ranks=("1", "2")),
     "a3 is outside Blue's start zone: Blue places its pieces on ranks 1 and 2"),
    (Refusal(TekaoRefusal.PLACE_NOT_EMPTY, on="c2"), "c2 is not empty: a piece is placed on an empty square"),
    (Refusal(TekaoRefusal.FLAG_PLACED, side="Blue"),
     "Blue's flag piece is already placed: the others go with a weapon facing north (H, T, B or P)"),
    (Refusal(TekaoRefusal.ONLY_FLAG_LEFT, side="Blue", on="a1"), "Blue has only its flag piece left to place: F@a1"),
    (Refusal(TekaoRefusal.NOT_STRAIGHT, step="d4-e5"),
     "d4-e5 is not along a file or a rank: a piece steps north, east, south or west"),
    (Refusal(TekaoRefusal.OUT_OF_RANGE, step="c4-a4", distance=2, direction="west", cell="c4", weapon="Tower", most=1),
     "c4-a4 goes 2 squares west, but the piece on c4 shows its Tower that way, which moves at most 1 square"),
    (Refusal(TekaoRefusal.PASSES_OVER, step="d4-d7", between="d6"),
     "d4-d7 passes over d6, which is not empty: a piece moves through empty squares only"),
    (Refusal(TekaoRefusal.STEP_NOT_EMPTY, to="d6"), "d6 is not empty: a piece steps onto an empty square only"),
    (Refusal(TekaoRefusal.CAPTURES_TAKE_NOTHING, turn="d3-d4xd5", right="d3-d4"),
     "the capture marks of d3-d4xd5 are wrong: the fight takes nothing (d3-d4)"),
    (Refusal(TekaoRefusal.WRONG_CAPTURES, turn="c5-b5xa5", taken=["b4"], right="c5-b5xb4"),
     "the capture marks of c5-b5xa5 are wrong: the moved piece takes b4 (c5-b5xb4)"),
    (Refusal(TekaoRefusal.WRONG_CAPTURES_FALLS, turn="d3-d4xd5", taken=[], to="d4", right="d3-d4xd4"),
     "the capture marks of d3-d4xd5 are wrong: the moved piece takes nothing, then falls on d4 (d3-d4xd4)"),
    (Refusal(TChakoRefusal.GAME_OVER, ending=Outcome(0, Ending.NO_QUEEN, {"side": "White", "opponent": "Black"})),
     "the game is over: Black was put in t'chako with its queen off the board"),
    (Refusal(TChakoRefusal.ENDED_BEFORE, action="C>D", ending=Outcome(0, Ending.QUEEN_HIT, {"side": "White",
     "opponent": "Black"})),
     "C>D: the game ended with the previous action: White hit Black's queen while Black was in t'chako"),
    (Refusal(TChakoRefusal.OVER_BUDGET, action="+A", cost=4, side="White", left=2, budget=10),
     "+A costs 2 action points, and White has 1 action point left of its 5 action points this turn"),
    (Refusal(TChakoRefusal.NO_QUEENS, action="qB>D"), "qB>D: there are no queens in anarchy"),
    (Refusal(TChakoRefusal.QUEEN_OFF_BOARD, action="qH>IxL", side="Black", zone="H"),
     "qH>IxL: Black's queen is off the board, not in H"),
    (Refusal(TChakoRefusal.QUEEN_ELSEWHERE, action="qB>C", side="Black", at="K", zone="B"),
     "qB>C: Black's queen is in K, not in B"),
    (Refusal(TChakoRefusal.NO_CREATED_PUCK, action="cB>B", side="Black", zone="B"),
     "cB>B: no Black puck stands on the creation space of B"),
    (Refusal(TChakoRefusal.ONLY_CREATED_PUCK, action="D>F", side="White", zone="D"),
     "D>F: White's only puck in D stands on its creation space: write cD"),
    (Refusal(TChakoRefusal.NO_PUCK, action="F>G", side="White", zone="F"), "F>G: White has no puck in F"),
    (Refusal(TChakoRefusal.QUEEN_SHOT_TWICE, action="qD>F", side="White"),
     "qD>F: White's queen was already shot this turn (each piece once a turn)"),
    (Refusal(TChakoRefusal.PUCKS_SHOT, action="D>E", side="White", zone="D"),
     "D>E: every White puck in D was already shot this turn (each puck once a turn)"),
    (Refusal(TChakoRefusal.CHARGED_SHOT, action="^A>DxJ"),
     "^A>DxJ: ^ announces a charged shot, which only the strategic shots mode has"),
    (Refusal(TChakoRefusal.QUEEN_HIT_PLACED, action="A>DxqI>G", hit=Said(TChakoPiece.QUEEN, side="Black")),
     "A>DxqI>G: hitting Black's queen in t'chako wins the game: write no place for it"),
    (Refusal(TChakoRefusal.HIT_ELIMINATED, action="A>DxJ>I", hit=Said(TChakoPiece.PUCK, side="Black", zone="J"), write="xJ"),
     "A>DxJ>I: Black's puck in J is eliminated, the first opponent puck hit: it goes nowhere, write xJ"),
    (Refusal(TChakoRefusal.SHOOTER_PUSHED, action="qB>D/wqB>A", side="White"),
     "qB>D/wqB>A: White's queen is the shooter: write where she stopped after >, not as pushed"),
    (Refusal(TChakoRefusal.HIT_PUSHED, action="A>DxqK>I/bqK>L", side="Black"),
     "A>DxqK>I/bqK>L: Black's queen is the piece hit: where she went is written after the hit, not as a push"),
    (Refusal(TChakoRefusal.PUSHED_MISSING, action="C>C/wC>H", missing=Refusal(TChakoRefusal.NO_OTHER_PUCK,
     action="C>C/wC>H", side="White", zone="C")),
     "C>C/wC>H: White has no other puck in C: a shot pushes other pieces than the shooter and the piece hit, each "
     "written once"),
    (Refusal(TChakoRefusal.OPPONENT_CONTROLLED, action="+J", opponent="White", zone="J", side="Black"),
     "+J: White controlled J at the start of the turn, so Black may not create there"),
    (Refusal(TChakoRefusal.NOT_CAPTURED, action="+E", side="White", zone="E"),
     "+E: White did not capture E at the start of the turn (a puck is created on a captured zone, or on one's own "
     "vital or base zone)"),
    (Refusal(TChakoRefusal.CREATION_SPACE_HELD, action="+D", zone="D", holder=Said(TChakoPiece.CREATED_PUCK, side="White")),
     "+D: the creation space of D holds White's puck, created there and not moved since: it must be shot, hit or "
     "pushed before another creation there"),
    (Refusal(TChakoRefusal.QUEEN_ON_BOARD, action="+qA", side="White", zone="A"),
     "+qA: White's queen is on the board: write +A to create a puck"),
    (Refusal(TChakoRefusal.NO_RESERVE, action="+A", side="White", pucks=11),
     "+A: White has no puck in reserve (all 11 are on the board)"),
    (Refusal(TChakoRefusal.CREATED_ALL, action="+A", side="White", limit=2), "+A: White has created its 2 pucks (sudden death)"),
    (Refusal(TChakoRefusal.CREATION_TOO_LATE, action="+A", turn=4), "+A: no puck is created after turn 4 (sudden death)"),
    (Refusal(TChakoRefusal.NO_OBSTACLE, action="~s>AB", first="A", second="B"), "~s>AB: there is no obstacle between A and B"),
    (Refusal(TChakoRefusal.NAME_ANCHOR, action="~s>DE", side="White", elastic=0),
     "~s>DE: both anchors of White's first short elastic are placed: name the one moved"),
    (Refusal(TChakoRefusal.NO_ANCHOR, action="~lFG>DF", side="White", elastic=2, obstacle="FG"),
     "~lFG>DF: White's long elastic has no anchor on FG"),
    (Refusal(TChakoRefusal.OBSTACLE_BUSY, action="~t>AD", obstacle="AD"), "~t>AD: the obstacle AD already carries an elastic"),
    (Refusal(TChakoRefusal.SHORT_NOT_JOINED, action="~s>FJ", kept="AD", to="FJ"),
     "~s>FJ: a short elastic spans two obstacles joined by a fine line, and AD and FJ are not"),
    (Refusal(TChakoRefusal.LONG_NOT_JOINED, action="~l>EJ", kept="AD", to="EJ"),
     "~l>EJ: a long elastic spans two obstacles joined through a free third one by two fine lines, and AD and EJ are "
     "not"),
    (Refusal(TChakoRefusal.WRONG_MIDDLE, action="~l>DF(CD)", middle="CD", kept="AD", to="DF", middles=["AF", "DE"]),
     "~l>DF(CD): CD cannot be the middle of a long elastic from AD to DF: the free obstacles joined to both by fine "
     "lines are AF and DE"),
    (Refusal(TChakoRefusal.MIDDLE_NOT_LONG, action="~s>AF(DE)"),
     "~s>AF(DE): only a long elastic with both anchors placed has a middle obstacle"),
    (Refusal(TektopRefusal.GAME_OVER, ending=Outcome(0, Ending.HOME_FIRST, {"side": "White", "opponent": "Black"})),
     "the game is over: White brought its second pawn home, and Black did not bring its second home in its last turn"),
    (Refusal(TChakoRefusal.MARK_DURING, ending=Outcome(0, Ending.QUEEN_HIT, {"side": "White", "opponent": "Black"})),
     "#: the game ended during this turn, not at the start of the next one: White hit Black's queen while Black was in "
     "t'chako"),
    (Refusal(TChakoRefusal.MARK_NOT_DECIDED, side="Black", number=2),
     "#: the game is not decided at the start of Black's turn 2: # marks a game that ends as the next turn begins"),
    (Refusal(TChakoRefusal.NO_OTHER_PUCK, action="C>C/wC>H", side="White", zone="C"), "C>C/wC>H: White has no other puck in C"),
    (Refusal(TChakoRefusal.NOTHING_HIT, action="A>D"), "A>D: a place for the piece hit, but no piece hit"),
    (Refusal(TChakoRefusal.OVER_BUDGET, action="+B", cost=4, side="White", left=1, budget=14),
     "+B costs 2 action points, and White has ½ action point left of its 7 action points this turn"),
    (Refusal(StakuRefusal.STACK_TOO_HIGH, move="a2-b2", height=3, to="b2", limit=2),
     "a2-b2 would make a stack of 3 on b2: stacks hold at most 2 tokens in Staku-2"),
    (Refusal(StakuRefusal.SECOND_UNSTACKS, move="c3*c5", cell="c5", height=3),
     "after c3*c5 the second move only unstacks c5: its top 1 or 2 tokens"),
    (Refusal(TektopRefusal.NOT_NEXT, step="a1-a3", to="a3", cell="a1", neighbours=4),
     "a1-a3: a3 is not next to a1 (a step goes to one of its 4 orthogonal neighbours)"),
    (Refusal(TektopRefusal.WRONG_FALL, step="b2-c2>a1", owner="White", to="c2", choices=["b1", "d1"], best=1, level=0, fall="a1"),
     "b2-c2>a1: White's pawn displaced from c2 goes to b1 or d1 (an empty diagonal neighbour of c2 on level 0), not a1"),
    (Refusal(TektopRefusal.WRONG_FALL, step="b3-c3>e1", owner="White", to="c3", choices=["a1", "b1"], best=2, level=1, fall="e1"),
     "b3-c3>e1: White's pawn displaced from c3 goes to a1 or b1 (an empty square of level 1), not e1"),
    (Refusal(TChakoRefusal.WRONG_MIDDLE, action="~l>DF(AF)", middle="AF", kept="AD", to="DF", middles=["DE"]),
     "~l>DF(AF): AF cannot be the middle of a long elastic from AD to DF: the free obstacle joined to both by fine lines "
     "is DE"),
]

# (an end with example parameters, its sentence): at least one for every Ending
ENDINGS = [
    (Outcome(0, Ending.BASE_REACHED, {"side": "Yellow", "opponent": "Red", "base": "I10"}),
     "Yellow's pawn reached Red's base I10"),
    (Outcome(None, Ending.REPETITION, {"turns": ["H9", "E6", "H8", "E5"]}),
     "the turns H9 E6 H8 E5 were played three times in a row"),
    (Outcome(0, Ending.NO_LEGAL_TURN, {"side": "Red"}), "Red has no legal turn"),
    (Outcome(0, Ending.PALACE_TAKEN, {"side": "White", "opponent": "Black", "palace": "g1"}), "White took Black's palace g1"),
    (Outcome(None, Ending.NO_CAPTURE, {"turns": 20}), "20 turns in a row without a capture"),
    (Outcome(0, Ending.NO_LEGAL_MOVE, {"side": "Black"}), "Black has no legal move"),
    (Outcome(1, Ending.HOME, {"side": "Black"}), "Black brought its second pawn home"),
    (Outcome(1, Ending.HOME_LAST_TURN, {"side": "White", "opponent": "Black"}),
     "White brought its second pawn home first, but Black brought its second home in its last turn"),
    (Outcome(0, Ending.HOME_FIRST, {"side": "White", "opponent": "Black"}),
     "White brought its second pawn home, and Black did not bring its second home in its last turn"),
    (Outcome(0, Ending.FLAG_TAKEN, {"side": "Blue", "opponent": "Yellow"}), "Blue took Yellow's flag"),
    (Outcome(1, Ending.NO_LEGAL_ACTION, {"side": "Blue"}), "Blue has no legal action"),
    (Outcome(0, Ending.QUEEN_HIT, {"side": "White", "opponent": "Black"}),
     "White hit Black's queen while Black was in t'chako"),
    (Outcome(0, Ending.NO_QUEEN, {"side": "White", "opponent": "Black"}),
     "Black was put in t'chako with its queen off the board"),
    (Outcome(1, Ending.ANARCHY, {"side": "Black", "opponent": "White"}),
     "Black linked a chain of zones to White's vital zone and controls it (anarchy)"),
    (Outcome(0, Ending.HILL, {"side": "White", "opponent": "Black", "zones": ["F, G", "E"]}),
     "White holds F, G and E (king of the hill)"),
    (Outcome(0, Ending.LEAD, {"side": "White", "opponent": "Black", "pucks": 3}),
     "White has 3 pucks more than Black (demographic victory)"),
    (Outcome(1, Ending.TOTAL, {"side": "Black", "opponent": "White", "pucks": 9}),
     "Black has 9 pucks on the board (demographic victory)"),
    (Outcome(0, Ending.SUDDEN_DEATH, {"side": "White", "opponent": "Black"}),
     "Black has no puck left and may create no more (sudden death)"),
    (Outcome(0, Ending.COUNTDOWN_ZONES, {"side": "White", "opponent": "Black"}),
     "the countdown is over and White captures more zones"),
    (Outcome(1, Ending.COUNTDOWN_PUCKS, {"side": "Black", "opponent": "White"}),
     "the countdown is over, both capture as many zones, and Black has more pucks on the board"),
    (Outcome(None, Ending.COUNTDOWN_TIE),
     "the countdown is over with as many zones and pucks each: the players decide by the pucks nearest the "
     "opponent's vital zone"),
    (Outcome(1, Ending.RECORDED, {"termination": "resignation"}), "resignation"),
    (Outcome(None, Ending.RESULT_RECORDED), "the result recorded"),
]


GENERAL = {  # the words `stats` counts each ending's games in (docs/archive.md#figures-stats)
    Ending.BASE_REACHED: "the winner's pawn reached the loser's base",
    Ending.REPETITION: "the same turns played three times in a row",
    Ending.NO_LEGAL_TURN: "the loser has no legal turn",
    Ending.PALACE_TAKEN: "the winner took the loser's palace",
    Ending.NO_CAPTURE: "the limit of turns in a row without a capture",
    Ending.NO_LEGAL_MOVE: "the loser has no legal move",
    Ending.HOME: "the winner brought its second pawn home",
    Ending.HOME_LAST_TURN: "the loser brought its second pawn home first, but the winner brought its second home "
        "in its last turn",
    Ending.HOME_FIRST: "the winner brought its second pawn home, and the loser did not bring its second home in "
        "its last turn",
    Ending.FLAG_TAKEN: "the winner took the loser's flag",
    Ending.NO_LEGAL_ACTION: "the loser has no legal action",
    Ending.QUEEN_HIT: "the winner hit the loser's queen while the loser was in t'chako",
    Ending.NO_QUEEN: "the loser was put in t'chako with its queen off the board",
    Ending.ANARCHY: "the winner linked a chain of zones to the loser's vital zone and controls it (anarchy)",
    Ending.HILL: "the winner holds the zones of a hill (king of the hill)",
    Ending.LEAD: "the winner leads by the pucks the variant sets (demographic victory)",
    Ending.TOTAL: "the winner has as many pucks on the board as the variant sets (demographic victory)",
    Ending.SUDDEN_DEATH: "the loser has no puck left and may create no more (sudden death)",
    Ending.COUNTDOWN_ZONES: "the countdown is over and the winner captures more zones",
    Ending.COUNTDOWN_PUCKS: "the countdown is over, both capture as many zones, and the winner has more pucks on "
        "the board",
    Ending.COUNTDOWN_TIE: "the countdown is over with as many zones and pucks each",
    Ending.RECORDED: "decided by the players (the Termination tag says how)",
    Ending.RESULT_RECORDED: "decided by the players (no Termination tag)",
}


@pytest.mark.parametrize("refusal, sentence", REFUSALS, ids=lambda value: str(getattr(value, "code", "")))
def test_each_refusal_is_said_from_its_code_and_parameters(refusal, sentence):
    assert refusal.sentence == str(refusal) == sentence


def test_every_refusal_code_of_every_game_has_its_words_tested():
    said = {(type(refusal.code), refusal.code) for refusal, _ in REFUSALS}
    assert {(codes, code) for codes in GAMES.values() for code in codes} <= said


@pytest.mark.parametrize("outcome, sentence", ENDINGS, ids=lambda value: str(getattr(value, "ending", "")))
def test_each_ending_is_said_from_its_code_and_parameters(outcome, sentence):
    assert outcome.reason == str(outcome) == sentence


def test_every_ending_has_its_words_tested():
    assert {outcome.ending for outcome, _ in ENDINGS} == set(Ending)


def test_every_ending_has_general_words_without_its_particulars():
    assert {code: code.general for code in Ending} == GENERAL
    assert not any("{" in words for words in GENERAL.values())


def test_a_code_without_general_words_is_counted_in_its_code():
    class Own(Worded):
        SOLVED = "solved", "{side} solved it"

    assert Own.SOLVED.general == "solved"


@pytest.mark.parametrize("name", GAMES)
def test_a_game_names_its_refusal_codes(name):
    codes = game_class(name).refusal_codes
    assert codes is GAMES[name]
    assert [code.name for code in codes] == [code.value.upper().replace("-", "_") for code in codes]
    assert all(KEBAB.fullmatch(code) for code in codes)


def test_a_code_is_its_text_and_said_things_compare_by_code_and_parameters():
    refusal = Refusal(TebloRefusal.ON_BASE, on="D3")
    assert TebloRefusal("on-base") is TebloRefusal.ON_BASE and TebloRefusal.ON_BASE == "on-base"
    assert str(TebloRefusal.ON_BASE) == "on-base" and f"{Ending.HOME}" == "home"
    assert refusal == Refusal(TebloRefusal.ON_BASE, on="D3") != Refusal(TebloRefusal.ON_BASE, on="I10")
    assert Refusal(TektopRefusal.GAME_OVER) != Refusal(TChakoRefusal.GAME_OVER)  # the same text, two games' codes
    assert refusal.as_json() == {"code": "on-base", "on": "D3"}
    nested = Refusal(TChakoRefusal.QUEEN_HIT_PLACED, action="A>DxqI>G", hit=Said(TChakoPiece.QUEEN, side="Black"))
    assert nested.as_json() == {"code": "queen-hit-placed", "action": "A>DxqI>G", "hit": {"code": "queen", "side": "Black"}}
    over = Refusal(TektopRefusal.GAME_OVER, ending=Outcome(1, Ending.HOME, {"side": "Black"}))
    assert over.as_json() == {"code": "game-over", "ending": {"code": "home", "side": "Black"}}
    assert eval(repr(nested)) == nested and eval(repr(over)) == over  # a repr is the code that makes it


@pytest.mark.parametrize("name, page", [("Teblo", "teblo"), ("Staku", "staku"), ("Tektop", "tektop"),
                                        ("Tekao", "tekao"), ("TChako", "tchako")])
def test_each_game_page_lists_its_refusal_codes_in_order(name, page):
    text = (DOCS / "games" / f"{page}.md").read_text(encoding="utf-8")
    section = text[text.index("## Refusal codes"):]
    section = section[:section.index("\n## ")] if "\n## " in section else section
    listed = re.findall(r"^\| `([a-z0-9-]+)` \|", section, re.M)
    assert listed == [code.value for code in GAMES[name]]


def test_the_format_lists_every_ending_in_order():
    text = (DOCS / "format.md").read_text(encoding="utf-8")
    section = text[text.index("### Ending codes"):]
    section = section[:re.search(r"\n##+ ", section).start()]  # up to the next heading
    assert re.findall(r"^\| `([a-z0-9-]+)` \|", section, re.M) == [ending.value for ending in Ending]


def test_check_json_gives_the_refusal_and_the_ending_beside_the_problem_code(tmp_path):
    from click.testing import CliRunner

    from ludoscribe.cli.main import cli

    (tmp_path / "game.tgn").write_text(
        '[Game "Teblo"]\n[Result "*"]\n\n1. D5 *\n\n'
        '[Game "Teblo"]\n[SetUp "1"]\n[Position "12/12/12/12/12/12/12/12/12/12/12/12 I9 I10 Y 20"]\n[Result "0-1"]\n\n'
        '20. I10 H10 0-1\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(tmp_path / "game.tgn"), "--json"])
    found = [{key: value for key, value in problem.items() if key in ("code", "refusal", "ending")}
             for problem in json.loads(result.output)["problems"]]
    reached = {"code": "base-reached", "side": "Yellow", "opponent": "Red", "base": "I10"}
    assert found == [{"code": "illegal-turn", "refusal": {"code": "not-adjacent", "to": "D5", "side": "Yellow", "pawn": "D3"}},
                     {"code": "game-over", "ending": reached},
                     {"code": "result-contradicts", "ending": reached}]
    text = CliRunner().invoke(cli, ["check", str(tmp_path / "game.tgn")]).output  # the text output: words only
    assert "not-adjacent" not in text and "base-reached" not in text
