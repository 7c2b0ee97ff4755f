"""Every option of the mkdocs plugin, in a block and in mkdocs.yml, with values a hostile page
or configuration may hold: each is refused with a message saying why, never an internal
error (docs/publishing.md#games-in-any-mkdocs-site)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from publish_records import ANNOTATED

from ludoscribe.render.site.mkdocs_plugin import LudoscribePlugin

LONG = "9" * 5000
CONFIG = "site_name: Plugin options\nuse_directory_urls: false\ntheme:\n  name: mkdocs\nplugins:\n  - ludoscribe:\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Games\n", encoding="utf-8")
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "club.tgn").write_text(ANNOTATED, encoding="utf-8")
    (tmp_path / "games" / "loop").symlink_to("loop")
    return tmp_path


def warnings_of(folder: Path, block: str, caplog) -> list[str]:
    """The plugin's warnings for a page holding `block` (a ```tgn-file block's body)."""
    from mkdocs.config import load_config

    (folder / "mkdocs.yml").write_text(CONFIG + "      record_dirs: [games]\n", encoding="utf-8")
    config = load_config(str(folder / "mkdocs.yml"))
    plugin = config.plugins["ludoscribe"]
    assert isinstance(plugin, LudoscribePlugin)
    plugin.on_config(config)
    page = SimpleNamespace(file=SimpleNamespace(src_uri="index.md"), url="index.html")
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.ludoscribe"):
        markdown = plugin.on_page_markdown(f"```tgn-file\n{block}```\n", page=page, config=config, files=None)
    html = plugin.on_page_content(markdown, page=page, config=config, files=None)  # the rendered block comes back
    messages = [record.getMessage() for record in caplog.records]
    assert ("Cannot show this game" in html) == bool(messages)
    return messages


@pytest.mark.parametrize("option, message", [
    ("record: ²", "record: '²' is not a number from 1"),
    ("record: ٣", "record: '٣' is not a number from 1"),
    ("record: 1_0", "record: '1_0' is not a number from 1"),
    ("record: 0", "record: '0' is not a number from 1"),
    (f"record: {LONG}", "record: the number 999999999... has 5000 digits (at most 9)"),
    ("record: 2", "games/club.tgn has no record 2"),
    (f"turn: {LONG}", "turn: the number 999999999... has 5000 digits (at most 9)"),
    (f"turn: {LONG}...", "turn: the number 999999999... has 5000 digits (at most 9)"),
    ("turn: ²", "turn '²' is not of the form 12 or 12... (0 for the start)"),
    ("size: ²", "size: '²' is not a width in pixels"),
    ("size: ٤٠٠", "size: '٤٠٠' is not a width in pixels"),
    ("size: 1_000", "size: '1_000' is not a width in pixels"),
    ("size: 4e2", "size: '4e2' is not a width in pixels"),
    (f"size: {LONG}", "size: the number 999999999... has 5000 digits (at most 9)"),
    ("size: 99", "size 99 is not between 100 and 4000"),
    ("flip: ²", "flip: '²' is neither true nor false"),
    ("tags: ²", "tags: '²' is neither true nor false"),
])
def test_a_bad_value_of_a_block_option_says_why(folder, caplog, option, message):
    assert warnings_of(folder, f"path: games/club.tgn\n{option}\n", caplog) == [
        f"ludoscribe: index.md: ```tgn-file block 1: {message}"]


@pytest.mark.parametrize("path, message", [
    ("games/a\x00b.tgn", "path: 'games/a\\x00b.tgn' is not a file name (it holds a NUL character)"),
    ("games/loop/club.tgn", "cannot read games/loop/club.tgn: Too many levels of symbolic links"),
    ("games/" + "a" * 5000, f"cannot read games/{'a' * 51}...: File name too long"),  # names cut to 60 characters
    ("x" * 5000, f"{'x' * 57}... is outside the folders records are read from (docs, games): add its folder to "
                 "the plugin's record_dirs in mkdocs.yml"),
    ("games", "cannot read games: Is a directory"),
    ("", "a tgn-file block needs a path: line"),
])
def test_a_bad_path_says_why(folder, caplog, path, message):
    assert warnings_of(folder, f"path: {path}\n", caplog) == [f"ludoscribe: index.md: ```tgn-file block 1: {message}"]


def test_good_values_still_show_the_game(folder, caplog):
    assert warnings_of(folder, "path: games/club.tgn\nrecord: 1\nturn: 2...\nsize: 4000\nflip: yes\ntags: off\n",
                       caplog) == []


def mkdocs_build(folder: Path, options: str) -> subprocess.CompletedProcess:
    (folder / "mkdocs.yml").write_text(CONFIG + options, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", str(folder / "mkdocs.yml")],
                          capture_output=True, text=True, env=os.environ | {"NO_COLOR": "1"})


@pytest.mark.parametrize("options, message", [
    ("      size: 99\n", "Plugin 'ludoscribe' option 'size': 99 is not between 100 and 4000"),
    ("      size: -5\n", "Plugin 'ludoscribe' option 'size': -5 is not between 100 and 4000"),
    ("      size: true\n", "Plugin 'ludoscribe' option 'size': Expected type: <class 'int'> but received: <class 'bool'>"),
    ('      root: "a\\0b"\n', "Plugin 'ludoscribe' option 'root': 'a\\x00b' is not a folder name (it holds a NUL character)"),
    ('      record_dirs: ["a\\0b"]\n',
     "Plugin 'ludoscribe' option 'record_dirs': 'a\\x00b' is not a folder name (it holds a NUL character)"),
])
def test_a_bad_value_in_mkdocs_yml_is_a_configuration_error(folder, options, message):
    built = mkdocs_build(folder, options)
    assert built.returncode == 1
    assert built.stderr.splitlines()[0] == f"ERROR   -  Config value 'plugins': {message}"
    assert "Traceback" not in built.stderr


def test_a_record_folder_that_loops_is_a_folder_nothing_is_read_from(folder):
    (folder / "docs" / "index.md").write_text("```tgn-file\npath: games/loop/club.tgn\n```\n", encoding="utf-8")
    built = mkdocs_build(folder, "      record_dirs: [games/loop]\n")
    assert built.returncode == 0 and "Traceback" not in built.stderr
    assert [line for line in built.stderr.splitlines() if not line.startswith("INFO")] == [
        "WARNING -  ludoscribe: index.md: ```tgn-file block 1: cannot read games/loop/club.tgn: "
        "Too many levels of symbolic links"]
