"""The result tables of a game whose dealer turns cards face up, by what the player sees.

With a dealer card face up the optimal strategy is a decision per (player hand, up card)
situation: millions of rows for five-card hands (:mod:`crazy4.generic.situations`). The tables
here aggregate them exactly where a reader looks -- by the player's hand strength and the up
card's rank (``situations``), by hand group and up rank (``strategy``) -- and
``crazy4 hand CARDS --up CARD`` gives any single situation. Every count is summed from the
exact situation rows; nothing is counted or priced anew.

Examples
--------
>>> seen_ranks(np.array([[51], [0]], dtype=np.uint8)).tolist()
['A', '2']
>>> seen_ranks(np.array([[51, 0]], dtype=np.uint8)).tolist()
['A-2']
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.core.bets import sums_by_value
from crazy4.core.cards import RANKS
from crazy4.generic.analysis import SpecAnalysis
from crazy4.spec.specification import CELLS, DECISIONS, GameSpec

IntArray = npt.NDArray[np.int64]


def seen_ranks(seen: npt.NDArray[np.uint8]) -> npt.NDArray[np.str_]:
    """The ranks of each row's seen dealer cards, highest first, joined by ``-``."""
    ranks = np.sort(seen.astype(np.int64) // 4, axis=1)[:, ::-1]
    text = np.array(list(RANKS))[ranks]
    if text.shape[1] == 1:
        return text[:, 0]
    return np.array(["-".join(row) for row in text.tolist()])


def _rank_order(seen: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.str_], IntArray]:
    """The distinct up-rank labels (:func:`seen_ranks`), weakest first (by the highest rank,
    then the next), and each row's code: the ranks, highest first, as base-13 digits, which
    order the labels so, then numbered among those present."""
    ranks = np.sort(seen.astype(np.int64) // 4, axis=1)[:, ::-1]
    digits = ranks @ (13 ** np.arange(ranks.shape[1] - 1, -1, -1, dtype=np.int64))
    present = np.flatnonzero(np.bincount(digits, minlength=13 ** ranks.shape[1]))
    position = np.zeros(13 ** ranks.shape[1], dtype=np.int64)
    position[present] = np.arange(present.shape[0])
    codes = position[digits]
    first = np.zeros(present.shape[0], dtype=np.int64)
    first[codes] = np.arange(codes.shape[0])  # a row of each label (any: they are alike)
    return seen_ranks(seen[first]), codes


def _sums(keys: IntArray, values: IntArray, size: int) -> IntArray:
    """Exact integer sums of ``values`` rows by ``keys``
    (:func:`crazy4.core.bets.sums_by_value`, a column at a time)."""
    if values.ndim == 1:
        return sums_by_value(keys, values, size)
    out = np.zeros((size, *values.shape[1:]), dtype=np.int64)
    for column in range(values.shape[1]):
        out[:, column] = sums_by_value(keys, np.ascontiguousarray(values[:, column]), size)
    return out


def situations_table(spec: GameSpec, analysis: SpecAnalysis) -> pd.DataFrame:
    """One row per player strength and up rank: situations, exact deals by cell, decisions and
    the optimal EV summed over the situations."""
    ranking, prices = spec.ranking, analysis.prices
    labels, rank_code = _rank_order(analysis.seen)
    n_ranks = len(labels)
    key = analysis.strengths * n_ranks + rank_code
    size = ranking.n_strengths * n_ranks
    weights = analysis.weights
    deals = analysis.cells * weights[:, None]
    chosen = np.zeros((weights.shape[0], len(DECISIONS)), dtype=np.int64)
    chosen[np.arange(weights.shape[0]), prices.decision] = weights
    optimal = prices.ev[np.arange(weights.shape[0]), prices.decision] * weights
    situations = _sums(key, weights, size)
    present = np.flatnonzero(situations)
    strengths = present // n_ranks
    starts = ranking.category_starts()
    categories = np.searchsorted(starts, strengths, side="right") - 1
    names = {int(s): ranking.describe(int(s)) for s in np.unique(strengths)}
    frame = pd.DataFrame(
        {
            "strength": strengths.astype(np.int64),
            "best_hand": [names[int(s)] for s in strengths],
            "category": np.array(ranking.categories)[categories],
            "up_rank": labels[present % n_ranks],
            "situations": situations[present],
        }
    )
    by_cell = _sums(key, deals, size)[present]
    for column, name in enumerate(CELLS):
        frame[f"deals_{name}"] = by_cell[:, column]
    by_decision = _sums(key, chosen, size)[present]
    for code, label in enumerate(DECISIONS):
        frame[f"situations_{label}"] = by_decision[:, code]
    frame["ev_optimal_numerator"] = _sums(key, optimal, size)[present]
    frame["ev_denominator"] = np.int64(prices.denominator)
    frame["ev_optimal"] = frame["ev_optimal_numerator"] / (frame["situations"] * prices.denominator)
    return frame


def strategy_by_seen(spec: GameSpec, analysis: SpecAnalysis) -> pd.DataFrame:
    """One row per hand group and up rank, strongest group first: the decision every situation
    in it takes, or ``mixed`` when kickers or suits split it."""
    ranking = spec.ranking
    groups = [ranking.group(s) for s in range(ranking.n_strengths)]
    order: dict[str, int] = {}
    for strength in range(ranking.n_strengths - 1, -1, -1):
        order.setdefault(groups[strength], len(order))
    group_code = np.array([order[group] for group in groups], dtype=np.int64)
    labels, rank_code = _rank_order(analysis.seen)
    n_ranks = len(labels)
    weights = analysis.weights
    chosen = np.zeros((weights.shape[0], len(DECISIONS)), dtype=np.int64)
    chosen[np.arange(weights.shape[0]), analysis.prices.decision] = weights
    key = group_code[analysis.strengths] * n_ranks + rank_code
    counts = _sums(key, chosen, len(order) * n_ranks)
    present = np.flatnonzero(counts.sum(axis=1))
    counts = counts[present]
    totals = counts.sum(axis=1)
    used = counts > 0
    decision = np.where(
        used.sum(axis=1) == 1, np.array(DECISIONS)[np.argmax(used, axis=1)], "mixed"
    )
    frame = pd.DataFrame(
        {
            "hand": np.array(list(order))[present // n_ranks],
            "up_rank": labels[present % n_ranks],
            "decision": decision,
            "situations": totals,
        }
    )
    for code, label in enumerate(DECISIONS):
        frame[f"situations_{label}"] = counts[:, code]
    for code, label in enumerate(DECISIONS):
        frame[f"share_{label}"] = counts[:, code] / totals
    return frame


def lowest_played(spec: GameSpec, analysis: SpecAnalysis) -> pd.DataFrame:
    """Per up rank: the weakest hand played in any situation, and the weakest from which every
    stronger situation is played -- the strategy's summary line by up card."""
    labels, rank_code = _rank_order(analysis.seen)
    played = analysis.prices.decision > 0
    rows = []
    for code, label in enumerate(labels):
        here = rank_code == code
        strengths = analysis.strengths[here]
        plays = played[here]
        any_played = int(strengths[plays].min()) if plays.any() else None
        folded = strengths[~plays]
        always = int(folded.max()) + 1 if folded.shape[0] else int(strengths.min())
        rows.append(
            {
                "up_rank": str(label),
                "lowest_played": "none"
                if any_played is None
                else spec.ranking.describe(any_played),
                "always_played_from": spec.ranking.describe(
                    min(always, spec.ranking.n_strengths - 1)
                ),
            }
        )
    return pd.DataFrame(rows)
