"""Four Card Poker's result tables from the specification engines, against the committed ones.

The tables :func:`crazy4.analyze.tables.analysis_tables` makes of
:func:`crazy4.analyze.analysis.analyze_spec` on Four Card Poker's specification must equal,
value for value and type for type, the tables committed under ``results/`` by the game's former
best-four engines, for the three shipped rule sets of the game: the ``bets`` with the simple
strategy's row, the ``situations`` and ``returns`` naming the three cells a dealer who always
qualifies reaches, the ``strategy`` by hand group and up rank (high cards by top rank), the
player's and the dealer's hand frequencies, the exact ties, the joint table of both hands'
categories and the payout cap's table (each bet, and one seat's bets together), all from the
settlement's data (:class:`crazy4.spec.table_layout.TableLayout`,
:class:`crazy4.spec.specification.BetRows`).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from crazy4.analyze.analysis import analyze_spec
from crazy4.analyze.tables import analysis_tables
from crazy4.games.four_card.spec import FOUR_CARD_SPEC
from crazy4.registry import load_rules

RESULTS = Path(__file__).resolve().parents[3] / "results"
RULE_SETS = ("four-card-standard", "four-card-ante-bonus-2", "four-card-progressive")
MADE = (
    "bets",
    "player_hand_frequencies",
    "dealer_hand_frequencies",
    "situations",
    "strategy",
    "exact_ties",
    "joint",
    "returns",
    "net_distribution",
)
#: What the progressive's engines, run by the pipeline after the game's analysis, add.
EXTENSIONS = {"envy", "progressive", "progressive_by_meter"}


@pytest.fixture(scope="module", params=RULE_SETS)
def tables(request: pytest.FixtureRequest) -> tuple[str, dict[str, pd.DataFrame]]:
    """A rule set's name and its tables from the specification engines."""
    rules = load_rules(request.param)
    return request.param, analysis_tables(FOUR_CARD_SPEC, analyze_spec(FOUR_CARD_SPEC, rules))


def test_the_tables_are_the_committed_ones(tables: tuple[str, dict[str, pd.DataFrame]]) -> None:
    name, made = tables
    committed = {path.stem for path in (RESULTS / name).glob("*.parquet")}
    capped = {"cap"} if "cap" in committed else set()  # the payout cap's, where the rules cap
    assert set(made) == {*MADE, *capped}
    assert committed - set(made) == EXTENSIONS & committed
    for stem in made:
        frame = pd.read_parquet(RESULTS / name / f"{stem}.parquet")
        pd.testing.assert_frame_equal(made[stem], frame, check_exact=True)
