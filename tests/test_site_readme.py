"""The README's set-up commands, taken from README.md and run in its order in a copy of the
project: the games' site and the documentation's site go to two folders, and the main
command runs again after the documentation is built."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent  # where this environment installed ludoscribe and mkdocs
# Steps that make the environment the suite already runs in, and the suite itself.
SETTING_UP = re.compile(r"^(?:python3 -m venv|\.venv/bin/pip install|\.venv/bin/python -m pytest)")


def set_up_steps() -> list[str]:
    """The commands of the README's "Set up" section, in order, one step of each `&&` chain each."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Set up\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"(?:^    \S.*\n)+", section, re.M)
    return [step.strip() for block in blocks for line in block.splitlines() for step in line.split("&&")]


def test_the_steps_are_read_from_the_readme():
    steps = [step for step in set_up_steps() if not SETTING_UP.match(step)]
    assert steps == [".venv/bin/ludoscribe check corpus", ".venv/bin/ludoscribe site corpus -o site",
                     ".venv/bin/ludoscribe diagram corpus -o diagrams", ".venv/bin/mkdocs build"]


def test_ci_runs_the_readmes_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\nInstall and run the tests", 1)[1].split("\n## ", 1)[0]
    [command] = re.findall(r"^    (\S.*)$", section, re.M)
    assert command.endswith(" -m pytest -n auto")  # one process per CPU (pytest-xdist, in the test extra)
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()[-1] == command


@pytest.mark.slow  # builds the corpus's site and the documentation
def test_the_readme_in_order_then_the_main_command_again(tmp_path):
    for name in ("corpus", "docs"):
        shutil.copytree(ROOT / name, tmp_path / name)
    for name in ("mkdocs.yml", "README.md"):
        shutil.copy(ROOT / name, tmp_path / name)
    steps = [step for step in set_up_steps() if not SETTING_UP.match(step)]
    main = next(step for step in steps if " site " in step)
    for step in [*steps, main]:
        command = step.replace(".venv/bin/", f"{BIN}/", 1)
        done = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, (step, done.stderr)
        if step == main:
            assert done.stdout == f"Open site/index.html in a browser ({(tmp_path / 'site' / 'index.html').as_uri()}).\n"
    games = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    documentation = (tmp_path / "docs-site" / "index.html").read_text(encoding="utf-8")
    assert "<title>Annotated games - Annotated games</title>" in games and 'href="openings/teblo.html"' in games
    assert "<title>Ludoscribe</title>" in documentation and (tmp_path / "docs-site" / "publishing.html").is_file()
    assert not (tmp_path / "site" / "publishing").exists() and not (tmp_path / "docs-site" / "records").exists()
