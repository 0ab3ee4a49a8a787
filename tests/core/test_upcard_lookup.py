"""Dealt (hand, up card) pairs land in the situation class of a suit relabelling of themselves,
and a class's lower/tie/higher counts are those of a listing of every hidden completion."""

from __future__ import annotations

from itertools import permutations

import numpy as np

from crazy4.core.cards import colex_indices, combinations_array
from crazy4.core.ranking import build_best_four_strengths
from crazy4.core.symmetry import build_suit_classes
from crazy4.core.upcard import UpCardShape
from crazy4.core.upcard_lookup import situation_counts, situation_of
from crazy4.core.upcard_situations import build_situations


def relabellings(hand: np.ndarray, up: int) -> set[tuple[tuple[int, ...], int]]:
    """Every (sorted hand, up card) the 24 suit permutations make of one situation."""
    found = set()
    for order in permutations(range(4)):
        mapped = [4 * (card // 4) + order[card % 4] for card in hand]
        found.add((tuple(sorted(mapped)), 4 * (up // 4) + order[up % 4]))
    return found


def test_a_dealt_situation_falls_in_the_class_of_a_relabelling() -> None:
    rng = np.random.default_rng(20261202)
    classes, situations = build_suit_classes(), build_situations()
    for _ in range(300):
        cards = rng.choice(52, size=6, replace=False)
        hand, up = np.sort(cards[:5]), int(cards[5])
        index = int(situation_of(colex_indices(hand[None, :]), np.array([up]))[0])
        assert index >= 0
        representative = classes.representatives[situations.hand_class[index]]
        key = (tuple(int(card) for card in representative), int(situations.up_card[index]))
        assert key in relabellings(hand, up)


def test_every_up_card_of_a_hand_is_counted_by_the_weights() -> None:
    rng = np.random.default_rng(5)
    classes, situations = build_suit_classes(), build_situations()
    for _ in range(5):
        hand = np.sort(rng.choice(52, size=5, replace=False))
        ups = np.setdiff1d(np.arange(52), hand)
        index = situation_of(np.repeat(colex_indices(hand[None, :]), ups.shape[0]), ups)
        hand_class = int(classes.class_of_hand[colex_indices(hand[None, :])[0]])
        # the hand's 47 up cards spread over its class's situations as the orbits say
        share = np.bincount(index, minlength=situations.weights.shape[0])[index]
        weights = situations.weights[index] // classes.weights[hand_class]
        assert (share == weights).all()


def test_a_situations_counts_are_those_of_a_listing() -> None:
    shape = UpCardShape(6)
    counts = situation_counts(shape)
    assert (counts.sum(axis=1) == shape.completions).all()
    situations, classes = build_situations(), build_suit_classes()
    strengths = build_best_four_strengths(6)
    player_strengths = build_best_four_strengths(5)
    rng = np.random.default_rng(17)
    for index in rng.choice(situations.weights.shape[0], size=2, replace=False):
        hand = classes.representatives[situations.hand_class[index]].astype(np.int64)
        up = int(situations.up_card[index])
        player = int(player_strengths[colex_indices(hand[None, :])[0]])
        others = np.setdiff1d(np.arange(52), [*hand, up])
        hidden = others[combinations_array(others.shape[0], 5)]
        dealer = np.sort(np.concatenate([hidden, np.full((hidden.shape[0], 1), up)], axis=1))
        dealer_strengths = strengths[colex_indices(dealer)].astype(np.int64)
        listed = [
            int((dealer_strengths < player).sum()),
            int((dealer_strengths == player).sum()),
            int((dealer_strengths > player).sum()),
        ]
        assert counts[index].tolist() == listed
