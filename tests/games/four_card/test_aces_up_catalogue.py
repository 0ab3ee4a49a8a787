"""Four Card Poker's Aces Up catalogue (``../shared/rules/four-card-poker.md``): every table is
shipped in ``four-card-standard`` (one rule set holds all five, ``[[aces_up]]``), and its exact
house edge rounds to the figure its source gives, equal to the oracle's
(``tests/oracle_four_card.py``, importing nothing from the package) over all 2,598,960 hands.

The New Jersey table ``50-30-7-6-5-2-1`` is published as a return to player, 96.63%.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest
from oracle_four_card import aces_up_edge, read_rules, rule_file

ROOT = Path(__file__).resolve().parents[3]

#: The catalogue: table -> (quantity, published percent).
CATALOGUE = {
    "50-40-9-6-4-2-1": ("house edge", "1.98"),
    "50-40-8-6-4-2-1": ("house edge", "4.24"),
    "50-40-8-5-4-3-1": ("house edge", "3.89"),
    "50-40-7-5-4-3-1": ("house edge", "6.15"),
    "50-30-7-6-5-2-1": ("return", "96.63"),
}


def _percent(value: Fraction) -> Decimal:
    exact = Decimal(value.numerator) / Decimal(value.denominator) * 100
    return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


@pytest.fixture(scope="module")
def shipped() -> dict[str, Fraction]:
    """Each Aces Up table's exact house edge in the committed ``bets.parquet``."""
    bets = pd.read_parquet(ROOT / "results" / "four-card-standard" / "bets.parquet")
    return {
        str(row.bet).removeprefix("aces-up-"): -Fraction(
            int(row.ev_numerator), int(row.ev_denominator)
        )
        for row in bets.itertuples()
        if str(row.bet).startswith("aces-up-")
    }


def test_every_catalogued_table_is_shipped(shipped: dict[str, Fraction]) -> None:
    assert sorted(shipped) == sorted(CATALOGUE)


@pytest.mark.parametrize("table", CATALOGUE)
def test_aces_up_edge_is_the_published_one(shipped: dict[str, Fraction], table: str) -> None:
    oracle = aces_up_edge(read_rules(rule_file("four-card-standard")), table)
    assert shipped[table] == oracle
    quantity, published = CATALOGUE[table]
    assert _percent(oracle if quantity == "house edge" else 1 - oracle) == Decimal(published)
