"""Diagrams in French (docs/languages.md#pages): every word a diagram of each game shows or gives a
screen reader or a pointer (its text, its pieces' titles, its labels) is French under --lang fr."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest
from browsers import CORPUS

from ludoscribe.notation import check
from ludoscribe.notation.files import load
from ludoscribe.notation.languages import words
from ludoscribe.render.diagram import record_diagrams

SVG = "{http://www.w3.org/2000/svg}"
# the English words of the five games' diagrams: sides, pieces, directions, counts and states (not "point",
# which French writes alike)
ENGLISH = ["piece", "flag", "Hook", "Tower", "Bow", "Pistol", "north", "east", "south", "west", "Blue", "Yellow",
           "White", "Black", "Red", "to move", "wins", "in hand", "turn", "turns", "queen", "reserve", "controlled",
           "captured", "chain", "home", "lost", "to place", "without capture", "spent", "AP",
           "countdown", "Drawn", "drawn", "on the board", "off the board", "last"]
GAMES = ["teblo", "staku", "tektop", "tekao", "tchako"]


def _said(svg: str) -> str:
    """What a diagram says: its texts, titles and descriptions, and its aria-label and title attributes."""
    root = ElementTree.fromstring(svg)
    said = [element.text or "" for element in root.iter() if element.tag in (f"{SVG}text", f"{SVG}title", f"{SVG}desc")]
    said += [element.get(name, "") for element in root.iter() for name in ("aria-label", "title")]
    return " | ".join(said)


def _english_left(text: str) -> list[str]:
    return [word for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text)]


def _diagrams(game: str, language: str) -> list[str]:
    """Every main-line position of each record of a game, drawn in `language`."""
    drawn = []
    for path in sorted((CORPUS / game).glob("*.tgn")):
        for record in load(str(path)):
            check(record)
            if not record.problems:
                drawn += [svg for _, svg in record_diagrams(record, words=words(language))]
    return drawn


@pytest.mark.parametrize("game", GAMES)
def test_a_french_diagram_of_each_game_says_no_english_word(game):
    french = _diagrams(game, "fr")
    assert french
    left = {word for svg in french for word in _english_left(_said(svg))}
    assert left == set(), left
    english = {word for svg in _diagrams(game, "en") for word in _english_left(_said(svg))}
    assert english  # the list holds the words the English diagrams say


def test_the_tekao_pieces_are_named_in_french():
    svg = next(iter(_diagrams("tekao", "fr")))
    titles = [element.text for element in ElementTree.fromstring(svg).iter(f"{SVG}title")]
    assert "Pion de Bleu\u00a0: Grappin côté nord, Tour côté est, Arc côté sud, Pistolet côté ouest" in titles
    assert "Pion drapeau de Jaune" in titles
    english = next(iter(_diagrams("tekao", "en")))
    assert "<title>Blue piece: Hook north, Tower east, Bow south, Pistol west</title>" in english
