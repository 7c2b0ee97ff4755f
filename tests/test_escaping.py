"""One escaping function per target (render/escaping.py, docs/publishing.md#safety)."""

from __future__ import annotations

import csv
import html as html_module
import io
import json
import unicodedata

import markdown
import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from ludoscribe.render.escaping import (csv_text, html_text, markdown_text, script_json, terminal_lines, terminal_text,
                                        visible, yaml_string, yaml_value)

from work import assert_linear

any_text = st.text(st.characters(codec="utf-8"))
# Characters with a meaning in Markdown, HTML or YAML, and ones that act rather than show.
tricky_text = st.text(st.sampled_from(list("[]()<>&\"'`*_|#~{}!\\:=+-@$^ \t\n\r\x00\x1b\x7f\x85\x9b"
                                           "\u2028\u2029\u202e\ufeff\ufffe\U0001f600ajs")), max_size=40)


def test_visible_writes_what_acts_as_an_escape_sequence():
    assert visible("Ann\x1b[31mRed\x7f\x9b\u2028\u202e\ufffe\U0010ffff") == (
        "Ann\\x1b[31mRed\\x7f\\x9b\\u2028\\u202e\\ufffe\\U0010ffff")
    assert visible("Zoë – 李 😀 \u200d") == "Zoë – 李 😀 \u200d"  # letters, dashes, emoji and joiners show as they are
    assert terminal_text("a\tb\r\nc") == "a\\x09b\\x0d\\x0ac"
    assert terminal_lines("a\x1b[2J\nb\r\n") == "a\\x1b[2J\nb\\x0d\n"  # line feeds kept, nothing else


def acts(char: str) -> bool:
    """A control character, line or paragraph separator, bidi control, surrogate or noncharacter."""
    code = ord(char)
    return (unicodedata.category(char) in ("Cc", "Zl", "Zp", "Cs") or 0x202A <= code <= 0x202E
            or 0x2066 <= code <= 0x2069 or 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE)


@given(any_text)
def test_visible_text_has_nothing_a_terminal_or_a_page_acts_on(text):
    shown = visible(text)
    assert not any(acts(char) for char in shown)
    assert shown == text or any(acts(char) for char in text)


def test_html_text_escapes_markup_and_quotes():
    assert html_text('"><img src=x onerror=alert(1)>') == "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"
    assert html_text("it's a & b\r") == "it&#x27;s a &amp; b\\x0d"


def test_markdown_text_is_never_a_link_emphasis_or_table_cell():
    text = "[Ann](javascript:alert(1)) *b* `c` | {: onclick=x} <script> ~~s~~ ![i](x) \\"
    html = markdown.markdown(f"| a |\n|---|\n| {markdown_text(text)} |\n\n# {markdown_text(text)}",
                             extensions=["tables", "attr_list", "toc"])
    assert "<a " not in html and "<em>" not in html and "<code>" not in html and "<img" not in html
    assert 'onclick="' not in html and "<script" not in html
    assert html.count("<td>") == 1


def test_markdown_text_leaves_what_is_never_syntax_inside_a_line_as_written():
    assert markdown_text("T'Chako a1-b1+c1 F>G") == "T'Chako a1-b1+c1 F>G"
    assert markdown_text("++ctrl++ <b> 1+") == "&#43;&#43;ctrl&#43;&#43; &lt;b> 1+"
    html = markdown.markdown(f"x {markdown_text('<script>alert(1)</script> ++k++')} x",
                             extensions=["pymdownx.keys"] if _has("pymdownx") else [])
    assert "<script" not in html and "<kbd" not in html


def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


@given(tricky_text)
def test_markdown_text_reads_back_as_the_visible_text(text):
    for extensions in ([], ["tables", "attr_list", "toc", "def_list"]):
        html = markdown.markdown(f"x {markdown_text(text)} x", extensions=extensions)
        assert "<a" not in html and "<em" not in html and "<strong" not in html and "<code" not in html
        inner = html.removeprefix("<p>x ").removesuffix(" x</p>")
        assert html_module.unescape(inner).strip() == visible(text).strip()


@given(any_text)
def test_yaml_string_reads_back_as_the_same_text(text):
    written = yaml_string(text)
    assert written.isascii() and written.isprintable()
    assert yaml.safe_load(f"title: {written}\n") == {"title": text}


def test_yaml_value_writes_a_configuration_yaml_reads_back():
    config = {"site_name": "Club\x7f \"night\" \U0001f600", "nav": [{"Home": "index.md"}], "strict": False, "n": 3}
    assert yaml.safe_load(yaml_value(config)) == config


def test_csv_text_keeps_formulas_from_running():
    for name in ("=HYPERLINK(\"http://x\",\"y\")", "+1", "-1", "@SUM(A1)", "\tx", "\rx"):
        assert csv_text(name) == "'" + name
    assert csv_text("Ann") == "Ann" and csv_text("A=1") == "A=1"


@given(any_text)
def test_csv_cells_read_back_with_no_formula_start(text):
    stream = io.StringIO()
    csv.writer(stream, quoting=csv.QUOTE_ALL).writerow([csv_text(text), "1"])
    (cell, number), = csv.reader(io.StringIO(stream.getvalue(), newline=""))
    assert number == "1" and not cell.startswith(("=", "+", "-", "@", "\t", "\r"))
    assert cell == text or cell == "'" + text


@given(st.dictionaries(any_text, st.lists(any_text, max_size=3), max_size=3))
def test_script_json_cannot_close_its_script_and_reads_back(value):
    text = script_json(value)
    assert not set(text) & set("<>&\u2028\u2029")
    assert json.loads(text) == value


# Each escape function, with the size of text its pass is counted on (bench/linear.py times them).
ESCAPES = {function.__name__: function for function in (visible, terminal_lines, html_text, markdown_text, yaml_string,
                                                         csv_text)}
ESCAPED_UNIT = "[a](javascript:x)\x1b\u2028<&\"\\ é😀\n"


@pytest.mark.parametrize("name", ESCAPES)
def test_escaping_is_linear_in_the_length_of_the_text(name):
    """Four times the text does about four times the work (not sixteen), counted (tests/work.py)."""
    assert_linear(ESCAPES[name], lambda n: ESCAPED_UNIT * n, 1_000)
