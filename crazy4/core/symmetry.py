"""Suit-isomorphism classes of five-card hands.

Relabelling the four suits changes no hand's strength, and maps the deck onto itself, so two
player hands related by a suit permutation have the same dealer outcome counts. Each hand is
described by its four *suit masks* (the 13-bit set of ranks it holds in each suit); a suit
permutation only permutes the masks, so two hands are isomorphic exactly when their masks,
sorted, are equal. The sorted masks packed into one integer are the class key.

The 2,598,960 five-card hands fall into 134,459 classes of 4, 12 or 24 hands (the number of
distinct suit relabellings of the hand); querying one representative per class and carrying
its weight is exact and about 19 times less work.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array
from crazy4.core.cards import combinations_array, hands_of_colex

#: Hands keyed at a time.
_BLOCK = 1 << 16

#: Bit ``16 * suit + rank`` of every card: the suit masks of a hand packed in one word.
_CARD_BITS = np.left_shift(
    np.uint64(1), (16 * (np.arange(52) % 4) + np.arange(52) // 4).astype(np.uint64)
)


def suit_class_keys(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """Class key of each hand: its four suit masks sorted descending, packed 13 bits each.

    Parameters
    ----------
    hands : ndarray, shape (n, k)
        Hands of distinct cards.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> a = np.array([parse_cards("As Ks 2d 3d 9h"), parse_cards("Ac Kc 2h 3h 9s")])
    >>> keys = suit_class_keys(a)
    >>> bool(keys[0] == keys[1])
    True
    """
    hands = np.asarray(hands)
    keys = np.empty(hands.shape[0], dtype=np.int64)
    for start in range(0, hands.shape[0], _BLOCK):  # blocks: small temporaries, reused
        keys[start : start + _BLOCK] = _block_keys(hands[start : start + _BLOCK])
    return keys


def _block_keys(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    # the four 13-bit masks side by side in one word, 16 bits a suit (the cards are distinct,
    # so or-ing one bit a card builds every mask at once), read out and sorted
    packed = np.zeros(hands.shape[0], dtype=np.uint64)
    for position in range(hands.shape[1]):
        packed |= _CARD_BITS[hands[:, position].astype(np.intp)]
    columns = [
        ((packed >> np.uint64(16 * suit)) & np.uint64(0x1FFF)).astype(np.int64) for suit in range(4)
    ]
    for first, second in ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2)):  # sorting network, descending
        high = np.maximum(columns[first], columns[second])
        columns[second] = np.minimum(columns[first], columns[second])
        columns[first] = high
    return (columns[0] << 39) | (columns[1] << 26) | (columns[2] << 13) | columns[3]


@dataclass(frozen=True)
class SuitClasses:
    """The suit-isomorphism classes of all five-card hands.

    Attributes
    ----------
    representatives : ndarray of uint8, shape (n_classes, 5)
        One hand a class (the first in colex order), cards sorted ascending.
    weights : ndarray of int64, shape (n_classes,)
        Number of hands in each class; they sum to C(52, 5).
    class_of_hand : ndarray of int32, shape (2598960,)
        The class of every five-card hand, by colex index.
    """

    representatives: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.int64]
    class_of_hand: npt.NDArray[np.int32]


def suit_class_codes(cards: int = 5) -> npt.NDArray[np.int32]:
    """The suit class of every ``cards``-card hand by colex index, classes numbered in order of
    their first hand (for five cards, what :func:`build_suit_classes` caches).

    Examples
    --------
    >>> codes = suit_class_codes()
    >>> int(codes.max()) + 1, codes[:3].tolist()
    (134459, [0, 0, 1])
    >>> int(suit_class_codes(3).max()) + 1
    1755
    """
    # classes numbered by their first hand's colex index: the codes of a factorization in
    # order of first appearance (a hash table, not a sort of 2.6 million keys; the analysis
    # imports pandas anyway)
    import pandas as pd

    codes, _ = pd.factorize(suit_class_keys(combinations_array(52, cards)))
    return np.asarray(codes, dtype=np.int32)


@cache
def build_suit_classes() -> SuitClasses:
    """Classes of the 2,598,960 five-card hands under suit relabelling (cached on disk).

    Classes are numbered in the order of their first hand's colex index, and that first hand
    is the class representative.

    Examples
    --------
    >>> classes = build_suit_classes()
    >>> classes.weights.shape[0], int(classes.weights.sum())
    (134459, 2598960)
    >>> sorted(set(classes.weights.tolist()))
    [4, 12, 24]
    """
    class_of_hand = cached_array(
        "suit_class_of_hand", suit_class_codes, expected_shape=(comb(52, 5),), dtype=np.int32
    )
    # Classes are numbered by first appearance, so the running maximum steps up exactly at
    # each class's first hand.
    running = np.maximum.accumulate(class_of_hand)
    first = np.flatnonzero(np.diff(running, prepend=-1))
    return SuitClasses(
        representatives=hands_of_colex(first, 5),  # not all 2.6 million hands built to pick them
        weights=np.bincount(class_of_hand).astype(np.int64),
        class_of_hand=class_of_hand,
    )
