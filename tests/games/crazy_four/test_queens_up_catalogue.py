"""Crazy 4 Poker's Queens Up catalogue (``../shared/rules/crazy-4-poker.md``): each table is
shipped in ``crazy4-standard`` (one rule set holds both, ``[[queens_up]]``), and its exact house
edge rounds to the catalogue's figure, equal to the oracle's (``tests/oracle_crazy4.py``,
written from the rules text, importing nothing from the package) over all 2,598,960 hands.

``50-40-8-4-3-2-1``: 4.52% (a UK casino's table; the catalogue's figure is the edge as
computed, none is published); ``50-30-9-4-3-2-1``: 3.06%.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from oracle_crazy4 import all_hands, read_rules, rule_file, settle

ROOT = Path(__file__).resolve().parents[3]

#: The catalogue: table -> house edge in percent.
CATALOGUE = {"50-40-8-4-3-2-1": "4.52", "50-30-9-4-3-2-1": "3.06"}


def _percent(edge: Fraction) -> Decimal:
    exact = Decimal(edge.numerator) / Decimal(edge.denominator) * 100
    return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


@pytest.fixture(scope="module")
def shipped() -> dict[str, Fraction]:
    """Each Queens Up table's exact house edge in the committed ``bets.parquet``."""
    bets = pd.read_parquet(ROOT / "results" / "crazy4-standard" / "bets.parquet")
    return {
        str(row.bet).removeprefix("queens-up-"): -Fraction(
            int(row.ev_numerator), int(row.ev_denominator)
        )
        for row in bets.itertuples()
        if str(row.bet).startswith("queens-up-")
    }


def test_every_catalogued_table_is_shipped(shipped: dict[str, Fraction]) -> None:
    assert sorted(shipped) == sorted(CATALOGUE)


@pytest.mark.parametrize("table", CATALOGUE)
def test_queens_up_edge_is_the_catalogued_one(shipped: dict[str, Fraction], table: str) -> None:
    reading = read_rules(rule_file("crazy4-standard"))
    values = all_hands().values
    nets = settle(reading, values, np.zeros(1, dtype=np.int64), np.ones(1, dtype=np.int64))
    net = nets[f"queens_up:{table}"]
    oracle = -Fraction(int(net.sum()), reading.unit * values.shape[0])
    assert shipped[table] == oracle
    assert _percent(oracle) == Decimal(CATALOGUE[table])
