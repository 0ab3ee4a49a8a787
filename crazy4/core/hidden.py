"""The six outcome cells of the all-hidden deal shape, and their count for given hands.

The player holds five cards; the dealer ``d`` cards (5 or 6), all face down, from the 47
others; both play their best four. For each suit class of player hands the dealer hands split
into six cells, enough to price every rule switch of a game with a qualifier:

=====================  ==============================================================
``nq_player_higher``   dealer does not qualify, player's hand higher
``nq_tie``             dealer does not qualify, same strength as the player's
``nq_dealer_higher``   dealer does not qualify, dealer's hand higher (player below qualifier)
``player_wins``        dealer qualifies, player's hand higher
``tie``                dealer qualifies, same strength
``dealer_wins``        dealer qualifies, dealer's hand higher
=====================  ==============================================================

With ``v`` the player's strength and ``q`` the qualifier (the weakest qualifying strength, 0
when every hand qualifies), each cell is a difference of the counts below five thresholds
``min(v, q)``, ``min(v+1, q)``, ``q``, ``max(v, q)``, ``max(v+1, q)``
(:func:`crazy4.core.engine.count_dealer_below`; :func:`count_cells`).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import colex_indices
from crazy4.core.engine import PLAYER_CARDS, build_subset_tables, count_dealer_below
from crazy4.core.ranking import build_best_four_strengths, number_of_strengths

OUTCOME_CELLS = (
    "nq_player_higher",
    "nq_tie",
    "nq_dealer_higher",
    "player_wins",
    "tie",
    "dealer_wins",
)


@dataclass(frozen=True)
class PlayerOutcomes:
    """Dealer outcome counts per player hand class.

    Attributes
    ----------
    hands : ndarray of uint8, shape (n, 5)
        One representative hand per class.
    weights : ndarray of int64, shape (n,)
        Hands in each class (sum C(52, 5)).
    strengths : ndarray of int64, shape (n,)
        Best-four strength of each class.
    counts : ndarray of int64, shape (n, 6)
        Dealer hands in each cell of :data:`OUTCOME_CELLS`; rows sum to ``dealer_hands``.
    dealer_hands : int
        Dealer hands per player hand, C(47, 5) for a five-card dealer hand.
    qualifier_strength : int
        The qualifier the cells were split at.
    """

    hands: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.int64]
    strengths: npt.NDArray[np.int64]
    counts: npt.NDArray[np.int64]
    dealer_hands: int
    qualifier_strength: int

    def cell(self, name: str) -> npt.NDArray[np.int64]:
        """The counts of one cell (a column of :attr:`counts`)."""
        return self.counts[:, OUTCOME_CELLS.index(name)]


def outcome_thresholds(strengths: npt.NDArray[np.int64], qualifier: int) -> npt.NDArray[np.int64]:
    """The five thresholds whose counts give the six cells, per hand (shape (n, 5)).

    Examples
    --------
    >>> outcome_thresholds(np.array([100, 500]), 322).tolist()
    [[100, 101, 322, 322, 322], [322, 322, 322, 500, 501]]
    """
    pair = np.stack([strengths, strengths + 1], axis=1)
    q = np.full_like(pair[:, :1], qualifier)
    return np.concatenate([np.minimum(pair, q), q, np.maximum(pair, q)], axis=1)


def cells_from_below(below: npt.NDArray[np.int64], dealer_hands: int) -> npt.NDArray[np.int64]:
    """Six outcome cells from the counts below the five thresholds.

    Examples
    --------
    >>> cells_from_below(np.array([[2, 3, 5, 7, 8]]), 10).tolist()
    [[2, 1, 2, 2, 1, 2]]
    """
    total = np.full((below.shape[0], 1), dealer_hands, dtype=np.int64)
    edges = np.concatenate([np.zeros_like(total), below, total], axis=1)
    # edges: 0, <min(v,q), <min(v+1,q), <q, <max(v,q), <max(v+1,q), all
    return np.diff(edges, axis=1)


def hand_strengths(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The best-four strength of five-card hands (any card order).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> hand_strengths(np.array([parse_cards("As Ad Ah Ac Ks")])).tolist()
    [2534]
    """
    table = build_best_four_strengths(PLAYER_CARDS)
    return table[colex_indices(np.sort(np.asarray(hands), axis=1))].astype(np.int64)


def count_cells(
    hands: npt.NDArray[np.integer],
    qualifier_strength: int,
    dealer_cards: int = 5,
    *,
    jobs: int = 1,
    chunks: int = 16,
) -> npt.NDArray[np.int64]:
    """The six outcome cells of each player hand, counted (the subset tables built or loaded).

    Parameters
    ----------
    hands : ndarray, shape (n, 5)
        Player hands (any card order).
    qualifier_strength : int
        Weakest qualifying dealer strength (0: every hand qualifies).
    dealer_cards : int
        The dealer's hand size (5 or 6), all hidden.
    jobs : int
        Threads; the counts are the same for any number.
    chunks : int
        Blocks of hands the work is split into (fixed, so results never depend on ``jobs``).

    Returns
    -------
    ndarray of int64, shape (n, 6)
        Dealer hands in each cell of :data:`OUTCOME_CELLS`; rows sum to ``C(47, dealer_cards)``.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> count_cells(np.array([parse_cards("As Ad Ah Ac Ks")]), 322).tolist()
    [[396480, 0, 0, 1137459, 0, 0]]
    """
    if not 0 <= qualifier_strength <= number_of_strengths():
        raise ValueError(f"qualifier strength {qualifier_strength} is not a strength")
    build_best_four_strengths(dealer_cards)  # the table every other table reads, first
    build_subset_tables(dealer_cards)
    thresholds = outcome_thresholds(hand_strengths(hands), qualifier_strength)
    blocks = np.array_split(np.arange(thresholds.shape[0]), chunks)

    def count(block: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        return count_dealer_below(hands[block], thresholds[block], dealer_size=dealer_cards)

    if jobs == 1:
        parts = [count(block) for block in blocks]
    else:  # threads: the count is numpy gathers (the GIL released), less than starting
        # worker processes; the blocks are fixed, so is the result
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            parts = list(pool.map(count, blocks))
    return cells_from_below(np.concatenate(parts), comb(52 - PLAYER_CARDS, dealer_cards))
