"""Text from records made inert wherever it is published: one function per target.

Records come from anyone, so every string taken from one (tags, comments, commands)
is text and never structure, whatever it holds. Each output format has its own
function, and every writer of that format uses it (docs/publishing.md#safety):

- `visible`: characters that do something rather than show something (control
  characters, line and paragraph separators, bidirectional overrides, noncharacters,
  lone surrogates) written as `\\x1b`, `\\u2028`...; the base of all the others, and
  what terminals get (`terminal_text`, and `terminal_lines` for whole documents).
- `html_text`: HTML text or attribute value (SVG inside HTML too).
- `markdown_text`: Markdown inline text, for any Markdown reader and its extensions:
  HTML escaped, and every character that Markdown or a common extension reads as
  syntax written as a character reference, so that nothing makes a link, an image,
  emphasis, code, a table cell or an attribute list; what is never syntax inside a line
  (an apostrophe, ">", a lone "+") is left as written.
- `template_text`: text kept exactly, never shown, in a `<template>` (the record's TGN
  to download): only `&`, `<`, `>` and carriage returns escaped.
- `script_json`: data for a script (the viewer's positions) as JSON that cannot close
  its `<script>` element.
- `yaml_string`: a double-quoted YAML scalar of printable ASCII only, so that no
  character can end the value or make the document unreadable.
- `csv_text`: a spreadsheet cell that is never read as a formula (OWASP's advice on
  CSV injection: a leading quote before =, +, -, @, tab or carriage return).
"""

from __future__ import annotations

import html
import json
import re

# Bidirectional embeddings, overrides and isolates: they reorder what follows them.
BIDI_CONTROLS = "\u202a-\u202e\u2066-\u2069"
# What does not show as itself: control characters (C0, DEL, C1), line and paragraph
# separators, bidirectional controls, noncharacters and lone surrogates.
INVISIBLE = re.compile(
    f"[\x00-\x1f\x7f-\x9f\u2028\u2029{BIDI_CONTROLS}\ufdd0-\ufdef\ud800-\udfff"
    + "".join(f"{chr(plane << 16 | 0xFFFE)}{chr(plane << 16 | 0xFFFF)}" for plane in range(17)) + "]")
HTML_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"}
# Markdown syntax (emphasis, code, links, images, tables, headings, attribute lists,
# and the extensions' ~ ^ = + $ @ marks): written as character references.
MARKDOWN_SYNTAX = "\\`*_[]{}|#~^=+$@"
MARKDOWN_ESCAPES = str.maketrans(HTML_ESCAPES | {char: f"&#{ord(char)};" for char in MARKDOWN_SYNTAX})
# Never syntax inside a line once "<" is escaped: an apostrophe, ">" (a quote only at the
# start of a line) and a plus sign standing alone ("++" marks keys in an extension).
MARKDOWN_PLAIN = re.compile(r"('|>|(?<!\+)\+(?!\+))")
HTML_TABLE = str.maketrans(HTML_ESCAPES)
# In JSON strings, as \u escapes: markup characters and the separators old parsers refused.
SCRIPT_JSON_ESCAPES = [(char, f"\\u{ord(char):04x}") for char in "<>&\u2028\u2029"]
NOT_YAML_PLAIN = re.compile(r'[^ !#-\[\]-~]')  # all but printable ASCII other than " and \
YAML_ESCAPES = {'"': '\\"', "\\": "\\\\"}
# A spreadsheet reads a cell starting with one of these as a formula (or a command).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")


def _escape_sequence(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def visible(text: str) -> str:
    """The text with every character that would act rather than show written as \\x1b, \\u2028..."""
    return INVISIBLE.sub(lambda match: _escape_sequence(match[0]), text)


terminal_text = visible  # one line for a terminal: nothing that moves the cursor or recolours


def terminal_lines(text: str) -> str:
    """Text of many lines for a terminal: line feeds kept, every other control character escaped."""
    return "\n".join(map(visible, text.split("\n")))


def html_text(text: str) -> str:
    """Text for HTML element content or a quoted attribute value."""
    return visible(text).translate(HTML_TABLE)


def template_text(text: str) -> str:
    """Text kept exactly in a <template> (never shown): '&', '<' and '>' escaped, and carriage
    returns written as references, which the HTML parser would otherwise turn into line feeds."""
    return html.escape(text, quote=False).replace("\r", "&#13;")


def markdown_text(text: str) -> str:
    """Text for Markdown, inside a line: shown as written, never read as Markdown or HTML.

    The characters of MARKDOWN_PLAIN stay as they are, so that T'Chako and a1-b1+c1 read
    plainly in the Markdown text itself."""
    return "".join(part if index % 2 else part.translate(MARKDOWN_ESCAPES)
                   for index, part in enumerate(MARKDOWN_PLAIN.split(visible(text))))


def script_json(value: object) -> str:
    """JSON to embed in an HTML <script> element: no '<', '>' or '&' that could close it."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    for char, escaped in SCRIPT_JSON_ESCAPES:  # str.replace is much faster than translate on long texts
        text = text.replace(char, escaped)
    return text


def yaml_string(text: str) -> str:
    """A double-quoted YAML scalar of printable ASCII holding exactly `text`."""
    return '"' + NOT_YAML_PLAIN.sub(lambda match: YAML_ESCAPES.get(match[0]) or _escape_sequence(match[0]), text) + '"'


def yaml_value(value: object) -> str:
    """A YAML flow value (mappings, lists, strings, numbers, booleans) on one line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return yaml_string(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{yaml_string(key)}: {yaml_value(item)}" for key, item in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(yaml_value(item) for item in value) + "]"
    raise TypeError(f"no YAML for {type(value).__name__}")


def csv_text(text: str) -> str:
    """A CSV cell of record text that no spreadsheet runs as a formula."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text
