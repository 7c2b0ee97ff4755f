"""The README and the guides of docs/, read in the order of mkdocs.yml's nav as a new user
reads them in a checkout: what they run on the checkout's own files works there, leaves the
tree clean, and no guide's command is refused because an earlier guide wrote the same file.

A command that reads only what a checkout has (the corpus, or nothing, like `generate`) can
be run as shown in the checkout; one that reads a file of the reader's own (`game.tgn`,
`club/2026`, ...) is run where the reader keeps it, and tests/test_doc_examples.py runs it
on copies of the corpus."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent  # where this environment installed ludoscribe
OUTPUT_OPTIONS = {"-o", "--output", "--project", ">"}
REFERENCE = "cli.md"  # the command reference: a list of examples to pick from, not a walk
TRANSLATIONS = "fr/"  # pages in another language show the commands of their English page again (docs/fr/)


def nav_pages() -> list[str]:
    """The pages of mkdocs.yml's nav, in its order."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = text.split("\nnav:\n", 1)[1].split("\n\n", 1)[0]
    return re.findall(r":\s*(\S+\.md)\s*$", nav, re.M)


def _blocks(text: str) -> list[str]:
    """The shell and text blocks of a page, fenced or (in the README) indented."""
    fenced = re.findall(r"^```(?:sh|text)?\n(.*?)^```", text, re.M | re.S)
    without = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    indented = [re.sub(r"^    ", "", block, flags=re.M) for block in re.findall(r"(?:^    \S.*\n)+", without, re.M)]
    return fenced + indented


def commands(page: str) -> list[str]:
    """The `ludoscribe` command lines a page shows, in order, continuations joined and a
    trailing # comment dropped."""
    text = (ROOT / page).read_text(encoding="utf-8")
    found = []
    for block in _blocks(text):
        for line in block.replace("\\\n", " ").splitlines():
            line = re.sub(r"^(?:\$ |\.venv/bin/)", "", line.strip())
            if line.startswith(("ludoscribe ", "mkdir ")) and "&&" not in line and "FILE_OR_DIR" not in line:
                found.append(re.sub(r"\s{2,}#.*$", "", line))
    return found


def _words(command: str) -> list[str]:
    return shlex.split(command.replace(">", " > "))


def outputs(command: str) -> list[str]:
    words = _words(command)
    if words[0] == "mkdir":
        return [word.rstrip("/") for word in words[1:] if not word.startswith("-")]
    return [words[index + 1].rstrip("/") for index, word in enumerate(words[:-1]) if word in OUTPUT_OPTIONS]


def inputs(command: str) -> list[str]:
    """The files and folders a command reads: the words after its name up to the first option
    (none for `generate` and `record`, whose first word is a game)."""
    words = _words(command)
    if words[0] == "mkdir" or words[1] in {"generate", "record"}:
        return []
    found = []
    for word in words[2:]:
        if word.startswith("-") or word == ">":
            break
        found.append(word.rstrip("/"))
    return found


def _parents(path: str) -> list[str]:
    return [parent.as_posix() for parent in Path(path).parents if parent != Path(".")]


def walk() -> list[tuple[str, str]]:
    """(page, command) of the README then of each guide of the nav, in reading order."""
    pages = ["README.md", *(f"docs/{page}" for page in nav_pages()
                            if page != REFERENCE and not page.startswith(TRANSLATIONS))]
    return [(page, command) for page in pages for command in commands(page)]


def in_the_checkout() -> list[tuple[str, str]]:
    """The commands of the walk a reader can run in a checkout as shown: each reads only
    the corpus, or what an earlier one of them wrote, or nothing."""
    made: set[str] = {"corpus"}
    found = []
    for page, command in walk():
        if all(name in made or name.startswith("corpus/") for name in inputs(command)):
            found.append((page, command))
            made.update(folder for output in outputs(command) for folder in (output, *_parents(output)))
    return found


def test_the_walk_is_read_from_the_pages():
    assert nav_pages()[:3] == ["index.md", "format.md", "json.md"] and REFERENCE in nav_pages()
    runnable = [command for _, command in in_the_checkout()]
    assert "ludoscribe check corpus" in runnable
    assert "ludoscribe generate tekao --count 8 --seed 42 -o practice.tgn" in runnable
    assert not any("game.tgn" in command for command in runnable if not command.startswith("ludoscribe diagram corpus"))


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout")
@pytest.mark.parametrize("output", sorted({output for _, command in in_the_checkout() for output in outputs(command)}))
def test_what_the_walk_writes_in_a_checkout_is_ignored_by_git(output):
    done = subprocess.run(["git", "check-ignore", "--no-index", "-q", f"{output}/x"], cwd=ROOT,
                          capture_output=True, text=True)
    plain = subprocess.run(["git", "check-ignore", "--no-index", "-q", output], cwd=ROOT, capture_output=True, text=True)
    assert 0 in (done.returncode, plain.returncode), f"{output}, written by following the guides, is not in .gitignore"


def test_no_guide_is_refused_a_file_an_earlier_one_wrote():
    """A file is written once along the walk, unless the command goes on with its own output
    (`site`, which rebuilds its folder; `record`, which resumes its game; `mkdir -p`) or says
    --force: any other command refuses a file that exists (docs/cli.md)."""
    written: dict[str, str] = {}
    clashes = []
    for page, command in walk():
        if re.match(r"ludoscribe (site|record) |mkdir -p ", command) or "--force" in command:
            continue
        for output in outputs(command):
            if output in written:
                clashes.append(f"{page}: {command!r} writes {output}, which {written[output]!r} wrote")
            written.setdefault(output, command)
    assert clashes == []


def test_the_quick_start_runs_in_a_checkout(tmp_path):
    """docs/index.md's commands, in order, in a copy of the checkout and nothing else."""
    shutil.copytree(ROOT / "corpus", tmp_path / "corpus")
    environment = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    for command in commands("docs/index.md"):
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=environment, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, (command, done.stderr)


def test_the_first_record_saved_as_game_tgn_reads_from_python(tmp_path, monkeypatch, capsys):
    """docs/index.md: the record it shows, saved as game.tgn, is what its Python example reads."""
    page = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    section = page.split("\n## A first record\n", 1)[1]
    record = re.search(r"^```text\n(.*?)^```", section, re.M | re.S)
    code = re.search(r"^```python\n(.*?)^```", section, re.M | re.S)
    assert record and code and "`game.tgn`" in section.split("```python", 1)[0]
    (tmp_path / "game.tgn").write_text(record[1], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    exec(compile(code[1], "docs/index.md", "exec"), {"__name__": "__docs__"})
    assert capsys.readouterr().out == record[1] + "\n"


def test_the_readmes_use_section_says_how_to_reach_the_command():
    """Its examples run `ludoscribe` bare: the set-up installed it in .venv, which must be active."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    use = readme.split("\n## Use\n", 1)[1].split("\n## ", 1)[0]
    assert any(command.startswith("ludoscribe ") for command in commands("README.md"))
    assert ". .venv/bin/activate" in use.split("\n    ludoscribe ", 1)[0]
