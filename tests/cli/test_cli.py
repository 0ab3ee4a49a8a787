"""The command line: outputs, JSON, atomic tables with provenance, and exit status 2."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import in_process
import pyarrow.parquet as pq
import pytest

from crazy4.cli.main import main
from crazy4.results.write import read_provenance


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "crazy4", *args], capture_output=True, text=True, check=False
    )


def run_main(*args: str) -> tuple[int, str]:
    """``crazy4 ARGS`` in this process (``main``, as ``python -m crazy4`` calls it): the exit
    status and standard error (``tests/cli/test_cli_bad_input.py`` runs a few from outside)."""
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
        status = main(list(args))
    return status, errors.getvalue()


def test_hand_prints_counts_evs_and_decision(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hand", "Ks Qd 8c 4h 2s", "--rules", "crazy4-standard"]) == 0
    out = capsys.readouterr().out
    assert "Best four: Ks Qd 8c 4h" in out
    assert "1,533,939" in out
    assert "Optimal decision: 1x" in out


def test_hand_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hand", "AsAdAhAcKs", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["optimal_decision"] == "3x"
    assert sum(result["dealer_outcomes"].values()) == result["dealer_hands"] == 1533939
    assert result["ev_per_ante"]["2x"] is not None


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["hand", "Ks Qd 8c 4h 4h"], "4h appears twice"),
        (["hand", "Ks Qd 8c"], "expected 5 cards"),
        (["hand", "Ks Qd 8c 4h 1s"], "is not a card"),
        (["hand", "Ks Qd 8c 4h 2s", "--rules", "nope"], "unknown rule set"),
        (["analyze", "--rules", "nope"], "unknown rule set"),
        (["rules", "show", "nope"], "unknown rule set"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], fragment: str) -> None:
    status, errors = run_main(*args)
    assert status == 2
    assert fragment in errors
    assert "Traceback" not in errors
    assert len(errors.strip().splitlines()) == 1


def test_unwritable_output_folder(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    status, errors = run_main(
        "analyze", "--rules", "crazy4-standard", "--out", str(blocker / "sub"), "--quiet"
    )
    assert status == 2 and "cannot be created" in errors


def test_rules_list_and_show(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "list"]) == 0
    assert "crazy4-cardroom" in capsys.readouterr().out
    assert main(["rules", "show", "crazy4-cardroom"]) == 0
    assert "blind_second_hand = true" in capsys.readouterr().out


def test_help_explains_every_option() -> None:
    for command in (["--help"], ["analyze", "--help"], ["hand", "--help"]):
        result = run(*command)
        assert result.returncode == 0 and "usage: crazy4" in result.stdout
    assert "--jobs" in run("analyze", "--help").stdout


def test_analyze_writes_every_table_with_provenance(tmp_path: Path) -> None:
    out = tmp_path / "standard"
    command = ("analyze", "--rules", "crazy4-standard", "--out", str(out), "--quiet")
    result = in_process.crazy4(*command)
    assert result.returncode == 0, result.stderr
    names = {p.name for p in out.iterdir()}
    assert names == {
        "bets.parquet",
        "hand_frequencies.parquet",
        "player_hands.parquet",
        "returns.parquet",
        "net_distribution.parquet",
        "strategy.parquet",
        "border_hands.parquet",
        "report.md",
        "run.json",  # the volatile record: command line and git commit
    }  # fmt: skip — and no temporary files left behind
    record = read_provenance(out / "bets.parquet")
    assert record["rule_set"] == "crazy4-standard"
    assert record["deals"] == 3986646103440
    assert len(str(record["rule_set_sha256"])) == 64
    assert pq.read_table(out / "player_hands.parquet").num_rows == 134459
    report = (out / "report.md").read_text()
    assert report.startswith("# Crazy 4 Poker, standard casino rules")
    assert "1.0901%" in report
    # The same inputs give the same bytes (again, in a fresh process).
    first = (out / "returns.parquet").read_bytes()
    assert (
        run("analyze", "--rules", "crazy4-standard", "--out", str(out), "--quiet").returncode == 0
    )
    assert (out / "returns.parquet").read_bytes() == first


def test_report_markdown_and_html(tmp_path: Path) -> None:
    markdown = tmp_path / "r.md"
    assert main(["report", "--rules", "crazy4-standard", "--out", str(markdown), "--quiet"]) == 0
    text = markdown.read_text()
    assert text.startswith("# Crazy 4 Poker, standard casino rules") and "1.0901%" in text
    page = tmp_path / "r.html"
    assert (
        main(
            [
                "report",
                "--rules",
                "crazy4-standard",
                "--format",
                "html",
                "--out",
                str(page),
                "--quiet",
            ]
        )
        == 0
    )
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and html.count("<img") == 4
    assert "<table>" in html and "1.0901%" in html
