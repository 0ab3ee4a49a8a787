"""Exact integer sums of large count arrays, for tests that check EVs to the last integer.

A sum of counts times nets over Four Card Poker's 122 million situations in Python integers
(``astype(object)``) took seconds a sum; int64 is exact whenever no partial sum can reach
2**63, which is checked from the arrays' largest magnitudes before summing, and the object sum
is the fallback. Imports nothing from the package.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

#: Rows summed at once (bounds the int64 temporaries).
BLOCK = 1 << 22


def _magnitude(values: npt.NDArray[np.generic]) -> int:
    return max(abs(int(values.max())), abs(int(values.min()))) if values.size else 0


def exact_dot(weights: npt.ArrayLike, values: npt.ArrayLike = 1) -> int:
    """The exact sum of ``weights * values`` (broadcast), as a Python integer.

    >>> exact_dot(np.array([2**40, 3]), np.array([2**20, -1]))
    1152921504606846973
    >>> exact_dot(np.array([2**62, 2**62]))  # past int64: summed in Python integers
    9223372036854775808
    """
    w, v = np.broadcast_arrays(np.asarray(weights), np.asarray(values))
    if w.dtype.kind not in "iub" or v.dtype.kind not in "iub":
        return int((w.astype(object) * v.astype(object)).sum())
    if _magnitude(w) * _magnitude(v) * max(w.size, 1) >= 2**63:
        return int((w.astype(object) * v.astype(object)).sum())
    if w.ndim == 0:
        return int(w) * int(v)
    rows = max(1, BLOCK * w.shape[0] // max(w.size, 1))  # blocks of the first axis: no copies
    total = 0
    for start in range(0, w.shape[0], rows):
        block = w[start : start + rows].astype(np.int64) * v[start : start + rows]
        total += int(block.sum(dtype=np.int64))
    return total
