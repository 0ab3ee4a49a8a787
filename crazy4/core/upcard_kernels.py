"""Compiled loops of the up-card deal shape (numba): outcome cells, pricing, the deal lattice.

The situation counts themselves are the one forced-card engine's
(:func:`crazy4.core.forced.count_forced`, the up card forced; its loop keeps a situation in
registers and runs in chunks on threads, the tables shared; :mod:`crazy4.core.upcard`). These
loops sum the 5.6 million situation classes exactly into the small tables a game's pricing
needs; the pay tables and rule switches come in as arrays. Everything stays integer; nothing
here rounds. Four Card Poker is the game dealt in this shape.

This module imports numba; it is imported only when an up-card count runs.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit


@njit(cache=True, nogil=True)
def deal_lattice(
    keys: npt.NDArray[np.int64],
    weights: npt.NDArray[np.int64],
    categories: npt.NDArray[np.int64],
    lower: npt.NDArray[np.int64],
    tie: npt.NDArray[np.int64],
    dealer_categories: npt.NDArray[np.int64],
    n_groups: int,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:  # pragma: no cover - compiled
    """Exact deal counts per group: (Σ weights, Σ weights * deals[dealer category, result]).

    ``result`` is 0 player higher, 1 tie, 2 dealer higher. A dealer category below (above)
    the player's ``categories[i]`` is all player higher (dealer higher); the player's own
    category splits by ``lower`` and ``tie``.
    """
    n_categories = dealer_categories.shape[1]
    row_weights = np.zeros(n_groups, dtype=np.int64)
    deals = np.zeros((n_groups, n_categories, 3), dtype=np.int64)
    for i in range(keys.shape[0]):
        g = keys[i]
        w = weights[i]
        c = categories[i]
        row_weights[g] += w
        own_lower = lower[i]
        for d in range(n_categories):
            count = dealer_categories[i, d]
            if d < c:
                deals[g, d, 0] += w * count
                own_lower -= count
            elif d > c:
                deals[g, d, 2] += w * count
        deals[g, c, 0] += w * own_lower
        deals[g, c, 1] += w * tie[i]
        deals[g, c, 2] += w * (dealer_categories[i, c] - own_lower - tie[i])
    return row_weights, deals


@njit(cache=True, nogil=True)
def situation_sums(
    keys: npt.NDArray[np.int64],
    weights: npt.NDArray[np.int64],
    lower: npt.NDArray[np.int64],
    tie: npt.NDArray[np.int64],
    higher: npt.NDArray[np.int64],
    decision: npt.NDArray[np.int64],
    ev: npt.NDArray[np.int64],
    n_groups: int,
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled
    """Exact weighted sums per key: situations, lower, tie, higher, situations per decision
    (fold, 1x, 2x, 3x) and the EV numerator; shape (n_groups, 9)."""
    total = np.zeros((n_groups, 9), dtype=np.int64)
    for i in range(keys.shape[0]):
        g = keys[i]
        w = weights[i]
        total[g, 0] += w
        total[g, 1] += w * lower[i]
        total[g, 2] += w * tie[i]
        total[g, 3] += w * higher[i]
        total[g, 4 + decision[i]] += w
        total[g, 8] += w * ev[i]
    return total


@njit(cache=True, nogil=True)
def outcome_cells(
    counts: npt.NDArray[np.integer], completions: int, cells: npt.NDArray[np.int64]
) -> None:  # pragma: no cover - compiled
    """From the counts of :func:`count_situations` to ``cells`` (a row each, ``2 + n_fixed``
    columns): dealer lower, tie, dealer higher, then the dealer's categories; a negative cell
    marks a broken table. Rows are independent, so threads may fill slices of them."""
    n = counts.shape[0]
    n_fixed = counts.shape[1] - 2
    for i in range(n):
        cells[i, 0] = counts[i, 0]
        cells[i, 1] = counts[i, 1] - counts[i, 0]
        cells[i, 2] = completions - counts[i, 1]
        previous = 0
        for j in range(n_fixed):
            cells[i, 3 + j] = counts[i, 2 + j] - previous
            previous = counts[i, 2 + j]
        cells[i, 3 + n_fixed] = completions - previous


@njit(cache=True, nogil=True)
def price_rows(
    strengths: npt.NDArray[np.int64],
    lower: npt.NDArray[np.int64],
    tie: npt.NDArray[np.int64],
    higher: npt.NDArray[np.int64],
    nets: npt.NDArray[np.int64],
    payouts: npt.NDArray[np.int64],
    allowed_by_strength: npt.NDArray[np.bool_],
    n_completions: int,
    unit: int,
    bonus_on_fold: bool,
    showdown: npt.NDArray[np.int64],
    bonus: npt.NDArray[np.int64],
    allowed: npt.NDArray[np.bool_],
    ev: npt.NDArray[np.int64],
    decision: npt.NDArray[np.int64],
    tied: npt.NDArray[np.bool_],
) -> None:  # pragma: no cover - compiled; equal to the numpy pricing in the tests
    """The pricing of a game without a qualifier in one pass a situation, into the output
    arrays: the showdown net (``nets`` of dealer lower / tie / higher, per unit wagered), the
    bonus paid by the player's strength (``payouts``), the allowed decisions (by strength), the
    EV numerators of fold, 1x, 2x, 3x, the best allowed one (the smallest wager among exact
    ties, compared as :func:`crazy4.core.decisions.best_decisions` compares) and the ties.
    Only for sums that fit int64 (the caller checks). Rows are independent, so threads may
    price slices of them."""
    denominator = n_completions * unit
    for i in range(strengths.shape[0]):
        s = strengths[i]
        net = (nets[0] * lower[i] + nets[1] * tie[i] + nets[2] * higher[i]) * unit
        paid = payouts[s] * n_completions
        showdown[i] = net
        bonus[i] = paid
        ev[i, 0] = -denominator + (paid if bonus_on_fold else 0)
        for m in range(1, 4):
            ev[i, m] = (1 + m) * net + paid
        best = ev[i, 0]
        found = False
        for m in range(4):
            allowed[i, m] = allowed_by_strength[s, m]
            if allowed[i, m] and (not found or ev[i, m] > best):
                best = ev[i, m]
                found = True
        first = -1
        for m in range(4):
            tied[i, m] = allowed[i, m] and ev[i, m] == best
            if tied[i, m] and first < 0:
                first = m
        decision[i] = first


def compile_kernels() -> None:
    """Compile the loops above for the argument types the analysis passes them: a cold
    cache's compile, run in a child process (:func:`crazy4.core.precompile.compile_in_child`)
    while the count runs, started once the count's tables are built
    (:func:`crazy4.core.upcard.compute_upcard_outcomes`)."""
    counts = np.zeros((1, 9), dtype=np.int32)
    counts.flags.writeable = False  # the cached counts are read-only
    outcome_cells(counts, 1, np.zeros((1, 11), dtype=np.int64))
    one = np.zeros(2, dtype=np.int64)
    cells = np.zeros((2, 11), dtype=np.int64)  # two rows: its columns are strided, as the cells'
    lower, tie, higher = cells[:, 0], cells[:, 1], cells[:, 2]
    deal_lattice(one, one, one, lower, tie, cells[:, 3:], 1)
    situation_sums(one, one, lower, tie, higher, one, one, 1)
    flags = np.zeros((2, 4), dtype=np.bool_)
    price_rows(
        one, lower, tie, higher, one, one, flags, 1, 1, False, one.copy(), one.copy(),
        flags.copy(), cells[:, :4].copy(), one.copy(), flags.copy(),
    )  # fmt: skip
