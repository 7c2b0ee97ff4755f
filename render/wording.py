"""What readers read of a record, in HTML and Markdown alike: its title and caption, dates,
the result and why, comments with their corrections, NAG meanings, and file names made of them."""

from __future__ import annotations

import re
import unicodedata
from typing import TypeGuard

from ..notation.games import display_name
from ..notation.model import RESULTS, WINNERS, Node, Record, find_commands
from ..notation.replay import Replayed
from ..notation.recording.scoresheet import CORRECTION
from .escaping import html_text, markdown_text


# What the NAGs beyond $1-$6 mean; {0} and {1} are the first and second side.
NAG_MEANINGS = {
    7: "only move", 8: "the one sensible move", 9: "worst move", 10: "even position",
    11: "equal chances, quiet position", 12: "equal chances, lively position", 13: "unclear position",
    14: "{0} is slightly better", 15: "{1} is slightly better", 16: "{0} is better", 17: "{1} is better",
    18: "{0} is winning", 19: "{1} is winning", 22: "{0} is in zugzwang", 23: "{1} is in zugzwang",
    36: "{0} has the initiative", 37: "{1} has the initiative", 40: "{0} is attacking", 41: "{1} is attacking",
    132: "{0} has counterplay", 133: "{1} has counterplay", 138: "{0} is short of time",
    139: "{1} is short of time", 146: "new idea",
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


def correction_words(kind: str) -> tuple[str, str]:
    """The words around what a correction took back: ('result ', ' taken back') for a result."""
    return ("result " if kind == "result" else "", " taken back")


def remark_html(kind: str, text: str) -> str:
    """One part of a comment in HTML: its words, or a correction, what was taken back struck through."""
    if kind == "comment":
        return f'<span class="ls-comment">{html_text(text)}</span>'
    before, after = correction_words(kind)
    return f'<span class="ls-correction">{before}<del>{html_text(text)}</del>{after}</span>'


def remark_markdown(kind: str, text: str) -> str:
    """One part of a comment in Markdown: its words in italics, or a correction in brackets."""
    if kind == "comment":
        return f"*{markdown_text(text)}*"
    before, after = correction_words(kind)
    return f"({before}<del>{markdown_text(text)}</del>{after})"


def wants_diagram(node: Node) -> bool:
    return any(name == "diagram" for name, _ in node.commands())


def nag_text(nag: int, sides: tuple[str, str]) -> str:
    """What a NAG beyond $1-$6 means, or $n when it has no standard meaning."""
    meaning = NAG_MEANINGS.get(nag)
    return meaning.format(*sides) if meaning else f"${nag}"


def known(value: str | None) -> TypeGuard[str]:
    return value is not None and value.strip() not in ("", "?")


def title(record: Record) -> str:
    """'First player – Second player', side names standing in for unknown players."""
    first, second = (record.tags.get(side) for side in record.rules.sides)
    return (f"{first if known(first) else record.rules.sides[0]} – "
            f"{second if known(second) else record.rules.sides[1]}")


def caption(record: Record) -> str:
    """One line naming a record: 'Ann – Bob · Club night · 2026.11.20' (what is known of it)."""
    event, date = record.tags.get("Event"), date_text(record.tags.get("Date"))
    parts = [title(record)] + ([event.strip()] if known(event) else [])
    return " · ".join(parts + ([date] if date != UNKNOWN_DATE else []))


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


def shown_tag(name: str, value: str) -> str:
    """A tag's value as readers see it: the game's display name, a date as date_text says."""
    if name == "Game":
        return display_name(value)
    return date_text(value) if name == "Date" else value


def result_text(record: Record, replayed: Replayed | None) -> tuple[str, str]:
    """(verdict, reason): 'Yellow (Ann) wins' and why the game ended (or that it did not)."""
    sides = record.rules.sides

    def side(index: int) -> str:
        player = record.tags.get(sides[index])
        return f"{sides[index]} ({player})" if known(player) else sides[index]

    if record.result in WINNERS:
        winner = WINNERS[record.result]
        verdict = "Draw" if winner is None else f"{side(winner)} wins"
    else:
        verdict = "Unfinished"
    termination = record.tags.get("Termination")
    if replayed is not None and replayed.outcome is not None:
        reason = replayed.outcome.reason
    elif known(termination):
        reason = termination.strip()
    elif record.result == "*":
        reason = "the game is not over"
    else:
        reason = "no reason recorded"
    return verdict, reason


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
