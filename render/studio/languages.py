"""The studio's page in the request's language (docs/annotating.md#languages): the English texts of
render/studio/page.html, listed here so that the catalogue holds them (Babel reads no .html file),
given in the language asked when the page is served; in English the template is sent as it is."""

from __future__ import annotations

import re
from functools import cache

from ...notation.languages import ENGLISH, words
from ..escaping import html_text
from ...notation.languages import N_

# Every text of page.html, its words and its screen readers' labels (tests/test_languages_studio.py
# checks that the template holds no other).
PAGE_TEXTS = (
    N_("Studio: {name}"), N_("The file was changed on disk by another program."), N_("Reload the file"),
    N_("Records"), N_("New record"), N_("Game"), N_("Variant"), N_("Start position (set-up code, optional)"),
    N_("Start position code"), N_("Show the position"), N_("Side to move"),
    N_("Pieces to place: choose one, then tap cells (tap again to empty)"),
    N_("Cell contents (tap a cell of the position to give it them)"), N_("Besides the board"), N_("File"),
    N_("Record"), N_("Board tools"), N_("Play turns"), N_("Arrow"), N_("Mark"), N_("Label"), N_("Dim"),
    N_("Colour"), N_("Arrow and Mark colour"), N_("green"), N_("blue"), N_("red"), N_("orange"), N_("purple"),
    N_("Shape"), N_("Mark shape"), N_("outline"), N_("circle"), N_("square"), N_("triangle"), N_("cross"),
    N_("Label text"), N_("Cells"), N_("Cells for the tool (D4, or D3-D5 for an arrow)"), N_("Apply tool"),
    N_("Turn"), N_("Turn to play (type it, or tap cells)"), N_("Play this turn"), N_("Clear"),
    N_("Turns offered"), N_("Moving through the record"), N_("Home"), N_("« Start"), N_("Left arrow"),
    N_("‹ Back"), N_("Right arrow"), N_("Forward ›"), N_("End"), N_("End »"), N_("Moves"),
    N_("Annotate the current turn"), N_("Comment after the turn"), N_("Save comment"),
    N_("Comment before the turn"), N_("Save comment before"), N_("NAG palette"), N_("Clock"), N_("Set clock"),
    N_("Lines"), N_("Promote variation"), N_("Promote to main line"), N_("Delete from here"),
    N_("Delete variation"), N_("Copy line as TGN"), N_("Undo"), N_("Redo"), N_("TGN turns to paste"),
    N_("Paste TGN turns"), N_("Line as TGN"), N_("Publishing"), N_("Preview as published"),
    N_("Open the preview"), N_("Publish the site"), N_("Header (tags)"), N_("Tags"), N_("Tag"), N_("Value"),
    N_("Actions"), N_("New tag"), N_("Add tag"),
)
TEXT = re.compile(r">([^<>]+)<")  # a text between two tags
LABEL = re.compile(r'\b(aria-label|title)="([^"]*)"')  # a label screen readers or pointers read


@cache
def page_in(template: str, language: str) -> str:
    """The page's template with each of its texts (PAGE_TEXTS) in `language`; in English, as it is."""
    if language == ENGLISH:
        return template
    said = words(language)
    known = set(PAGE_TEXTS)

    def text(found: re.Match[str]) -> str:
        whole = found[1]
        core = whole.strip()
        if core not in known:
            return found[0]
        start = whole.index(core)
        return f">{whole[:start]}{html_text(said.gettext(core))}{whole[start + len(core):]}<"

    def label(found: re.Match[str]) -> str:
        value = found[2]
        return f'{found[1]}="{html_text(said.gettext(value))}"' if value in known else found[0]

    return LABEL.sub(label, TEXT.sub(text, template))
