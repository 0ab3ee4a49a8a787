"""Exact outcome counts for every player hand class: the all-hidden deal shape.

The deal
--------
The player holds five cards ``P``; the dealer ``d`` cards (:class:`HiddenShape`), all face
down, drawn from the 47 others: C(47, d) dealer hands per player hand (1,533,939 for five).
Both hands play their best four cards. For each suit class of player hands
(:mod:`crazy4.core.symmetry`) the dealer hands split into six cells, enough to price every rule
switch of a game with a qualifier without counting again:

=====================  ==============================================================
``nq_player_higher``   dealer does not qualify, player's hand higher
``nq_tie``             dealer does not qualify, same strength as the player's
``nq_dealer_higher``   dealer does not qualify, dealer's hand higher (player below qualifier)
``player_wins``        dealer qualifies, player's hand higher
``tie``                dealer qualifies, same strength
``dealer_wins``        dealer qualifies, dealer's hand higher
=====================  ==============================================================

Counting
--------
With ``v`` the player's strength and ``q`` the qualifier (an argument: the weakest qualifying
strength, 0 when every hand qualifies), each cell is a difference of the counts below five
thresholds ``min(v, q)``, ``min(v+1, q)``, ``q``, ``max(v, q)``, ``max(v+1, q)``, which the
inclusion-exclusion engine counts (:func:`crazy4.core.engine.count_dealer_below`, no card
forced); the six cells sum to the dealer hands for every class, which
:func:`compute_outcomes` checks. The counts know no rules beyond the qualifier: pricing them is
the games' business.

The counts depend only on the shape and the qualifier, so they are counted once and read from
the table cache afterwards (:func:`crazy4.core.cache.cached_array`, keyed on the code that
counts them, under the name the game gives its shape).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array
from crazy4.core.cards import colex_indices
from crazy4.core.engine import PLAYER_CARDS, build_subset_tables, count_dealer_below
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

#: The modules whose code decides the cached counts (beyond the core's table builders).
COUNTING_MODULES = ("crazy4.core.hidden",)


@dataclass(frozen=True)
class HiddenShape:
    """An all-hidden deal: five player cards, ``dealer_cards`` for the dealer, none face up.

    Attributes
    ----------
    dealer_cards : int
        The dealer's hand: 5 or 6 (the sizes the subset tables serve).
    counts_name : str
        The cached counts' name, the qualifier appended (:meth:`counts_table`).

    Raises
    ------
    ValueError
        For another dealer hand size.

    Examples
    --------
    >>> shape = HiddenShape(5, "outcome_counts")
    >>> shape.dealer_hands, shape.deals, shape.counts_table(322)
    (1533939, 3986646103440, 'outcome_counts_q322')
    """

    dealer_cards: int
    counts_name: str

    def __post_init__(self) -> None:
        if self.dealer_cards not in (5, 6):
            raise ValueError(f"a hidden dealer hand has 5 or 6 cards, not {self.dealer_cards}")

    @property
    def dealer_hands(self) -> int:
        """Dealer hands per player hand: ``C(52 - 5, dealer_cards)``."""
        return comb(52 - PLAYER_CARDS, self.dealer_cards)

    @property
    def deals(self) -> int:
        """Every deal: ``C(52, 5)`` player hands x :attr:`dealer_hands`."""
        return comb(52, PLAYER_CARDS) * self.dealer_hands

    def counts_table(self, qualifier_strength: int) -> str:
        """The cached counts' name for one qualifier."""
        return f"{self.counts_name}_q{qualifier_strength}"


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


def compute_outcomes(
    shape: HiddenShape,
    qualifier_strength: int,
    *,
    jobs: int = 1,
    chunks: int = 16,
    progress: Callable[[str], None] | None = None,
) -> PlayerOutcomes:
    """Exact dealer outcome counts for all 134,459 player hand classes.

    Parameters
    ----------
    shape : HiddenShape
    qualifier_strength : int
        Weakest qualifying dealer strength (0: every hand qualifies).
    jobs, chunks : int
        As in :func:`count_cells`.
    progress : callable, optional
        Called with a short message after each step (drives the CLI's progress bar).

    Raises
    ------
    AssertionError
        If any class's cells do not sum to the dealer hands (a broken table, never expected).
    """
    say = progress or (lambda message: None)
    outcomes = _outcomes(
        shape,
        qualifier_strength,
        lambda hands: count_cells(
            hands, qualifier_strength, shape.dealer_cards, jobs=jobs, chunks=chunks
        ),
    )
    for message in ("suit classes", "subset tables", "dealer counts"):
        say(message)
    counts = outcomes.counts.copy()  # the cached table is read-only, the cells were not
    assert (counts >= 0).all() and (counts.sum(axis=1) == shape.dealer_hands).all()
    assert int(outcomes.weights.sum()) == comb(52, PLAYER_CARDS)
    return PlayerOutcomes(
        hands=outcomes.hands,
        weights=outcomes.weights,
        strengths=outcomes.strengths,
        counts=counts,
        dealer_hands=outcomes.dealer_hands,
        qualifier_strength=qualifier_strength,
    )


@cache
def load_outcomes(shape: HiddenShape, qualifier_strength: int) -> PlayerOutcomes:
    """:func:`compute_outcomes` once a process, the counts read-only as cached on disk.

    Examples
    --------
    >>> outcomes = load_outcomes(HiddenShape(5, "crazy4_outcome_counts"), 322)
    >>> int((outcomes.weights * outcomes.counts.sum(axis=1)).sum()) == comb(52, 5) * comb(47, 5)
    True
    """
    return _outcomes(
        shape,
        qualifier_strength,
        lambda hands: count_cells(hands, qualifier_strength, shape.dealer_cards),
    )


def _outcomes(
    shape: HiddenShape,
    qualifier_strength: int,
    count: Callable[[npt.NDArray[np.uint8]], npt.NDArray[np.int64]],
) -> PlayerOutcomes:
    """The classes with their cells, cached under the shape's name (``count`` on a miss)."""
    if not 0 <= qualifier_strength <= number_of_strengths():
        raise ValueError(f"qualifier strength {qualifier_strength} is not a strength")
    classes = build_suit_classes()
    counts = cached_array(
        shape.counts_table(qualifier_strength),
        lambda: count(classes.representatives),
        expected_shape=(classes.weights.shape[0], len(OUTCOME_CELLS)),
        dtype=np.int64,
        builders=COUNTING_MODULES,
    )
    return PlayerOutcomes(
        hands=classes.representatives,
        weights=classes.weights,
        strengths=hand_strengths(classes.representatives),
        counts=counts,
        dealer_hands=shape.dealer_hands,
        qualifier_strength=qualifier_strength,
    )


__all__ = [
    "COUNTING_MODULES",
    "OUTCOME_CELLS",
    "HiddenShape",
    "PlayerOutcomes",
    "cells_from_below",
    "compute_outcomes",
    "count_cells",
    "hand_strengths",
    "load_outcomes",
    "outcome_thresholds",
]
