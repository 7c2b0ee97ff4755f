"""The pages of a live event as HTML text: every board, one game followed, the scoresheet.

Pure functions of the games of an event folder (notation/events/folder.py) and of what
spectators may see of each (a `View`, which a delay can hold back). The pages need no
web framework: the server (render/live/app.py) and the static relay (render/live/relay.py)
write the same ones. Every string from a record is escaped as on the site
(render/escaping.py); the pages run no inline script, their data is JSON in a
`<script type="application/json">` element.
"""

from __future__ import annotations

import dataclasses
import hashlib
import zlib
from dataclasses import dataclass
from functools import wraps
from typing import Any, Callable, Iterable, TypeVar

from ...notation.events.folder import GameFile
from ...notation.games import display_name
from ...notation.languages import GAME_WORD, Words, script_words
from ...notation.model import WINNERS, Record
from ...notation.games.base import Position
from ...notation.model import Node
from ...notation.replay import Replayed, replay
from ...notation.recording.scoresheet import is_correction
from ...notation.events.standings import played, standings
from ...notation.writer import write_record
from ..budgets import BudgetError
from ..diagram import record_diagrams
from ..document import render_html
from ..wording import WORDS_ID, known, problem_in, title
from ..turn_tree import turn_number
from ..escaping import html_text, script_json
from ..frames import inline
from ..standings import boxed, html_footer, html_table, scored
from ...notation.languages import N_
from .languages import ENGLISH_WORDS, switch, texts

CARD_SIZE = 240  # the event page's boards, in pixels (CSS scales them)
T = TypeVar("T")
RESULT_TAGS = ("Termination",)  # tags saved with a result: shown with it


@dataclass(frozen=True)
class View:
    """A game as some readers see it: its first `plies` main-line turns, and its result if `final`;
    when `pending`, nothing of the game yet but its tags (docs/live.md#a-delay-for-spectators)."""

    game: GameFile
    plies: int
    final: bool
    pending: bool = False

    @classmethod
    def whole(cls, game: GameFile) -> View:
        return cls(game, game.plies, True)

    @property
    def key(self) -> str:
        """A digest of what is shown and of nothing else: it changes when, and only when, what
        readers see changes, and tells nothing of what is held back."""
        return once(self, "_key", self._digest)

    def _digest(self) -> str:
        record = self.record()
        try:
            shown = write_record(record) if record is not None else ""
        except ValueError:  # a record near the size limit, longer written canonically than in its file
            shown = f"{self.plies} {self.result}"
        text = "\n".join((self.name, self.state, self.problem or "", shown))
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]

    @property
    def problem(self) -> str | None:
        """Why the game cannot be followed, if it cannot (in a word while pending: the file is too recent)."""
        if self.game.problem is None:
            return None
        return f"{self.name} cannot be followed" if self.pending else self.game.problem

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def line(self) -> list[tuple[Node | None, Position]]:
        """The main line's positions of the record shown (`positions` would give them): the game's,
        up to the turns shown, with the nodes shown (never replayed again)."""
        record, line = self.record(), self.game.line
        if record is None or not line:
            return []
        return [line[0], *((node, after) for node, (_, after) in zip(record.moves, line[1:]))]

    @property
    def result(self) -> str:
        return self.game.result if self.final else "*"

    @property
    def state(self) -> str:
        """'finished', 'live', or 'problem' when the file cannot be followed."""
        if self.problem is not None:
            return "problem"
        return "finished" if self.result != "*" else "live"

    def record(self) -> Record | None:
        """The record as shown: the game's record cut after the turns shown, its result if shown.

        A correction is written after the turn before the one taken back: while readers wait
        for what comes after the last turn shown, they wait for its corrections too, so that
        a turn taken back is not seen before the delay (docs/live.md#a-delay-for-spectators).
        """
        return once(self, "_record", self._cut)

    def _cut(self) -> Record | None:
        record = self.game.record
        if record is None or self.game.problem is not None:
            return None
        if self.plies == len(record.moves) and self.final and not self.pending:
            return record
        moves, comments = record.moves[:self.plies], [] if self.pending else _no_corrections(record.comments)
        if moves:
            moves[-1] = dataclasses.replace(moves[-1], comments=_no_corrections(moves[-1].comments))
            comments = record.comments
        tags = record.tags if self.final else {name: value for name, value in record.tags.items()
                                               if name not in RESULT_TAGS}
        return dataclasses.replace(record, tags=tags, moves=moves, comments=comments, result=self.result,
                                   problems=[])


def once(view: View, name: str, make: Callable[[], T]) -> T:
    """What `make` gives, made once per view (kept in its `__dict__`). Not functools.cached_property,
    which before Python 3.12 holds one lock for every view while it makes one: a slow game would
    hold back every other game's pages (docs/live.md#choices). Two threads may make it both, the same."""
    if name not in view.__dict__:
        view.__dict__[name] = make()
    made: T = view.__dict__[name]
    return made


def _no_corrections(comments: list[str]) -> list[str]:
    return [comment for comment in comments if not is_correction(comment)]


def per_game(function: Callable[..., T]) -> Callable[..., T]:
    """Cache a function of a view for the last view of each game only: a long game's past
    versions are not kept, whatever how many it went through. Called from several threads
    (render/live/hub.py): each reads and replaces its game's entry whole, and two making the
    same value at once both make it."""
    cache: dict[tuple[str, str], tuple[tuple[Any, ...], T]] = {}

    @wraps(function)
    def cached(view: View, *args: Any) -> T:
        place = (view.name, "".join(arg.language for arg in args if isinstance(arg, Words)))  # one per language
        made = cache.get(place)
        if made is not None and made[0] == (view, *args):
            return made[1]
        value = function(view, *args)
        cache[place] = ((view, *args), value)
        return value

    return cached


@per_game
def replayed(view: View) -> Replayed | None:
    record = view.record()
    if record is not None and record is view.game.record:  # the whole game: replayed when it was read
        return view.game.replayed
    return replay(record) if record is not None else None


def heading(game: GameFile, words: Words = ENGLISH_WORDS) -> str:
    """'Round 2 · Board 1', or the file's name when the tags do not say."""
    round_, board = game.tag("Round").strip(), game.tag("Board").strip()
    parts = ([words.gettext("Round {round}").format(round=round_)] if round_ not in ("", "?") else []) + \
        ([words.gettext("Board {board}").format(board=board)] if board not in ("", "?") else [])
    return " · ".join(parts) or game.name


def players(game: GameFile) -> str:
    """'Ann – Bob' (the side names where players are unknown)."""
    return title(game.record) if game.record is not None and game.record.game is not None else game.name


def last_label(view: View) -> str:
    """The last turn shown, as the viewer labels it ('12... H10'), or 'Start' (a code of the event's
    stream, said in a language by `board_label` and `card`)."""
    record = view.record()
    if record is None or not record.moves:
        return "Start"
    before = view.game.line[len(record.moves) - 1][1]
    return f"{turn_number(before)} {record.rules.turn_text(record.moves[-1].turn)}"


def board_label(view: View, words: Words = ENGLISH_WORDS) -> str:
    """What the board shows, for screen readers: 'Teblo, after 12... H10'."""
    record = view.record()
    if record is None:
        return view.name
    label = last_label(view)
    return f"{display_name(record.rules.name)}, " + (
        words.gettext("start") if label == "Start" else words.gettext("after {turn}").format(turn=label))


def state_text(view: View, words: Words = ENGLISH_WORDS) -> str:
    """'Live', or the result and what it means ('1-0 · Yellow (Ann) wins')."""
    if view.state == "problem":
        return words.gettext("Cannot be followed")
    if view.state == "live":
        return words.gettext("Live")
    record = view.record()
    assert record is not None
    return f"{record.result} · {verdict(record, words)}"


def verdict(record: Record, words: Words = ENGLISH_WORDS) -> str:
    """Who won ('Yellow (Ann) wins', the side as the game names it in the language), 'Draw' or 'Unfinished'."""
    if record.result not in WINNERS:
        return words.gettext("Unfinished")
    winner = WINNERS[record.result]
    if winner is None:
        return words.gettext("Draw")
    side_name = record.rules.sides[winner]
    player = record.tags.get(side_name)
    side = words.pgettext(GAME_WORD, side_name)
    return (words.gettext("{side} ({player}) wins").format(side=side, player=player) if known(player)
            else words.gettext("{side} wins").format(side=side))


def summary(view: View) -> dict[str, Any]:
    """What the event page's script needs to know of a game that changed."""
    return {"name": view.name, "key": view.key, "plies": view.plies, "result": view.result, "state": view.state,
            "last": last_label(view), "label": board_label(view), "players": players(view.game),
            "heading": heading(view.game)}


def summaries(views: tuple[View, ...], words: Words = ENGLISH_WORDS) -> list[dict[str, Any]]:
    """Every game's `summary`; its heading in the language of `words` (the scorer's list of games)."""
    return [{**summary(view), "heading": heading(view.game, words)} if words is not ENGLISH_WORDS else summary(view)
            for view in views]


@per_game
def card(view: View, link: str, words: Words = ENGLISH_WORDS) -> str:
    """One board of the event page: heading, players, the board, the last turn, the state."""
    say = texts(words, N_("Start"), N_("Last turn"))
    name = html_text(view.name)
    parts = [f'<article class="ls-card" data-name="{name}" data-key="{html_text(view.key)}" data-state="{view.state}">',
             f'<h2><a href="{html_text(link)}">{html_text(heading(view.game, words))}</a></h2>',
             f'<p class="ls-players">{html_text(players(view.game))}</p>']
    record = view.record()
    if record is None:
        parts.append(f'<p class="ls-problem">{html_text(problem_text(view, words))}</p>')
    else:
        svg = _board(view, words)
        if svg is not None:
            parts.append(inline(svg, f"c{zlib.crc32(view.name.encode()):x}-", board_label(view, words)))
        last = last_label(view)
        parts.append('<p class="ls-last">' + (say["Start"] if last == "Start" else
                     say["Last turn"] +
                     f' <span class="ls-m" aria-current="step">{html_text(last)}</span>') + "</p>")
    parts.append(f'<p class="ls-state">{html_text(state_text(view, words))}</p></article>')
    return "".join(parts)


def problem_text(view: View, words: Words = ENGLISH_WORDS) -> str:
    """`view.problem` in the language of `words` (a file's own problem as the folder said it)."""
    if view.game.problem is not None and view.pending:
        return words.gettext("{name} cannot be followed").format(name=view.name)
    return view.problem or ""


def _board(view: View, words: Words) -> str | None:
    """The card's board after the last turn, its words (pieces in hand, who is to move) in the language of `words`."""
    record = view.record()
    assert record is not None
    try:
        return next(svg for _, svg in record_diagrams(record, [len(record.moves)], line=view.line, size=CARD_SIZE,
                                                       words=words))
    except ValueError:
        return None


def standings_section(views: Iterable[View], words: Words = ENGLISH_WORDS) -> str:
    """Live standings of the games shown (unfinished ones not counted), or a note when none counts."""
    say = texts(words, N_("No finished game yet."))
    games = [played(record) for view in views if (record := view.record()) is not None]
    table = standings(games)
    if not scored(table):
        return f'<p class="ls-note">{say["No finished game yet."]}</p>'
    return boxed(html_table(table, words=words), words) + f'<p class="ls-note">{html_footer(table, words)}</p>'


@per_game
def viewer(view: View, words: Words = ENGLISH_WORDS) -> str:
    """The site's viewer for a game (render/document.py), showing its last turn, in the language of `words`."""
    record = view.record()
    if record is None:
        return f'<p class="ls-problem">{html_text(view.problem or "")}</p>'
    try:
        return render_html(record, replayed(view), prefix="g", ply=len(record.moves), words=words)
    except BudgetError as error:  # its code said in the page's language (render/budgets.py)
        return f'<p class="ls-problem">{html_text(problem_in(error.problem, words))}</p>'


def page(title_text: str, body: str, scripts: Iterable[str], data: dict[str, Any], root: str = "/",
         words: Words = ENGLISH_WORDS) -> str:
    """A whole page: the styles and scripts are files under `root`static/, the page's data JSON;
    in French, the words of its scripts too (the viewer's, `pages`, where it runs: docs/live.md#languages)."""
    styles = "".join(f'<link rel="stylesheet" href="{root}static/{name}">' for name in ("viewer.css", "live.css"))
    code = "".join(f'<script src="{root}static/{name}" defer></script>' for name in scripts)
    language = words.language
    carried = f'id="{WORDS_ID}"' in body  # the viewer drawn in the page's language carries them itself (render_html)
    scripts_words = "" if words is ENGLISH_WORDS else "".join(
        f'<script type="application/json" id="ludoscribe-words-{room}">{script_words(language, room)}</script>\n'
        for room in (("pages", "live") if "viewer.js" in scripts and not carried else ("live",)))
    return (f'<!DOCTYPE html>\n<html lang="{language}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html_text(title_text)}</title>\n{styles}\n{code}\n</head>\n<body>\n"
            f'<script type="application/json" id="ls-page">{script_json(data)}</script>\n{scripts_words}{body}\n'
            "</body>\n</html>\n")


def event_page(event: str, views: list[View], links: dict[str, str], data: dict[str, Any], root: str = "/",
               note: str = "", pairings: str = "", words: Words = ENGLISH_WORDS, switched: bool = False) -> str:
    """Every board of the event, the last round's pairings (render/live/pairings.py) and the live standings;
    with the language switch if `switched` (the server's pages, not the relay's)."""
    say = texts(words, N_("No game yet."), N_("Boards"), N_("Standings"))
    cards = "".join(card(view, links[view.name], words) for view in views) or \
        f'<p class="ls-note">{say["No game yet."]}</p>'
    body = (f'<header class="ls-head">{switch(words.language, words) if switched else ""}<h1>{html_text(event)}</h1>'
            f'<p class="ls-connection" role="status" aria-live="polite">{html_text(note)}</p></header>'
            f'<main><section class="ls-boards" aria-label="{say["Boards"]}">{cards}</section>{pairings}'
            f'<section class="ls-event-standings" aria-label="{say["Standings"]}">'
            f'<h2>{say["Standings"]}</h2>'
            f'<div class="ls-standings-box">{standings_section(views, words)}</div></section></main>')
    return page(event, body, ["live.js", "event.js"], data, root, words)


def game_body(view: View, words: Words = ENGLISH_WORDS) -> str:
    """The followed game's part that changes: its state and its viewer."""
    return (f'<p class="ls-badge" data-state="{view.state}">{html_text(state_text(view, words))}</p>'
            f'<div class="ls-follow">{viewer(view, words)}</div>')


def game_page(event: str, view: View, back: str, data: dict[str, Any], root: str = "/", note: str = "",
              words: Words = ENGLISH_WORDS, switched: bool = False) -> str:
    """One game followed as it is played: the site's viewer, kept at the reader's place."""
    sep = words.gettext(": ")
    body = (f'<header class="ls-head">{switch(words.language, words) if switched else ""}'
            f'<p><a href="{html_text(back)}">{html_text(event)}</a></p>'
            f'<h1>{html_text(heading(view.game, words))}{html_text(sep)}{html_text(players(view.game))}</h1>'
            f'<p class="ls-connection" role="status" aria-live="polite">{html_text(note)}</p></header>'
            f'<main class="ls-live-game">{game_body(view, words)}</main>')
    return page(f"{heading(view.game, words)} · {event}", body, ["viewer.js", "live.js", "game.js"], data, root, words)
