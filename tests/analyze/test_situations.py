"""Situations -- a hand and the dealer cards seen -- priced by the specification engines.

The expected values come from outside the package: the orbits from a brute-force relabelling
of every (hand, up card) pair written here, the exact edge from the Three Card Poker oracle's
hole-card player (``oracle_three_card_holecard.py``: one dealer card seen, listed from the
rules text), which is the same game as a Three Card Poker dealt with one dealer card up.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations
from math import comb

import numpy as np
import pytest
from oracle_three_card_holecard import hole_card_edge

from crazy4.analyze.analysis import SpecAnalysis, analyze_spec
from crazy4.analyze.situations import deal_situations, relabelled_rows, situation_rows
from crazy4.analyze.tables import analysis_tables
from crazy4.core.bets import summarize
from crazy4.games.three_card.game import ThreeCard
from crazy4.registry import load_rules
from crazy4.spec.specification import DealShape


class UpCardThreeCard(ThreeCard):
    """Three Card Poker with one dealer card dealt face up (a shape, not a game: data)."""

    shape = DealShape(player_cards=3, dealer_cards=3, face_up=1, hand_cards=3)


def _class_keys(hands: np.ndarray, ups: np.ndarray) -> np.ndarray:
    """The least relabelling of each situation, by brute force over all 24: a number
    ``hand code * 52 + up card`` (the hand code from its sorted cards in base 52)."""
    least = np.full(hands.shape[0], np.iinfo(np.int64).max, dtype=np.int64)
    for perm in permutations(range(4)):
        table = np.array([4 * (c // 4) + perm[c % 4] for c in range(52)], dtype=np.int64)
        moved = np.sort(table[hands], axis=1)
        code = (moved[:, 0] * 52 + moved[:, 1]) * 52 + moved[:, 2]
        least = np.minimum(least, code * 52 + table[ups])
    return least


def test_situation_classes_cover_every_pair_once() -> None:
    """The class rows are one per class of (hand, up card) pairs under relabelling the suits,
    found by brute force here, each weighted by its class's size."""
    situations = deal_situations(UpCardThreeCard.shape)
    pairs = [
        (hand, up) for hand in combinations(range(52), 3) for up in range(52) if up not in hand
    ]
    hands = np.array([hand for hand, _ in pairs], dtype=np.int64)
    ups = np.array([up for _, up in pairs], dtype=np.int64)
    keys, sizes = np.unique(_class_keys(hands, ups), return_counts=True)
    assert keys.shape[0] == situations.rows
    rows = _class_keys(situations.hands.astype(np.int64), situations.seen[:, 0].astype(np.int64))
    order = np.argsort(rows)
    assert np.array_equal(rows[order], keys)
    assert np.array_equal(situations.weights[order], sizes)
    assert int(sizes.sum()) == comb(52, 3) * 49


@pytest.fixture(scope="module")
def up_card_analysis() -> SpecAnalysis:
    return analyze_spec(UpCardThreeCard(), load_rules("three-card-standard"), jobs=2)


def test_an_up_card_game_is_priced_exactly(up_card_analysis: SpecAnalysis) -> None:
    """The optimal EV equals the oracle's player who sees one dealer card, over all
    22,100 x 49 x 1,128 deals."""
    assert up_card_analysis.main_ev() == hole_card_edge()
    assert int(up_card_analysis.main.combos.sum()) == comb(52, 3) * 49 * comb(48, 2)


def test_the_tables_add_up_by_up_card(up_card_analysis: SpecAnalysis) -> None:
    """The situations, strategy and hand tables of an up-card game count every situation
    and every hand once, and their exact EV sums give the main EV."""
    tables = analysis_tables(UpCardThreeCard(), up_card_analysis)
    assert "player_hands" not in tables
    situations = tables["situations"]
    assert int(situations["situations"].sum()) == comb(52, 3) * 49
    deals = situations[[c for c in situations if c.startswith("deals_")]].to_numpy().sum()
    assert int(deals) == comb(52, 3) * 49 * comb(48, 2)
    total = Fraction(
        int(situations["ev_optimal_numerator"].sum()),
        int(situations["ev_denominator"].iloc[0]) * comb(52, 3) * 49,
    )
    assert total == hole_card_edge()
    assert int(tables["hand_frequencies"]["combinations"].sum()) == comb(52, 3)
    strategy = tables["strategy"]
    assert int(strategy["situations"].sum()) == comb(52, 3) * 49
    assert set(strategy["up_rank"]) == set("23456789TJQKA")
    assert len(tables["lowest_played"]) == 13


def test_the_sums_are_the_situation_rows_summed(up_card_analysis: SpecAnalysis) -> None:
    """The sums the tables read (by strength, up rank and decision) and the main bet a row
    per strength and decision equal sums over the situation rows taken here one at a time,
    and give the per-row main bet's summary exactly."""
    analysis = up_card_analysis
    sums = analysis.sums
    expected: dict[tuple[int, int, int], list[int]] = {}
    ranks = analysis.seen[:, 0].astype(np.int64) // 4
    for row in range(analysis.weights.shape[0]):
        key = (int(analysis.strengths[row]), int(ranks[row]), int(analysis.prices.decision[row]))
        weight = int(analysis.weights[row])
        ev = int(analysis.prices.ev[row, key[2]])
        cells = [int(c) * weight for c in analysis.cells[row]]
        total = expected.setdefault(key, [0] * 8)
        for i, value in enumerate([weight, *cells, ev * weight]):
            total[i] += value
    got = {
        (int(s), int(r), int(d)): [int(n), *map(int, deals), int(optimal)]
        for s, r, d, n, deals, optimal in zip(
            sums.strength,
            sums.rank,
            sums.decision,
            sums.situations,
            sums.deals,
            sums.optimal,
            strict=True,
        )
    }
    # the ranks are numbered among those present, weakest first: all 13 here
    assert got == expected
    lattice = analysis.main_by_strength
    assert summarize(lattice.bet, lattice.situations) == summarize(analysis.main, analysis.weights)
    assert lattice.bet.distribution() == analysis.main.distribution()


def test_every_pair_is_looked_up_in_its_class() -> None:
    """``situation_rows`` finds, for random (hand, up card) pairs, the row of their class (by
    the brute-force relabelling above)."""
    shape = UpCardThreeCard.shape
    situations = deal_situations(shape)
    rng = np.random.default_rng(5)
    picks = np.array([rng.choice(52, 4, replace=False) for _ in range(3000)])
    hands, ups = np.sort(picks[:, :3], axis=1), picks[:, 3:]
    rows = situation_rows(shape, hands, ups)
    expected = _class_keys(hands, ups[:, 0])
    found = _class_keys(situations.hands[rows].astype(np.int64), situations.seen[rows, 0])
    assert np.array_equal(found, expected)


@pytest.mark.parametrize("shape", [DealShape(5, 6, 1, 4), DealShape(5, 5, 1, 5)])
def test_the_five_card_lookup_finds_the_relabelled_row(shape: DealShape) -> None:
    """The five-card table's row of every sampled (hand, up card) pair is the row the suit
    relabellings find (and a representative's own row is itself)."""
    rng = np.random.default_rng(61)
    dealt = np.array([rng.choice(52, 6, replace=False) for _ in range(3000)])
    hands, up = np.sort(dealt[:, :5], axis=1), dealt[:, 5:]
    assert np.array_equal(situation_rows(shape, hands, up), relabelled_rows(shape, hands, up))
    classes = deal_situations(shape)
    picked = rng.choice(classes.hands.shape[0], 500, replace=False)
    own = situation_rows(shape, classes.hands[picked], classes.seen[picked])
    assert np.array_equal(own, picked)
