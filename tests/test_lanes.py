"""The two lanes of the suite (docs/contributing.md#fast-and-full-runs): `pytest -m "not slow"`
leaves out what drives the browser, builds a site or draws images, keeps the rest, and the
output-writing tests draw short records; no browser test waits a fixed time."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import test_io_outputs
from ludoscribe.notation import read_file

TESTS = Path(__file__).resolve().parent


class Collected:
    """The tests a collection finds, by name."""

    def __init__(self) -> None:
        self.items: dict[str, pytest.Item] = {}

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.items = {item.nodeid: item for item in session.items}


def collected(*files: str) -> dict[str, bool]:
    """Whether each test of `files` is in the slow lane, by its id."""
    found = Collected()
    status = pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                          *(str(TESTS / name) for name in files)], plugins=[found])
    assert status == 0
    return {nodeid: item.get_closest_marker("slow") is not None for nodeid, item in found.items.items()}


def test_the_browser_site_and_image_tests_are_in_the_slow_lane_the_others_in_both(capsys):
    lanes = collected("test_browser.py", "test_site_rebuild.py", "test_images.py", "test_reader.py",
                      "test_diagram_command.py", "test_batch.py")
    capsys.readouterr()  # what the inner collection printed
    assert lanes
    assert all(slow for nodeid, slow in lanes.items() if "test_browser.py" in nodeid)  # the browser fixture
    assert all(slow for nodeid, slow in lanes.items() if "test_site_rebuild.py" in nodeid)  # a site built
    assert lanes["tests/test_diagram_command.py::test_a_gif_per_record_one_frame_a_position"]  # images drawn
    assert not any(slow for nodeid, slow in lanes.items() if "test_reader.py" in nodeid)
    assert not all(lanes[nodeid] for nodeid in lanes if "test_diagram_command.py" in nodeid)
    assert not lanes["tests/test_batch.py::test_site_never_deletes_a_file_it_did_not_write"]  # marked fast
    assert lanes["tests/test_batch.py::test_quiet_prints_problems_only"]  # a site built, not marked


def test_the_output_writing_tests_draw_a_short_record():
    """How a drawing is written is the same for four turns as for a whole game, which takes a minute as a GIF."""
    drawn = {Path(args[1]) for name, args in test_io_outputs.WRITERS.items()
             if name in test_io_outputs.EACH_SAID}
    assert drawn
    for path in drawn:
        records = list(read_file(path))
        assert len(records) == 1 and 0 < len(records[0].moves) <= 8, path


def test_no_browser_test_waits_a_fixed_time():
    """A browser test waits for a condition the page meets (playwright's expect, wait_for_function)."""
    fixed = re.compile(r"wait_for_timeout\(|time\.sleep\(|\bsleep\(")
    browser_files = [path for path in sorted(TESTS.glob("*.py"))
                     if re.search(r"def test_\w+\([^)]*\bbrowser\b", path.read_text(encoding="utf-8"))]
    assert TESTS / "test_browser_hostile.py" in browser_files
    waiting = [path.name for path in browser_files + [TESTS / "browsers.py", TESTS / "live_pages.py"]
               if fixed.search(path.read_text(encoding="utf-8"))]
    assert waiting == []


@pytest.mark.slow
def test_the_fast_lane_tries_a_quarter_of_each_propertys_examples(tmp_path):
    """tests/test_split_stream.py's property of 400 examples tries 100 in the fast lane."""
    def tried(*lane: str) -> list[str]:
        run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", *lane,
                              "--hypothesis-show-statistics", str(TESTS / "test_split_stream.py")],
                             capture_output=True, text=True, cwd=tmp_path, check=True)
        return sorted(re.findall(r"max_examples=(\d+)", run.stdout))

    whole, fast = tried(), tried("-m", "not slow")
    assert "400" in whole and "100" not in whole
    assert "100" in fast and "400" not in fast
