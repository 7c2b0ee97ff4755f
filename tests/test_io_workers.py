"""Runs with worker processes (`--jobs`) stopped by a signal, or losing a worker
(docs/cli.md#exit-status, docs/cli.md#many-processes): the status a shell expects, no worker
left running, no temporary file left behind, and never more workers than the machine's CPUs.

Each command runs as a real process in a session of its own, so that its workers are found
by their process group once it has ended. Waiting for a state polls for it; the only limits
on time are safety nets, never what the test checks.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from io import BytesIO
from pathlib import Path

import pytest

from ludoscribe.notation import read_records
from ludoscribe.notation.generate import random_text
from ludoscribe.notation.archive.stats import counts

START = "12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 1"  # Teblo's start: every record reaches it
SAFETY = 120  # seconds: a safety net for a process that never ends, not a measure


@functools.cache
def teblo_records() -> bytes:
    """400 Teblo records, made once when a test first needs them (not when the tests are collected)."""
    return random_text("Teblo", 400, seed=5, max_turns=60).encode("utf-8")


def command(*args: str | Path) -> list[str]:
    return [sys.executable, "-c", "from ludoscribe.cli.main import main; main()", *map(str, args)]


def processes() -> list[tuple[int, int, int, str]]:
    """(pid, parent pid, process group, state) of every process on the machine."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            text = Path("/proc", name, "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        state, parent, group = text[text.rindex(")") + 2:].split()[:3]
        found.append((int(name), int(parent), int(group), state))
    return found


def workers(pid: int) -> list[int]:
    return [each for each, parent, _, state in processes() if parent == pid and state != "Z"]


def group(pgid: int) -> list[int]:
    return [each for each, _, leader, _ in processes() if leader == pgid]


def reading_input(pid: int) -> bool:
    """Whether the process waits for its standard input (a pipe) to say more."""
    return Path("/proc", str(pid), "wchan").read_text().endswith("pipe_read")


def poll(condition, what: str) -> None:
    """Wait until `condition()` holds, looking every 10 ms; fail after the safety net."""
    for _ in range(SAFETY * 100):
        if condition():
            return
        time.sleep(0.01)
    pytest.fail(f"never happened: {what}")


class Run:
    """A command started in a session of its own (its workers share its process group), in `folder`,
    with its temporary files in folder/tmp; standard input stays open until `close_input`."""

    def __init__(self, folder: Path, *args: str | Path, stdout=subprocess.DEVNULL) -> None:
        (folder / "tmp").mkdir()
        self.folder = folder
        self.process = subprocess.Popen(command(*args), cwd=folder, stdin=subprocess.PIPE, stdout=stdout,
                                        stderr=subprocess.PIPE, start_new_session=True,
                                        env=dict(os.environ, TMPDIR=str(folder / "tmp")))
        self.pid = self.process.pid

    def feed(self, data: bytes) -> None:
        with contextlib.suppress(BrokenPipeError):  # it may have stopped reading: a worker lost
            self.process.stdin.write(data)
            self.process.stdin.flush()

    def close_input(self) -> None:
        with contextlib.suppress(BrokenPipeError):
            self.process.stdin.close()

    def end(self) -> tuple[int, list[int], str]:
        """(exit status, processes of its group still there when it ended, standard error)."""
        status = self.process.wait(timeout=SAFETY)
        left = group(self.pid)
        for each in left:  # leave nothing running, whatever the test finds
            os.kill(each, signal.SIGKILL)
        if not self.process.stdin.closed:
            self.close_input()
        stderr = self.process.stderr.read().decode("utf-8", "replace")
        return status, left, stderr

    def temporary_files(self) -> list[str]:
        left = [path.name for path in self.folder.iterdir() if path.name.startswith(".")]
        return left + [f"tmp/{name}" for name in os.listdir(self.folder / "tmp")]


@pytest.fixture
def stopped(tmp_path):
    runs: list[Run] = []

    def start(*args, **options) -> Run:
        runs.append(Run(tmp_path, *args, **options))
        return runs[-1]

    yield start
    for each in runs:  # a test that failed halfway leaves nothing running
        if each.process.poll() is None:
            os.killpg(each.pid, signal.SIGKILL)
            each.process.wait()
        for pid in group(each.pid):
            os.kill(pid, signal.SIGKILL)


def started(run: Run, output: str | None = None) -> None:
    """Feed records until the workers are at work (and the output's temporary file is there)."""
    run.feed(teblo_records())
    poll(lambda: workers(run.pid), "worker processes started")
    if output is not None:
        poll(lambda: any(name.startswith(f".{output}.") for name in os.listdir(run.folder)), "temporary file")


# Issue 22, point 14: SIGTERM and Ctrl-C end the workers and the temporary files too

def test_sigterm_to_filter_with_jobs_ends_it_with_143_and_leaves_nothing(stopped):
    run = stopped("filter", "-", "--position", START, "--jobs", "2", "-o", "chosen.tgn")
    started(run, "chosen.tgn")
    os.kill(run.pid, signal.SIGTERM)
    status, left, stderr = run.end()
    assert (status, left, stderr) == (143, [], "")
    assert run.temporary_files() == [] and not (run.folder / "chosen.tgn").exists()


def test_sigterm_to_stats_with_jobs_ends_it_with_143_and_leaves_nothing(stopped):
    run = stopped("stats", "-", "--jobs", "2", stdout=subprocess.PIPE)
    started(run)
    os.kill(run.pid, signal.SIGTERM)
    status, left, stderr = run.end()
    assert (status, left, stderr) == (143, [], "")
    assert run.process.stdout.read() == b""
    assert run.temporary_files() == []


def test_sigterm_to_site_with_jobs_ends_it_with_143_and_leaves_nothing(stopped, tmp_path):
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "games.tgn").write_bytes(teblo_records())
    run = stopped("site", "records", "-o", "site", "--jobs", "2", "--quiet")
    run.close_input()
    poll(lambda: workers(run.pid), "worker processes rendering pages")
    os.kill(run.pid, signal.SIGTERM)
    status, left, stderr = run.end()
    assert (status, left, stderr) == (143, [], "")
    assert run.temporary_files() == []
    assert set(os.listdir(tmp_path)) <= {"records", "tmp", "site"}


def test_ctrl_c_ends_filter_with_130_and_no_word_from_the_workers(stopped):
    run = stopped("filter", "-", "--position", START, "--jobs", "2", "-o", "chosen.tgn")
    started(run, "chosen.tgn")
    os.killpg(run.pid, signal.SIGINT)  # what the terminal does: the whole foreground group
    status, left, stderr = run.end()
    assert (status, left, stderr) == (130, [], "")
    assert run.temporary_files() == [] and not (run.folder / "chosen.tgn").exists()


def test_ctrl_c_ends_a_run_without_workers_with_130(stopped):
    run = stopped("check", "-")
    run.feed(teblo_records()[:1000])
    poll(lambda: reading_input(run.pid), "waiting for the rest of its input")
    os.killpg(run.pid, signal.SIGINT)
    status, left, stderr = run.end()
    assert (status, left, stderr) == (130, [], "")


def test_workers_end_with_their_main_process_even_killed_outright(stopped):
    run = stopped("filter", "-", "--position", START, "--jobs", "2", "-o", "chosen.tgn")
    started(run, "chosen.tgn")
    os.kill(run.pid, signal.SIGKILL)  # no chance to end them itself
    assert run.process.wait(timeout=SAFETY) == -signal.SIGKILL
    poll(lambda: not group(run.pid), "the workers ended")


def test_a_worker_killed_by_the_system_is_one_clear_error(stopped):
    run = stopped("filter", "-", "--position", START, "--jobs", "2", "-o", "chosen.tgn")
    started(run, "chosen.tgn")
    os.kill(workers(run.pid)[0], signal.SIGKILL)  # as the system does when memory runs out
    run.feed(teblo_records())
    run.close_input()
    status, left, stderr = run.end()
    assert (status, left) == (2, [])
    assert stderr == "Error: a worker process was killed (by the system, perhaps for lack of memory): " \
                     "try again with fewer --jobs\n"
    assert run.temporary_files() == [] and not (run.folder / "chosen.tgn").exists()


def test_jobs_beyond_the_cpus_start_one_worker_per_cpu():
    cpus = len(os.sched_getaffinity(0))
    records = list(read_records(BytesIO(teblo_records()), "games.tgn", moves=False))
    before = set(multiprocessing.active_children())
    answers = counts(iter(records), lambda record: record, 2, jobs=cpus + 3)
    next(answers)
    started_now = set(multiprocessing.active_children()) - before
    answers.close()
    assert len(started_now) == cpus
    assert set(multiprocessing.active_children()) - before == set()
