"""Exact integer arrays: int64 where a bound proves it cannot overflow, Python integers otherwise.

Every figure of an analysis is an integer numerator over a known denominator. The numerators
are int64 numpy arrays on the fast path; but a pay table with a large payout (``1e13``) or a
fine fraction (``1.00000000001``, denominator 10^11) makes the numerators, their sums over the
deals and their squares exceed 2^63 - 1, where int64 arithmetic silently wraps. So each
computation first bounds the largest magnitude it can form, from the rule set alone
(:func:`fits_int64`), and when the bound does not fit it works on object arrays holding Python
integers (:func:`widen`), which are exact at any size. Ordinary rule sets never leave int64.

Examples
--------
>>> fits_int64(2**63 - 1), fits_int64(2**63)
(True, False)
>>> widen(np.array([1, 2]), True).dtype, widen(np.array([1, 2]), False).dtype
(dtype('O'), dtype('int64'))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, cast

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:  # pandas is slow to import; only parquet_integers takes a frame
    import pandas as pd

#: The largest int64.
INT64_MAX = 2**63 - 1

#: An array of exact integers: int64, or (when a bound says int64 could overflow) an object
#: array of Python integers. Numpy arithmetic keeps either exact.
IntArray = npt.NDArray[np.int64]


def fits_int64(bound: int) -> bool:
    """Whether every integer of magnitude at most ``bound`` is an int64."""
    return bound <= INT64_MAX


def widen(values: npt.ArrayLike, wide: bool) -> IntArray:
    """``values`` as an int64 array, or as an object array of Python integers when ``wide``.

    Examples
    --------
    >>> big = widen(np.array([3]), True) * 10**20
    >>> int(big[0])
    300000000000000000000
    """
    if wide:
        array = np.asarray(values)
        if array.dtype == object:
            return cast(IntArray, array)
        return cast(IntArray, np.asarray(array.astype(np.int64).astype(object)))
    return np.asarray(values, dtype=np.int64)


def exact_full(shape: int | tuple[int, ...], value: int, wide: bool) -> IntArray:
    """An array of ``shape`` filled with ``value``: int64, or Python integers when ``wide``.

    Examples
    --------
    >>> exact_full(2, 10**20, True).tolist(), exact_full((1, 2), 3, False).tolist()
    ([100000000000000000000, 100000000000000000000], [[3, 3]])
    """
    if wide:
        return cast(IntArray, np.full(shape, value, dtype=object))
    return np.full(shape, value, dtype=np.int64)


def is_wide(array: npt.NDArray[np.generic]) -> bool:
    """Whether an exact integer array holds Python integers (dtype object)."""
    return bool(array.dtype == object)


def largest_magnitude(array: npt.NDArray[np.generic]) -> int:
    """The largest absolute value in an exact integer array (0 when empty), as a Python int.

    Examples
    --------
    >>> largest_magnitude(np.array([-7, 3])), largest_magnitude(np.array([], dtype=np.int64))
    (7, 0)
    """
    if array.size == 0:
        return 0
    if is_wide(array):
        return max(abs(int(value)) for value in array.ravel())
    return max(abs(int(array.max())), abs(int(array.min())))


def exact_sum(values: IntArray) -> int:
    """``Σ values`` exactly, in int64 when a bound shows it cannot overflow (a sum of Python
    integers is a hundred times slower over millions of values).

    Examples
    --------
    >>> exact_sum(np.array([2**62, 2**62])), exact_sum(np.array([[1, -2], [3, 4]]))
    (9223372036854775808, 6)
    """
    if not is_wide(values) and fits_int64(largest_magnitude(values) * max(values.size, 1)):
        return int(values.sum(dtype=np.int64))
    return int(values.sum(dtype=object))


def exact_dot(left: IntArray, right: IntArray) -> int:
    """``Σ left * right`` exactly, with int64 only when a bound shows it cannot overflow.

    Examples
    --------
    >>> exact_dot(np.array([3, 4]), np.array([2**61, 2**61]))
    16140901064495857664
    """
    bound = largest_magnitude(left) * largest_magnitude(right) * max(left.size, 1)
    wide = not fits_int64(bound)
    return int(np.dot(widen(left, wide), widen(right, wide)))


def exact_squares(values: IntArray) -> IntArray:
    """``values ** 2`` elementwise, exactly: Python integers where a square could pass int64.

    Examples
    --------
    >>> exact_squares(np.array([3, -4])).tolist(), int(exact_squares(np.array([2**40]))[0])
    ([9, 16], 1208925819614629174706176)
    """
    wide = not fits_int64(largest_magnitude(values) ** 2)
    wider = widen(values, wide)
    return wider * wider


def seat_totals(nets: IntArray, seats: Sequence[npt.NDArray[np.int32 | np.int64]]) -> IntArray:
    """Per-round totals ``Σ_seats nets[keys of the seat]``, exactly (Python integers when the
    sum of the largest nets could pass int64).

    Examples
    --------
    >>> seat_totals(np.array([1, 10, 100]), [np.array([0, 1]), np.array([2, 2])]).tolist()
    [101, 110]
    """
    wide = not fits_int64(largest_magnitude(nets) * max(len(seats), 1))
    values = widen(nets, wide)
    total = values[seats[0]].copy()
    for keys in seats[1:]:
        total = total + values[keys]
    return total


def group_sums(keys: npt.NDArray[np.int64], values: IntArray, n_keys: int) -> list[int]:
    """Exact sums of ``values`` per key ``0 .. n_keys - 1``, as Python integers.

    For object arrays (or int64 sums that could overflow): sorted by key and summed with
    Python integers.

    Examples
    --------
    >>> group_sums(np.array([1, 0, 1]), np.array([2**62, 5, 2**62]), 3)
    [5, 9223372036854775808, 0]
    """
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    present, starts = np.unique(sorted_keys, return_index=True)
    sums = [0] * n_keys
    if present.size:
        totals = np.add.reduceat(widen(values[order], True), starts)
        for key, total in zip(present.tolist(), totals.tolist(), strict=True):
            sums[int(key)] = int(total)
    return sums


def integer_column(values: Iterable[int] | npt.NDArray[np.generic]) -> npt.NDArray[np.generic]:
    """An exact integer column for a parquet table: int64 when every value fits, else the
    values as decimal text (parquet has no wider integer; ``int(text)`` reads them back).

    Examples
    --------
    >>> integer_column([1, -2]).dtype, integer_column([1, 2**70]).tolist()
    (dtype('int64'), ['1', '1180591620717411303424'])
    """
    if isinstance(values, np.ndarray) and values.dtype.kind == "i":
        return values.astype(np.int64)
    numbers = [int(value) for value in np.asarray(values, dtype=object).ravel()]
    if all(-INT64_MAX - 1 <= number <= INT64_MAX for number in numbers):
        return np.array(numbers, dtype=np.int64)
    return np.array([str(number) for number in numbers], dtype=object)


def parquet_integers(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` ready for parquet: each object column of Python integers (a huge pay table's
    exact numerators) as int64 when every value fits, else as decimal text
    (:func:`integer_column`). Other columns are untouched; the frame is not copied when there
    is nothing to convert.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"n": [1, 2**70], "d": [3, 4], "hand": ["a", "b"]})
    >>> parquet_integers(frame).to_dict("list")
    {'n': ['1', '1180591620717411303424'], 'd': [3, 4], 'hand': ['a', 'b']}
    """
    converted = {}
    for column in frame.columns:
        values = frame[column]
        if values.dtype == object and len(values) and _all_integers(values.to_numpy()):
            converted[column] = integer_column(values.to_numpy())
    return frame.assign(**converted) if converted else frame


def _all_integers(values: npt.NDArray[np.generic]) -> bool:
    return all(
        isinstance(value, int | np.integer) and not isinstance(value, bool) for value in values
    )
