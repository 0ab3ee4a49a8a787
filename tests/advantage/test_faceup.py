"""Face-up dealing: one player is the honest game, the target standard error is met, the
numbers do not depend on the threads, and the command writes its report (one line on bad
input, exit 2)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pandas as pd
import pytest

from crazy4.advantage.faceup import deals_for, face_up_row
from crazy4.cli.faceup import main
from crazy4.errors import InputError
from crazy4.registry import load_rules
from crazy4.results.write import read_provenance

#: The published house edges of the main game (``shared/rules/*.md``), in percent, rounded
#: to 0.01 (Four Card Poker: 2.78% there, 2.79% elsewhere: the exact 2.7879%).
PUBLISHED = {"crazy4-standard": 3.42, "four-card-standard": 2.78, "three-card-standard": 3.37}


@pytest.mark.parametrize("name", ["crazy4-standard", "four-card-standard"])
def test_one_player_face_up_is_the_honest_game(name: str) -> None:
    """With one player the engine's gain is zero on every deal, so the controlled edge is the
    exact honest edge; the plain mean of the same deals' exact EVs estimates the published
    edge independently, within four of its standard errors."""
    row = face_up_row(load_rules(name), 1, seed=5, pilot=60)
    assert row.gain == 0.0 and row.standard_error == 0.0 and row.runs == 1
    assert abs(100 * row.house_edge - PUBLISHED[name]) < 0.01
    assert row.plain_standard_error > 0
    assert abs(row.plain_edge - PUBLISHED[name] / 100) < 4 * row.plain_standard_error + 5e-5


def test_one_player_three_card_is_exact() -> None:
    row = face_up_row(load_rules("three-card-standard"), 1, seed=5)
    assert row.deals == 0 and row.standard_error == 0.0
    assert round(100 * row.house_edge, 2) == PUBLISHED["three-card-standard"]


@pytest.mark.parametrize("name", ["crazy4-standard", "four-card-standard", "three-card-standard"])
def test_the_target_is_met_and_face_up_play_gains(name: str) -> None:
    """Seven players seeing every card: runs are extended until the standard error is at most
    the target, and the players gain (the house edge is below the honest one by many errors)."""
    lines: list[str] = []
    row = face_up_row(load_rules(name), 7, seed=3, target=0.002, pilot=100, progress=lines.append)
    assert row.standard_error <= 0.002
    assert len(lines) == row.runs and row.deals >= 100
    assert row.gain > 4 * row.standard_error
    assert row.house_edge < PUBLISHED[name] / 100
    # the plain mean estimates the same edge, far less precisely
    assert abs(row.plain_edge - row.house_edge) < 5 * row.plain_standard_error


@pytest.mark.parametrize("name", ["four-card-standard", "three-card-standard"])
def test_same_numbers_for_any_jobs(name: str) -> None:
    rules = load_rules(name)
    one = face_up_row(rules, 6, seed=11, pilot=300, target=0.05, jobs=1)
    two = face_up_row(rules, 6, seed=11, pilot=300, target=0.05, jobs=2)
    assert one == two


def test_deals_for_follows_the_square_law() -> None:
    assert deals_for(1000, 0.0004, 0.0002) == 5000  # 4 x 1.1, rounded up
    assert deals_for(10_000, 0.00021, 0.0002) == 13_000  # at least a quarter more
    with pytest.raises(InputError, match="--players 8"):
        face_up_row(load_rules("crazy4-standard"), 8, seed=1)


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def test_command_writes_the_report(tmp_path: Path) -> None:
    argv = ["--rules", "crazy4-standard", "--players", "1,7", "--pilot-deals", "200",
            "--target-se", "0.2", "--seed", "9", "--quiet"]  # fmt: skip
    status, out, err = _run([*argv, "--out", str(tmp_path / "a")])
    assert status == 0, err
    assert err == ""
    assert "| 7 |" in out
    frame = pd.read_parquet(tmp_path / "a" / "faceup.parquet")
    assert frame["players"].tolist() == [1, 7]
    assert (frame["standard_error"] <= 0.002).all()
    assert read_provenance(tmp_path / "a" / "faceup.parquet")["seed"] == 9
    report = (tmp_path / "a" / "report.md").read_text()
    assert "# Face-up dealing" in report and "queens-up" in report
    assert "<table>" in (tmp_path / "a" / "report.html").read_text()
    # the same inputs give the same bytes
    assert _run([*argv, "--out", str(tmp_path / "b")])[0] == 0
    for name in ("faceup.parquet", "report.md", "report.html"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "0-2"], "--players '0-2': each from 1 to 7"),
        (["--players", "x"], "--players 'x': write a number"),
        (["--target-se", "0"], "argument --target-se: 0 must be above 0"),
        (["--pilot-deals", "5000", "--max-deals", "1000"], "--pilot-deals 5,000: above"),
        (["--scheduler", "tcp://x:1"], "--scheduler needs --backend dask"),
    ],
)
def test_bad_input_is_one_line(argv: list[str], message: str) -> None:
    status, out, err = _run(["--rules", "crazy4-standard", *argv])
    assert status == 2 and out == ""
    assert err.startswith(f"crazy4: error: {message}") and err.count("\n") == 1
