"""Exact prices and the optimal decision from dealer-strength histograms, for any game spec.

From a histogram ``h`` of the dealer's strengths (:mod:`crazy4.analyze.counts`), the player's
strength ``v`` and the qualifier ``q`` (the weakest qualifying strength), with ``B(t) = Σ_{s<t}
h[s]`` and ``N = B(∞)``, the six cells of :data:`crazy4.spec.specification.CELLS` are::

    v < q:  nq_player_higher = B(v), nq_tie = h[v], nq_dealer_higher = B(q) - B(v + 1),
            dealer_wins = N - B(q)                          (player_wins = tie = 0)
    v >= q: nq_player_higher = B(q), player_wins = B(v) - B(q), tie = h[v],
            dealer_wins = N - B(v + 1)                      (nq_tie = nq_dealer_higher = 0)

and the EV numerator of decision ``d`` is ``Σ_c cells[c] * nets[v, d, c]`` over ``N * unit``
(:class:`crazy4.spec.specification.CellSettlement`). Decisions compare as exact integers;
among exact ties the smallest wager is taken and the tie reported.

Examples
--------
>>> h = np.array([[3, 2, 1, 4]])        # dealer strengths 0..3
>>> cells_from_histograms(h, np.array([2]), 1).tolist()   # v = 2, qualifier 1
[[3, 0, 0, 2, 1, 4]]
>>> cells_from_histograms(h, np.array([0]), 2).tolist()   # v = 0 below the qualifier
[[0, 3, 2, 0, 0, 5]]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.core.precompile import compiled
from crazy4.spec.specification import CellSettlement

IntArray = npt.NDArray[np.int64]

#: Rows priced together (the int64 copy of their cells).
_CHUNK = 1 << 20

#: From this many rows on, :func:`price` runs its compiled loop (:func:`compiled_prices`): one
#: pass over the rows instead of a numpy pass per decision and cell whose net varies (Four
#: Card Poker's 5.6 million situations). Fewer rows (Crazy 4 Poker's hand classes) take the
#: numpy passes, which import no numba.
COMPILED_ROWS = 1 << 20


def cells_from_histograms(histograms: IntArray, strengths: IntArray, qualifier: int) -> IntArray:
    """The six outcome cells of each row (module docstring), shape ``(n, 6)``."""
    rows = np.arange(histograms.shape[0])
    below = np.zeros((histograms.shape[0], histograms.shape[1] + 1), dtype=np.int64)
    np.cumsum(histograms, axis=1, out=below[:, 1:])
    total = below[:, -1]
    v = strengths.astype(np.int64)
    q = np.full_like(v, qualifier)
    under = v < q
    at = histograms[rows, v]
    cells = np.zeros((histograms.shape[0], 6), dtype=np.int64)
    cells[:, 0] = below[rows, np.minimum(v, q)]
    cells[:, 1] = np.where(under, at, 0)
    cells[:, 2] = np.where(under, below[rows, q] - below[rows, v + 1], 0)
    cells[:, 3] = np.where(under, 0, below[rows, v] - below[rows, q])
    cells[:, 4] = np.where(under, 0, at)
    cells[:, 5] = total - below[rows, np.maximum(v + 1, q)]
    return cells


@dataclass(frozen=True)
class Prices:
    """Every decision's exact EV for each row, and the optimal decision.

    Attributes
    ----------
    ev_source : ndarray of int64, shape (n, 4), or callable
        :attr:`ev`, or what computes it when first read (:func:`compiled_prices`: the EVs of
        millions of rows, which an analysis's tables do not read, are not kept).
    allowed_source : ndarray of bool, shape (n, 4), or callable
        :attr:`allowed`, or what computes it when first read (as :attr:`ev_source`).
    decision : ndarray of int64, shape (n,)
        The optimal decision (the smallest wager among exact ties).
    tied : ndarray of bool, shape (n, 4)
        The decisions whose EV equals the best.
    completions, unit : int
    best : ndarray of int64, shape (n,), optional
        The EV under :attr:`decision`, when the pricing kept it (see :attr:`optimal`).
    """

    ev_source: IntArray | Callable[[], IntArray] = field(repr=False, compare=False)
    allowed_source: npt.NDArray[np.bool_] | Callable[[], npt.NDArray[np.bool_]] = field(
        repr=False, compare=False
    )
    decision: IntArray = field(repr=False)
    tied: npt.NDArray[np.bool_] = field(repr=False)
    completions: int
    unit: int
    best: IntArray | None = field(default=None, repr=False, compare=False)

    @cached_property
    def ev(self) -> IntArray:
        """EV numerators of fold, 1x, 2x, 3x over ``completions * unit`` (0 where not
        allowed), shape ``(n, 4)``: :attr:`ev_source`, computed when first read if it is one's
        computation.

        Examples
        --------
        >>> Prices(lambda: np.array([[-2, 5, 0, 0]]), np.ones((1, 4), bool), np.array([1]),
        ...        np.eye(4, dtype=bool)[1:2], 6, 1).ev.tolist()
        [[-2, 5, 0, 0]]
        """
        source = self.ev_source
        return source if isinstance(source, np.ndarray) else source()

    @cached_property
    def allowed(self) -> npt.NDArray[np.bool_]:
        """The decisions each row's strength allows, shape ``(n, 4)``: :attr:`allowed_source`,
        computed when first read if it is one's computation."""
        source = self.allowed_source
        return source if isinstance(source, np.ndarray) else source()

    @property
    def optimal(self) -> IntArray:
        """Each row's EV numerator under :attr:`decision`: :attr:`best` when the pricing kept
        it, else gathered from :attr:`ev`.

        Examples
        --------
        >>> ev = np.array([[-2, 5, 0, 0], [-2, -3, 0, 0]])
        >>> prices = Prices(ev, ev != 0, np.array([1, 0]), ev == ev.max(1)[:, None], 6, 1)
        >>> prices.optimal.tolist()
        [5, -2]
        """
        if self.best is not None:
            return self.best
        return self.ev[np.arange(self.ev.shape[0]), self.decision]

    @property
    def denominator(self) -> int:
        """The EVs' common denominator: ``completions * unit``."""
        return self.completions * self.unit


def price(
    cells: npt.NDArray[np.integer], strengths: IntArray, settlement: CellSettlement
) -> Prices:
    """Each row's EVs and optimal decision from its cells (module docstring).

    The nets a decision has in a cell whatever the strength (most of them: a fold's, a
    push's) are one product of the cells with them; only the cells whose net varies with the
    strength are looked up row by row, as the difference from that common net. Where an EV
    could overflow int64 (``completions * max |net|``), :func:`price_wide` prices exactly in
    Python integers.

    Examples
    --------
    >>> nets = np.zeros((2, 4, 6), dtype=np.int64)
    >>> nets[:, 0] = -1                     # fold loses the Ante
    >>> nets[:, 1] = [-2, 1, 1, 2, 0, -2]   # play: wins by cell ...
    >>> nets[1, 1, 3] = 3                   # ... more for the stronger hand
    >>> settled = CellSettlement(nets, np.ones((2, 4), bool), np.arange(1, 5), 1, {"ante": nets})
    >>> prices = price(np.array([[1, 1, 1, 1, 1, 1]] * 2), np.array([0, 1]), settled)
    >>> prices.ev[:, :2].tolist(), prices.decision.tolist()
    ([[-6, 0], [-6, 1]], [1, 1])
    """
    completions = int(cells[0].sum()) if cells.shape[0] else 0
    largest = int(np.abs(settlement.nets).max()) if settlement.nets.size else 0
    if settlement.nets.dtype == object or completions * largest >= 2**63:
        return price_wide(cells, strengths, settlement)  # Python integers
    if cells.shape[0] >= COMPILED_ROWS:
        return compiled_prices(cells, strengths, settlement)
    used = np.flatnonzero(np.any(settlement.allowed, axis=0))  # the others are worth 0
    nets = settlement.nets[:, used]
    common = nets[0]  # (decisions, cells): the nets of the weakest strength
    common_t = np.ascontiguousarray(common.T, dtype=np.int64)
    part = np.empty((cells.shape[0], used.shape[0]), dtype=np.int64)
    for start in range(0, cells.shape[0], _CHUNK):  # int64 copies of a chunk of cells at a time
        chunk = slice(start, start + _CHUNK)
        part[chunk] = np.asarray(cells[chunk], dtype=np.int64) @ common_t
    varies = (nets != common).any(axis=0) & cells.any(axis=0)  # a cell never reached adds 0
    for decision, cell in zip(*np.nonzero(varies), strict=True):
        extra = np.ascontiguousarray(nets[:, decision, cell] - common[decision, cell])
        part[:, decision] += cells[:, cell] * extra[strengths]
    allowed = np.take(settlement.allowed, strengths, axis=0)
    lowest = np.iinfo(np.int64).min
    masked = np.where(allowed[:, used], part, lowest)  # (n, used): no second (n, 4) array
    best = np.full(part.shape[0], lowest)
    for column in range(used.shape[0]):  # a column at a time: faster than max over a short axis
        np.maximum(best, masked[:, column], out=best)
    tied = np.empty((part.shape[0], settlement.nets.shape[1]), dtype=bool)
    tied[:] = (best == lowest)[:, None]  # a decision allowed nowhere ties where none is allowed
    tied[:, used] = masked == best[:, None]
    decision = np.argmax(tied, axis=1).astype(np.int64)
    ev = np.zeros(tied.shape, dtype=np.int64)
    for column, code in enumerate(used):
        ev[:, code] = np.where(allowed[:, code], part[:, column], 0)  # 0 where not allowed
    return Prices(
        ev_source=ev,
        allowed_source=allowed,
        decision=decision,
        tied=tied,
        completions=completions,
        unit=settlement.unit,
    )


def compiled_prices(
    cells: npt.NDArray[np.integer], strengths: IntArray, settlement: CellSettlement
) -> Prices:
    """:func:`price`'s int64 pricing in one compiled pass over the rows (:func:`price_rows`),
    for any number of rows: the same EVs, ties and decisions (checked against the numpy passes
    in ``tests/analyze/test_pricing.py``). The caller checks that the EVs fit int64.

    Examples
    --------
    >>> nets = np.zeros((2, 4, 6), dtype=np.int64)
    >>> nets[:, 0] = -1
    >>> nets[:, 1] = [-2, 1, 1, 2, 0, -2]
    >>> nets[1, 1, 3] = 3
    >>> settled = CellSettlement(nets, np.ones((2, 4), bool), np.arange(1, 5), 1, {"ante": nets})
    >>> prices = compiled_prices(np.array([[1, 1, 1, 1, 1, 1]] * 2), np.array([0, 1]), settled)
    >>> prices.ev[:, :2].tolist(), prices.decision.tolist()
    ([[-6, 0], [-6, 1]], [1, 1])
    """
    n = cells.shape[0]
    decisions = settlement.nets.shape[1]
    tied = np.empty((n, decisions), dtype=bool)
    decision = np.empty(n, dtype=np.int64)
    best = np.empty(n, dtype=np.int64)
    nets = np.ascontiguousarray(settlement.nets, dtype=np.int64)
    by_strength = np.ascontiguousarray(settlement.allowed, dtype=np.bool_)
    chosen = np.ascontiguousarray(strengths, dtype=np.int64)
    no_ev = np.empty((0, decisions), dtype=np.int64)  # the EVs not kept: computed when read
    price_rows()(_row_cells(cells), chosen, nets, by_strength, no_ev, tied, decision, best)

    def evs() -> IntArray:  # every EV, by the same kernel, writing nothing else
        ev = np.empty((n, decisions), dtype=np.int64)
        none = np.empty(0, dtype=np.int64)
        price_rows()(
            _row_cells(cells), chosen, nets, by_strength, ev, no_ev.astype(bool), none, none
        )
        return ev

    return Prices(
        ev_source=evs,
        allowed_source=lambda: np.take(settlement.allowed, chosen, axis=0),
        decision=decision,
        tied=tied,
        completions=int(cells[0].sum()) if n else 0,
        unit=settlement.unit,
        best=best,
    )


def _row_cells(cells: npt.NDArray[np.integer]) -> npt.NDArray[np.integer]:
    """The cells as :func:`price_rows` takes them: int32 or int64, C-contiguous."""
    return np.ascontiguousarray(
        cells if cells.dtype in (np.int32, np.int64) else cells.astype(np.int64)
    )


def _price_rows(
    cells: npt.NDArray[np.integer],
    strengths: IntArray,
    nets: IntArray,
    allowed: npt.NDArray[np.bool_],
    ev: IntArray,
    tied: npt.NDArray[np.bool_],
    decision: IntArray,
    chosen: IntArray,
) -> None:  # pragma: no cover - compiled
    """Each row's EV of every allowed decision (0 elsewhere), the decisions tied with the best
    (every decision where none is allowed, as :func:`price`), the first of them, and its EV
    (``chosen``: the best, 0 where none is allowed). An ``ev`` of no rows: the EVs are not
    written; a ``decision`` of no rows: only the EVs are (``tied`` and ``chosen`` unread)."""
    keep = ev.shape[0] > 0
    decide = decision.shape[0] > 0
    row_ev = np.zeros(nets.shape[1], dtype=np.int64)
    for row in range(cells.shape[0]):
        strength = strengths[row]
        best = 0
        some = False
        for d in range(nets.shape[1]):
            total = 0
            if allowed[strength, d]:
                for cell in range(cells.shape[1]):
                    total += np.int64(cells[row, cell]) * nets[strength, d, cell]
                if not some or total > best:
                    best = total
                some = True
            row_ev[d] = total
            if keep:
                ev[row, d] = total
        if decide:
            first = -1
            for d in range(nets.shape[1]):
                tie = not some or (allowed[strength, d] and row_ev[d] == best)
                tied[row, d] = tie
                if tie and first < 0:
                    first = d
            decision[row] = first
            chosen[row] = best


def net_limbs(nets: IntArray, base: int) -> list[IntArray]:
    """Nets of any size as int64 limbs in ``base``, lowest first: ``nets == sum(limbs[i] *
    base**i)``, every limb in ``[0, base)`` but the last, which is in ``[-base, base)``.

    Examples
    --------
    >>> nets = np.array([10**20, -(10**20), 7, -1], dtype=object)
    >>> limbs = net_limbs(nets, 2**40)
    >>> [int(sum(int(limb[i]) * 2 ** (40 * k) for k, limb in enumerate(limbs))) for i in range(4)]
    [100000000000000000000, -100000000000000000000, 7, -1]
    >>> len(limbs), all(limb.dtype == np.int64 for limb in limbs)
    (2, True)
    """
    rest = np.asarray(nets).astype(object)
    limbs: list[IntArray] = []
    while rest.size and not ((rest >= -base) & (rest < base)).all():
        low = rest % base
        limbs.append(low.astype(np.int64))
        rest = (rest - low) // base
    limbs.append(rest.astype(np.int64))
    return limbs


def _cell_sums(by_cell: IntArray, strengths: IntArray, nets: IntArray) -> IntArray:
    """Each row's sum over the cells of its cell count times the net of its strength, for every
    decision (int64: the caller bounds the sums)."""
    ev = np.empty((by_cell.shape[1], nets.shape[1]), dtype=np.int64)
    for decision in range(nets.shape[1]):
        total = np.zeros(by_cell.shape[1], dtype=np.int64)
        for cell in range(by_cell.shape[0]):
            column = np.ascontiguousarray(nets[:, decision, cell], dtype=np.int64)
            if column.any():
                total += by_cell[cell] * column[strengths]
        ev[:, decision] = total
    return ev


def _price_limbs(
    by_cell: IntArray, strengths: IntArray, settlement: CellSettlement, completions: int
) -> Prices:
    """:func:`price_wide` for EVs past int64: each limb of the nets (:func:`net_limbs`) summed
    in int64, the sums carried so that every limb but the top one is in ``[0, base)``, the
    decisions compared limb by limb from the top (a number is then its limbs in order), and
    the EVs joined in Python integers once, for the decisions allowed somewhere."""
    rows = by_cell.shape[1]
    most = int(by_cell.sum(axis=0).max()) if rows else 0  # a row's cells, summed
    base = 2 ** max(1, 62 - most.bit_length())  # most * |limb| < 2**62: every sum fits
    used = np.flatnonzero(np.any(settlement.allowed, axis=0))  # the others are worth 0
    nets = settlement.nets[:, used]
    sums = [_cell_sums(by_cell, strengths, limb) for limb in net_limbs(nets, base)]
    for low, high in itertools.pairwise(sums):  # carry: low in [0, base), the rest above
        carry = low // base
        low -= carry * base
        high += carry
    allowed: npt.NDArray[np.bool_] = settlement.allowed[strengths]
    some = np.any(allowed, axis=1)
    best = [np.zeros(rows, dtype=np.int64) for _ in sums]  # of the best allowed so far
    have = np.zeros(rows, dtype=bool)
    for column, code in enumerate(used):
        greater, _ = _compare([limb[:, column] for limb in sums], best)
        take = allowed[:, code] & (~have | greater)
        for limb, top in zip(sums, best, strict=True):
            np.copyto(top, limb[:, column], where=take)
        have |= take
    tied = np.empty(allowed.shape, dtype=bool)
    tied[:] = ~some[:, None]  # a decision allowed nowhere ties where none is allowed
    ev = np.zeros(allowed.shape, dtype=object)
    for column, code in enumerate(used):
        _, equal = _compare([limb[:, column] for limb in sums], best)
        tied[:, code] |= allowed[:, code] & equal
        joined = _joined([limb[:, column] for limb in sums], base)
        ev[:, code] = np.where(allowed[:, code], joined, 0)
    return Prices(
        ev_source=ev,
        allowed_source=allowed,
        decision=np.argmax(tied, axis=1).astype(np.int64),
        tied=tied,
        completions=completions,
        unit=settlement.unit,
    )


def _joined(limbs: list[IntArray], base: int) -> IntArray:
    """The numbers whose carried limbs (lowest first) are ``limbs``, as Python integers: in
    int64 where the number fits (most rows: one Python integer made each), by Python integer
    arithmetic elsewhere."""
    if len(limbs) == 1:
        return limbs[0].astype(object)
    bound = 2**62 // base
    fits = (limbs[1] > -bound) & (limbs[1] < bound)  # then |limbs[1] * base + limbs[0]| < 2**63
    for limb in limbs[2:]:
        fits &= limb == 0
    joined = (np.where(fits, limbs[1], 0) * base + limbs[0]).astype(object)
    wide = np.flatnonzero(~fits)
    if wide.size:
        value = limbs[-1][wide].astype(object)
        for limb in reversed(limbs[:-1]):
            value = value * base + limb[wide]
        joined[wide] = value
    return joined


def _compare(
    limbs: list[IntArray], other: list[IntArray]
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Where the numbers ``limbs`` (lowest first, carried) are greater than ``other``'s, and
    where equal, compared from the top limb down."""
    greater = np.zeros(limbs[0].shape, dtype=bool)
    equal = np.ones(limbs[0].shape, dtype=bool)
    for mine, theirs in zip(reversed(limbs), reversed(other), strict=True):
        greater |= equal & (mine > theirs)
        equal &= mine == theirs
    return greater, equal


#: :func:`_price_rows` compiled when first wanted (pricing a few rows never imports numba).
price_rows = compiled(_price_rows)


def compile_price_kernels() -> None:
    """Compile :func:`price_rows` and :func:`crazy4.analyze.keyed_sums.sum_rows` for the
    types an analysis of millions of situations passes them (the cells and strengths
    read-only, as from the table cache), by calling them on empty arguments: a cold analysis
    of that many rows does it while its count kernel compiles in a child
    (:meth:`crazy4.analyze.counting.SubsetCounter.cells`), not after the count.

    Examples
    --------
    >>> compile_price_kernels()
    """
    from crazy4.analyze.keyed_sums import sum_rows

    def fixed(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
        array.flags.writeable = False
        return array

    z, rows = np.zeros, np.zeros(0, np.int64)
    cells = fixed(z((0, 6), np.int32))
    price_rows()(
        cells, fixed(z(0, np.int64)), z((1, 1, 6), np.int64), z((1, 1), np.bool_),
        z((0, 1), np.int64), z((0, 1), np.bool_), rows, z(0, np.int64),
    )  # fmt: skip
    sum_rows()(rows, fixed(z(0, np.int64)), cells, z(0, np.int64), z(1, np.int64),
               z(1, np.int64), z((1, 6), np.int64))  # fmt: skip


def price_wide(
    cells: npt.NDArray[np.integer], strengths: IntArray, settlement: CellSettlement
) -> Prices:
    """:func:`price` one decision and one cell at a time: the EV numerators are int64 when
    ``completions * max |net|`` fits (every sum is then exact), else Python integers (an
    object array, as the nets of a wide settlement are): any payout a rule file accepts is
    exact. Those are summed in int64 too, a limb of the nets at a time (:func:`net_limbs`, in
    a base whose products with the completions fit), and joined once per EV.

    Examples
    --------
    >>> nets = np.zeros((1, 4, 6), dtype=np.int64)
    >>> nets[0, 1:, 3] = 10**13                  # a payout of 10^13 when the player wins
    >>> settled = CellSettlement(nets, np.ones((1, 4), bool), np.arange(1, 5), 1)
    >>> prices = price_wide(np.array([[0, 0, 0, 2_000_000, 0, 0]]), np.array([0]), settled)
    >>> int(prices.ev[0, 1]) == 2 * 10**19, prices.ev.dtype
    (True, dtype('O'))
    """
    completions = int(cells[0].sum()) if cells.shape[0] else 0
    largest = int(np.abs(settlement.nets).max()) if settlement.nets.size else 0
    # a decision and a cell at a time, on contiguous columns: no (n, 4, 6) copy of the nets
    # (a gigabyte for millions of rows)
    by_cell: IntArray = np.ascontiguousarray(cells.T, dtype=np.int64)
    if completions * largest >= 2**63:
        return _price_limbs(by_cell, strengths, settlement, completions)
    ev = _cell_sums(by_cell, strengths, settlement.nets.astype(np.int64))
    allowed = settlement.allowed[strengths]
    masked = np.where(allowed, ev, np.iinfo(np.int64).min)
    best = masked.max(axis=1)
    tied = masked == best[:, None]
    decision = np.argmax(tied, axis=1).astype(np.int64)
    return Prices(
        ev_source=np.where(allowed, ev, 0),
        allowed_source=allowed,
        decision=decision,
        tied=tied,
        completions=completions,
        unit=settlement.unit,
    )
