"""The committed result tables match what the code produces now, value for value.

Provenance metadata (git commit, command) is allowed to differ; data is not. When this fails,
run `make results` and commit the updated tables.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from crazy4.analyze.record import Analysis

RESULTS = Path(__file__).resolve().parents[2] / "results"
COMMITTED_TABLES = ("bets", "hand_frequencies", "returns", "net_distribution", "strategy",
                    "border_hands")  # fmt: skip


@pytest.mark.parametrize("table", COMMITTED_TABLES)
def test_committed_tables_are_current(table: str, standard: Analysis, cardroom: Analysis) -> None:
    for analysis in (standard, cardroom):
        path = RESULTS / analysis.rules.name / f"{table}.parquet"
        assert path.is_file(), f"{path} is missing: run make results"
        committed = pd.read_parquet(path)
        pd.testing.assert_frame_equal(
            committed.reset_index(drop=True),
            analysis.tables[table].reset_index(drop=True),
            check_dtype=False,
            check_exact=False,
            rtol=1e-12,
        )


def test_committed_report_mentions_the_current_figures(standard: Analysis) -> None:
    report = (RESULTS / "crazy4-standard" / "report.md").read_text()
    edge = float(standard.bet("ante_super_bonus_play")["house_edge"])
    assert f"{100 * edge:.4f}%" in report
