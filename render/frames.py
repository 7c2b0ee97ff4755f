"""SVG diagrams made ready for HTML pages: unique ids, and a shared table of elements.

A page may hold many diagrams, of different games and sizes, whose renderers use the
same ids (`board`, `pawn0`): `inline()` gives every diagram's ids a prefix of its own.
`FrameTable` keeps the positions of a viewer in linear space: each diagram's top-level
elements are serialised once into a table shared by all positions, and a position
(a frame) is the list of its elements' indices in that table. The board, its labels
and the piece drawings are one entry each, whichever position shows them.
"""

from __future__ import annotations

import re
from html import escape
from xml.etree import ElementTree

SVG_NS = "{http://www.w3.org/2000/svg}"
XLINK_NS = "{http://www.w3.org/1999/xlink}"
URL_REF = re.compile(r"url\(#([^)]*)\)")


def _name(qualified: str) -> str:
    """An element or attribute name as HTML writes it (xlink:href keeps its prefix)."""
    if qualified.startswith(XLINK_NS):
        return "xlink:" + qualified[len(XLINK_NS):]
    return qualified.rsplit("}", 1)[-1]


def _attribute(name: str, value: str, prefix: str) -> str:
    """One attribute written for HTML, its id or id reference given the prefix."""
    if name == "id":
        value = prefix + value
    elif name in ("href", f"{XLINK_NS}href") and value.startswith("#"):
        value = "#" + prefix + value[1:]
    elif "url(#" in value:
        value = URL_REF.sub(lambda match: f"url(#{prefix}{match.group(1)})", value)
    return f' {_name(name)}="{escape(value)}"'


def serialize(element: ElementTree.Element, prefix: str) -> str:
    """An element as HTML-embeddable SVG text, every string escaped, ids prefixed."""
    parts = [f"<{_name(element.tag)}"]
    parts.extend(_attribute(name, value, prefix) for name, value in element.attrib.items())
    children = list(element)
    if not children and not element.text:
        parts.append("/>")
    else:
        parts.append(">" + escape(element.text or "", quote=False))
        parts.extend(serialize(child, prefix) for child in children)
        parts.append(f"</{_name(element.tag)}>")
    parts.append(escape(element.tail or "", quote=False))
    return "".join(parts)


def root_attributes(root: ElementTree.Element) -> dict[str, str]:
    """What the <svg> element itself says (size, view box), namespaces left out."""
    return {_name(name): value for name, value in root.attrib.items() if ":" not in _name(name)}


def inline(svg: str, prefix: str, label: str = "") -> str:
    """A whole SVG diagram for an HTML page: ids prefixed, an accessible label."""
    root = ElementTree.fromstring(svg)
    attributes = root_attributes(root) | ({"role": "img", "aria-label": label} if label else {})
    opening = "<svg" + "".join(f' {name}="{escape(value)}"' for name, value in attributes.items()) + ">"
    return opening + "".join(serialize(child, prefix) for child in root) + "</svg>"


class FrameTable:
    """The positions of one viewer: a table of distinct elements and one index list per frame."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.elements: list[str] = []
        self.roots: list[dict[str, str]] = []
        self.frames: list[list[int]] = []  # [root index, element indices...]
        self._element_index: dict[str, int] = {}
        self._root_index: dict[tuple, int] = {}

    def add(self, svg: str) -> int:
        """Add one diagram as the next frame; its number."""
        root = ElementTree.fromstring(svg)
        attributes = root_attributes(root)
        key = tuple(attributes.items())
        if key not in self._root_index:
            self._root_index[key] = len(self.roots)
            self.roots.append(attributes)
        frame = [self._root_index[key]]
        for child in root:
            text = serialize(child, self.prefix)
            index = self._element_index.get(text)
            if index is None:
                index = self._element_index[text] = len(self.elements)
                self.elements.append(text)
            frame.append(index)
        self.frames.append(frame)
        return len(self.frames) - 1

    def markup(self, frame: int, label: str = "") -> str:
        """A frame as a whole <svg> element, for the page before any script runs."""
        root, *elements = self.frames[frame]
        attributes = self.roots[root] | ({"role": "img", "aria-label": label} if label else {})
        opening = "<svg" + "".join(f' {name}="{escape(value)}"' for name, value in attributes.items()) + ">"
        return opening + "".join(self.elements[index] for index in elements) + "</svg>"
