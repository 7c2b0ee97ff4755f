"""Following the archive guide (docs/archive.md) in a checkout leaves a clean tree: what its
commands write from the corpus, and from the folder exported from it, is ignored by git."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
IN_THE_CHECKOUT = {"corpus", "archive"}  # the inputs of the guide that a checkout has, or makes


def _outputs() -> list[str]:
    """What the guide's commands on the checkout's records write: their -o and > targets."""
    text = (ROOT / "docs" / "archive.md").read_text(encoding="utf-8")
    found = []
    for line in re.findall(r"^(?:\$ )?(ludoscribe .*)$", text, re.M):
        words = shlex.split(line.replace(">", " > "))
        if IN_THE_CHECKOUT & set(words[2:]):
            found += [words[index + 1] for index, word in enumerate(words[:-1]) if word in ("-o", ">")]
    return found


def test_the_guide_writes_from_the_checkout():
    assert "archive" in _outputs() and "hoekstra.tgn" in _outputs()


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout")
@pytest.mark.parametrize("output", sorted(set(_outputs())))
def test_what_the_guide_writes_is_ignored_by_git(output):
    done = subprocess.run(["git", "check-ignore", "--no-index", "-q", f"{output}/x" if output == "archive" else output],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"{output}, written by following docs/archive.md, is not in .gitignore"
