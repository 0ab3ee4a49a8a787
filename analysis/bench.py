"""Benchmark: wall time and peak memory of `crazy4 analyze`, cold and warm.

Cold: an empty table cache (every lookup table built, every numba kernel compiled: the numba
cache is pointed into the same temporary folder). Warm: the tables and compiled kernels cached
on disk by the cold run. Each run is a separate process; its peak resident memory is read from
the operating system (getrusage of the child, the largest of the process and the workers it
waited for).

Run with `make bench`. Numbers go in the README's Performance section.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = [
    ("crazy4-standard", 1),
    ("crazy4-standard", 2),
    ("four-card-standard", 1),
    ("four-card-standard", 2),
]


def measure(command: list[str], environment: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and peak RSS (MiB) of one command, run in a fresh wrapper process."""
    wrapper = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    start = time.perf_counter()
    output = subprocess.run(
        [sys.executable, "-c", wrapper, *command],
        env=environment,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    wall = time.perf_counter() - start
    return wall, int(output.strip().splitlines()[-1]) / 1024


def main() -> int:
    crazy4 = str(Path(sys.executable).parent / "crazy4")
    print(f"{'rule set':<20}{'jobs':>5}{'cache':>7}{'wall s':>9}{'peak MiB':>10}")
    for rules, jobs in RUNS:
        with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as out:
            environment = {
                **os.environ,
                "CRAZY4_CACHE_DIR": cache,
                "NUMBA_CACHE_DIR": os.path.join(cache, "numba"),
            }
            command = [
                crazy4,
                "analyze",
                "--rules",
                rules,
                "--out",
                out,
                "--jobs",
                str(jobs),
                "--quiet",
            ]
            for state in ("cold", "warm"):
                wall, peak = measure(command, environment)
                print(f"{rules:<20}{jobs:>5}{state:>7}{wall:>9.2f}{peak:>10.0f}", flush=True)
    print(f"(cpus: {os.cpu_count()}; peak is the largest single process)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
