"""What readers read of a record, in HTML and Markdown alike: its title and caption, dates,
the result and why, comments with their corrections, NAG meanings, and file names made of them."""

from __future__ import annotations

import json
import re
import unicodedata
from typing import TypeGuard

from ..notation.games import display_name
from ..notation.languages import GAME_WORD, N_, Words, script_words
from ..notation.languages import words as words_of
from ..notation.model import RESULTS, WINNERS, Node, Problem, Record, find_commands
from ..notation.replay import Replayed
from ..notation.recording.scoresheet import CORRECTION
from .escaping import html_text, markdown_text, script_json

ENGLISH = words_of()  # the words every function here speaks unless given others


# What the NAGs beyond $1-$6 mean; {0} and {1} are the first and second side.
NAG_MEANINGS = {
    7: N_("only move"), 8: N_("the one sensible move"), 9: N_("worst move"), 10: N_("even position"),
    11: N_("equal chances, quiet position"), 12: N_("equal chances, lively position"), 13: N_("unclear position"),
    14: N_("{0} is slightly better"), 15: N_("{1} is slightly better"), 16: N_("{0} is better"), 17: N_("{1} is better"),
    18: N_("{0} is winning"), 19: N_("{1} is winning"), 22: N_("{0} is in zugzwang"), 23: N_("{1} is in zugzwang"),
    36: N_("{0} has the initiative"), 37: N_("{1} has the initiative"), 40: N_("{0} is attacking"), 41: N_("{1} is attacking"),
    132: N_("{0} has counterplay"), 133: N_("{1} has counterplay"), 138: N_("{0} is short of time"),
    139: N_("{1} is short of time"), 146: N_("new idea"),
}


def comment_parts(comment: str, commands: bool = False) -> list[tuple[str, str]]:
    """A comment as readers see it, in order: ("comment", its words, spaces tidied) between
    ("turn", "2. D5") and ("result", "0-1") for each correction it holds
    (docs/tournaments.md#corrections). Its other [%commands] are left out, or kept as
    written if `commands` (the scorer's own view)."""
    parts: list[tuple[str, str]] = []
    words: list[str] = []

    def put_words() -> None:
        text = " ".join(" ".join(words).split())
        if text:
            parts.append(("comment", text))
        words.clear()

    at = 0
    for command in find_commands(comment):
        words.append(comment[at:command.start])
        at = command.end
        if command.name == CORRECTION and command.args:
            put_words()
            parts.append(("result" if command.args in RESULTS else "turn", command.args))
        elif commands:
            words.append(comment[command.start:command.end])
    words.append(comment[at:])
    put_words()
    return parts


def remarks(comments: list[str], commands: bool = False) -> list[tuple[str, str]]:
    """The parts readers see of a list of comments (see comment_parts)."""
    return [part for comment in comments for part in comment_parts(comment, commands)]


def correction_words(kind: str, words: Words = ENGLISH) -> tuple[str, str]:
    """The words around what a correction took back: ('result ', ' taken back') for a result."""
    said = words.gettext("result {taken} taken back") if kind == "result" else words.gettext("{taken} taken back")
    before, _, after = said.partition("{taken}")
    return before, after


def remark_html(kind: str, text: str, words: Words = ENGLISH) -> str:
    """One part of a comment in HTML: its words, or a correction, what was taken back struck through."""
    if kind == "comment":
        return f'<span class="ls-comment">{html_text(text)}</span>'
    before, after = correction_words(kind, words)
    return f'<span class="ls-correction">{before}<del>{html_text(text)}</del>{after}</span>'


def remark_markdown(kind: str, text: str, words: Words = ENGLISH) -> str:
    """One part of a comment in Markdown: its words in italics, or a correction in brackets."""
    if kind == "comment":
        return f"*{markdown_text(text)}*"
    before, after = correction_words(kind, words)
    return f"({before}<del>{markdown_text(text)}</del>{after})"


def wants_diagram(node: Node) -> bool:
    return any(name == "diagram" for name, _ in node.commands())


def nag_text(nag: int, sides: tuple[str, str], words: Words = ENGLISH) -> str:
    """What a NAG beyond $1-$6 means, or $n when it has no standard meaning."""
    meaning = NAG_MEANINGS.get(nag)
    return words.gettext(meaning).format(*(side_name(side, words) for side in sides)) if meaning else f"${nag}"


def side_name(side: str, words: Words = ENGLISH) -> str:
    """A side's name as readers of `words` call it (the game's own word: docs/languages.md#pages)."""
    return words.pgettext(GAME_WORD, side)


def known(value: str | None) -> TypeGuard[str]:
    return value is not None and value.strip() not in ("", "?")


def title(record: Record, words: Words = ENGLISH) -> str:
    """'First player – Second player', side names standing in for unknown players."""
    first, second = (record.tags.get(side) for side in record.rules.sides)
    return (f"{first if known(first) else side_name(record.rules.sides[0], words)} – "
            f"{second if known(second) else side_name(record.rules.sides[1], words)}")


def caption(record: Record, words: Words = ENGLISH) -> str:
    """One line naming a record: 'Ann – Bob · Club night · 2026.11.20' (what is known of it)."""
    event, date = record.tags.get("Event"), date_text(record.tags.get("Date"))
    parts = [title(record, words)] + ([event.strip()] if known(event) else [])
    return " · ".join(parts + ([page_date(date, words)] if date != UNKNOWN_DATE else []))


UNKNOWN_DATE = "unknown"


def date_text(value: str | None) -> str:
    """A Date tag for readers: '2024.05.12' as it is, cut before its first unknown part
    when partly known ('2024.??.??' is '2024'), 'unknown' when not known at all."""
    known = []
    for part in (value or "").strip().split("."):
        if not part or "?" in part:
            break
        known.append(part)
    return ".".join(known) or UNKNOWN_DATE


# the months in the words of a page's text (a date in English pages stays as the tag writes it)
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
          N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))


def page_date(known_part: str, words: Words = ENGLISH) -> str:
    """A known date (date_text's '2024.03.12', '2024.03' or '2024') in a page's text: as it is in
    English, '12 mars 2024' in French (docs/languages.md#pages)."""
    if words.language == "en":
        return known_part
    parts = known_part.split(".")
    if len(parts) < 2 or not parts[1].isdigit() or not 1 <= int(parts[1]) <= 12:
        return known_part
    month = words.gettext(MONTHS[int(parts[1]) - 1]).lower()
    day = parts[2].lstrip("0") if len(parts) > 2 and parts[2].isdigit() and int(parts[2]) else ""
    return " ".join(([("1er" if day == "1" else day)] if day else []) + [month, parts[0]])


def shown_tag(name: str, value: str) -> str:
    """A tag's value as readers see it: the game's display name, a date as date_text says."""
    if name == "Game":
        return display_name(value)
    return date_text(value) if name == "Date" else value


# the usual words of the Termination tag (docs/format.md), said in a page's language; others as written
TERMINATIONS = {"normal": N_("normal"), "resignation": N_("resignation"), "time forfeit": N_("time forfeit"),
                "agreement": N_("agreement"), "repetition": N_("repetition"), "abandoned": N_("abandoned")}


def termination_text(value: str, words: Words = ENGLISH) -> str:
    """A Termination tag's word in a page's text: one of the usual ones in the page's language, else as written."""
    usual = TERMINATIONS.get(value.strip())
    return words.gettext(usual) if usual is not None and words.language != "en" else value.strip()


def result_text(record: Record, replayed: Replayed | None, words: Words = ENGLISH) -> tuple[str, str]:
    """(verdict, reason): 'Yellow (Ann) wins' and why the game ended (or that it did not)."""
    sides = record.rules.sides

    def side(index: int) -> str:
        player, name = record.tags.get(sides[index]), side_name(sides[index], words)
        return f"{name} ({player})" if known(player) else name

    if record.result in WINNERS:
        winner = WINNERS[record.result]
        verdict = words.gettext("Draw") if winner is None else words.gettext("{side} wins").format(side=side(winner))
    else:
        verdict = words.gettext("Unfinished")
    termination = record.tags.get("Termination")
    if replayed is not None and replayed.outcome is not None:
        reason = replayed.outcome.reason if words.language == "en" else replayed.outcome.reason_in(words)
    elif known(termination):
        reason = termination_text(termination, words)
    elif record.result == "*":
        reason = words.gettext("the game is not over")
    else:
        reason = words.gettext("no reason recorded")
    return verdict, reason


def result_sentence(verdict: str, reason: str, words: Words = ENGLISH) -> str:
    """'Yellow wins: its king was taken.' (the words are given as the page writes them: escaped or not)."""
    return words.gettext("{verdict}: {reason}.").format(verdict=verdict, reason=reason)


MAX_SLUG = 60


def slugify(text: str, fallback: str) -> str:
    """A file name from any text: a-z, 0-9 and single '-' only, never empty, at most MAX_SLUG
    characters, cut between words (a single word longer than that is cut)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    if len(slug) > MAX_SLUG:
        cut = slug[:MAX_SLUG + 1].rfind("-")  # the last word that ends within the limit
        slug = slug[:cut] if cut > 0 else slug[:MAX_SLUG]
    return slug.strip("-") or fallback


WORDS_ID = "ludoscribe-words-pages"  # the element of a page in French holding its scripts' words (viewer.js t())


def script_words_element(words: Words) -> str:
    """The element a page in another language than English carries for its scripts' words
    (`t()` in viewer.js reads it; the live pages carry the same); nothing in English."""
    if words.language == "en":
        return ""
    said = script_json(json.loads(script_words(words.language, "pages")))  # read again: nothing but the JSON comes out
    return f'<script type="application/json" id="{WORDS_ID}">{said}</script>'


def problem_in(problem: Problem, said: Words) -> str:
    """A record's problem as str(problem) says it, in the language of `said`: line, column, turn, message."""
    where = f"{problem.line}:{problem.column}: " if problem.line is not None else ""
    turn, message = problem.turn_in(said), problem.message_in(said)
    return where + (said.gettext("{turn}: {message}").format(turn=turn, message=message) if turn else message)
