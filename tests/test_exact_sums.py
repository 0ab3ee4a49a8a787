"""The tests' exact sums (tests/exact_sums.py) equal Python-integer sums, int64 or not."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from tests.exact_sums import exact_dot

WEIGHTS = hnp.arrays(
    np.int64, hnp.array_shapes(max_dims=3, max_side=5), elements=st.integers(0, 2**62)
)


@given(WEIGHTS, st.integers(-(2**40), 2**40), st.booleans())
def test_exact_dot_is_the_python_integer_sum(weights: np.ndarray, net: int, rows: bool) -> None:
    values = np.full(weights.shape[-1:] if rows else weights.shape, net, dtype=np.int64)
    values[..., ::2] = -net // 3
    broadcast_weights, broadcast_values = (a.ravel() for a in np.broadcast_arrays(weights, values))
    pairs = zip(broadcast_weights, broadcast_values, strict=True)
    expected = sum(int(w) * int(v) for w, v in pairs)
    assert exact_dot(weights, values) == expected
    assert exact_dot(weights) == sum(int(w) for w in weights.ravel())
