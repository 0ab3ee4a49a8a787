"""The specification engines' pricing (:func:`crazy4.analyze.pricing.price`) against the EV
written as a plain sum of Fractions over the cells and the best decision chosen by a loop
(smallest wager among ties), on int64 and on Python-integer nets.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.analyze.pricing import compiled_prices, price
from crazy4.spec.specification import CellSettlement


def _by_hand(nets: list[list[list[int]]], strength: int, counts: list[int]) -> list[Fraction]:
    return [
        sum((Fraction(c * n) for c, n in zip(counts, nets[strength][d], strict=True)), Fraction())
        for d in range(4)
    ]


@pytest.mark.parametrize("scale", [1, 10**19])
def test_prices_are_the_sum_over_the_cells(scale: int) -> None:
    """Every EV equals the plain sum over cells; the decision is the best allowed one, the
    smallest wager among exact ties; nets past int64 give Python integers, still exact."""
    rng = np.random.default_rng(24)
    nets = rng.integers(-6, 7, size=(5, 4, 6)).tolist()
    nets[2] = [[-1] * 6, [1, 1, -3, 0, 0, 0], [1, 1, -3, 0, 0, 0], [0] * 6]  # 1x, 2x, 3x tie
    table = np.array(nets, dtype=object if scale > 1 else np.int64) * scale
    allowed = np.ones((5, 4), dtype=bool)
    allowed[4, 3] = False
    settlement = CellSettlement(table, allowed, np.arange(1, 5), 1)
    strengths = np.array([0, 1, 2, 3, 4, 2])
    counts = np.array(
        [[2, 1, 1, 0, 0, 0], [0, 4, 0, 0, 0, 0], [2, 1, 1, 0, 0, 0], [1, 1, 1, 0, 1, 0],
         [3, 0, 0, 0, 0, 1], [1, 2, 1, 0, 0, 0]]
    )  # fmt: skip
    prices = price(counts, strengths, settlement)
    assert (prices.ev.dtype == object) == (scale > 1)
    assert prices.denominator == 4
    for row, (strength, cells) in enumerate(zip(strengths, counts.tolist(), strict=True)):
        expected = [scale * value for value in _by_hand(nets, int(strength), cells)]
        got = [Fraction(int(value)) for value in prices.ev[row]]
        assert [g for g, a in zip(got, allowed[strength], strict=True) if a] == [
            e for e, a in zip(expected, allowed[strength], strict=True) if a
        ]
        best = max(value for d, value in enumerate(expected) if allowed[strength, d])
        tied = [bool(allowed[strength, d]) and value == best for d, value in enumerate(expected)]
        assert prices.tied[row].tolist() == tied
        assert prices.decision[row] == tied.index(True)


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint16])
def test_the_compiled_pass_prices_as_the_numpy_passes(dtype: type) -> None:
    """The compiled pass (what :func:`price` runs from ``COMPILED_ROWS`` rows on) gives the
    numpy passes' EVs, ties and decisions, on nets with many exact ties, a strength allowing
    only some decisions and one allowing none (every decision then ties, as in the numpy
    passes), for the cells' integer types the engines hand it; and the plain sums above."""
    rng = np.random.default_rng(7)
    nets = rng.integers(-2, 3, size=(9, 4, 6))
    nets[:, 2] = nets[:, 1]  # 1x and 2x tie everywhere: the smaller wager is chosen
    allowed = rng.random((9, 4)) < 0.7
    allowed[3] = False  # nothing allowed
    allowed[5] = [True, False, False, False]
    settlement = CellSettlement(nets, allowed, np.arange(1, 5), 1)
    strengths = rng.integers(0, 9, size=5000)
    counts = rng.integers(0, 50, size=(5000, 6)).astype(dtype)
    fast = compiled_prices(counts, strengths, settlement)
    plain = price(counts, strengths, settlement)
    for name in ("ev", "allowed", "decision", "tied"):
        assert np.array_equal(getattr(fast, name), getattr(plain, name)), name
    assert (fast.completions, fast.unit) == (plain.completions, plain.unit)
    for row in range(0, 5000, 97):
        strength = int(strengths[row])
        expected = _by_hand(nets.tolist(), strength, counts[row].tolist())
        want = [int(e) if allowed[strength, d] else 0 for d, e in enumerate(expected)]
        assert fast.ev[row].tolist() == want
    assert fast.tied[strengths == 3].all() and (fast.decision[strengths == 3] == 0).all()


@given(
    st.integers(0, 2**32),
    st.sampled_from([10**3, 2**62, 10**18, 10**30, 10**60]),
    st.integers(1, 2**45),
)
@settings(max_examples=60, deadline=None)
def test_wide_prices_are_the_python_integer_sums(seed: int, largest: int, most: int) -> None:
    """Nets past int64 (up to 10^60) and cell counts up to 2^45 a row: each EV is the plain
    Python-integer sum over the cells, the decision the first of the best allowed ones, and a
    row whose strength allows nothing ties every decision (as the int64 passes do)."""
    rng = np.random.default_rng(seed)
    nets = [[[int(rng.integers(-1000, 1001)) * largest // 1000 for _ in range(6)]
             for _ in range(4)] for _ in range(4)]  # fmt: skip
    nets[1][2] = list(nets[1][1])  # an exact tie
    allowed = rng.random((4, 4)) < 0.7
    allowed[3] = False  # nothing allowed
    allowed[:, 3] = False  # a decision allowed nowhere
    settlement = CellSettlement(np.array(nets, dtype=object), allowed, np.arange(1, 5), 1)
    counts = rng.integers(0, most, size=(9, 6), endpoint=True)
    strengths = rng.integers(0, 4, size=9)
    prices = price(counts, strengths, settlement)
    for row in range(9):
        strength = int(strengths[row])
        sums = [
            sum(int(c) * n for c, n in zip(counts[row], nets[strength][d], strict=True))
            for d in range(4)
        ]
        ok = allowed[strength]
        best = max((s for s, a in zip(sums, ok, strict=True) if a), default=None)
        tied = [best is None or (bool(a) and s == best) for s, a in zip(sums, ok, strict=True)]
        expected = [s if a else 0 for s, a in zip(sums, ok, strict=True)]
        assert [int(v) for v in prices.ev[row]] == expected
        assert prices.tied[row].tolist() == tied
        assert int(prices.decision[row]) == tied.index(True)


def test_the_early_compile_is_for_the_types_an_analysis_passes() -> None:
    """:func:`compile_price_kernels` (run while the count kernel compiles in its child)
    compiles the pricing and summing kernels for the types an analysis of millions of
    situations passes (read-only int32 cells and int64 strengths and weights, as from the table
    cache), so that the pricing after the count compiles no other signature."""
    from crazy4.analyze.keyed_sums import FEW_ROWS, keyed_sums, sum_rows
    from crazy4.analyze.pricing import compile_price_kernels, price_rows

    compile_price_kernels()
    known = set(price_rows().signatures), set(sum_rows().signatures)
    rows = FEW_ROWS + 1
    rng = np.random.default_rng(44)
    nets = rng.integers(-2, 3, size=(9, 4, 6))
    settlement = CellSettlement(nets, rng.random((9, 4)) < 0.7, np.arange(1, 5), 1)
    cells = rng.integers(0, 50, size=(rows, 6)).astype(np.int32)
    strengths = rng.integers(0, 9, size=rows)
    weights = np.full(rows, 2**33, dtype=np.int64)  # past what float64 sums exactly
    for array in (cells, strengths, weights):
        array.flags.writeable = False
    prices = compiled_prices(cells, strengths, settlement)
    keyed_sums(strengths * 4 + prices.decision, weights, cells, prices.optimal, 36)
    assert (set(price_rows().signatures), set(sum_rows().signatures)) == known
