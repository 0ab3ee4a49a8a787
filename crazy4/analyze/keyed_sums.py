"""Weighted sums of many rows by key in one compiled pass: what
:func:`crazy4.analyze.analysis.situation_sums` reads of millions of situation classes.

For each row ``r`` with key ``k`` and weight ``w``, :func:`keyed_sums` adds ``w`` to
``situations[k]``, ``w * chosen[r]`` to ``optimal[k]`` and ``w * cells[r, c]`` to
``deals[k, c]``, in int64 (the caller checks no sum can pass it): one pass over the rows instead
of a ``np.bincount`` a column. Up to :data:`FEW_ROWS` rows whose sums float64 holds exactly
are summed by ``np.bincount`` (:func:`bincount_sums`), sparing the compiled pass's first call.

Examples
--------
>>> import numpy as np
>>> sums = keyed_sums(np.array([1, 0, 1]), np.array([2, 3, 4]), np.array([[1, 5], [2, 0],
...                   [3, 1]], dtype=np.int32), np.array([-1, 7, 2]), 3)
>>> sums.situations.tolist(), sums.optimal.tolist(), sums.deals.tolist()
([3, 6, 0], [21, 6, 0], [[6, 0], [14, 14], [0, 0]])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from crazy4.core.precompile import compiled

IntArray = npt.NDArray[np.int64]

#: Rows up to which :func:`keyed_sums` sums by ``np.bincount`` (when float64 is exact).
FEW_ROWS = 1 << 20


@dataclass(frozen=True)
class KeyedSums:
    """The sums of :func:`keyed_sums`, a row per key ``0 .. size - 1``: of the weights
    (``situations``), ``chosen`` times them (``optimal``), ``cells`` times them (``deals``)."""

    situations: IntArray
    optimal: IntArray
    deals: IntArray


def keyed_sums(
    key: IntArray,
    weights: IntArray,
    cells: npt.NDArray[np.integer],
    chosen: IntArray,
    size: int,
) -> KeyedSums:
    """Sum ``weights``, ``chosen * weights`` and ``cells * weights`` by ``key`` (every key
    below ``size``) in int64 (module docstring)."""
    if key.shape[0] <= FEW_ROWS:
        few = bincount_sums(key, weights, cells, chosen, size)
        if few is not None:
            return few
    sums = zero_sums(size, cells.shape[1])
    add_keyed_sums(sums, key, weights, cells, chosen)
    return sums


def zero_sums(size: int, cells: int) -> KeyedSums:
    """:class:`KeyedSums` of ``size`` keys, all 0, for :func:`add_keyed_sums`."""
    return KeyedSums(
        np.zeros(size, dtype=np.int64),
        np.zeros(size, dtype=np.int64),
        np.zeros((size, cells), dtype=np.int64),
    )


def add_keyed_sums(
    sums: KeyedSums,
    key: IntArray,
    weights: IntArray,
    cells: npt.NDArray[np.integer],
    chosen: IntArray,
) -> None:
    """Add the rows' sums of :func:`keyed_sums` to ``sums`` by the compiled pass, in place: a
    caller may sum its rows a block at a time (int64: it checks no sum can pass it).

    Examples
    --------
    >>> sums = zero_sums(2, 1)
    >>> for rows in (slice(0, 2), slice(2, 3)):
    ...     add_keyed_sums(sums, np.array([1, 0, 1])[rows], np.array([2, 3, 4])[rows],
    ...                    np.array([[1], [2], [3]])[rows], np.array([-1, 7, 2])[rows])
    >>> sums.situations.tolist(), sums.optimal.tolist(), sums.deals.tolist()
    ([3, 6], [21, 6], [[6], [14]])
    """
    columns = cells if cells.dtype in (np.int32, np.int64) else cells.astype(np.int64)
    sum_rows()(
        np.ascontiguousarray(key, dtype=np.int64),
        np.ascontiguousarray(weights, dtype=np.int64),
        np.ascontiguousarray(columns),
        np.ascontiguousarray(chosen, dtype=np.int64),
        sums.situations,
        sums.optimal,
        sums.deals,
    )


def bincount_sums(
    key: IntArray,
    weights: IntArray,
    cells: npt.NDArray[np.integer],
    chosen: IntArray,
    size: int,
) -> KeyedSums | None:
    """:func:`keyed_sums`'s sums by ``np.bincount`` in float64, or None when that could be
    inexact (the largest amount times the weights' sum not below 2**52).

    Examples
    --------
    >>> sums = bincount_sums(np.array([1, 0, 1]), np.array([2, 3, 4]),
    ...                      np.array([[1, 5], [2, 0], [3, 1]]), np.array([-1, 7, 2]), 2)
    >>> sums.situations.tolist(), sums.optimal.tolist(), sums.deals.tolist()
    ([3, 6], [21, 6], [[6, 0], [14, 14]])
    >>> bincount_sums(np.array([0]), np.array([1]), np.array([[2**52]]), np.array([0]), 1)
    """
    largest = max(
        int(np.abs(cells).max()) if cells.size else 0,
        int(np.abs(chosen).max()) if chosen.size else 0,
        1,
    )
    if largest * int(weights.sum()) >= 2**52:
        return None
    scaled = weights.astype(np.float64)

    def summed(amounts: npt.NDArray[np.integer] | None) -> IntArray:
        values = scaled if amounts is None else amounts * scaled
        return np.bincount(key, weights=values, minlength=size).astype(np.int64)

    deals = np.zeros((size, cells.shape[1]), dtype=np.int64)
    for cell in range(cells.shape[1]):
        deals[:, cell] = summed(cells[:, cell])
    return KeyedSums(summed(None), summed(chosen), deals)


def add_rows(
    key: IntArray,
    weights: IntArray,
    cells: npt.NDArray[np.integer],
    chosen: IntArray,
    situations: IntArray,
    optimal: IntArray,
    deals: IntArray,
) -> None:  # pragma: no cover - compiled
    """Add each row's weight, weighted ``chosen`` and weighted cells at its key."""
    for row in range(key.shape[0]):
        at = key[row]
        weight = weights[row]
        situations[at] += weight
        optimal[at] += chosen[row] * weight
        for cell in range(cells.shape[1]):
            deals[at, cell] += np.int64(cells[row, cell]) * weight


#: :func:`add_rows` compiled when first wanted (summing a few rows never imports numba).
sum_rows = compiled(add_rows)
