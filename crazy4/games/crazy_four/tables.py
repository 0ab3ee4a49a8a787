"""The Crazy 4 Poker result tables as DataFrames (columns documented in ``results/README.md``).

Each function takes the exact arrays (outcome counts, prices, bets) and returns one table;
nothing here counts or prices anything new.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.core.bet_tables import grouped_returns
from crazy4.core.bets import BetOutcomes, summarize
from crazy4.core.cards import format_hands
from crazy4.core.decisions import DECISIONS, decision_label
from crazy4.core.exact import fits_int64
from crazy4.core.ranking import (
    HandCategory,
    category_of_strength,
    describe_strength,
    number_of_strengths,
)
from crazy4.games.crazy_four.outcomes import OUTCOME_CELLS, PlayerOutcomes
from crazy4.games.crazy_four.pricing import HandPrices
from crazy4.generic.frequencies import group_frequencies

OUTCOME_LABELS = {
    "nq_player_higher": "dealer does not qualify, player higher",
    "nq_tie": "dealer does not qualify, tie",
    "nq_dealer_higher": "dealer does not qualify, dealer higher",
    "player_wins": "dealer qualifies, player wins",
    "tie": "dealer qualifies, tie",
    "dealer_wins": "dealer qualifies, dealer wins",
}


def bets_table(bets: list[BetOutcomes], outcomes: PlayerOutcomes) -> pd.DataFrame:
    """One row per bet: exact EV and its statistics
    (:func:`crazy4.core.bets.summarize`)."""
    return pd.DataFrame([summarize(bet, outcomes.weights) for bet in bets])


def hand_frequencies(outcomes: PlayerOutcomes) -> pd.DataFrame:
    """Best-four-of-five hand groups (four aces apart, pairs by rank): combinations, probability
    (:func:`crazy4.generic.frequencies.group_frequencies` over the suit classes).

    Examples
    --------
    >>> from crazy4.games.crazy_four.outcomes import compute_outcomes
    >>> table = hand_frequencies(compute_outcomes(322))
    >>> int(table.loc[table.hand == "four aces", "combinations"].iloc[0])
    48
    """
    return group_frequencies(outcomes.strengths, outcomes.weights)


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
    # int64 columns; Python integers (object) where a huge pay table exceeds int64
    denominator = prices.denominator
    frame["ev_denominator"] = np.int64(denominator) if fits_int64(denominator) else denominator
    for code, name in enumerate(DECISIONS):
        frame[f"ev_{name}_numerator"] = np.where(prices.allowed[:, code], prices.ev[:, code], 0)
    for code, name in enumerate(DECISIONS):
        frame[f"ev_{name}"] = np.where(
            prices.allowed[:, code], prices.ev[:, code] / prices.denominator, np.nan
        ).astype(np.float64)
    labels = [decision_label(code) for code in range(len(DECISIONS))]
    frame["decision"] = [labels[code] for code in prices.decision.tolist()]
    # the "|"-joined names of the tied decisions, looked up by the tie pattern (16 of them)
    patterns = [
        "|".join(DECISIONS[c] for c in range(len(DECISIONS)) if pattern >> c & 1)
        for pattern in range(1 << len(DECISIONS))
    ]
    bits = prices.tied.astype(np.int64) @ (1 << np.arange(len(DECISIONS)))
    frame["tied_decisions"] = [patterns[pattern] for pattern in bits.tolist()]
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
