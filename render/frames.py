"""SVG diagrams made ready for HTML pages: unique ids, and a shared table of elements.

A page may hold many diagrams, of different games and sizes, whose renderers use the
same ids (`board`, `pawn0`): every diagram placed in a page gets an id prefix of its
own. `FrameTable` keeps the positions of a viewer in linear space: each diagram's
top-level elements go once into a table shared by all positions, and a position (a
frame) is the list of its elements' indices in that table. The board, its labels and
the piece drawings are one entry each, whichever position shows them.

Diagrams are taken as the renderers write them (XML text, every value already
escaped by the serialiser) and cut at their top-level elements without being parsed
again: the same element always gives the same text, which is what makes the table
small, and cutting text is much faster than building a tree.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import cast
from html import unescape

from .escaping import html_text
from .svg import SvgText

# A markup token: a comment, CDATA, a processing instruction, or a tag (open, close, empty).
TOKEN = re.compile(r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>|<(/?)[^\s/>!?]+(?:[^>\"']|\"[^\"]*\"|'[^']*')*?(/?)>",
                   re.DOTALL)
ATTRIBUTE = re.compile(r"([^\s=]+)\s*=\s*(\"[^\"]*\"|'[^']*')")
TAG = re.compile(r"<[^!?/][^>]*>")  # tags that can hold attributes (quoted values never hold '>')
ID_ATTRIBUTE = re.compile(r"(\sid\s*=\s*[\"'])")
ID_REFERENCE = re.compile(r"((?:\s|:)href\s*=\s*[\"']#|url\(\s*#)")


def split(svg: str) -> tuple[dict[str, str], list[str]]:
    """The <svg> element's attributes (namespace declarations left out) and its top-level elements."""
    depth, start = 0, 0
    root: dict[str, str] = {}
    children: list[str] = []
    for token in TOKEN.finditer(svg):
        closing, empty = token.group(1), token.group(2)
        if closing is None:  # comment, CDATA, processing instruction
            continue
        if closing:
            depth -= 1
            if depth == 1:
                children.append(svg[start:token.end()])
        else:
            if depth == 0:
                root = {name: unescape(value[1:-1]) for name, value in ATTRIBUTE.findall(token.group(0))
                        if not name.startswith("xmlns")}
            elif depth == 1:
                start = token.start()
            if empty:
                if depth == 1:
                    children.append(token.group(0))
            else:
                depth += 1
    return root, children


@lru_cache(maxsize=1 << 16)
def prefixed(element: str, prefix: str) -> str:
    """An element's text with every id, and every reference to an id, given a prefix."""
    def tag(match: re.Match[str]) -> str:
        text = ID_ATTRIBUTE.sub(lambda m: m.group(1) + prefix, match.group(0))
        return ID_REFERENCE.sub(lambda m: m.group(1) + prefix, text)

    return TAG.sub(tag, element)


def opening(attributes: dict[str, str], label: str = "") -> str:
    """An <svg> start tag for an HTML page, with an accessible label if given."""
    if label:
        attributes = attributes | {"role": "img", "aria-label": label}
    return "<svg" + "".join(f' {name}="{html_text(value)}"' for name, value in attributes.items()) + ">"


def inline(svg: str, prefix: str, label: str = "") -> str:
    """A whole SVG diagram for an HTML page: ids prefixed, an accessible label."""
    root, children = split(svg)
    return opening(root, label) + "".join(prefixed(child, prefix) for child in children) + "</svg>"


class FrameTable:
    """The positions of one viewer: a table of distinct elements and one index list per frame."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.elements: list[str] = []
        self.roots: list[dict[str, str]] = []
        self.frames: list[list[int]] = []  # [root index, element indices...]
        self._element_index: dict[str, int] = {}
        self._root_index: dict[tuple[tuple[str, str], ...], int] = {}

    def add(self, svg: str) -> int:
        """Add one diagram as the next frame; its number."""
        root, children = (svg.root, svg.elements) if isinstance(svg, SvgText) else split(svg)
        key = tuple(root.items())
        if key not in self._root_index:
            self._root_index[key] = len(self.roots)
            self.roots.append(root)
        index = self._element_index
        found = [self._root_index[key], *map(index.get, children)]
        if None in found:
            for position, child in enumerate(children, 1):
                if found[position] is None:
                    if child not in index:
                        index[child] = len(self.elements)
                        self.elements.append(prefixed(child, self.prefix))
                    found[position] = index[child]
        self.frames.append(cast(list[int], found))
        return len(self.frames) - 1

    def markup(self, frame: int, label: str = "") -> str:
        """A frame as a whole <svg> element, for the page before any script runs."""
        root, *elements = self.frames[frame]
        return opening(self.roots[root], label) + "".join(self.elements[index] for index in elements) + "</svg>"
