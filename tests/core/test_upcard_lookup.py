"""The simulator's lookup of a dealt (hand, up card) pair (:mod:`crazy4.core.upcard_lookup`),
against the 24 suit relabellings listed."""

from __future__ import annotations

from itertools import permutations

import numpy as np

from crazy4.core.cards import colex_indices
from crazy4.core.symmetry import build_suit_classes
from crazy4.core.upcard_lookup import situation_slots


def relabellings(hand: np.ndarray, up: int) -> set[tuple[tuple[int, ...], int]]:
    """Every (sorted hand, up card) the 24 suit permutations make of one situation."""
    found = set()
    for order in permutations(range(4)):
        mapped = [4 * (card // 4) + order[card % 4] for card in hand]
        found.add((tuple(sorted(mapped)), 4 * (up // 4) + order[up % 4]))
    return found


def test_a_dealt_situation_falls_on_a_relabelling_of_its_class() -> None:
    """The slot's class representative and its up card (the up card's rank in the slot's suit)
    are a relabelling of the dealt hand and up card."""
    rng = np.random.default_rng(20261202)
    classes, slots = build_suit_classes(), situation_slots()
    for _ in range(300):
        cards = rng.choice(52, size=6, replace=False)
        hand, up = np.sort(cards[:5]), int(cards[5])
        slot = int(slots[int(colex_indices(hand[None, :])[0]) * 4 + (up & 3)])
        representative = classes.representatives[slot // 52]
        key = (tuple(int(card) for card in representative), (up & ~3) + slot % 52)
        assert key in relabellings(hand, up)
