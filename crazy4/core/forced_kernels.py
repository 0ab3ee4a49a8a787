"""Compiled loops of the forced-card engine (numba): situation orbits and subset-table counts.

:mod:`crazy4.core.forced` documents what they compute; this module only holds the loops, which
keep one situation in registers (its 32 subsets merged with the forced cards, indexed and looked
up one at a time) and release the GIL so that :func:`crazy4.core.table_kernels.run_in_threads`
can run chunks of situations on threads sharing the tables. Everything is integer.

This module imports numba; it is imported only when a forced-card count runs.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit


@njit(cache=True, nogil=True)
def stabilizer(
    hand: npt.NDArray[np.uint8], perms: npt.NDArray[np.int64], keep: npt.NDArray[np.int64]
) -> int:  # pragma: no cover - compiled; checked against all 24 relabellings in the tests
    """Write into ``keep`` the suit permutations (rows of ``perms``) fixing ``hand``; count them.

    A permutation ``p`` (card ``4 r + s`` to ``4 r + p[s]``) fixes the hand exactly when every
    suit ``s`` holds the same ranks as suit ``p[s]``.
    """
    masks = np.zeros(4, dtype=np.int64)
    for j in range(hand.shape[0]):
        masks[hand[j] % 4] |= 1 << (hand[j] // 4)
    n = 0
    for p in range(perms.shape[0]):
        same = True
        for s in range(4):
            if masks[perms[p, s]] != masks[s]:
                same = False
        if same:
            keep[n] = p
            n += 1
    return n


@njit(cache=True, nogil=True)
def orbits_of_hand(
    hand: npt.NDArray[np.uint8],
    seen: int,
    perms: npt.NDArray[np.int64],
    cards: npt.NDArray[np.int64],
    orbit: npt.NDArray[np.int64],
) -> int:  # pragma: no cover - compiled; checked against all 24 relabellings in the tests
    """The ``seen``-card sets (1 or 2 cards, not in ``hand``) that are the least of their orbit
    under the relabellings fixing ``hand``: written to ``cards`` (rows, ascending) with their
    orbit sizes; returns how many. With ``cards`` of zero rows it only counts them."""
    keep = np.empty(24, dtype=np.int64)
    n_stab = stabilizer(hand, perms, keep)
    held = np.zeros(52, dtype=np.bool_)
    for j in range(hand.shape[0]):
        held[hand[j]] = True
    found = 0
    for a in range(52):
        if held[a]:
            continue
        for b in range(a + 1 if seen == 2 else 52, 52 if seen == 2 else 53):
            if seen == 2 and held[b]:
                continue
            least = True
            fixed = 0
            for g in range(n_stab):
                p = perms[keep[g]]
                ga = 4 * (a // 4) + p[a % 4]
                if seen == 1:
                    if ga < a:
                        least = False
                    fixed += ga == a
                    continue
                gb = 4 * (b // 4) + p[b % 4]
                lo, hi = min(ga, gb), max(ga, gb)
                if lo < a or (lo == a and hi < b):
                    least = False
                fixed += lo == a and hi == b
            if least:
                if cards.shape[0]:
                    cards[found, 0] = a
                    if seen == 2:
                        cards[found, 1] = b
                    orbit[found] = n_stab // fixed
                found += 1
    return found


@njit(cache=True, nogil=True)
def count_orbits(
    hands: npt.NDArray[np.uint8],
    seen: int,
    perms: npt.NDArray[np.int64],
    out: npt.NDArray[np.int64],
    start: int,
    stop: int,
) -> None:  # pragma: no cover - compiled
    """``out[h]``: how many situation classes hand ``h`` has (:func:`orbits_of_hand`)."""
    empty = np.empty((0, 2), dtype=np.int64)
    none = np.empty(0, dtype=np.int64)
    for h in range(start, stop):
        out[h] = orbits_of_hand(hands[h], seen, perms, empty, none)


@njit(cache=True, nogil=True)
def fill_orbits(
    hands: npt.NDArray[np.uint8],
    seen: int,
    perms: npt.NDArray[np.int64],
    offsets: npt.NDArray[np.int64],
    hand_of: npt.NDArray[np.int32],
    cards: npt.NDArray[np.int64],
    orbit: npt.NDArray[np.int64],
    start: int,
    stop: int,
) -> None:  # pragma: no cover - compiled
    """Fill the situation classes of hands ``start:stop`` from row ``offsets[h]`` on."""
    for h in range(start, stop):
        first = offsets[h]
        last = offsets[h + 1]
        orbits_of_hand(hands[h], seen, perms, cards[first:last], orbit[first:last])
        for i in range(first, last):
            hand_of[i] = h


@njit(cache=True, nogil=True)
def count_forced(
    hands: npt.NDArray[np.int64],
    hand_of: npt.NDArray[np.int32],
    forced: npt.NDArray[np.int64],
    thresholds: npt.NDArray[np.int64],
    binomial: npt.NDArray[np.int64],
    dealer_size: int,
    class1: npt.NDArray[np.int32],
    class2: npt.NDArray[np.int32],
    class3: npt.NDArray[np.int32],
    class4: npt.NDArray[np.int32],
    class5: npt.NDArray[np.int32],
    below0: npt.NDArray[np.integer],
    below1: npt.NDArray[np.integer],
    below2: npt.NDArray[np.integer],
    below3: npt.NDArray[np.integer],
    below4: npt.NDArray[np.integer],
    below5: npt.NDArray[np.integer],
    own: npt.NDArray[np.uint16],
    out: npt.NDArray[np.int64],
    start: int,
    stop: int,
) -> None:  # pragma: no cover - compiled; checked against brute force in the tests
    """``out[i, j] = Σ_{S ⊆ P} (-1)^{|S|} N_{S ∪ F}(t_j)`` for situations ``start:stop``.

    ``P = hands[hand_of[i]]`` (sorted), ``F = forced[i]`` (sorted, disjoint from ``P``),
    ``t_j = thresholds[hand_of[i], j]``; ``N_T`` from ``below<|T|>[class<|T|>[colex T]]``, and
    for ``|T| = dealer_size`` the one hand ``T`` itself (``own`` by colex index).
    """
    n_forced = forced.shape[1]
    m = thresholds.shape[1]
    cards = np.empty(12, dtype=np.int64)
    for i in range(start, stop):
        h = hand_of[i]
        for j in range(m):
            out[i, j] = 0
        for subset in range(32):
            n = 0
            p = 0
            for j in range(5):
                if (subset >> j) & 1:
                    card = hands[h, j]
                    while p < n_forced and forced[i, p] < card:
                        cards[n] = forced[i, p]
                        n += 1
                        p += 1
                    cards[n] = card
                    n += 1
            while p < n_forced:
                cards[n] = forced[i, p]
                n += 1
                p += 1
            if n > dealer_size:
                continue
            sign = 1 - 2 * ((n - n_forced) & 1)
            index = 0
            for j in range(n):
                index += binomial[cards[j], j + 1]
            if n == dealer_size:
                strength = own[index]
                for j in range(m):
                    if strength < thresholds[h, j]:
                        out[i, j] += sign
                continue
            for j in range(m):
                t = thresholds[h, j]
                if n == 0:
                    value = np.int64(below0[0, t])
                elif n == 1:
                    value = np.int64(below1[class1[index], t])
                elif n == 2:
                    value = np.int64(below2[class2[index], t])
                elif n == 3:
                    value = np.int64(below3[class3[index], t])
                elif n == 4:
                    value = np.int64(below4[class4[index], t])
                else:
                    value = np.int64(below5[class5[index], t])
                out[i, j] += sign * value
