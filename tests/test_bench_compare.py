"""The pure parts of ``make bench-compare`` (analysis/bench_compare.py and its two modules): the
command line, the workloads, how a run's output reads, and the table built from the runs. No
benchmark runs here."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ANALYSIS = Path(__file__).resolve().parent.parent / "analysis"
sys.path.insert(0, str(ANALYSIS))

import bench_compare  # noqa: E402
import compare_table  # noqa: E402
import compare_workloads  # noqa: E402
from bench_compare import parse  # noqa: E402
from compare_table import summarize, table  # noqa: E402
from compare_workloads import Workload, read_output, workloads  # noqa: E402


def _runs(*seconds: float, check: str = "same", grew: bool = False) -> list[dict[str, Any]]:
    return [
        {
            "seconds": value,
            "units": 1000,
            "peak_mib": 100.0 + index,
            "load": 2.0,
            "check": check,
            "cache_grew": grew,
        }
        for index, value in enumerate(seconds)
    ]


def test_parse_defaults_and_quick() -> None:
    """Three timed runs by default, one with --quick unless --repeat says; --only splits."""
    args = parse([])
    assert (args.before, args.repeat, args.quick, args.only, args.json) == (
        "b5d0a05",
        3,
        False,
        None,
        None,
    )
    assert parse(["--quick"]).repeat == 1
    assert parse(["--quick", "--repeat", "2"]).repeat == 2
    assert parse(["--only", "analyze, validate,"]).only == ["analyze", "validate"]


def test_parse_refuses_no_runs() -> None:
    with pytest.raises(SystemExit):
        parse(["--repeat", "0"])


def test_workloads_are_the_same_quick_or_not() -> None:
    """The warm-up runs the quick sizes of the timed workloads: the same names, each once;
    --heavy adds Four Card Poker's hole card."""
    full = [workload.name for workload in workloads(False, False)]
    assert full == [workload.name for workload in workloads(True, False)]
    assert len(set(full)) == len(full)
    assert {name.split()[0] for name in full} == {
        "analyze",
        "simulate",
        "validate",
        "holecards",
        "collusion",
        "detect",
    }
    heavy = [workload.name for workload in workloads(False, True)]
    assert set(heavy) - set(full) == {"holecards four-card-standard seen 1"}


def test_read_output() -> None:
    """The analysis's first line up to its folder; the hole-card JSON as a digest; a child's
    own JSON line."""
    analyze = Workload("a", "analyze", (), "first line")
    text = "four-card-standard: house edge 2.7879% of the Ante; 10 tables in /tmp/x\n"
    edge = "four-card-standard: house edge 2.7879% of the Ante"
    assert read_output(analyze, 3.0, text) == (3.0, 0, edge)
    holecards = Workload("h", "advantage", (), "json")
    one = read_output(holecards, 1.0, '[{"a": 1, "b": 2}]')
    assert one[:2] == (1.0, 0) and one[2].startswith("1 strategies, ")
    assert read_output(holecards, 2.0, '[{"b": 2,\n "a": 1}]')[2] == one[2]
    inner = Workload("s", "simulate", (), inner=True)
    line = 'noise\n{"seconds": 2.0, "units": 10, "check": "c"}'
    assert read_output(inner, 9.0, line) == (2.0, 10, "c")


def test_summary_of_a_slower_after() -> None:
    """Medians, their ratio, the pairs' ratios, spreads, peaks, rates; a ratio past 5% and past
    the spread is slower."""
    row = summarize("w", "rounds/s", _runs(10.0, 10.2, 10.1), _runs(12.0, 12.1, 12.3))
    assert (row["before_s"], row["after_s"], row["ratio"]) == (10.1, 12.1, 1.198)
    assert row["pair_ratios"] == [1.186, 1.2, 1.218]
    assert (row["before_peak_mib"], row["after_peak_mib"], row["runs"]) == (102, 102, 3)
    assert (row["before_rate"], row["after_rate"]) == (99, 83)
    assert row["verdict"] == "slower" and row["same"] and not row["cache_grew"]


def test_summary_within_noise_and_different_work() -> None:
    """A ratio inside the repeats' spread is no verdict; different checks are flagged."""
    row = summarize("w", "", _runs(10.0, 14.0, 12.0), _runs(13.0, 11.0, 12.5, check="other"))
    assert row["verdict"] == "same within noise"
    assert not row["same"] and row["check"] == "other | same"
    assert row["before_rate"] is None
    assert summarize("w", "", _runs(10.0), _runs(9.0))["verdict"] == "faster"
    assert summarize("w", "", _runs(10.0), _runs(10.4, grew=True))["cache_grew"]


def test_table_prints_a_row_a_workload() -> None:
    rows = [summarize(name, "", _runs(2.0), _runs(1.0, grew=True)) for name in ("a", "b")]
    lines = table(rows).splitlines()
    assert len(lines) == 3 and lines[0].startswith("workload")
    assert lines[1].split()[:4] == ["a", "2.00", "1.00", "0.50"]
    assert lines[2].endswith("faster (cache grew: not warm)")


@pytest.mark.parametrize("module", [bench_compare, compare_table, compare_workloads])
def test_doctests(module: ModuleType) -> None:
    """The analysis folder is not among pytest's doctest paths: its examples run here."""
    failed, attempted = doctest.testmod(module)
    assert failed == 0 and attempted > 0
