"""Work handed to the workers of a Dask cluster instead of local processes: `generate` and
`export` with `--cluster ADDRESS` (docs/archive.md#on-a-cluster).

ADDRESS is a Dask scheduler's address (`tcp://10.0.0.5:8786`), or `local:N` for a cluster of N
worker processes started on this machine for the run (to try it, and for the tests). The work
is cut into the same batches as with `--jobs`, each a task (`local:N` starts no more workers
than this process may use CPUs, as `--jobs`); the answers come back to this
process in order, which writes the output as it does without a cluster: the records and the
folder are the same whatever the number of workers, and no folder needs to be shared with
them. Every worker needs ludoscribe installed, the same version as here.

Dask comes with the `cluster` extra and is imported only when a cluster is named.
"""

from __future__ import annotations

import contextlib
import re
from concurrent.futures import Executor, Future
from typing import Any, Callable, Iterator

from ..worded import Worded
from ..limits import shorten
from ..problems import say

CONNECT_SECONDS = 20  # how long to wait for a scheduler before saying it cannot be reached
LOCAL = re.compile(r"local:([1-9][0-9]{0,2})")  # local:N, up to 999 workers
# a scheduler: tcp:// or tls:// (its certificates in Dask's own configuration), a host name, an IPv4
# address or a bracketed IPv6 one, and a port
SCHEDULER = re.compile(r"(tcp|tls)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}[A-Za-z0-9])?):([0-9]{1,5})")


class ClusterProblem(Worded):
    """Why --cluster cannot be used, by its code (docs/archive.md#on-a-cluster)."""

    MISSING = "cluster-missing", "--cluster needs Dask: pip install 'ludoscribe[cluster]'"
    ADDRESS = "cluster-address", ("{written!r} is not a cluster: give a Dask scheduler's address "
                                  "(tcp://host:8786) or local:N (N workers on this machine)")
    UNREACHABLE = "cluster-unreachable", "cannot reach the Dask scheduler at {written!r}: {reason}"
    NO_WORKER = "cluster-no-worker", "the Dask cluster at {written!r} has no worker"
    TASK_FAILED = "cluster-task-failed", ("a task failed on the Dask cluster at {written!r}: {reason} (every "
                                          "worker needs ludoscribe installed, the same version as here)")


class ClusterError(Exception):
    """A cluster that cannot be used, with the sentence saying why."""


def check_address(address: str) -> str:
    """The address as given if it can name a cluster (local:N, or a scheduler's tcp:// or tls:// address with
    a port from 1 to 65535); ClusterError if not."""
    scheduler = SCHEDULER.fullmatch(address)
    if LOCAL.fullmatch(address) or (scheduler and 1 <= int(scheduler[3]) <= 65535):
        return address
    raise ClusterError(say(ClusterProblem.ADDRESS, written=shorten(address, 80)))


@contextlib.contextmanager
def on_cluster(address: str, initializer: Callable[..., None] | None = None, initargs: tuple[Any, ...] = (),
               usable: Callable[[int], int] = lambda workers: workers) -> Iterator[tuple[Executor, int]]:
    """An executor running tasks on the cluster's workers, each task started by
    `initializer(*initargs)`, and how many tasks the cluster runs at once (its threads).
    `usable(N)`: how many of the N processes local:N asks for this machine starts
    (parallel.usable_jobs, passed in: that module imports this one)."""
    check_address(address)
    import logging  # for Dask's own logs: imported with it, not at every command's start

    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(say(ClusterProblem.MISSING)) from None
    with contextlib.ExitStack() as stack:
        local = LOCAL.fullmatch(address)
        try:
            if local:
                # its workers and its diagnostics page listen on this machine only, the page on a free port
                target: Any = stack.enter_context(LocalCluster(
                    n_workers=usable(int(local[1])), threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0",
                    silence_logs=logging.ERROR))
            else:
                target = address
            client = stack.enter_context(Client(target, timeout=CONNECT_SECONDS))
        # Dask says it in many ways: OSError, TimeoutError, ValueError (a name no host can have), TypeError
        # (tls:// without certificates), even an AssertionError of its event loop after an earlier failure
        # in the same process. Whichever it is, the cluster cannot be used: that is the one line to say.
        except Exception as error:
            reason = shorten(" ".join(str(error).split()), 200) or type(error).__name__  # one line, whatever Dask said
            raise ClusterError(say(ClusterProblem.UNREACHABLE, written=address, reason=reason)) from None
        slots = sum(client.nthreads().values())
        if not slots:
            raise ClusterError(say(ClusterProblem.NO_WORKER, written=address))
        yield _Started(client.get_executor(pure=False), initializer, initargs, address), slots


class _Started(Executor):
    """The cluster's executor, each task preceded by the initializer local workers run once; a task
    that fails on a worker (one without ludoscribe cannot even read it) fails as a ClusterError."""

    def __init__(self, executor: Executor, initializer: Callable[..., None] | None, initargs: tuple[Any, ...],
                 address: str) -> None:
        self.executor, self.initializer, self.initargs, self.address = executor, initializer, initargs, address

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        answer: Future[Any] = Future()
        task = self.executor.submit(_started, self.initializer, self.initargs, fn, *args, **kwargs)
        task.add_done_callback(lambda done: self._pass_on(done, answer))
        return answer

    def _pass_on(self, done: Future[Any], answer: Future[Any]) -> None:
        if done.cancelled():  # the run is ending: its client closed
            answer.cancel()
            return
        if (error := done.exception()) is None:
            answer.set_result(done.result())
            return
        reason = shorten(" ".join(f"{type(error).__name__}: {error}".split()), 200)
        answer.set_exception(ClusterError(say(ClusterProblem.TASK_FAILED, written=self.address, reason=reason)))


def _started(initializer: Callable[..., None] | None, initargs: tuple[Any, ...], fn: Callable[..., Any],
             *args: Any, **kwargs: Any) -> Any:
    """On a worker: what the task's process needs set (cheap, so set for each task), then the task."""
    if initializer is not None:
        initializer(*initargs)
    return fn(*args, **kwargs)
