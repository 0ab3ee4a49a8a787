"""Benchmark: the hole-card engine's wall time and peak memory, warm (issue 11's targets).

Each case runs in a fresh process (so its peak resident memory is its own) after one warm-up
process has filled the lookup-table and numba caches: Crazy 4 Poker with one seen card
(122,151,120 situations before symmetry; target under 30 s, peak under 8 GB) by default, and
with ``--heavy`` also Crazy 4 Poker with two seen cards and Four Card Poker's up card plus one
hole card (about 2.8 billion situations before symmetry; targets under 10 minutes each).
Collusion has its own benchmark, ``analysis/bench_collusion.py``.

    .venv/bin/python analysis/bench_advantage.py [--heavy] [--jobs 2]

Prints wall time, CPU time, peak memory and the load average before each case; the numbers go
in docs/advantage.md (Performance) with the date and the load.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

_CHILD = """
import resource, sys, time
from crazy4.advantage.run import hole_card_results
from crazy4.core.table_kernels import set_threads
from crazy4.registry import load_rules
rules, seen, jobs = load_rules(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
set_threads(jobs)
start = time.perf_counter()
results = hole_card_results(rules, seen)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_SELF)
print(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, len(results.tables))
"""

CASES = (("crazy4-standard", 1, 30.0),)
HEAVY = (("crazy4-standard", 2, 600.0), ("four-card-standard", 1, 600.0))


def run_case(rules: str, seen: int, jobs: int) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak MiB of one case in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, rules, str(seen), str(jobs)],
        check=True,
        capture_output=True,
        text=True,
    )
    wall, cpu, peak_kib, _ = done.stdout.split()
    return float(wall), float(cpu), int(peak_kib) / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heavy", action="store_true", help="also the two 10-minute cases")
    parser.add_argument("--jobs", type=int, default=2, help="counting threads (default 2)")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    rows = []
    cases = CASES + (HEAVY if args.heavy else ())
    print("warm-up (fills the caches) ...", flush=True)
    run_case("crazy4-standard", 1, args.jobs)
    print(f"{'rule set':<20} {'seen':>4} {'wall':>9} {'cpu':>9} {'peak':>10} {'load':>6} target")
    for rules, seen, target in cases:
        load = os.getloadavg()[0]
        wall, cpu, peak = run_case(rules, seen, args.jobs)
        verdict = "met" if wall < target else "NOT met"
        print(
            f"{rules:<20} {seen:>4} {wall:>8.1f}s {cpu:>8.1f}s {peak:>7.0f} MiB {load:>6.2f} "
            f"< {target:.0f} s: {verdict}",
            flush=True,
        )
        rows.append(
            {
                "rules": rules,
                "seen": seen,
                "jobs": args.jobs,
                "wall_s": round(wall, 3),
                "cpu_s": round(cpu, 3),
                "peak_mib": round(peak),
                "target_s": target,
                "met": wall < target,
                "load": round(load, 2),
            }
        )
    if args.json is not None:
        from bench import write_results

        write_results(args.json, "advantage", load_before, {"rows": rows})
    return 0


if __name__ == "__main__":
    sys.exit(main())
