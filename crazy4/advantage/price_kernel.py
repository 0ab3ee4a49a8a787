"""The hole-card engine's per-situation passes, compiled (numba): pricing situations and
deciding per information class (the smallest wager among exact ties), in exact int64.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from crazy4.core.table_kernels import run_in_threads

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


@njit(cache=True, nogil=True)
def _price_rows(
    cells: Any, strengths: Any, nets: Any, ev: Any, square: Any, start: int, stop: int
) -> None:  # pragma: no cover - compiled; tests compare it with the listing
    decisions, width = nets.shape[1], nets.shape[2]
    for n in range(start, stop):
        s = strengths[n]
        for m in range(decisions):
            total = 0
            total_square = 0
            for c in range(width):
                net = nets[s, m, c]
                count = cells[n, c]
                total += count * net
                total_square += count * (net * net)
            ev[n, m] = total
            square[n, m] = total_square


def price_situations(
    cells: IntArray, strengths: IntArray, nets: IntArray
) -> tuple[IntArray, IntArray]:
    """EV and second-moment numerators of situations with dealer outcome counts ``cells``.

    Examples
    --------
    >>> nets = np.array([[[-1, -1], [2, -2]], [[-1, -1], [3, 0]]])
    >>> ev, square = price_situations(np.array([[3, 1], [0, 4]]), np.array([0, 1]), nets)
    >>> ev.tolist(), square.tolist()
    ([[-4, 4], [-4, 0]], [[4, 16], [4, 0]])
    """
    cells = np.ascontiguousarray(cells, dtype=np.int64)
    strengths = np.ascontiguousarray(strengths, dtype=np.int64)
    nets = np.ascontiguousarray(nets, dtype=np.int64)
    n = cells.shape[0]
    ev = np.empty((n, nets.shape[1]), dtype=np.int64)
    square = np.empty((n, nets.shape[1]), dtype=np.int64)
    run_in_threads(
        lambda start, stop: _price_rows(cells, strengths, nets, ev, square, start, stop), n
    )
    return ev, square


#: ``decide_groups``'s totals, in order.
TOTALS = ("weight", "ev", "square", "wager", "tied")


@njit(cache=True, nogil=True)
def _decide(
    order: Any,
    keys: Any,
    weights: Any,
    rows: Any,
    ev: Any,
    square: Any,
    allowed: Any,
    wagers: Any,
    seen_keys: Any,
    totals: Any,
    decisions: Any,
    seen_sums: Any,
) -> None:  # pragma: no cover - compiled; tests compare it with the numpy grouping
    n = order.shape[0]
    codes = ev.shape[1]
    summed = np.zeros(codes, dtype=np.int64)
    summed_square = np.zeros(codes, dtype=np.int64)
    ok = np.ones(codes, dtype=np.bool_)
    start = 0
    while start < n:
        key = keys[order[start]]
        stop = start
        weight = 0
        summed[:] = 0
        summed_square[:] = 0
        ok[:] = True
        while stop < n and keys[order[stop]] == key:
            i = order[stop]
            w = weights[i]
            row = rows[i]
            weight += w
            for m in range(codes):
                summed[m] += w * ev[row, m]
                summed_square[m] += w * square[row, m]
                ok[m] = ok[m] and allowed[row, m]
            stop += 1
        best = 0
        found = False
        for m in range(codes):  # the first best allowed = the smallest wager among ties
            if ok[m] and (not found or summed[m] > summed[best]):
                best, found = m, True
        ties = 0
        for m in range(codes):
            if ok[m] and summed[m] == summed[best]:
                ties += 1
        totals[0] += weight
        totals[1] += summed[best]
        totals[2] += summed_square[best]
        totals[3] += weight * wagers[best]
        if ties > 1:
            totals[4] += weight
        decisions[best] += weight
        for j in range(start, stop):
            i = order[j]
            seen = seen_keys[i]
            seen_sums[seen, 0] += weights[i]
            seen_sums[seen, 1] += weights[i] * ev[rows[i], best]
            seen_sums[seen, 2] += 1
        start = stop


def decide_groups(
    keys: IntArray,
    weights: IntArray,
    priced: tuple[IntArray, IntArray, IntArray, BoolArray],
    wagers: IntArray,
    seen_keys: IntArray,
) -> tuple[IntArray, IntArray, IntArray]:
    """Decide per information class (``keys``) and sum the chosen decisions exactly: the sums of
    :data:`TOTALS`, the weight deciding each code, and per seen-rank key ``(weight, EV, rows)``.

    Examples
    --------
    >>> ev = np.array([[-2, 1], [-2, -6]]); allowed = np.ones((2, 2), bool)
    >>> priced = (np.array([0, 1]), ev, ev * ev, allowed)
    >>> one = np.array([0, 0]); w = np.array([1, 1])
    >>> totals, decisions, seen = decide_groups(one, w, priced, np.array([1, 2]), one)
    >>> totals.tolist(), decisions.tolist(), seen[0].tolist()
    ([2, -4, 8, 2, 0], [2, 0], [2, -4, 2])
    >>> decide_groups(np.array([0, 1]), w, priced, np.array([1, 2]), one)[0].tolist()
    [2, -1, 5, 3, 0]
    """
    rows, ev, square, allowed = priced
    keys = np.ascontiguousarray(keys, dtype=np.int64)
    if keys.shape[0] > 1 and bool((keys[1:] < keys[:-1]).any()):
        order = np.argsort(keys, kind="stable")
    else:  # already in order (the perfect strategy's keys are the situations)
        order = np.arange(keys.shape[0], dtype=np.int64)
    totals = np.zeros(len(TOTALS), dtype=np.int64)
    decisions = np.zeros(ev.shape[1], dtype=np.int64)
    seen_count = int(seen_keys.max(initial=0)) + 1
    seen = np.zeros((seen_count, 3), dtype=np.int64)
    _decide(
        order,
        keys,
        np.ascontiguousarray(weights, dtype=np.int64),
        np.ascontiguousarray(rows, dtype=np.int64),
        np.ascontiguousarray(ev, dtype=np.int64),
        np.ascontiguousarray(square, dtype=np.int64),
        np.ascontiguousarray(allowed, dtype=np.bool_),
        np.ascontiguousarray(wagers, dtype=np.int64),
        np.ascontiguousarray(seen_keys, dtype=np.int64),
        totals,
        decisions,
        seen,
    )
    return totals, decisions, seen


@njit(cache=True, nogil=True)
def _key_sums(
    keys: Any, weights: Any, ev: Any, square: Any, allowed: Any, sums: Any, refused: Any
) -> None:  # pragma: no cover - compiled; tests compare it with the numpy sums
    codes = ev.shape[1]
    for i in range(keys.shape[0]):
        key = keys[i]
        w = weights[i]
        sums[key, 0] += w
        for m in range(codes):
            sums[key, 1 + m] += w * ev[i, m]
            sums[key, 1 + codes + m] += w * square[i, m]
            if not allowed[i, m]:
                refused[key, m] += 1


def key_sums(
    keys: IntArray, weights: IntArray, ev: IntArray, square: IntArray, allowed: BoolArray, size: int
) -> tuple[IntArray, IntArray]:
    """Per key below ``size``: the weight, the weighted EV and second-moment numerators of each
    decision, and how many rows refuse each decision.

    Examples
    --------
    >>> ev = np.array([[-2, 1], [-2, -6]]); allowed = np.array([[True, True], [True, False]])
    >>> sums, refused = key_sums(np.array([1, 1]), np.array([1, 2]), ev, ev * ev, allowed, 2)
    >>> sums[1].tolist(), refused[1].tolist()
    ([3, -6, -11, 12, 73], [0, 1])
    """
    codes = ev.shape[1]
    sums = np.zeros((size, 1 + 2 * codes), dtype=np.int64)
    refused = np.zeros((size, codes), dtype=np.int64)
    _key_sums(
        np.ascontiguousarray(keys, dtype=np.int64),
        np.ascontiguousarray(weights, dtype=np.int64),
        np.ascontiguousarray(ev, dtype=np.int64),
        np.ascontiguousarray(square, dtype=np.int64),
        np.ascontiguousarray(allowed, dtype=np.bool_),
        sums,
        refused,
    )
    return sums, refused
