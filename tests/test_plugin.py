"""The mkdocs plugin: ```tgn and ```tgn-file blocks in any mkdocs site."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from publish_records import ANNOTATED

from ludoscribe.render.site.mkdocs_plugin import replace_blocks

CONFIG = """site_name: Plugin test
use_directory_urls: false
theme:
  name: mkdocs
plugins:
  - ludoscribe:
      size: 300
      record_dirs: [games]
"""


def build(tmp_path: Path, page: str, strict: bool = True) -> subprocess.CompletedProcess:
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "mkdocs.yml").write_text(CONFIG)
    (tmp_path / "docs" / "index.md").write_text(page)
    (tmp_path / "games").mkdir(exist_ok=True)
    (tmp_path / "games" / "club.tgn").write_text(ANNOTATED + "\n" + ANNOTATED.replace("Ann", "Cyd"))
    command = [sys.executable, "-m", "mkdocs", "build", "-f", str(tmp_path / "mkdocs.yml")]
    return subprocess.run(command + (["--strict"] if strict else []), capture_output=True, text=True)


def test_blocks_are_found_at_top_level_only():
    text = "a\n```tgn\nX\n```\n````markdown\n```tgn\nY\n```\n````\n~~~tgn-file\npath: z\n~~~\n```python\nZ\n```\n"
    found = []
    out = replace_blocks(text, lambda kind, body: found.append((kind, body)) or f"<{kind}>")
    assert found == [("tgn", "X\n"), ("tgn-file", "path: z\n")]
    assert out == "a\n\n<tgn>\n\n````markdown\n```tgn\nY\n```\n````\n\n<tgn-file>\n\n```python\nZ\n```\n"


def test_html_between_the_kept_lines_is_handed_over_whole_and_not_inside_a_fence():
    text = ("a\n<!--ludoscribe:html-->\n<p>x</p>\n\n*y*\n<!--/ludoscribe:html-->\nb\n"
            "```text\n<!--ludoscribe:html-->\n```\n<!--ludoscribe:html-->\nnever closed\n")
    kept = []
    out = replace_blocks(text, lambda kind, body: "", lambda html: kept.append(html) or f"<k{len(kept)}>")
    assert kept == ["<p>x</p>\n\n*y*", "never closed"]
    assert out == "a\n\n<k1>\n\nb\n```text\n<!--ludoscribe:html-->\n```\n\n<k2>\n\n"
    assert replace_blocks(text, lambda kind, body: "") == text  # without a keeper (the tests' scans), as it was


def test_kept_html_reaches_the_page_as_it_is_and_nothing_a_page_says_is_taken_for_it(tmp_path):
    """Markdown would make a paragraph and emphasis of the kept text; a placeholder written in a page
    (without the build's random token) stays what it is."""
    forged = '<div data-ludoscribe-kept="0123456789abcdef-0"></div>'
    page = (f"# Kept\n\n<!--ludoscribe:html-->\nSome *text* <b>as written</b>\n<!--/ludoscribe:html-->\n\n"
            f"*emphasis*\n\n{forged}\n\n```tgn\n{ANNOTATED}```\n")
    result = build(tmp_path, page)
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "site" / "index.html").read_text()
    assert "\nSome *text* <b>as written</b>\n" in html and "<p><em>emphasis</em></p>" in html
    assert forged in html and "ludoscribe:html" not in html and "data-ludoscribe-kept" not in html.replace(forged, "")
    assert html.count('<div class="ls-record" id="ls1">') == 1


def test_blocks_render_games_and_the_site_gets_the_viewer(tmp_path):
    page = (f"# Games\n\n```tgn\nturn: 2\nflip: true\ntags: true\n{ANNOTATED}```\n\n"
            "Stored:\n\n```tgn-file\npath: games/club.tgn\nrecord: 2\nturn: 1...\n```\n\n"
            "````markdown\n```tgn\nnot a game\n```\n````\n")
    result = build(tmp_path, page)
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "site" / "index.html").read_text()
    assert '<div class="ls-record" id="ls1">' in html and '<div class="ls-record" id="ls2">' in html
    assert '<div class="ls-game" data-at="3">' in html  # turn 2 is the third position
    assert '<p class="ls-status">1... H10</p>' in html
    assert "<div><dt>Yellow</dt><dd>Ann</dd></div>" in html  # tags: true
    assert '<p class="ls-caption">Cyd – Bob · Club night · 2026.11.20</p>' in html  # record 2, no tags
    assert 'width="300"' in html
    assert "```tgn\nnot a game\n```" in html  # a block inside another fenced block stays code
    assert (tmp_path / "site" / "assets" / "ludoscribe" / "viewer.js").is_file()
    assert "assets/ludoscribe/viewer.js" in html and "assets/ludoscribe/viewer.css" in html


def test_a_bad_block_shows_an_error_and_fails_a_strict_build(tmp_path):
    page = ("```tgn\n[Game \"Teblo\"]\n[Result \"*\"]\n\n1. D4 H10 2. D6 *\n```\n\n"
            "```tgn-file\npath: games/missing.tgn\n```\n\n```tgn\ncolour: red\n```\n")
    result = build(tmp_path, page)
    assert result.returncode != 0
    assert "index.md: ```tgn block 1: 4:14: turn 2 Yellow:" in result.stderr
    assert "Traceback" not in result.stderr
    result = build(tmp_path, page, strict=False)
    assert result.returncode == 0
    html = (tmp_path / "site" / "index.html").read_text()
    assert html.count('<div class="ls-error">') == 3
    assert "cannot read games/missing.tgn: No such file or directory" in html
    assert "unknown option &#x27;colour&#x27;" in html
