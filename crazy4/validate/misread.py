"""Hands ranked as an engine that misreads the ranking would, for any poker ranking and hand
size: the low straight not counted (:func:`low_straight_strengths`) and a pair compared by its
high card (:func:`pair_high_card_keys`)."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import colex_indices

IntArray = npt.NDArray[np.int64]
_RADIX = 13
_ACE = 12


def low_straight_name(size: int) -> str:
    """The lowest straight of ``size`` cards, ace low.

    Examples
    --------
    >>> low_straight_name(3), low_straight_name(4)
    ('A-2-3', 'A-2-3-4')
    """
    return "-".join(["A", *(str(rank) for rank in range(2, size + 1))])


def _subsets(cards: npt.NDArray[np.integer], size: int) -> list[npt.NDArray[np.int64]]:
    """Every ``size``-card subset of each row, cards ascending (one array per subset)."""
    hands = np.sort(np.asarray(cards, dtype=np.int64), axis=1)
    return [hands[:, list(chosen)] for chosen in combinations(range(hands.shape[1]), size)]


def low_straight_strengths(
    cards: npt.NDArray[np.integer],
    table: npt.NDArray[np.integer],
    size: int,
    straights: npt.NDArray[np.bool_],
) -> IntArray:
    """The doubled strengths of hands (``cards``, a hand a row) when the low straight is no
    straight (``table`` the strength of every ``size``-card hand by colex index, ``straights``
    which strengths are straights): ``2 s`` for a hand of strength ``s``, ``2 s - 1`` for an
    ace-high low straight, which ranks just below the hand with its top card raised one rank;
    ``(d + 1) // 2`` is a strength of the same category and pay line.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.games.three_card.ranking import ThreeCardRanking
    >>> ranking = ThreeCardRanking()
    >>> table = ranking.strengths(3)
    >>> starts = ranking.category_starts()
    >>> category = np.searchsorted(starts, np.arange(ranking.n_strengths), side="right") - 1
    >>> straights = np.isin(category, [3, 5])
    >>> hands = np.array([parse_cards(h) for h in ("As 2d 3h", "Ks Qd Jh", "As 2s 3s")])
    >>> doubled = low_straight_strengths(hands, table, 3, straights)
    >>> [int(d) % 2 for d in doubled], [ranking.describe((int(d) + 1) // 2) for d in doubled]
    ([1, 0, 1], ['A-4-2', 'straight to K', 'flush A-4-2'])
    """
    best = np.full(np.asarray(cards).shape[0], -1, dtype=np.int64)
    low = np.array([*range(size - 1), _ACE])  # the low straight's ranks, ascending
    for subset in _subsets(cards, size):
        strength = np.asarray(table, dtype=np.int64)[colex_indices(subset)]
        ranks = np.sort(subset // 4, axis=1)
        wheel = (ranks == low).all(axis=1) & np.asarray(straights)[strength]
        doubled = 2 * strength
        if wheel.any():
            raised = subset[wheel].copy()  # the top card of the straight (rank size-2) raised
            top = raised // 4 == size - 2
            raised[top] += 4
            raised = np.sort(raised, axis=1)
            above = np.asarray(table, dtype=np.int64)[colex_indices(raised)]
            doubled[wheel] = 2 * above - 1
        best = np.maximum(best, doubled)
    return best


def pair_high_card_keys(
    cards: npt.NDArray[np.integer],
    table: npt.NDArray[np.integer],
    size: int,
    pairs: npt.NDArray[np.bool_],
) -> IntArray:
    """The key of each hand's best ``size`` cards when they are a pair (``pairs``: which
    strengths are): their ranks high to low as base-13 digits; else -1.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.games.three_card.ranking import ThreeCardRanking
    >>> ranking = ThreeCardRanking()
    >>> pairs = np.zeros(ranking.n_strengths, bool)
    >>> pairs[ranking.category_starts()[1] : ranking.category_starts()[2]] = True
    >>> hands = np.array([parse_cards(h) for h in ("5s 5d Kh", "9s 9d 2h", "As Kd 2h")])
    >>> keys = pair_high_card_keys(hands, ranking.strengths(3), 3, pairs)
    >>> bool(keys[0] > keys[1]), int(keys[2])
    (True, -1)
    """
    best = np.full(np.asarray(cards).shape[0], -1, dtype=np.int64)
    key = np.full_like(best, -1)
    for subset in _subsets(cards, size):
        strength = np.asarray(table, dtype=np.int64)[colex_indices(subset)]
        ranks = np.sort(subset // 4, axis=1)[:, ::-1]
        digits = np.zeros_like(best)
        for column in range(size):
            digits = digits * _RADIX + ranks[:, column]
        better = strength > best
        key = np.where(better, np.where(np.asarray(pairs)[strength], digits, -1), key)
        best = np.maximum(best, strength)
    return key


def compare_pairs_by_high_card(
    comparison: IntArray, player_key: IntArray, dealer_key: IntArray
) -> IntArray:
    """``comparison`` (0 player higher, 1 tie, 2 dealer higher) with every pair against a pair
    compared by the keys of :func:`pair_high_card_keys` instead.

    Examples
    --------
    >>> compare_pairs_by_high_card(np.array([2, 0, 2]), np.array([9, 5, -1]),
    ...                            np.array([7, 5, 3])).tolist()
    [0, 1, 2]
    """
    both = (player_key >= 0) & (dealer_key >= 0)
    by_key = (player_key == dealer_key).astype(np.int64) + 2 * (player_key < dealer_key)
    return np.where(both, by_key, comparison)
