"""Compiled loops (numba) for the lookup tables, and the thread pool of the compiled counts.

The analysis builds its tables vectorized (:func:`crazy4.core.ranking.best_dropping_one`,
:func:`crazy4.core.engine.below_table`); these loops are a second, compiled derivation the
tests compare the tables with. The loops are compiled with ``nogil=True`` and their chunks run
by a thread pool (:func:`run_in_threads`, also the forced-card count's), so the tables are
shared rather than copied into processes; the number of threads is :func:`set_threads`
(``--jobs``), and chunks write disjoint rows, so the result never depends on it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

_threads = 1


def set_threads(count: int) -> int:
    """Use ``count`` threads (at most the machine's cores) for the compiled loops; returns the
    previous setting.

    Examples
    --------
    >>> previous = set_threads(1)
    >>> set_threads(previous)
    1
    """
    global _threads
    previous = _threads
    _threads = max(1, min(count, os.cpu_count() or 1))
    return previous


def run_in_threads(
    work: Callable[[int, int], Any],
    total: int,
    chunks_per_thread: int = 4,
    threads: int | None = None,
) -> None:
    """Call ``work(start, stop)`` over ``range(total)`` in chunks, on ``threads`` threads (at
    most the machine's cores; by default :func:`set_threads`).

    Examples
    --------
    >>> seen = []
    >>> run_in_threads(lambda start, stop: seen.extend(range(start, stop)), 10, threads=2)
    >>> sorted(seen) == list(range(10))
    True
    """
    if total <= 0:
        return
    count = _threads if threads is None else max(1, min(threads, os.cpu_count() or 1))
    pieces = min(total, count * chunks_per_thread) if count > 1 else 1
    edges = np.linspace(0, total, pieces + 1).astype(np.int64)
    ranges = [(int(a), int(b)) for a, b in pairwise(edges.tolist()) if b > a]
    if count == 1:
        for start, stop in ranges:
            work(start, stop)
        return
    with ThreadPoolExecutor(max_workers=count) as pool:
        for future in [pool.submit(work, start, stop) for start, stop in ranges]:
            future.result()


def build_best_of_five(four: npt.NDArray[np.uint16], binomial: npt.NDArray[np.int64]) -> Any:
    """Best-four strength of every five-card hand (by colex index), from the four-card table."""
    out = np.zeros(int(binomial[52, 5]), dtype=np.uint16)
    run_in_threads(
        lambda start, stop: best_dropping_one(four, binomial, 5, start + 4, stop + 4, out),
        48,
        chunks_per_thread=48,
    )
    return out


def build_below_table(
    representatives: npt.NDArray[np.uint8],
    dealer_size: int,
    strengths: npt.NDArray[np.integer],
    binomial: npt.NDArray[np.int64],
    below: npt.NDArray[np.integer],
    block: int = 8192,
) -> None:
    """Fill a subset table (see :func:`below_table`) block by block through an int32 buffer (one
    compiled signature for every table dtype)."""
    kernel: Any = below_table
    for first in range(0, representatives.shape[0], block):
        rows = representatives[first : first + block]
        buffer = np.empty((rows.shape[0], below.shape[1]), dtype=np.int32)

        def work(start: int, stop: int, rows: Any = rows, buffer: Any = buffer) -> None:
            kernel(rows, dealer_size, strengths, binomial, buffer, start, stop)

        run_in_threads(work, rows.shape[0])
        below[first : first + rows.shape[0]] = buffer


@njit(cache=True, nogil=True)
def best_dropping_one(
    smaller: npt.NDArray[np.uint16],
    binomial: npt.NDArray[np.int64],
    size: int,
    first_top: int,
    stop_top: int,
    out: npt.NDArray[np.uint16],
) -> None:  # pragma: no cover - compiled; compared with numpy in the tests
    """Best-four strength of the ``size``-card hands whose top card is in
    ``[first_top, stop_top)``: the best of the ``size`` hands of one card fewer (``smaller``,
    by their colex index), written to ``out`` by ``size``-card colex index.

    Below the top card, the other ``size - 1`` cards run through their combinations in colex
    order: the lowest card that can rise by one without meeting the next rises, and the cards
    under it restart at 0, 1, 2, ... (Knuth, TAOCP 7.2.1.3, Algorithm L's order).
    """
    cards = np.empty(size, dtype=np.int64)
    rest = size - 1
    for top in range(max(first_top, rest), stop_top):
        cards[rest] = top
        for j in range(rest):
            cards[j] = j
        while True:
            index = 0
            for j in range(size):
                index += binomial[cards[j], j + 1]
            best = np.uint16(0)
            for drop in range(size):
                sub = 0
                position = 1
                for j in range(size):
                    if j != drop:
                        sub += binomial[cards[j], position]
                        position += 1
                if smaller[sub] > best:
                    best = smaller[sub]
            out[index] = best
            j = 0
            while j < rest and cards[j] + 1 == cards[j + 1]:
                j += 1
            if j == rest:
                break
            cards[j] += 1
            for i in range(j):
                cards[i] = i


@njit(cache=True, nogil=True)
def below_table(
    representatives: npt.NDArray[np.uint8],
    dealer_size: int,
    strengths: npt.NDArray[np.uint16],
    binomial: npt.NDArray[np.int64],
    below: npt.NDArray[np.int32],
    start: int,
    stop: int,
) -> None:  # pragma: no cover - compiled; compared with numpy in the tests
    """Fill rows ``start:stop`` of ``below[i, t]``: hands of ``dealer_size`` cards holding
    representative ``i`` (sorted cards), with strength below ``t`` (``strengths`` by colex
    index)."""
    size = representatives.shape[1]
    n_strengths = below.shape[1] - 1
    free = dealer_size - size
    for i in range(start, stop):
        held = np.zeros(52, dtype=np.bool_)
        for j in range(size):
            held[representatives[i, j]] = True
        remaining = np.empty(52 - size, dtype=np.int64)
        n = 0
        for card in range(52):
            if not held[card]:
                remaining[n] = card
                n += 1
        histogram = np.zeros(n_strengths, dtype=np.int64)
        chosen = np.arange(free)
        hand = np.empty(dealer_size, dtype=np.int64)
        while True:
            # merge the representative's cards and the chosen ones, both sorted
            p = 0
            q = 0
            for j in range(dealer_size):
                if q >= free or (p < size and representatives[i, p] < remaining[chosen[q]]):
                    hand[j] = representatives[i, p]
                    p += 1
                else:
                    hand[j] = remaining[chosen[q]]
                    q += 1
            index = 0
            for j in range(dealer_size):
                index += binomial[hand[j], j + 1]
            histogram[strengths[index]] += 1
            # next combination of `free` positions out of n in colex order: the lowest card
            # moves fastest, so consecutive hands have nearby colex indices (cache friendly)
            j = 0
            while j < free - 1 and chosen[j] + 1 == chosen[j + 1]:
                j += 1
            if chosen[j] + 1 >= n - (free - 1 - j) and j == free - 1:
                break
            chosen[j] += 1
            for k in range(j):
                chosen[k] = k
        total = 0
        below[i, 0] = 0
        for t in range(n_strengths):
            total += histogram[t]
            below[i, t + 1] = total
