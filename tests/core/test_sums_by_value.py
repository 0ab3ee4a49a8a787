"""``sums_by_value`` (crazy4/core/bets.py): exact sums by slot, whichever path it takes, against
Python integers."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.core.bets import sums_by_value

AMOUNTS = st.one_of(
    st.integers(0, 2**20),
    st.integers(-(2**40), 2**40),
    st.integers(2**51, 2**53),  # around float64's exact range
    st.integers(-(2**62), 2**62),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), AMOUNTS), min_size=0, max_size=60))
def test_sums_are_the_python_integer_sums(pairs: list[tuple[int, int]]) -> None:
    expected = [0] * 8
    for slot, amount in pairs:
        expected[slot] += amount
    if any(not -(2**63) <= total < 2**63 for total in expected):
        return  # int64 cannot hold the answer (callers' tables never come near)
    if any(
        not -(2**63) <= sum(a for s, a in pairs[:k] if s == slot) < 2**63
        for k in range(len(pairs) + 1)
        for slot in range(8)
    ):
        return  # an int64 partial sum would wrap on the way
    slots = np.array([s for s, _ in pairs], dtype=np.int64)
    amounts = np.array([a for _, a in pairs], dtype=np.int64)
    assert sums_by_value(slots, amounts, 8).tolist() == expected
