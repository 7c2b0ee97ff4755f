"""A viewer in any page (docs/publishing.md#a-viewer-in-any-page): `convert --to embed` writes
the viewer as JSON with viewer.js and viewer.css beside it, and one script tag plus the JSON
make a working viewer in a plain HTML page read from the disk, with no mkdocs and no network;
the mkdocs plugin uses the same script and lays the viewer out in both themes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browsers import CORPUS, SIZES, THEMES, screenshot, served
from hostile_records import PLUGIN_CONFIG, embed_page, run_cli
from playwright.sync_api import expect

from ludoscribe.notation import check
from ludoscribe.notation.files import load
from ludoscribe.notation.replay import positions
from ludoscribe.render.document import asset

TRAMPOLINE = CORPUS / "staku" / "trampoline-miniature.tgn"
SPRING = CORPUS / "teblo" / "spring-quadrangular-2024.tgn"
TWO = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Two games</title></head>
<body><main><h1>Two games</h1><p>A blog post.</p>
<script type="application/json" class="ludoscribe">{first}</script>
<p>And another one.</p>
<script type="application/json" class="ludoscribe">{second}</script>
<script src="viewer.js"></script>
</main></body></html>
"""


def main_line_labels(path: Path, number: int = 1) -> list[str]:
    """How the viewer names each turn of a record's main line ('12... H10'), worked out here."""
    record = list(load(str(path)))[number - 1]
    check(record)
    line = positions(record)
    return [f"{before.number}.{'..' if before.side else ''} {record.game.turn_text(node.turn)}"
            for (_, before), (node, _) in zip(line, line[1:])]


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """Two records converted --to embed into one folder, and pages holding them."""
    out = tmp_path_factory.mktemp("embed")
    first = run_cli("convert", TRAMPOLINE, "--to", "embed", "-o", out / "trampoline.json")
    second = run_cli("convert", SPRING, "--record", "3", "--to", "embed", "-o", out / "spring.json")
    assert (first.exit_code, second.exit_code) == (0, 0), first.output + second.output
    embed_page(out, "trampoline")
    (out / "two.html").write_text(TWO.format(first=(out / "trampoline.json").read_text(encoding="utf-8"),
                                             second=(out / "spring.json").read_text(encoding="utf-8")), encoding="utf-8")
    return out


def test_convert_to_embed_writes_the_json_and_the_viewer_beside_it(folder, tmp_path):
    assert sorted(path.name for path in folder.iterdir()) == ["spring.json", "trampoline.html", "trampoline.json",
                                                              "two.html", "viewer.css", "viewer.js"]
    assert (folder / "viewer.js").read_text(encoding="utf-8") == asset("viewer.js")
    document = json.loads((folder / "spring.json").read_text(encoding="utf-8"))
    assert document["format"] == "ludoscribe-viewer" and document["version"] == 1
    assert document["html"].startswith('<div class="ls-record" id="e') and 'class="ls-data"' in document["html"]
    (tmp_path / "viewer.js").write_text("/* mine */", encoding="utf-8")  # another script of that name is kept
    result = run_cli("convert", TRAMPOLINE, "--to", "embed", "-o", tmp_path / "game.json")
    assert result.exit_code == 2 and "viewer.js: exists already (--force replaces it)" in result.stderr
    assert (tmp_path / "viewer.js").read_text(encoding="utf-8") == "/* mine */" and not (tmp_path / "game.json").exists()
    result = run_cli("convert", TRAMPOLINE, "--to", "embed")  # standard output: the JSON alone
    assert result.exit_code == 0 and json.loads(result.stdout)["html"] == json.loads(
        (folder / "trampoline.json").read_text(encoding="utf-8"))["html"]


@pytest.mark.parametrize("size", SIZES)
def test_one_script_and_the_json_make_a_viewer_in_a_plain_page_read_from_disk(browser, folder, size):
    context = browser.new_context(viewport=SIZES[size])
    problems: list[str] = []
    context.route(lambda url: not url.startswith(("file:", "blob:")),
                  lambda route: (problems.append(route.request.url), route.abort()))
    page = context.new_page()
    page.size = size
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto((folder / "trampoline.html").as_uri())
    labels = main_line_labels(TRAMPOLINE)
    status = page.locator(".ls-status")
    expect(status).to_have_text("Start")
    expect(page.locator(".ls-controls")).to_have_css("display", "flex")  # styled: viewer.css found beside the script
    for label in labels:
        page.keyboard.press("ArrowRight")
        expect(status).to_have_text(label)
    page.keyboard.press("Home")
    expect(status).to_have_text("Start")
    page.click('button[data-go="forward"]')
    expect(status).to_have_text(labels[0])
    expect(page.locator('[aria-current="step"]')).to_have_text(labels[0].split(" ", 1)[1] + "!")  # with its glyph
    screenshot(page, "embed")
    context.close()
    assert problems == []


def test_several_records_in_one_page_each_with_its_viewer(browser, folder):
    context = browser.new_context(viewport=SIZES["desktop"])
    page = context.new_page()
    page.goto((folder / "two.html").as_uri())
    records = page.locator(".ls-record")
    expect(records).to_have_count(2)
    ids = page.evaluate("[...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids))  # each record's ids its own
    second = records.nth(1)
    labels = main_line_labels(SPRING, 3)
    second.locator('button[data-go="last"]').click()
    expect(second.locator(".ls-status")).to_have_text(labels[-1])
    page.keyboard.press("ArrowLeft")  # the keys follow the viewer last used
    expect(second.locator(".ls-status")).to_have_text(labels[-2])
    expect(records.nth(0).locator(".ls-status")).to_have_text("Start")
    context.close()


def test_a_page_can_name_the_json_on_a_web_server(browser, folder, tmp_path):
    (folder / "named.html").write_text('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Named</title>'
                                       '<script src="viewer.js"></script></head><body><main>'
                                       '<div class="ludoscribe" data-src="spring.json"></div></main></body></html>',
                                       encoding="utf-8")
    context = browser.new_context(viewport=SIZES["desktop"])
    page = context.new_page()
    page.goto((folder / "named.html").as_uri())  # from the disk the browser refuses to read it: said so
    expect(page.locator("main")).to_contain_text("Cannot read spring.json (a page read from the disk cannot read "
                                                 "other files: put the JSON in the page).")
    try:
        with served(folder) as address:
            page.goto(f"{address}named.html")
            expect(page.locator(".ls-status")).to_have_text("Start")
            page.keyboard.press("End")
            expect(page.locator(".ls-status")).to_have_text(main_line_labels(SPRING, 3)[-1])
    finally:
        context.close()


@pytest.fixture(scope="module", params=THEMES)
def plugin_site(request, tmp_path_factory) -> Path:
    """A page of an mkdocs site of the user's own with a record in a tgn-file block."""
    import subprocess
    import sys

    root = tmp_path_factory.mktemp(f"plugin-{request.param}")
    (root / "docs").mkdir()
    (root / "records").mkdir()
    (root / "records" / "staku.tgn").write_text(TRAMPOLINE.read_text(encoding="utf-8"), encoding="utf-8")
    (root / "mkdocs.yml").write_text(PLUGIN_CONFIG.format(theme=request.param), encoding="utf-8")
    (root / "docs" / "index.md").write_text("# A game\n\nSome words.\n\n```tgn-file\npath: records/staku.tgn\nturn: 1\n"
                                            "moves: table\n```\n\nMore words.\n", encoding="utf-8")
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(root / "mkdocs.yml")],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    return root / "site" / "index.html"


def test_the_plugin_lays_the_viewer_out_in_both_themes(browser, plugin_site):
    context = browser.new_context(viewport=SIZES["desktop"])
    page = context.new_page()
    page.goto(plugin_site.as_uri())
    expect(page.locator(".ls-status")).to_have_text("1. b6-c6+c8")
    widths = page.evaluate("""() => ['.ls-record', '.ls-board', '.ls-moves'].map(s =>
      document.querySelector(s).getBoundingClientRect())""")
    record, board, moves = widths
    assert moves["left"] >= board["right"]  # side by side
    assert moves["width"] >= 0.35 * record["width"]  # the move list has room (it once had 120 px)
    expect(page.locator(".ls-game")).to_have_attribute("data-moves", "table")  # the block's moves: table
    page.set_viewport_size(SIZES["phone"])
    expect(page.locator(".ls-board")).to_have_css("position", "sticky")
    moves = page.locator(".ls-moves").bounding_box()
    assert moves["y"] >= page.locator(".ls-board").bounding_box()["y"] + 100  # under the board
    context.close()


def test_a_record_downloads_from_an_embed_exactly_as_written(browser, tmp_path):
    """Without a TGN file beside the page, the viewer downloads the text the page keeps: the
    canonical record, byte for byte, its markup and control characters included."""
    from hostile_records import CORPUS as HOSTILE, write_corpus

    from ludoscribe.notation import read_string
    from ludoscribe.notation.writer import write_record

    write_corpus(tmp_path)
    hostile = next(h for h in HOSTILE if h.name == "terminal-escapes")
    assert run_cli("convert", tmp_path / f"{hostile.name}.tgn", "--to", "embed", "-o",
                   tmp_path / "out" / "game.json").exit_code == 0
    page_path = embed_page(tmp_path / "out", "game")
    (record,) = read_string(hostile.text)
    check(record)
    expected = write_record(record)
    assert "\x1b[2J" in expected and "\x07" in expected
    context = browser.new_context(viewport=SIZES["phone"], accept_downloads=True)
    page = context.new_page()
    page.goto(page_path.as_uri())
    page.click('button[data-go="menu"]')
    with page.expect_download() as download:
        page.click('button[data-do="tgn"]')
    assert download.value.suggested_filename.endswith(".tgn")
    assert Path(download.value.path()).read_bytes().decode("utf-8") == expected
    context.close()


# Each viewer's own: its ids, the references of its drawings, its position links (#id-12).
OWN = """() => {
  const ids = [...document.querySelectorAll('[id]')].map(e => e.id);
  const records = [...document.querySelectorAll('.ls-record')];
  const refs = records.map(r => [...r.querySelectorAll('use')].map(u => u.getAttribute('href') || u.getAttribute('xlink:href')));
  return {duplicates: ids.filter((id, i) => ids.indexOf(id) !== i),
          links: records.map(r => [...r.querySelectorAll('a.ls-m')].map(a => a.getAttribute('href'))),
          outside: refs.map((list, i) =>
            list.filter(ref => !records[i].querySelector(ref.replace(/[^#\\w-]/g, '\\\\$&'))).length),
          uses: refs.map(list => list.length)};
}"""


def same_record_twice(folder: Path) -> dict[str, Path]:
    """Pages showing one record twice: its embed JSON twice, and a page of `convert --to html`
    pasted twice into one page (both viewers with the same ids as written)."""
    spring = (folder / "spring.json").read_text(encoding="utf-8")
    (folder / "same-twice.html").write_text(TWO.format(first=spring, second=spring), encoding="utf-8")
    run_cli("convert", SPRING, "--record", "3", "--to", "html", "-o", folder / "converted.html")
    body = (folder / "converted.html").read_text(encoding="utf-8").split("<body>\n", 1)[1].split("</body>", 1)[0]
    (folder / "pasted-twice.html").write_text('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
                                              f'<title>Twice</title></head><body><main>{body}{body}</main></body></html>',
                                              encoding="utf-8")
    return {"embed": folder / "same-twice.html", "pasted": folder / "pasted-twice.html",
            "plugin": plugin_page_twice(folder / "plugin")}


def plugin_page_twice(root: Path) -> Path:
    """A plugin page with the same block twice, the second after a heading whose id is the one the
    plugin gives that block (ls2)."""
    import subprocess
    import sys

    if (root / "site" / "index.html").is_file():
        return root / "site" / "index.html"
    (root / "docs").mkdir(parents=True)
    (root / "records").mkdir()
    (root / "records" / "spring.tgn").write_text(SPRING.read_text(encoding="utf-8"), encoding="utf-8")
    (root / "mkdocs.yml").write_text(PLUGIN_CONFIG.format(theme="mkdocs"), encoding="utf-8")
    block = "```tgn-file\npath: records/spring.tgn\nrecord: 3\n```\n"
    (root / "docs" / "index.md").write_text(f"# Twice\n\n{block}\n## LS2\n\n{block}", encoding="utf-8")
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(root / "mkdocs.yml")],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    return root / "site" / "index.html"


@pytest.mark.parametrize("kind", ("embed", "pasted", "plugin"))
def test_one_record_twice_in_a_page_gives_two_viewers_of_their_own(browser, folder, kind):
    """Unique ids on the page, each viewer's drawings using its own elements, and position links
    that move only the viewer they belong to, from a click as from the address."""
    path = same_record_twice(folder)[kind]
    context = browser.new_context(viewport=SIZES["desktop"])
    page = context.new_page()
    page.goto(path.as_uri())
    records = page.locator(".ls-record")
    expect(records).to_have_count(2)
    expect(records.nth(1).locator(".ls-status")).to_have_text("Start")
    own = page.evaluate(OWN)
    assert own["duplicates"] == [] and own["outside"] == [0, 0] and min(own["uses"]) > 0
    first, second = own["links"]
    assert len(first) == len(second) > 3 and not set(first) & set(second)
    records.nth(1).locator("a.ls-m").nth(3).click()
    shown = records.nth(1).locator(".ls-status")
    expect(shown).not_to_have_text("Start")
    label = shown.inner_text()
    expect(records.nth(0).locator(".ls-status")).to_have_text("Start")
    assert page.evaluate("location.hash") == second[3]
    page.goto("about:blank")
    page.goto(path.as_uri() + second[3])
    expect(records.nth(1).locator(".ls-status")).to_have_text(label)
    expect(records.nth(0).locator(".ls-status")).to_have_text("Start")
    page.goto("about:blank")
    page.goto(path.as_uri() + first[3])
    expect(records.nth(0).locator(".ls-status")).to_have_text(label)
    expect(records.nth(1).locator(".ls-status")).to_have_text("Start")
    own = page.evaluate(OWN)
    assert own["duplicates"] == [] and own["outside"] == [0, 0]  # the frames drawn since use their own too
    context.close()
