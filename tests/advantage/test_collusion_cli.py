"""The collusion command: its table and provenance, --help, and bad input (one line, exit 2)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.cli.collusion import main
from crazy4.results.write import read_provenance


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def test_writes_the_table_with_provenance(tmp_path: Path) -> None:
    target = tmp_path / "collusion.parquet"
    argv = ["--rules", "crazy4-standard", "--colluders", "7", "--deals", "300", "--seed", "4"]
    status, out, err = _run([*argv, "--out", str(target), "--quiet"])
    assert status == 0, err
    frame = pd.read_parquet(target)
    assert frame[["colluders", "strategy"]].values.tolist() == [
        [1, "honest"], [1, "full"], [7, "honest"], [7, "full"]
    ]  # fmt: skip
    assert (frame["deals"] == [0, 0, 300, 300]).all()
    # 3.42% published (rules file); the k = 1 rows are the exact analysis
    assert round(100 * frame["house_edge"].iloc[0], 2) == 3.42
    assert (frame["gain"].iloc[3] > 0) and frame["gain_standard_error"].iloc[3] > 0
    assert read_provenance(target)["seed"] == 4
    assert "7  full" in out
    again = tmp_path / "again.parquet"
    assert _run([*argv, "--out", str(again), "--quiet"])[0] == 0
    assert target.read_bytes() == again.read_bytes()  # same inputs, same bytes


def test_every_option_has_help() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main(["--help"])
    for option in ("--rules", "--colluders", "--deals", "--seed", "--jobs", "--backend",
                   "--rule", "--team-rule", "--out", "--quiet", "--scheduler"):  # fmt: skip
        assert option in out.getvalue()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--colluders", "8"], "seats at most 7"),
        (["--colluders", "1"], "at least 2 colluders"),
        (["--colluders", "0-3"], "at least 2 colluders"),
        (["--colluders", "two"], "write a number"),
        (["--deals", "0"], "--deals"),
        (["--jobs", "0"], "--jobs"),
        (["--rule", "practical", "--team-rule", "XY"], "practical rule 'XY'"),
        (["--team-rule", "A"], "needs --rule practical"),
        (["--out", "/no/such/folder/x.parquet"], "does not exist"),
        (["--out", "table.csv"], "must name a .parquet file"),
        (["--scheduler", "tcp://x:1"], "needs --backend dask"),
    ],
)
def test_bad_input_is_one_line_and_status_2(argv: list[str], message: str) -> None:
    status, out, err = _run(["--rules", "four-card-standard", *argv])
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


@settings(max_examples=25, deadline=None)
@given(st.text(max_size=12))
def test_any_colluders_text_is_refused_in_one_line_or_accepted(text: str) -> None:
    """Whatever --colluders holds, it is refused with one line and exit 2: a bad value by its
    own message, a good one by --out's missing folder (checked before any counting)."""
    argv = ["--rules", "crazy4-standard", "--colluders", text, "--out", "/no/such/x.parquet"]
    status, _, err = _run(argv)
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("crazy4: error: ")
