"""Money as engines record it, end to end: winnings (a win's profit, 0 on a loss and on a push),
the Ante and the Play in one net, and in one return with both stakes. ``--init-mapping``
guesses each from the log's values; the guessed mapping, not edited (only ``--strategy`` given),
validates the faithful log, finds planted wrong amounts on exactly their rows, and finds an
engine's deviation on exactly the rows where the independent engine's record of it differs
from its faithful record, the rule inference naming it.

Every log is the independent engine's (tests/validate_planted.py) rewritten by the tests' own
code (tests/log/foreign_formats.py); the expected rows come from that engine alone.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest
from foreign_formats import MONEY_FORMATS, balance_csv, cli
from validate_planted import Engine, deal_rows

ROUNDS = 2_000
PLANTED = (3, 451, 1204, 1998)
FAITHFUL = Engine(stacked_ties=True)
#: Deviations and the difference the inference must name.
CASES = {
    "Super Bonus flush 1:1": ({"flush_pays": 1.0}, "Super Bonus flush pays 1 to 1, not 3/2 to 1"),
    "ties to the dealer": (
        {"ties_to_dealer": True},
        "ties = dealer (the dealer wins ties), not push",
    ),
}
#: Where a record cannot show a deviation apart from another, the inference is not asked to
#: name it: one amount for the Ante and the Play cannot say which of them a tie moved.
UNNAMED = {("Ante and Play in one net", "ties to the dealer"),
           ("Ante and Play in one return with the stakes", "ties to the dealer")}  # fmt: skip


def written(name: str, engine: Engine, folder: Path) -> tuple[Path, str]:
    frame = pd.DataFrame(deal_rows(engine, ROUNDS))
    return MONEY_FORMATS[name](frame, folder)


def guessed(log: Path, folder: Path) -> Path:
    mapping = folder / "mapping.toml"
    status, _, err = cli(
        str(log), "--init-mapping", "--mapping", str(mapping), "--rules", "crazy4-standard"
    )
    assert (status, err) == (0, ""), err
    return mapping


def checks_of(report: Path) -> dict[str, dict[str, object]]:
    return {check["name"]: check for check in json.loads(report.read_text())["checks"]}


def settled_rows(check: dict[str, object]) -> tuple[int, set[int]]:
    findings = check["findings"]
    assert isinstance(findings, list)
    rows = {example["row"] for finding in findings for example in finding["examples"]}
    return sum(finding["count"] for finding in findings), rows


@pytest.mark.parametrize("name", list(MONEY_FORMATS))
def test_the_guess_validates_and_finds_planted_amounts(tmp_path: Path, name: str) -> None:
    log, column = written(name, Engine(), tmp_path)  # a fair deck: the statistics pass too
    mapping = guessed(log, tmp_path)
    status, out, err = cli(str(log), "--mapping", str(mapping), "--strategy", "simple")
    assert (status, err) == (0, ""), mapping.read_text() + out
    frame = pd.read_csv(log)
    frame.loc[[row - 1 for row in PLANTED], column] += 1
    planted = tmp_path / "planted.csv"
    frame.to_csv(planted, index=False)
    report = tmp_path / "report.json"
    args = ("--mapping", str(mapping), "--strategy", "simple", "--examples", "50")
    status, out, err = cli(str(planted), *args, "--report", str(report))
    assert (status, err) == (1, ""), out
    assert settled_rows(checks_of(report)["Settlement"]) == (len(PLANTED), set(PLANTED)), out


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("name", list(MONEY_FORMATS))
def test_a_deviation_is_found_on_the_rows_its_record_shows(
    tmp_path: Path, name: str, case: str
) -> None:
    switches, difference = CASES[case]
    (tmp_path / "faithful").mkdir()
    faithful, _ = written(name, FAITHFUL, tmp_path / "faithful")
    deviated, _ = written(name, replace(FAITHFUL, **switches), tmp_path)  # type: ignore[arg-type]
    before, after = (
        pd.read_csv(log).drop(columns=["Balance"], errors="ignore") for log in (faithful, deviated)
    )
    shown = set((before != after).any(axis=1).to_numpy().nonzero()[0] + 1)
    mapping = guessed(deviated, tmp_path)
    report = tmp_path / "report.json"
    args = ("--mapping", str(mapping), "--strategy", "simple", "--examples", "2000")
    status, out, err = cli(str(deviated), *args, "--report", str(report))
    checks = checks_of(report)
    assert settled_rows(checks["Settlement"]) == (len(shown), shown), out
    if "Balance" in checks:  # the balance moved as the deviated amounts: the same rows
        assert settled_rows(checks["Balance"]) == (len(shown - {1}), shown - {1}), out
    if not shown:  # winnings record a tie lost as a push (0 both): nothing to find
        assert name == "winnings" and case == "ties to the dealer"
        return
    assert (status, err) == (1, ""), out
    assert len(shown) >= 5
    if (name, case) in UNNAMED:
        return
    named = {f["what"]: f["count"] for f in checks["Rule inference"]["findings"]}  # type: ignore[union-attr]
    assert named == {difference: len(shown)}, out


def test_a_balance_that_moves_other_money_is_found_on_exactly_its_rows(tmp_path: Path) -> None:
    """The engine reports the right amounts but never takes a lost Play stake: the Settlement
    check passes, the Balance check names exactly the rows the independent engine says (a lost
    Play, after the first row), and a planted wrong balance is one more."""
    frame = pd.DataFrame(deal_rows(Engine(), ROUNDS))
    log, _ = balance_csv(frame, tmp_path, forget_play=True)
    mapping = guessed(log, tmp_path)
    assert 'balance = "Balance"' in mapping.read_text()
    lost_play = set((frame.index[frame["play_net"] < 0] + 1).tolist()) - {1}
    report = tmp_path / "report.json"
    args = ("--mapping", str(mapping), "--strategy", "simple", "--examples", "2000")
    status, out, err = cli(str(log), *args, "--report", str(report))
    assert (status, err) == (1, ""), out
    checks = checks_of(report)
    assert checks["Settlement"]["status"] == "pass", out
    balance = checks["Balance"]
    assert balance["rests_on"] == {"count": ROUNDS - 1, "of": "rows"}
    assert settled_rows(balance) == (len(lost_play), lost_play), out
    assert len(lost_play) > 100
