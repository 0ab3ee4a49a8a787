"""Every exact fraction of every committed math report (``results/*/report.pdf``) is printed
whole: present as one token of the PDF's text (extracted with pypdf), never cut across a line.

The fractions are derived here from the same folder's result tables: each bet's house edge
``-ev_numerator / ev_denominator`` and its return ``1 + ev``, reduced, and every net of the
return and net-distribution tables that is not whole.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest

RESULTS = Path(__file__).resolve().parents[2] / "results"
REPORTS = sorted(RESULTS.glob("*/report.pdf"))
TOKEN = re.compile(r"(?<![\d/])-?\d+/\d+(?![\d/])")


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def expected_fractions(folder: Path) -> set[str]:
    """The exact fractions the report of ``folder`` prints, from its parquet tables."""
    wanted: set[str] = set()
    bets = pd.read_parquet(folder / "bets.parquet")
    for numerator, denominator in zip(bets["ev_numerator"], bets["ev_denominator"], strict=True):
        ev = Fraction(int(numerator), int(denominator))
        wanted |= {_text(v) for v in (-ev, 1 + ev) if v.denominator != 1}
    for name in ("returns", "net_distribution"):
        path = folder / f"{name}.parquet"
        if path.exists():
            nets = pd.read_parquet(path)["net"].astype(str)
            wanted |= {_text(Fraction(n)) for n in nets if "/" in n}
    return wanted


def test_there_are_reports() -> None:
    assert len(REPORTS) >= 5


@pytest.mark.parametrize("report", REPORTS, ids=lambda path: path.parent.name)
def test_every_exact_fraction_is_whole_in_the_pdf_text(report: Path) -> None:
    from pypdf import PdfReader

    text = "\n".join(page.extract_text() for page in PdfReader(report).pages)
    printed = set(TOKEN.findall(text))
    missing = sorted(expected_fractions(report.parent) - printed)
    assert not missing, f"{report.parent.name}: not whole in the PDF: {missing[:5]}"
