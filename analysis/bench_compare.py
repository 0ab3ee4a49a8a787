"""Benchmark: the same workloads on an earlier commit and on this checkout, side by side.

The earlier commit (``--before``, default ``b5d0a05``: the last before the two engine families
became one per job, issue 42's reference) is checked out into a temporary ``git worktree``, removed
at the end, also on an error or an interrupt. Both versions run with this interpreter and its
environment: the earlier one through ``PYTHONPATH=<its tree>``, this checkout through the
editable install (bytecode caches written, whatever ``PYTHONDONTWRITEBYTECODE`` says), every
child in a folder of its own with ``PYTHONSAFEPATH=1``, so neither
picks the other up from the working directory (checked first: each version's
``crazy4.__file__`` is printed and must lie in its tree). Each version has its own table cache
(``CRAZY4_CACHE_DIR``) and numba cache (``NUMBA_CACHE_DIR``), both temporary and warmed first
by one run of every workload (untimed).

The workloads (``analysis/compare_workloads.py``) are one or two of each benchmark family,
through calls both versions support. Each run is a child process whose wall time and peak
resident memory are measured as ``bench.py`` does; ``simulate`` and ``validate`` also time the
call itself, after a warm-up in the same process, as their own benchmarks do. The runs are
interleaved, one version then the other and the next repeat the other way round (before,
after, after, before, ...), so the load of other processes and a slow drift fall on both alike.
Every run prints what it computed (the house edge, a digest of the counts, the validation's
verdict, the strategies' JSON); a row is ``same`` when that was equal over every run of both
versions, and a run that added files to its caches (they were not warm) is flagged. The table
(``analysis/compare_table.py``) gives each workload's medians, their ratio, the ratios of the
runs paired in time, the spreads, peaks and rates, and a verdict.

    .venv/bin/python analysis/bench_compare.py [--before b5d0a05] [--repeat 3] [--quick]
        [--only analyze,simulate] [--heavy] [--json analysis/bench/results/compare.json]

Run with ``make bench-compare``; ``make performance`` renders the JSON on docs/performance.md.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compare_table import summarize, table
from compare_workloads import (
    DETECT_ROUNDS,
    GAMES,
    Workload,
    expand,
    forget_counts,
    read_output,
    workloads,
)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BIN = Path(sys.executable).parent


@dataclass
class Version:
    """One version's tree, environment and folders (caches, output, working directory)."""

    label: str
    tree: Path
    folder: Path
    environment: dict[str, str] = field(default_factory=dict)

    @property
    def cache(self) -> Path:
        return self.folder / "cache"

    def prepare(self, pythonpath: bool) -> None:
        """Make the folders and the environment: this interpreter, the version's caches, the
        earlier tree first on ``PYTHONPATH`` (or none), no path from the working directory."""
        for name in ("cache", "numba", "out", "work"):
            (self.folder / name).mkdir(parents=True, exist_ok=True)
        # Bytecode caches are written (as for any user; the earlier tree's go with it): without
        # them every run compiles every module it imports, and the larger tree pays more.
        dropped = ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")
        environment = {key: value for key, value in os.environ.items() if key not in dropped}
        if pythonpath:
            environment["PYTHONPATH"] = str(self.tree)
        environment["PYTHONSAFEPATH"] = "1"
        environment["CRAZY4_CACHE_DIR"] = str(self.cache)
        environment["NUMBA_CACHE_DIR"] = str(self.folder / "numba")
        self.environment = environment

    def argv(self, workload: Workload, data: Path) -> list[str]:
        """The workload's command for this version."""
        names = {
            "@crazy4": str(BIN / "crazy4"),
            "@python": sys.executable,
            "@out": str(self.folder / "out"),
            "@data": str(data),
        }
        return [expand(part, names) for part in workload.command]

    def cache_files(self) -> set[str]:
        """Every file under the version's two caches (to see whether a run added any)."""
        return {
            str(path.relative_to(self.folder))
            for name in ("cache", "numba")
            for path in (self.folder / name).rglob("*")
            if path.is_file() and not path.name.endswith(".lock")
        }


_WRAPPER = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], check=True, stdout=subprocess.PIPE, text=True)\n"
    "sys.stdout.write(done.stdout)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def measure(argv: list[str], environment: dict[str, str], cwd: Path) -> tuple[float, float, str]:
    """Wall seconds, peak RSS (MiB) and standard output of one command, run under a small
    wrapper process (its children's largest ``ru_maxrss``, as ``bench.py`` measures); the
    whole process group is killed if this is interrupted."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-c", _WRAPPER, *argv],
        env=environment,
        cwd=cwd,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate()
    except BaseException:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        raise
    wall = time.perf_counter() - start
    if process.returncode != 0:
        raise SystemExit(f"failed ({process.returncode}): {' '.join(argv)[:300]}")
    *lines, peak = output.rstrip("\n").split("\n")
    return wall, int(peak) / 1024, "\n".join(lines)


def git(*args: str) -> str:
    """A git command's output, run in this checkout."""
    done = subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True)
    return done.stdout.strip()


@contextlib.contextmanager
def before_tree(commit: str, folder: Path) -> Iterator[Path]:
    """``commit`` checked out into a temporary worktree under ``folder``, removed afterwards
    (also on an error, an interrupt, SIGTERM or SIGHUP)."""

    def stop(number: int, _frame: object) -> None:
        raise SystemExit(128 + number)

    handlers = {number: signal.signal(number, stop) for number in (signal.SIGTERM, signal.SIGHUP)}
    tree = folder / "before-tree"
    try:
        git("worktree", "add", "--detach", "--quiet", str(tree), commit)
        yield tree
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):
            git("worktree", "remove", "--force", str(tree))
        shutil.rmtree(tree, ignore_errors=True)
        with contextlib.suppress(subprocess.CalledProcessError):
            git("worktree", "prune")
        for number, handler in handlers.items():
            signal.signal(number, handler)


def check_import(version: Version) -> str:
    """Where ``import crazy4`` resolves in the version's environment; exit unless in its tree."""
    done = subprocess.run(
        [sys.executable, "-c", "import crazy4; print(crazy4.__file__)"],
        env=version.environment,
        cwd=version.folder / "work",
        check=True,
        capture_output=True,
        text=True,
    )
    found = Path(done.stdout.strip()).resolve()
    if not found.is_relative_to(version.tree.resolve()):
        raise SystemExit(f"{version.label}: crazy4 is imported from {found}, not {version.tree}")
    print(f"{version.label}: crazy4.__file__ = {found}")
    return str(found)


def write_logs(after: Version, data: Path, rows: int, detected: int) -> None:
    """The logs, written once by this checkout: for the validator, ``rows`` rounds of one seat
    of each game (seed 2) and a small one (10,000 rounds, seed 1) for the warm-up; for
    ``crazy4 advantage detect``, ``detected`` rounds of an honest 7-seat table (seed 3)."""
    for rules in GAMES:
        for name, rounds, seed, seats in (
            (rules, rows, 2, 1),
            (f"small-{rules}", 10_000, 1, 1),
            (f"seven-{rules}", detected, 3, 7),
        ):
            command = [str(BIN / "crazy4"), "simulate", "--rules", rules, "--rounds", str(rounds)]
            command += ["--seed", str(seed), "--seats", str(seats)]
            command += ["--log", str(data / f"{name}.parquet"), "--quiet"]
            subprocess.run(
                command,
                env=after.environment,
                cwd=after.folder / "work",
                check=True,
                stdout=subprocess.DEVNULL,
            )


def run_once(workload: Workload, version: Version, data: Path) -> dict[str, Any]:
    """One run of a workload by a version, with its figures; prints a line."""
    files = version.cache_files()  # before the counts are deleted: a recount adds nothing
    forgotten = forget_counts(version.cache, workload.forget) if workload.forget else 0
    if workload.forget and not forgotten:
        raise SystemExit(f"{version.label}: no cached counts to delete: COUNT_TABLES is stale")
    load = os.getloadavg()[0]
    environment = version.environment
    if workload.cold:  # empty caches of its own, deleted after the run
        fresh = Path(tempfile.mkdtemp(prefix="cold-", dir=version.folder))
        environment = {
            **environment,
            "CRAZY4_CACHE_DIR": str(fresh / "cache"),
            "NUMBA_CACHE_DIR": str(fresh / "numba"),
        }
    try:
        wall, peak, output = measure(
            version.argv(workload, data), environment, version.folder / "work"
        )
    finally:
        if workload.cold:
            shutil.rmtree(fresh, ignore_errors=True)
    seconds, units, check = read_output(workload, wall, output)
    if workload.forget:
        check += f"; {forgotten} count files deleted first"
    added = sorted(version.cache_files() - files)
    grew = bool(added)
    if added and os.environ.get("BENCH_COMPARE_SHOW_ADDED"):
        print(f"    added: {added[:4]}")
    print(
        f"  {workload.name:<40}{version.label:<7}{seconds:>8.2f} s (wall {wall:.2f} s)"
        f"{peak:>7.0f} MiB  load {load:.2f}  {check}{'  CACHE GREW' if grew else ''}",
        flush=True,
    )
    return {
        "seconds": seconds,
        "wall_s": round(wall, 3),
        "units": units,
        "peak_mib": peak,
        "load": load,
        "check": check,
        "cache_grew": grew,
        "counts_deleted": forgotten,
    }


def kept_rows(path: Path, before: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A partial run's rows (``--only``) with the rows of ``path`` it did not re-measure, each
    marked with the commit it was measured at (its file's *after*), when ``path`` compared
    the same ``before``; else ``rows`` alone.

    >>> import json, tempfile
    >>> path = Path(tempfile.mkdtemp()) / "compare.json"
    >>> old = [{"workload": "a", "s": 1}, {"workload": "b", "s": 2}]
    >>> _ = path.write_text(json.dumps({"before": {"commit": "b5d0a05"},
    ...     "after": {"commit": "1111111"}, "rows": old}))
    >>> [(r["workload"], r.get("after_commit"), r["s"])
    ...  for r in kept_rows(path, "b5d0a05", [{"workload": "b", "s": 3, "after_commit": "2"}])]
    [('a', '1111111', 1), ('b', '2', 3)]
    >>> kept_rows(path, "a9f456e", [{"workload": "b"}])
    [{'workload': 'b'}]
    >>> shutil.rmtree(path.parent)
    """
    import json

    if not path.exists():
        return rows
    data = json.loads(path.read_text())
    if data["before"]["commit"] != before:
        return rows
    fresh = {row["workload"]: row for row in rows}
    kept = []
    for row in data["rows"]:
        kept.append(fresh.pop(row["workload"], {"after_commit": data["after"]["commit"], **row}))
    return kept + list(fresh.values())


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line.

    >>> args = parse(["--quick", "--only", "simulate,validate"])
    >>> args.repeat, args.only, args.before
    (1, ['simulate', 'validate'], 'b5d0a05')
    >>> parse(["--repeat", "5"]).repeat
    5
    """
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--before", default="b5d0a05", help="the earlier commit (b5d0a05)")
    parser.add_argument("--repeat", type=int, help="timed runs of each version (3; --quick 1)")
    parser.add_argument("--quick", action="store_true", help="small sizes, one run: a smoke run")
    parser.add_argument("--heavy", action="store_true", help="also Four Card Poker's hole card")
    parser.add_argument(
        "--only",
        type=lambda text: [part.strip() for part in text.split(",") if part.strip()],
        help="only the workloads whose name contains one of these words (comma-separated)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    if args.repeat is None:
        args.repeat = 1 if args.quick else 3
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    return args


def main() -> int:
    args = parse()
    chosen = [
        workload
        for workload in workloads(args.quick, args.heavy)
        if not args.only or any(word in workload.name for word in args.only)
    ]
    warming = {workload.name: workload for workload in workloads(True, args.heavy)}
    before_commit = git("rev-parse", "--verify", f"{args.before}^{{commit}}")
    after_commit = git("rev-parse", "HEAD")
    dirty = bool(git("status", "--porcelain", "--untracked-files=no", "--", "crazy4"))
    load_before = os.getloadavg()[0]
    from bench import machine

    measured_on = machine()  # the commit measured, whatever is committed during the run
    print(f"before: {before_commit[:7]} {git('log', '-1', '--format=%s', before_commit)[:70]}")
    print(f"after:  {after_commit[:7]} (this checkout{', crazy4/ modified' if dirty else ''})")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    folder = Path(tempfile.mkdtemp(prefix="bench-compare-"))
    try:
        with before_tree(before_commit, folder) as tree:
            versions = [
                Version("before", tree, folder / "before"),
                Version("after", ROOT, folder / "after"),
            ]
            for version in versions:
                version.prepare(pythonpath=version.label == "before")
                check_import(version)
            data = folder / "logs"
            data.mkdir()
            rows = 1_000_000 if args.quick else 15_000_000
            if any(workload.family in ("validate", "advantage") for workload in chosen):
                detected = DETECT_ROUNDS // 10 if args.quick else DETECT_ROUNDS
                write_logs(versions[1], data, rows, detected)
            print("warm-up (untimed; fills each version's caches):", flush=True)
            for version in versions:
                for workload in chosen:
                    run_once(warming[workload.name], version, data)
            print(f"timed runs ({args.repeat} of each version, interleaved):", flush=True)
            runs: dict[str, dict[str, list[dict[str, Any]]]] = {
                workload.name: {"before": [], "after": []} for workload in chosen
            }
            for repeat in range(args.repeat):
                order = versions if repeat % 2 == 0 else versions[::-1]
                for workload in chosen:
                    for version in order:
                        runs[workload.name][version.label].append(run_once(workload, version, data))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    table_rows = [
        summarize(workload.name, workload.unit, **runs[workload.name]) for workload in chosen
    ]
    print(table(table_rows))
    print(
        "(seconds: the median of each version's runs; simulate and validate time the call"
        " inside the process after a warm-up, the others the whole command; after/before > 1:"
        " slower after; pairs: the range of the ratios of the runs paired in time; spread:"
        " (largest - smallest) / median of one version's runs; same: every run of both computed"
        " the same)"
    )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if not all(row["same"] for row in table_rows):
        print("SOME WORKLOADS COMPUTED DIFFERENT RESULTS: their times compare different work")
    for row in table_rows:
        row["after_commit"] = after_commit[:7]
    if args.json is not None:
        from bench import write_results

        if args.only:
            table_rows = kept_rows(args.json, before_commit[:7], table_rows)
        figures = {
            "before": {
                "commit": before_commit[:7],
                "subject": git("log", "-1", "--format=%s", before_commit),
            },
            "after": {"commit": after_commit[:7], "crazy4_modified": dirty},
            "repeat": args.repeat,
            "quick": args.quick,
            "order": "interleaved: before, after, then after, before, alternating by repeat",
            "load_after": round(os.getloadavg()[0], 2),
            "rows": table_rows,
        }
        write_results(args.json, "compare", load_before, figures, measured_on)
    return 0 if all(row["same"] for row in table_rows) else 1


if __name__ == "__main__":
    sys.exit(main())
