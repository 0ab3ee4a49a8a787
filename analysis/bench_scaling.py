"""The scaling table of a study: local threads against Dask ``LocalCluster`` workers.

Used by ``analysis/bench_simulate.py --dask`` and ``analysis/bench_collusion.py`` (issue 30).
Five configurations: local 1 and 2 threads (``jobs``), Dask 1 worker x 1 thread, 1 x 2 and
2 x 1 (worker processes, as ``dask worker`` starts them, without the dashboard), one cluster
at a time (an idle cluster costs some 5% of a core: its scheduler in this process, its
workers' heartbeats and profilers). The configurations are timed in turn, ``repeat``
rounds of all five (a slow drift of the machine's speed then hits every row alike), each
time on a fresh cluster warmed by a small run (worker processes, table cache, compiled
kernels); the median is printed, every run's wall time, and the CPU time the hypervisor
gave to other machines meanwhile (``/proc/stat``'s steal).

Beside the wall-clock rate, the CPU seconds of this process and of the cluster's worker
processes during the timed runs: ``cores`` is CPU over wall (how many cores the
configuration kept busy), ``CPU/unit`` the CPU per unit of work against local 1 thread (the
Dask path's own cost, which the machine's load does not change much).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

#: (backend, workers, threads a worker); local: one process of ``threads`` threads.
CONFIGS = (("local", 1, 1), ("local", 1, 2), ("dask", 1, 1), ("dask", 1, 2), ("dask", 2, 1))


def load() -> str:
    """The load averages (1, 5, 15 minutes)."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _steal() -> float:
    """Seconds of CPU the hypervisor gave other machines so far (``/proc/stat``'s steal
    column, all cores; 0 where there is no such file)."""
    try:
        with open("/proc/stat") as stat:
            fields = stat.readline().split()
    except OSError:
        return 0.0
    return int(fields[8]) / os.sysconf("SC_CLK_TCK") if len(fields) > 8 else 0.0


def _worker_cpu() -> float:
    import psutil

    times = psutil.Process().cpu_times()
    return float(times.user + times.system)


def _cpu(client: Any) -> float:
    """CPU seconds of this process and of the client's worker processes so far."""
    own = os.times()
    total = own.user + own.system
    if client is not None:
        total += sum(client.run(_worker_cpu).values())
    return total


@contextmanager
def client_of(config: tuple[str, int, int]) -> Iterator[Any]:
    """The current client of a Dask configuration's ``LocalCluster``; None for a local one."""
    backend, workers, threads = config
    if backend == "local":
        yield None
        return
    import cloudpickle
    from distributed import Client, LocalCluster

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # workers cannot import it
    with (
        LocalCluster(
            n_workers=workers,
            threads_per_worker=threads,
            processes=True,
            scheduler_kwargs={"dashboard": False},
        ) as cluster,
        Client(cluster) as client,
        client.as_current(),
    ):
        yield client


def scaling_table(
    title: str,
    run: Callable[[str, int, bool], int],
    unit: str,
    repeat: int,
) -> dict[str, Any]:
    """Print the table; return it (for ``--json``): the title, the unit, the load averages
    before and after, and a row of every configuration (its median wall and rate, the ratio
    and the configuration it is against, cores, CPU a unit against local 1 thread).

    ``run(backend, jobs, warm)`` runs the study once (``warm``: the small warm-up) and
    returns the units of work done (rounds, deals).
    """
    before = load()
    print(f"{title}; load average before: {before}", flush=True)
    walls: dict[tuple[str, int, int], list[float]] = {config: [] for config in CONFIGS}
    cpus: dict[tuple[str, int, int], list[float]] = {config: [] for config in CONFIGS}
    done: dict[tuple[str, int, int], int] = {}
    steal = _steal()
    for _ in range(repeat):  # round-robin: a drift of the machine's speed hits every row alike
        for config in CONFIGS:
            with client_of(config) as client:
                jobs = config[1] * config[2]
                run(config[0], jobs, True)
                cpu, start = _cpu(client), time.perf_counter()
                done[config] = run(config[0], jobs, False)
                walls[config].append(time.perf_counter() - start)
                cpus[config].append(_cpu(client) - cpu)
    steal = _steal() - steal
    rates = {config: done[config] / statistics.median(walls[config]) for config in CONFIGS}
    base_cpu = statistics.median(cpus[CONFIGS[0]]) / done[CONFIGS[0]]
    print(
        f"{'backend':<8}{'workers x threads':>18}{'wall s':>9}{unit + '/s':>16}"
        f"{'ratio':>8}{'against':>16}{'cores':>7}{'CPU/unit':>10}"
    )
    bases = {
        ("local", 1, 2): ("local", 1, 1),
        ("dask", 1, 1): ("local", 1, 1),
        ("dask", 1, 2): ("dask", 1, 1),
        ("dask", 2, 1): ("dask", 1, 1),
    }
    rows = []
    for config in CONFIGS:
        backend, workers, threads = config
        wall = statistics.median(walls[config])
        base = bases.get(config)
        ratio = f"{rates[config] / rates[base]:.2f}" if base else "1"
        against = f"{base[0]} {base[1]}x{base[2]}" if base else ""
        cpu = statistics.median(cpus[config])
        print(
            f"{backend:<8}{f'{workers} x {threads}':>18}{wall:>9.2f}{rates[config]:>16,.0f}"
            f"{ratio:>8}{against:>16}{cpu / wall:>7.2f}{cpu / done[config] / base_cpu:>10.2f}"
        )
        rows.append(
            {
                "backend": backend,
                "workers": workers,
                "threads": threads,
                "wall_s": round(wall, 3),
                "per_second": round(rates[config]),
                "ratio": round(rates[config] / rates[base], 2) if base else 1.0,
                "against": against,
                "cores": round(cpu / wall, 2),
                "cpu_per_unit": round(cpu / done[config] / base_cpu, 2),
                "walls_s": [round(value, 3) for value in walls[config]],
            }
        )
    after = load()
    print(f"load average after: {after}; CPU stolen by the host: {steal:.1f} s", flush=True)
    print("walls (s) of every run:", flush=True)
    for config in CONFIGS:
        runs = " ".join(f"{wall:.2f}" for wall in walls[config])
        print(f"  {config[0]} {config[1]}x{config[2]}: {runs}")
    units = done[CONFIGS[0]]
    return {
        "title": title,
        "unit": unit,
        "units": units,
        "load_before": before,
        "load_after": after,
        "steal_s": round(steal, 1),
        "rows": rows,
    }
