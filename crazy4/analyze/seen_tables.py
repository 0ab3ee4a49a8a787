"""The result tables of a game whose dealer turns cards face up, by what the player sees.

With a dealer card face up the optimal strategy is a decision per (player hand, up card)
situation: millions of rows for five-card hands. The tables here sum them exactly (from
:attr:`crazy4.analyze.analysis.SpecAnalysis.sums`) by hand strength and up rank
(``situations``) and by hand group and up rank (``strategy``).

Examples
--------
>>> seen_ranks(np.array([[51], [0]], dtype=np.uint8)).tolist()
['A', '2']
>>> seen_ranks(np.array([[51, 0]], dtype=np.uint8)).tolist()
['A-2']
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.analyze.analysis import SpecAnalysis
from crazy4.core.bet_tables import fraction_text
from crazy4.core.cards import RANKS, format_cards
from crazy4.core.exact import exact_full, fits_int64, is_wide, largest_magnitude, widen
from crazy4.spec.specification import DECISIONS, GameSpec

IntArray = npt.NDArray[np.int64]


def seen_ranks(seen: npt.NDArray[np.uint8]) -> npt.NDArray[np.str_]:
    """The ranks of each row's seen dealer cards, highest first, joined by ``-``."""
    ranks = np.sort(seen.astype(np.int64) // 4, axis=1)[:, ::-1]
    text = np.array(list(RANKS))[ranks]
    if text.shape[1] == 1:
        return text[:, 0]
    return np.array(["-".join(row) for row in text.tolist()])


def rank_labels(analysis: SpecAnalysis) -> npt.NDArray[np.str_]:
    """The seen-rank labels (:func:`seen_ranks`) of the codes of :attr:`SpecAnalysis.sums`,
    weakest first."""
    return seen_ranks(analysis.seen[analysis.sums.rank_rows])


def _texts(
    values: Sequence[str] | npt.NDArray[np.str_], index: IntArray
) -> pd.api.extensions.ExtensionArray:
    """``values[index]`` as a text column: each distinct text converted once, then taken (not
    every row converted on its own).

    >>> list(_texts(["a", "b"], np.array([1, 1, 0])))
    ['b', 'b', 'a']
    """
    return pd.array(list(values), dtype="str").take(index)


def _by_key(key: IntArray, size: int, values: IntArray) -> IntArray:
    """Exact sums of the rows of ``values`` by ``key``: int64, or Python integers where a sum
    could pass int64."""
    wide = is_wide(values) or not fits_int64(largest_magnitude(values) * max(len(values), 1))
    out = exact_full((size, *values.shape[1:]), 0, wide)
    np.add.at(out, key, widen(values, wide))
    return out


def _by_decision(analysis: SpecAnalysis) -> IntArray:
    """The situations of each group of :attr:`SpecAnalysis.sums` in its decision's column."""
    sums = analysis.sums
    chosen = np.zeros((sums.situations.shape[0], len(DECISIONS)), dtype=np.int64)
    chosen[np.arange(chosen.shape[0]), sums.decision] = sums.situations
    return chosen


def strongest_first(groups: list[str]) -> dict[str, int]:
    """Each hand group's place, strongest first, from the group of each strength (ascending).

    Examples
    --------
    >>> strongest_first(["low", "low", "pair", "high"])
    {'high': 0, 'pair': 1, 'low': 2}
    """
    return {group: place for place, group in enumerate(dict.fromkeys(groups[::-1]))}


def situations_table(spec: GameSpec, analysis: SpecAnalysis) -> pd.DataFrame:
    """One row per player strength and up rank: situations, exact deals by cell, decisions and
    the optimal EV summed over the situations."""
    ranking, prices, sums = spec.ranking, analysis.prices, analysis.sums
    labels = rank_labels(analysis)
    n_ranks = len(labels)
    key = sums.strength * n_ranks + sums.rank
    size = ranking.n_strengths * n_ranks
    situations = _by_key(key, size, sums.situations)
    present = np.flatnonzero(situations)
    strengths = present // n_ranks
    starts = ranking.category_starts()
    categories = np.searchsorted(starts, strengths, side="right") - 1
    described, which = np.unique(strengths, return_inverse=True)
    frame = pd.DataFrame(
        {
            "strength": strengths.astype(np.int64),
            "best_hand": _texts([ranking.describe(int(s)) for s in described], which),
            "category": _texts(ranking.categories, categories),
            "up_rank": _texts(labels, present % n_ranks),
            "situations": situations[present],
        }
    )
    by_cell = _by_key(key, size, sums.deals)[present]
    layout = analysis.settlement.layout
    for column in layout.outcome_cells:
        frame[f"deals_{layout.outcome_names[column]}"] = by_cell[:, column]
    by_decision = _by_key(key, size, _by_decision(analysis))[present]
    for code, label in enumerate(DECISIONS):
        frame[f"situations_{label}"] = by_decision[:, code]
    frame["ev_optimal_numerator"] = _by_key(key, size, sums.optimal)[present]
    frame["ev_denominator"] = np.int64(prices.denominator)
    frame["ev_optimal"] = frame["ev_optimal_numerator"] / (frame["situations"] * prices.denominator)
    return frame


def strategy_by_seen(spec: GameSpec, analysis: SpecAnalysis) -> pd.DataFrame:
    """One row per hand group (the layout's, else the ranking's) and up rank, strongest group
    first: the decision every situation in it takes, or ``mixed`` when kickers or suits split
    it."""
    ranking, sums = spec.ranking, analysis.sums
    group = analysis.settlement.layout.group or ranking.group
    groups = [group(s) for s in range(ranking.n_strengths)]
    order = strongest_first(groups)
    group_code = np.array([order[group] for group in groups], dtype=np.int64)
    labels = rank_labels(analysis)
    n_ranks = len(labels)
    key = group_code[sums.strength] * n_ranks + sums.rank
    counts = _by_key(key, len(order) * n_ranks, _by_decision(analysis))
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
    sums, describe = analysis.sums, spec.ranking.describe
    played = sums.decision > 0
    rows = []
    for code, label in enumerate(rank_labels(analysis)):
        here = sums.rank == code
        strengths = sums.strength[here]
        plays = played[here]
        lowest = describe(int(strengths[plays].min())) if plays.any() else "none"
        folded = strengths[~plays]
        always = int(folded.max()) + 1 if folded.shape[0] else int(strengths.min())
        always = min(always, spec.ranking.n_strengths - 1)
        rows.append(
            {"up_rank": str(label), "lowest_played": lowest, "always_played_from": describe(always)}
        )
    return pd.DataFrame(rows)


def several_tied(tied: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """The rows where more than one decision ties for the best (summed a column at a time: the
    faster over millions of rows).

    Examples
    --------
    >>> several_tied(np.array([[True, False, True], [False, True, False]])).tolist()
    [True, False]
    """
    count = np.zeros(tied.shape[0], dtype=np.uint8)  # at most a few decisions
    for column in range(tied.shape[1]):
        count += tied[:, column].view(np.uint8)
    return count > 1


def exact_ties(spec: GameSpec, analysis: SpecAnalysis) -> pd.DataFrame:
    """The situation classes where two decisions have exactly the same EV, in the classes'
    order (``ev``: the optimum, exact text, per unit of Ante)."""
    prices = analysis.prices
    rows = []
    optimal = prices.optimal  # the EV under the decision: no (n, 4) EVs read
    for i in np.flatnonzero(several_tied(prices.tied)):
        ev = Fraction(int(optimal[i]), prices.denominator)
        rows.append(
            {
                "hand": format_cards(sorted((int(c) for c in analysis.hands[i]), reverse=True)),
                "up_card": format_cards(sorted((int(c) for c in analysis.seen[i]), reverse=True)),
                "best_hand": spec.ranking.describe(int(analysis.strengths[i])),
                "situations": int(analysis.weights[i]),
                "tied_decisions": "|".join(DECISIONS[c] for c in range(4) if prices.tied[i, c]),
                "ev": fraction_text(ev),
            }
        )
    columns = ["hand", "up_card", "best_hand", "situations", "tied_decisions", "ev"]
    return pd.DataFrame(rows, columns=columns)
