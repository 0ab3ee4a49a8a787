"""Compiled loops of the collusion engine (numba): every dealer hand of a deal listed from the
unseen cards by an incremental colex index, histogrammed by strength, and counted below each
threshold (``docs/collusion.md``, "One deal, exactly").
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


@njit(cache=True, nogil=True)
def _terms(
    unseen: IntArray, n: int, forced: int, binomial: IntArray, terms: IntArray
) -> int:  # pragma: no cover - compiled; checked against brute force in the tests
    """Fill ``terms[j, x]`` (the colex term of unseen card ``x`` at hidden position ``j``, for
    the ``terms.shape[0]`` hidden positions) and
    return the number of unseen cards below the forced card (``n`` without one)."""
    below = n
    if forced >= 0:
        below = 0
        for x in range(n):
            if unseen[x] < forced:
                below += 1
    for j in range(terms.shape[0]):
        for x in range(n):
            shift = 1 if (forced >= 0 and unseen[x] > forced) else 0
            terms[j, x] = binomial[unseen[x], j + 1 + shift]
    return below


@njit(cache=True, nogil=True)
def _histogram(
    unseen: IntArray,
    n: int,
    table: npt.NDArray[np.integer],
    binomial: IntArray,
    terms: IntArray,
    histogram: IntArray,
) -> None:  # pragma: no cover - compiled; checked against brute force in the tests
    """Add every dealer hand of one deal (five unseen cards, none forced) to ``histogram``."""
    _terms(unseen, n, -1, binomial, terms)
    t0 = terms[0]
    t1 = terms[1]
    t2 = terms[2]
    t3 = terms[3]
    t4 = terms[4]
    for e in range(4, n):
        se = t4[e]
        for d in range(3, e):
            sd = se + t3[d]
            for c in range(2, d):
                sc = sd + t2[c]
                for b in range(1, c):
                    sb = sc + t1[b]
                    for a in range(b):
                        histogram[table[sb + t0[a]]] += 1


@njit(cache=True, nogil=True)
def _below(
    histogram: IntArray, thresholds: IntArray, n_strengths: int, out: IntArray
) -> None:  # pragma: no cover - compiled; checked against brute force in the tests
    """``out[j]``: the hands of ``histogram`` (by strength) below ``thresholds[j]``."""
    cumulative = np.zeros(n_strengths + 1, dtype=np.int64)
    for s in range(n_strengths):
        cumulative[s + 1] = cumulative[s] + histogram[s]
    for j in range(thresholds.shape[0]):
        out[j] = cumulative[min(thresholds[j], n_strengths)]


@njit(cache=True, nogil=True)
def _up_fours(
    unseen: IntArray,
    n: int,
    forced: int,
    table5: npt.NDArray[np.integer],
    binomial: IntArray,
    terms: IntArray,
    up4: npt.NDArray[np.uint16],
) -> None:  # pragma: no cover - compiled; checked against brute force in the tests
    """``up4[q]``: the best four of the forced card and the four unseen cards of local colex
    index ``q`` (positions among the unseen cards), from ``table5``; ``C(n, 4)`` lookups."""
    below = _terms(unseen, n, forced, binomial, terms)  # terms with the forced card inside
    for d in range(3, n):
        pd = 1 if d < below else 0
        for c in range(2, d):
            pc = pd + (1 if c < below else 0)
            for b in range(1, c):
                pb = pc + (1 if b < below else 0)
                base = terms[3, d] + terms[2, c] + terms[1, b]
                local = binomial[d, 4] + binomial[c, 3] + binomial[b, 2]
                for a in range(b):
                    p = pb + (1 if a < below else 0)
                    up4[local + a] = table5[base + terms[0, a] + binomial[forced, p + 1]]


@njit(cache=True, nogil=True)
def _histogram_up(
    unseen: IntArray,
    n: int,
    forced: int,
    table5: npt.NDArray[np.integer],
    binomial: IntArray,
    terms: IntArray,
    up4: npt.NDArray[np.uint16],
    histogram: npt.NDArray[np.int32],
) -> None:  # pragma: no cover - compiled; checked against brute force in the tests
    """Add every six-card dealer hand (the forced card and five unseen) to ``histogram``.

    With ``up4`` of :func:`_up_fours` (12 KB for 21 unseen cards: it stays in the first-level
    cache, where the six-card table, 40 MB, and the five-card one, 5 MB, do not), the best
    four of the forced card ``f`` and hidden cards ``H`` is ``max(up4[H - x] for x in H)``:
    every four-card subset of ``{f} + H`` either leaves ``f`` out, and is ``H - x`` for the
    one ``x`` it omits, or holds ``f`` and three of ``H``, and lies in ``{f} + (H - x)`` for
    either hidden card ``x`` it omits; each ``up4`` entry is itself the best four of such a
    five-card subset. So a dealer hand costs five lookups in ``up4`` (one of them shared by
    the innermost loop) and no lookup in a large table.
    """
    _up_fours(unseen, n, forced, table5, binomial, terms, up4)
    for e in range(4, n):
        e4 = binomial[e, 4]
        for d in range(3, e):
            d3 = binomial[d, 3]
            d4 = binomial[d, 4]
            for c in range(2, d):
                c2 = binomial[c, 2]
                c3 = binomial[c, 3]
                for b in range(1, c):
                    b2 = binomial[b, 2]
                    # the four-card subsets by local colex: without a, and with a (below b)
                    no_a = up4[b + c2 + d3 + e4]
                    no_b = up4[c2 + d3 + e4 :]
                    no_c = up4[b2 + d3 + e4 :]
                    no_d = up4[b2 + c3 + e4 :]
                    no_e = up4[b2 + c3 + d4 :]
                    for a in range(b):
                        x = max(no_b[a], no_c[a])
                        y = max(no_d[a], no_e[a])
                        histogram[max(max(x, y), no_a)] += 1


@njit(cache=True, nogil=True)
def below_counts(
    unseen: IntArray,
    sizes: IntArray,
    forced: IntArray,
    table: npt.NDArray[np.integer],
    table5: npt.NDArray[np.integer],
    binomial: IntArray,
    thresholds: IntArray,
    n_strengths: int,
) -> IntArray:  # pragma: no cover - compiled; checked against brute force
    """Dealer hands of strength below each ``thresholds[i, j]``, per deal, shape ``(deals, t)``.

    ``unseen[i, :sizes[i]]`` are deal ``i``'s unseen cards, sorted; ``forced[i]`` its up card
    (-1: none); ``table`` the best-four strength of the dealer's whole hand by colex index;
    ``table5`` the best four of five, from which a six-card hand's strength is taken
    (:func:`_histogram_up`: 3 times faster than the six-card table).
    """
    deals = unseen.shape[0]
    out = np.zeros((deals, thresholds.shape[1]), dtype=np.int64)
    histogram = np.zeros(n_strengths + 1, dtype=np.int64)
    histogram32 = np.zeros(n_strengths + 1, dtype=np.int32)  # C(47, 5) fits
    terms = np.zeros((5, unseen.shape[1]), dtype=np.int64)
    up4 = np.zeros(binomial[unseen.shape[1], 4] + 1, dtype=np.uint16)
    for i in range(deals):
        if forced[i] >= 0:
            histogram32[:] = 0
            _histogram_up(unseen[i], sizes[i], forced[i], table5, binomial, terms, up4, histogram32)
            histogram[:] = histogram32
        else:
            histogram[:] = 0
            _histogram(unseen[i], sizes[i], table, binomial, terms, histogram)
        _below(histogram, thresholds[i], n_strengths, out[i])
    return out


@njit(cache=True, nogil=True)
def below_counts_marked(
    unseen: IntArray,
    n: int,
    forced: int,
    marked: BoolArray,
    table: npt.NDArray[np.integer],
    binomial: IntArray,
    thresholds: IntArray,
    n_strengths: int,
) -> IntArray:  # pragma: no cover - compiled; checked against brute force
    """Dealer hands below each threshold split by how many marked cards they hold.

    ``unseen[:n]`` (sorted) are the cards the colluder cannot see, ``marked[x]`` whether
    ``unseen[x]`` is marked. Returns ``out[i, j]``: hands with ``i`` marked cards (0..5) and
    strength below ``thresholds[j]``.
    """
    histogram = np.zeros((6, n_strengths + 1), dtype=np.int64)
    terms = np.zeros((5, n), dtype=np.int64)
    below = _terms(unseen, n, forced, binomial, terms)
    up = np.zeros(6, dtype=np.int64)
    if forced >= 0:
        for p in range(6):
            up[p] = binomial[forced, p + 1]
    mark = marked[:n].astype(np.int64)
    for e in range(4, n):
        pe = 1 if e < below else 0
        for d in range(3, e):
            pd = pe + (1 if d < below else 0)
            sd = terms[4, e] + terms[3, d]
            md = mark[e] + mark[d]
            for c in range(2, d):
                pc = pd + (1 if c < below else 0)
                sc = sd + terms[2, c]
                mc = md + mark[c]
                for b in range(1, c):
                    pb = pc + (1 if b < below else 0)
                    sb = sc + terms[1, b]
                    mb = mc + mark[b]
                    for a in range(b):
                        index = sb + terms[0, a]
                        if forced >= 0:
                            index += up[pb + (1 if a < below else 0)]
                        histogram[mb + mark[a], table[index]] += 1
    out = np.zeros((6, thresholds.shape[0]), dtype=np.int64)
    for i in range(6):
        _below(histogram[i], thresholds, n_strengths, out[i])
    return out


@njit(cache=True, nogil=True)
def _histogram_any(
    unseen: IntArray,
    n: int,
    forced: int,
    table: npt.NDArray[np.integer],
    binomial: IntArray,
    terms: IntArray,
    marks: IntArray,
    histogram: IntArray,
) -> None:  # pragma: no cover - compiled; checked against brute force in the tests
    """Add every dealer hand of ``h = terms.shape[0]`` hidden cards (and the forced card) to
    ``histogram[marked, strength]`` (``marked``: the sum of ``marks`` over the hidden cards), by
    an odometer over the positions ``pos[h-1] > ... > pos[1]`` and one innermost loop."""
    h = terms.shape[0]
    below = _terms(unseen, n, forced, binomial, terms)
    up = np.zeros(h + 2, dtype=np.int64)
    if forced >= 0:
        for p in range(h + 1):
            up[p] = binomial[forced, p + 1]
    if h == 1:
        for a in range(n):
            index = terms[0, a] + up[1 if a < below else 0]
            histogram[marks[a], table[index]] += 1
        return
    pos = np.empty(h, dtype=np.int64)
    total = np.zeros(h + 1, dtype=np.int64)  # the terms of the levels above and this one
    lower = np.zeros(h + 1, dtype=np.int64)  # how many of them lie below the forced card
    marked = np.zeros(h + 1, dtype=np.int64)
    t0 = terms[0]
    top = h - 1
    level = top
    pos[top] = top - 1
    while True:
        pos[level] += 1
        limit = n if level == top else pos[level + 1]
        if pos[level] >= limit:
            if level == top:
                break
            level += 1
            continue
        x = pos[level]
        total[level] = total[level + 1] + terms[level, x]
        lower[level] = lower[level + 1] + (1 if x < below else 0)
        marked[level] = marked[level + 1] + marks[x]
        if level > 1:
            level -= 1
            pos[level] = level - 1
            continue
        cut = min(x, below)
        low = total[1] + up[lower[1] + 1]
        for a in range(cut):
            histogram[marked[1] + marks[a], table[low + t0[a]]] += 1
        high = total[1] + up[lower[1]]
        for a in range(cut, x):
            histogram[marked[1] + marks[a], table[high + t0[a]]] += 1


@njit(cache=True, nogil=True)
def below_counts_any(
    unseen: IntArray,
    forced: IntArray,
    hidden: int,
    table: npt.NDArray[np.integer],
    binomial: IntArray,
    thresholds: IntArray,
    n_strengths: int,
) -> IntArray:  # pragma: no cover - compiled; checked against brute force
    """:func:`below_counts` for a dealer hand of any ``hidden`` cards beside the forced one
    (``table``: the strength of the whole dealer hand by colex index), every unseen card of a
    row in use."""
    deals, n = unseen.shape
    out = np.zeros((deals, thresholds.shape[1]), dtype=np.int64)
    histogram = np.zeros((1, n_strengths + 1), dtype=np.int64)
    terms = np.zeros((hidden, n), dtype=np.int64)
    marks = np.zeros(n, dtype=np.int64)
    for i in range(deals):
        histogram[:] = 0
        _histogram_any(unseen[i], n, forced[i], table, binomial, terms, marks, histogram)
        _below(histogram[0], thresholds[i], n_strengths, out[i])
    return out


@njit(cache=True, nogil=True)
def below_counts_marked_any(
    unseen: IntArray,
    forced: int,
    hidden: int,
    marked: BoolArray,
    table: npt.NDArray[np.integer],
    binomial: IntArray,
    thresholds: IntArray,
    n_strengths: int,
) -> IntArray:  # pragma: no cover - compiled; checked against brute force
    """:func:`below_counts_marked` for a dealer hand of any ``hidden`` cards beside the forced
    one: ``out[i, j]``, hands with ``i`` marked cards (``0 .. hidden``) below ``thresholds[j]``."""
    n = unseen.shape[0]
    histogram = np.zeros((hidden + 1, n_strengths + 1), dtype=np.int64)
    terms = np.zeros((hidden, n), dtype=np.int64)
    marks = marked[:n].astype(np.int64)
    _histogram_any(unseen, n, forced, table, binomial, terms, marks, histogram)
    out = np.zeros((hidden + 1, thresholds.shape[0]), dtype=np.int64)
    for i in range(hidden + 1):
        _below(histogram[i], thresholds, n_strengths, out[i])
    return out
