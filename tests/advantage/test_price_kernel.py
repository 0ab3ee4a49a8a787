"""The hole-card engine's compiled pricing and deciding passes against plain-Python listings
on random inputs (with exact ties, decisions not allowed, unsorted keys and several threads)."""

from __future__ import annotations

import numpy as np
import pytest

from crazy4.advantage.price_kernel import decide_groups, key_sums, price_situations
from crazy4.core.table_kernels import set_threads


def _listed_prices(cells, strengths, nets):  # type: ignore[no-untyped-def]
    ev, square = [], []
    for row, strength in zip(cells.tolist(), strengths.tolist(), strict=True):
        by_decision = nets[strength].tolist()
        ev.append([sum(c * n for c, n in zip(row, line, strict=True)) for line in by_decision])
        square.append(
            [sum(c * n * n for c, n in zip(row, line, strict=True)) for line in by_decision]
        )
    return ev, square


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("seed", range(4))
def test_prices_equal_a_listing(seed: int, threads: int) -> None:
    rng = np.random.default_rng(seed)
    n, width = int(rng.integers(1, 500)), int(rng.integers(1, 7))
    nets = rng.integers(-(10**6), 10**6, size=(30, 4, width))
    cells = rng.integers(0, 10**5, size=(n, width))
    strengths = rng.integers(0, 30, size=n)
    previous = set_threads(threads)
    try:
        ev, square = price_situations(cells, strengths, nets)
    finally:
        set_threads(previous)
    assert (ev.tolist(), square.tolist()) == _listed_prices(cells, strengths, nets)


def _listed_decisions(keys, weights, rows, ev, square, allowed, wagers, seen_keys):  # type: ignore[no-untyped-def]
    """By the definition: each key's weighted sums, its best allowed decision (the smallest
    wager among exact ties), and that decision's sums."""
    groups: dict[int, list[int]] = {}
    for i, key in enumerate(keys.tolist()):
        groups.setdefault(key, []).append(i)
    totals = [0, 0, 0, 0, 0]
    decisions = [0] * ev.shape[1]
    seen: dict[int, list[int]] = {}
    for members in groups.values():
        weight = sum(int(weights[i]) for i in members)
        value = [sum(int(weights[i]) * int(ev[rows[i], m]) for i in members) for m in range(4)]
        moment = [sum(int(weights[i]) * int(square[rows[i], m]) for i in members) for m in range(4)]
        ok = [all(bool(allowed[rows[i], m]) for i in members) for m in range(4)]
        best_value = max(v for v, a in zip(value, ok, strict=True) if a)
        best = next(m for m in range(4) if ok[m] and value[m] == best_value)
        ties = sum(1 for m in range(4) if ok[m] and value[m] == best_value)
        totals[0] += weight
        totals[1] += value[best]
        totals[2] += moment[best]
        totals[3] += weight * int(wagers[best])
        totals[4] += weight if ties > 1 else 0
        decisions[best] += weight
        for i in members:
            entry = seen.setdefault(int(seen_keys[i]), [0, 0, 0])
            entry[0] += int(weights[i])
            entry[1] += int(weights[i]) * int(ev[rows[i], best])
            entry[2] += 1
    return totals, decisions, seen


@pytest.mark.parametrize("seed", range(8))
def test_decisions_equal_a_listing(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    situations, k = int(rng.integers(1, 60)), int(rng.integers(1, 300))
    ev = rng.integers(-5, 6, size=(situations, 4)) * 1000  # coarse: many exact ties
    square = rng.integers(0, 10**6, size=(situations, 4))
    allowed = rng.random((situations, 4)) < 0.8
    allowed[:, int(rng.integers(0, 4))] = True  # every situation allows one decision ...
    allowed[:] = allowed.all(axis=0) | allowed  # ... and every group the same one at least
    allowed[:, 0] = True
    rows = rng.integers(0, situations, size=k)
    keys = rng.integers(0, int(rng.integers(1, 40)), size=k)
    if seed % 2:
        keys = np.sort(keys)  # the already-ordered path
    weights = rng.integers(1, 50, size=k)
    wagers = np.array([1, 2, 3, 4])
    seen_keys = rng.integers(0, 13, size=k)
    totals, decisions, seen = decide_groups(
        keys, weights, (rows, ev, square, allowed), wagers, seen_keys
    )
    expected_totals, expected_decisions, expected_seen = _listed_decisions(
        keys, weights, rows, ev, square, allowed, wagers, seen_keys
    )
    assert totals.tolist() == expected_totals
    assert decisions.tolist() == expected_decisions
    assert {key: seen[key].tolist() for key in np.flatnonzero(seen[:, 2]).tolist()} == expected_seen


@pytest.mark.parametrize("seed", range(4))
def test_key_sums_equal_a_listing(seed: int) -> None:
    """The chart's per-key sums: weight, weighted EV and second moment of each decision, and
    the rows refusing each decision, listed here row by row."""
    rng = np.random.default_rng(100 + seed)
    n, size = int(rng.integers(1, 400)), int(rng.integers(1, 40))
    keys = rng.integers(0, size, size=n)
    weights = rng.integers(1, 25, size=n)
    ev = rng.integers(-(10**6), 10**6, size=(n, 4))
    square = rng.integers(0, 10**9, size=(n, 4))
    allowed = rng.random((n, 4)) < 0.8
    sums, refused = key_sums(keys, weights, ev, square, allowed, size)
    listed = [[0] * 9 for _ in range(size)]
    refusals = [[0] * 4 for _ in range(size)]
    for i, key in enumerate(keys.tolist()):
        w = int(weights[i])
        listed[key][0] += w
        for m in range(4):
            listed[key][1 + m] += w * int(ev[i, m])
            listed[key][5 + m] += w * int(square[i, m])
            refusals[key][m] += int(not allowed[i, m])
    assert sums.tolist() == listed
    assert refused.tolist() == refusals
