"""The Dask path (crazy4.simulate.cluster): the same numbers, to the bit, on every backend and
worker count, and what crosses the network per task (issue 30).

Every study is run locally with 1 and 2 jobs and on Dask clusters of 1 worker x 1 thread,
1 x 2 and 2 x 1 (workers in this process, talking over TCP, so every task and result is
serialized as on a real cluster).
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from crazy4.advantage.collusion import make_collusion_plan, run_collusion
from crazy4.registry import load_rules
from crazy4.simulate.cluster import in_flight, task_chunks
from crazy4.simulate.counts import Counts
from crazy4.simulate.driver import make_plan, run_simulation
from crazy4.simulate.plan import CHUNK_ROUNDS

#: (workers, threads a worker) of the Dask clusters.
SHAPES = ((1, 1), (1, 2), (2, 1))


@pytest.fixture(scope="module")
def clusters() -> Iterator[dict[tuple[int, int], str]]:
    """The scheduler address of a cluster of every shape (skipped without ``distributed``)."""
    distributed = pytest.importorskip(
        "distributed", reason="dask.distributed is not installed (pip install crazy4[distributed])"
    )
    from contextlib import ExitStack

    with ExitStack() as stack:
        addresses = {}
        for workers, threads in SHAPES:
            cluster = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=workers,
                    threads_per_worker=threads,
                    processes=False,
                    protocol="tcp://",
                    host="127.0.0.1",
                    scheduler_port=0,
                    dashboard_address=":0",
                )
            )
            addresses[workers, threads] = str(cluster.scheduler_address)
        yield addresses


def same_counts(a: Counts, b: Counts) -> bool:
    return (
        a.rounds == b.rounds
        and np.array_equal(a.seats, b.seats)
        and np.array_equal(a.blind, b.blind)
        and np.array_equal(a.dealer, b.dealer)
        and a.round_squares == b.round_squares
        and a.progressive == b.progressive
    )


@pytest.mark.parametrize(
    ("rules", "seats", "blind"),
    [
        ("crazy4-cardroom", 4, 1),
        # Four Card Poker's tables take some 20 s to derive on a loaded 2-core machine
        pytest.param("four-card-standard", 2, 0, marks=pytest.mark.slow),
    ],
)
def test_summary_counts_equal_on_every_backend(
    clusters: dict[tuple[int, int], str], rules: str, seats: int, blind: int
) -> None:
    plan = make_plan(
        load_rules(rules), rounds=3 * CHUNK_ROUNDS + 17, seed=30, seats=seats, blind_hands=blind
    )
    one = run_simulation(plan, jobs=1)
    assert one.rounds == plan.rounds and int(one.dealer.sum()) == plan.rounds
    assert int(one.seats.sum()) == plan.rounds * (seats - blind)
    assert same_counts(run_simulation(plan, jobs=2), one)
    for shape, address in clusters.items():
        remote = run_simulation(plan, backend="dask", scheduler=address)
        assert same_counts(remote, one), shape


def test_log_is_the_same_bytes_on_every_backend(
    clusters: dict[tuple[int, int], str], tmp_path: Path
) -> None:
    plan = make_plan(load_rules("crazy4-standard"), rounds=2 * CHUNK_ROUNDS + 9, seed=31)
    runs: dict[str, tuple[Counts, bytes]] = {}
    for name, jobs, address in [
        ("local 1", 1, None),
        ("local 2", 2, None),
        *((f"dask {w}x{t}", 1, a) for (w, t), a in clusters.items()),
    ]:
        path = tmp_path / f"{name.replace(' ', '-')}.parquet"
        backend = "local" if address is None else "dask"
        counts = run_simulation(
            plan, jobs=jobs, backend=backend, scheduler=address, log_path=path, log_cards="compact"
        )
        runs[name] = counts, path.read_bytes()
    first_counts, first_bytes = runs["local 1"]
    for name, (counts, data) in runs.items():
        assert same_counts(counts, first_counts), name
        assert data == first_bytes, name


def test_collusion_sums_equal_on_every_backend(clusters: dict[tuple[int, int], str]) -> None:
    plan = make_collusion_plan(load_rules("crazy4-standard"), colluders=7, deals=9000, seed=30)
    one = run_collusion(plan, jobs=1)
    assert one.deals == 9000 and sum(one.decisions["honest"]) == 7 * 9000
    assert run_collusion(plan, jobs=2) == one
    for shape, address in clusters.items():
        assert run_collusion(plan, backend="dask", scheduler=address) == one, shape


def test_a_task_carries_chunk_numbers_not_the_plan(
    clusters: dict[tuple[int, int], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plan crosses to each worker once (scattered); a task's arguments are its chunk
    numbers and the plan's key: a few hundred bytes, not the plan's 138 kB (Crazy 4 Poker)
    or 5.7 MB (Four Card Poker) with every task, as through joblib's Dask backend."""
    import distributed

    plan = make_plan(load_rules("crazy4-standard"), rounds=5 * CHUNK_ROUNDS, seed=32)
    assert len(pickle.dumps(plan)) > 100_000
    sent: list[int] = []  # pickled bytes of each task's arguments
    scattered: list[int] = []
    submit, map_, scatter = (
        distributed.Client.submit,
        distributed.Client.map,
        distributed.Client.scatter,
    )

    def size(value: Any) -> int:
        if isinstance(value, distributed.Future):
            return len(value.key) if isinstance(value.key, str) else 64
        if isinstance(value, list | tuple):
            return sum(size(item) for item in value)
        return len(pickle.dumps(value))

    def spy_submit(self: Any, function: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(size(list(args)) + size(list(kwargs.values())))
        return submit(self, function, *args, **kwargs)

    def spy_map(self: Any, function: Any, *iterables: Any, **kwargs: Any) -> Any:
        columns = [list(column) for column in iterables]
        sent.extend(size(list(task)) for task in zip(*columns, strict=True))
        return map_(self, function, *columns, **kwargs)

    def spy_scatter(self: Any, data: Any, *args: Any, **kwargs: Any) -> Any:
        scattered.append(len(pickle.dumps(data)))
        return scatter(self, data, *args, **kwargs)

    monkeypatch.setattr(distributed.Client, "submit", spy_submit)
    monkeypatch.setattr(distributed.Client, "map", spy_map)
    monkeypatch.setattr(distributed.Client, "scatter", spy_scatter)
    counts = run_simulation(plan, backend="dask", scheduler=clusters[1, 2])
    assert counts.rounds == plan.rounds
    assert max(sent) < 2_000
    assert len(sent) == 5  # one chunk a task: 5 chunks over 2 threads
    assert len(scattered) == 1 and scattered[0] > 100_000


def test_tasks_are_sized_for_the_cluster() -> None:
    # about four tasks a thread, up to the cap; a window of eight a thread
    assert task_chunks(1526, 2, 64) == 64  # 10^8 rounds, 2 threads: 24 tasks of 64 chunks
    assert task_chunks(1526, 64, 64) == 6  # 64 threads: 255 tasks, four a thread
    assert task_chunks(3, 8, 64) == 1
    assert in_flight(2) == 16 and in_flight(4) == 32


def nanny_environment() -> dict[str, str]:
    """This process's environment as a Dask nanny gives its worker: glibc's allocator as it is
    by default but for ``MALLOC_TRIM_THRESHOLD_=65536`` (the test run's own allocator settings,
    the Makefile's ``TEST_ENV``, left out)."""
    ours = ("MALLOC_MMAP_MAX_", "MALLOC_TRIM_THRESHOLD_", "ARROW_DEFAULT_MEMORY_POOL")
    environment = {name: value for name, value in os.environ.items() if name not in ours}
    return {**environment, "MALLOC_TRIM_THRESHOLD_": "65536"}


def test_a_chunk_maps_no_fresh_pages_under_a_dask_workers_malloc() -> None:
    """A Dask nanny starts its worker with ``MALLOC_TRIM_THRESHOLD_=65536``, so glibc returns
    every freed half-megabyte array to the system and the next chunk's array is mapped and
    zeroed again: 146 page faults a one-seat chunk (7-9% of its CPU time) while the draws were
    a fresh array a chunk; a thread's scratch array reused takes some 17."""
    code = (
        "import resource\n"
        "from crazy4.registry import load_rules\n"
        "from crazy4.simulate.driver import make_plan, run_simulation\n"
        "rules = load_rules('crazy4-standard')\n"
        "run_simulation(make_plan(rules, rounds=1 << 20, seed=2))\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt\n"
        "run_simulation(make_plan(rules, rounds=32 << 16, seed=1))\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)\n"
    )
    env = nanny_environment()
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert int(done.stdout.split()[-1]) < 60 * 32  # 32 chunks


def test_a_collusion_task_maps_no_fresh_pages_once_a_worker_keeps_freed_memory() -> None:
    """Under the nanny's ``MALLOC_TRIM_THRESHOLD_=65536`` a collusion task's numpy temporaries
    (some 50 MB for 8,192 deals) are mapped fresh every task: some 50,000 page faults for
    32,768 deals of 6 colluders. A Dask task runs after ``keep_freed_memory`` (glibc's
    thresholds set as its adaptive rule sets them), and the same deals then take a handful."""
    code = (
        "import resource\n"
        "from crazy4.advantage.collusion import make_collusion_plan, run_collusion\n"
        "from crazy4.registry import load_rules\n"
        "from crazy4.simulate.cluster import keep_freed_memory\n"
        "rules = load_rules('crazy4-standard')\n"
        "def faults():\n"
        "    run_collusion(make_collusion_plan(rules, colluders=6, deals=8192, seed=2))\n"
        "    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt\n"
        "    run_collusion(make_collusion_plan(rules, colluders=6, deals=32768, seed=1))\n"
        "    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before\n"
        "untuned = faults()\n"
        "assert keep_freed_memory()\n"
        "print(untuned, faults())\n"
    )
    env = nanny_environment()
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    untuned, tuned = (int(x) for x in done.stdout.split()[-2:])
    assert untuned > 10_000  # the check is not blind
    assert tuned < 1_000
