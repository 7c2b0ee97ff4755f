"""Hostile records: markup and paths in tags and comments never escape into pages or the disk."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from publish_records import random_record

from ludoscribe.cli.main import cli

SCRIPT = "<script>alert(1)</script>"
IMAGE = '"><img src=x onerror=alert(1)>'
PATH = "../../x"
RAW = ["<script>alert", "<img src=x", "<b>bold", "</title><script>"]


def tgn_value(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


HOSTILE = f"""[Game "Teblo"]
[Event "{tgn_value(SCRIPT)}"]
[Site "{PATH}"]
[Date "2026.01.01"]
[Round "{tgn_value(IMAGE)}"]
[Yellow "{tgn_value(IMAGE)}"]
[Red "{PATH}"]
[Result "*"]
[Annotator "</title><script>alert(2)</script>"]

{{{SCRIPT}}} 1. D4 {{{IMAGE} [%mark {IMAGE}] [%diagram]}} H10 {{{PATH} </script><script>alert(3)</script>}}
(1... I9 {{<b>bold</b> [%arrow D4-{IMAGE}]}}) *
"""
SECOND = f"""[Game "Teblo"]
[Event "{PATH}"]
[Yellow "{PATH}/{PATH}"]
[Red ".."]
[Result "*"]

1. D4 *
"""


def files_under(folder: Path) -> set[Path]:
    return {path for path in folder.rglob("*")}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    (root / "in").mkdir()
    (root / "in" / "hostile.tgn").write_text(HOSTILE + "\n" + SECOND, encoding="utf-8")
    (root / "in" / "other.tgn").write_text(random_record("Teblo", 6, 1, tags={"Event": PATH}), encoding="utf-8")
    before = files_under(root)
    work = root / "work"
    work.mkdir()
    result = CliRunner().invoke(cli, ["site", str(root / "in"), "-o", str(work / "site"),
                                      "--project", str(work / "project")])
    assert result.exit_code == 0, result.output
    return root, before, work


def pages(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*") if path.suffix in (".html", ".json", ".md", ".xml", ".yml")]


def test_no_file_is_written_outside_the_output_folders(site):
    root, before, work = site
    written = files_under(root) - before
    assert {work / "site" / "index.html", work / "project" / "mkdocs.yml"} <= written
    assert [path for path in written if work not in path.parents and path != work] == []
    assert not (root.parent / "x").exists() and not (root / "x").exists()


def test_file_names_made_from_tags_are_plain(site):
    _, _, work = site
    names = [path.name for folder in (work / "site" / "records", work / "site" / "events",
                                      work / "project" / "docs" / "records") for path in folder.iterdir()]
    assert len(names) == 3 * 2 + 2 + 3 * 2  # three records (page and TGN), two events, the project's three (Markdown and TGN)
    assert [name for name in names if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*\.(html|md|tgn)", name)] == []


def test_record_strings_appear_only_escaped(site):
    _, _, work = site
    found = pages(work / "site") + pages(work / "project")
    assert any(path.name == "search_index.json" for path in found)
    for path in found:
        text = path.read_text(encoding="utf-8")
        for raw in RAW:
            assert raw not in text, (path, raw)
    record_page = next((work / "site" / "records").glob("script-alert-1-script*.html")).read_text()
    assert '<a href="../events/script-alert-1-script.html">&lt;script&gt;alert(1)&lt;/script&gt;</a>' in record_page
    assert "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" in record_page
    assert "../../x &lt;/script&gt;&lt;script&gt;alert(3)&lt;/script&gt;" in record_page
    assert "<title>&quot;&gt;&lt;img src=x onerror=alert(1)&gt; – ../../x" in record_page


def test_the_embedded_viewer_data_cannot_close_its_script(site):
    _, _, work = site
    blocks = [data for path in (work / "site" / "records").iterdir() for data in
              re.findall(r'<script type="application/json" class="ls-data">(.*?)</script>',
                         path.read_text(encoding="utf-8"), re.DOTALL)]
    assert len(blocks) == 3  # one viewer on each record's page
    assert [data for data in blocks if "<" in data or ">" in data] == []


def test_converted_documents_are_escaped_too(tmp_path):
    (tmp_path / "hostile.tgn").write_text(HOSTILE, encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(cli, ["convert", str(tmp_path / "hostile.tgn"), "--to", "md",
                               "-o", str(tmp_path / "out" / "game.md")]).exit_code == 0
    assert runner.invoke(cli, ["convert", str(tmp_path / "hostile.tgn"), "--to", "html",
                               "-o", str(tmp_path / "out" / "game.html")]).exit_code == 0
    written = sorted((tmp_path / "out").iterdir())
    assert [path.name for path in written if path.suffix != ".svg"] == ["game.html", "game.md"]
    for path in written:
        text = path.read_text(encoding="utf-8")
        for raw in RAW:
            assert raw not in text, (path, raw)
    markdown = (tmp_path / "out" / "game.md").read_text()
    assert "| Event | &lt;script>alert(1)&lt;/script> |" in markdown
    assert not (tmp_path / "x").exists()
