"""Benchmark: rounds per second of `crazy4 simulate`, summary mode and log mode.

Each configuration runs once to warm the worker processes and the table cache, then is timed
(best of `--repeat`). Summary mode counts seats by (strength, decision, outcome cell); log mode
also builds and writes one parquet row per seat and round.

    .venv/bin/python analysis/bench_simulate.py [--rules crazy4-standard|four-card-standard]
        [--rounds 50e6] [--log-rounds 5e6]

Numbers go in docs/simulator.md (Performance).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from crazy4.rules.load import load_rules
from crazy4.simulate.driver import make_plan, run_simulation


def timed(function: object, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=float, default=50e6)
    parser.add_argument("--log-rounds", type=float, default=5e6)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument(
        "--rules", default="crazy4-standard", help="rule set (default crazy4-standard)"
    )
    args = parser.parse_args()
    rules = load_rules(args.rules)
    print(f"cpus: {os.cpu_count()}")
    print(f"{'mode':<10}{'seats':>6}{'jobs':>6}{'rounds':>14}{'seconds':>10}{'rounds/s':>14}")
    for mode, seats, jobs in (
        ("summary", 1, 1),
        ("summary", 1, 2),
        ("summary", 7, 2),
        ("log", 1, 1),
        ("log", 1, 2),
    ):
        rounds = int(args.rounds if mode == "summary" else args.log_rounds)
        if seats > 1:
            rounds //= 4
        plan = make_plan(rules, rounds=rounds, seed=1, seats=seats)
        with tempfile.TemporaryDirectory() as folder:
            log = Path(folder) / "rounds.parquet" if mode == "log" else None
            warm = make_plan(rules, rounds=min(rounds, 1 << 20), seed=2, seats=seats)
            run_simulation(warm, jobs=jobs, log_path=log)
            seconds = timed(
                lambda plan=plan, jobs=jobs, log=log: run_simulation(plan, jobs=jobs, log_path=log),
                args.repeat,
            )
        print(
            f"{mode:<10}{seats:>6}{jobs:>6}{rounds:>14,}{seconds:>10.2f}{rounds / seconds:>14,.0f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
