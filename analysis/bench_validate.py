"""Benchmark: rows per second of `crazy4 validate` on parquet, and peak memory on CSV.

For each game's rule set (`--rules`) and each number of seats (`--seats`), a clean log of
`--rows` rows is simulated to parquet and validated in-process (the exact tables warmed first
on a small log, so the time is the reading and checking); best of `--repeat`, wall and CPU
seconds (the validator reads, parses and checks on three threads). Then CSV logs of each of
`--csv-rows` (the first rule set, one seat) are validated each in a fresh process, whose peak
resident memory (`VmHWM`) is printed: it should not grow with the rows (the log is read in
batches of 262,144 rows).

    .venv/bin/python analysis/bench_validate.py [--rows 4e6] [--seats 1 7] [--csv-rows 1e6 5e6]

Numbers go in docs/validator.md (Performance), with the load average beside them.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from crazy4.rules.load import load_rules
from crazy4.simulate.driver import make_plan, run_simulation
from crazy4.validate.driver import validate
from crazy4.validate.report import Options

# The peak is the process's own (VmHWM, reset at exec): on Linux ru_maxrss keeps the parent's
# resident size at the fork, so it reported this script's, not the validation's.
_CHILD = """
import resource, sys
from pathlib import Path
from crazy4.rules.load import load_rules
from crazy4.validate.driver import validate
from crazy4.validate.report import Options
report = validate(Path(sys.argv[1]), Options(load_rules(sys.argv[2])))
assert report.consistent, report.render()
try:
    with open("/proc/self/status") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
except (OSError, StopIteration):
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(report.rows, peak)
"""


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=float, default=4e6)
    parser.add_argument("--csv-rows", type=float, nargs="*", default=[1e6, 5e6])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--rules", nargs="*", default=["crazy4-standard", "four-card-standard"])
    parser.add_argument("--seats", type=int, nargs="*", default=[1, 7])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for name in args.rules:
            rules = load_rules(name)
            small = Path(folder) / "small.parquet"
            run_simulation(make_plan(rules, rounds=10_000, seed=1), log_path=small)
            validate(small, Options(rules))  # the exact tables, once
            for seats in args.seats:
                log = Path(folder) / "rounds.parquet"
                rounds = int(args.rows) // seats
                run_simulation(make_plan(rules, rounds=rounds, seed=2, seats=seats), log_path=log)
                best, cpu = float("inf"), float("inf")
                for _ in range(args.repeat):
                    start, start_cpu = time.perf_counter(), time.process_time()
                    report = validate(log, Options(rules))
                    best = min(best, time.perf_counter() - start)
                    cpu = min(cpu, time.process_time() - start_cpu)
                assert report.consistent, report.render()
                print(
                    f"parquet, {name}, {seats} seat(s): {report.rows:,} rows in {best:.2f} s: "
                    f"{report.rows / best / 1e6:.2f} million rows a second ({cpu:.2f} s of CPU: "
                    f"{report.rows / cpu / 1e6:.2f} million rows a CPU second; load {load()})",
                    flush=True,
                )
                log.unlink()
        rules = load_rules(args.rules[0])
        for rows in args.csv_rows:
            path = Path(folder) / f"rounds-{int(rows)}.csv"
            run_simulation(make_plan(rules, rounds=int(rows), seed=3), log_path=path)
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-c", _CHILD, str(path), args.rules[0]],
                check=True,
                capture_output=True,
                text=True,
            )
            seconds = time.perf_counter() - start
            counted, peak_kb = (int(v) for v in done.stdout.split())
            print(
                f"csv: {counted:,} rows ({path.stat().st_size / 1e6:.0f} MB) in {seconds:.1f} s, "
                f"peak memory {peak_kb / 1024:.0f} MB (load {load()})",
                flush=True,
            )
            path.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
