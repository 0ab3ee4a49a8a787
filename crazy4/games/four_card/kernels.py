"""Compiled loops of the Four Card Poker engine (numba).

Why compiled code here
----------------------
The inclusion-exclusion of :mod:`crazy4.core.engine` costs, per (player hand, up card) situation,
32 card sets to sort, index, classify and look up. As numpy array passes
(:func:`crazy4.core.engine.count_dealer_below`, same counts) the 5.6 million situations take about
20 s on one core; this loop, which keeps a situation in registers, computes each hand's 32x6
subset indices once for all its up cards and touches each table once per subset, takes about
6 s (measured: ``README.md``, Performance).
The loop is also embarrassingly parallel: it releases the GIL and runs in chunks on threads
(:func:`crazy4.core.table_kernels.run_in_threads`), the tables shared, not copied per process.
Everything stays integer; nothing here rounds.

This module imports numba; it is imported only when a Four Card Poker count runs.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit


@njit(cache=True, nogil=True)
def subset_colex_parts(
    hand: npt.NDArray[np.int64],
    binomial: npt.NDArray[np.int64],
    partial: npt.NDArray[np.int64],
    position: npt.NDArray[np.int64],
) -> None:  # pragma: no cover - compiled; checked against brute force in the tests
    """For every subset S of a sorted five-card hand and every cut (how many of the hand's cards
    lie below the up card): ``partial[S, cut]``, the colex index of S plus the up card without the
    up card's own term, and ``position[S, cut]``, the up card's rank within S plus the up card."""
    for subset in range(32):
        for cut in range(6):
            index = 0
            rank = 0
            below_up = 0
            for j in range(5):
                if (subset >> j) & 1:
                    if j < cut:
                        index += binomial[hand[j], rank + 1]
                        below_up += 1
                    else:
                        index += binomial[hand[j], rank + 2]
                    rank += 1
            partial[subset, cut] = index
            position[subset, cut] = below_up


@njit(cache=True, nogil=True)
def add_subset_counts(
    sign: int,
    below: npt.NDArray[np.integer],
    fixed: npt.NDArray[np.int64],
    t0: int,
    t1: int,
    acc0: int,
    acc1: int,
    acc: npt.NDArray[np.int64],
) -> tuple[int, int]:  # pragma: no cover - compiled; checked against brute force in the tests
    """Add one subset's signed counts: below the two player thresholds (returned with ``acc0``,
    ``acc1``) and below each fixed threshold (into ``acc``)."""
    for j in range(fixed.shape[0]):
        acc[j] += sign * fixed[j]
    return acc0 + sign * int(below[t0]), acc1 + sign * int(below[t1])


@njit(cache=True, nogil=True)
def subset_sizes() -> npt.NDArray[np.int64]:  # pragma: no cover - compiled
    """The number of cards in each of the 32 subsets of five cards (bit ``j``: card ``j``)."""
    size = np.zeros(32, dtype=np.int64)
    for subset in range(32):
        for j in range(5):
            size[subset] += (subset >> j) & 1
    return size


@njit(cache=True, nogil=True)
def add_own_strength(
    sign: int,
    strength: int,
    t0: int,
    t1: int,
    acc0: int,
    acc1: int,
    acc: npt.NDArray[np.int64],
    fixed_thresholds: npt.NDArray[np.int64],
) -> tuple[int, int]:  # pragma: no cover - compiled; checked against brute force in the tests
    """Add a whole six-card hand (the subset of all five cards plus the up card): one hand of
    ``strength``, counted below each threshold it is under."""
    for j in range(fixed_thresholds.shape[0]):
        if strength < fixed_thresholds[j]:
            acc[j] += sign
    return acc0 + sign * (strength < t0), acc1 + sign * (strength < t1)


@njit(cache=True, nogil=True)
def count_situations(
    hands: npt.NDArray[np.int64],
    hand_of: npt.NDArray[np.int32],
    up_cards: npt.NDArray[np.int64],
    thresholds: npt.NDArray[np.int64],
    binomial: npt.NDArray[np.int64],
    class1: npt.NDArray[np.int32],
    class2: npt.NDArray[np.int32],
    class3: npt.NDArray[np.int32],
    class4: npt.NDArray[np.int32],
    class5: npt.NDArray[np.int32],
    below1: npt.NDArray[np.int32],
    below2: npt.NDArray[np.int32],
    below3: npt.NDArray[np.uint16],
    below4: npt.NDArray[np.uint16],
    below5: npt.NDArray[np.uint8],
    fixed1: npt.NDArray[np.int64],
    fixed2: npt.NDArray[np.int64],
    fixed3: npt.NDArray[np.int64],
    fixed4: npt.NDArray[np.int64],
    fixed5: npt.NDArray[np.int64],
    own6: npt.NDArray[np.uint16],
    fixed_thresholds: npt.NDArray[np.int64],
    out: npt.NDArray[np.int64],
    start: int,
    stop: int,
) -> None:  # pragma: no cover - compiled; checked against brute force in the tests
    """Fill ``out[i]``, ``start <= i < stop``: situation ``i`` (hand ``hands[hand_of[i]]``, up
    card ``up_cards[i]``) counted below its two thresholds and each of ``fixed_thresholds``, as
    ``sum over S of (-1)^|S| N_{S + up}`` from the subset tables ``below<k>`` / ``fixed<k>`` (class
    from ``class<k>``) and ``own6``; :func:`crazy4.games.four_card.engine.count_situations`
    documents the arguments."""
    n_fixed = fixed_thresholds.shape[0]
    acc = np.zeros(n_fixed, dtype=np.int64)
    # Per hand, for every subset S and every cut (how many hand cards lie below the up card):
    # the colex index of S + up without the up card's own term, and the up card's position.
    partial = np.zeros((32, 6), dtype=np.int64)
    position = np.zeros((32, 6), dtype=np.int64)
    size = subset_sizes()
    current = -1
    for i in range(start, stop):
        h = hand_of[i]
        up = up_cards[i]
        if h != current:
            current = h
            subset_colex_parts(hands[h], binomial, partial, position)
        cut = 0
        while cut < 5 and hands[h, cut] < up:
            cut += 1
        t0, t1 = thresholds[h, 0], thresholds[h, 1]
        acc0 = acc1 = 0
        acc[:] = 0
        for subset in range(32):
            k = size[subset] + 1
            sign = 1 - 2 * (size[subset] & 1)
            index = partial[subset, cut] + binomial[up, position[subset, cut] + 1]
            if k == 6:
                acc0, acc1 = add_own_strength(
                    sign, own6[index], t0, t1, acc0, acc1, acc, fixed_thresholds
                )
            elif k == 5:
                c = class5[index]
                acc0, acc1 = add_subset_counts(sign, below5[c], fixed5[c], t0, t1, acc0, acc1, acc)
            elif k == 4:
                c = class4[index]
                acc0, acc1 = add_subset_counts(sign, below4[c], fixed4[c], t0, t1, acc0, acc1, acc)
            elif k == 3:
                c = class3[index]
                acc0, acc1 = add_subset_counts(sign, below3[c], fixed3[c], t0, t1, acc0, acc1, acc)
            elif k == 2:
                c = class2[index]
                acc0, acc1 = add_subset_counts(sign, below2[c], fixed2[c], t0, t1, acc0, acc1, acc)
            else:
                c = class1[index]
                acc0, acc1 = add_subset_counts(sign, below1[c], fixed1[c], t0, t1, acc0, acc1, acc)
        out[i, 0] = acc0
        out[i, 1] = acc1
        out[i, 2 : 2 + n_fixed] = acc


@njit(cache=True, nogil=True)
def deal_lattice(
    keys: npt.NDArray[np.int64],
    weights: npt.NDArray[np.int64],
    categories: npt.NDArray[np.int64],
    lower: npt.NDArray[np.int64],
    tie: npt.NDArray[np.int64],
    dealer_categories: npt.NDArray[np.int64],
    n_groups: int,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:  # pragma: no cover - compiled
    """Exact deal counts per group: (Σ weights, Σ weights * deals[dealer category, result]).

    ``result`` is 0 player higher, 1 tie, 2 dealer higher. A dealer category below (above)
    the player's ``categories[i]`` is all player higher (dealer higher); the player's own
    category splits by ``lower`` and ``tie``.
    """
    n_categories = dealer_categories.shape[1]
    row_weights = np.zeros(n_groups, dtype=np.int64)
    deals = np.zeros((n_groups, n_categories, 3), dtype=np.int64)
    for i in range(keys.shape[0]):
        g = keys[i]
        w = weights[i]
        c = categories[i]
        row_weights[g] += w
        own_lower = lower[i]
        for d in range(n_categories):
            count = dealer_categories[i, d]
            if d < c:
                deals[g, d, 0] += w * count
                own_lower -= count
            elif d > c:
                deals[g, d, 2] += w * count
        deals[g, c, 0] += w * own_lower
        deals[g, c, 1] += w * tie[i]
        deals[g, c, 2] += w * (dealer_categories[i, c] - own_lower - tie[i])
    return row_weights, deals


@njit(cache=True, nogil=True)
def situation_sums(
    keys: npt.NDArray[np.int64],
    weights: npt.NDArray[np.int64],
    lower: npt.NDArray[np.int64],
    tie: npt.NDArray[np.int64],
    higher: npt.NDArray[np.int64],
    decision: npt.NDArray[np.int64],
    ev: npt.NDArray[np.int64],
    n_groups: int,
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled
    """Exact weighted sums per key: situations, lower, tie, higher, situations per decision
    (fold, 1x, 2x, 3x) and the EV numerator; shape (n_groups, 9)."""
    total = np.zeros((n_groups, 9), dtype=np.int64)
    for i in range(keys.shape[0]):
        g = keys[i]
        w = weights[i]
        total[g, 0] += w
        total[g, 1] += w * lower[i]
        total[g, 2] += w * tie[i]
        total[g, 3] += w * higher[i]
        total[g, 4 + decision[i]] += w
        total[g, 8] += w * ev[i]
    return total


@njit(cache=True, nogil=True)
def outcome_cells(
    counts: npt.NDArray[np.int64], completions: int
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled
    """From the counts of :func:`count_situations` to cells: dealer lower, tie, dealer
    higher, then the dealer's 8 categories; a negative cell marks a broken table."""
    n = counts.shape[0]
    n_fixed = counts.shape[1] - 2
    cells = np.empty((n, 4 + n_fixed), dtype=np.int64)
    for i in range(n):
        cells[i, 0] = counts[i, 0]
        cells[i, 1] = counts[i, 1] - counts[i, 0]
        cells[i, 2] = completions - counts[i, 1]
        previous = 0
        for j in range(n_fixed):
            cells[i, 3 + j] = counts[i, 2 + j] - previous
            previous = counts[i, 2 + j]
        cells[i, 3 + n_fixed] = completions - previous
    return cells
