"""Benchmark: wall time and peak memory of `crazy4 analyze`, cold and warm, and its ratio to a
plain single-thread C program of the same counting sweep.

Cold: an empty table cache (every lookup table built, every numba kernel compiled: the numba
cache is pointed into the same temporary folder). Warm: the tables and compiled kernels cached
on disk by the cold run. Each run is a separate process; its peak resident memory is read from
the operating system (getrusage of the child, the largest of the process and the workers it
waited for). Warm runs are repeated (``--repeat``) and the median is printed.

The C baseline (``analysis/bench/crazy4_sweep.c``: inclusion-exclusion over subset tables, all
2,598,960 player hands, no suit symmetry) is built with ``cc`` (or ``gcc``) when one exists and
skipped with a note otherwise. It reads the engine's own five-card strength table (so it counts
the same ranking) and prints its total dealer-lower / tie / dealer-higher / not-qualified counts,
which are checked against the engine's outcome counts before any ratio is printed. Four Card
Poker has no C program yet (the sweep over its 2.6 million x 47 situations would take the C
program about 48 s by the issue's estimate): its row prints no ratio.

Run with `make bench`. Numbers go in the README's Performance section.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
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


def build_baseline(folder: Path) -> Path | None:
    """Compile the C sweep into ``folder``; None (with a note) when there is no C compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        print("(no C compiler (cc, gcc): the C baseline and the ratios are skipped)")
        return None
    program = folder / "crazy4_sweep"
    subprocess.run(
        [compiler, "-O2", "-o", str(program), str(HERE / "bench" / "crazy4_sweep.c")], check=True
    )
    return program


def engine_totals(rules_name: str) -> tuple[dict[str, int], int]:
    """The engine's totals over every player hand (each class times its weight) and the
    qualifier, in the C program's terms."""
    import numpy as np

    from crazy4.games.crazy_four.outcomes import compute_outcomes
    from crazy4.rules.load import load_rules

    qualifier = load_rules(rules_name).dealer.qualifier_strength
    outcomes = compute_outcomes(qualifier)

    def total(*cells: str) -> int:
        return sum(int(np.dot(outcomes.weights, outcomes.cell(cell))) for cell in cells)

    return {
        "lower": total("nq_player_higher", "player_wins"),
        "tie": total("nq_tie", "tie"),
        "higher": total("nq_dealer_higher", "dealer_wins"),
        "not_qualified": total("nq_player_higher", "nq_tie", "nq_dealer_higher"),
    }, qualifier


def run_baseline(program: Path, rules_name: str, folder: Path, repeat: int) -> float:
    """Median wall seconds of the C sweep, after checking its counts equal the engine's."""
    from crazy4.core.ranking import build_best_four_strengths

    table = folder / "strengths.bin"
    build_best_four_strengths(5).tofile(table)
    expected, qualifier = engine_totals(rules_name)
    walls = []
    for _ in range(repeat):
        start = time.perf_counter()
        output = subprocess.run(
            [str(program), str(table), str(qualifier)], check=True, capture_output=True, text=True
        ).stdout.split()
        walls.append(time.perf_counter() - start)
        counted = {output[i]: int(output[i + 1]) for i in range(0, len(output), 2)}
        if counted != expected:
            raise SystemExit(f"C baseline counts {counted} differ from the engine's {expected}")
    print(f"C baseline {rules_name}: counts agree with the engine ({expected})")
    return statistics.median(walls)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="warm runs (median)")
    args = parser.parse_args()
    crazy4 = str(Path(sys.executable).parent / "crazy4")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    baseline: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        program = build_baseline(Path(folder))
        if program is not None:
            seconds = run_baseline(program, "crazy4-standard", Path(folder), args.repeat)
            baseline["crazy4-standard"] = seconds
            print(f"C baseline crazy4-standard: {seconds:.2f} s (median of {args.repeat})")
    header = f"{'rule set':<20}{'jobs':>5}{'cache':>7}{'wall s':>9}{'peak MiB':>10}{'/ C':>7}"
    print(header)
    for rules, jobs in RUNS:
        with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as out:
            environment = {
                **os.environ,
                "CRAZY4_CACHE_DIR": cache,
                "NUMBA_CACHE_DIR": os.path.join(cache, "numba"),
            }
            command = [crazy4, "analyze", "--rules", rules, "--out", out, "--jobs", str(jobs)]
            command.append("--quiet")
            for state in ("cold", "warm"):
                runs = [
                    measure(command, environment)
                    for _ in range(1 if state == "cold" else args.repeat)
                ]
                wall = statistics.median(run[0] for run in runs)
                peak = max(run[1] for run in runs)
                ratio = f"{wall / baseline[rules]:>7.2f}" if rules in baseline else f"{'-':>7}"
                print(f"{rules:<20}{jobs:>5}{state:>7}{wall:>9.2f}{peak:>10.0f}{ratio}", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"(cpus: {os.cpu_count()}; peak is the largest single process; / C: the wall time over")
    print(" the C sweep's, which counts what the analysis counts but writes no tables or report)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
