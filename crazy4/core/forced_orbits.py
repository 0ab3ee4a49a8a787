"""Situation classes with *forced* cards: one set of seen dealer cards per orbit.

A situation is a player hand ``P`` and the dealer cards ``F`` it sees. Relabelling suits maps
situations to situations with the same counts (:mod:`crazy4.core.forced`). The player hands
fall into suit classes (:mod:`crazy4.core.symmetry`); for a class representative ``R`` the
relabellings fixing ``R`` (its *stabilizer*: the permutations of suits holding equal rank masks
in ``R``) act on the sets ``F`` of unseen cards, and one ``F`` per orbit (the least in
lexicographic order), weighted by the class size times the orbit size, covers every situation
exactly once (:func:`forced_situations`).

Two derivations give the same rows: the compiled loops of :mod:`crazy4.core.orbit_kernels` (any
one or two forced cards: every relabelling of the stabilizer tried on every set), and, for one
forced card, :func:`one_card_orbits`, read from the suits' rank masks with numpy and nothing to
compile (on an empty numba cache the loops' compile took seconds of a cold analysis).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import Any

import numpy as np
import numpy.typing as npt

#: The 24 permutations of the four suits, one a row.
SUIT_PERMUTATIONS: npt.NDArray[np.int64] = np.array(list(permutations(range(4))), dtype=np.int64)


@dataclass(frozen=True)
class ForcedSituations:
    """Suit classes of (player hand, forced-card set) situations.

    Attributes
    ----------
    hand_of : ndarray of int32, shape (n,)
        Row of the hand representatives each situation belongs to.
    cards : ndarray of int64, shape (n, k)
        The forced cards, ascending.
    weights : ndarray of int64, shape (n,)
        Situations in the class: hand class size times orbit size.
    """

    hand_of: npt.NDArray[np.int32]
    cards: npt.NDArray[np.int64]
    weights: npt.NDArray[np.int64]


def forced_situations(
    hands: npt.NDArray[np.uint8],
    weights: npt.NDArray[np.int64],
    seen: int,
    compiled: bool = False,
) -> ForcedSituations:
    """One situation per orbit of ``seen``-card sets under the relabellings fixing each hand.

    Parameters
    ----------
    hands : ndarray of uint8, shape (h, 5)
        Hand class representatives, sorted.
    weights : ndarray of int64, shape (h,)
        Hands in each class.
    seen : int
        Forced cards per situation: 0, 1 or 2.
    compiled : bool
        Enumerate one seen card's orbits with the compiled loops too (by default they are
        read from the suits' rank masks: :func:`one_card_orbits`, the same rows with no
        compile); two seen cards always are.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> flush = np.array([parse_cards("2c 5c 8c Jc Kc")], dtype=np.uint8)
    >>> one = forced_situations(flush, np.array([4]), 1)
    >>> len(one.weights), int(one.weights.sum()) == 4 * 47
    (21, True)
    >>> two = forced_situations(flush, np.array([4]), 2)
    >>> from math import comb
    >>> int(two.weights.sum()) == 4 * comb(47, 2)
    True
    """
    hands8 = np.ascontiguousarray(hands, dtype=np.uint8)
    n_hands = hands8.shape[0]
    if seen == 0:
        return ForcedSituations(
            hand_of=np.arange(n_hands, dtype=np.int32),
            cards=np.zeros((n_hands, 0), dtype=np.int64),
            weights=np.asarray(weights, dtype=np.int64).copy(),
        )
    if seen not in (1, 2):
        raise ValueError(f"situation classes are enumerated for 0 to 2 forced cards, not {seen}")
    if seen == 1 and not compiled:
        return one_card_orbits(hands8, weights)
    return _compiled_orbits(hands8, weights, seen)


def _compiled_orbits(
    hands8: npt.NDArray[np.uint8], weights: npt.NDArray[np.int64], seen: int
) -> ForcedSituations:
    """:func:`forced_situations` by the compiled loops of :mod:`crazy4.core.orbit_kernels`."""
    from crazy4.core import orbit_kernels
    from crazy4.core.table_kernels import run_in_threads

    n_hands = hands8.shape[0]
    counter: Any = orbit_kernels.count_orbits
    filler: Any = orbit_kernels.fill_orbits
    per_hand = np.zeros(n_hands, dtype=np.int64)
    run_in_threads(
        lambda start, stop: counter(hands8, seen, SUIT_PERMUTATIONS, per_hand, start, stop),
        n_hands,
    )
    offsets = np.concatenate([[0], np.cumsum(per_hand)]).astype(np.int64)
    total = int(offsets[-1])
    hand_of = np.empty(total, dtype=np.int32)
    cards = np.empty((total, 2), dtype=np.int64)
    orbit = np.empty(total, dtype=np.int64)
    run_in_threads(
        lambda start, stop: filler(
            hands8, seen, SUIT_PERMUTATIONS, offsets, hand_of, cards, orbit, start, stop
        ),
        n_hands,
    )
    return ForcedSituations(
        hand_of=hand_of,
        cards=np.ascontiguousarray(cards[:, :seen]),
        weights=np.asarray(weights, dtype=np.int64)[hand_of] * orbit,
    )


def one_card_orbits(
    hands: npt.NDArray[np.uint8], weights: npt.NDArray[np.int64]
) -> ForcedSituations:
    """:func:`forced_situations` for one seen card, from each hand's suit rank masks.

    The relabellings fixing a hand are those mapping each suit to a suit of the same rank
    mask: every permutation within each block of suits of equal masks. So the orbit of an
    unheld card ``4 r + s`` is ``{4 r + t}`` over the suits ``t`` of ``s``'s block (none of
    them holds ``r`` either); it is the least of its orbit when no suit below ``s`` is in
    the block, and the orbit's size is the block's. The rows come in the compiled loops'
    order (hand by hand, the cards ascending) with the same weights.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> pair = np.array([sorted(parse_cards("2c 2d 5h 7h 9h"))], dtype=np.uint8)
    >>> one = one_card_orbits(pair, np.array([12]))
    >>> one.cards[:6, 0].tolist()   # 2h, 2s, 3c (3d alike), 3h, 3s, 4c
    [2, 3, 4, 6, 7, 8]
    >>> one.weights[:6].tolist()
    [12, 12, 24, 12, 12, 24]
    """
    cards = np.asarray(hands, dtype=np.int64)
    suits, bits = cards % 4, np.left_shift(np.int64(1), cards // 4)
    masks = np.stack([np.where(suits == s, bits, 0).sum(axis=1) for s in range(4)], axis=1)
    equal = masks[:, :, None] == masks[:, None, :]  # (h, s, t): suits s and t alike
    block = equal.sum(axis=2, dtype=np.int8)
    lower = np.tril(np.ones((4, 4), dtype=bool), -1)  # t < s
    least = ~(equal & lower).any(axis=2)
    held = np.zeros((cards.shape[0], 52), dtype=bool)
    held[np.arange(cards.shape[0])[:, None], cards] = True
    deck_suit = np.arange(52) % 4
    # each kept card's orbit size, 0 for the others, a row a hand: rows in order, cards ascending
    orbits = np.where(~held & least[:, deck_suit], block[:, deck_suit], 0)
    kept = orbits != 0
    # the rows read from the (h, 52) arrays: each hand's from a count a hand, each card's from
    # its flat index (in place), no other array of millions of int64
    hand_of = np.repeat(np.arange(cards.shape[0], dtype=np.int32), kept.sum(axis=1))
    card = np.flatnonzero(kept)
    situation_weights = np.asarray(weights, dtype=np.int64)[hand_of]
    situation_weights *= orbits.ravel()[card]
    np.remainder(card, 52, out=card)
    return ForcedSituations(hand_of=hand_of, cards=card.reshape(-1, 1), weights=situation_weights)
