"""Compiled loops of the forced-card situations (numba): the orbits of the forced-card sets
under the suit relabellings that fix a player hand (:func:`crazy4.core.forced.forced_situations`
documents what they enumerate). They release the GIL, so that hands run in chunks on threads.

This module imports numba; it is imported only when forced-card situations are enumerated.
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
