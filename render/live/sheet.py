"""The scorer's pages: the games to record, and the scoresheet of one game (docs/live.md#recording-a-game).

The scoresheet shows the board with a tappable shape over each cell (render/live/cells.py),
the turns the engine offers for the cells tapped (notation/recording/entry.py), the field labelled
"Turn" where a turn is typed or built, and the record so far. Its state is JSON: the
page's script (static/sheet.js) draws it.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...notation.recording.entry import Offers, entry_for
from ...notation.events.folder import TERMINATIONS, GameFile
from ...notation.games import Outcome, SomeGame, display_name
from ...notation.model import WINNERS
from ...notation.recording.scoresheet import result_words
from ..diagram import record_diagrams
from ..wording import correction_words, remarks
from ..turn_tree import turn_number
from ..escaping import html_text
from ..frames import inline
from .cells import draw, with_cells
from ...notation.languages import GAME_WORD, Words
from ...notation.model import Record
from ...notation.languages import N_
from .languages import ENGLISH_WORDS, switch, texts
from .views import heading, page, players

SIZE = 480  # the scoresheet's board, in pixels (CSS scales it to the screen)
NAGS = (("!", N_("good turn")), ("?", N_("mistake")), ("!!", N_("brilliant turn")), ("??", N_("blunder")),
        ("!?", N_("interesting turn")), ("?!", N_("dubious turn")))
# the Termination tag's words (notation/events/folder.py TERMINATIONS): saved as they are, shown in the page's language
REASONS = {"resignation": N_("resignation"), "agreement": N_("agreement"), "time forfeit": N_("time forfeit"),
           "adjudication": N_("adjudication")}


def record_page(event: str, games: list[dict[str, Any]], choices: list[tuple[str, str, list[str]]], today: str,
                words: Words = ENGLISH_WORDS) -> str:
    """The scorer's start: the event code, the games to record, a new game (dated `today` unless changed)."""
    board_word = html_text(words.pgettext("event", "Board"))  # a board of the event: a table
    say = texts(words, N_(": "), N_("live"), N_("No game yet."), N_("Record a game"), N_("Event code"),
                N_("Use this code"), N_("Games"), N_("New game"), N_("Game"), N_("Variant (optional)"),
                N_("First player"), N_("Second player"), N_("Round"),
                N_("Date (YYYY.MM.DD, ?? for an unknown part)"), N_("Start recording"))
    sep = say[": "]
    rows = "".join(f'<li><a href="/record/{html_text(game["name"])}">{html_text(game["heading"])}{sep}'
                   f'{html_text(game["players"])}</a> '
                   f'<span class="ls-state">{html_text(game["result"]) if game["result"] != "*" else say["live"]}</span></li>'
                   for game in games) or f'<li>{say["No game yet."]}</li>'
    options = "".join(f'<option value="{html_text(name)}">{html_text(title)}</option>' for name, title, _ in choices)
    body = f"""<header class="ls-head">{switch(words.language, words)}<p><a href="/">{html_text(event)}</a></p><h1>{say["Record a game"]}</h1></header>
<main class="ls-record-home">
<form class="ls-code-form"><label for="ls-code">{say["Event code"]}</label>
<input id="ls-code" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" required>
<button type="submit">{say["Use this code"]}</button></form>
<p class="ls-message" role="status" aria-live="polite"></p>
<section aria-label="{say["Games"]}"><h2>{say["Games"]}</h2><ul class="ls-games">{rows}</ul></section>
<section aria-label="{say["New game"]}"><h2>{say["New game"]}</h2>
<form class="ls-new-game">
<label for="ls-game">{say["Game"]}</label><select id="ls-game" name="game">{options}</select>
<label for="ls-variant">{say["Variant (optional)"]}</label><input id="ls-variant" name="variant" autocomplete="off">
<label for="ls-first" class="ls-first-label">{say["First player"]}</label><input id="ls-first" name="first" autocomplete="off">
<label for="ls-second" class="ls-second-label">{say["Second player"]}</label>\
<input id="ls-second" name="second" autocomplete="off">
<label for="ls-round">{say["Round"]}</label><input id="ls-round" name="round" inputmode="numeric" required>
<label for="ls-board">{board_word}</label><input id="ls-board" name="board" inputmode="numeric" required>
<label for="ls-date">{say["Date (YYYY.MM.DD, ?? for an unknown part)"]}</label>\
<input id="ls-date" name="date" autocomplete="off" value="{html_text(today)}">
<button type="submit">{say["Start recording"]}</button></form></section></main>"""
    data = {"games": {name: sides for name, _, sides in choices}}
    return page(words.gettext("Record · {event}").format(event=event), body, ["live.js", "record.js"], data,
                words=words)


def sheet_page(event: str, view: Any, words: Words = ENGLISH_WORDS) -> str:
    """The scoresheet of one game; its script asks for the state and draws it."""
    say = texts(words, N_(": "), N_("Board: tap the cells of the turn"), N_("Confirm the result"), N_("Not yet"),
                N_("Turns offered"), N_("Turn"), N_("Record turn"), N_("Clear"), N_("Take over recording here"),
                N_("Reopen to correct it"), N_("Reopen it"), N_("Keep it finished"), N_("Waiting to be sent"),
                N_("Discard the refused one"), N_("Record"), N_("Comment, NAG, clock, undo, result"),
                N_("Comment on the last turn"), N_("Add comment"), N_("NAG on the last turn"), N_("Add NAG"),
                N_("Time left after the last turn (H:MM:SS)"), N_("Add clock"), N_("Undo the last turn"),
                N_("Result"), N_("Why"), N_("Save the result"), N_("Stop recording on this device"))
    game: GameFile = view.game
    nags = "".join(f'<option value="{html_text(glyph)}">{html_text(glyph)} {html_text(words.gettext(meaning))}</option>'
                   for glyph, meaning in NAGS)
    reasons = "".join(f'<option value="{html_text(reason)}">{html_text(words.gettext(REASONS.get(reason, reason)))}</option>'
                      for reason in TERMINATIONS if reason != "normal")
    body = f"""<header class="ls-head ls-sheet-head">{switch(words.language, words)}<p><a href="/record">{html_text(event)}</a>
<span class="ls-connection" role="status" aria-live="polite"></span></p>
<h1>{html_text(heading(game, words))}{say[": "]}{html_text(players(game))}</h1></header>
<main class="ls-sheet" data-stage="turns">
<div class="ls-sheet-board" aria-label="{say["Board: tap the cells of the turn"]}"></div>
<p class="ls-prompt" aria-live="polite"></p>
<div class="ls-proposal" hidden><p class="ls-proposal-text"></p>
<div class="ls-buttons"><button type="button" class="ls-confirm ls-primary">{say["Confirm the result"]}</button>
<button type="button" class="ls-not-yet">{say["Not yet"]}</button></div></div>
<div class="ls-chance ls-entry" hidden></div>
<form class="ls-turn-form ls-entry"><label for="ls-turn">{say["Turn"]}</label>
<input id="ls-turn" name="turn" autocomplete="off" autocapitalize="off" autocorrect="off" spellcheck="false">
<div class="ls-buttons"><button type="submit" class="ls-primary">{say["Record turn"]}</button>
<button type="button" class="ls-clear">{say["Clear"]}</button></div></form>
<div class="ls-offers ls-entry" role="group" aria-label="{say["Turns offered"]}"></div>
<p class="ls-message" role="status" aria-live="assertive"></p>
<div class="ls-claim" hidden><button type="button" class="ls-take-over">{say["Take over recording here"]}</button></div>
<div class="ls-reopen" hidden><div class="ls-buttons">\
<button type="button" class="ls-reopen-ask">{say["Reopen to correct it"]}</button></div>
<div class="ls-reopen-question" hidden><p class="ls-reopen-text"></p>
<div class="ls-buttons"><button type="button" class="ls-reopen-confirm ls-primary">{say["Reopen it"]}</button>
<button type="button" class="ls-reopen-cancel">{say["Keep it finished"]}</button></div></div></div>
<section class="ls-queue" hidden aria-label="{say["Waiting to be sent"]}"><h2>{say["Waiting to be sent"]}</h2><ol></ol>
<div class="ls-buttons ls-refused-buttons" hidden>\
<button type="button" class="ls-discard">{say["Discard the refused one"]}</button></div></section>
<section class="ls-sheet-record" aria-label="{say["Record"]}"><h2>{say["Record"]}</h2><p class="ls-sheet-start"></p>\
<ol class="ls-sheet-moves"></ol>
<p class="ls-sheet-result"></p></section>
<details class="ls-more"><summary>{say["Comment, NAG, clock, undo, result"]}</summary>
<form class="ls-comment-form"><label for="ls-comment">{say["Comment on the last turn"]}</label>
<input id="ls-comment" name="comment" autocomplete="off"><button type="submit">{say["Add comment"]}</button></form>
<form class="ls-nag-form"><label for="ls-nag">{say["NAG on the last turn"]}</label>
<select id="ls-nag" name="nag">{nags}</select><button type="submit">{say["Add NAG"]}</button></form>
<form class="ls-clock-form"><label for="ls-clock">{say["Time left after the last turn (H:MM:SS)"]}</label>
<input id="ls-clock" name="clock" autocomplete="off" inputmode="numeric" placeholder="0:58:12">\
<button type="submit">{say["Add clock"]}</button></form>
<div class="ls-buttons ls-open-only"><button type="button" class="ls-undo">{say["Undo the last turn"]}</button></div>
<form class="ls-result-form ls-open-only"><label for="ls-result">{say["Result"]}</label>
<select id="ls-result" name="result"><option value="1-0">1-0</option><option value="0-1">0-1</option>
<option value="1/2-1/2">1/2-1/2</option></select>
<label for="ls-reason">{say["Why"]}</label><select id="ls-reason" name="reason">{reasons}</select>
<button type="submit">{say["Save the result"]}</button></form>
<div class="ls-buttons"><button type="button" class="ls-release">{say["Stop recording on this device"]}</button></div>
</details></main>"""
    data = {"name": game.name, "sheet": f"/api/games/{game.name}/sheet"}
    return page(words.gettext("Scoresheet · {heading} · {event}").format(heading=heading(game, words), event=event),
                body, ["live.js", "sheet.js"], data, words=words)


def sheet_state(game: GameFile, proposed: Outcome | None, words: Words = ENGLISH_WORDS) -> dict[str, Any]:
    """Everything the scoresheet shows of a game: the record, the board, what comes next."""
    record, replayed = game.record, game.replayed
    state: dict[str, Any] = {"name": game.name, "version": game.version, "plies": game.plies, "result": game.result,
                             "problem": game.problem, "moves": [], "board": "", "label": "", "needs": "",
                             "buttons": {}, "proposed": None}
    if record is None or replayed is None or game.problem is not None:
        return state
    rules = record.rules
    line = game.line
    state["start"] = _notes(record.comments, words)
    state["moves"] = [{"number": turn_number(line[k][1]), "turn": rules.turn_text(node.turn), "nags": node.nags,
                       "before": _notes(node.before, words), "after": _notes(node.comments, words)}
                      for k, node in enumerate(record.moves)]
    position = replayed.final
    state["label"] = "" if game.finished else turn_label(rules, position.number, position.side, words)
    entry = entry_for(rules)
    state["needs"], state["buttons"] = entry.needs, entry.buttons_in(words)
    state["game"] = display_name(rules.name)
    state["sides"] = [words.pgettext(GAME_WORD, side) for side in rules.sides]
    state["words"] = {result: said_result(record, result, words) for result in WINNERS}
    try:
        svg = next(svg for _, svg in record_diagrams(record, [len(record.moves)], line=line, size=SIZE, words=words))
    except ValueError:
        svg = ""
    state["board"] = _tappable(svg, rules.name, frozenset(), False, _label(rules, game, words)) if svg else ""
    if proposed is not None and not game.finished:
        state["proposed"] = {"result": proposed.result, "reason": proposed.reason_in(words), "ending": proposed.as_json()}
    return state


def _notes(comments: list[str], words: Words) -> list[dict[str, str]]:
    """Comments as the scorer sees them: as written ([%clk] and all), each correction a note of its own,
    its words in the language of `words` (docs/tournaments.md#corrections)."""
    notes = []
    for kind, text in remarks(comments, commands=True):
        if kind == "comment":
            notes.append({"kind": "comment", "text": text})
        else:
            before, after = correction_words(kind, words)
            notes.append({"kind": "correction", "before": before, "text": text, "after": after})
    return notes


def turn_label(rules: SomeGame, number: int, side: int, words: Words) -> str:
    """The turn to play next, as `ludoscribe record` names it ('turn 3 Red'), in the language of `words`."""
    if words is ENGLISH_WORDS:
        return rules.label(number, side)
    return words.gettext("turn {number} {side}").format(number=number, side=words.pgettext(GAME_WORD, rules.sides[side]))


def said_result(record: Record, result: str, words: Words) -> str:
    """What a result means ('0-1: Red (Bo) wins'), as `ludoscribe record` says it, in the language of `words`."""
    if words is ENGLISH_WORDS:
        return result_words(record, result)
    winner = WINNERS[result]
    if winner is None:
        return words.gettext("{result}: a draw").format(result=result)
    side = record.rules.sides[winner]
    player = record.tags.get(side, "?").strip()
    named = words.pgettext(GAME_WORD, side)
    return (words.gettext("{result}: {side} ({player}) wins").format(result=result, side=named, player=player)
            if player not in ("", "?") else words.gettext("{result}: {side} wins").format(result=result, side=named))


def _label(rules: SomeGame, game: GameFile, words: Words = ENGLISH_WORDS) -> str:
    return f"{display_name(rules.name)}, " + (words.gettext("after turn {number}").format(number=game.plies)
                                              if game.plies else words.gettext("start"))


def _tappable(svg: str, game: str, picked: frozenset[str], flipped: bool, label: str) -> str:
    return inline(with_cells(svg, game, SIZE, flipped, picked), "s-", label)


def offers_state(game: GameFile, found: Offers, picked: frozenset[str], buttons: Mapping[str, str],
                 flipped: bool = False, words: Words = ENGLISH_WORDS) -> dict[str, Any]:
    """The turns offered for the cells tapped, and the board after the draft, those cells picked, its
    words in the language of `words`."""
    assert game.record is not None and game.replayed is not None
    rules, position = game.record.rules, game.replayed.final
    svg = None
    if found.draft and found.refused is None:
        played = rules.play(position, rules.read_turn(found.draft))
        if played.after is not None:
            svg = draw(rules, played.after, SIZE, last=(position, played.turn), flipped=flipped, words=words)
    if svg is None:
        svg = draw(rules, position, SIZE, flipped=flipped, words=words)
    label = f"{display_name(rules.name)}, " + (words.gettext("after the draft {draft}").format(draft=found.draft)
                                              if found.draft else words.gettext("now"))
    return {"draft": found.draft, "refused": found.refused_in(words), "needs": found.needs, "more": found.more,
            "offers": [{"turn": offer.turn, "cells": list(offer.cells)} for offer in found.offers],
            "board": _tappable(svg, rules.name, picked, flipped, label) if svg else "", "buttons": dict(buttons)}
