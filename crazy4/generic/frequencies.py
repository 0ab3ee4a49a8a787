"""Hand frequencies by best-four hand group, for any hand size and any counted hands.

Four Card Poker's tables (the player's five cards, the dealer's six) report how often each hand
group occurs: four aces apart from the other fours of a kind, pairs by rank
(:func:`crazy4.core.ranking.hand_group`). The counts come from the caller (suit-class weights,
or a histogram of strengths), so the table is exact.

Examples
--------
>>> from crazy4.core.ranking import strength_of_description
>>> pair = strength_of_description("pair of 5s")
>>> table = group_frequencies(np.array([pair, pair, 0]), np.array([3, 1, 4]))
>>> table[table["combinations"] > 0][["hand", "category", "combinations", "probability"]]
... # doctest: +NORMALIZE_WHITESPACE
             hand   category  combinations  probability
16  pair of fives       pair             4          0.5
20      high card  high card             4          0.5
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.core.ranking import (
    HandCategory,
    category_of_strength,
    hand_group,
    hand_groups_in_order,
    number_of_strengths,
)


def group_frequencies(
    strengths: npt.NDArray[np.int64], counts: npt.NDArray[np.int64]
) -> pd.DataFrame:
    """Hands counted by hand group, strongest first.

    Parameters
    ----------
    strengths : ndarray of int
        Best-four strengths.
    counts : ndarray of int
        How many hands each strength stands for (same shape).

    Returns
    -------
    DataFrame
        ``hand``, ``category``, ``combinations``, ``probability`` (of the counted hands),
        ``one_in``; every group, those never counted with 0 combinations.
    """
    groups = np.array([hand_group(s) for s in range(number_of_strengths())])
    frame = pd.DataFrame({"hand": groups[strengths], "combinations": counts})
    summed = frame.groupby("hand")["combinations"].sum()
    table = summed.reindex(hand_groups_in_order(), fill_value=0).reset_index()
    labels = [category.label for category in HandCategory]
    categories = [labels[c] for c in category_of_strength().tolist()]
    category_by_group = dict(zip(groups.tolist(), categories, strict=True))
    table.insert(1, "category", table["hand"].map(category_by_group))
    total = int(table["combinations"].sum())
    table["combinations"] = table["combinations"].astype(np.int64)
    table["probability"] = table["combinations"] / total
    table["one_in"] = total / table["combinations"]
    return table
