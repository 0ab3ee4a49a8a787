"""The bets and return tables of the best-four up-card analysis (columns in
``results/README.md``).

Four Card Poker (a row per deal-lattice row, :mod:`crazy4.generic.upcard_tables`) tabulates
its bets and its return table from its rows, their weights and the names of its outcome cells
(Crazy 4 Poker's tables are the specification engines': :mod:`crazy4.generic.tables`).
Nothing here counts or prices anything new.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.core.bet_tables import grouped_returns
from crazy4.core.bets import BetOutcomes, summarize


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


__all__ = ["bets_table", "cell_returns"]
