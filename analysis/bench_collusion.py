"""Benchmark: collusion deals per second (every dealer hand from the unseen cards listed).

Target (issue 11): one million deals with 6 colluders under a minute on the 2-core machine,
warm. Each configuration first runs a small plan (worker processes started, numba's cache and
the lookup tables loaded), then is timed once. Prints wall time, deals a second, the load
average before the run, and this process's peak memory (workers: see ``ps``).

    .venv/bin/python analysis/bench_collusion.py [--rules crazy4-standard] [--deals 1e6]
        [--colluders 6] [--jobs 1 2]

Numbers go in docs/collusion.md (Performance).
"""

from __future__ import annotations

import argparse
import os
import resource
import time

from crazy4.advantage.collusion import make_collusion_plan, run_collusion
from crazy4.rules.load import load_rules


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="crazy4-standard", help="rule set")
    parser.add_argument("--deals", type=float, default=1e6, help="deals timed (default 1e6)")
    parser.add_argument("--colluders", type=int, default=6, help="colluders (default 6)")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="worker counts")
    args = parser.parse_args()
    rules = load_rules(args.rules)
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
