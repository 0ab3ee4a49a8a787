"""Side bets on the player's and the dealer's cards together, counted exactly per situation.

A side bet with ``scores = "player_and_dealer"`` (Three Card Poker's 6-Card Bonus) is paid on
the best hand of all ``p + d`` cards of the deal, whatever the player decides. Its lattice keeps
the rows of the other bets (the situation classes): each row counts the dealer's unseen cards
by the pay line the whole set of cards reaches (:func:`joint_counts`).

Examples
--------
>>> from crazy4.core.five_card_ranking import FIVE_CARD
>>> hands = np.array([[48, 49, 50]], dtype=np.uint8)  # three aces
>>> seen = np.zeros((1, 0), dtype=np.uint8)
>>> column = np.zeros(FIVE_CARD.n_strengths, dtype=np.int64)
>>> column[FIVE_CARD.category_starts()[7]:] = 1  # four of a kind or better
>>> joint_counts(hands, seen, FIVE_CARD.strengths(6), 3, column, 2).tolist()  # 1,128 with Ac
[[17296, 1128]]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import colex_indices, combinations_array
from crazy4.core.category_pays import CategoryPays

IntArray = npt.NDArray[np.int64]


def pay_bounds(starts: IntArray, tables: Sequence[CategoryPays]) -> IntArray:
    """Every category's start and every pay line's minimum strength, ascending: between two
    bounds every table pays one amount.

    Examples
    --------
    >>> from crazy4.core.category_pays import PayLine
    >>> from fractions import Fraction
    >>> table = CategoryPays("t", (PayLine("top", 2, "c", 25, Fraction(9)),))
    >>> pay_bounds(np.array([0, 10, 20]), [table]).tolist()
    [0, 10, 20, 25]
    """
    minimums = [line.minimum_strength for table in tables for line in table.lines]
    return np.unique(np.concatenate([starts, np.array(minimums, dtype=np.int64)]))


def joint_counts(
    hands: npt.NDArray[np.uint8],
    seen: npt.NDArray[np.uint8],
    table: npt.NDArray[np.integer],
    dealer_cards: int,
    column: IntArray,
    columns: int,
) -> IntArray:
    """Dealer completions of each situation ``hands`` ``(n, p)``, ``seen`` ``(n, f)`` by the
    column of the strength of all its cards.

    Parameters
    ----------
    table : ndarray, shape (C(52, p + d),)
        The strength of every ``p + d``-card set by colex index (``d``: ``dealer_cards``).
    column : ndarray of int64, shape (n_strengths,)
        The lattice column (of ``columns``) of each strength.

    Returns
    -------
    ndarray of int64, shape (n, columns)
        Each row sums to ``C(52 - p - f, d - f)``, the dealer's unseen cards.
    """
    n, fixed = hands.shape[0], hands.shape[1] + seen.shape[1]
    known = np.concatenate([hands, seen], axis=1).astype(np.int64)
    picks = combinations_array(52 - fixed, dealer_cards - seen.shape[1]).astype(np.int64)
    out = np.zeros((n, columns), dtype=np.int64)
    deck = np.arange(52)
    for row in range(n):
        rest = np.setdiff1d(deck, known[row], assume_unique=True)
        cards = np.concatenate(
            [np.broadcast_to(known[row], (picks.shape[0], fixed)), rest[picks]], axis=1
        )
        cards.sort(axis=1)
        strengths = table[colex_indices(cards)].astype(np.intp)
        out[row] = np.bincount(column[strengths], minlength=columns)
    return out
