"""`ludoscribe site` and `convert --to md|html`: pages, indexes, progress, jobs, folders."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from publish_records import ANNOTATED, ENGINES, random_record

from ludoscribe.cli.main import cli
from ludoscribe.render.wording import slugify

ILLEGAL = '[Game "Teblo"]\n[Event "Club night"]\n[Result "*"]\n\n1. D4 H10 2. D6 *\n'


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture(scope="module")
def sources(tmp_path_factory) -> Path:
    """One annotated Teblo record, a random game with variations per engine, one illegal record."""
    folder = tmp_path_factory.mktemp("records")
    (folder / "club.tgn").write_text(ANNOTATED + "\n" + ILLEGAL, encoding="utf-8")
    for game in ENGINES:
        (folder / f"{game.lower()}.tgn").write_text(
            random_record(game, 16, 7, variation=True, tags={"Date": "2026.10.0" + str(len(game) % 9)}),
            encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def built(sources, tmp_path_factory):
    """The site of `sources`, its kept project and the command's result."""
    root = tmp_path_factory.mktemp("built")
    result = run("site", str(sources), "-o", str(root / "site"), "--project", str(root / "project"),
                 "--title", "Club games")
    return root / "site", root / "project", result


def test_site_reports_bad_records_and_builds_the_others(built):
    site, _, result = built
    assert result.exit_code == 1, result.output
    assert re.search(r"club\.tgn:\d+:\d+: turn 2 Yellow: .+", result.stderr)
    records = sorted(path.name for path in (site / "records").iterdir())
    assert "club-night-3-ann-bob.html" in records and "club-night-3-ann-bob.tgn" in records
    assert len(records) == 2 * (1 + len(ENGINES))  # each record's page and its TGN file
    assert all(re.fullmatch(r"[a-z0-9-]+\.(html|tgn)", name) for name in records)


def test_progress_goes_to_standard_error(built):
    lines = built[2].stderr.splitlines()
    assert f"site: {1 + len(ENGINES)} records read from {1 + len(ENGINES)} files, 1 with problems left out" in lines
    assert f"site: rendered {1 + len(ENGINES)}/{1 + len(ENGINES)} record pages" in lines
    assert any(line.startswith("site: building") for line in lines)
    assert lines[-1].startswith("site: wrote ")


def test_the_last_line_says_which_file_to_open(built):
    site, _, result = built
    assert result.stdout == f"Open {site / 'index.html'} in a browser ({(site / 'index.html').as_uri()}).\n"


def test_index_pages_by_game_and_by_event(built):
    site, project, _ = built
    docs = project / "docs"
    index = (docs / "index.md").read_text()
    assert index.startswith('---\ntitle: "Club games"\n---\n\n# Club games\n')
    assert '<tr><td><a href="games/teblo.html">Teblo</a></td><td>2</td></tr>' in index
    assert ('<tr><td><a href="./events/club-night.html">Club night</a></td><td>1</td><td>2026.11.20</td></tr>'
            in index)
    teblo = (docs / "games" / "teblo.md").read_text()
    assert ('<div class="ls-sortable">\n<table>\n<thead><tr><th>Players</th><th>Result</th><th>Date</th>'
            '<th class="ls-aside">Round</th><th class="ls-aside">Event</th></tr></thead>') in teblo  # aside: not on a phone
    players = ('<a href="../records/club-night-3-ann-bob.html"><span class="ls-who">Ann –</span> '
               '<span class="ls-who">Bob</span></a>')
    assert (f'<tr><td>{players}</td><td>*</td>'
            '<td data-sort="2026.11.20">2026.11.20</td><td class="ls-aside">3</td>'
            '<td class="ls-aside"><a href="../events/club-night.html">Club night</a></td></tr>') in teblo
    event = (docs / "events" / "club-night.md").read_text()
    assert (f'<tr><td>{players}</td><td class="ls-aside">Teblo</td><td>*</td>'
            '<td data-sort="2026.11.20">2026.11.20</td><td class="ls-aside">3</td></tr>') in event
    for page in ("index.html", "events.html", "players.html", "games/teblo.html", "events/club-night.html"):
        assert (site / page).is_file()


def test_record_page_links_back_and_carries_the_viewer(built):
    site, project, _ = built
    page = (site / "records" / "club-night-3-ann-bob.html").read_text()
    # the viewer's HTML reaches the page as the project's Markdown holds it, once, without the lines around it
    # (docs/publishing.md#keeping-the-mkdocs-project)
    markdown = (project / "docs" / "records" / "club-night-3-ann-bob.md").read_text()
    viewer = markdown.split("\n<!--ludoscribe:html-->\n", 1)[1].split("\n<!--/ludoscribe:html-->\n", 1)[0]
    assert viewer.startswith('<div class="ls-record" id="g">') and page.count(viewer) == 1
    assert "ludoscribe:html" not in page
    assert '<a href="../games/teblo.html">Teblo</a>' in page
    assert '<a href="../events/club-night.html">Club night</a>' in page
    assert 'class="ls-data"' in page and "assets/ludoscribe/viewer.js" in page
    assert (site / "assets" / "ludoscribe" / "viewer.js").is_file()
    assert "fonts.googleapis" not in page  # nothing fetched from the network


def test_kept_project_rebuilds_with_mkdocs_and_the_plugin(built, tmp_path):
    _, project, _ = built
    assert (project / "mkdocs.yml").is_file()
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f",
                             str(project / "mkdocs.yml"), "-d", str(tmp_path / "again")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "again" / "records" / "club-night-3-ann-bob.html").is_file()


def files_of(folder: Path) -> dict[Path, bytes]:
    return {path.relative_to(folder): path.read_bytes() for path in folder.rglob("*") if path.is_file()}


def test_jobs_render_the_same_pages(sources, built, tmp_path):
    result = run("site", str(sources), "-o", str(tmp_path / "site"), "--project", str(tmp_path / "project"),
                 "--title", "Club games", "--jobs", "2")
    assert result.exit_code == 1
    alone, together = files_of(built[1] / "docs"), files_of(tmp_path / "project" / "docs")
    assert len(alone) > 1 + len(ENGINES) and Path("records/club-night-3-ann-bob.md") in alone
    assert together == alone


def test_a_folder_in_the_way_is_left_alone(sources, tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me")
    result = run("site", str(sources / "teblo.tgn"), "-o", str(tmp_path / "mine"))
    assert result.exit_code == 2
    assert "is not empty and holds no site built by ludoscribe" in result.stderr
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep me"


def test_a_site_is_rebuilt_in_place(sources, tmp_path):
    out = tmp_path / "site"
    assert run("site", str(sources / "teblo.tgn"), "-o", str(out), "--theme", "mkdocs").exit_code == 0
    assert run("site", str(sources / "staku.tgn"), "-o", str(out), "--theme", "mkdocs").exit_code == 0
    assert [path.name for path in (out / "games").iterdir()] == ["staku.html"]


def test_unreadable_source_exits_2(tmp_path):
    result = run("site", str(tmp_path / "nope.tgn"), "-o", str(tmp_path / "site"))
    assert result.exit_code == 2 and "nope.tgn" in result.stderr


@pytest.mark.parametrize("text, slug", [("Club Night 2026", "club-night-2026"), ("../../x", "x"),
                                        ("Élise & Zoë", "elise-zoe"), ("<>", "fallback"), ("", "fallback"),
                                        ("a" * 80, "a" * 60)])
def test_slugs(text, slug):
    assert slugify(text, "fallback") == slug


def test_convert_to_markdown_writes_svg_files_beside(tmp_path):
    (tmp_path / "club.tgn").write_text(ANNOTATED)
    result = run("convert", str(tmp_path / "club.tgn"), "--to", "md", "-o", str(tmp_path / "out" / "club.md"))
    assert result.exit_code == 0, result.stderr
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == [
        "club-008.svg", "club-009.svg", "club-010.svg", "club.md"]
    assert "![Final position](club-010.svg)" in (tmp_path / "out" / "club.md").read_text()


def test_convert_to_html_is_a_titled_page_around_one_fragment(tmp_path):
    (tmp_path / "club.tgn").write_text(ANNOTATED)
    result = run("convert", str(tmp_path / "club.tgn"), "--to", "html")
    assert result.exit_code == 0
    assert result.stdout.startswith("<!DOCTYPE html>") and "<title>Ann – Bob</title>" in result.stdout
    assert result.stdout.count('<section class="ls-document"><style>') == 1
    assert result.stdout.count("<svg") == 4  # the viewer's board and three diagrams


def test_convert_publishing_needs_one_valid_record(tmp_path):
    (tmp_path / "two.tgn").write_text(ANNOTATED + "\n" + ILLEGAL)
    result = run("convert", str(tmp_path / "two.tgn"), "--to", "html")
    assert result.exit_code == 2 and "holds 2 records: choose one with --record K" in result.stderr
    result = run("convert", str(tmp_path / "two.tgn"), "--to", "html", "--record", "2", "-o", str(tmp_path / "x.html"))
    assert result.exit_code == 1 and "turn 2 Yellow" in result.stderr
    assert not (tmp_path / "x.html").exists()
    result = run("convert", str(tmp_path / "two.tgn"), "--to", "md")
    assert result.exit_code == 2 and "give -o FILE.md" in result.stderr
    result = run("convert", str(tmp_path / "two.tgn"), "--to", "tgn", "--record", "1")
    assert result.exit_code == 0 and result.stdout.count('[Game "Teblo"]') == 1


def test_records_naming_no_game_are_reported_and_left_out(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.tgn").write_text('[Event "x"]\n[Result "*"]\n\n1. D4 *\n', encoding="utf-8")
    (folder / "b.tgn").write_text('[Game "Nope"]\n[Result "*"]\n\n1. D4 *\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["site", str(folder), "-o", str(tmp_path / "site")])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert f"{folder / 'a.tgn'}:4:1: missing Game tag: it names the game (Teblo, Staku, Tektop, Tekao or TChako)" in lines
    assert (f"{folder / 'b.tgn'}:1:1: unknown game 'Nope' (the Game tag is one of Teblo, Staku, Tektop, Tekao, "
            "TChako)") in lines
    assert "site: 0 records read from 2 files, 2 with problems left out" in lines
