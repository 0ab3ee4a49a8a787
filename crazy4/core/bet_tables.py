"""The result tables every game builds the same way from a bet's exact lattice.

* :func:`grouped_returns`: the return table, by decision, player hand group, cell and net;
* :func:`net_distribution`: the distribution of the net result of one round;
* :func:`fraction_text`: the exact fractions in their text columns.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.core.bets import BetOutcomes
from crazy4.core.decisions import decision_label
from crazy4.core.paytables import format_odds
from crazy4.core.ranking import hand_group, hand_groups_in_order, number_of_strengths

#: ``"-3/2"``, ``"1"``: an exact fraction as text (:func:`crazy4.core.paytables.format_odds`).
fraction_text = format_odds


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
    decision first, then hand group order, cell and net (largest first).

    Columns: ``decision``, ``hand``, ``cell_column``, ``net`` (exact, text), ``net_value``,
    ``combinations``, ``probability``, ``contribution`` (net x probability; they sum to the EV).

    Examples
    --------
    >>> bet = BetOutcomes("x", "", np.array([[3, 1]]), np.array([[2, -2]]), 2, np.array([2]))
    >>> table = grouped_returns(bet, np.array([1, 1]), np.array([0, 0]), np.array([0, 1]),
    ...                         "result", ["win", "loss"])
    >>> table[["decision", "result", "net", "combinations"]].values.tolist()
    [['1x', 'win', '1', 3], ['1x', 'loss', '-1', 1]]
    >>> float(table["contribution"].sum())
    0.5
    """
    names = hand_groups_in_order()
    position = {name: index for index, name in enumerate(names)}
    # group by the hand group's position in the order (an integer), named only at the end:
    # the same groups and order as by name, without a text column of every entry
    group_order = np.array([position[hand_group(s)] for s in range(number_of_strengths())])
    grouped = _grouped_by_counting(
        decisions, group_order[strengths], cells, bet.net.ravel(), bet.combos.ravel()
    )
    if grouped is None:
        frame = pd.DataFrame(
            {
                "decision_code": decisions,
                "hand_order": group_order[strengths],
                "cell": cells,
                "net_numerator": bet.net.ravel(),
                "combinations": bet.combos.ravel(),
            }
        )
        frame = frame[frame["combinations"] > 0]  # net_numerator: int64 or Python integers
        keys = ["decision_code", "hand_order", "cell", "net_numerator"]
        grouped = frame.groupby(keys, sort=False)["combinations"].sum().reset_index()
        grouped = grouped.sort_values(keys, ascending=[False, True, True, False])
        grouped = grouped.reset_index(drop=True)
    total = int(grouped["combinations"].sum())
    nets = [Fraction(int(n), bet.unit) for n in grouped["net_numerator"]]
    return pd.DataFrame(
        {
            "decision": [decision_label(int(c)) for c in grouped["decision_code"]],
            "hand": [names[index] for index in grouped["hand_order"]],
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


def _grouped_by_counting(
    decisions: npt.NDArray[np.int64],
    hand_order: npt.NDArray[np.int64],
    cells: npt.NDArray[np.int64],
    net: npt.NDArray[np.int64],
    combos: npt.NDArray[np.int64],
) -> pd.DataFrame | None:
    """The groups of :func:`grouped_returns` (decision, hand group, cell, net) with their
    summed combinations, already in its order, by exact int64 sums into one slot per possible
    group (no sort, no pandas group-by); None when the nets are Python integers or the groups
    would need too many slots (the group-by then does it)."""
    if net.dtype != np.int64 or combos.dtype != np.int64:
        return None
    keep = combos > 0
    if not keep.any():
        return None
    d, h, c, n, w = decisions[keep], hand_order[keep], cells[keep], net[keep], combos[keep]
    low = int(n.min())
    decisions_n, hands_n = int(d.max()) + 1, int(h.max()) + 1
    cells_n, nets_n = int(c.max()) + 1, int(n.max()) - low + 1
    if min(int(d.min()), int(h.min()), int(c.min())) < 0:
        return None
    if decisions_n * hands_n * cells_n * nets_n > 1 << 24:
        return None
    # ascending slots: strongest decision first, then hand group, cell, and net (largest first)
    slot = ((decisions_n - 1 - d) * hands_n + h) * cells_n + c
    slot = slot * nets_n + (nets_n - 1 - (n - low))
    totals = np.zeros(decisions_n * hands_n * cells_n * nets_n, dtype=np.int64)
    np.add.at(totals, slot, w)
    present = np.flatnonzero(totals)
    rest, net_slot = np.divmod(present, nets_n)
    rest, cell = np.divmod(rest, cells_n)
    decision, hand = np.divmod(rest, hands_n)
    return pd.DataFrame(
        {
            "decision_code": (decisions_n - 1 - decision).astype(np.int64),
            "hand_order": hand.astype(np.int64),
            "cell": cell.astype(np.int64),
            "net_numerator": (nets_n - 1 - net_slot + low).astype(np.int64),
            "combinations": totals[present],
        }
    )


def net_distribution(bet: BetOutcomes) -> pd.DataFrame:
    """Distribution of the net result of one round of a bet.

    Columns: ``net`` (exact, text), ``net_value``, ``combinations``, ``probability``,
    ``cumulative_probability``.

    Examples
    --------
    >>> bet = BetOutcomes("x", "", np.array([[3, 1]]), np.array([[2, -2]]), 2, np.array([2]))
    >>> net_distribution(bet)[["net", "combinations", "cumulative_probability"]].values.tolist()
    [['-1', 1, 0.25], ['1', 3, 1.0]]
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
