"""One French word for a game's turn in every room's catalogue: « tour », never « coup »
(docs/languages.md#every-game), so that a club reads the same word on the phone, on the pages
and in `check`."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from ludoscribe.notation.languages import DOMAINS, LANGUAGES
from ludoscribe.notation.languages import catalogues

FRENCH = LANGUAGES[1]
TURN = re.compile(r"(?<![.\w-])[Tt]urns?\b")  # the noun, not a JSON key such as `$.moves[2].turn` nor --turn
PLACEHOLDER = re.compile(r"\{\w+\}")  # {turn} is the turn itself, written in TGN
CHOSEN = re.compile(r"\b[Tt]ours?\b")
OTHER = re.compile(r"\b[Cc]oups?\b")

# (room, context, msgid) -> why the French may say it otherwise
EXCEPTIONS: dict[tuple[str, str | None, str], str] = {
    # the names of the NAG glyphs are the fixed expressions every annotator knows
    ("live", None, "good turn"): "NAG name",
    ("live", None, "brilliant turn"): "NAG name",
    ("live", None, "interesting turn"): "NAG name",
    ("live", None, "dubious turn"): "NAG name",
    ("live", None, "only turn"): "NAG name",
    # « jouer des tours » would mean playing tricks: the studio's tool says « Jouer la partie »
    ("live", None, "Play turns"): "phrased around",
    # Teblo's own endings keep the word of Teblo's rules (the table: « tour (Teblo : coup) »)
    ("rules", "Ending:repetition", "the turns {turns:join} were played three times in a row"): "Teblo",
    ("rules", "Ending:repetition:general", "the same turns played three times in a row"): "Teblo",
    ("rules", "Ending:no-legal-turn", "{side} has no legal turn"): "Teblo",
    ("rules", "Ending:no-legal-turn:general", "the loser has no legal turn"): "Teblo",
}


def _turn_entries() -> Iterator[tuple[str, str | None, str, str]]:
    """(room, context, msgid, one of its msgstr) for every entry whose English speaks of a turn."""
    for room in DOMAINS:
        for message in catalogues.read(FRENCH, room):
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not any(TURN.search(PLACEHOLDER.sub("", text)) for text in ids if text):
                continue
            for string in strings:
                yield room, message.context, ids[0], string


def test_an_entry_speaking_of_a_turn_says_tour_and_never_coup():
    wrong = [(room, context, msgid, string) for room, context, msgid, string in _turn_entries()
             if (room, context, msgid) not in EXCEPTIONS
             and string and (not CHOSEN.search(string) or OTHER.search(string))]
    assert wrong == []


def test_the_exceptions_are_still_in_the_catalogues():
    present = {(room, context, msgid) for room, context, msgid, _ in _turn_entries()}
    assert set(EXCEPTIONS) <= present


@pytest.mark.parametrize("room", ["live", "pages"])
def test_a_room_speaking_to_players_says_coup_only_in_the_nag_names(room):
    """Texts that do not say « turn » in English (the Moves heading, a draft) still say « tour »."""
    nag_names = {"good turn", "brilliant turn", "interesting turn", "dubious turn", "only turn",
                 "only move", "the one sensible move", "worst move"}
    saying_coup = [message.id for message in catalogues.read(FRENCH, room) if message.id
                   and OTHER.search(" ".join(message.string) if isinstance(message.string, tuple)
                                    else message.string)
                   and (message.id[0] if isinstance(message.id, tuple) else message.id) not in nag_names]
    assert saying_coup == []
