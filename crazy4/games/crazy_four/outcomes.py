"""Dealer outcome counts for every player hand class: the integer heart of the analysis.

For each suit class of player hands (:mod:`crazy4.core.symmetry`) the 1,533,939 dealer hands split
into six cells, enough to price every rule switch without counting again:

=====================  ==============================================================
``nq_player_higher``   dealer does not qualify, player's hand higher
``nq_tie``             dealer does not qualify, same strength as the player's
``nq_dealer_higher``   dealer does not qualify, dealer's hand higher (player below qualifier)
``player_wins``        dealer qualifies, player's hand higher
``tie``                dealer qualifies, same strength
``dealer_wins``        dealer qualifies, dealer's hand higher
=====================  ==============================================================

With ``v`` the player's strength and ``q`` the qualifier, each cell is a difference of the
counts below five thresholds ``min(v, q)``, ``min(v+1, q)``, ``q``, ``max(v, q)``,
``max(v+1, q)`` (:func:`crazy4.core.engine.count_dealer_below`); the six cells sum to the number of
dealer hands for every class, which :func:`compute_outcomes` checks.

The counts depend only on the qualifier, so they are counted once per qualifier and read from
the table cache afterwards (:func:`crazy4.core.cache.cached_array`, keyed on the code that counts
them, as Four Card Poker's counts are): a warm run reads 6 MB instead of loading the subset
tables and counting again. The checks run on the counts either way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array
from crazy4.core.cards import colex_indices
from crazy4.core.engine import (
    DEALER_HANDS,
    build_subset_tables,
    count_dealer_below,
    warm_table_cache,
)
from crazy4.core.ranking import build_best_four_strengths, number_of_strengths
from crazy4.core.symmetry import build_suit_classes

OUTCOME_CELLS = (
    "nq_player_higher",
    "nq_tie",
    "nq_dealer_higher",
    "player_wins",
    "tie",
    "dealer_wins",
)

#: The cells as the return table names them.
OUTCOME_LABELS = {
    "nq_player_higher": "dealer does not qualify, player higher",
    "nq_tie": "dealer does not qualify, tie",
    "nq_dealer_higher": "dealer does not qualify, dealer higher",
    "player_wins": "dealer qualifies, player wins",
    "tie": "dealer qualifies, tie",
    "dealer_wins": "dealer qualifies, dealer wins",
}


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
        Dealer hands per player hand, C(47, 5).
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
    q = np.full_like(strengths, qualifier)
    return np.stack(
        [
            np.minimum(strengths, q),
            np.minimum(strengths + 1, q),
            q,
            np.maximum(strengths, q),
            np.maximum(strengths + 1, q),
        ],
        axis=1,
    )


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


def _count_job(hands: npt.NDArray[np.uint8], thresholds: npt.NDArray[np.int64]) -> np.ndarray:
    return count_dealer_below(hands, thresholds)


def _count_cells(
    hands: npt.NDArray[np.uint8],
    strengths: npt.NDArray[np.int64],
    qualifier_strength: int,
    jobs: int,
    chunks: int,
) -> npt.NDArray[np.int64]:
    """The six cells of every class, counted (the subset tables built or loaded first)."""
    warm_table_cache(jobs)
    build_subset_tables()
    thresholds = outcome_thresholds(strengths, qualifier_strength)
    blocks = np.array_split(np.arange(strengths.shape[0]), chunks)
    if jobs == 1:
        parts = [count_dealer_below(hands[b], thresholds[b]) for b in blocks]
    else:  # threads: the count is numpy gathers (the GIL released), a fraction of a second,
        # less than starting worker processes; the blocks are fixed, so is the result
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            parts = list(pool.map(lambda b: _count_job(hands[b], thresholds[b]), blocks))
    return cells_from_below(np.concatenate(parts), DEALER_HANDS)


def compute_outcomes(
    qualifier_strength: int,
    *,
    jobs: int = 1,
    chunks: int = 16,
    progress: Callable[[str], None] | None = None,
) -> PlayerOutcomes:
    """Exact dealer outcome counts for all 134,459 player hand classes.

    Parameters
    ----------
    qualifier_strength : int
        Weakest qualifying dealer strength (0: every hand qualifies).
    jobs : int
        Threads for the counting; the counts are identical for any number.
    chunks : int
        Blocks of classes the work is split into (fixed, so results never depend on ``jobs``).
    progress : callable, optional
        Called with a short message after each step (drives the CLI's progress bar).

    Raises
    ------
    AssertionError
        If any class's cells do not sum to C(47, 5) (a broken table, never expected).
    """
    say = progress or (lambda message: None)
    classes = build_suit_classes()
    strengths = build_best_four_strengths(5)[colex_indices(classes.representatives)].astype(
        np.int64
    )
    assert 0 <= qualifier_strength <= number_of_strengths()
    counts = cached_array(  # copied: the cached table is read-only, the cells were not
        f"crazy4_outcome_counts_q{qualifier_strength}",
        lambda: _count_cells(classes.representatives, strengths, qualifier_strength, jobs, chunks),
        expected_shape=(strengths.shape[0], len(OUTCOME_CELLS)),
        dtype=np.int64,
        builders=("crazy4.games.crazy_four.outcomes",),
    ).copy()
    for message in ("suit classes", "subset tables", "dealer counts"):
        say(message)
    assert (counts >= 0).all() and (counts.sum(axis=1) == DEALER_HANDS).all()
    assert int(classes.weights.sum()) == 2598960
    return PlayerOutcomes(
        hands=classes.representatives,
        weights=classes.weights,
        strengths=strengths,
        counts=counts,
        dealer_hands=DEALER_HANDS,
        qualifier_strength=qualifier_strength,
    )
