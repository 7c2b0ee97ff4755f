"""Every game's drawing uses ARIA only where ARIA allows it (docs/publishing.md#accessibility):
the page gives the board its role and name; inside the drawing no element carries an ARIA
name or state without a role that takes one (axe's aria-prohibited-attr, which a named <g>
once broke on every Tekao page). Pieces are named by SVG's own <title>."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest

from ludoscribe.notation import check
from ludoscribe.notation.files import load
from ludoscribe.render.diagram import record_diagrams

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


@pytest.mark.parametrize("game", ("teblo", "staku", "tektop", "tekao", "tchako"))
def test_no_aria_name_without_a_role_in_any_drawing(game):
    drawn = 0
    for path in sorted((CORPUS / game).glob("*.tgn")):
        for record in load(str(path)):
            check(record)
            assert not record.problems, path
            for _, svg in record_diagrams(record, [0, len(record.moves)]):
                for element in ElementTree.fromstring(svg).iter():
                    aria = sorted(name for name in element.attrib if name.startswith("aria-"))
                    assert not aria or element.get("role"), (path.name, element.tag, aria)
                drawn += 1
    assert drawn >= 4
