"""The forced-card kernel (crazy4.core.forced.count_forced) against a listing of dealer hands.

Every expected count comes from listing, here, each dealer hand that holds the forced cards and
misses the player's hand, and comparing its best-four strength (the ranking table) with the
threshold: no subset table and no inclusion-exclusion. The situations are counted many at a
time and on two threads, so the kernel's batches (of several situations, with a partial last
batch), its table of columns shared by every hand and its per-hand columns are all exercised.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt
import pytest

from crazy4.core.cards import colex_indices
from crazy4.core.forced import count_forced
from crazy4.core.ranking import build_best_four_strengths, number_of_strengths
from crazy4.core.table_kernels import set_threads


@cache
def _choices(n: int, k: int) -> npt.NDArray[np.int8]:
    """Every ``k``-subset of ``range(n)``, one a row."""
    return np.array(list(combinations(range(n), k)), dtype=np.int8).reshape(-1, k)


def _listed_counts(
    hand: list[int], forced: list[int], thresholds: npt.NDArray[np.int64], dealer_size: int
) -> list[int]:
    """Dealer hands ``D ⊇ forced``, ``D ∩ hand = ∅``, of ``dealer_size`` cards, below each
    threshold: every such hand listed and its strength looked up."""
    rest = np.array([c for c in range(52) if c not in hand and c not in forced], dtype=np.int64)
    free = _choices(rest.shape[0], dealer_size - len(forced))
    dealer = np.concatenate(
        [rest[free], np.tile(np.array(forced, dtype=np.int64), (free.shape[0], 1))], axis=1
    )
    strengths = build_best_four_strengths(dealer_size)[colex_indices(np.sort(dealer, axis=1))]
    assert strengths.shape[0] == comb(52 - len(hand) - len(forced), dealer_size - len(forced))
    return [int((strengths < t).sum()) for t in thresholds]


def _situations(
    rng: np.random.Generator, n_hands: int, per_hand: int, n_forced: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Random hands (unsorted rows) and ``per_hand`` forced-card sets (unsorted) for each."""
    hands, hand_of, forced = [], [], []
    for h in range(n_hands):
        cards = rng.permutation(52)
        hands.append(cards[:5])
        for _ in range(per_hand):
            forced.append(rng.choice(cards[5:], size=n_forced, replace=False))
            hand_of.append(h)
    return (
        np.array(hands, dtype=np.int64),
        np.array(hand_of, dtype=np.int64),
        np.array(forced, dtype=np.int64).reshape(len(hand_of), n_forced),
    )


def _thresholds(rng: np.random.Generator, n_hands: int) -> npt.NDArray[np.int64]:
    """Per hand: a strength and the next one, 0 and the top (every column of the tables' ends),
    two columns the same for every hand, and one more per hand."""
    top = number_of_strengths()
    own = rng.integers(0, top, size=n_hands)
    shared = rng.integers(0, top + 1, size=2)
    columns = [
        own,
        own + 1,
        np.full(n_hands, shared[0]),
        np.zeros(n_hands, dtype=np.int64),
        rng.integers(0, top + 1, size=n_hands),
        np.full(n_hands, shared[1]),
        np.full(n_hands, top),
    ]
    return np.stack(columns, axis=1).astype(np.int64)


# (dealer size, forced cards, hands, situations a hand): a dealer hand of five (Crazy 4 Poker)
# or six (Four Card Poker) cards, with no forced card up to three.
CASES = [
    (5, 0, 3, 1),
    (5, 1, 4, 3),
    (5, 2, 5, 4),
    (6, 1, 3, 3),
    (6, 2, 5, 4),
    (6, 3, 3, 4),
]


@pytest.mark.parametrize(("dealer_size", "n_forced", "n_hands", "per_hand"), CASES)
def test_counts_equal_a_listing_of_dealer_hands(
    dealer_size: int, n_forced: int, n_hands: int, per_hand: int
) -> None:
    rng = np.random.default_rng(100 * dealer_size + n_forced)
    hands, hand_of, forced = _situations(rng, n_hands, per_hand, n_forced)
    thresholds = _thresholds(rng, n_hands)
    previous = set_threads(2)
    try:
        got = count_forced(hands, hand_of, forced, thresholds, dealer_size)
    finally:
        set_threads(previous)
    for i in range(hand_of.shape[0]):
        hand = hands[hand_of[i]].tolist()
        expected = _listed_counts(hand, forced[i].tolist(), thresholds[hand_of[i]], dealer_size)
        assert got[i].tolist() == expected, (hand, forced[i].tolist())
    assert (got[:, 3] == 0).all()
    assert (got[:, 6] == comb(52 - hands.shape[1] - n_forced, dealer_size - n_forced)).all()


def test_one_situation_alone_and_among_many_count_the_same() -> None:
    """A situation's counts do not depend on its neighbours, its place in a batch, the order
    of the situations or the number of threads; a hand with one column for every situation
    (all columns then shared) counts as within a larger set of hands."""
    rng = np.random.default_rng(7)
    hands, hand_of, forced = _situations(rng, 6, 7, 2)
    thresholds = _thresholds(rng, 6)
    together = count_forced(hands, hand_of, forced, thresholds, 6)
    order = rng.permutation(hand_of.shape[0])
    previous = set_threads(2)
    try:
        shuffled = count_forced(hands, hand_of[order], forced[order], thresholds, 6)
    finally:
        set_threads(previous)
    assert (shuffled == together[order]).all()
    for i in (0, 9, 41):
        alone = count_forced(
            hands[hand_of[i]][None], [0], forced[i][None], thresholds[[hand_of[i]]], 6
        )
        assert alone[0].tolist() == together[i].tolist()
    empty = count_forced(hands, np.zeros(0, dtype=np.int64), np.zeros((0, 2)), thresholds, 6)
    assert empty.shape == (0, thresholds.shape[1])
