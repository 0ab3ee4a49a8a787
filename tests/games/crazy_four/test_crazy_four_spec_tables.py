"""Crazy 4 Poker's result tables from the specification engines, against the committed ones.

The tables :func:`crazy4.analyze.tables.analysis_tables` makes of
:func:`crazy4.analyze.analysis.analyze_spec` on Crazy 4 Poker's specification must equal, value
for value and type for type, the tables committed under ``results/`` by the game's former
best-four engines (``bets`` with the bets apart, the simple strategy and the card room's blind
second hand, from the settlement's data; ``border_hands`` because a hand discards one card), for
the three shipped rule sets. ``player_hands`` is not committed (it is large): it was compared
with the former engines' output when they were deleted, and its totals are checked here.
"""

from __future__ import annotations

from math import comb
from pathlib import Path

import pandas as pd
import pytest

from crazy4.analyze.analysis import analyze_spec
from crazy4.analyze.tables import analysis_tables
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.registry import load_rules

RESULTS = Path(__file__).resolve().parents[3] / "results"
RULE_SETS = ("crazy4-standard", "crazy4-cardroom", "crazy4-progressive")
COMMITTED = ("bets", "hand_frequencies", "returns", "net_distribution", "strategy", "border_hands")


@pytest.fixture(scope="module", params=RULE_SETS)
def tables(request: pytest.FixtureRequest) -> tuple[str, dict[str, pd.DataFrame]]:
    """A rule set's name and its tables from the specification engines."""
    rules = load_rules(request.param)
    return request.param, analysis_tables(CRAZY_FOUR_SPEC, analyze_spec(CRAZY_FOUR_SPEC, rules))


def test_the_tables_are_the_committed_ones(tables: tuple[str, dict[str, pd.DataFrame]]) -> None:
    name, made = tables
    assert set(made) == {*COMMITTED, "player_hands"}
    for stem in COMMITTED:
        committed = pd.read_parquet(RESULTS / name / f"{stem}.parquet")
        pd.testing.assert_frame_equal(made[stem], committed, check_exact=True)


def test_player_hands_cover_every_hand_once(tables: tuple[str, dict[str, pd.DataFrame]]) -> None:
    """134,459 suit classes, C(52, 5) hands, C(47, 5) dealer hands each, one decision each."""
    hands = tables[1]["player_hands"]
    cells = hands[["nq_player_higher", "nq_tie", "nq_dealer_higher", "player_wins", "tie"]]
    assert len(hands) == 134_459
    assert int(hands["weight"].sum()) == comb(52, 5)
    dealer = cells.sum(axis=1) + hands["dealer_wins"]
    assert (dealer == comb(47, 5)).all()
    assert hands["decision"].isin(["fold", "1x", "3x"]).all()
