"""Compile the package's numba kernels into numba's on-disk cache once, as the environment is
made (``make install``, run by every target that needs ``.venv``).

Every compiled kernel is written to numba's cache (``cache=True``) the first time a process
calls it with new argument types; later processes load it in a fraction of a second. Without
this step the first command of each kind on a fresh machine compiles its kernels (a seven-seat
simulation and its validation, seconds each), and so did the first ``make test`` there, in
each of its workers. This runs the commands whose kernels ``make results`` does not compile
(the simulator with and without its compiled loops, its text and compact logs, the validator,
planting and detection, collusion and hole cards) on tiny inputs, split in two processes, one a
core; what they print is discarded. A command that fails is named and the step goes on: a
kernel it did not compile is compiled where it is first used, as before.

    .venv/bin/python analysis/warm_kernels.py
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The rule sets whose deal shapes the commands cover, one list a process.
PARTS = (
    ("crazy4-standard", "three-card-standard"),
    ("four-card-standard", "caribbean-stud-standard"),
)


def commands(rules: str, folder: Path) -> list[list[str]]:
    """The tiny commands run for one rule set, outputs in ``folder``."""
    log, csv, compact = (folder / f"{rules}{end}" for end in (".parquet", ".csv", "-c.parquet"))
    planted = folder / f"{rules}-planted.parquet"
    simulate = ["simulate", "--rules", rules, "--seed", "1", "--quiet"]
    return [
        [*simulate, "--rounds", "3000", "--seats", "2", "--log", str(log)],
        [*simulate, "--rounds", "3000", "--seats", "7", "--log", str(csv)],
        [
            *simulate,
            "--rounds",
            "3000",
            "--seats",
            "7",
            "--log",
            str(compact),
            "--log-cards",
            "compact",
        ],
        [*simulate, "--rounds", "200000", "--seats", "3"],
        ["validate", str(log), "--rules", rules],
        ["validate", str(csv), "--rules", rules],
        ["validate", str(compact), "--rules", rules],
        [
            *simulate,
            "--rounds",
            "2000",
            "--seats",
            "7",
            "--hole-cards",
            "1",
            "--hole-card-seats",
            "1",
            "--team-seats",
            "3,4",
            "--log",
            str(planted),
        ],
        ["advantage", "detect", str(planted), "--rules", rules],
        [
            "advantage",
            "collusion",
            "--rules",
            rules,
            "--colluders",
            "2",
            "--deals",
            "3",
            "--rule",
            "practical",
            "--quiet",
        ],
    ]


def run_part(names: tuple[str, ...]) -> int:
    """Run every command of ``names``' rule sets in this process; the failures' count."""
    from crazy4.cli.main import main

    failed = 0
    with tempfile.TemporaryDirectory(prefix="crazy4-warm-") as folder:
        for rules in names:
            for argv in commands(rules, Path(folder)):
                sink = io.StringIO()
                with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
                    status = main(argv)
                if status not in (0, 1):  # 1: a validation or detection that found something
                    failed += 1
                    print(f"warm_kernels: 'crazy4 {' '.join(argv[:3])}' exited {status}")
    return failed


def main() -> int:
    """Both parts at once, one a process; always 0 (a kernel not compiled here is compiled
    where it is first used)."""
    if len(sys.argv) > 1:
        return 1 if run_part(PARTS[int(sys.argv[1])]) else 0
    started = time.perf_counter()
    parts = [subprocess.Popen([sys.executable, __file__, str(i)]) for i in range(len(PARTS))]
    statuses = [part.wait() for part in parts]
    took = time.perf_counter() - started
    print(f"warm_kernels: numba's cache filled in {took:.0f} s ({statuses.count(0)} of 2 parts)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
