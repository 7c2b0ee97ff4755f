"""Every command example of the README, of the guides in docs/ (their sh and text blocks), of
the command-line page (docs/cli.md) and of the commands' --help runs as shown against the
bundled corpus, and exits 0; only the hundreds or thousands of games that `generate` examples
play are played as a few, and an animation is drawn of short records (a frame a position).

An example that is one `ludoscribe` command runs in this process, as the tests of each command
do, from the same words; one that needs the shell (a pipe, a redirection, a pattern, another
program) or starts worker processes (--jobs, --cluster) runs in bash with the installed `ludoscribe`. The
installed command itself is run from a shell by test_site_readme.py (the README in order) and
test_sessions_shown_print_what_they_show below: here a process per example would cost more
than most examples do.

Each example runs in a fresh folder holding the files it reads (game.tgn, event.tgn,
club/2026, ...: records of the corpus under the names the examples use); what it writes
goes there too. A `$ ludoscribe ...` session shown with its output in docs/cli.md prints
exactly that output.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
GAME = CORPUS / "teblo" / "open-day-2024-kalf-vos.tgn"  # one record, 54 turns
EVENT = CORPUS / "teblo" / "spring-quadrangular-2024.tgn"  # three records
# What a GIF example reads, short: its frames are drawn one a position, the same way for any length.
SHORT_GAME = ROOT / "tests" / "records" / "short-teblo.tgn"  # four turns
SHORT_EVENT = ROOT / "tests" / "records" / "short-event.tgn"  # three records of one to five turns
BIN = Path(sys.executable).parent  # where the ludoscribe command is installed
OUTPUT_OPTIONS = {"-o", "--output", "--project"}


def _json_of(source: Path, target: Path) -> None:
    result = CliRunner().invoke(cli, ["convert", str(source), "--to", "json", "-o", str(target)])
    assert result.exit_code == 0, result.output


def _generated(arguments: list[str]) -> None:
    result = CliRunner().invoke(cli, arguments)
    assert result.exit_code == 0, result.output


def _copy(source: Path):
    return lambda target: shutil.copy(source, target)


def _folder(*sources: Path):
    def make(target: Path) -> None:
        target.mkdir(parents=True)
        for source in sources:
            shutil.copy(source, target / source.name)
    return make


def _event_folder(target: Path, paired: bool = False) -> None:
    """An event folder with its event file: a Swiss event of five players, no round paired yet (or the first)."""
    assert CliRunner().invoke(cli, ["event", "new", str(target), "--name", "Spring Swiss", "--game", "teblo",
                                    "--rounds", "5"]).exit_code == 0
    for name in ("Bo Lind", "Cy Moss", "Di Park", "Ed Vos", "Fe Ong"):
        assert CliRunner().invoke(cli, ["event", "player", "add", str(target), name]).exit_code == 0
    if paired:
        assert CliRunner().invoke(cli, ["pair", str(target)]).exit_code == 0


def _event_report(target: Path) -> None:
    """The FIDE report file of an event folder whose first round is paired."""
    folder = target.parent / "paired-event"
    _event_folder(folder, paired=True)
    assert CliRunner().invoke(cli, ["event", "trf", str(folder), "-o", str(target)]).exit_code == 0
    shutil.rmtree(folder)


FIXTURES = {  # the files the examples read, made from the corpus
    "corpus": lambda target: target.symlink_to(CORPUS, target_is_directory=True),
    "game.tgn": _copy(GAME),
    "game.json": lambda target: _json_of(GAME, target),
    "games.tgn": _copy(EVENT),
    "event.tgn": _copy(EVENT),
    "club.tgn": _copy(GAME),
    "club.json": lambda target: _json_of(GAME, target),
    "messy.tgn": _copy(GAME),
    "round1.tgn": _copy(GAME),
    "round2.tgn": _copy(EVENT),
    "extra": _folder(GAME),
    "club": _folder(GAME, EVENT),  # before club/2026, which goes into it when both are read
    "club/2026": _folder(GAME, EVENT),
    "club-night": _folder(GAME),
    "2026-club": _folder(GAME, EVENT),
    "puzzles.tgn": _copy(GAME),
    "spring": lambda target: _event_folder(target),
    "tonight": lambda target: _event_folder(target, paired=True),
    "practice.tgn": _copy(EVENT),
    "spring.trf": _event_report,
    "open.trf": _copy(ROOT / "tests" / "records" / "open.trf"),  # a FIDE report file (tests/test_trf.py: BY_HAND)
    "archive": lambda target: _generated(["export", str(CORPUS), "--to", "parquet", "-o", str(target)]),
    "staku": lambda target: _generated(["generate", "staku", "--count", "4", "--to", "parquet", "-o", str(target)]),
    "staku-2": lambda target: _generated(["generate", "staku", "--variant", "Staku-2", "--count", "4",
                                          "--to", "parquet", "-o", str(target)]),
    "staku-games": lambda target: _generated(["generate", "staku", "--count", "4", "--to", "parquet", "-o", str(target)]),
}
SHORT_FIXTURES = {"game.tgn": _copy(SHORT_GAME), "event.tgn": _copy(SHORT_EVENT)}  # for the --gif examples
FEWER_GAMES = re.compile(r"(?<=--count )\d{3,}")  # hundreds of games (docs/balance.md's thousands), played as a few


def _code_blocks(text: str) -> list[tuple[str, str]]:
    """(language, body) of each fenced block, and ("indented", body) of each indented one."""
    fenced = [(match["lang"], match["body"]) for match in
              re.finditer(r"^```(?P<lang>\w*)\n(?P<body>.*?)^```", text, re.M | re.S)]
    without = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    indented = [("indented", re.sub(r"^    ", "", block, flags=re.M))
                for block in re.findall(r"(?:^    \S.*\n)+", without, re.M)]
    return fenced + indented


def _synopsis(line: str) -> bool:
    """A command's form rather than an example: `ludoscribe stats FILE_OR_DIR... [--jobs N]`."""
    return bool(re.search(r"\b[A-Z][A-Z_]{2,}\b|\[-", re.sub(r'"[^"]*"', "", line)))


def _commands(text: str) -> list[str]:
    """The shell lines of a block that run ludoscribe (a trailing # comment dropped)."""
    found = []
    for line in text.replace("\\\n", " ").splitlines():
        line = line.strip()
        if re.match(r"(ludoscribe|cat) ", line) and "ludoscribe " in line and not _synopsis(line):
            found.append(re.sub(r"\s{2,}#.*$", "", line))
    return found


def _help_examples() -> list[str]:
    names = [line.split()[0] for line in
             CliRunner().invoke(cli, ["--help"]).stdout.split("Commands:")[1].strip().splitlines()]
    found = _commands(CliRunner().invoke(cli, ["--help"]).stdout)
    for name in names:
        found += _commands(CliRunner().invoke(cli, [name, "--help"]).stdout.split("Examples:")[-1])
    return found


def _examples() -> list[str]:
    found = []
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found += [command for _, body in _code_blocks(readme) for command in _commands(body)]
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    found += [command for lang, body in _code_blocks(page) if lang == "sh" for command in _commands(body)]
    found += _help_examples()
    for guide in sorted(set((ROOT / "docs").rglob("*.md")) - {ROOT / "docs" / "cli.md"}):
        text = guide.read_text(encoding="utf-8")
        found += [command for lang, body in _code_blocks(text) if lang in ("sh", "text") for command in _commands(body)]
    return list(dict.fromkeys(command for command in found if not _interactive(command)))


def _interactive(command: str) -> bool:
    """A command that runs until it is stopped (a scoresheet session, a server, a relay kept
    writing, the studio): tests/test_record_terminal.py, test_live_server.py, test_live_relay.py and
    test_studio_server.py run them."""
    return command.startswith(("ludoscribe record ", "ludoscribe serve ", "ludoscribe studio ")) or "--watch" in command


EXAMPLES = _examples()


def _inputs(command: str) -> list[str]:
    """The fixtures a command line reads: names it holds that are not its outputs."""
    words = shlex.split(command.replace("|", " | ").replace(">", " > "))
    outputs = {words[index + 1] for index, word in enumerate(words[:-1]) if word in OUTPUT_OPTIONS | {">"}}
    if words[1:3] == ["event", "new"]:  # it makes its event folder
        outputs.add(words[3])
    wanted = [word.rstrip("/") for word in words if word not in outputs]
    if "round*.tgn" in wanted:
        wanted += ["round1.tgn", "round2.tgn"]
    return [name for name in FIXTURES if any(word == name or word.startswith(f"{name}/") for word in wanted)]


def test_the_examples_are_found():
    assert len(EXAMPLES) > 25
    assert "ludoscribe check corpus" in EXAMPLES
    assert "ludoscribe convert game.tgn --to json -o game.json" in EXAMPLES
    assert any(command.startswith("cat ") for command in EXAMPLES)


def _animates(command: str) -> bool:
    return "--gif" in command.split()


def _animations(command: str, folder: Path) -> int:
    """How many animations the command wrote where its -o says (a file, or a folder of them)."""
    words = shlex.split(command)
    target = folder / words[words.index("-o") + 1]
    made = sorted(target.glob("*.gif")) if target.is_dir() else [target]
    assert all(path.read_bytes()[:6] == b"GIF89a" for path in made), made
    return len(made)


SHELL = re.compile(r"[|<>;&$`*?(){}\\]|^\w+=")  # what only a shell reads: pipes, redirections, patterns, variables


def _in_process(command: str) -> bool:
    """Whether the example is a lone `ludoscribe` command that starts no worker process (--jobs, --cluster)."""
    words = shlex.split(command)
    return words[0] == "ludoscribe" and not SHELL.search(command) and not {"--jobs", "-j", "--cluster"} & set(words)


def test_examples_run_in_this_process_only_when_no_shell_is_needed():
    assert _in_process('ludoscribe filter corpus --game Teblo --opening "D4 I9" --result 1-0 --count')
    assert not _in_process("ludoscribe check corpus --json | head -3")
    assert not _in_process("ludoscribe check --quiet corpus || echo problems")
    assert not _in_process("ludoscribe convert round*.tgn --to json")
    assert not _in_process("ludoscribe stats corpus --jobs 4")
    assert not _in_process("ludoscribe export corpus --to parquet -o out --cluster local:2")
    assert not _in_process("cat game.tgn | ludoscribe check -")
    assert sum(map(_in_process, EXAMPLES)) > len(EXAMPLES) / 2


@pytest.mark.parametrize("command", EXAMPLES)
def test_every_command_example_runs(command, tmp_path, monkeypatch):
    fixtures = FIXTURES | SHORT_FIXTURES if _animates(command) else FIXTURES
    for name in _inputs(command):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        fixtures[name](tmp_path / name)
    shown = FEWER_GAMES.sub("20", command)
    if _in_process(shown):
        monkeypatch.chdir(tmp_path)
        ran = CliRunner().invoke(cli, shlex.split(shown)[1:])
        status, said = ran.exit_code, ran.stderr + (f"\n{ran.exception!r}" if ran.exception else "")
    else:
        environment = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
        result = subprocess.run(["bash", "-c", f"set -o pipefail; {shown}"], cwd=tmp_path, env=environment,
                                capture_output=True, text=True, timeout=300)
        status, said = result.returncode, result.stderr
    assert status == 0, said
    assert "internal error" not in said
    if _animates(command):
        assert _animations(command, tmp_path) == (3 if "event.tgn" in command else 1)  # one a record


def _sessions() -> list[tuple[str, str]]:
    """($ command, output shown) of the text blocks of docs/cli.md that run on the corpus."""
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    found = []
    for lang, body in _code_blocks(page):
        first, _, shown = body.partition("\n")
        if lang == "text" and first.startswith("$ ludoscribe ") and " corpus/" in first:
            found.append((first[2:], shown))
    return found


@pytest.mark.parametrize("command, shown", _sessions())
def test_sessions_shown_print_what_they_show(command, shown):
    result = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True, timeout=300,
                            env=dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"))
    assert result.stdout == shown


def test_the_teblo_page_shows_the_message_for_a_set_up_position_breaking_rule_c(tmp_path):
    record = tmp_path / "shut.tgn"
    record.write_text('[Game "Teblo"]\n[Result "*"]\n[SetUp "1"]\n'
                      '[Position "12/12/12/12/12/12/12/2r9/1r1r8/2r9/12/12 D3 I10 Y 1"]\n\n*\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(record)])
    message = "Yellow's pawn cannot reach both bases (rule c)"
    assert result.stdout == f"{record}:4:1: bad Position tag: {message}\n"
    assert f"`{message}`" in (ROOT / "docs" / "games" / "teblo.md").read_text(encoding="utf-8")
