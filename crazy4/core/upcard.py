"""Exact counts for every (player hand, dealer up card) situation: the up-card deal shape.

The deal
--------
The player holds five cards ``P``; the dealer ``d`` cards (:class:`UpCardShape`), one of them
face up (``u``), the other ``d - 1`` hidden among the 46 cards left: C(46, d - 1) completions
per situation (1,370,754 for the six-card hand of Four Card Poker). A *situation* is the pair
``(P, u)``: 2,598,960 x 47 = 122,151,120 of them (:mod:`crazy4.core.upcard_situations`), and
situations x completions deals (167,439,136,344,480 for six dealer cards).

Counting
--------
For a situation the completions below a strength ``t`` are, by the inclusion-exclusion of
:mod:`crazy4.core.engine` with the up card forced into every set (the one forced-card engine,
:func:`crazy4.core.forced.count_forced`, which also counts hole cards),
``Σ_{S ⊆ P} (-1)^{|S|} N_{S ∪ {u}}(t)`` over ``d``-card dealer hands (sets of 1 to ``d``
cards). Each situation is counted below its player's strength ``v`` and ``v + 1`` (dealer lower
/ tie / higher) and below the first strength of every hand category (the dealer's category
distribution, which a joint table and a bet keyed on the dealer's hand need). The counts know
no rules: pricing them is the games' business.

Symmetry
--------
One situation per suit class (:func:`crazy4.core.upcard_situations.build_situations`), carried
with its weight: 5,649,150 classes.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array, is_cached
from crazy4.core.cards import colex_indices
from crazy4.core.engine import PLAYER_CARDS
from crazy4.core.pages import small_pages
from crazy4.core.ranking import HandCategory, build_best_four_strengths, category_thresholds
from crazy4.core.symmetry import build_suit_classes
from crazy4.core.upcard_situations import SITUATION_MODULES, Situations, build_situations

N_CATEGORIES = len(HandCategory)


@dataclass(frozen=True)
class UpCardShape:
    """An up-card deal: five player cards, ``dealer_cards`` for the dealer, one face up.

    Attributes
    ----------
    dealer_cards : int
        The dealer's hand, up card included: 5 or 6 (the sizes the subset tables serve).

    Raises
    ------
    ValueError
        For another dealer hand size.

    Examples
    --------
    >>> shape = UpCardShape(6)
    >>> shape.completions, shape.situations, shape.deals
    (1370754, 122151120, 167439136344480)
    """

    dealer_cards: int

    def __post_init__(self) -> None:
        if self.dealer_cards not in (5, 6):
            raise ValueError(f"an up-card dealer hand has 5 or 6 cards, not {self.dealer_cards}")

    @property
    def completions(self) -> int:
        """Hidden dealer cards per situation: ``C(52 - 5 - 1, dealer_cards - 1)``."""
        return comb(52 - PLAYER_CARDS - 1, self.dealer_cards - 1)

    @property
    def situations(self) -> int:
        """(Player hand, up card) pairs: ``C(52, 5) x 47``."""
        return comb(52, PLAYER_CARDS) * (52 - PLAYER_CARDS)

    @property
    def deals(self) -> int:
        """Every deal: situations x completions."""
        return self.situations * self.completions

    @property
    def counts_table(self) -> str:
        """The cached situation counts' name."""
        return f"up_card_threshold_counts_of_{self.dealer_cards}_v1"


#: Columns of :func:`count_situations`: below the player's strength, below it plus one, and
#: below the first hand of each category from pair up.
COUNT_COLUMNS = (
    "below_player",
    "below_or_tie",
    *(f"below_{category.name.lower()}" for category in list(HandCategory)[1:]),
)


def count_situations(
    hands: npt.NDArray[np.integer],
    hand_of: npt.NDArray[np.integer],
    up_cards: npt.NDArray[np.integer],
    dealer_cards: int,
    *,
    jobs: int = 1,
    compiling: threading.Thread | None = None,
) -> npt.NDArray[np.int32]:
    """Exact counts of hidden dealer completions below the thresholds of every situation.

    Parameters
    ----------
    hands : ndarray, shape (h, 5)
        Player hands.
    hand_of : ndarray, shape (n,)
        The hand (row of ``hands``) of each situation.
    up_cards : ndarray, shape (n,)
        The up card of each situation (not in its hand).
    dealer_cards : int
        The dealer's hand size, the up card included.
    jobs : int
        Threads (the counts do not depend on it).
    compiling : threading.Thread, optional
        The count kernel's compile, joined just before its first call
        (:func:`crazy4.core.forced.count_forced`).

    Returns
    -------
    ndarray of int32, shape (n, 9)
        Columns :data:`COUNT_COLUMNS`: completions whose dealer hand is below the player's
        strength, below or equal to it, and below each category from pair to four of a kind.

    Raises
    ------
    ValueError
        If an up card is in its player hand (the forced-card engine's check).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.core.engine import brute_force_counts
    >>> hand = np.array([parse_cards("As Ad 7c 4h 2s")])
    >>> counts = count_situations(hand, np.array([0]), np.array([parse_cards("Kd")[0]]), 6)
    >>> expected = brute_force_counts(hand[0], situation_thresholds(hand)[0],
    ...                               forced_cards=parse_cards("Kd"), dealer_size=6)
    >>> bool((counts[0] == expected).all())
    True
    """
    from crazy4.core.forced import count_forced
    from crazy4.core.table_kernels import set_threads

    hands64 = np.sort(np.asarray(hands, dtype=np.int64), axis=1)
    up = np.asarray(up_cards, dtype=np.int64)[:, None]
    previous = set_threads(jobs)
    try:  # the one forced-card engine, the up card forced (it checks the cards are apart)
        return count_forced(
            hands64, hand_of, up, situation_thresholds(hands64), dealer_cards, compiling=compiling
        )
    finally:
        set_threads(previous)


def situation_thresholds(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The nine thresholds of :data:`COUNT_COLUMNS` for each player hand, shape (n, 9).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> t = situation_thresholds(np.array([parse_cards("As Ad 7c 4h 2s")]))
    >>> int(t[0, 1] - t[0, 0]), t.shape
    (1, (1, 9))
    """
    strengths = build_best_four_strengths(PLAYER_CARDS)[
        colex_indices(np.sort(np.asarray(hands), axis=1))
    ].astype(np.int64)
    starts = category_thresholds()[1:N_CATEGORIES].astype(np.int64)
    return np.concatenate(
        [strengths[:, None], strengths[:, None] + 1, np.broadcast_to(starts, (len(strengths), 7))],
        axis=1,
    )


@dataclass(frozen=True)
class UpCardOutcomes:
    """Exact counts for every situation class.

    Attributes
    ----------
    hands : ndarray of uint8, shape (134459, 5)
        Player hand class representatives.
    hand_strengths : ndarray of int64, shape (134459,)
    hand_weights : ndarray of int64, shape (134459,)
        Hands in each class (sum C(52, 5)).
    situations : Situations
    strengths : ndarray of int64, shape (n,)
        The player's best-four strength in each situation.
    lower, tie, higher : ndarray of int64, shape (n,)
        Completions where the dealer's best four is below, equal to, above the player's.
    dealer_categories : ndarray of int64, shape (n, 8)
        Completions by the dealer's hand category.
    completions : int
        Hidden completions per situation (each row of the counts sums to it).
    """

    hands: npt.NDArray[np.uint8]
    hand_strengths: npt.NDArray[np.int64]
    hand_weights: npt.NDArray[np.int64]
    situations: Situations
    strengths: npt.NDArray[np.int64]
    lower: npt.NDArray[np.int64]
    tie: npt.NDArray[np.int64]
    higher: npt.NDArray[np.int64]
    dealer_categories: npt.NDArray[np.int64]
    completions: int

    @property
    def weights(self) -> npt.NDArray[np.int64]:
        """Situations in each situation class."""
        return self.situations.weights


#: Modules whose code decides the cached situation counts (beyond the core's table builders).
COUNTING_MODULES = (
    "crazy4.core.upcard",
    "crazy4.core.upcard_kernels",
    *SITUATION_MODULES,
    "crazy4.core.forced",
    "crazy4.core.forced_kernels",
    "crazy4.core.completions",
)


def prepare_counting(shape: UpCardShape) -> threading.Thread | None:
    """If the situation counts are not cached, start compiling the count kernel in a child
    process (:func:`crazy4.core.forced.start_compiling`) and return its thread; else None.

    :func:`compute_upcard_outcomes` does the same; called first, as soon as a command has
    read its rules, the compile starts before the analysis imports its libraries (pandas,
    pyarrow), and the analysis then waits for the same child.
    """
    if is_cached(shape.counts_table, COUNTING_MODULES):
        return None
    from crazy4.core.forced import start_compiling

    return start_compiling()


def compute_upcard_outcomes(shape: UpCardShape, jobs: int = 1) -> UpCardOutcomes:
    """Count every situation class exactly (then cached on disk, 0.2 GB).

    The counts do not depend on the rules, so they are counted once and read from the cache
    (:func:`crazy4.core.cache.cached_array`, keyed on the code that counts them) afterwards.

    Raises
    ------
    AssertionError
        If a count is negative or a row does not sum to the completions (a broken table).
    """
    compiling = prepare_counting(shape)  # the kernel compiles beside the tables
    cells_compiling: list[threading.Thread] = []
    with small_pages():  # read in order by the count (crazy4.core.pages)
        classes = build_suit_classes()
        situations = build_situations()
    strengths = build_best_four_strengths(PLAYER_CARDS)[
        colex_indices(classes.representatives)
    ].astype(np.int64)
    assert int(situations.weights.sum()) == shape.situations
    counts = cached_array(
        shape.counts_table,
        lambda: _count_every_situation(
            classes.representatives, situations, shape, compiling, cells_compiling, jobs
        ),
        expected_shape=(situations.weights.shape[0], len(COUNT_COLUMNS)),
        dtype=np.int32,
        builders=COUNTING_MODULES,
        background=True,  # 0.2 GB written while the pricing runs
    )  # int32, read as mapped: the cells below are int64 (no 0.4 GB int64 copy of the counts)
    for thread in cells_compiling:
        thread.join()
    with small_pages():  # 0.5 GB of cells, written once (crazy4.core.pages)
        return outcomes_from_counts(
            classes.representatives,
            strengths,
            classes.weights,
            situations,
            counts,
            shape.completions,
            jobs=jobs,
        )


def _count_every_situation(
    hands: npt.NDArray[np.uint8],
    situations: Situations,
    shape: UpCardShape,
    compiling: threading.Thread | None,
    cells_compiling: list[threading.Thread],
    jobs: int,
) -> npt.NDArray[np.int32]:
    from crazy4.core.forced import kernel_tables, threshold_columns
    from crazy4.core.precompile import compile_in_child

    values = threshold_columns(situation_thresholds(np.sort(hands, axis=1)))[2]
    kernel_tables(shape.dealer_cards, values)  # the count's tables, also while it compiles
    if compiling is not None:
        # the kernels needed after the count compile in a second child, started now that
        # this process soon waits: on two cores, the count kernel's child never shares one
        cells_compiling.append(compile_in_child("crazy4.core.upcard_kernels:compile_kernels"))
    return count_situations(
        hands,
        situations.hand_class,
        situations.up_card,
        shape.dealer_cards,
        jobs=jobs,
        compiling=compiling,
    )


def outcomes_from_counts(
    hands: npt.NDArray[np.uint8],
    hand_strengths: npt.NDArray[np.int64],
    hand_weights: npt.NDArray[np.int64],
    situations: Situations,
    counts: npt.NDArray[np.integer],
    completions: int,
    *,
    jobs: int = 1,
) -> UpCardOutcomes:
    """Turn the threshold counts of :func:`count_situations` into outcome cells (checked).

    ``counts`` may be int64 (as counted) or int32 (as cached); the cells are int64, filled by
    ``jobs`` threads (the same cells for any number).

    Examples
    --------
    >>> from crazy4.core.cards import parse_card, parse_cards
    >>> hand = np.array([parse_cards("As Ad 7c 4h 2s")])
    >>> counts = count_situations(hand, np.array([0]), np.array([parse_card("Kd")]), 6)
    >>> s = Situations(np.array([0], np.int32), np.array([parse_card("Kd")]), np.array([1]))
    >>> o = outcomes_from_counts(hand.astype(np.uint8), situation_thresholds(hand)[:, 0],
    ...                          np.array([1]), s, counts, UpCardShape(6).completions)
    >>> int(o.lower[0]), int(o.tie[0]), int(o.higher[0]), int(o.dealer_categories.sum())
    (877458, 0, 493296, 1370754)
    """
    from crazy4.core import upcard_kernels
    from crazy4.core.table_kernels import run_in_threads

    cells_of: Any = upcard_kernels.outcome_cells
    cells = np.empty((counts.shape[0], counts.shape[1] + 2), dtype=np.int64)
    run_in_threads(
        lambda start, stop: cells_of(counts[start:stop], completions, cells[start:stop]),
        counts.shape[0],
        chunks_per_thread=1,
        threads=jobs,
    )
    assert int(cells.min(initial=0)) >= 0, "a negative count: broken subset tables"
    return UpCardOutcomes(
        hands=hands,
        hand_strengths=hand_strengths,
        hand_weights=hand_weights,
        situations=situations,
        strengths=hand_strengths[situations.hand_class],
        lower=cells[:, 0],
        tie=cells[:, 1],
        higher=cells[:, 2],
        dealer_categories=cells[:, 3:],
        completions=completions,
    )


__all__ = [
    "COUNTING_MODULES",
    "COUNT_COLUMNS",
    "N_CATEGORIES",
    "UpCardOutcomes",
    "UpCardShape",
    "compute_upcard_outcomes",
    "count_situations",
    "outcomes_from_counts",
    "prepare_counting",
    "situation_thresholds",
]
