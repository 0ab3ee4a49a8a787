"""Crazy 4 Poker on the specification engines (issue 42: the game as data over the engines
every game shares, counted by the inclusion–exclusion override its deal shape picks).

The specification's exact analysis must agree with the game's own best-four counting and
pricing (:func:`crazy4.core.hidden.load_outcomes`, :func:`crazy4.games.crazy_four.cells.
price_hands`, still the exact reference's) to the last integer: the same cells for every hand
class, the same EV of every decision, the same optimal decision; the same house edge of the
whole game and of each Queens Up table as the committed tables, which the former best-four
analysis wrote; and the house edge must be the published 3.42% of the Ante
(``../shared/rules/crazy-4-poker.md``).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from crazy4.core.hidden import load_outcomes
from crazy4.games.crazy_four.cells import price_hands
from crazy4.games.crazy_four.deal import SHAPE
from crazy4.games.crazy_four.rules import crazy_four_rules
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.generic.analysis import SpecAnalysis, analyze_spec, side_bet_outcomes
from crazy4.generic.counting import SubsetCounter, counter_for
from crazy4.generic.pricing import price
from crazy4.generic.report_frame import bet_ev
from crazy4.registry import load_rules


@pytest.fixture(scope="module")
def on_spec() -> SpecAnalysis:
    """crazy4-standard analyzed by the specification engines."""
    return analyze_spec(CRAZY_FOUR_SPEC, load_rules("crazy4-standard"), jobs=2)


RESULTS = Path(__file__).resolve().parents[3] / "results"


def _bet_ev(rule_set: str, name: str) -> Fraction:
    """A bet's exact EV in the committed ``bets`` table."""
    return bet_ev(pd.read_parquet(RESULTS / rule_set / "bets.parquet"), name)


def test_the_shape_picks_inclusion_exclusion() -> None:
    assert isinstance(counter_for(CRAZY_FOUR_SPEC.shape), SubsetCounter)


def test_the_house_edge_is_the_games_own_and_the_published(on_spec: SpecAnalysis) -> None:
    """The same exact EV as the committed table; 3.42% of the Ante as published."""
    edge = -on_spec.main_ev()
    assert -_bet_ev("crazy4-standard", "ante_super_bonus_play") == edge
    assert round(float(edge) * 100, 2) == 3.42
    assert int(on_spec.main.combos.astype(object).sum()) == CRAZY_FOUR_SPEC.published_deals


def test_every_class_counted_and_decided_alike(on_spec: SpecAnalysis) -> None:
    """Both number the 134,459 classes by their first hand in colex order: row for row, the
    same cells, the same EVs over the same denominator, the same optimal decision."""
    rules = crazy_four_rules(load_rules("crazy4-standard"))
    outcomes = load_outcomes(SHAPE, rules.dealer.qualifier_strength)
    prices = price_hands(rules, outcomes)
    assert np.array_equal(on_spec.weights, outcomes.weights)
    assert np.array_equal(on_spec.strengths, outcomes.strengths)
    assert np.array_equal(on_spec.cells, outcomes.counts)
    assert np.array_equal(on_spec.prices.decision, prices.decision)
    assert np.array_equal(on_spec.prices.allowed, prices.allowed)
    allowed = prices.allowed
    scale = Fraction(prices.denominator, on_spec.prices.completions * on_spec.prices.unit)
    assert scale == 1
    assert np.array_equal(on_spec.prices.ev[allowed], np.asarray(prices.ev)[allowed])


def test_each_queens_up_table_alike(on_spec: SpecAnalysis) -> None:
    names = [bet.name for bet in on_spec.side_bets]
    assert names == [bet.name for bet in load_rules("crazy4-standard").side_bets]
    for bet in on_spec.side_bets:
        combos, net = bet.combos.astype(object), bet.net.astype(object)
        ev = Fraction(int((combos * net).sum()), int(combos.sum()) * bet.unit)
        assert ev == _bet_ev("crazy4-standard", bet.name)


def test_a_queens_up_a_fold_forfeits_is_lost_on_every_fold(on_spec: SpecAnalysis) -> None:
    """The card room's Queens Up is lost on a fold: priced on the same counts (the card room's
    qualifier is the standard one) under the card room's optimal decisions, each table's EV is
    the committed one exactly, every folded hand losing it."""
    rules = load_rules("crazy4-cardroom")
    sides = CRAZY_FOUR_SPEC.side_bets(rules)
    assert sides and all(side.fold_forfeits for side in sides)
    decisions = price(on_spec.cells, on_spec.strengths, CRAZY_FOUR_SPEC.settlement(rules)).decision
    args = (CRAZY_FOUR_SPEC, rules, on_spec.strengths, on_spec.weights)
    completions = on_spec.prices.completions
    forfeited = side_bet_outcomes(*args, completions, on_spec.hands, on_spec.seen, decisions)
    kept = side_bet_outcomes(*args, completions, on_spec.hands, on_spec.seen, decisions * 0 + 1)
    for bet, standing in zip(forfeited, kept, strict=True):
        ev = Fraction(int((bet.combos.astype(object) * bet.net).sum()), bet.unit)
        ev /= int(bet.combos.astype(object).sum())
        assert ev == _bet_ev("crazy4-cardroom", bet.name)
        assert (bet.net[decisions == 0] == -bet.unit).all()
        assert (standing.net[decisions == 0] > 0).any() == (bet.net != standing.net).any()
