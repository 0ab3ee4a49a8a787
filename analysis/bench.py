"""Benchmark: wall time and peak memory of `crazy4 analyze`, cold and warm, and its ratio to a
plain single-thread C program of the same counting sweep.

Cold: an empty table cache (every lookup table built, every numba kernel compiled: the numba
cache is pointed into the same temporary folder). Warm: the tables and compiled kernels cached
on disk by the cold run. Each run is a separate process; its peak resident memory is read from
the operating system (getrusage of the child, the largest of the process and the workers it
waited for). Warm runs are repeated (``--repeat``), cold runs ``--cold-repeat`` times (once by
default), each on caches of its own, and the median is printed with the load average.
``--runs`` picks the rule sets and jobs (``crazy4-standard:1,four-card-standard:2``) and
``--no-c`` skips the C sweeps. ``--json PATH`` also writes the figures, the machine and the
date as JSON (``analysis/performance_page.py`` turns it into ``docs/performance.md``). The
Crazy 4 Poker sweep also runs just before every timed run of the engine, and its ratio is the
median of each run's wall time over its C run's: the machine's speed moves within minutes, so
a C time taken once, before, is not a fair baseline.

The C baselines are built with ``cc`` (or ``gcc``) when one exists and skipped with a note
otherwise. ``analysis/bench/crazy4_sweep.c``: inclusion-exclusion over subset tables, all
2,598,960 player hands, no suit symmetry; it reads the engine's own five-card strength table (so
it counts the same ranking) and prints its total dealer-lower / tie / dealer-higher /
not-qualified counts. ``analysis/bench/four_card_sweep.c``: the same sweep with the dealer's up
card forced into every subset (six-card dealer hands), over all 122,151,120 situations (player
hand, up card), no suit symmetry, counting below the player's strength, at it, and below the
first strength of each category (what the engine counts); it reads the engine's five- and
six-card strength tables. Each program's totals are checked against the engine's before any
ratio is printed. The Four Card Poker sweep takes minutes: it runs ``--c-repeat`` times (1 by
default); ``--no-four-card-c`` skips it. ``analysis/bench/caribbean_stud.c``: Caribbean Stud
Poker (a game declared in a rule file only), the same inclusion-exclusion count with the up card
forced, over the suit classes, and the settlement; it ranks hands with its own evaluator and
prints (``--pairs``) the optimal strategy's total loss, the deals, the situations, those raised
and the deals the dealer does not qualify, each checked equal to the engine's analysis. Like
Crazy 4 Poker's, it runs again just before every timed run (``caribbean-stud-standard`` is not
in the default runs: ``make bench`` runs it as ``--runs caribbean-stud-standard:1,...`` into a
JSON file of its own). The C programs' peak memory is printed and written beside their time.

Warm runs read the dealer counts from the cache as well (they depend on the qualifier alone,
so a second rule set with the same qualifier does not recount). So that the ratio to the C
sweep compares counting with counting, a third state, "count", is warm except that the cached
counts (:data:`COUNT_TABLES`) are deleted before each run: every lookup table and compiled
kernel is cached, and the counting sweep runs.

Run with `make bench`; `make performance` writes the figures to docs/performance.md.
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
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNS = [
    ("crazy4-standard", 1),
    ("crazy4-standard", 2),
    ("four-card-standard", 1),
    ("four-card-standard", 2),
]


#: File-name patterns, in the table cache, of the counts the sweep computes (removed for the
#: "count" state): Crazy 4 Poker's outcome counts and the up-card engine's threshold counts
#: (Four Card Poker's).
COUNT_TABLES = (
    "crazy4_outcome_counts_*",
    "up_card_threshold_counts_*",
    "*_cells_*x*_up*_hand*_q*",  # a declared game's cells (crazy4.analyze.counting)
)


def forget_counts(cache: Path) -> int:
    """Delete the cached counts under ``cache``; return how many files were deleted."""
    found = [path for pattern in COUNT_TABLES for path in cache.glob(pattern)]
    for path in found:
        path.unlink()
    return len(found)


def measure(command: list[str], environment: dict[str, str]) -> tuple[float, float, float, float]:
    """Wall seconds, peak RSS (MiB) and user and system CPU seconds of one command, run in a
    fresh wrapper process (system time is where a machine's page faults show)."""
    wrapper = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)\n"
        "used = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(used.ru_maxrss, used.ru_utime, used.ru_stime)\n"
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
    peak, user, system = output.strip().splitlines()[-1].split()
    return wall, int(peak) / 1024, float(user), float(system)


def run_child(command: list[str]) -> tuple[str, float, float]:
    """The standard output, wall seconds and peak RSS (MiB) of one command, run as
    :func:`measure` runs the engine: from a fresh wrapper process (a child's peak counts the
    memory of the process it was forked from, which here holds the engine's analysis)."""
    wrapper = (
        "import resource, subprocess, sys\n"
        "done = subprocess.run(sys.argv[1:], check=True, capture_output=True, text=True)\n"
        "print(done.stdout, end='')\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    start = time.perf_counter()
    output = subprocess.run(
        [sys.executable, "-c", wrapper, *command], check=True, capture_output=True, text=True
    ).stdout
    wall = time.perf_counter() - start
    text, _, peak = output.rstrip("\n").rpartition("\n")
    return text, wall, int(peak) / 1024


def build_baseline(folder: Path, source: str) -> Path | None:
    """Compile a C sweep into ``folder``; None (with a note) when there is no C compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        print("(no C compiler (cc, gcc): the C baselines and the ratios are skipped)")
        return None
    program = folder / source.removesuffix(".c")
    subprocess.run([compiler, "-O2", "-o", str(program), str(HERE / "bench" / source)], check=True)
    return program


def crazy4_totals(rules_name: str, folder: Path) -> tuple[list[str], dict[str, int]]:
    """The C program's arguments for Crazy 4 Poker and the engine's totals over every player
    hand (each class times its weight), in the C program's terms: the specification engines'
    outcome cells (:func:`crazy4.analyze.analysis.count_cells`, in the order of
    :data:`crazy4.core.hidden.OUTCOME_CELLS`)."""
    import numpy as np

    from crazy4.analyze.analysis import count_cells
    from crazy4.core.hidden import OUTCOME_CELLS
    from crazy4.core.ranking import build_best_four_strengths
    from crazy4.registry import game_of, load_rules

    table = folder / "strengths5.bin"
    build_best_four_strengths(5).tofile(table)
    rules = load_rules(rules_name)
    spec = game_of(rules).spec
    qualifier = spec.qualifier(rules)
    _, weights, _, cells, _ = count_cells(spec, rules)

    def total(*names: str) -> int:
        return sum(int(np.dot(weights, cells[:, OUTCOME_CELLS.index(name)])) for name in names)

    return [str(table), str(qualifier)], {
        "lower": total("nq_player_higher", "player_wins"),
        "tie": total("nq_tie", "tie"),
        "higher": total("nq_dealer_higher", "dealer_wins"),
        "not_qualified": total("nq_player_higher", "nq_tie", "nq_dealer_higher"),
    }


def four_card_totals(rules_name: str, folder: Path) -> tuple[list[str], dict[str, int]]:
    """The C program's arguments for Four Card Poker (the counts do not depend on the rules)
    and the engine's totals over every deal: the specification engines' joint counts (deals by
    the player's category and decision, the dealer's category and who wins;
    :func:`crazy4.analyze.joint_table.joint_counts`), summed by result and below each of the
    dealer's category starts."""
    from crazy4.analyze.analysis import analyze_spec
    from crazy4.analyze.joint_table import joint_counts
    from crazy4.core.ranking import build_best_four_strengths, category_thresholds
    from crazy4.registry import game_of, load_rules

    tables = [folder / "strengths5.bin", folder / "strengths6.bin"]
    build_best_four_strengths(5).tofile(tables[0])
    build_best_four_strengths(6).tofile(tables[1])
    thresholds = [int(t) for t in category_thresholds()[1:-1]]  # pair .. four of a kind
    rules = load_rules(rules_name)
    spec = game_of(rules).spec
    joint = joint_counts(spec, analyze_spec(spec, rules, jobs=2), jobs=2)
    starts = [int(t) for t in spec.ranking.category_starts()]
    expected = {
        "lower": int(joint[:, :, 0].sum()),
        "tie": int(joint[:, :, 1].sum()),
        "higher": int(joint[:, :, 2].sum()),
    }
    for threshold in thresholds:  # the dealer's categories below this start
        expected[f"below_{threshold}"] = int(joint[:, : starts.index(threshold), :].sum())
    return [*map(str, tables), *map(str, thresholds)], expected


def caribbean_totals(rules_name: str, folder: Path) -> tuple[list[str], dict[str, int]]:
    """The C program's arguments for Caribbean Stud Poker (its standard pay table) and the
    engine's figures of the analysis, in the C program's terms: the optimal strategy's total
    loss over every deal (Ante units), the deals, the situations (hand, up card), those the
    strategy raises and the deals where the dealer does not qualify."""
    import numpy as np

    from crazy4.analyze.analysis import analyze_spec
    from crazy4.registry import game_of, load_rules

    rules = load_rules(rules_name)
    spec = game_of(rules).spec  # a game declared in a rule file
    analysis = analyze_spec(spec, rules, jobs=2)
    combos, net = analysis.main.combos.astype(np.int64), analysis.main.net.astype(np.int64)
    loss, rest = divmod(-int((combos * net).sum()), analysis.main.unit)
    assert rest == 0, "a total loss that is not a whole number of Antes"
    weights = analysis.weights
    return ["--pairs"], {
        "loss": loss,
        "deals": int(combos.sum()),
        "situations": int(weights.sum()),
        "raised": int(weights[analysis.prices.decision != 0].sum()),
        "not_qualified": int(np.dot(weights, analysis.cells[:, :3].sum(axis=1))),
    }


BASELINES = {
    "crazy4-standard": ("crazy4_sweep.c", crazy4_totals),
    "four-card-standard": ("four_card_sweep.c", four_card_totals),
    "caribbean-stud-standard": ("caribbean_stud.c", caribbean_totals),
}

#: The rule sets whose C program runs again just before every timed run of the engine.
PAIRED = ("crazy4-standard", "caribbean-stud-standard")


#: The peak memory (MiB) of each C program's runs, the largest (:func:`run_baseline`).
C_PEAKS: dict[str, float] = {}


def run_baseline(
    rules_name: str, folder: Path, repeat: int
) -> tuple[float, Callable[[], float]] | None:
    """Build a rule set's C sweep into ``folder``, check its counts equal the engine's on
    ``repeat`` runs; return their median wall seconds and a function that runs it once more,
    checked, and returns its wall seconds (each run's peak memory kept in :data:`C_PEAKS`).
    None when there is no C compiler."""
    source, totals = BASELINES[rules_name]
    program = build_baseline(folder, source)
    if program is None:
        return None
    arguments, expected = totals(rules_name, folder)

    def once() -> float:
        text, wall, peak = run_child([str(program), *arguments])
        output = text.split()
        C_PEAKS[rules_name] = max(C_PEAKS.get(rules_name, 0.0), peak)
        counted = {output[i]: int(output[i + 1]) for i in range(0, len(output), 2)}
        if counted != expected:
            raise SystemExit(f"C baseline counts {counted} differ from the engine's {expected}")
        return wall

    walls = [once() for _ in range(repeat)]
    print(f"C baseline {rules_name}: counts agree with the engine ({expected})")
    print(
        f"C baseline {rules_name}: {statistics.median(walls):.2f} s (median of {repeat}), "
        f"{C_PEAKS[rules_name]:.0f} MiB"
    )
    return statistics.median(walls), once


def machine() -> dict[str, object]:
    """What the figures were measured on: processor, cores, memory, Python, the date."""
    import datetime
    import platform

    cpu = platform.processor()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        memory = Path("/proc/meminfo").read_text().split()[1]
        memory_gib = round(int(memory) / 2**20, 1)
    except OSError:
        memory_gib = None
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE
    ).stdout.strip()
    return {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_gib": memory_gib,
        "python": platform.python_version(),
        "system": platform.platform(),
        "commit": commit or None,
    }


def command_line() -> str:
    """The command that ran this benchmark, as the performance page prints it."""
    return " ".join([f"analysis/{Path(sys.argv[0]).name}", *sys.argv[1:]])


def write_results(
    path: Path,
    benchmark: str,
    load: float,
    figures: dict[str, object],
    measured_on: dict[str, object] | None = None,
) -> None:
    """Write a benchmark's figures as JSON for ``analysis/performance_page.py``: its name, the
    command that ran it, the machine, the date and the commit (``measured_on``: as
    :func:`machine` found them when the run started; else now), the load average before the
    run, then ``figures``. Every benchmark's ``--json`` writes through this."""
    import json

    data = {
        "benchmark": benchmark,
        "command": command_line(),
        "machine": measured_on if measured_on is not None else machine(),
        "load_before": round(load, 2),
        **figures,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n")
    print(f"wrote {path}")


def write_json(
    path: Path, rows: list[dict[str, object]], baseline: dict[str, float], load: float
) -> None:
    """The analysis benchmark's figures as JSON, with the machine and the date."""
    baseline_s = {rules: round(wall, 3) for rules, wall in baseline.items()}
    peaks = {rules: round(C_PEAKS[rules]) for rules in baseline if rules in C_PEAKS}
    figures = {"c_baseline_s": baseline_s, "c_baseline_peak_mib": peaks, "rows": rows}
    write_results(path, "analyze", load, figures)


def _runs(text: str) -> list[tuple[str, int]]:
    """``"crazy4-standard:1,four-card-standard:2"`` as (rule set, jobs) pairs."""
    runs = []
    for item in text.split(","):
        rules, _, jobs = item.strip().partition(":")
        if rules not in BASELINES or not jobs.isdigit() or int(jobs) < 1:
            raise argparse.ArgumentTypeError(
                f"{item!r}: expected RULES:JOBS, RULES one of {list(BASELINES)}"
            )
        runs.append((rules, int(jobs)))
    return runs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="warm runs (median)")
    parser.add_argument(
        "--c-repeat", type=int, default=1, help="runs of the Four Card Poker C sweep (median)"
    )
    parser.add_argument(
        "--no-four-card-c", action="store_true", help="skip the Four Card Poker C sweep (minutes)"
    )
    parser.add_argument(
        "--cold-repeat", type=int, default=1, help="cold runs, each on empty caches (median)"
    )
    parser.add_argument("--no-c", action="store_true", help="skip both C sweeps (no ratios)")
    parser.add_argument(
        "--runs",
        type=_runs,
        default=RUNS,
        help="the runs, as RULES:JOBS separated by commas (default: every rule set, 1 and 2 jobs)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()
    rows: list[dict[str, object]] = []
    load_before = os.getloadavg()[0]
    crazy4 = str(Path(sys.executable).parent / "crazy4")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    # Crazy 4 Poker's and Caribbean Stud's C programs (seconds) run again beside every timed
    # run of the engine and the ratio is the median of the pairs': this machine's speed moves
    # by a third within minutes.
    # Four Card Poker's (minutes) is timed before, once or --c-repeat times.
    baseline: dict[str, float] = {}
    paired: dict[str, Callable[[], float]] = {}
    c_folder = tempfile.TemporaryDirectory()
    programs = (
        ("crazy4-standard", args.repeat),
        ("four-card-standard", args.c_repeat),
        ("caribbean-stud-standard", 1),
    )
    for rules, repeat in programs:
        if args.no_c or rules not in {name for name, _ in args.runs}:
            continue
        if rules == "four-card-standard" and args.no_four_card_c:
            print("(--no-four-card-c: the Four Card Poker C baseline is skipped)")
            continue
        built = run_baseline(rules, Path(c_folder.name), repeat)
        if built is None:
            break
        baseline[rules], once = built
        if rules in PAIRED:
            paired[rules] = once
    header = (
        f"{'rule set':<20}{'jobs':>5}{'cache':>7}{'wall s':>9}{'peak MiB':>10}{'/ C':>7}{'load':>6}"
        f"{'user s':>7}{'sys s':>7}"
    )
    print(header)
    for rules, jobs in args.runs:
        with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as out:
            environment = {
                **os.environ,
                "CRAZY4_CACHE_DIR": cache,
                "NUMBA_CACHE_DIR": os.path.join(cache, "numba"),
            }
            command = [crazy4, "analyze", "--rules", rules, "--out", out, "--jobs", str(jobs)]
            command.append("--quiet")
            for state in ("cold", "warm", "count"):
                runs, ratios = [], []
                for run in range(args.cold_repeat if state == "cold" else args.repeat):
                    if state == "count" and not forget_counts(Path(cache)):
                        raise SystemExit("no cached counts to delete: COUNT_TABLES is stale")
                    c_wall = paired[rules]() if rules in paired else None
                    if state == "cold" and run > 0:  # every cold run on caches of its own
                        with tempfile.TemporaryDirectory() as fresh:
                            empty = {
                                **environment,
                                "CRAZY4_CACHE_DIR": fresh,
                                "NUMBA_CACHE_DIR": os.path.join(fresh, "numba"),
                            }
                            runs.append(measure(command, empty))
                    else:
                        runs.append(measure(command, environment))
                    if c_wall is not None:
                        ratios.append(runs[-1][0] / c_wall)
                wall = statistics.median(run[0] for run in runs)
                peak = max(run[1] for run in runs)
                if ratios:
                    ratio = f"{statistics.median(ratios):>7.2f}"
                elif rules in baseline:
                    ratio = f"{wall / baseline[rules]:>7.2f}"
                else:
                    ratio = f"{'-':>7}"
                load = os.getloadavg()[0]
                user = statistics.median(run[2] for run in runs)
                system = statistics.median(run[3] for run in runs)
                row = (
                    f"{rules:<20}{jobs:>5}{state:>7}{wall:>9.2f}{peak:>10.0f}{ratio}{load:>6.2f}"
                    f"{user:>7.2f}{system:>7.2f}"
                )
                print(row, flush=True)
                rows.append(
                    {
                        "rules": rules,
                        "jobs": jobs,
                        "cache": state,
                        "runs": len(runs),
                        "wall_s": round(wall, 3),
                        "peak_mib": round(peak),
                        "ratio_to_c": float(ratio) if ratio.strip() != "-" else None,
                        "load": round(load, 2),
                        "user_s": round(user, 2),
                        "system_s": round(system, 2),
                    }
                )
    c_folder.cleanup()
    if args.json is not None:
        write_json(args.json, rows, baseline, load_before)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"(cpus: {os.cpu_count()}; peak is the largest single process; / C: the wall time over")
    print(" the C sweep's, which counts what the analysis counts but writes no tables or report")
    print(" (Crazy 4 Poker, Caribbean Stud: the median ratio of each run to a C run just before")
    print(" it);")
    print(" warm reads the cached counts, count recounts with every other table cached; user s and")
    print(" sys s: the runs' median processor seconds, system time being where page faults show)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
