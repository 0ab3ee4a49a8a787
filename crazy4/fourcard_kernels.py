"""Compiled loops of the Four Card Poker engine (numba).

Why compiled code here
----------------------
The inclusion-exclusion of :mod:`crazy4.engine` costs, per (player hand, up card) situation,
32 card sets to sort, index, classify and look up. Written as numpy array passes over all 5.6
million situations it makes some 30 full passes per subset (index arithmetic, gathers,
temporaries): about 15 times slower than one compiled loop that keeps each situation in
registers and touches each table once per subset (measured: see ``README.md``, Performance).
The loop is also embarrassingly parallel, so ``prange`` spreads it over the cores with the
tables shared, not copied per process. Everything stays integer; nothing here rounds.

This module imports numba; it is imported only when a Four Card Poker count runs.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange


@njit(cache=True, parallel=True)
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
) -> None:  # pragma: no cover - compiled; checked against brute force in the tests
    """Fill ``out[i]`` with the hidden completions below the thresholds of situation ``i``.

    Situation ``i`` is player hand ``hands[hand_of[i]]`` (five sorted cards) and up card
    ``up_cards[i]``. ``out[i, 0:2]`` counts the six-card dealer hands containing the up card,
    disjoint from the hand, with strength below ``thresholds[hand_of[i], 0:2]``;
    ``out[i, 2:]`` the same below each of ``fixed_thresholds``. ``below<k>[c, t]`` /
    ``fixed<k>[c, j]`` are the subset tables of :mod:`crazy4.engine` for k-card sets (class
    ``c`` from ``class<k>[colex index]``); ``own6`` is the best-four strength of every
    six-card hand. Sum over the 32 subsets S of the hand of ``(-1)^|S| N_{S + up}``.
    """
    n = up_cards.shape[0]
    n_fixed = fixed_thresholds.shape[0]
    for i in prange(n):
        h = hand_of[i]
        up = up_cards[i]
        t0 = thresholds[h, 0]
        t1 = thresholds[h, 1]
        acc0 = 0
        acc1 = 0
        acc = np.zeros(n_fixed, dtype=np.int64)
        cards = np.empty(6, dtype=np.int64)
        for subset in range(32):
            k = 0
            sign = 1
            placed = False
            for j in range(5):
                if (subset >> j) & 1:
                    card = hands[h, j]
                    if not placed and up < card:
                        cards[k] = up
                        k += 1
                        placed = True
                    cards[k] = card
                    k += 1
                    sign = -sign
            if not placed:
                cards[k] = up
                k += 1
            index = 0
            for j in range(k):
                index += binomial[cards[j], j + 1]
            if k == 6:
                strength = own6[index]
                if strength < t0:
                    acc0 += sign
                if strength < t1:
                    acc1 += sign
                for j in range(n_fixed):
                    if strength < fixed_thresholds[j]:
                        acc[j] += sign
            elif k == 5:
                c = class5[index]
                acc0 += sign * int(below5[c, t0])
                acc1 += sign * int(below5[c, t1])
                for j in range(n_fixed):
                    acc[j] += sign * fixed5[c, j]
            elif k == 4:
                c = class4[index]
                acc0 += sign * int(below4[c, t0])
                acc1 += sign * int(below4[c, t1])
                for j in range(n_fixed):
                    acc[j] += sign * fixed4[c, j]
            elif k == 3:
                c = class3[index]
                acc0 += sign * int(below3[c, t0])
                acc1 += sign * int(below3[c, t1])
                for j in range(n_fixed):
                    acc[j] += sign * fixed3[c, j]
            elif k == 2:
                c = class2[index]
                acc0 += sign * int(below2[c, t0])
                acc1 += sign * int(below2[c, t1])
                for j in range(n_fixed):
                    acc[j] += sign * fixed2[c, j]
            else:
                c = class1[index]
                acc0 += sign * int(below1[c, t0])
                acc1 += sign * int(below1[c, t1])
                for j in range(n_fixed):
                    acc[j] += sign * fixed1[c, j]
        out[i, 0] = acc0
        out[i, 1] = acc1
        for j in range(n_fixed):
            out[i, 2 + j] = acc[j]


@njit(cache=True)
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


@njit(cache=True)
def group_sums(
    keys: npt.NDArray[np.int64],
    weights: npt.NDArray[np.int64],
    values: npt.NDArray[np.int64],
    n_groups: int,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:  # pragma: no cover - compiled
    """Exact integer group sums: ``(Σ weights, Σ weights * values[:, j])`` per key."""
    total_weight = np.zeros(n_groups, dtype=np.int64)
    total = np.zeros((n_groups, values.shape[1]), dtype=np.int64)
    for i in range(keys.shape[0]):
        g = keys[i]
        total_weight[g] += weights[i]
        for j in range(values.shape[1]):
            total[g, j] += weights[i] * values[i, j]
    return total_weight, total
