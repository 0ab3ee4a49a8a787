"""The compiled sums by key (:func:`crazy4.analyze.keyed_sums.keyed_sums`) against plain
Python-integer sums, row by row, up to amounts whose sums reach int64's edge (the tables they
feed are compared with the committed results elsewhere)."""

from __future__ import annotations

import numpy as np
import pytest

from crazy4.analyze.keyed_sums import KeyedSums, bincount_sums, keyed_sums, sum_rows


def plain_sums(
    key: list[int], weights: list[int], cells: list[list[int]], chosen: list[int], size: int
) -> tuple[list[int], list[int], list[list[int]]]:
    situations, optimal = [0] * size, [0] * size
    deals = [[0] * len(cells[0]) for _ in range(size)]
    for row, at in enumerate(key):
        situations[at] += weights[row]
        optimal[at] += chosen[row] * weights[row]
        for cell, amount in enumerate(cells[row]):
            deals[at][cell] += amount * weights[row]
    return situations, optimal, deals


@pytest.mark.parametrize("largest", [9, 2**31 - 1])
def test_sums_equal_python_integer_sums(largest: int) -> None:
    rng = np.random.default_rng(7)
    rows, size = 2_000, 37
    key = rng.integers(0, size, rows)
    weights = rng.integers(1, 25, rows)
    cells = rng.integers(0, largest, (rows, 6), endpoint=True).astype(np.int32)
    # the chosen amounts as large as int64 allows over these weights: every sum fits
    bound = (2**63 - 1) // int(weights.sum())
    chosen = rng.integers(-bound, bound, rows, endpoint=True)
    sums = keyed_sums(key, weights, cells, chosen, size)
    expected = plain_sums(key.tolist(), weights.tolist(), cells.tolist(), chosen.tolist(), size)
    assert sums.situations.tolist() == expected[0]
    assert sums.optimal.tolist() == expected[1]
    assert sums.deals.tolist() == expected[2]


@pytest.mark.parametrize("largest", [9, 2**31 - 1])
def test_few_rows_by_bincount_equal_the_compiled_pass(largest: int) -> None:
    """Few rows with sums float64 holds exactly are summed by ``np.bincount``
    (:func:`crazy4.analyze.keyed_sums.bincount_sums`), equal to the compiled pass and to
    Python integers; past float64's exact range it declines and the compiled pass sums."""
    rng = np.random.default_rng(11)
    rows, size = 2_000, 37
    key = rng.integers(0, size, rows)
    weights = rng.integers(1, 25, rows)
    cells = rng.integers(-largest, largest, (rows, 6), endpoint=True).astype(np.int32)
    chosen = rng.integers(-largest, largest, rows, endpoint=True)
    few = bincount_sums(key, weights, cells, chosen, size)
    assert few is not None
    compiled = KeyedSums(
        np.zeros(size, np.int64), np.zeros(size, np.int64), np.zeros((size, 6), np.int64)
    )
    sum_rows()(key, weights, cells, chosen, *vars(compiled).values())
    expected = plain_sums(key.tolist(), weights.tolist(), cells.tolist(), chosen.tolist(), size)
    for sums in (few, compiled, keyed_sums(key, weights, cells, chosen, size)):
        assert sums.situations.tolist() == expected[0]
        assert sums.optimal.tolist() == expected[1]
        assert sums.deals.tolist() == expected[2]
    edge = (2**52) // int(weights.sum()) + 1
    assert bincount_sums(key, weights, cells, np.full(rows, edge), size) is None
