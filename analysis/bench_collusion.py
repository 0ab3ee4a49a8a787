"""Benchmark: collusion deals per second (every dealer hand from the unseen cards listed).

Target (issue 11): one million deals with 6 colluders under a minute on the 2-core machine,
warm. Each configuration first runs a small plan (worker processes started, numba's cache and
the lookup tables loaded), then is timed once. Prints wall time, deals a second, the load
average before the run, and this process's peak memory (workers: see ``ps``).

    .venv/bin/python analysis/bench_collusion.py [--rules crazy4-standard] [--deals 1e6]
        [--colluders 6] [--jobs 1 2] [--table-deals 131072] [--repeat 3]

Then the scaling table (``analysis/bench_scaling.py``, issue 30): ``--table-deals`` deals
(16 tasks of 8,192) on local 1 and 2 threads and on a Dask ``LocalCluster`` of 1 worker x 1
thread, 1 x 2 and 2 x 1, with the ratios (``--table-deals 0``: no table).

Numbers go in docs/collusion.md (Performance).
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from pathlib import Path
from typing import Any

from crazy4.advantage.collusion import make_collusion_plan, run_collusion
from crazy4.registry import load_rules
from crazy4.rules.ruleset import RuleSet


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="crazy4-standard", help="rule set")
    parser.add_argument("--deals", type=float, default=1e6, help="deals timed (default 1e6)")
    parser.add_argument("--colluders", type=int, default=6, help="colluders (default 6)")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="worker counts")
    parser.add_argument(
        "--table-deals", type=float, default=16 * 8192, help="deals of the scaling table (0: none)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of the table (median)")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()
    rules = load_rules(args.rules)
    load_before = os.getloadavg()[0]
    rows = []
    for jobs in args.jobs:
        warm = make_collusion_plan(rules, colluders=args.colluders, deals=4 * 2048, seed=1)
        run_collusion(warm, jobs=jobs)
        plan = make_collusion_plan(rules, colluders=args.colluders, deals=int(args.deals), seed=2)
        load = os.getloadavg()[0]
        start = time.perf_counter()
        sums = run_collusion(plan, jobs=jobs)
        wall = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"{args.rules}  colluders {args.colluders}  jobs {jobs}  deals {sums.deals:,}  "
            f"wall {wall:.1f} s  {sums.deals / wall:,.0f} deals/s  load before {load:.2f}  "
            f"peak (main process) {peak:.0f} MiB"
        )
        rows.append(
            {
                "rules": args.rules,
                "colluders": args.colluders,
                "jobs": jobs,
                "deals": sums.deals,
                "wall_s": round(wall, 3),
                "per_second": round(sums.deals / wall),
                "peak_mib": round(peak),
                "load": round(load, 2),
            }
        )
    scaling = None
    if args.table_deals:
        scaling = table(rules, args.colluders, int(args.table_deals), args.repeat)
    if args.json is not None:
        from bench import write_results

        write_results(args.json, "collusion", load_before, {"rows": rows, "scaling": scaling})
    return 0


def table(rules: RuleSet, colluders: int, deals: int, repeat: int) -> dict[str, Any]:
    """The scaling table of ``deals`` deals (analysis/bench_scaling.py)."""
    from bench_scaling import scaling_table

    plan = make_collusion_plan(rules, colluders=colluders, deals=deals, seed=2)
    warm = make_collusion_plan(rules, colluders=colluders, deals=4 * 8192, seed=1)

    def run(backend: str, jobs: int, warming: bool) -> int:
        return run_collusion(warm if warming else plan, jobs=jobs, backend=backend).deals

    title = f"{rules.name}, {colluders} colluders, {deals:,} deals"
    return scaling_table(title, run, "deals", repeat)


if __name__ == "__main__":
    raise SystemExit(main())
