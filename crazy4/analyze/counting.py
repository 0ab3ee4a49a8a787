"""The six outcome cells of player hands, for any deal shape: a correct default and an override.

For a player hand ``P`` (and the dealer cards ``F`` it sees), how many dealer hands from the
unseen cards fall in each cell of :data:`crazy4.spec.specification.CELLS`.
:func:`counter_for` picks the counter by the deal shape alone:

* :class:`ListingCounter`, the default: list each dealer completion, histogram its strength
  and cut the histogram at ``v`` and ``q``. Correct for any shape and ranking.
* :class:`SubsetCounter`, the override where listing would take more than
  :data:`LISTING_LIMIT` completions a hand: inclusion–exclusion over the player's cards
  (``#{D ⊇ F : D ∩ P = ∅, v(D) < t} = Σ_{S⊆P} (-1)^{|S|} N_{S∪F}(t)``) on subset tables,
  compiled, or by the numpy sums (``compiled=False``).

Both give the same integers; :func:`situation_cells` keeps the cells in the table cache.

Examples
--------
>>> from crazy4.spec.specification import DealShape
>>> type(counter_for(DealShape(3, 3, 0, 3))).__name__   # 18,424 completions: listed
'ListingCounter'
>>> type(counter_for(DealShape(5, 5, 0, 4))).__name__   # 1,533,939: inclusion-exclusion
'SubsetCounter'
>>> type(counter_for(DealShape(5, 5, 1, 5))).__name__   # 163,185 beside an up card
'SubsetCounter'
>>> type(counter_for(DealShape(3, 3, 1, 3))).__name__   # 1,176 beside an up card: listed
'ListingCounter'
>>> counter_for(DealShape(5, 5, 0, 4), least_situations(DealShape(5, 5, 0, 4))).compiled
False
>>> counter_for(DealShape(5, 6, 1, 4), least_situations(DealShape(5, 6, 1, 4))).compiled
True
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.analyze.counts import dealer_histograms
from crazy4.analyze.pricing import COMPILED_ROWS as PRICED_ROWS
from crazy4.analyze.pricing import cells_from_histograms, compile_price_kernels
from crazy4.core.cache import cached_array, is_cached
from crazy4.core.engine import count_dealer_below
from crazy4.core.hidden import cells_from_below, outcome_thresholds
from crazy4.core.strength_table import table_builders
from crazy4.spec.specification import DealShape, Ranking

IntArray = npt.NDArray[np.int64]

#: Dealer completions a hand up to which listing them is the counter (above: an override).
LISTING_LIMIT = 50_000

#: Blocks the hands are split into (fixed, so the counts never depend on the threads).
_BLOCKS = 16

#: The most player cards the compiled count takes (``2^cards`` subsets a hand).
COMPILED_CARDS = 8

#: Situations from which an analysis counts them compiled (:func:`start_count`); fewer are
#: counted by the numpy sums, in less time than numba's start in a fresh process takes.
COMPILED_ROWS = 500_000

#: Rows a block of :func:`cells_from_counts` (its temporaries a few hundred kilobytes).
CELL_ROWS = 1 << 14

#: Modules whose code decides the cached cells (:func:`situation_cells`), beyond the core's
#: table builders and the ranking's module.
CELL_MODULES = (
    "crazy4.analyze.counting",
    "crazy4.analyze.counts",
    "crazy4.analyze.pricing",
    "crazy4.analyze.situations",
    "crazy4.analyze.analysis",
    "crazy4.core.hidden",
    "crazy4.core.forced",
    "crazy4.core.forced_orbits",
    "crazy4.core.forced_kernels",
    "crazy4.core.orbit_kernels",
    "crazy4.core.completions",
)


class CellCounter:
    """Counts the six outcome cells of player hands (module docstring)."""

    def prepare(self) -> None:
        """Start what the count will need and can run beside other work (a compile)."""

    def cells(
        self,
        hands: npt.NDArray[np.uint8],
        strengths: IntArray,
        qualifier: int,
        ranking: Ranking,
        dealer_cards: int,
        jobs: int = 1,
        forced: npt.NDArray[np.uint8] | None = None,
        dtype: type = np.int64,
    ) -> npt.NDArray[np.signedinteger[Any]]:
        """Dealer hands in each outcome cell, shape ``(n, 6)``, for hands ``(n, p)``, the
        dealer dealt ``dealer_cards`` cards of which the player sees ``forced`` ``(n, f)``."""
        raise NotImplementedError


def _no_cards(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    return np.zeros((hands.shape[0], 0), dtype=np.uint8)


class ListingCounter(CellCounter):
    """Every dealer completion listed: the default for any deal shape (module docstring).

    Examples
    --------
    >>> from crazy4.core.cards import colex_indices
    >>> from crazy4.games.three_card.ranking import THREE_CARD_RANKING as ranking
    >>> hands = np.array([[0, 1, 6]], dtype=np.uint8)  # 2c 2d 3h: a pair of 2s
    >>> strengths = ranking.strengths(3)[colex_indices(hands)].astype(np.int64)
    >>> cells = ListingCounter().cells(hands, strengths, 0, ranking, 3)
    >>> int(cells.sum()), cells[0, :3].tolist()  # every dealer hand qualifies at 0
    (18424, [0, 0, 0])
    """

    def cells(
        self,
        hands: npt.NDArray[np.uint8],
        strengths: IntArray,
        qualifier: int,
        ranking: Ranking,
        dealer_cards: int,
        jobs: int = 1,
        forced: npt.NDArray[np.uint8] | None = None,
        dtype: type = np.int64,
    ) -> npt.NDArray[np.signedinteger[Any]]:
        """The cells from each hand's histogram of dealer strengths."""
        histograms = dealer_histograms(
            hands,
            _no_cards(hands) if forced is None else forced,
            ranking.strengths(dealer_cards),
            dealer_cards,
            ranking.n_strengths,
            jobs=jobs,
        )
        return cells_from_histograms(histograms, strengths, qualifier).astype(dtype, copy=False)


class SubsetCounter(CellCounter):
    """Inclusion–exclusion over the player's cards: the override (module docstring).

    Parameters
    ----------
    compiled : bool
        Count with the compiled kernel (:func:`crazy4.core.forced.count_forced`) wherever it
        applies, else with numpy (:func:`crazy4.core.engine.count_dealer_below`): the same
        integers.

    Examples
    --------
    >>> from crazy4.core.cards import colex_indices
    >>> from crazy4.games.three_card.ranking import THREE_CARD_RANKING as ranking
    >>> hands = np.array([[0, 1, 6]], dtype=np.uint8)
    >>> strengths = ranking.strengths(3)[colex_indices(hands)].astype(np.int64)
    >>> subsets = SubsetCounter().cells(hands, strengths, 300, ranking, 3)
    >>> listed = ListingCounter().cells(hands, strengths, 300, ranking, 3)
    >>> subsets.tolist() == listed.tolist()
    True
    >>> SubsetCounter(compiled=False).cells(hands, strengths, 300, ranking, 3).tolist() == (
    ...     listed.tolist())
    True
    """

    def __init__(self, compiled: bool = True) -> None:
        self.compiled = compiled
        self._compiling: threading.Thread | None = None

    def prepare(self) -> None:
        """Compile the count kernel in a child process, beside whatever runs before the count."""
        if self.compiled and self._compiling is None:
            from crazy4.core.forced import start_compiling

            self._compiling = start_compiling()

    def cells(
        self,
        hands: npt.NDArray[np.uint8],
        strengths: IntArray,
        qualifier: int,
        ranking: Ranking,
        dealer_cards: int,
        jobs: int = 1,
        forced: npt.NDArray[np.uint8] | None = None,
        dtype: type = np.int64,
    ) -> npt.NDArray[np.signedinteger[Any]]:
        """The cells from the counts below the five thresholds of each hand."""
        seen = _no_cards(hands) if forced is None else forced
        completions = comb(52 - hands.shape[1] - seen.shape[1], dealer_cards - seen.shape[1])
        fits = (
            dealer_cards >= 2
            and hands.shape[1] <= COMPILED_CARDS
            and ranking.n_strengths < 2**16
            and hands.shape[0] > 0
        )
        if self.compiled and fits:
            cells = self._compiled_cells(
                hands, strengths, qualifier, ranking, dealer_cards, jobs, seen, completions, dtype
            )
        else:
            thresholds = outcome_thresholds(strengths.astype(np.int64), qualifier)
            below = _numpy_below(hands, thresholds, ranking, dealer_cards, jobs, seen)
            cells = cells_from_below(below, completions).astype(dtype, copy=False)
        assert bool((cells >= 0).all()), "an outcome cell counted below zero"
        return cells

    def _compiled_cells(
        self,
        hands: npt.NDArray[np.uint8],
        strengths: IntArray,
        qualifier: int,
        ranking: Ranking,
        dealer_cards: int,
        jobs: int,
        seen: npt.NDArray[np.uint8],
        completions: int,
        dtype: type,
    ) -> npt.NDArray[np.signedinteger[Any]]:
        """The cells from the counts below ``v``, ``v + 1`` and ``q`` of each run of equal
        hands (:func:`cells_from_counts`)."""
        from crazy4.core.forced import count_forced

        first = np.ones(hands.shape[0], dtype=bool)
        first[1:] = (hands[1:] != hands[:-1]).any(axis=1)
        hand_of = np.cumsum(first, dtype=np.int32)  # int32, as the count takes it
        hand_of -= 1
        v = strengths.astype(np.int64)[first]
        # No dealer hand is below a qualifier of 0 (every hand qualifies): B(0) = 0, not counted.
        columns = [v, v + 1] + ([np.full_like(v, qualifier)] if qualifier > 0 else [])
        counted = count_forced(
            hands[first],
            hand_of,
            seen,
            np.stack(columns, axis=1),
            dealer_cards,
            compiling=self._compiling,
            # the pricing's kernels compiled while the count's compiles in its child
            meanwhile=compile_price_kernels if hands.shape[0] >= PRICED_ROWS else None,
            ranking=ranking,
            threads=jobs,
        )
        self._compiling = None
        at_q = counted[:, 2] if qualifier > 0 else np.zeros_like(counted[:, 0])
        under = (v < qualifier)[hand_of]
        return cells_from_counts(counted[:, 0], counted[:, 1], at_q, under, completions, dtype)


def cells_from_counts(
    at_v: npt.NDArray[np.signedinteger[Any]],
    above_v: npt.NDArray[np.signedinteger[Any]],
    at_q: npt.NDArray[np.signedinteger[Any]],
    under: npt.NDArray[np.bool_],
    total: IntArray | int,
    dtype: type = np.int64,
) -> npt.NDArray[np.signedinteger[Any]]:
    """The six cells of each hand from the dealer hands counted below its strength ``v``
    (``at_v``), below ``v + 1`` (``above_v``) and below the qualifier ``q`` (``at_q``) out of
    ``total``; ``under``: ``v < q``. The cells are ``dtype``, filled :data:`CELL_ROWS` rows at
    a time so that the temporaries stay small.

    Examples
    --------
    >>> cells_from_counts(*(np.array([n]) for n in (3, 5, 9)), np.array([True]), 20).tolist()
    [[3, 2, 4, 0, 0, 11]]
    >>> cells_from_counts(*(np.array([n]) for n in (9, 12, 3)), np.array([False]), 20).tolist()
    [[3, 0, 0, 6, 3, 8]]
    >>> cells_from_counts(*(np.array([n], np.int32) for n in (9, 12, 3)), np.array([False]), 20,
    ...                   np.int32).dtype
    dtype('int32')
    """
    cells: npt.NDArray[np.signedinteger[Any]] = np.empty((at_v.shape[0], 6), dtype=dtype)
    for start in range(0, cells.shape[0], CELL_ROWS):
        rows = slice(start, start + CELL_ROWS)
        out, below, q, u = cells[rows], at_v[rows], at_q[rows], under[rows]
        above = above_v[rows]
        whole = total if isinstance(total, int) or np.ndim(total) == 0 else total[rows]
        out[:, 0] = np.where(u, below, q)
        out[:, 1] = np.where(u, above - below, 0)
        out[:, 2] = np.where(u, q - above, 0)
        out[:, 3] = np.where(u, 0, below - q)
        out[:, 4] = np.where(u, 0, above - below)
        out[:, 5] = whole - np.where(u, q, above)
    return cells


def _numpy_below(
    hands: npt.NDArray[np.uint8],
    thresholds: IntArray,
    ranking: Ranking,
    dealer_cards: int,
    jobs: int,
    seen: npt.NDArray[np.uint8],
) -> IntArray:
    """:func:`crazy4.core.engine.count_dealer_below` over fixed blocks of the hands, on threads."""
    blocks = np.array_split(np.arange(hands.shape[0]), _BLOCKS)

    def count(block: IntArray) -> IntArray:
        return count_dealer_below(
            hands[block],
            thresholds[block],
            forced_cards=seen[block],
            dealer_size=dealer_cards,
            ranking=ranking,
        )

    if jobs > 1:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            parts = list(pool.map(count, blocks))
    else:
        parts = [count(block) for block in blocks]
    return np.concatenate(parts)


def counter_for(shape: DealShape, rows: int | None = None) -> CellCounter:
    """The counter of a deal shape (module docstring); ``rows``, if given, the hands a fresh
    process will count: fewer than :data:`COMPILED_ROWS` are counted by the numpy sums."""
    seen = shape.face_up
    completions = comb(52 - shape.player_cards - seen, shape.dealer_cards - seen)
    if completions <= LISTING_LIMIT:
        return ListingCounter()
    return SubsetCounter(compiled=rows is None or rows >= COMPILED_ROWS)


def least_situations(shape: DealShape) -> int:
    """At least the situation classes of a deal shape (a class holds at most 24 situations).

    Examples
    --------
    >>> least_situations(DealShape(5, 5, 0, 4))  # of 134,459 suit classes
    108290
    >>> least_situations(DealShape(5, 6, 1, 4))  # of 5,649,150 situations
    5089630
    """
    p, f = shape.player_cards, shape.face_up
    return comb(52, p) * comb(52 - p, f) // 24


#: The counters :func:`start_count` handed out, by deal shape and ranking (their compile, if
#: any, started once a process).
_started: dict[tuple[DealShape, str], CellCounter] = {}


def start_count(shape: DealShape, ranking: Ranking, qualifier: int) -> CellCounter:
    """The counter of a deal shape's situations, prepared (a compile started) when their cells
    are not cached; the same counter at every call, so that a command may start it early.

    Examples
    --------
    >>> from crazy4.games.three_card.ranking import THREE_CARD_RANKING
    >>> shape = DealShape(3, 3, 0, 3)
    >>> start_count(shape, THREE_CARD_RANKING, 0) is start_count(shape, THREE_CARD_RANKING, 0)
    True
    """
    key = (shape, ranking.key)
    if key not in _started:
        counter = counter_for(shape, least_situations(shape))
        if not cells_cached(shape, ranking, qualifier):
            counter.prepare()
        _started[key] = counter
    return _started[key]


def cells_table(shape: DealShape, ranking: Ranking, qualifier: int) -> str:
    """The name of the cached cells of a deal shape's situations (:func:`situation_cells`).

    Examples
    --------
    >>> from crazy4.core.strength_table import BEST_FOUR
    >>> cells_table(DealShape(5, 5, 1, 5), BEST_FOUR, 322)
    'best_four_cells_5x5_up1_hand5_q322'
    """
    return (
        f"{ranking.key}_cells_{shape.player_cards}x{shape.dealer_cards}"
        f"_up{shape.face_up}_hand{shape.hand_cards}_q{qualifier}"
    )


def cells_cached(shape: DealShape, ranking: Ranking, qualifier: int) -> bool:
    """Whether :func:`situation_cells` will read the cells from the cache."""
    return is_cached(cells_table(shape, ranking, qualifier), cell_builders(ranking))


def cell_builders(ranking: Ranking) -> tuple[str, ...]:
    """The modules whose code decides the cached cells (:data:`CELL_MODULES`, the ranking's)."""
    return (*CELL_MODULES, *table_builders(ranking))


def situation_cells(
    shape: DealShape,
    ranking: Ranking,
    qualifier: int,
    rows: int,
    count: Callable[[], npt.NDArray[np.signedinteger[Any]]],
) -> npt.NDArray[np.int32]:
    """The int32 cells of the ``rows`` situation classes of ``shape``, from the table cache or
    by ``count``, then saved (they depend only on the ranking, deal shape and qualifier).

    Examples
    --------
    >>> import os, tempfile
    >>> from crazy4.core.strength_table import BEST_FOUR
    >>> previous = os.environ.get("CRAZY4_CACHE_DIR")
    >>> os.environ["CRAZY4_CACHE_DIR"] = tempfile.mkdtemp()
    >>> shape = DealShape(5, 5, 0, 4)
    >>> made = situation_cells(shape, BEST_FOUR, 0, 1, lambda: np.ones((1, 6), np.int64))
    >>> read = situation_cells(shape, BEST_FOUR, 0, 1, lambda: np.zeros((1, 6), np.int64))
    >>> made.tolist() == read.tolist() == [[1, 1, 1, 1, 1, 1]], cells_cached(shape, BEST_FOUR, 0)
    (True, True)
    >>> if previous is None:
    ...     del os.environ["CRAZY4_CACHE_DIR"]
    ... else:
    ...     os.environ["CRAZY4_CACHE_DIR"] = previous
    """
    return cached_array(
        cells_table(shape, ranking, qualifier),
        lambda: np.asarray(count(), dtype=np.int32),  # every cell is at most C(52, d) < 2^31
        expected_shape=(rows, 6),
        dtype=np.int32,
        builders=cell_builders(ranking),
        background=True,  # written while the pricing runs
    )
