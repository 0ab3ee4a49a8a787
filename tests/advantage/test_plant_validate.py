"""A planted log is a normal crazy4 log: ``crazy4 validate`` reads it.

For every game a table with a hole-carder and a team among honest seats is logged by
``crazy4 simulate`` and validated against its rule set. Expected: what was planted (the seats
chosen here, not read from the code under test) and what the rules say of every row -- every
row re-settled without a difference (the cheats are paid like everyone), the planted seats,
and only they, deviating from the optimal strategy, the verdict's exit status the Strategy
check's failure (1). The deviating seats are read from the validator's report: every
deviation is listed as an example (``--examples`` beyond the rows), each naming its row
(numbered from 1), whose seat the log gives.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pyarrow.parquet as pq
import pytest

from crazy4.cli.main import main
from crazy4.log.roundlog import log_metadata

#: The JSON report's schema (docs).
SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "validator-report.schema.json"
#: Game, seats, hole-card seat and cards, team seats, rounds (enough for every cheat to deviate).
TABLES = [
    ("crazy4-standard", 4, "2", 2, "3,4", 2000),
    ("four-card-standard", 4, "2", 1, "3,4", 300),
    ("three-card-standard", 4, "2", 1, "3,4", 1500),
]


def _columns_of_an_honest_log(tmp_path: Path, rules: str) -> list[str]:
    honest = tmp_path / "honest.parquet"
    arguments = ["simulate", "--rules", rules, "--rounds", "5", "--seats", "2", "--quiet",
                 "--log", str(honest)]  # fmt: skip
    assert main(arguments) == 0
    return pq.read_schema(honest).names


@pytest.mark.parametrize(("rules", "seats", "hole", "seen", "team", "rounds"), TABLES)
def test_a_planted_log_validates_and_names_exactly_the_planted_seats(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    rules: str,
    seats: int,
    hole: str,
    seen: int,
    team: str,
    rounds: int,
) -> None:
    log, report = tmp_path / "planted.parquet", tmp_path / "report.json"
    arguments = ["simulate", "--rules", rules, "--rounds", str(rounds), "--seats", str(seats),
                 "--hole-card-seats", hole, "--hole-cards", str(seen), "--team-seats", team,
                 "--ante", "5", "--seed", "2", "--quiet", "--log", str(log)]  # fmt: skip
    assert main(arguments) == 0
    assert pq.read_schema(log).names == _columns_of_an_honest_log(tmp_path, rules)
    metadata = log_metadata(log)
    assert metadata["strategy"] == "optimal" and metadata["ante"] == 5
    planted = metadata["planted"]
    assert isinstance(planted, dict) and planted["team_seats"] == [3, 4]
    capsys.readouterr()
    status = main(["validate", str(log), "--rules", rules, "--examples", "100000",
                   "--report", str(report)])  # fmt: skip
    data = json.loads(report.read_text())
    checks = {check["name"]: check for check in data["checks"]}
    settlement, strategy = checks["Settlement"], checks["Strategy"]
    assert settlement["status"] == "pass"
    assert settlement["rests_on"] == {"count": rounds * seats, "of": "rows"}
    assert settlement["summary"].endswith(": 0 with an amount that differs")
    assert checks["Well-formed"]["status"] == "pass"
    assert strategy["rests_on"] == {"count": rounds * seats, "of": "decisions"}
    assert strategy["status"] == "fail" and status == data["exit_status"] == 1
    seat_of_row = pq.read_table(log, columns=["seat"]).column("seat").to_pylist()
    deviations: dict[int, int] = {}
    for finding in strategy["findings"]:
        assert len(finding["examples"]) == finding["count"]  # every deviation listed
        for example in finding["examples"]:
            seat = seat_of_row[example["row"] - 1]
            deviations[seat] = deviations.get(seat, 0) + 1
    listed = f"{sum(deviations.values()):,} deviations"
    assert listed in strategy["summary"]
    planted_seats = {int(hole), *map(int, team.split(","))}
    assert set(deviations) == planted_seats  # every cheat deviates, no honest seat does
    assert all(deviations.get(s, 0) == 0 for s in range(1, seats + 1) if s not in planted_seats)


def test_a_planted_csv_log_validates_too(tmp_path: Path) -> None:
    """A CSV log carries no metadata: the validator's defaults (optimal) read it the same."""
    log = tmp_path / "planted.csv"
    arguments = ["simulate", "--rules", "three-card-standard", "--rounds", "200", "--seats",
                 "3", "--hole-card-seats", "1", "--hole-cards", "1", "--quiet", "--log",
                 str(log)]  # fmt: skip
    assert main(arguments) == 0
    report = tmp_path / "report.json"
    main(["validate", str(log), "--rules", "three-card-standard", "--report", str(report)])
    checks = {check["name"]: check for check in json.loads(report.read_text())["checks"]}
    assert checks["Settlement"]["status"] == "pass" and checks["Strategy"]["status"] == "fail"


@pytest.mark.parametrize(("rules", "seats", "hole", "seen", "team", "rounds"), TABLES)
def test_the_validator_counts_each_seats_deviations_as_the_planted_run_recorded_them(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    rules: str,
    seats: int,
    hole: str,
    seen: int,
    team: str,
    rounds: int,
) -> None:
    """Per seat, the Strategy check's deviations (JSON, text, Markdown and HTML) are the rounds
    the planted run recorded deciding otherwise than an honest seat (its ``--summary``)."""
    log, summary, report = (tmp_path / name for name in ("t.parquet", "s.json", "r.json"))
    arguments = ["simulate", "--rules", rules, "--rounds", str(rounds), "--seats", str(seats),
                 "--hole-card-seats", hole, "--hole-cards", str(seen), "--team-seats", team,
                 "--seed", "4", "--quiet", "--log", str(log),
                 "--summary", str(summary)]  # fmt: skip
    assert main(arguments) == 0
    recorded = {s["seat"]: s["rounds_deviated"] for s in json.loads(summary.read_text())["seats"]}
    planted_seats = {int(hole), *map(int, team.split(","))}
    assert all(recorded[s] == 0 for s in recorded if s not in planted_seats)
    assert all(recorded[s] > 0 for s in planted_seats)
    main(["validate", str(log), "--rules", rules, "--report", str(report)])
    data = json.loads(report.read_text())
    jsonschema.validate(data, json.loads(SCHEMA.read_text()))
    strategy = next(c for c in data["checks"] if c["name"] == "Strategy")
    by_seat = {s["seat"]: (s["deviations"], s["decisions"]) for s in strategy["by_seat"]}
    assert by_seat == {s: (recorded[s], rounds) for s in range(1, seats + 1)}
    capsys.readouterr()
    main(["validate", str(log), "--rules", rules])
    shown = {".txt": capsys.readouterr().out}
    for suffix in (".md", ".html"):
        written = tmp_path / f"r{suffix}"
        main(["validate", str(log), "--rules", rules, "--report", str(written)])
        shown[suffix] = written.read_text()
    lines = {".txt": "    seat {s}: {d:,} of {n:,} decisions deviated\n",
             ".md": "| {s} | {n:,} | {d:,} |\n",
             ".html": "<tr><td>{s}</td><td>{n:,}</td><td>{d:,}</td></tr>"}  # fmt: skip
    for suffix, line in lines.items():
        for s in range(1, seats + 1):
            assert line.format(s=s, d=recorded[s], n=rounds) in shown[suffix], (suffix, s)
