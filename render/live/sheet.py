"""The scorer's pages: the games to record, and the scoresheet of one game (docs/live.md#recording-a-game).

The scoresheet shows the board with a tappable shape over each cell (render/live/cells.py),
the turns the engine offers for the cells tapped (notation/entry.py), the field labelled
"Turn" where a turn is typed or built, and the record so far. Its state is JSON: the
page's script (static/sheet.js) draws it.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...notation.entry import Offers, entry_for
from ...notation.event import TERMINATIONS, GameFile
from ...notation.games import Outcome, SomeGame, display_name
from ...notation.model import WINNERS
from ...notation.scoresheet import result_words
from ..diagram import record_diagrams
from ..wording import correction_words, remarks
from ..turn_tree import turn_number
from ..escaping import html_text
from ..frames import inline
from .cells import draw, with_cells
from .views import heading, page, players

SIZE = 480  # the scoresheet's board, in pixels (CSS scales it to the screen)
NAGS = (("!", "good turn"), ("?", "mistake"), ("!!", "brilliant turn"), ("??", "blunder"),
        ("!?", "interesting turn"), ("?!", "dubious turn"))


def record_page(event: str, games: list[dict[str, Any]], choices: list[tuple[str, str, list[str]]], today: str) -> str:
    """The scorer's start: the event code, the games to record, a new game (dated `today` unless changed)."""
    rows = "".join(f'<li><a href="/record/{html_text(game["name"])}">{html_text(game["heading"])}: '
                   f'{html_text(game["players"])}</a> '
                   f'<span class="ls-state">{html_text(game["result"] if game["result"] != "*" else "live")}</span></li>'
                   for game in games) or "<li>No game yet.</li>"
    options = "".join(f'<option value="{html_text(name)}">{html_text(title)}</option>' for name, title, _ in choices)
    body = f"""<header class="ls-head"><p><a href="/">{html_text(event)}</a></p><h1>Record a game</h1></header>
<main class="ls-record-home">
<form class="ls-code-form"><label for="ls-code">Event code</label>
<input id="ls-code" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" required>
<button type="submit">Use this code</button></form>
<p class="ls-message" role="status" aria-live="polite"></p>
<section aria-label="Games"><h2>Games</h2><ul class="ls-games">{rows}</ul></section>
<section aria-label="New game"><h2>New game</h2>
<form class="ls-new-game">
<label for="ls-game">Game</label><select id="ls-game" name="game">{options}</select>
<label for="ls-variant">Variant (optional)</label><input id="ls-variant" name="variant" autocomplete="off">
<label for="ls-first" class="ls-first-label">First player</label><input id="ls-first" name="first" autocomplete="off">
<label for="ls-second" class="ls-second-label">Second player</label><input id="ls-second" name="second" autocomplete="off">
<label for="ls-round">Round</label><input id="ls-round" name="round" inputmode="numeric" required>
<label for="ls-board">Board</label><input id="ls-board" name="board" inputmode="numeric" required>
<label for="ls-date">Date (YYYY.MM.DD, ?? for an unknown part)</label><input id="ls-date" name="date" autocomplete="off" value="{html_text(today)}">
<button type="submit">Start recording</button></form></section></main>"""
    data = {"games": {name: sides for name, _, sides in choices}}
    return page(f"Record · {event}", body, ["live.js", "record.js"], data)


def sheet_page(event: str, view: Any) -> str:
    """The scoresheet of one game; its script asks for the state and draws it."""
    game: GameFile = view.game
    nags = "".join(f'<option value="{html_text(glyph)}">{html_text(glyph)} {html_text(meaning)}</option>'
                   for glyph, meaning in NAGS)
    reasons = "".join(f'<option value="{html_text(reason)}">{html_text(reason)}</option>'
                      for reason in TERMINATIONS if reason != "normal")
    body = f"""<header class="ls-head ls-sheet-head"><p><a href="/record">{html_text(event)}</a>
<span class="ls-connection" role="status" aria-live="polite"></span></p>
<h1>{html_text(heading(game))}: {html_text(players(game))}</h1></header>
<main class="ls-sheet" data-stage="turns">
<div class="ls-sheet-board" aria-label="Board: tap the cells of the turn"></div>
<p class="ls-prompt" aria-live="polite"></p>
<div class="ls-proposal" hidden><p class="ls-proposal-text"></p>
<div class="ls-buttons"><button type="button" class="ls-confirm ls-primary">Confirm the result</button>
<button type="button" class="ls-not-yet">Not yet</button></div></div>
<div class="ls-chance ls-entry" hidden></div>
<div class="ls-offers ls-entry" role="group" aria-label="Turns offered"></div>
<form class="ls-turn-form ls-entry"><label for="ls-turn">Turn</label>
<input id="ls-turn" name="turn" autocomplete="off" autocapitalize="off" autocorrect="off" spellcheck="false">
<div class="ls-buttons"><button type="submit" class="ls-primary">Record turn</button>
<button type="button" class="ls-clear">Clear</button></div></form>
<p class="ls-message" role="status" aria-live="assertive"></p>
<div class="ls-claim" hidden><button type="button" class="ls-take-over">Take over recording here</button></div>
<div class="ls-reopen" hidden><div class="ls-buttons"><button type="button" class="ls-reopen-ask">Reopen to correct it</button></div>
<div class="ls-reopen-question" hidden><p class="ls-reopen-text"></p>
<div class="ls-buttons"><button type="button" class="ls-reopen-confirm ls-primary">Reopen it</button>
<button type="button" class="ls-reopen-cancel">Keep it finished</button></div></div></div>
<section class="ls-queue" hidden aria-label="Waiting to be sent"><h2>Waiting to be sent</h2><ol></ol>
<div class="ls-buttons ls-refused-buttons" hidden><button type="button" class="ls-discard">Discard the refused one</button></div></section>
<section class="ls-sheet-record" aria-label="Record"><h2>Record</h2><p class="ls-sheet-start"></p><ol class="ls-sheet-moves"></ol>
<p class="ls-sheet-result"></p></section>
<details class="ls-more"><summary>Comment, NAG, clock, undo, result</summary>
<form class="ls-comment-form"><label for="ls-comment">Comment on the last turn</label>
<input id="ls-comment" name="comment" autocomplete="off"><button type="submit">Add comment</button></form>
<form class="ls-nag-form"><label for="ls-nag">NAG on the last turn</label>
<select id="ls-nag" name="nag">{nags}</select><button type="submit">Add NAG</button></form>
<form class="ls-clock-form"><label for="ls-clock">Time left after the last turn (H:MM:SS)</label>
<input id="ls-clock" name="clock" autocomplete="off" inputmode="numeric" placeholder="0:58:12"><button type="submit">Add clock</button></form>
<div class="ls-buttons ls-open-only"><button type="button" class="ls-undo">Undo the last turn</button></div>
<form class="ls-result-form ls-open-only"><label for="ls-result">Result</label>
<select id="ls-result" name="result"><option value="1-0">1-0</option><option value="0-1">0-1</option>
<option value="1/2-1/2">1/2-1/2</option></select>
<label for="ls-reason">Why</label><select id="ls-reason" name="reason">{reasons}</select>
<button type="submit">Save the result</button></form>
<div class="ls-buttons"><button type="button" class="ls-release">Stop recording on this device</button></div>
</details></main>"""
    data = {"name": game.name, "sheet": f"/api/games/{game.name}/sheet"}
    return page(f"Scoresheet · {heading(game)} · {event}", body, ["live.js", "sheet.js"], data)


def sheet_state(game: GameFile, proposed: Outcome | None) -> dict[str, Any]:
    """Everything the scoresheet shows of a game: the record, the board, what comes next."""
    record, replayed = game.record, game.replayed
    state: dict[str, Any] = {"name": game.name, "version": game.version, "plies": game.plies, "result": game.result,
                             "problem": game.problem, "moves": [], "board": "", "label": "", "needs": "",
                             "buttons": {}, "proposed": None}
    if record is None or replayed is None or game.problem is not None:
        return state
    rules = record.rules
    line = game.line
    state["start"] = _notes(record.comments)
    state["moves"] = [{"number": turn_number(line[k][1]), "turn": rules.turn_text(node.turn), "nags": node.nags,
                       "before": _notes(node.before), "after": _notes(node.comments)}
                      for k, node in enumerate(record.moves)]
    position = replayed.final
    state["label"] = "" if game.finished else rules.label(position.number, position.side)
    entry = entry_for(rules)
    state["needs"], state["buttons"] = entry.needs, dict(entry.buttons)
    state["game"] = display_name(rules.name)
    state["sides"] = list(rules.sides)
    state["words"] = {result: result_words(record, result) for result in WINNERS}  # as `ludoscribe record` says them
    try:
        svg = next(svg for _, svg in record_diagrams(record, [len(record.moves)], line=line, size=SIZE))
    except ValueError:
        svg = ""
    state["board"] = _tappable(svg, rules.name, frozenset(), False, _label(rules, game)) if svg else ""
    if proposed is not None and not game.finished:
        state["proposed"] = {"result": proposed.result, "reason": proposed.reason}
    return state


def _notes(comments: list[str]) -> list[dict[str, str]]:
    """Comments as the scorer sees them: as written ([%clk] and all), each correction a note of its own
    (docs/tournaments.md#corrections)."""
    notes = []
    for kind, text in remarks(comments, commands=True):
        if kind == "comment":
            notes.append({"kind": "comment", "text": text})
        else:
            before, after = correction_words(kind)
            notes.append({"kind": "correction", "before": before, "text": text, "after": after})
    return notes


def _label(rules: SomeGame, game: GameFile) -> str:
    return f"{display_name(rules.name)}, " + (f"after turn {game.plies}" if game.plies else "start")


def _tappable(svg: str, game: str, picked: frozenset[str], flipped: bool, label: str) -> str:
    return inline(with_cells(svg, game, SIZE, flipped, picked), "s-", label)


def offers_state(game: GameFile, found: Offers, picked: frozenset[str], buttons: Mapping[str, str],
                 flipped: bool = False) -> dict[str, Any]:
    """The turns offered for the cells tapped, and the board after the draft, those cells picked."""
    assert game.record is not None and game.replayed is not None
    rules, position = game.record.rules, game.replayed.final
    svg = None
    if found.draft and found.refused is None:
        played = rules.play(position, rules.read_turn(found.draft))
        if played.after is not None:
            svg = draw(rules, played.after, SIZE, last=(position, played.turn), flipped=flipped)
    if svg is None:
        svg = draw(rules, position, SIZE, flipped=flipped)
    label = f"{display_name(rules.name)}, " + (f"after the draft {found.draft}" if found.draft else "now")
    return {"draft": found.draft, "refused": found.refused, "needs": found.needs, "more": found.more,
            "offers": [{"turn": offer.turn, "cells": list(offer.cells)} for offer in found.offers],
            "board": _tappable(svg, rules.name, picked, flipped, label) if svg else "", "buttons": dict(buttons)}
