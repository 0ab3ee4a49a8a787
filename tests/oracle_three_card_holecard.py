"""Three Card Poker with one of the dealer's three cards seen: the hole-card player's edge.

Part of the Three Card Poker oracle (``oracle_three_card.py``): from the rules text alone,
nothing imported from ``crazy4``. Every (hand, seen dealer card) situation is priced over its
1,128 completions (the dealer's two other cards), listed: each dealer hand from the 49 cards
the player does not hold is counted once for each of its three cards as the seen one.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt
from oracle_three_card import (
    COMPLETIONS,
    HANDS,
    QUEEN_HIGH,
    Rules,
    all_hands,
    bonus_odds,
    fold_ev,
    hand_value,
    play_evs,
)

IntArray = npt.NDArray[np.int64]


def suit_classes() -> tuple[IntArray, IntArray]:
    """One representative per suit class of the 22,100 hands (its index in
    :func:`all_hands`) and the class sizes (which sum to 22,100)."""
    hands = all_hands()
    index = {m: i for i, m in enumerate(hands.masks.tolist())}
    canonical = np.full(HANDS, HANDS, dtype=np.int64)
    for perm in itertools.permutations(range(4)):
        relabelled = hands.cards // 4 * 4 + np.array(perm)[hands.cards % 4]
        masks = np.bitwise_or.reduce(
            np.left_shift(np.uint64(1), relabelled.astype(np.uint64)), axis=1
        )
        canonical = np.minimum(canonical, [index[m] for m in masks.tolist()])
    reps, sizes = np.unique(canonical, return_counts=True)
    return reps.astype(np.int64), sizes.astype(np.int64)


def hole_card_counts(cards: Sequence[int], qualifier: int = QUEEN_HIGH) -> IntArray:
    """For a player hand and each of the 52 cards as the dealer's seen card, the dealer hands
    containing it from the other cards, by outcome (lower, tie, higher, not qualified); rows of
    the player's own cards are zero. Each dealer hand is listed once per card it holds."""
    hands = all_hands()
    mask = np.uint64(sum(1 << c for c in cards))
    free = (hands.masks & mask) == 0
    dv, dc = hands.values[free], hands.cards[free]
    mine = hand_value(cards)
    outcome = np.select([dv < qualifier, dv < mine, dv == mine], [3, 0, 1], 2)
    keys = (dc * 4 + outcome[:, None]).ravel()
    return np.bincount(keys, minlength=52 * 4).reshape(52, 4)


def hole_card_edge(rules: Rules | None = None) -> Fraction:
    """The exact player edge per Ante of a player who sees one of the dealer's three cards and
    plays optimally (per hand and seen card), over all 22,100 × 49 × 1,128 deals.

    Each suit class of player hands is counted once, weighted by its size: a relabelling of
    suits maps a hand's situations (seen card, completions) one to one onto its
    representative's, with the same outcomes.
    """
    rules = rules or Rules()
    hands = all_hands()
    reps, sizes = suit_classes()
    bonuses = bonus_odds(hands.values[reps], rules.ante_bonus)
    total = Fraction(0)
    for rep, size, bonus in zip(reps.tolist(), sizes.tolist(), bonuses, strict=True):
        cards = hands.cards[rep].tolist()
        counts = np.delete(hole_card_counts(cards, rules.qualifier), cards, axis=0)
        assert (counts.sum(axis=1) == COMPLETIONS).all()
        evs = play_evs(counts, [bonus] * counts.shape[0], COMPLETIONS, rules)
        total += size * sum((max(ev, fold_ev(bonus, rules)) for ev in evs), Fraction(0))
    return total / (HANDS * 49)
