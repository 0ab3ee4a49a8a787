"""Result tables both best-four games build the same way (columns in ``results/README.md``).

Crazy 4 Poker (a row per player hand class) and Four Card Poker (a row per deal-lattice row,
:mod:`crazy4.generic.upcard_tables`) tabulate their bets, their return tables and, for a game
priced by hand class, the hand classes alike; the game supplies its rows, their weights and
the names of its outcome cells. Nothing here counts or prices anything new.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt
import pandas as pd
import pyarrow as pa

from crazy4.core.bet_tables import grouped_returns
from crazy4.core.bets import BetOutcomes, summarize
from crazy4.core.cards import format_hands
from crazy4.core.decisions import DECISIONS, HandPrices, decision_label
from crazy4.core.exact import fits_int64
from crazy4.core.ranking import (
    HandCategory,
    category_of_strength,
    describe_strength,
    number_of_strengths,
)


def bets_table(bets: Iterable[tuple[BetOutcomes, npt.NDArray[np.int64]]]) -> pd.DataFrame:
    """One row per bet (:func:`crazy4.core.bets.summarize`): exact EV and its statistics; each
    bet comes with the weight of each of its rows.

    Examples
    --------
    >>> bet = BetOutcomes("x", "", np.array([[1, 1]]), np.array([[1, -1]]), 1, np.array([1]))
    >>> bets_table([(bet, np.array([3]))])[["bet", "ev"]].values.tolist()
    [['x', 0.0]]
    """
    return pd.DataFrame([summarize(bet, weights) for bet, weights in bets])


def cell_returns(
    bet: BetOutcomes,
    decisions: npt.NDArray[np.int64],
    strengths: npt.NDArray[np.int64],
    cell_codes: npt.NDArray[np.int64],
    cell_column: str,
    cell_labels: list[str],
) -> pd.DataFrame:
    """The return table of a bet whose rows (a decision and a player strength each) hold the
    same cells: ``cell_codes`` labels the columns of a row
    (:func:`crazy4.core.bet_tables.grouped_returns`).

    Examples
    --------
    >>> bet = BetOutcomes("x", "", np.array([[3, 1]]), np.array([[2, -2]]), 2, np.array([2]))
    >>> table = cell_returns(bet, np.array([1]), np.array([0]), np.arange(2), "result",
    ...                      ["win", "loss"])
    >>> table[["decision", "result", "net", "combinations"]].values.tolist()
    [['1x', 'win', '1', 3], ['1x', 'loss', '-1', 1]]
    """
    n_cells = cell_codes.shape[0]
    return grouped_returns(
        bet,
        np.repeat(decisions, n_cells),
        np.repeat(strengths, n_cells),
        np.tile(cell_codes, decisions.shape[0]),
        cell_column,
        cell_labels,
    )


def _text(values: list[str]) -> pd.Series:
    """A text column from a list, through Arrow: the same column as pandas makes from the list
    (its ``str`` dtype), in about half the time for the 134,459 rows of a hand-classes table."""
    return pd.Series(pa.array(values, type=pa.large_string()), dtype="str")


def hand_classes_table(
    hands: npt.NDArray[np.uint8],
    weights: npt.NDArray[np.int64],
    strengths: npt.NDArray[np.int64],
    cells: tuple[Sequence[str], npt.NDArray[np.int64]],
    prices: HandPrices,
) -> pd.DataFrame:
    """One row per suit class of player hands: its outcome cells (``cells``: their names and
    counts, shape (n, cells)), exact EVs and the optimal decision.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> from crazy4.core.cards import parse_cards
    >>> prices = SimpleNamespace(denominator=2, ev=np.array([[-2, 1, 2, 3]]),
    ...     allowed=np.ones((1, 4), bool), decision=np.array([3]),
    ...     tied=np.array([[False, False, False, True]]))
    >>> hand = np.array([sorted(parse_cards("As Ad 7c 4h 2s"))], dtype=np.uint8)
    >>> row = hand_classes_table(hand, np.array([12]), np.array([900]),
    ...                          (["win", "lose"], np.array([[1, 1]])), prices).iloc[0]
    >>> row["hand"], float(row["ev_3x"]), row["decision"], row["tied_decisions"]
    ('As Ad 7c 4h 2s', 1.5, '3x', '3x')
    """
    categories = category_of_strength()[strengths]
    descriptions = np.array([describe_strength(s) for s in range(number_of_strengths())])
    frame = pd.DataFrame(
        {
            "hand": _text(format_hands(hands[:, ::-1]).tolist()),
            "weight": weights,
            "strength": strengths,
            "best_hand": _text(descriptions[strengths].tolist()),
            "category": _text(np.array([c.label for c in HandCategory])[categories].tolist()),
        }
    )
    names, counts = cells
    for column, name in enumerate(names):
        frame[name] = counts[:, column]
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
    frame["decision"] = _text([labels[code] for code in prices.decision.tolist()])
    # the "|"-joined names of the tied decisions, looked up by the tie pattern (16 of them)
    patterns = [
        "|".join(DECISIONS[c] for c in range(len(DECISIONS)) if pattern >> c & 1)
        for pattern in range(1 << len(DECISIONS))
    ]
    bits = prices.tied.astype(np.int64) @ (1 << np.arange(len(DECISIONS)))
    frame["tied_decisions"] = _text([patterns[pattern] for pattern in bits.tolist()])
    frame["exact_tie"] = prices.tied.sum(axis=1) > 1
    return frame


__all__ = ["bets_table", "cell_returns", "hand_classes_table"]
