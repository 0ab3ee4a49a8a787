"""Benchmark: rows per second of `crazy4 validate` on parquet, and peak memory, by game and seats.

For each game's rule set (`--rules`) and each number of seats (`--seats`), a clean log of
`--rows` rows is simulated to parquet and validated in a fresh process (the exact tables warmed
first on a small log, so the time is the reading and checking); best of `--repeat`, wall and CPU
seconds (the validator reads, parses and checks on three threads), and the process's peak
resident memory (`VmHWM`). Then CSV logs of each of `--csv-rows` (the first rule set, one
seat) are validated each in a fresh process (no warm-up), whose peak memory is printed: it
should not grow with the rows (the log is read in batches of 262,144 rows).

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

from crazy4.registry import load_rules
from crazy4.simulate.driver import make_plan, run_simulation

# The peak is the process's own (VmHWM, reset at exec): on Linux ru_maxrss keeps the parent's
# resident size at the fork, so it reported this script's, not the validation's.
_CHILD = """
import resource, sys, time
from pathlib import Path
from crazy4.registry import load_rules
from crazy4.validate.driver import validate
from crazy4.validate.report import Options
path, rules, warm = Path(sys.argv[1]), load_rules(sys.argv[2]), sys.argv[4]
repeat = int(sys.argv[3])
if warm:
    validate(Path(warm), Options(rules))  # the exact tables, once
best, cpu = float("inf"), float("inf")
for _ in range(repeat):
    start, start_cpu = time.perf_counter(), time.process_time()
    report = validate(path, Options(rules))
    best = min(best, time.perf_counter() - start)
    cpu = min(cpu, time.process_time() - start_cpu)
assert report.consistent, report.render()
try:
    with open("/proc/self/status") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
except (OSError, StopIteration):
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(report.rows, best, cpu, peak)
"""


def measure(
    path: Path, rules: str, repeat: int, warm: Path | None
) -> tuple[int, float, float, int]:
    """Rows, best wall and CPU seconds, and peak memory (kB) of validating ``path`` in a fresh
    process."""
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(path), rules, str(repeat), str(warm or "")],
        check=True,
        capture_output=True,
        text=True,
    )
    rows, best, cpu, peak = done.stdout.split()
    return int(rows), float(best), float(cpu), int(peak)


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def csv_rows(folder: Path, name: str, wanted: list[float]) -> list[dict[str, object]]:
    """Validate a CSV log of each of ``wanted`` rows (rule set ``name``, one seat) in a fresh
    process, without a warm-up; print and return each one's wall, CPU and peak memory."""
    csv: list[dict[str, object]] = []
    for rows_wanted in wanted:
        path = folder / f"rounds-{int(rows_wanted)}.csv"
        rules = load_rules(name)
        run_simulation(make_plan(rules, rounds=int(rows_wanted), seed=3), log_path=path)
        start = time.perf_counter()
        rows, _, cpu, peak = measure(path, name, 1, None)
        seconds = time.perf_counter() - start
        print(
            f"csv, {name}, 1 seat: {rows:,} rows ({path.stat().st_size / 1e6:.0f} MB) "
            f"in {seconds:.1f} s ({cpu:.1f} s of CPU), peak memory {peak / 1024:.0f} MB "
            f"(load {load()})",
            flush=True,
        )
        csv.append(
            {
                "rules": name,
                "seats": 1,
                "rows": rows,
                "megabytes": round(path.stat().st_size / 1e6),
                "wall_s": round(seconds, 3),
                "cpu_s": round(cpu, 3),
                "peak_mib": round(peak / 1024),
                "load": round(os.getloadavg()[0], 2),
            }
        )
        path.unlink()
    return csv


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=float, default=4e6)
    parser.add_argument("--csv-rows", type=float, nargs="*", default=[1e6, 5e6])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--rules", nargs="*", default=["crazy4-standard", "four-card-standard"])
    parser.add_argument("--seats", type=int, nargs="*", default=[1, 7])
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    parquet: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory() as folder:
        for name in args.rules:
            rules = load_rules(name)
            small = Path(folder) / "small.parquet"
            run_simulation(make_plan(rules, rounds=10_000, seed=1), log_path=small)
            for seats in args.seats:
                log = Path(folder) / "rounds.parquet"
                rounds = int(args.rows) // seats
                run_simulation(make_plan(rules, rounds=rounds, seed=2, seats=seats), log_path=log)
                rows, best, cpu, peak = measure(log, name, args.repeat, small)
                print(
                    f"parquet, {name}, {seats} seat(s): {rows:,} rows in {best:.2f} s: "
                    f"{rows / best / 1e6:.2f} million rows a second ({cpu:.2f} s of CPU: "
                    f"{rows / cpu / 1e6:.2f} million rows a CPU second), peak memory "
                    f"{peak / 1024:.0f} MB (load {load()})",
                    flush=True,
                )
                parquet.append(
                    {
                        "rules": name,
                        "seats": seats,
                        "rows": rows,
                        "wall_s": round(best, 3),
                        "cpu_s": round(cpu, 3),
                        "per_second": round(rows / best),
                        "peak_mib": round(peak / 1024),
                        "load": round(os.getloadavg()[0], 2),
                    }
                )
                log.unlink()
        csv = csv_rows(Path(folder), args.rules[0], args.csv_rows)
    if args.json is not None:
        from bench import write_results

        write_results(args.json, "validate", load_before, {"parquet": parquet, "csv": csv})
    return 0


if __name__ == "__main__":
    sys.exit(main())
