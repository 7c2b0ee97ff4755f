"""Rebuilding a site and a kept mkdocs project (docs/cli.md#site): each folder is built beside
its place and swapped in, so a build that fails anywhere, even killed, leaves the previous
one as it was or lets the next build finish; what a build may replace is decided file by
file from the manifest of what it wrote (render/site/folders.py)."""

from __future__ import annotations

import errno
import fcntl
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import mkdocs.utils
from ludoscribe.cli.main import cli
from ludoscribe.render.site import pages as site_pages
from ludoscribe.render.site import folders as site_folders
from ludoscribe.render.site import build_site

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
FIRST = ["open-day-2024-kalf-vos.tgn", "kastanje-2023-r7-hendriks-van-luijk.tgn"]
SECOND = FIRST + ["twente-league-2024-r5-brenner-dubois.tgn"]
BESIDE = (".site.ludoscribe-new", ".site.ludoscribe-old", ".project.ludoscribe-new", ".project.ludoscribe-old")
BESIDE_PART = re.compile(r"(?:^|/)\.(?:site|project)\.ludoscribe-(?:new|old)(?:/|$)")


def run(*args) -> object:
    return CliRunner().invoke(cli, [str(arg) for arg in args])


def sources(tmp_path: Path, names: list[str]) -> Path:
    folder = tmp_path / f"records-{len(names)}"
    folder.mkdir(exist_ok=True)
    for name in names:
        shutil.copy(CORPUS / "teblo" / name, folder / name)
    return folder


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under `folder` but the folders a build writes beside the site and the project:
    a file's bytes, a link's target, 'folder' for a folder."""
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if BESIDE_PART.search(name):
            continue
        found[name] = (f"link {os.readlink(path)}" if path.is_symlink() else "folder" if path.is_dir()
                       else path.read_bytes())
    return found


def leftovers(*folders: Path) -> list[str]:
    return sorted(entry.name for folder in folders for entry in folder.iterdir() if entry.name in BESIDE)


@pytest.fixture
def built(tmp_path: Path) -> Path:
    """A kept project holding its site (the layout docs/publishing.md shows), with files of the
    user's own at the top of both: the state a failed rebuild must leave as it was."""
    project = tmp_path / "project"
    result = run("site", sources(tmp_path, FIRST), "--project", project, "-o", project / "site", "--theme", "mkdocs", "-q")
    assert result.exit_code == 0, result.output
    (project / "site" / ".git").mkdir()
    (project / "site" / ".git" / "HEAD").write_text("ref: refs/heads/pages\n")
    (project / "site" / "CNAME").write_text("games.example.org\n")
    (project / "README.md").write_text("# Our club's games\n")
    return project


def rebuild(tmp_path: Path, project: Path):
    return run("site", sources(tmp_path, SECOND), "--project", project, "-o", project / "site", "--theme", "mkdocs", "-q")


def assert_rebuilt(tmp_path: Path, project: Path, before: dict) -> None:
    """The next build succeeds, publishes the second set of records, keeps the user's files."""
    result = rebuild(tmp_path, project)
    assert (result.exit_code, result.stderr) == (0, "")
    assert len(list((project / "site" / "records").glob("*.html"))) == 3
    after = snapshot(project)
    for name in ("README.md", "site/CNAME", "site/.git", "site/.git/HEAD"):
        assert after[name] == before[name]
    assert leftovers(tmp_path, project) == []


# --- failures inside the process ---------------------------------------------------------------

def fail_on_call(monkeypatch, owner, name: str, number: int, error: BaseException) -> None:
    original = getattr(owner, name)
    calls = []

    def failing(*args, **kwargs):
        calls.append(1)
        if len(calls) == number:
            raise error
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, failing)


NO_SPACE = OSError(errno.ENOSPC, "No space left on device", "index.html")


@pytest.mark.parametrize("owner, name, number, error", [
    (site_pages, "write_page", 2, NO_SPACE),  # rendering the record pages
    (mkdocs.utils, "write_file", 5, NO_SPACE),  # mkdocs writing the site
    (site_folders, "_digest", 3, NO_SPACE),  # listing what was written
    (site_folders, "write_text", 3, NO_SPACE),  # writing the site's manifest (the 1st and 2nd mark "being built")
    (site_folders.os, "rename", 2, KeyboardInterrupt()),  # the swap, after the first kept entry moved
], ids=["pages", "mkdocs", "listing", "manifest", "swap"])
def test_a_build_failing_anywhere_leaves_the_previous_site_as_it_was(built, tmp_path, monkeypatch, owner, name,
                                                                      number, error):
    before = snapshot(built)
    fail_on_call(monkeypatch, owner, name, number, error)
    with pytest.raises(type(error)):
        build_site([str(sources(tmp_path, SECOND))], built / "site", project=built, theme="mkdocs")
    monkeypatch.undo()
    assert snapshot(built) == before
    assert leftovers(tmp_path, built) == []
    assert_rebuilt(tmp_path, built, before)


def test_a_failing_build_is_reported_and_the_site_is_kept(built, tmp_path, monkeypatch):
    before = snapshot(built)
    fail_on_call(monkeypatch, mkdocs.utils, "write_file", 5, NO_SPACE)
    result = rebuild(tmp_path, built)
    assert (result.exit_code, result.stderr) == (2, "Error: cannot read or write index.html: No space left on device\n")
    assert snapshot(built) == before


# --- a killed build ------------------------------------------------------------------------------

KILLER = """
import os, signal, sys
import mkdocs.utils
from ludoscribe.cli.main import cli
from ludoscribe.render.site import folders as site_folders, pages as site_pages

owner, name, number, ending = sys.argv[1:5]
owners = {"pages": site_pages, "mkdocs": mkdocs.utils, "folders": site_folders, "os": os, "shutil": site_folders.shutil}
original, calls = getattr(owners[owner], name), []

def killing(*args, **kwargs):
    if str(args[-1]).endswith(ending):
        calls.append(1)
        if len(calls) == int(number):
            os.kill(os.getpid(), signal.SIGKILL)
    return original(*args, **kwargs)

setattr(owners[owner], name, killing)
cli(sys.argv[5:])
"""

KILLED_BEFORE_THE_SWAP = [("pages", "write_page", 2, ""), ("mkdocs", "write_file", 5, ""), ("folders", "_digest", 3, ""),
                          ("folders", "write_text", 3, "")]
KILLED_IN_THE_SWAP = [("os", "rename", 1, "ludoscribe-new/CNAME"), ("os", "rename", 1, ".site.ludoscribe-old"),
                      ("os", "rename", 1, "project/site"), ("shutil", "rmtree", 1, ".site.ludoscribe-old"),
                      ("os", "rename", 1, ".project.ludoscribe-old")]


def killed(tmp_path: Path, project: Path, point: tuple) -> subprocess.CompletedProcess:
    command = [sys.executable, "-c", KILLER, *map(str, point), "site", str(sources(tmp_path, SECOND)),
               "--project", str(project), "-o", str(project / "site"), "--theme", "mkdocs", "-q"]
    return subprocess.run(command, capture_output=True, text=True)


@pytest.mark.parametrize("point", KILLED_BEFORE_THE_SWAP, ids=["pages", "mkdocs", "listing", "manifest"])
def test_a_build_killed_before_the_swap_leaves_the_previous_site_as_it_was(built, tmp_path, point):
    before = snapshot(built)
    assert killed(tmp_path, built, point).returncode == -9
    assert snapshot(built) == before  # the new folder beside it is dropped by the next build
    assert_rebuilt(tmp_path, built, before)


@pytest.mark.parametrize("point", KILLED_IN_THE_SWAP, ids=["kept-moved", "site-retired", "site-in-place",
                                                           "old-site-deleted", "project-retired"])
def test_a_build_killed_during_the_swap_is_finished_by_the_next_one(built, tmp_path, point):
    before = snapshot(built)
    assert killed(tmp_path, built, point).returncode == -9
    assert_rebuilt(tmp_path, built, before)


# --- what a build may replace ----------------------------------------------------------------------

def test_a_mark_inside_a_folder_of_the_site_hides_nothing(built, tmp_path):
    archive = built / "site" / "records" / "2023"
    archive.mkdir()
    shutil.copy(built / "site" / ".ludoscribe-site", archive / ".ludoscribe-site")
    (archive / "notes.txt").write_text("mine")
    before = snapshot(built)
    result = rebuild(tmp_path, built)
    assert (result.exit_code, result.stderr) == (2, (
        f"Error: {archive / '.ludoscribe-site'} was not written by ludoscribe: a new build would delete it; "
        f"move it out of {built / 'site'}, or choose another folder\n"))
    assert snapshot(built) == before


def test_a_folder_of_the_user_at_the_top_of_the_site_stays_there(built, tmp_path):
    archive = built / "site" / "archive-2023"
    archive.mkdir()
    shutil.copy(built / "site" / ".ludoscribe-site", archive / ".ludoscribe-site")
    (archive / "notes.txt").write_text("mine")
    before = snapshot(built)
    assert_rebuilt(tmp_path, built, before)
    assert snapshot(archive) == {".ludoscribe-site": before["site/archive-2023/.ludoscribe-site"], "notes.txt": b"mine"}


def test_a_page_changed_since_the_build_is_not_replaced(built, tmp_path):
    page = built / "docs" / "index.md"
    page.write_text(page.read_text() + "\nOur own words.\n")
    before = snapshot(built)
    result = rebuild(tmp_path, built)
    assert (result.exit_code, result.stderr) == (2, (
        f"Error: {page} was changed since ludoscribe wrote it: a new build would replace it; "
        f"move it out of {built}, or choose another folder\n"))
    assert snapshot(built) == before


def test_a_file_of_the_user_in_the_way_of_the_new_build_stops_it(built, tmp_path):
    (built / "site" / "events.html").unlink()
    manifest = built / "site" / ".ludoscribe-site"
    manifest.write_text("".join(line for line in manifest.read_text().splitlines(keepends=True)
                                if not line.endswith("  events.html\n")))
    (built / "site" / "events.html").write_text("my events")  # the user's now: not in the manifest
    before = snapshot(built)
    result = rebuild(tmp_path, built)
    assert (result.exit_code, result.stderr) == (2, (
        f"Error: {built / 'site' / 'events.html'} was not written by ludoscribe, and the new build writes "
        f"events.html: move it out of {built / 'site'}, or choose another folder\n"))
    assert snapshot(built) == before
    assert leftovers(tmp_path, built) == []


@pytest.mark.parametrize("mark", ["", "# mkdocs project written by ludoscribe; a new build replaces these files only\n"
                                      "mkdocs.yml\n"])
def test_a_mark_that_does_not_list_contents_protects_everything(tmp_path, mark):
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / ".ludoscribe-project").write_text(mark)  # left by a failed build of an earlier version
    (project / "docs" / "about.md").write_text("# About our club\n")
    before = snapshot(project)
    result = run("site", sources(tmp_path, FIRST), "--project", project, "-o", tmp_path / "site", "-q")
    assert (result.exit_code, result.stderr) == (2, (
        f"Error: {project / '.ludoscribe-project'} does not list the files ludoscribe wrote and their content "
        f"(it is damaged, or older than this version): a new build cannot tell them from yours; move what you "
        f"want to keep out of {project} and delete it, or choose another folder\n"))
    assert snapshot(project) == before and not (tmp_path / "site").exists()


def test_a_failed_first_project_build_leaves_nothing_that_claims_the_users_pages(tmp_path, monkeypatch):
    project = tmp_path / "project"
    fail_on_call(monkeypatch, mkdocs.utils, "write_file", 3, NO_SPACE)
    result = run("site", sources(tmp_path, FIRST), "--project", project, "-o", tmp_path / "site", "-q")
    monkeypatch.undo()
    assert result.exit_code == 2
    assert list(tmp_path.iterdir()) == [tmp_path / "records-2"]  # no project, no site, nothing beside them
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "about.md").write_text("# About our club\n")
    result = run("site", sources(tmp_path, FIRST), "--project", project, "-o", tmp_path / "site", "-q")
    assert (result.exit_code, result.stderr) == (2, (
        f"Error: {project} is not empty and holds no mkdocs project built by ludoscribe: choose an empty folder\n"))
    assert (project / "docs" / "about.md").read_text() == "# About our club\n"


@pytest.mark.parametrize("site, message", [
    ("project", "the site ({p}) and the mkdocs project ({p}) need folders of their own"),
    ("project/docs/site", "the site ({p}/docs/site) and the mkdocs project ({p}) need folders of their own"),
    ("project/mkdocs.yml", "the site ({p}/mkdocs.yml) and the mkdocs project ({p}) need folders of their own"),
    ("", "the site ({t}) and the mkdocs project ({p}) need folders of their own"),
])
def test_the_site_and_the_project_in_one_another_are_refused(tmp_path, site, message):
    project = tmp_path / "project"
    result = run("site", sources(tmp_path, FIRST), "--project", project, "-o", tmp_path / site, "-q")
    assert result.exit_code == 2
    assert result.stderr == ("Error: " + message.format(p=project, t=tmp_path) + "; the site may be inside the project beside "
                             f"its docs folder ({project / 'site'})\n")
    assert not project.exists()


def test_a_site_behind_a_link_is_rebuilt_where_the_link_leads(tmp_path):
    real = tmp_path / "www" / "games"
    assert run("site", sources(tmp_path, FIRST), "-o", real, "--theme", "mkdocs", "-q").exit_code == 0
    (tmp_path / "site").symlink_to(real)
    result = run("site", sources(tmp_path, SECOND), "-o", tmp_path / "site", "--theme", "mkdocs", "-q")
    assert (result.exit_code, result.stderr) == (0, "")
    assert (tmp_path / "site").is_symlink() and len(list((real / "records").glob("*.html"))) == 3
    assert leftovers(tmp_path, tmp_path / "www") == []


def test_one_build_at_a_time_writes_into_a_folder(built, tmp_path):
    before = snapshot(built)
    holder = os.open(built, os.O_RDONLY)  # the folder the site is in, as a build running holds it
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)
        result = rebuild(tmp_path, built)
    finally:
        os.close(holder)
    assert (result.exit_code, result.stderr) == (2, (
        f"Error: another ludoscribe build is writing into {built}: wait for it to finish\n"))
    assert snapshot(built) == before
    assert_rebuilt(tmp_path, built, before)
