"""The result tables as DataFrames (columns documented in ``results/README.md``).

Each function takes the exact arrays (outcome counts, prices, bets) and returns one table;
nothing here counts or prices anything new.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.core.cards import format_hands
from crazy4.core.ranking import (
    HandCategory,
    category_of_strength,
    describe_strength,
    hand_group,
    hand_groups_in_order,
    number_of_strengths,
)
from crazy4.games.crazy_four.bets import BetOutcomes, summarize
from crazy4.games.crazy_four.outcomes import OUTCOME_CELLS, PlayerOutcomes
from crazy4.games.crazy_four.pricing import HandPrices, decision_label
from crazy4.games.crazy_four.strategy import DECISIONS

OUTCOME_LABELS = {
    "nq_player_higher": "dealer does not qualify, player higher",
    "nq_tie": "dealer does not qualify, tie",
    "nq_dealer_higher": "dealer does not qualify, dealer higher",
    "player_wins": "dealer qualifies, player wins",
    "tie": "dealer qualifies, tie",
    "dealer_wins": "dealer qualifies, dealer wins",
}


def fraction_text(value: Fraction) -> str:
    """``"-3/2"``, ``"1"``: an exact fraction as text.

    Examples
    --------
    >>> fraction_text(Fraction(-3, 2)), fraction_text(Fraction(4))
    ('-3/2', '4')
    """
    return str(value.numerator) if value.denominator == 1 else str(value)


def bets_table(bets: list[BetOutcomes], outcomes: PlayerOutcomes) -> pd.DataFrame:
    """One row per bet: exact EV and its statistics
    (:func:`crazy4.games.crazy_four.bets.summarize`)."""
    return pd.DataFrame([summarize(bet, outcomes.weights) for bet in bets])


def hand_frequencies(outcomes: PlayerOutcomes) -> pd.DataFrame:
    """Best-four-of-five hand groups (four aces apart, pairs by rank): combinations, probability.

    Examples
    --------
    >>> from crazy4.games.crazy_four.outcomes import compute_outcomes
    >>> table = hand_frequencies(compute_outcomes(322))
    >>> int(table.loc[table.hand == "four aces", "combinations"].iloc[0])
    48
    """
    groups = np.array([hand_group(s) for s in range(number_of_strengths())])
    frame = pd.DataFrame({"hand": groups[outcomes.strengths], "combinations": outcomes.weights})
    summed = frame.groupby("hand")["combinations"].sum()
    order = hand_groups_in_order()
    table = summed.reindex(order).reset_index()
    categories = category_of_strength()
    category_by_group = {
        hand_group(s): HandCategory(int(categories[s])).label for s in range(number_of_strengths())
    }
    table.insert(1, "category", table["hand"].map(category_by_group))
    total = comb(52, 5)
    table["combinations"] = table["combinations"].astype(np.int64)
    table["probability"] = table["combinations"] / total
    table["one_in"] = total / table["combinations"]
    return table


def player_hands_table(outcomes: PlayerOutcomes, prices: HandPrices) -> pd.DataFrame:
    """One row per suit class of player hands: counts, exact EVs, optimal decision."""
    hands = outcomes.hands
    strengths = outcomes.strengths
    categories = category_of_strength()[strengths]
    descriptions = np.array([describe_strength(s) for s in range(number_of_strengths())])
    frame = pd.DataFrame(
        {
            "hand": format_hands(hands[:, ::-1]),
            "weight": outcomes.weights,
            "strength": strengths,
            "best_hand": descriptions[strengths],
            "category": np.array([c.label for c in HandCategory])[categories],
        }
    )
    for column, name in enumerate(OUTCOME_CELLS):
        frame[name] = outcomes.counts[:, column]
    frame["ev_denominator"] = np.int64(prices.denominator)
    for code, name in enumerate(DECISIONS):
        frame[f"ev_{name}_numerator"] = np.where(prices.allowed[:, code], prices.ev[:, code], 0)
    for code, name in enumerate(DECISIONS):
        frame[f"ev_{name}"] = np.where(
            prices.allowed[:, code], prices.ev[:, code] / prices.denominator, np.nan
        )
    frame["decision"] = [decision_label(int(code)) for code in prices.decision]
    frame["tied_decisions"] = [
        "|".join(DECISIONS[c] for c in range(4) if row[c]) for row in prices.tied
    ]
    frame["exact_tie"] = prices.tied.sum(axis=1) > 1
    return frame


def returns_table(
    bet: BetOutcomes, outcomes: PlayerOutcomes, decision: npt.NDArray[np.int64]
) -> pd.DataFrame:
    """The return table of a bet: decision x hand group x dealer outcome.

    Columns: ``decision``, ``hand``, ``dealer_outcome``, ``net`` (exact, text), ``net_value``,
    ``combinations``, ``probability``, ``contribution`` (net x probability; they sum to the EV).
    """
    n_cells = len(OUTCOME_CELLS)
    return grouped_returns(
        bet,
        np.repeat(decision, n_cells),
        np.repeat(outcomes.strengths, n_cells),
        np.tile(np.arange(n_cells), decision.shape[0]),
        "dealer_outcome",
        [OUTCOME_LABELS[cell] for cell in OUTCOME_CELLS],
    )


def grouped_returns(
    bet: BetOutcomes,
    decisions: npt.NDArray[np.int64],
    strengths: npt.NDArray[np.int64],
    cells: npt.NDArray[np.int64],
    cell_column: str,
    cell_labels: list[str],
) -> pd.DataFrame:
    """A bet's return table from its per-entry nets and combinations (``bet.net``, ``bet.combos``
    raveled, each entry with its decision, player strength and cell code): grouped by decision,
    hand group, cell (labelled by ``cell_labels`` in column ``cell_column``) and net, strongest
    decision first, then hand group order, cell and net (largest first)."""
    groups = np.array([hand_group(s) for s in range(number_of_strengths())])
    frame = pd.DataFrame(
        {
            "decision_code": decisions,
            "hand": groups[strengths],
            "cell": cells,
            "net_numerator": bet.net.ravel(),
            "combinations": bet.combos.ravel(),
        }
    )
    frame = frame[frame["combinations"] > 0]
    grouped = (
        frame.groupby(["decision_code", "hand", "cell", "net_numerator"], sort=False)[
            "combinations"
        ]
        .sum()
        .reset_index()
    )
    order = {name: position for position, name in enumerate(hand_groups_in_order())}
    grouped["hand_order"] = grouped["hand"].map(order)
    grouped = grouped.sort_values(
        ["decision_code", "hand_order", "cell", "net_numerator"],
        ascending=[False, True, True, False],
    ).reset_index(drop=True)
    total = int(grouped["combinations"].sum())
    nets = [Fraction(int(n), bet.unit) for n in grouped["net_numerator"]]
    return pd.DataFrame(
        {
            "decision": [decision_label(int(c)) for c in grouped["decision_code"]],
            "hand": grouped["hand"],
            cell_column: [cell_labels[int(c)] for c in grouped["cell"]],
            "net": [fraction_text(n) for n in nets],
            "net_value": [float(n) for n in nets],
            "combinations": grouped["combinations"].astype(np.int64),
            "probability": grouped["combinations"] / total,
            "contribution": [
                float(n) * c / total for n, c in zip(nets, grouped["combinations"], strict=True)
            ],
        }
    )


def net_distribution(bet: BetOutcomes) -> pd.DataFrame:
    """Distribution of the net result of one round of a bet.

    Columns: ``net`` (exact, text), ``net_value``, ``combinations``, ``probability``,
    ``cumulative_probability``.
    """
    distribution = bet.distribution()
    total = sum(count for _, count in distribution)
    frame = pd.DataFrame(
        {
            "net": [fraction_text(value) for value, _ in distribution],
            "net_value": [float(value) for value, _ in distribution],
            "combinations": np.array([count for _, count in distribution], dtype=np.int64),
        }
    )
    frame["probability"] = frame["combinations"] / total
    frame["cumulative_probability"] = frame["probability"].cumsum()
    return frame
