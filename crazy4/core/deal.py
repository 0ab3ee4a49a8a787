"""Dealing many rounds at once: disjoint hands from a fresh 52-card deck, without shuffling.

Each hand is drawn as a uniformly random *colex index* (:mod:`crazy4.core.cards`) among the
``C(r, k)`` hands of the ``r`` cards still in the deck: the index picks the *relative* hand, row
``i`` of ``combinations_array(52, k)``, and each relative card ``c`` becomes the ``c``-th card
(from 0) not yet dealt::

    card = c + #{ j : e_j - j <= c }          e_0 < e_1 < ... the cards already dealt

The map is increasing, so the hand stays sorted, and the hands are distributed exactly as the
first hands off a shuffled deck. The first hand of a round is its own colex index. The random
stream is consumed in a fixed order (hand 0 of every round of the batch, then hand 1, ...), so
a generator state and a batch size determine the cards exactly. A hand of more than five cards
is drawn in parts and joined (:func:`deal_parts`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import BINOMIAL, DECK_SIZE, colex_indices, combinations_array

_BITS = 6  # a card fits 6 bits; a packed hand of up to 5 cards fits 30 bits


@cache
def packed_combinations(k: int) -> npt.NDArray[np.uint32]:
    """Row ``i`` of ``combinations_array(52, k)`` packed 6 bits a card (card ``j`` at ``6j``).

    Examples
    --------
    >>> hand = int(packed_combinations(5)[0])
    >>> [(hand >> (6 * j)) & 63 for j in range(5)]
    [0, 1, 2, 3, 4]
    """
    if not 1 <= k <= 5:
        raise ValueError("hands are drawn 1 to 5 cards at a time")
    rows = combinations_array(DECK_SIZE, k)
    packed = np.zeros(rows.shape[0], dtype=np.uint32)
    for position in range(k):
        packed |= rows[:, position].astype(np.uint32) << np.uint32(_BITS * position)
    packed.flags.writeable = False
    return packed


@cache
def _binomial_column(k: int) -> npt.NDArray[np.int32]:
    return np.ascontiguousarray(BINOMIAL[:, k], dtype=np.int32)


@dataclass(frozen=True)
class DealtHands:
    """Hands dealt to a batch of rounds.

    Attributes
    ----------
    cards : list of ndarray of uint8, each shape (k, n)
        One array per hand in dealing order; row ``j`` is the ``j``-th lowest card of every
        round's hand (card-major, so each row is contiguous).
    colex : list of ndarray of int32, shape (n,)
        Colex index of each hand (:func:`crazy4.core.cards.colex_index`).
    """

    cards: list[npt.NDArray[np.uint8]]
    colex: list[npt.NDArray[np.int32]]


def deal_hands(rng: np.random.Generator, rounds: int, sizes: tuple[int, ...]) -> DealtHands:
    """Deal disjoint sorted hands of the given sizes (1 to 5 cards) to ``rounds`` rounds.

    Parameters
    ----------
    rng : numpy.random.Generator
    rounds : int
    sizes : tuple of int
        Hand sizes in dealing order, at most 52 cards in all.

    Examples
    --------
    >>> dealt = deal_hands(np.random.default_rng(1), 1000, (5, 5, 5))
    >>> cards = np.concatenate(dealt.cards)            # 15 cards a round
    >>> bool((np.sort(cards, axis=0)[1:] != np.sort(cards, axis=0)[:-1]).all())
    True
    >>> from crazy4.core.cards import colex_indices
    >>> bool((colex_indices(dealt.cards[1].T) == dealt.colex[1]).all())
    True
    """
    if sum(sizes) > DECK_SIZE:
        raise ValueError("more cards than a deck")
    dealt_cards: list[npt.NDArray[np.uint8]] = []
    colex: list[npt.NDArray[np.int32]] = []
    dealt: list[npt.NDArray[np.int8]] = []  # every card dealt so far, one row a card
    below: list[npt.NDArray[np.int8]] = []  # for each: how many undealt cards are below it
    remaining = DECK_SIZE
    for number, size in enumerate(sizes):
        index = rng.integers(0, comb(remaining, size), size=rounds, dtype=np.int32)
        packed = packed_combinations(size)[index]
        rows = np.empty((size, rounds), dtype=np.int8)
        if not dealt:
            for position in range(size):
                rows[position] = (packed >> np.uint32(_BITS * position)) & np.uint32(63)
            hand_colex = index
        else:
            hand_colex = np.zeros(rounds, dtype=np.int32)
            for position in range(size):
                relative = ((packed >> np.uint32(_BITS * position)) & np.uint32(63)).astype(np.int8)
                card = relative.copy()
                for threshold in below:  # dealt cards below the answer: below <= relative
                    card += threshold <= relative
                rows[position] = card
                hand_colex += _binomial_column(position + 1)[card]
        dealt_cards.append(rows.view(np.uint8))
        colex.append(hand_colex)
        remaining -= size
        if number + 1 < len(sizes):
            # undealt cards below each card, now that this hand is out of the deck too
            for old, count in zip(dealt, below, strict=True):
                for new in rows:
                    count -= new < old
            counts = []
            for position, new in enumerate(rows):  # the hand is sorted: position cards below
                count = new - np.int8(position)
                for old in dealt:
                    count -= old < new
                counts.append(count)
            below += counts
            dealt += list(rows)
    return DealtHands(cards=dealt_cards, colex=colex)


def deal_parts(
    rng: np.random.Generator, rounds: int, sizes: tuple[int, ...]
) -> tuple[list[npt.NDArray[np.uint8]], list[npt.NDArray[np.int64]]]:
    """Disjoint sorted hands of any sizes (:func:`crazy4.core.deal.deal_hands` draws at most
    five cards at a time: a larger hand is drawn in parts and joined), card-major, with each
    hand's colex index. Hands of at most five cards are drawn exactly as ``deal_hands`` draws
    them.

    Examples
    --------
    >>> hands, colex = deal_parts(np.random.default_rng(1), 4, (5, 6))
    >>> [hand.shape for hand in hands], bool((np.diff(hands[1], axis=0) > 0).all())
    ([(5, 4), (6, 4)], True)
    """
    parts = [min(5, size - start) for size in sizes for start in range(0, size, 5)]
    dealt = deal_hands(rng, rounds, tuple(parts))
    if len(parts) == len(sizes):
        return list(dealt.cards), [np.asarray(c, dtype=np.int64) for c in dealt.colex]
    hands, colex, next_part = [], [], 0
    for size in sizes:
        count = -(-size // 5)
        joined = np.sort(np.concatenate(dealt.cards[next_part : next_part + count]), axis=0)
        hands.append(joined)
        colex.append(colex_indices(joined.T).astype(np.int64))
        next_part += count
    return hands, colex
