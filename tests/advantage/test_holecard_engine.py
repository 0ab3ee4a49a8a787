"""The one hole-card engine against the tables the engines before it published.

``results/crazy4-standard/hole_*.parquet`` and
``results/three-card-standard/hole_strategies.parquet`` were written by the two engines this
one replaced (the best-four engine of Crazy 4 Poker, the
specification engine of Three Card Poker), and are committed: the expected values come from
those files, not from the code under test. The engine, run on each game's specification,
gives the same tables to the last digit; the chart's hand groups, read here from the ranking,
are the best-four chart's.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from crazy4.advantage.holecards import hole_card_results, hole_card_table
from crazy4.game import SpecGame
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.games.four_card.spec import FOUR_CARD_SPEC
from crazy4.games.three_card.game import THREE_CARD
from crazy4.registry import CRAZY_FOUR, FOUR_CARD, load_rules

RESULTS = Path(__file__).resolve().parents[2] / "results"


def test_the_best_four_games_are_the_one_game_type_over_their_specification() -> None:
    """The registered game is :class:`crazy4.game.SpecGame` over the specification."""
    for game, spec in ((CRAZY_FOUR, CRAZY_FOUR_SPEC), (FOUR_CARD, FOUR_CARD_SPEC)):
        assert game == SpecGame(spec) and game.spec is spec


@pytest.mark.parametrize("name", ["hole_strategies", "hole_value_by_rank", "hole_chart"])
def test_crazy_four_tables_are_the_published_ones(name: str) -> None:
    """One seen card of Crazy 4 Poker, every strategy, the value of each rank and the chart."""
    found = hole_card_results(load_rules("crazy4-standard"), 1, jobs=2).tables[name]
    published = pd.read_parquet(RESULTS / "crazy4-standard" / f"{name}.parquet")
    pd.testing.assert_frame_equal(found, published, check_exact=True)


def test_three_card_table_is_the_published_one() -> None:
    """One seen card of Three Card Poker, by rank groups (face card or not by default)."""
    found = hole_card_table(THREE_CARD, load_rules("three-card-standard"), [], jobs=2)
    published = pd.read_parquet(RESULTS / "three-card-standard" / "hole_strategies.parquet")
    pd.testing.assert_frame_equal(found, published, check_exact=True)
