"""Exact Four Card Poker counts: every (player hand, dealer up card) situation.

The deal
--------
The player holds five cards ``P``; the dealer six, one of them face up (``u``), the other five
hidden among the 46 cards left: C(46, 5) = 1,370,754 completions per situation. A *situation*
is the pair ``(P, u)``: 2,598,960 x 47 = 122,151,120 of them, and all C(52, 5) x 47 x C(46, 5)
= 167,439,136,344,480 deals (total deals = situations x completions).

Counting
--------
For a situation the completions below a strength ``t`` are, by the inclusion-exclusion of
:mod:`crazy4.core.engine` with the up card forced into every set (the one forced-card engine,
:func:`crazy4.core.forced.count_forced`, which also counts hole cards),
``Σ_{S ⊆ P} (-1)^{|S|} N_{S ∪ {u}}(t)`` over six-card dealer hands (sets of 1 to 6 cards).
Each situation is counted below its player's strength ``v`` and ``v + 1`` (dealer lower / tie
/ higher) and below the first strength of every hand category (the dealer's category
distribution, which the joint table and a Bad Beat keyed on the dealer's hand need).

Symmetry
--------
Relabelling suits maps situations to situations with the same counts. The player hands fall
into the 134,459 classes of :mod:`crazy4.core.symmetry`; for a class representative ``R``, the
relabellings that fix ``R`` are exactly those permuting suits with equal rank masks, so two
up cards are equivalent when they have the same rank and suits of equal masks in ``R``. One
up card per orbit (the lowest such suit), weighted by the class size times the orbit size,
covers every situation exactly once: 5,649,150 situations of weight 1 to 72, against
122,151,120 (the weights sum to it; the tests check the orbits against all 24 relabellings).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array, is_cached
from crazy4.core.cards import colex_indices
from crazy4.core.engine import brute_force_counts
from crazy4.core.pages import small_pages
from crazy4.core.ranking import HandCategory, build_best_four_strengths, category_thresholds
from crazy4.core.symmetry import build_suit_classes

PLAYER_CARDS = 5
DEALER_CARDS = 6
HIDDEN_COMPLETIONS = comb(52 - PLAYER_CARDS - 1, DEALER_CARDS - 1)
SITUATIONS = comb(52, PLAYER_CARDS) * (52 - PLAYER_CARDS)
TOTAL_DEALS = SITUATIONS * HIDDEN_COMPLETIONS
N_CATEGORIES = len(HandCategory)


@dataclass(frozen=True)
class Situations:
    """The suit classes of (player hand, up card) situations.

    Attributes
    ----------
    hand_class : ndarray of int32, shape (n,)
        Class of the player hand (index into :func:`crazy4.core.symmetry.build_suit_classes`).
    up_card : ndarray of int64, shape (n,)
        The dealer's up card.
    weights : ndarray of int64, shape (n,)
        Situations in the class; they sum to 122,151,120.
    """

    hand_class: npt.NDArray[np.int32]
    up_card: npt.NDArray[np.int64]
    weights: npt.NDArray[np.int64]


def suit_masks(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The 13-bit rank mask of each suit in each hand, shape (n, 4).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> suit_masks(np.array([parse_cards("2c 3c Ad")])).tolist()
    [[3, 4096, 0, 0]]
    """
    cards = np.asarray(hands, dtype=np.int64)
    masks = np.zeros((cards.shape[0], 4), dtype=np.int64)
    for column in range(cards.shape[1]):
        for suit in range(4):
            masks[:, suit] |= np.where(
                cards[:, column] % 4 == suit, 1 << (cards[:, column] // 4), 0
            )
    return masks


def situations_of(hands: npt.NDArray[np.integer], weights: npt.NDArray[np.int64]) -> Situations:
    """One situation per orbit of up cards under the relabellings fixing each hand.

    Parameters
    ----------
    hands : ndarray, shape (n, 5)
        Class representatives.
    weights : ndarray of int64, shape (n,)
        Hands in each class.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> flush = np.array([parse_cards("2c 5c 8c Jc Kc")])
    >>> s = situations_of(flush, np.array([4]))
    >>> len(s.weights), int(s.weights.sum()) == 4 * 47   # 13 ranks x {clubs, other suit}
    (21, True)
    """
    return situations_from_orbits(up_card_orbits(hands), weights)


def up_card_orbits(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.uint8]:
    """Per hand and up card: the size of the up card's orbit under the relabellings fixing the
    hand when the up card is the least of its orbit and not in the hand, else 0; shape (n, 52).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> orbits = up_card_orbits(np.array([parse_cards("2c 5c 8c Jc Kc")]))
    >>> int((orbits > 0).sum()), int(orbits.sum())   # 13 ranks x {clubs, another suit}
    (21, 47)
    """
    masks = suit_masks(hands)
    deck = np.arange(52)
    suit, rank = deck % 4, deck // 4
    up_mask = masks[:, suit]  # (n, 52): mask of the up card's suit
    held = (up_mask >> rank) & 1
    same = masks[:, :, None] == up_mask[:, None, :]  # (n, 4, 52): suits with the same mask
    orbit = same.sum(axis=1)
    lowest = np.argmax(same, axis=1)
    keep = (held == 0) & (lowest == suit)
    return np.where(keep, orbit, 0).astype(np.uint8)


def situations_from_orbits(
    orbits: npt.NDArray[np.uint8], weights: npt.NDArray[np.int64]
) -> Situations:
    """The situations of :func:`up_card_orbits` (hand by hand, up cards ascending), each
    weighted by its hand class's weight times its orbit.

    Examples
    --------
    >>> s = situations_from_orbits(np.array([[0, 2, 0, 1]], dtype=np.uint8), np.array([12]))
    >>> s.up_card.tolist(), s.weights.tolist()
    ([1, 3], [24, 12])
    """
    hand_class, up_card = np.nonzero(orbits)
    return Situations(
        hand_class=hand_class.astype(np.int32),
        up_card=up_card.astype(np.int64),
        weights=np.asarray(weights, dtype=np.int64)[hand_class]
        * orbits[hand_class, up_card].astype(np.int64),
    )


@cache
def build_situations() -> Situations:
    """The 5,649,150 situation classes of all player hands (see the module docstring); the
    orbits are cached on disk (7 MB, read rather than computed again).

    Examples
    --------
    >>> s = build_situations()
    >>> len(s.weights), int(s.weights.sum())
    (5649150, 122151120)
    """
    classes = build_suit_classes()
    orbits = cached_array(
        "fourcard_up_card_orbits",
        lambda: up_card_orbits(classes.representatives),
        expected_shape=(classes.representatives.shape[0], 52),
        dtype=np.uint8,
        builders=("crazy4.games.four_card.engine",),
    )
    return situations_from_orbits(orbits, classes.weights)


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
    jobs : int
        Threads (the counts do not depend on it).
    compiling : threading.Thread, optional
        The count kernel's compile, joined just before its first call
        (:func:`crazy4.core.forced.count_forced`).

    Returns
    -------
    ndarray of int32, shape (n, 9)
        Columns :data:`COUNT_COLUMNS`: completions (of 1,370,754) whose six-card dealer hand
        is below the player's strength, below or equal to it, and below each category from
        pair to four of a kind.

    Raises
    ------
    ValueError
        If an up card is in its player hand (the forced-card engine's check).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> hand = np.array([parse_cards("As Ad 7c 4h 2s")])
    >>> counts = count_situations(hand, np.array([0]), np.array([parse_cards("Kd")[0]]))
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
            hands64, hand_of, up, situation_thresholds(hands64), DEALER_CARDS, compiling=compiling
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
class FourCardOutcomes:
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
        1,370,754 per situation (each row of the counts sums to it).
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
    completions: int = HIDDEN_COMPLETIONS

    @property
    def weights(self) -> npt.NDArray[np.int64]:
        """Situations in each situation class."""
        return self.situations.weights


#: The cached situation counts' name.
COUNTS_TABLE = "fourcard_threshold_counts_v1"

#: Modules whose code decides the cached situation counts (beyond the core's table builders).
COUNTING_MODULES = (
    "crazy4.games.four_card.engine",
    "crazy4.games.four_card.kernels",
    "crazy4.core.forced",
    "crazy4.core.forced_kernels",
    "crazy4.core.completions",
)


def prepare_counting() -> threading.Thread | None:
    """If the situation counts are not cached, start compiling the count kernel in a child
    process (:func:`crazy4.core.forced.start_compiling`) and return its thread; else None.

    :func:`compute_four_card_outcomes` does the same; called first, as soon as a command has
    read its rules, the compile starts before the analysis imports its libraries (pandas,
    pyarrow), and the analysis then waits for the same child.
    """
    if is_cached(COUNTS_TABLE, COUNTING_MODULES):
        return None
    from crazy4.core.forced import start_compiling

    return start_compiling()


def compute_four_card_outcomes(jobs: int = 1) -> FourCardOutcomes:
    """Count every situation class exactly (then cached on disk, 0.2 GB).

    The counts do not depend on the rules, so they are counted once and read from the cache
    (:func:`crazy4.core.cache.cached_array`, keyed on the code that counts them) afterwards.

    Raises
    ------
    AssertionError
        If a count is negative or a row does not sum to C(46, 5) (a broken table).
    """
    compiling = prepare_counting()  # the kernel compiles beside the tables
    cells_compiling: list[threading.Thread] = []
    with small_pages():  # read in order by the count (crazy4.core.pages)
        classes = build_suit_classes()
        situations = build_situations()
    strengths = build_best_four_strengths(PLAYER_CARDS)[
        colex_indices(classes.representatives)
    ].astype(np.int64)
    assert int(situations.weights.sum()) == SITUATIONS
    counts = cached_array(
        COUNTS_TABLE,
        lambda: _count_every_situation(
            classes.representatives, situations, jobs, compiling, cells_compiling
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
            classes.representatives, strengths, classes.weights, situations, counts, jobs=jobs
        )


def _count_every_situation(
    hands: npt.NDArray[np.uint8],
    situations: Situations,
    jobs: int,
    compiling: threading.Thread | None,
    cells_compiling: list[threading.Thread],
) -> npt.NDArray[np.int32]:
    from crazy4.core.forced import kernel_tables, threshold_columns
    from crazy4.core.precompile import compile_in_child

    values = threshold_columns(situation_thresholds(np.sort(hands, axis=1)))[2]
    kernel_tables(DEALER_CARDS, values)  # the count's tables, also while the kernel compiles
    if compiling is not None:
        # the kernels needed after the count compile in a second child, started now that
        # this process soon waits: on two cores, the count kernel's child never shares one
        cells_compiling.append(compile_in_child("crazy4.games.four_card.kernels:compile_kernels"))
    return count_situations(
        hands, situations.hand_class, situations.up_card, jobs=jobs, compiling=compiling
    )


def outcomes_from_counts(
    hands: npt.NDArray[np.uint8],
    hand_strengths: npt.NDArray[np.int64],
    hand_weights: npt.NDArray[np.int64],
    situations: Situations,
    counts: npt.NDArray[np.integer],
    *,
    jobs: int = 1,
) -> FourCardOutcomes:
    """Turn the threshold counts of :func:`count_situations` into outcome cells (checked).

    ``counts`` may be int64 (as counted) or int32 (as cached); the cells are int64, filled by
    ``jobs`` threads (the same cells for any number).

    Examples
    --------
    >>> from crazy4.core.cards import parse_card, parse_cards
    >>> hand = np.array([parse_cards("As Ad 7c 4h 2s")])
    >>> counts = count_situations(hand, np.array([0]), np.array([parse_card("Kd")]))
    >>> s = Situations(np.array([0], np.int32), np.array([parse_card("Kd")]), np.array([1]))
    >>> o = outcomes_from_counts(hand.astype(np.uint8), situation_thresholds(hand)[:, 0],
    ...                          np.array([1]), s, counts)
    >>> int(o.lower[0]), int(o.tie[0]), int(o.higher[0]), int(o.dealer_categories.sum())
    (877458, 0, 493296, 1370754)
    """
    from crazy4.core.table_kernels import run_in_threads
    from crazy4.games.four_card import kernels as fourcard_kernels

    cells_of: Any = fourcard_kernels.outcome_cells
    cells = np.empty((counts.shape[0], counts.shape[1] + 2), dtype=np.int64)
    run_in_threads(
        lambda start, stop: cells_of(counts[start:stop], HIDDEN_COMPLETIONS, cells[start:stop]),
        counts.shape[0],
        chunks_per_thread=1,
        threads=jobs,
    )
    assert int(cells.min(initial=0)) >= 0, "a negative count: broken subset tables"
    strengths = hand_strengths[situations.hand_class]
    lower, tie, higher = cells[:, 0], cells[:, 1], cells[:, 2]
    dealer_categories = cells[:, 3:]
    return FourCardOutcomes(
        hands=hands,
        hand_strengths=hand_strengths,
        hand_weights=hand_weights,
        situations=situations,
        strengths=strengths,
        lower=lower,
        tie=tie,
        higher=higher,
        dealer_categories=dealer_categories,
    )


__all__ = [
    "COUNT_COLUMNS",
    "HIDDEN_COMPLETIONS",
    "TOTAL_DEALS",
    "FourCardOutcomes",
    "Situations",
    "brute_force_counts",
    "build_situations",
    "compute_four_card_outcomes",
    "count_situations",
    "situation_thresholds",
]
