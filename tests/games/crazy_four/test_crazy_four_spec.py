"""Crazy 4 Poker on the specification engines (issue 42: the game as data over the engines
every game shares, counted by the inclusion–exclusion override its deal shape picks).

The specification's exact analysis must agree with the test oracle (:mod:`oracle_crazy4`:
every dealer hand listed and settled from the rules text) to the last integer on sampled hand
classes: the same cells, the same EV of every decision, the same allowed and optimal
decisions; every class counted, the deals adding up; the same house edge of the whole game and
of each Queens Up table as the committed tables, which the former best-four analysis wrote;
and the house edge must be the published 3.42% of the Ante
(``../shared/rules/crazy-4-poker.md``).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from oracle_crazy4 import DECISIONS, dealer_distribution, exact_evs, hand_value, read_rules

from crazy4.analyze.analysis import SpecAnalysis, analyze_spec, side_bet_outcomes
from crazy4.analyze.bet_lookup import bet_ev
from crazy4.analyze.counting import SubsetCounter, counter_for
from crazy4.analyze.pricing import price
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.registry import load_rules
from tests.exact_sums import exact_dot


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
    assert exact_dot(on_spec.main.combos) == CRAZY_FOUR_SPEC.published_deals


def test_sampled_classes_counted_and_decided_as_the_oracle(on_spec: SpecAnalysis) -> None:
    """Every class counted, the deals adding up; on sampled classes (the strongest, the
    weakest and random ones) the oracle's cells (its dealer hands by value, split at the rule
    file's qualifier) and its exact EV of every decision (None where not allowed), the optimum
    the smallest wager among the best."""
    assert on_spec.weights.shape == (134_459,)
    assert int(on_spec.weights.sum()) == comb(52, 5)
    assert (on_spec.cells.sum(axis=1) == comb(47, 5)).all()
    reading = read_rules(load_rules("crazy4-standard"))
    rng = np.random.default_rng(20261207)
    rows = [
        int(np.argmax(on_spec.strengths)),
        int(np.argmin(on_spec.strengths)),
        *rng.choice(on_spec.weights.shape[0], size=4, replace=False).tolist(),
    ]
    denominator = on_spec.prices.completions * on_spec.prices.unit
    for row in rows:
        hand = on_spec.hands[row].tolist()
        values, counts = dealer_distribution(hand)
        mine = hand_value(hand)
        result = np.where(values < mine, 0, np.where(values == mine, 1, 2))
        cell = 3 * (values >= reading.qualifier) + result
        assert on_spec.cells[row].tolist() == np.bincount(cell, counts, 6).astype(int).tolist()
        evs = exact_evs(reading, hand)
        for label, ev in evs.items():
            code = DECISIONS[label]
            assert bool(on_spec.prices.allowed[row, code]) == (ev is not None), (hand, label)
            if ev is not None:
                assert Fraction(int(on_spec.prices.ev[row, code]), denominator) == ev, hand
        best = max(ev for ev in evs.values() if ev is not None)
        assert int(on_spec.prices.decision[row]) == min(
            DECISIONS[label] for label, ev in evs.items() if ev == best
        )


def test_each_queens_up_table_alike(on_spec: SpecAnalysis) -> None:
    names = [bet.name for bet in on_spec.side_bets]
    assert names == [bet.name for bet in load_rules("crazy4-standard").side_bets]
    for bet in on_spec.side_bets:
        ev = Fraction(exact_dot(bet.combos, bet.net), exact_dot(bet.combos) * bet.unit)
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
        ev = Fraction(exact_dot(bet.combos, bet.net), bet.unit)
        ev /= exact_dot(bet.combos)
        assert ev == _bet_ev("crazy4-cardroom", bet.name)
        assert (bet.net[decisions == 0] == -bet.unit).all()
        assert (standing.net[decisions == 0] > 0).any() == (bet.net != standing.net).any()
