"""The dealer's view: counts over player hands for every dealer hand class."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from crazy4.analyze.record import Analysis
from crazy4.cardroom.dealerside import (
    PLAYER_HANDS_PER_DEALER,
    brute_force_dealer_sum,
    dealer_classes,
    lattice_types,
    relation_counts,
    sums_from_counts,
)
from crazy4.core.cards import colex_indices, combinations_array
from crazy4.core.hidden import OUTCOME_CELLS, PlayerOutcomes
from crazy4.core.ranking import build_best_four_strengths, strength_of_description
from crazy4.core.symmetry import build_suit_classes

QUALIFIER = 322  # "K high" (checked in a test below)
N_TYPES = 3


@pytest.fixture(scope="module")
def random_types() -> np.ndarray:
    """An arbitrary grouping of the player hand classes: nothing in it follows the ranking."""
    rng = np.random.default_rng(6)
    return rng.integers(0, N_TYPES, size=build_suit_classes().weights.shape[0])


@pytest.fixture(scope="module")
def counts(random_types: np.ndarray) -> np.ndarray:
    return relation_counts(random_types, N_TYPES)


def brute_force_relations(types: np.ndarray, dealer: np.ndarray) -> np.ndarray:
    """Counts by relation and type, listing the 1,533,939 player hands the dealer leaves."""
    remaining = np.setdiff1d(np.arange(52), dealer)
    players = remaining[combinations_array(47, 5)]
    index = colex_indices(players)
    strengths = build_best_four_strengths(5)[index].astype(np.int64)
    kinds = types[build_suit_classes().class_of_hand[index]]
    v = int(build_best_four_strengths(5)[colex_indices(dealer[None, :])][0])
    relation = np.where(strengths > v, 0, np.where(strengths == v, 1, 2))
    return np.bincount(relation * N_TYPES + kinds, minlength=3 * N_TYPES).reshape(3, N_TYPES)


def test_counts_match_brute_force(random_types: np.ndarray, counts: np.ndarray) -> None:
    dealers = dealer_classes()
    rng = np.random.default_rng(2)
    picked = [0, dealers.hands.shape[0] - 1, *rng.choice(dealers.hands.shape[0], 3).tolist()]
    for index in picked:
        expected = brute_force_relations(random_types, dealers.hands[index].astype(np.int64))
        assert (counts[index] == expected).all()


def test_counts_add_up_to_the_player_side(
    random_types: np.ndarray,
    counts: np.ndarray,
    standard: Analysis,
) -> None:
    """Σ_D weight(D) · #{P above D} is the number of deals the player's hand is higher: the
    engine's player-side counts (the standard analysis's), an independent computation."""
    outcomes = player_side(standard)
    weights = dealer_classes().weights
    higher = outcomes.cell("nq_player_higher") + outcomes.cell("player_wins")
    ties = outcomes.cell("nq_tie") + outcomes.cell("tie")
    for kind in range(N_TYPES):
        mine = random_types == kind
        player_side_higher = int(np.dot(outcomes.weights[mine], higher[mine]))
        player_side_ties = int(np.dot(outcomes.weights[mine], ties[mine]))
        assert int(np.dot(weights, counts[:, 0, kind])) == player_side_higher
        assert int(np.dot(weights, counts[:, 1, kind])) == player_side_ties
    assert int(counts.sum()) == dealers_total()


def player_side(standard: Analysis) -> PlayerOutcomes:
    """The standard analysis's dealer-outcome counts per player hand class, at the qualifier."""
    outcomes: PlayerOutcomes = standard.outcomes
    assert outcomes.qualifier_strength == QUALIFIER
    return outcomes


def dealers_total() -> int:
    return dealer_classes().hands.shape[0] * PLAYER_HANDS_PER_DEALER


def test_dealer_sums_of_a_lattice_match_brute_force(
    random_types: np.ndarray,
    counts: np.ndarray,
    standard: Analysis,
) -> None:
    assert strength_of_description("K high") == QUALIFIER
    rng = np.random.default_rng(3)
    per_type = rng.integers(-9, 10, size=(N_TYPES, len(OUTCOME_CELLS)))
    net = per_type[random_types]
    sums = sums_from_counts(counts, per_type, QUALIFIER)
    dealers = dealer_classes()
    qualifying = int(np.flatnonzero(dealers.strengths >= QUALIFIER)[7])
    failing = int(np.flatnonzero(dealers.strengths < QUALIFIER)[11])
    for index in (qualifying, failing):
        hand = tuple(int(card) for card in dealers.hands[index])
        assert int(sums[index]) == brute_force_dealer_sum(net, QUALIFIER, hand)
    outcomes = player_side(standard)
    player_side_sum = int(((outcomes.weights[:, None] * outcomes.counts) * net).sum())
    assert int(np.dot(dealers.weights, sums)) == player_side_sum


def test_lattice_types_group_identical_rows() -> None:
    first = np.array([[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], [0, 0, 0, 0, 0, 0]])
    second = np.array([[0] * 6, [1] * 6, [0] * 6])
    types, (a, b) = lattice_types([first, second])
    assert len(set(types.tolist())) == 3
    assert (a[types] == first).all() and (b[types] == second).all()
    assert comb(47, 5) == PLAYER_HANDS_PER_DEALER
