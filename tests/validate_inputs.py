"""Small seeded logs and summaries for the validator's bad-input tests, and ways to break them.

A log is kept as its CSV header and rows of text cells (exactly what ``crazy4 simulate --log``
wrote), so a test can replace one cell and know which row (1-based, data rows) it broke
without asking the validator. :func:`run_validate` runs ``crazy4 validate`` in-process and
returns its exit status, standard output and error, every warning raised on the way, and the
JSON report.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from crazy4.cli.main import main

ROUNDS = 2_000
SEED = 5

#: The games' rule sets, and the number columns and card columns of their logs.
GAMES = {
    "crazy4": "crazy4-standard",
    "fourcard": "four-card-standard",
}
CARD_COLUMNS = {"player": 5, "dealer": 5, "up_card": 1}
TEXT_COLUMNS = ("player", "dealer", "up_card", "decision")


@dataclass(frozen=True)
class Log:
    """A log as text cells: its game's rule set, header and data rows."""

    rules: str
    header: list[str]
    rows: list[list[str]] = field(repr=False)

    def copy(self) -> Log:
        return Log(self.rules, list(self.header), [list(row) for row in self.rows])

    def numbers(self) -> list[str]:
        """The numeric columns (every column but the text ones)."""
        return [name for name in self.header if name not in TEXT_COLUMNS]

    def csv_bytes(self) -> bytes:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.header)
        writer.writerows(self.rows)
        return out.getvalue().encode()

    def write_csv(self, path: Path) -> Path:
        path.write_bytes(self.csv_bytes())
        return path

    def write_parquet(self, path: Path) -> Path:
        """Numeric columns as float64 where every cell is a number (empty: null), else text."""
        arrays = []
        for index, name in enumerate(self.header):
            cells = [row[index] if index < len(row) else "" for row in self.rows]
            values: list[float | None] = []
            try:
                values = [None if cell == "" else float(cell) for cell in cells]
                numeric = name not in TEXT_COLUMNS
            except ValueError:
                numeric = False
            if numeric:
                arrays.append(pa.array(values, pa.float64()))
            else:
                arrays.append(pa.array([None if c == "" else c for c in cells], pa.string()))
        pq.write_table(pa.Table.from_arrays(arrays, names=self.header), path)
        return path


def read_log(path: Path, rules: str) -> Log:
    with open(path, newline="", encoding="utf-8") as handle:
        header, *rows = list(csv.reader(handle))
    return Log(rules, header, rows)


def simulate(folder: Path, game: str) -> tuple[Log, dict[str, object]]:
    """A seeded ``crazy4 simulate`` of one seat: its CSV log and its JSON summary."""
    log, summary = folder / f"{game}.csv", folder / f"{game}.json"
    args = ["simulate", "--rules", GAMES[game], "--rounds", str(ROUNDS), "--seed", str(SEED)]
    args += ["--log", str(log), "--summary", str(summary), "--quiet"]
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(args) == 0
    return read_log(log, GAMES[game]), json.loads(summary.read_text())


@dataclass(frozen=True)
class Outcome:
    """What one ``crazy4 validate`` run did."""

    status: int
    out: str
    err: str
    warned: list[str]
    report: dict[str, object] | None

    def check(self, name: str) -> dict[str, object]:
        assert self.report is not None
        checks = self.report["checks"]
        assert isinstance(checks, list)
        found = [c for c in checks if isinstance(c, dict) and c["name"] == name]
        assert found, name
        return found[0]

    @property
    def input_kind(self) -> str:
        """What the report says the input was read as (``csv log``, ``summary``, ...)."""
        assert self.report is not None
        return str(self.report["input"])

    def listed(self, name: str, key: str) -> list[object]:
        """The list ``key`` (``tests``, ``notes``, ``findings``) of the check ``name``."""
        values = self.check(name)[key]
        assert isinstance(values, list)
        return values

    def flagged_rows(self) -> set[int]:
        """Every row number the well-formed check gives as an example."""
        rows: set[int] = set()
        findings = self.check("Well-formed")["findings"]
        assert isinstance(findings, list)
        for finding in findings:
            for example in finding["examples"]:
                rows.add(int(example["row"]))
        return rows

    def assert_contract(self) -> None:
        """validate's contract: 0, 1 or 2; no warning, no traceback; one line on exit 2."""
        assert self.status in (0, 1, 2), self.status
        assert not self.warned, self.warned
        assert "Traceback" not in self.err and "Warning" not in self.err, self.err
        if self.status == 2:
            assert self.err.startswith("crazy4: error: "), self.err
            assert self.err.count("\n") == 1, self.err
            assert self.out == "", self.out
        else:
            assert self.err == "", self.err


def run_validate(path: Path, rules: str, report: Path | None = None) -> Outcome:
    """``crazy4 validate PATH --rules RULES`` in-process, warnings recorded (none ignored)."""
    out, err = io.StringIO(), io.StringIO()
    args = ["validate", str(path), "--rules", rules]
    if report is not None:
        report.unlink(missing_ok=True)
        args += ["--report", str(report)]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(args)
    data = None
    if report is not None and report.exists():
        data = json.loads(report.read_text())
    warned = [f"{w.category.__name__}: {w.message}" for w in caught]
    return Outcome(status, out.getvalue(), err.getvalue(), warned, data)
