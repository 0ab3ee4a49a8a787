"""Dealer counts with *forced* cards: the one engine for up cards, hole cards and both games.

The question
------------
The player holds ``P`` (five cards) and knows that the dealer's hand of ``d`` cards contains the
set ``F`` (an up card, a flashed or hole-carded card, or several). How many dealer hands
``D ⊇ F``, ``D ∩ P = ∅``, have best-four strength below ``t``? By inclusion-exclusion over the
player's cards (:mod:`crazy4.core.engine`)::

    #{D ⊇ F : D ∩ P = ∅, v(D) < t} = Σ_{S ⊆ P} (-1)^{|S|} N_{S ∪ F}(t)

where ``N_T(t)`` counts the ``d``-card hands of the whole deck containing ``T`` below ``t``: the
subset tables of :func:`crazy4.core.engine.build_subset_tables` for ``|T| < d``, the hand ``T``
itself for ``|T| = d``, nothing for ``|T| > d``. The same tables serve every ``|F|``: a forced
card only moves the set looked up. Each situation has ``C(52 - 5 - |F|, d - |F|)`` dealer hands
(163,185 for Crazy 4 Poker with one seen card, 14,190 with two; 148,995 for Four Card Poker's up
card plus one hole card).

Symmetry
--------
A situation is ``(P, F)``. Relabelling suits maps situations to situations with the same counts.
The player hands fall into the 134,459 suit classes of :mod:`crazy4.core.symmetry`; for a class
representative ``R`` the relabellings fixing ``R`` (its *stabilizer*: the permutations of suits
holding equal rank masks in ``R``) act on the sets ``F`` of unseen cards, and one ``F`` per orbit
(the least in lexicographic order), weighted by the class size times the orbit size, covers
every situation exactly once (:func:`forced_situations`, in :mod:`crazy4.core.forced_orbits`).
For one forced card that gives 5,649,150 classes out of 122,151,120 situations (Four Card
Poker's up-card classes).

References
----------
The subset-table method of exact video-poker and Three Card Poker analyzers; ``README.md``
(Method) and ``docs/advantage.md`` (hole cards) for the derivation and sizes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import BINOMIAL
from crazy4.core.completions import completion_strengths, counts_below
from crazy4.core.engine import set_classes, subset_table
from crazy4.core.forced_orbits import SUIT_PERMUTATIONS as SUIT_PERMUTATIONS
from crazy4.core.forced_orbits import ForcedSituations as ForcedSituations
from crazy4.core.forced_orbits import forced_situations as forced_situations
from crazy4.core.precompile import compile_in_child, load_numba_registries
from crazy4.core.strength_table import BEST_FOUR, StrengthTable


@dataclass(frozen=True)
class KernelTables:
    """The subset tables as the compiled count takes them (plain arrays, few dtypes).

    Attributes
    ----------
    layout : ndarray of int64, shape (2, 8)
        For sets of ``n`` cards: where they are counted (``layout[0, n]``: 0 ``wide``, 1
        ``mid``, 2 ``top``, 3 the dealer's own hand, -1 nowhere) and where their rows start in
        ``rows_of`` (``layout[1, n]``).
    rows_of : ndarray of int32
        Every set's row in its table, by size then colex index.
    wide, mid : ndarray of uint16
        The subset tables of the smaller sets (stacked, each int32 count as its two uint16
        halves, :func:`uint16_halves`) and of ``dealer_size - 2`` cards.
    top : ndarray of uint16
        The sets of ``dealer_size - 1`` cards as their completions' sorted strengths
        (:mod:`crazy4.core.completions`: 12.6 MB for a six-card hand where the subset table
        would be 341 MB).
    compact : tuple of ndarray of uint16
        The threshold columns ``columns`` of ``wide`` (as halves), ``mid`` and of the counts of
        ``top`` side by side. Every table is uint16, so that the kernel's stages are compiled
        for one set of types.
    """

    layout: npt.NDArray[np.int64]
    rows_of: npt.NDArray[np.int32]
    wide: npt.NDArray[np.uint16]
    mid: npt.NDArray[np.uint16]
    top: npt.NDArray[np.uint16]
    compact: tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16], npt.NDArray[np.uint16]]


def uint16_halves(table: npt.NDArray[np.integer]) -> npt.NDArray[np.uint16]:
    """A table of counts under 2^32 as uint16 halves, the low one first: column ``c`` becomes
    columns ``2c`` and ``2c + 1`` (the compiled count reads every table as uint16).

    Examples
    --------
    >>> uint16_halves(np.array([[1, 3 * 65536 + 2]], dtype=np.int32)).tolist()
    [[1, 0, 2, 3]]
    """
    counts = np.asarray(table, dtype=np.int64)
    halves = np.empty((*counts.shape, 2), dtype=np.uint16)
    halves[..., 0] = counts & 0xFFFF
    halves[..., 1] = counts >> 16
    return halves.reshape(*counts.shape[:-1], 2 * counts.shape[-1])


@lru_cache(maxsize=2)
def _shared_tables(
    dealer_size: int, ranking: StrengthTable = BEST_FOUR
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.uint16]]:
    """``layout``, ``rows_of`` and ``wide`` of :class:`KernelTables`: the same for every set of
    threshold columns, so built once a dealer size and ranking and shared (not copied) by every
    entry of :func:`kernel_tables`' cache."""
    layout = np.zeros((2, max(8, dealer_size + 1)), dtype=np.int64)
    layout[0] = -1
    layout[0, dealer_size] = 3
    layout[0, dealer_size - 2 : dealer_size] = (1, 2)
    stacked = [subset_table(size, dealer_size, ranking) for size in range(dealer_size - 2)]
    if not stacked:  # no set that small: a row the kernel never reads
        stacked = [np.zeros((0, ranking.n_strengths + 1), dtype=np.int32)]
    first_row = np.cumsum([0] + [table.shape[0] for table in stacked])
    rows_of = []
    start = 0
    for size in range(dealer_size):
        classes = set_classes(size)[0]
        if size < dealer_size - 2:
            layout[0, size] = 0
            classes = classes + np.int32(first_row[size])
        layout[1, size] = start
        start += classes.shape[0]
        rows_of.append(classes)
    wide = uint16_halves(np.concatenate(stacked))
    return layout, np.concatenate(rows_of), cast(npt.NDArray[np.uint16], _readonly(wide))


@lru_cache(maxsize=8)
def kernel_tables(
    dealer_size: int, columns: tuple[int, ...], ranking: StrengthTable = BEST_FOUR
) -> KernelTables:
    """The subset tables of ``dealer_size``-card dealer hands ranked by ``ranking`` (at least
    two cards, fewer than 2^16 strengths) as :class:`KernelTables`, with the compact copies of
    the threshold columns ``columns`` (the same for every hand; the tables themselves are
    shared by every ``columns``).

    Examples
    --------
    >>> from crazy4.core.engine import build_subset_tables
    >>> tables = kernel_tables(5, (322, 1000))
    >>> below = build_subset_tables(5).below
    >>> bool((tables.compact[1][:, 1] == below[3][:, 1000]).all()), tables.top.shape
    (True, (16432, 48))
    >>> wide = tables.compact[0].astype(np.int64)
    >>> bool((wide[1:14, 2] + (wide[1:14, 3] << 16) == below[1][:, 1000]).all())
    True
    >>> bool((tables.compact[2][:, 0] == below[4][:, 322]).all())
    True
    >>> tables.layout.tolist()
    [[0, 0, 0, 1, 2, 3, -1, -1], [0, 1, 53, 1379, 23479, 0, 0, 0]]
    >>> kernel_tables(5, (322,)).wide is tables.wide
    True
    """
    layout, rows_of, wide = _shared_tables(dealer_size, ranking)
    mid = subset_table(dealer_size - 2, dealer_size, ranking)
    top = completion_strengths(dealer_size, ranking)
    if mid.dtype != np.uint16:
        raise ValueError(f"a subset table of {mid.dtype}, not uint16")
    picked = list(columns)
    rows = wide.shape[0]
    halves = wide.reshape(rows, wide.shape[1] // 2, 2)[:, picked].reshape(rows, 2 * len(picked))
    return KernelTables(
        layout=layout,
        rows_of=rows_of,
        wide=wide,
        mid=cast(npt.NDArray[np.uint16], _readonly(mid)),
        top=cast(npt.NDArray[np.uint16], _readonly(top)),
        compact=(
            np.ascontiguousarray(halves),
            np.ascontiguousarray(mid[:, picked]),
            counts_below(top, columns).astype(np.uint16),
        ),
    )


def _readonly(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    # the tables reach the kernel read-only whether built or mapped from the cache, so that it
    # is compiled for one set of types (the ones start_compiling compiles for)
    view = array.view()
    view.flags.writeable = False
    return view


def compile_count_kernel() -> None:
    """Compile :func:`crazy4.core.forced_kernels.count_forced` for the types :func:`count_forced`
    passes it (read-only tables as from the cache), by calling it on empty arguments.

    Examples
    --------
    >>> compile_count_kernel()
    """
    from crazy4.core import forced_kernels

    load_numba_registries()  # without scipy's BLAS bindings, before the compile loads them
    z = np.zeros
    kernel: Any = forced_kernels.count_forced
    kernel(
        z((1, 5), np.int64), z(0, np.int32), z((0, 1), np.int64), z((1, 1), np.int64),
        z(1, np.int64), 0, BINOMIAL, z(32, np.int64), z(7, np.int64),
        z((2, 8), np.int64), z(1, np.int32), _readonly(z((1, 2), np.uint16)),
        _readonly(z((1, 1), np.uint16)), _readonly(z((1, 1), np.uint16)),
        z((1, 2), np.uint16), z((1, 1), np.uint16), z((1, 1), np.uint16),
        _readonly(z(1, np.uint16)), z(forced_kernels.work_size(1), np.int64),
        z((0, 1), np.int32), 0, 0,
    )  # fmt: skip


def start_compiling() -> threading.Thread:
    """Compile the count kernel (:func:`compile_count_kernel`) in a child process, on the other
    core (:func:`crazy4.core.precompile.compile_in_child`; a caller's own kernels compile in a
    child of their own, so that the count waits only for this one).

    On an empty numba cache the compile takes seconds; started before the subset tables are
    built, the two overlap. Join the returned thread before counting: the count then loads the
    kernel from numba's cache (or, if the child could not write it, compiles it itself).

    Examples
    --------
    >>> start_compiling().join()
    """
    return compile_in_child(compile_count_kernel)


def threshold_columns(
    thresholds: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.int64], list[int], tuple[int, ...]]:
    """The threshold columns in the kernel's order (those varying by hand first), the columns
    the same for every hand (read from the compact tables) and their values.

    Call :func:`kernel_tables` with ``(dealer_size, values)`` ahead of a count to prepare its
    tables (they are kept).

    Examples
    --------
    >>> threshold_columns(np.array([[5, 322, 7], [6, 322, 7]]))[1:]
    ([1, 2], (322, 7))
    """
    m = thresholds.shape[1]
    same = (thresholds == thresholds[:1]).all(axis=0) if thresholds.shape[0] else [False] * m
    fixed = [j for j in range(m) if same[j]]  # the same for every hand: the compact tables
    columns = np.array([j for j in range(m) if not same[j]] + fixed, dtype=np.int64)
    return columns, fixed, tuple(int(thresholds[0, j]) for j in fixed)


def card_masks(cards: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """Each row's cards (0 to 51) as a 52-bit mask: the check that two sets of cards meet is
    one ``&`` a row, with no ``rows x cards x cards`` comparison.

    Examples
    --------
    >>> card_masks(np.array([[0, 2], [51, 1]])).tolist() == [0b101, 2**51 + 2]
    True
    """
    bits = np.left_shift(np.int64(1), np.asarray(cards, dtype=np.int64))
    return np.bitwise_or.reduce(bits, axis=1) if bits.shape[1] else np.zeros(len(bits), np.int64)


#: Rows a block of the check that the forced cards fit their hands (its int64 temporaries a
#: few megabytes, not a few of the situations' size).
CHECK_ROWS = 1 << 20


def _check_forced(
    hands: npt.NDArray[np.int64],
    hand_of: npt.NDArray[np.int32],
    forced: npt.NDArray[np.int64],
    dealer_size: int,
) -> None:
    if forced.shape[1] > dealer_size:
        raise ValueError(f"{forced.shape[1]} forced cards do not fit a {dealer_size}-card hand")
    masks = card_masks(hands)
    for start in range(0, forced.shape[0], CHECK_ROWS):  # small temporaries a block
        rows = slice(start, start + CHECK_ROWS)
        clash = masks[hand_of[rows]] & card_masks(forced[rows])
        repeated = (np.diff(forced[rows], axis=1) == 0).any(axis=1)
        if clash.any() or repeated.any():
            raise ValueError("a forced card is in its player hand or given twice")


def _table_arguments(
    dealer_size: int, values: tuple[int, ...], ranking: StrengthTable
) -> tuple[Any, ...]:
    """The kernel's table arguments, ``layout`` to ``own`` (the compiled ``count_forced``)."""
    tables = kernel_tables(dealer_size, values, ranking)
    own = _readonly(np.asarray(ranking.strengths(dealer_size), dtype=np.uint16))
    return (
        tables.layout,
        tables.rows_of,
        tables.wide,
        tables.mid,
        tables.top,
        *tables.compact,
        own,
    )


def subsets_by_size(
    n_forced: int, dealer_size: int, cards: int
) -> tuple[npt.NDArray[np.int64], ...]:
    """The ``2^cards`` subset masks of the hand's cards ordered by size, and where those of
    ``g`` cards start (``bounds[g]``), for the sets ``S ∪ F`` that fit a dealer hand.

    Examples
    --------
    >>> masks, bounds = subsets_by_size(1, 5, cards=5)
    >>> bounds.tolist(), masks[:3].tolist()
    ([0, 1, 6, 16, 26, 31, 31], [0, 1, 2])
    >>> subsets_by_size(0, 3, cards=3)[1].tolist()
    [0, 1, 4, 7, 8]
    """
    subsets = 1 << cards
    masks = np.zeros(subsets, dtype=np.int64)
    bounds = np.zeros(cards + 2, dtype=np.int64)
    k = 0
    for g in range(cards + 1):
        bounds[g] = k
        if g + n_forced <= dealer_size:
            for q in range(subsets):
                if q.bit_count() == g:
                    masks[k] = q
                    k += 1
    bounds[cards + 1] = k
    return masks, bounds


def count_forced(
    hands: npt.NDArray[np.integer],
    hand_of: npt.NDArray[np.integer],
    forced: npt.NDArray[np.integer],
    thresholds: npt.NDArray[np.integer],
    dealer_size: int,
    *,
    compiling: threading.Thread | None = None,
    meanwhile: Callable[[], object] | None = None,
    ranking: StrengthTable = BEST_FOUR,
    threads: int | None = None,
) -> npt.NDArray[np.int32]:
    """Dealer hands containing the forced cards, disjoint from the hand, below each threshold.

    Parameters
    ----------
    hands : ndarray, shape (h, p)
        Player hands (five cards in the best-four games; up to 8).
    hand_of : ndarray, shape (n,)
        The hand (row of ``hands``) of each situation.
    forced : ndarray, shape (n, f)
        The forced cards of each situation (disjoint from its hand).
    thresholds : ndarray, shape (h, m)
        Strengths to count below, per hand (0 to N_STRENGTHS inclusive).
    dealer_size : int
        Cards in a dealer hand (at least 2; 5 or 6 in the best-four games), ``f`` at most.
    compiling : threading.Thread, optional
        The kernel's compile (:func:`start_compiling`), joined just before the first call.
    meanwhile : callable, optional
        Work of no count done while ``compiling`` runs (another kernel's compile; see below).
    ranking : StrengthTable
        How the dealer's hands rank (under 2^16 strengths; by default the best four cards).
    threads : int, optional
        Threads to count on (by default :func:`crazy4.core.table_kernels.set_threads`'s).

    Returns
    -------
    ndarray of int32, shape (n, m)
        The module docstring's count, the same on any number of threads. int32 holds every
        count (at most C(47, 6); the kernel sums in int64) in half the memory.

    Raises
    ------
    ValueError
        If a forced card is in its hand or repeated.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.core.engine import brute_force_counts
    >>> hand = np.array([parse_cards("Ks Qd 8c 4h 2s")])
    >>> seen = np.array([sorted(parse_cards("Ah"))])
    >>> t = np.array([[100, 322, 2000]])
    >>> got = count_forced(hand, np.array([0]), seen, t, 5)
    >>> bool((got[0] == brute_force_counts(hand[0], t[0], forced_cards=(seen[0, 0],))).all())
    True
    """
    from crazy4.core import forced_kernels, table_kernels

    kernel: Any = forced_kernels.count_forced
    hands64 = np.ascontiguousarray(np.sort(hands, axis=1), dtype=np.int64)
    hand_of32 = np.ascontiguousarray(hand_of, dtype=np.int32)
    forced64 = np.ascontiguousarray(np.sort(forced, axis=1), dtype=np.int64)  # one int64 copy
    _check_forced(hands64, hand_of32, forced64, dealer_size)
    thresholds64 = np.ascontiguousarray(thresholds, dtype=np.int64)
    columns, fixed, values = threshold_columns(thresholds64)
    out = np.empty((hand_of32.shape[0], thresholds64.shape[1]), dtype=np.int32)
    arguments = (
        hands64, hand_of32, forced64, thresholds64, columns, len(columns) - len(fixed), BINOMIAL,
        *subsets_by_size(forced64.shape[1], dealer_size, hands64.shape[1]),
        *_table_arguments(dealer_size, values, ranking),
    )  # fmt: skip
    words = forced_kernels.work_size(len(columns), 1 << hands64.shape[1])

    def work(start: int, stop: int) -> None:  # a working buffer a chunk (threads run chunks)
        kernel(*arguments, np.zeros(words, dtype=np.int64), out, start, stop)

    _wait_for(compiling, meanwhile)
    table_kernels.run_in_threads(work, hand_of32.shape[0], threads=threads)
    return out


def _wait_for(compiling: threading.Thread | None, meanwhile: Callable[[], object] | None) -> None:
    """Load numba's registries (while the child compiles, if one does) and run ``meanwhile``
    (the caller's work of no count, such as compiling the kernels it runs after the count)
    while the child compiles, then wait for it: the work is done in time the count would spend
    waiting, not after the count."""
    load_numba_registries()
    if compiling is not None:
        if meanwhile is not None:
            meanwhile()
        compiling.join()
