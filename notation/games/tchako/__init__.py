"""T'Chako: pucks are flicked across twelve zones; the record states what each action did.

No program can replay a flick, so a turn lists its actions with their outcomes (where
a shot puck stopped, the first opponent puck it hit, every puck it pushed) and the
engine checks what the rules decide: action points, which pieces may be shot or
created, which hits eliminate, control and capture, t'chako and the winner
(docs/games/tchako.md).

The rules class below ties together the modules of this package: board (the board as
data), zones (zones as bits: control and capture), turns (turns and their text),
position (positions and their code), modes (the Variant's modes), actions and play (a
turn played), random_turns (turns made up), entry (turns entered by tapping).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator

from . import position as tchako_position, random_turns
from ...languages import game_word
from ..base import Cells, Game, History, Match, Outcome, Played
from .modes import Modes, numbered_modes
from .actions import TChakoRefusal
from .play import play_turn
from .position import SIDES, TChakoPosition, TChakoSetUp, end_outcome, zone_text
from .turns import ACTION, Turn, turn_of, write_turn
from .zones import ZONE
from ..plugins import GamePlugin
from .entry import Actions


class TChako(Game[TChakoPosition, Turn]):
    name = "TChako"
    number_field = 3  # zones, elastics, side, number, made, end
    sides = SIDES
    # the Variant tag's words, said in a reader's language where a page or a table names the rules a
    # record plays by (notation/archive/stats.py `rules_in`); N stands for the mode's number
    options = frozenset({game_word("anarchy"), game_word("king of the hill"), game_word("king of the hill line"),
                         game_word("king of the hill diamond"), game_word("demographic N"),
                         game_word("demographic total N"), game_word("sudden death N"),
                         game_word("sudden death turns N"), game_word("countdown N"), game_word("strategic shots"),
                         game_word("supply depot"), game_word("carrisk"), game_word("sumo"),
                         game_word("triangle elastics"), game_word("hourglass")})
    # a zone's pieces: pucks of each colour besides the queens, the queens, then the creation space's
    refusal_codes = TChakoRefusal
    set_up_codes = TChakoSetUp
    every_turn_listed = False  # a shot's outcomes are the players' hands: legal_turns lists a few
    cell_contents = r"(?=.)(?:w[1-9][0-9]*)?(?:b[1-9][0-9]*)?Q?q?(?:\+[wbQq])?"
    turn_example = game_word("actions joined by commas: F>G (a puck from F stops in G), F>GxI (hitting the opponent's "
                             "puck in I), F>GxqK>J/wG>H (pushing the queen to J and a White puck to H), +A (creation), "
                             "~s>AD (an elastic's anchor), or pass")
    turn_rules = rf'''
# A T'Chako turn: "pass", or its actions joined by ",": a shot F>G (from F, stopping in G or
# O off the board; ^ announces a charged shot; q the queen, c the puck on the creation
# space), its first opponent piece hit xI (>J where it went when not eliminated) and each
# other piece pushed /wG>H; a creation +A (+qA: the queen's return); an elastic's anchor
# ~sAD>DE, and for the long one its middle obstacle may follow: ~l>CG(CD). A place may carry
# coordinates in percent of the board, 0 to 100: G@40:55. A "#" after the turn (glued, or
# after spaces on the same line) marks a game decided at the start of the next turn.
turn            = ~r"(?:pass|(?P<actions>{ACTION}(?:,{ACTION})*))(?:[ \t]*(?P<decided>\#))?(?=[\s!?)$;{{]|$)\s*"
'''

    def __init__(self, variant: str = "") -> None:
        values, options = numbered_modes(variant)
        super().__init__(options)
        self.variant |= {f"{name} {value}" for name, value in values.items()}
        self.modes = Modes.chosen(self.variant, values)

    # --- positions -------------------------------------------------------------------------
    def start_position(self) -> TChakoPosition:
        return tchako_position.start_position(self.modes)

    def position_code(self, position: TChakoPosition) -> str:
        return tchako_position.position_code(position)

    def read_position(self, code: str) -> TChakoPosition:
        return tchako_position.read_position(code, self.modes)

    def cells(self, position: TChakoPosition) -> Cells:
        """What each zone holds, as the code writes it after the zone's letter: w2b1Q+w is two
        White pucks, one Black puck and White's queen, a White puck on the creation space."""
        return Cells(ZONE, lambda k: zone_text(position, k))

    # --- turns as text -------------------------------------------------------------------------
    def turn_from_match(self, match: Match) -> Turn:
        return turn_of(match.group("actions"), bool(match.group("decided")))

    def turn_text(self, turn: Turn) -> str:
        return write_turn(turn)

    # --- rules ---------------------------------------------------------------------------------
    def play(self, position: TChakoPosition, turn: Turn) -> Played[TChakoPosition, Turn]:
        """The turn played action by action, each queen's return written +q and the mark #
        added when the game is decided as the next turn begins."""
        return play_turn(self.modes, position, turn)

    def legal_turns(self, position: TChakoPosition, chance: object = None) -> Iterator[Turn]:
        """The pass and every legal one-action turn whose shot stops, untouched, in its own zone
        or a neighbouring one. Real outcomes depend on the players' hands, so `chance` is not
        used: any other outcome is checked by play."""
        return random_turns.legal_turns(self.modes, position)

    def random_turn(self, position: TChakoPosition, rng: random.Random) -> Turn | None:
        """A few actions with plausible outcomes drawn from rng: shots mostly stopping in a
        neighbouring zone, sometimes hitting an opponent piece there or pushing one, rarely
        leaving the board; creations; elastic moves. Each is kept only if legal."""
        return random_turns.random_turn(self.modes, position, rng)

    def random_play(self, position: TChakoPosition, rng: random.Random) -> tuple[Turn, TChakoPosition] | None:
        """The random turn with the position after it, played as its actions are drawn."""
        return random_turns.random_play(self.modes, position, rng)

    def drawn_plays(self, position: TChakoPosition, rng: random.Random,
                    value: Callable[[TChakoPosition], Any] | None = None) -> list[tuple[Turn, TChakoPosition]]:
        """Random plays; for a player with a measure `value`, one turn built towards it action by
        action (random_turns.built_play), at the cost of a few random turns
        (docs/games/tchako.md#generated-games)."""
        if value is None:
            return super().drawn_plays(position, rng)
        built = random_turns.built_play(self.modes, position, rng, value)
        return [] if built is None else [built]

    def taken(self, before: TChakoPosition, after: TChakoPosition) -> int:
        """The opponent's pieces (pucks and queen) the turn sent off the board: knocked out or
        pushed off (docs/games/tchako.md#generated-games)."""
        other = 1 - before.side
        return sum(pair[other] for pair in before.pucks) - sum(pair[other] for pair in after.pucks)

    # --- the end ---------------------------------------------------------------------------------
    def outcome(self, position: TChakoPosition, history: History | None = None) -> Outcome | None:
        return None if position.end in ("play", "stop") else end_outcome(position, self.modes)


PLUGIN = GamePlugin("TChako", TChako, title="T'Chako", entry=Actions())
