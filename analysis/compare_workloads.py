"""The workloads of ``analysis/bench_compare.py``: what each runs and how its output reads.

One or two of each benchmark family for each of the three games, through calls both the
earlier commit and this checkout support: ``crazy4 analyze``, warm, recounting (the cached
counts deleted; Crazy 4 Poker's and Four Card Poker's, the games that cache them) and cold (empty
table and numba caches of its own); the simulator's summary and parquet log, and the validator
on a parquet log, timed inside the child after a warm-up (as ``bench_simulate.py`` and
``bench_validate.py`` time them); ``crazy4 advantage holecards``, ``crazy4 advantage collusion``
and ``crazy4 advantage detect`` (on an honest 7-seat log), timed as whole commands. Each names
what it computed (its *check*), which must come out the same on both versions.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

#: Each game's cached dealer counts that ``crazy4 analyze`` reads, deleted before a run in the
#: "count" state, in every version's file names: Four Card Poker's threshold counts were
#: ``fourcard_threshold_counts_*`` before the generic up-card engine, and both games' counts
#: are now the specification engines' outcome cells (``best_four_cells_<player>x<dealer>_...``,
#: :func:`crazy4.analyze.counting.situation_cells`). Only the game's own, so a count run of one
#: game leaves the other's warm; the situation counts (which only the simulator and the
#: validator read) stay.
COUNT_TABLES = {
    "crazy4-standard": ("crazy4_outcome_counts_*", "best_four_cells_5x5_up0_*"),
    "four-card-standard": (
        "fourcard_threshold_counts_*",
        "up_card_threshold_counts_of_6_*",
        "best_four_cells_5x6_up1_*",
    ),
}

#: The games compared, by their standard rule sets.
GAMES = ("crazy4-standard", "four-card-standard", "three-card-standard")

#: The rounds of each game's honest 7-seat log that ``crazy4 advantage detect`` examines
#: (``--quick``: a tenth).
DETECT_ROUNDS = 2_000

#: The child programs' common start: ``load_rules`` moved to the registry.
_PRELUDE = """
import hashlib, json, sys, time
from pathlib import Path
try:
    from crazy4.registry import load_rules
except ImportError:
    from crazy4.rules.load import load_rules
"""

#: One simulation after a warm-up run: seconds, rounds and a digest of every count.
_SIMULATE = (
    _PRELUDE
    + """
from crazy4.simulate.driver import make_plan, run_simulation
name, rounds, seats, log = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rules = load_rules(name)
path = Path("rounds.parquet") if log else None
warm = make_plan(rules, rounds=min(rounds, 1 << 20), seed=2, seats=seats)
run_simulation(warm, jobs=1, log_path=path, log_cards="text")
plan = make_plan(rules, rounds=rounds, seed=1, seats=seats)
start = time.perf_counter()
counts = run_simulation(plan, jobs=1, log_path=path, log_cards="text")
seconds = time.perf_counter() - start
# What the simulation found, in terms every version keeps: each bet's hands, exact net and hit
# rate, and the dealer's hands by strength up to the strongest (b5d0a05 keyed Four Card Poker's
# seats by more cells, and padded Three Card Poker's 741 strengths to 2,535 with zeros).
from crazy4.simulate.driver import summarize_counts
bets = [(b.name, b.hands, str(b.net), b.hit_frequency) for b in summarize_counts(plan, counts).bets]
digest = hashlib.sha256(repr((counts.rounds, bets)).encode())
digest.update(counts.dealer[: int(counts.dealer.nonzero()[0].max()) + 1].tobytes())
digest.update(repr(sorted(counts.round_squares.items())).encode())
check = f"{counts.rounds:,} rounds, counts {digest.hexdigest()[:12]}"
print(json.dumps({"seconds": seconds, "units": counts.rounds * seats, "check": check}))
"""
)

#: One validation after a warm-up on a small log: seconds, rows and the verdict.
_VALIDATE = (
    _PRELUDE
    + """
from crazy4.validate.driver import validate
from crazy4.validate.report import Options
name, log, small = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
rules = load_rules(name)
validate(small, Options(rules))
start = time.perf_counter()
report = validate(log, Options(rules))
seconds = time.perf_counter() - start
check = f"{report.rows:,} rows, {report.rounds:,} rounds, consistent {report.consistent}"
print(json.dumps({"seconds": seconds, "units": report.rows, "check": check}))
"""
)


@dataclass(frozen=True)
class Workload:
    """One benchmark run: its name, family, command and how its output reads.

    In ``command``, a part starting with ``@crazy4``, ``@python``, ``@out`` or ``@data`` starts
    with the command line script, the interpreter, the version's output folder or the logs' folder;
    ``inner``: the child prints a JSON line with its own timed ``seconds`` (after a warm-up),
    the ``units`` done and the ``check``; otherwise the wall time is the figure and the check
    is read from the output by ``check``."""

    name: str
    family: str
    command: tuple[str, ...]
    check: str = "output"  # "first line", "json" or "output"
    inner: bool = False
    unit: str = ""
    units: int = 0
    forget: tuple[str, ...] = ()
    cold: bool = False


def workloads(quick: bool, heavy: bool) -> list[Workload]:
    """Every workload, sized for ``--quick`` (a smoke run) or for the real run: each game's,
    built in one place, listed family by family (analysis, simulator, validator, advantage play).

    >>> [w.name for w in workloads(quick=True, heavy=False)][1:3]
    ['analyze crazy4-standard cold', 'analyze crazy4-standard count']
    """
    rounds, log_rows, deals, detected = (
        (
            {"crazy4-standard": 20_000_000, "four-card-standard": 10_000_000}
            | {"three-card-standard": 20_000_000},
            1_000_000,
            20_000,
            DETECT_ROUNDS // 10,
        )
        if quick
        else (
            {"crazy4-standard": 300_000_000, "four-card-standard": 120_000_000}
            | {"three-card-standard": 300_000_000},
            12_000_000,
            300_000,
            DETECT_ROUNDS,
        )
    )
    analyze = ("@crazy4", "analyze", "--out", "@out", "--jobs", "2", "--quiet", "--rules")
    holecards = ("@crazy4", "advantage", "holecards", "--seen", "1", "--jobs", "2")
    collusion = ("@crazy4", "advantage", "collusion", "--colluders", "6", "--seed", "2010")
    detect = ("@crazy4", "advantage", "detect")
    by_family: dict[str, list[Workload]] = {}
    for rules in GAMES:
        logs = (f"@data/{rules}.parquet", f"@data/small-{rules}.parquet")
        found = [
            Workload(f"analyze {rules} warm", "analyze", (*analyze, rules), "first line"),
            Workload(
                f"analyze {rules} cold", "analyze", (*analyze, rules), "first line", cold=True
            ),
        ]
        if rules in COUNT_TABLES:
            found.append(
                Workload(
                    f"analyze {rules} count",
                    "analyze",
                    (*analyze, rules),
                    "first line",
                    forget=COUNT_TABLES[rules],
                )
            )
        found += [
            Workload(
                f"simulate {rules} summary",
                "simulate",
                ("@python", "-c", _SIMULATE, rules, str(rounds[rules]), "1", ""),
                inner=True,
                unit="rounds/s",
            ),
            Workload(
                f"simulate {rules} log",
                "simulate",
                ("@python", "-c", _SIMULATE, rules, str(log_rows), "1", "text"),
                inner=True,
                unit="rows/s",
            ),
            Workload(
                f"validate {rules} parquet",
                "validate",
                ("@python", "-c", _VALIDATE, rules, *logs),
                inner=True,
                unit="rows/s",
            ),
            Workload(
                f"detect {rules} 7 seats",
                "advantage",
                (*detect, f"@data/seven-{rules}.parquet", "--rules", rules, "--json", "--quiet"),
                unit="rounds/s",
                units=detected,
            ),
        ]
        if rules == "crazy4-standard" or (heavy and rules == "four-card-standard"):
            found.append(
                Workload(
                    f"holecards {rules} seen 1",
                    "advantage",
                    (*holecards, "--json", "--quiet", "--rules", rules),
                    "json",
                )
            )
        if rules == "crazy4-standard":
            found.append(
                Workload(
                    f"collusion {rules} 6 colluders",
                    "advantage",
                    (*collusion, "--deals", str(deals), "--jobs", "2", "--quiet", "--rules", rules),
                    unit="deals/s",
                    units=deals,
                )
            )
        for workload in found:
            by_family.setdefault(workload.family, []).append(workload)
    return [workload for family in by_family.values() for workload in family]


def expand(part: str, names: dict[str, str]) -> str:
    """A command's part with its leading placeholder replaced.

    >>> expand("@data/log.parquet", {"@data": "/tmp/d"})
    '/tmp/d/log.parquet'
    >>> expand("analyze", {"@data": "/tmp/d"})
    'analyze'
    """
    for name, value in names.items():
        if part.startswith(name):
            return value + part.removeprefix(name)
    return part


def forget_counts(cache: Path, patterns: tuple[str, ...]) -> int:
    """Delete the files of ``cache`` matching ``patterns``; return how many were deleted."""
    found = [path for pattern in patterns for path in cache.glob(pattern)]
    for path in found:
        path.unlink()
    return len(found)


def read_output(workload: Workload, wall: float, output: str) -> tuple[float, int, str]:
    """The figure (seconds), the units done and the check of one run's output.

    >>> w = Workload("w", "f", (), "first line")
    >>> read_output(w, 2.5, "r: house edge 3.4%; 7 tables in /tmp/x\\nmore")
    (2.5, 0, 'r: house edge 3.4%')
    >>> line = '{"seconds": 1.5, "units": 3, "check": "c"}'
    >>> read_output(Workload("w", "f", (), inner=True), 9.0, line)
    (1.5, 3, 'c')
    """
    if workload.inner:
        figures = json.loads(output.splitlines()[-1])
        return float(figures["seconds"]), int(figures["units"]), str(figures["check"])
    if workload.check == "first line":
        check = output.splitlines()[0].split(";")[0]
    elif workload.check == "json":
        strategies = json.loads(output)
        text = json.dumps(strategies, sort_keys=True).encode()
        check = f"{len(strategies)} strategies, {hashlib.sha256(text).hexdigest()[:12]}"
    else:
        check = f"output {hashlib.sha256(output.encode()).hexdigest()[:12]}"
    return wall, workload.units, check
