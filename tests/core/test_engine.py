"""The inclusion-exclusion counts against brute-force enumeration of every dealer hand."""

from __future__ import annotations

import numpy as np
import pytest

from crazy4.core.cards import colex_indices, parse_cards
from crazy4.core.engine import DEALER_HANDS, brute_force_counts, count_dealer_below
from crazy4.core.hidden import PlayerOutcomes, cells_from_below, outcome_thresholds
from crazy4.core.ranking import build_best_four_strengths, number_of_strengths
from crazy4.core.symmetry import build_suit_classes

SAMPLED_HANDS = 24


def sampled_hands() -> np.ndarray:
    """24 random player hands plus hand-picked edge cases (seeded: the same every run)."""
    rng = np.random.default_rng(20261129)
    random_hands = np.sort(
        np.array([rng.choice(52, size=5, replace=False) for _ in range(SAMPLED_HANDS)]), axis=1
    )
    edge_cases = np.array(
        [
            parse_cards("As Ad Ah Ac Ks"),  # four aces
            parse_cards("Ks Qd 8c 4h 2s"),  # the published border hand
            parse_cards("Kc Qd 7h 6s 5c"),  # a mixed-decision best four
            parse_cards("2c 3d 4h 5s 7c"),  # a straight
            parse_cards("2c 3d 4h 6s 7c"),  # the weakest hand
        ]
    )
    return np.concatenate([random_hands, edge_cases])


@pytest.fixture(scope="module")
def hands() -> np.ndarray:
    return sampled_hands()


def test_every_threshold_matches_brute_force(hands: np.ndarray) -> None:
    every_threshold = np.arange(number_of_strengths() + 1)
    fast = count_dealer_below(hands, np.broadcast_to(every_threshold, (hands.shape[0], 2536)))
    for row, hand in enumerate(hands):
        assert (fast[row] == brute_force_counts(hand, every_threshold)).all(), hand


def test_outcome_cells_sum_to_the_dealer_hands(hands: np.ndarray) -> None:
    strengths = build_best_four_strengths(5)[colex_indices(hands)].astype(np.int64)
    for qualifier in (0, 322, 1000):
        below = count_dealer_below(hands, outcome_thresholds(strengths, qualifier))
        cells = cells_from_below(below, DEALER_HANDS)
        assert (cells >= 0).all()
        assert (cells.sum(axis=1) == DEALER_HANDS).all()


def test_suit_classes_partition_the_hands() -> None:
    classes = build_suit_classes()
    assert classes.weights.shape == (134459,)
    assert int(classes.weights.sum()) == 2598960
    assert set(np.unique(classes.weights).tolist()) == {4, 12, 24}
    # every representative belongs to its own class
    index = colex_indices(classes.representatives)
    assert (classes.class_of_hand[index] == np.arange(134459)).all()


def test_suit_isomorphic_hands_have_equal_counts() -> None:
    hands = np.array(
        [
            sorted(parse_cards("As Ks 9d 4d 2h")),
            sorted(parse_cards("Ah Kh 9c 4c 2s")),
            sorted(parse_cards("Ad Kd 9s 4s 2c")),
        ]
    )
    thresholds = np.broadcast_to(np.arange(0, 2536, 7), (3, 363))
    counts = count_dealer_below(hands, thresholds)
    assert (counts == counts[0]).all()


def test_full_class_counts_agree_with_brute_force_on_samples(standard) -> None:  # type: ignore[no-untyped-def]
    outcomes: PlayerOutcomes = standard.outcomes
    rng = np.random.default_rng(7)
    for index in rng.choice(outcomes.hands.shape[0], size=6, replace=False):
        thresholds = outcome_thresholds(outcomes.strengths[[index]], outcomes.qualifier_strength)
        expected = cells_from_below(
            brute_force_counts(outcomes.hands[index], thresholds[0])[None, :], DEALER_HANDS
        )
        assert (outcomes.counts[index] == expected[0]).all()


def test_counts_do_not_depend_on_the_number_of_workers(standard) -> None:  # type: ignore[no-untyped-def]
    """Every 64th class counted again on two threads by the counter Crazy 4 Poker's deal shape
    picks: the cells of the standard analysis (one thread), row for row."""
    from crazy4.analyze.counting import counter_for
    from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC

    outcomes: PlayerOutcomes = standard.outcomes
    rows = np.arange(0, outcomes.hands.shape[0], 64)
    spec = CRAZY_FOUR_SPEC
    parallel = counter_for(spec.shape).cells(
        outcomes.hands[rows],
        outcomes.strengths[rows],
        outcomes.qualifier_strength,
        spec.ranking,
        spec.shape.dealer_cards,
        jobs=2,
    )
    assert (parallel == outcomes.counts[rows]).all()
