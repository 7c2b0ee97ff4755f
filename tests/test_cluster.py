"""`generate` and `export` on a Dask cluster, `--cluster` (docs/archive.md#on-a-cluster): a local
cluster of two worker processes gives the same records and the same Parquet folder, byte for
byte, as one process; what cannot be used is said in one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.archive import cluster, stats
from ludoscribe.notation.archive.duplicates import SAME_RECORD
from ludoscribe.notation.archive.parallel import in_order, record_task, usable_jobs
from ludoscribe.notation.reader import parse_record

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
USAGE = "Usage: ludoscribe generate [OPTIONS] GAME\nTry 'ludoscribe generate --help' for help.\n\n"


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [str(arg) for arg in args], prog_name="ludoscribe")
    return result.exit_code, result.stdout, result.stderr


def files(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.mark.slow  # a local cluster is started: a few seconds (docs/contributing.md#fast-and-full-runs)
def test_generated_records_and_folders_are_the_same_on_two_workers(tmp_path):
    options = ["--count", 40, "--players", "greedy,random", "--seed", 5]
    assert run("generate", "staku", *options, "-o", tmp_path / "here.tgn")[0] == 0
    assert run("generate", "staku", *options, "-o", tmp_path / "there.tgn", "--cluster", "local:2")[0] == 0
    assert (tmp_path / "here.tgn").read_bytes() == (tmp_path / "there.tgn").read_bytes()
    assert run("generate", "tektop", *options, "--to", "parquet", "-o", tmp_path / "here")[0] == 0
    assert run("generate", "tektop", *options, "--to", "parquet", "-o", tmp_path / "there", "--cluster", "local:2")[0] == 0
    here = files(tmp_path / "here")
    assert here and here == files(tmp_path / "there")


@pytest.mark.slow  # a local cluster is started: a few seconds (docs/contributing.md#fast-and-full-runs)
def test_an_export_is_the_same_folder_on_two_workers(tmp_path):
    assert run("export", CORPUS, "--to", "parquet", "-o", tmp_path / "here")[0] == 0
    status, _, said = run("export", CORPUS, "--to", "parquet", "-o", tmp_path / "there", "--cluster", "local:2")
    assert status == 0 and said.startswith("exported ")
    assert files(tmp_path / "here") == files(tmp_path / "there")


@pytest.mark.slow  # a local cluster is started: a few seconds (docs/contributing.md#fast-and-full-runs)
def test_each_task_on_a_worker_is_started_as_a_local_worker_is():
    """stats' workers are started with how many turns make an opening: on the cluster too."""
    text = next((CORPUS / "staku").glob("*.tgn")).read_text(encoding="utf-8")
    records = [parse_record(text, 1, "staku", moves=False) for _ in range(3)]
    answers = [answer for _, answer in in_order(records, record_task, stats._count_in_worker, 1, stats._start_worker,
                                                 (1, SAME_RECORD, False), cluster="local:2")]
    assert [answer[0].opening is not None and len(answer[0].opening) for answer in answers] == [1, 1, 1]


@pytest.mark.parametrize("address", ["foo", "local:0", "local:", "local:2 ", "http://host:8786", "tcp://", "tcp://:8786",
                                     "tcp://host:99999", "tcp://host:0", "tcp://host:abc", "tcp://%%%", "tcp://-a:1",
                                     "inproc://x", "ucx://127.0.0.1:1"])
def test_what_is_not_a_cluster_is_a_usage_error(address):
    assert run("generate", "teblo", "--cluster", address) == (
        2, "", USAGE + f"Error: Invalid value for '--cluster': {address!r} is not a cluster: give a Dask scheduler's "
                       "address (tcp://host:8786) or local:N (N workers on this machine)\n")


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:9", "tcp://[::1]:9", "tls://127.0.0.1:9", "tcp://a..b:1"])
def test_a_scheduler_that_cannot_be_reached_is_said_in_one_line(address, tmp_path, monkeypatch):
    """Nothing answers there, TLS has no certificates configured, or the name cannot be a host's."""
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    status, out, said = run("generate", "teblo", "-o", tmp_path / "out.tgn", "--cluster", address)
    assert (status, out) == (2, "")
    assert said.startswith(f"Error: cannot reach the Dask scheduler at {address!r}: ") and said.count("\n") == 1
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_without_dask_the_extra_to_install_is_named(tmp_path):
    """Dask hidden from a process of its own (hidden here, the event loop threads an earlier test's
    clients left running would meet it missing and stop)."""
    hidden = ("import sys; sys.modules['distributed'] = None; from ludoscribe.cli.main import main; "
              "sys.argv = ['ludoscribe', *sys.argv[1:]]; main()")
    ran = subprocess.run([sys.executable, "-c", hidden, "export", str(CORPUS), "--to", "parquet", "-o",
                          str(tmp_path / "out"), "--cluster", "local:2"], capture_output=True, text=True)
    assert (ran.returncode, ran.stdout, ran.stderr) == (
        2, "", "Error: --cluster needs Dask: pip install 'ludoscribe[cluster]'\n")
    assert not (tmp_path / "out").exists()


@pytest.mark.slow  # a local cluster is started: a few seconds
def test_a_local_cluster_has_no_more_workers_than_cpus_this_process_may_use():
    with cluster.on_cluster("local:999", usable=usable_jobs) as (pool, slots):
        assert slots == usable_jobs(999) and pool.submit(sum, [1, 2]).result() == 3


@pytest.mark.slow  # a local cluster is started: a few seconds
def test_a_task_failing_on_a_worker_is_said_in_one_line():
    with cluster.on_cluster("local:1", usable=usable_jobs) as (pool, _):
        with pytest.raises(cluster.ClusterError) as failed:
            pool.submit(int, "twelve").result()
    assert str(failed.value) == ("a task failed on the Dask cluster at 'local:1': ValueError: invalid literal for int() "
                                 "with base 10: 'twelve' (every worker needs ludoscribe installed, the same version "
                                 "as here)")
