"""Tasks on a Dask cluster, through Dask's own futures: one runner for every seeded study.

The plan is scattered to every worker once; a task is the plan's key and its chunk numbers.
Tasks are few and long (:func:`task_chunks`), at most :func:`in_flight` at once
(docs/cluster.md has the figures, and why not joblib's Dask backend)."""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any, TypeVar

from crazy4.errors import InputError

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")

#: Seconds to wait for a first worker to join the scheduler.
WAIT_FOR_WORKERS = 30
#: glibc's ``mallopt`` parameters (``malloc.h``) and the values a worker's tasks run with:
#: the largest mmap threshold glibc's own adaptive rule reaches (32 MiB on 64-bit), and a
#: trim threshold twice that, as the adaptive rule keeps it.
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
MMAP_THRESHOLD = 32 << 20
TRIM_THRESHOLD = 2 * MMAP_THRESHOLD

_TUNED: list[bool] = []


def keep_freed_memory() -> bool:
    """Let this process's ``malloc`` reuse freed memory, as glibc does by default; once per
    process, True if it was set (glibc only; elsewhere nothing is done).

    A Dask nanny starts its worker with ``MALLOC_TRIM_THRESHOLD_=65536``, which also turns off
    glibc's adaptive ``mmap`` threshold, so every large temporary is mapped fresh and faulted
    in page by page; setting both thresholds where glibc's adaptive rule takes them keeps the
    freed pages in the process for the next task.

    Examples
    --------
    >>> MMAP_THRESHOLD, TRIM_THRESHOLD  # 32 MiB, 64 MiB
    (33554432, 67108864)
    """
    if _TUNED:
        return _TUNED[0]
    import ctypes
    import ctypes.util

    done = False
    name = ctypes.util.find_library("c")
    if name is not None and sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(name)
            done = bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
                libc.mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)
            )
        except (OSError, AttributeError):
            done = False
    _TUNED.append(done)
    return done


def run_task(function: Callable[[S, T], R], shared: S, task: T) -> R:
    """``function(shared, task)`` in a worker, its ``malloc`` set up first
    (:func:`keep_freed_memory`)."""
    keep_freed_memory()
    return function(shared, task)


def in_flight(threads: int) -> int:
    """Tasks in flight for a cluster of ``threads`` threads: eight a thread, at least 16; half
    a window is submitted in one message as the other half finishes, so a thread never waits
    for the client.

    Examples
    --------
    >>> in_flight(1), in_flight(16)
    (16, 128)
    """
    return max(16, 8 * threads)


def task_chunks(chunks: int, threads: int, most: int) -> int:
    """Chunks per task: about four tasks a thread, at most ``most`` chunks, at least one.

    Examples
    --------
    >>> task_chunks(1526, 2, 64), task_chunks(10, 2, 64), task_chunks(10**7, 64, 64)
    (64, 2, 64)
    """
    return max(1, min(most, -(-chunks // (4 * max(1, threads)))))


def _connect(scheduler: str | None) -> tuple[Any, bool]:
    """The client (and whether this function opened it) of ``scheduler``, or the current one."""
    try:
        from distributed import Client
    except ImportError:
        raise InputError(
            "--backend dask needs the 'distributed' package: pip install 'crazy4[distributed]'"
        ) from None
    if scheduler is None:
        try:
            return Client.current(), False  # type: ignore[no-untyped-call]
        except ValueError:
            raise InputError("--backend dask needs --scheduler ADDRESS") from None
    try:
        return Client(scheduler, timeout="10s"), True  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        raise InputError(f"cannot reach the Dask scheduler {scheduler!r}: {error}") from None


class DaskRunner:
    """A connection to a Dask cluster that runs one study's tasks.

    Parameters
    ----------
    scheduler : str or None
        The scheduler's address (``tcp://host:8786``); None: the current
        ``distributed.Client`` (a ``LocalCluster`` the caller started).

    Raises
    ------
    InputError
        Without the ``distributed`` package, without a scheduler or client, when the
        scheduler cannot be reached, or when no worker joins within :data:`WAIT_FOR_WORKERS`
        seconds (one line each).
    """

    def __init__(self, scheduler: str | None) -> None:
        self.client, self.owned = _connect(scheduler)
        try:
            self.client.wait_for_workers(1, timeout=WAIT_FOR_WORKERS)
        except TimeoutError:
            self.close()
            raise InputError(
                f"no Dask worker joined the scheduler within {WAIT_FOR_WORKERS} s"
            ) from None

    @property
    def threads(self) -> int:
        """The cluster's worker threads (all workers), at least 1."""
        return max(1, int(sum(self.client.nthreads().values())))

    def close(self) -> None:
        """Close the client if this runner opened it."""
        if self.owned:
            self.client.close()

    def map(
        self,
        function: Callable[[S, T], R],
        shared: S,
        tasks: Iterable[T],
        *,
        ordered: bool = True,
    ) -> Iterator[R]:
        """``function(shared, task)`` of every task, on the cluster.

        ``shared`` (the plan) is scattered to every worker once; at most
        :func:`in_flight` tasks are submitted at a time. Results come in the tasks' order when
        ``ordered`` (a log's rows), else as they finish (sums: the order does not matter).
        """
        from distributed import as_completed

        tasks = iter(tasks)
        window = in_flight(self.threads)
        [plan] = self.client.scatter([shared], broadcast=True, hash=False)

        def submit(count: int) -> list[Any]:
            """The next ``count`` tasks, submitted in one message."""
            batch = list(islice(tasks, count))
            if not batch:
                return []
            futures: list[Any] = self.client.map(
                run_task, [function] * len(batch), [plan] * len(batch), batch, pure=False
            )
            return futures

        pending = deque(submit(window))
        # unordered: as they finish; ordered: the first in line (no other reference kept)
        finished = None if ordered else as_completed(pending)  # type: ignore[no-untyped-call]
        while pending:
            future = pending.popleft() if finished is None else next(finished)
            result: R = future.result()
            if finished is not None:
                pending.remove(future)
            future.release()
            if len(pending) <= window // 2:
                more = submit(window - len(pending))
                pending.extend(more)
                if finished is not None:
                    finished.update(more)  # type: ignore[no-untyped-call]
            yield result
        plan.release()


def dask_map(
    function: Callable[[S, T], R],
    shared: S,
    tasks: Callable[[int], Iterable[T]],
    scheduler: str | None,
    *,
    ordered: bool = True,
) -> Iterator[R]:
    """``function(shared, task)`` of every task of ``tasks(threads)`` on a Dask cluster
    (:meth:`DaskRunner.map`); ``tasks`` is given the cluster's thread count to size them."""
    runner = DaskRunner(scheduler)
    try:
        yield from runner.map(function, shared, tasks(runner.threads), ordered=ordered)
    finally:
        runner.close()
