"""The compiled PCG64 draws (crazy4/simulate/pcg.py) are numpy's own, bit for bit.

The expected values are numpy's: ``Generator(PCG64(...)).integers(0, n, size, dtype=int32)``
on a twin generator. Cases: many seeds (including the chunk seeds of the simulator), ranges
(1: no draw; 2; the powers of two, where Lemire's threshold is 0; ``2**31 - 1``; ranges just
above a power of two, where rejections are most frequent; the hand counts ``C(r, k)`` the
simulator draws), lengths (0, 1 and odd ones, which leave half of a 64-bit output buffered for
the next call), several calls in a row on one state, and the state written back.
"""

from __future__ import annotations

from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.simulate.kernel import compiled_draws, draw_indices
from crazy4.simulate.pcg import MULTIPLIER, bounded_draws, restore, state_of
from crazy4.simulate.plan import chunk_generator

HAND_COUNTS = [comb(52 - 5 * h, 5) for h in range(8)] + [comb(47, 1), comb(46, 5), 48]
RANGES = [1, 2, 3, 7, 2**16, 2**16 + 1, 2**30, 2**30 + 1, 2**31 - 1, 3 * 2**29 + 5]


def twins(seed: int) -> tuple[np.random.Generator, np.random.Generator]:
    return np.random.default_rng(seed), np.random.default_rng(seed)


@pytest.mark.parametrize("n", HAND_COUNTS + RANGES)
@pytest.mark.parametrize("length", [0, 1, 2, 3, 1001])
def test_draws_equal_numpy_for_each_range_and_length(n: int, length: int) -> None:
    for seed in range(4):
        ours, theirs = twins(seed)
        state = state_of(ours)
        out = np.empty(length, dtype=np.int32)
        bounded_draws(state, n, out)
        assert np.array_equal(out, theirs.integers(0, n, size=length, dtype=np.int32))
        restore(ours, state)
        assert ours.bit_generator.state == theirs.bit_generator.state


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**64),
    st.lists(st.tuples(st.integers(1, 2**31 - 1), st.integers(0, 300)), min_size=1, max_size=6),
)
def test_calls_in_a_row_keep_numpys_buffered_half(seed: int, calls: list[tuple[int, int]]) -> None:
    """Odd lengths leave the high half of a 64-bit output for the next call (numpy's
    ``has_uint32``), across ranges."""
    ours, theirs = twins(seed)
    state = state_of(ours)
    for n, length in calls:
        out = np.empty(length, dtype=np.int32)
        bounded_draws(state, n, out)
        assert np.array_equal(out, theirs.integers(0, n, size=length, dtype=np.int32))
    restore(ours, state)
    assert ours.bit_generator.state == theirs.bit_generator.state
    assert ours.integers(0, 2**63) == theirs.integers(0, 2**63)


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**40 + 3])
@pytest.mark.parametrize("sizes", [(5, 5), (5,) * 8, (5, 1, 5), (5,) * 7 + (1, 5)])
def test_chunk_draws_equal_numpys_for_the_simulators_chunks(
    seed: int, sizes: tuple[int, ...]
) -> None:
    """The simulator's own draws: a chunk generator, a hand after another, 65,536 rounds
    (an even length) and a short chunk's odd length."""
    for chunk, rounds in ((0, 65_536), (3, 3_001)):
        ours = compiled_draws(chunk_generator(seed, chunk), rounds, sizes)
        theirs = draw_indices(chunk_generator(seed, chunk), rounds, sizes)
        assert np.array_equal(ours, theirs)


def test_the_step_is_numpys_lcg() -> None:
    """One 64-bit output by hand from the state integers (step, then XSL-RR), against the
    first 32-bit halves numpy gives."""
    rng = np.random.default_rng(99)
    raw = rng.bit_generator.state["state"]
    state = (raw["state"] * MULTIPLIER + raw["inc"]) % 2**128
    folded = (state >> 64) ^ (state & (2**64 - 1))
    rotate = state >> 122
    output = ((folded >> rotate) | (folded << (64 - rotate))) & (2**64 - 1)
    halves = rng.integers(0, 2**32, size=2, dtype=np.uint64)  # full range: the raw halves
    assert [int(h) for h in halves] == [output & 0xFFFFFFFF, output >> 32]
    ours = state_of(np.random.default_rng(99))
    out = np.empty(2, dtype=np.int32)
    bounded_draws(ours, 2**31 - 1, out)
    assert int(ours[0]) << 64 | int(ours[1]) == state


def test_state_of_refuses_other_bit_generators() -> None:
    with pytest.raises(ValueError, match="PCG64"):
        state_of(np.random.Generator(np.random.MT19937(1)))
