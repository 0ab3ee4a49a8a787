"""Benchmark: rounds per second of `crazy4 simulate` (summary mode, log mode, Dask).

Each configuration runs once to warm the worker processes, the table cache and the compiled
kernels, then is timed ``--repeat`` times; the median is printed, with the load average before
and after. The rows are the issue's figures: Crazy 4 Poker 1 seat 1 job, 7 seats 2 jobs, Four
Card Poker 1 seat 1 job, the parquet log (rows a second), and the simulator on a Dask
``LocalCluster`` of 2 workers against 1 (``--dask``; needs the ``distributed`` package).

    .venv/bin/python analysis/bench_simulate.py [--rounds 2e8] [--log-rounds 5e6] [--dask]

Numbers go in the README's Performance section and docs/simulator.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from crazy4.rules.load import load_rules
from crazy4.simulate.driver import make_plan, run_simulation


def median_seconds(function: Callable[[], object], repeat: int) -> float:
    """Median wall seconds of ``repeat`` calls."""
    walls = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        walls.append(time.perf_counter() - start)
    return statistics.median(walls)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def run(
    rules_name: str, rounds: int, seats: int, jobs: int, repeat: int, log: bool, backend: str
) -> float:
    """Median rounds a second of one configuration (after a warm-up run)."""
    rules = load_rules(rules_name)
    plan = make_plan(rules, rounds=rounds, seed=1, seats=seats)
    warm = make_plan(rules, rounds=min(rounds, 1 << 20), seed=2, seats=seats)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rounds.parquet" if log else None
        run_simulation(warm, jobs=jobs, log_path=path, backend=backend)
        seconds = median_seconds(
            lambda: run_simulation(plan, jobs=jobs, log_path=path, backend=backend), repeat
        )
    return rounds / seconds


def dask_ratio(rules_name: str, rounds: int, repeat: int) -> tuple[float, float]:
    """Rounds a second on a Dask LocalCluster of 1 and of 2 worker processes."""
    from distributed import Client, LocalCluster

    rates = []
    for workers in (1, 2):
        with (
            LocalCluster(n_workers=workers, threads_per_worker=1, processes=True) as cluster,
            Client(cluster),
        ):
            rates.append(run(rules_name, rounds, 1, workers, repeat, False, "dask"))
    return rates[0], rates[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=float, default=2e8, help="summary-mode rounds (2e8)")
    parser.add_argument("--log-rounds", type=float, default=5e6, help="log-mode rounds (5e6)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs (median)")
    parser.add_argument("--dask", action="store_true", help="also a Dask LocalCluster, 2 vs 1")
    args = parser.parse_args()
    rounds = int(args.rounds)
    print(f"cpus: {os.cpu_count()}; load average before: {load()}")
    print(f"{'rules':<20}{'mode':<9}{'seats':>6}{'jobs':>5}{'rounds':>14}{'per second':>14}")
    for rules, mode, seats, jobs, count in (
        ("crazy4-standard", "summary", 1, 1, rounds),
        ("crazy4-standard", "summary", 1, 2, rounds),
        ("crazy4-standard", "summary", 7, 2, rounds // 4),
        ("four-card-standard", "summary", 1, 1, rounds // 2),
        ("four-card-standard", "summary", 7, 2, rounds // 8),
        ("crazy4-standard", "log", 1, 1, int(args.log_rounds)),
        ("four-card-standard", "log", 1, 1, int(args.log_rounds)),
    ):
        rate = run(rules, count, seats, jobs, args.repeat, mode == "log", "local")
        unit = "rows/s" if mode == "log" else "rounds/s"
        print(f"{rules:<20}{mode:<9}{seats:>6}{jobs:>5}{count:>14,}{rate:>14,.0f} {unit}")
    if args.dask:
        one, two = dask_ratio("crazy4-standard", rounds // 2, args.repeat)
        print(f"dask LocalCluster crazy4-standard 1 seat: 1 worker {one:,.0f} rounds/s, ")
        print(f"  2 workers {two:,.0f} rounds/s: ratio {two / one:.2f}")
    print(f"load average after: {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
