"""The page scripts (render/viewer.js, render/site/search.js, render/live/static/*.js) are checked by
TypeScript's `tsc` and unit-tested by node's own test runner, without a browser; the pages' colours
are named once, as CSS variables (docs/contributing.md#page-scripts).

Both come from tests/.npm (`npm ci --prefix tests/.npm`, which .ci/run does) and node. Locally the
tests are skipped when either is missing; in CI (CI=true) they fail instead, as the accessibility
tests do for axe-core (tests/axe.py).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "tests" / "js"
TSC = ROOT / "tests" / ".npm" / "node_modules" / "typescript" / "bin" / "tsc"
STYLES = (ROOT / "render" / "viewer.css", ROOT / "render" / "live" / "static" / "live.css")
COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(")
PAGE_SCRIPTS = sorted([ROOT / "render" / "viewer.js", ROOT / "render" / "site" / "search.js",
                       *(ROOT / "render" / "live" / "static").glob("*.js")])


def node() -> str:
    """node's path; the test is skipped (failed in CI) without it."""
    found = shutil.which("node")
    if not found:
        missing = "node is not installed"
        if os.environ.get("CI") == "true":
            pytest.fail(f"the page scripts' tests cannot run in CI: {missing}")
        pytest.skip(missing)
    return found


def tsc() -> list[str]:
    """The command that runs the pinned TypeScript; skipped (failed in CI) without it."""
    if not TSC.is_file():
        missing = f"TypeScript is not installed ({TSC}: npm ci --prefix tests/.npm)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"the page scripts cannot be checked in CI: {missing}")
        pytest.skip(missing)
    return [node(), str(TSC)]


def run(command: list[str], cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300)


def test_tsc_finds_nothing_in_the_page_scripts():
    result = run([*tsc(), "--project", str(SCRIPTS)])
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_page_script_is_checked():
    """A script added to the pages is checked too: each asks for it (// @ts-check) and the project lists it."""
    listed = {(SCRIPTS / name).resolve() for name in json.loads((SCRIPTS / "tsconfig.json").read_text())["files"]}
    for script in PAGE_SCRIPTS:
        assert script.read_text(encoding="utf-8").startswith("// @ts-check\n"), script
        assert script in listed, script


@pytest.mark.slow  # the check of the check: a second whole run of tsc (docs/contributing.md#fast-and-full-runs)
def test_tsc_finds_a_mistake(tmp_path):
    """The check is the project's: a misnamed property of the page is found."""
    (tmp_path / "slip.js").write_text('// @ts-check\ndocument.querySelector("p").textContnet = "x";\n', encoding="utf-8")
    (tmp_path / "tsconfig.json").write_text(json.dumps({"extends": str(SCRIPTS / "tsconfig.json"), "files": ["slip.js"]}),
                                            encoding="utf-8")
    result = run([*tsc(), "--project", str(tmp_path)])
    assert result.returncode == 2, result.stdout + result.stderr
    assert "slip.js(2,29): error TS2551: Property 'textContnet' does not exist" in result.stdout


def test_node_unit_tests_pass():
    """The offline queue, the viewer's navigation, following the event or reading the relay's file."""
    result = run([node(), "--test", *sorted(str(path) for path in SCRIPTS.glob("*.test.js"))])
    assert result.returncode == 0, result.stdout + result.stderr
    summary = dict(line[2:].split(" ", 1) for line in result.stdout.splitlines() if line.startswith("# "))
    assert int(summary["pass"]) >= 17 and summary["fail"] == "0", result.stdout


@pytest.mark.parametrize("style", STYLES, ids=lambda path: path.name)
def test_colours_are_named_once(style):
    """Every colour of the style is a variable of its :root, used by name everywhere else."""
    text = style.read_text(encoding="utf-8")
    roots = re.findall(r":root\s*\{([^}]*)\}", text)
    assert len(roots) == 1, style
    named = dict(re.findall(r"(--[\w-]+)\s*:\s*([^;]+);", roots[0]))
    colours = {name: value for name, value in named.items() if COLOUR.match(value)}
    assert len(colours) > 10
    rest = re.sub(r":root\s*\{[^}]*\}", "", text)
    assert COLOUR.findall(rest) == []
    used = set(re.findall(r"var\((--[\w-]+)", rest))
    assert set(colours) <= used, set(colours) - used
