"""Benchmark: the hole-card engine's wall time and peak memory, warm (issue 11's targets).

Each case runs in a fresh process (so its peak resident memory is its own) after one warm-up
process has filled the lookup-table and numba caches: Crazy 4 Poker with one seen card
(122,151,120 situations before symmetry; target under 30 s, peak under 8 GB) by default, and
with ``--heavy`` also Crazy 4 Poker with two seen cards and Four Card Poker's up card plus one
hole card (about 2.8 billion situations before symmetry; targets under 10 minutes each).
Collusion has its own benchmark, ``analysis/bench_collusion.py``. ``--faceup`` adds face-up
dealing for 1 to 7 players (``crazy4 advantage faceup``'s study, default options: standard
errors at most 0.02 points) for every game, and ``--how`` S. How's Four Card Poker study
(``crazy4 advantage how``: his strategy and the count-optimal one to 0.05 points), each in a
fresh process with its figures.

    .venv/bin/python analysis/bench_advantage.py [--heavy] [--faceup] [--how] [--jobs 2]

Prints wall time, CPU time, peak memory and the load average before each case; the numbers go
in docs/advantage.md (Performance) with the date and the load.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

_CHILD = """
import resource, sys, time
from crazy4.advantage.holecards import hole_card_results
from crazy4.registry import load_rules
rules, seen, jobs = load_rules(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
start = time.perf_counter()
results = hole_card_results(rules, seen, jobs=jobs)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_SELF)
print(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, len(results.tables))
"""

_FACEUP = """
import json, resource, sys, time
from crazy4.advantage.faceup import face_up_row
from crazy4.registry import load_rules
rules, jobs = load_rules(sys.argv[1]), int(sys.argv[2])
start = time.perf_counter()
rows = [face_up_row(rules, n, seed=2020, jobs=jobs) for n in range(1, 8)]
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_SELF)
figures = [[r.players, r.deals, r.house_edge, r.standard_error] for r in rows]
print(json.dumps([wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, figures]))
"""

_HOW = """
import json, resource, sys, time
from crazy4.studies.how import how_study
from crazy4.registry import load_rules
rules, jobs = load_rules(sys.argv[1]), int(sys.argv[2])
start = time.perf_counter()
rows = how_study(rules, seats=6, seed=2010, target=0.0005, pilot=2000, count_pilot=300,
                 max_deals=200_000, jobs=jobs)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_SELF)
figures = [[r.strategy, r.deals, r.house_edge, r.standard_error] for r in rows]
print(json.dumps([wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, figures]))
"""

CASES = (("crazy4-standard", 1, 30.0),)
FACEUP = ("crazy4-standard", "four-card-standard", "three-card-standard")
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


def run_study(child: str, rules: str, jobs: int) -> dict[str, object]:
    """A face-up or How study in a fresh process: its times, peak memory and figures."""
    load = os.getloadavg()[0]
    done = subprocess.run(
        [sys.executable, "-c", child, rules, str(jobs)], check=True, capture_output=True, text=True
    )
    wall, cpu, peak_kib, figures = json.loads(done.stdout.splitlines()[-1])
    print(f"{rules:<20} wall {wall:.1f} s  CPU {cpu:.1f} s  load before {load:.2f}", flush=True)
    for figure in figures:
        print(f"    {figure[0]!s:<8} {figure[1]:>8,} deals  {100 * figure[2]:8.4f}% "
              f"± {100 * figure[3]:.4f}")  # fmt: skip
    return {
        "rules": rules,
        "jobs": jobs,
        "wall_s": round(wall, 3),
        "cpu_s": round(cpu, 3),
        "peak_mib": round(peak_kib / 1024),
        "load": round(load, 2),
        "figures": [[f[0], f[1], round(f[2], 6), round(f[3], 6)] for f in figures],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heavy", action="store_true", help="also the two 10-minute cases")
    parser.add_argument("--faceup", action="store_true", help="also face-up dealing, every game")
    parser.add_argument("--how", action="store_true", help="also S. How's Four Card Poker study")
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
    studies: dict[str, list[dict[str, object]]] = {}
    if args.faceup:
        print("face-up dealing, 1 to 7 players (house edge of the main game):", flush=True)
        studies["faceup"] = [run_study(_FACEUP, rules, args.jobs) for rules in FACEUP]
    if args.how:
        print("S. How's study, 6 seats:", flush=True)
        studies["how"] = [run_study(_HOW, "four-card-standard", args.jobs)]
    if args.json is not None:
        from bench import write_results

        write_results(args.json, "advantage", load_before, {"rows": rows, **studies})
    return 0


if __name__ == "__main__":
    sys.exit(main())
