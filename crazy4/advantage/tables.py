"""The hole-card chart as a grid (hand groups x seen ranks), for the report and the notebooks."""

from __future__ import annotations

import pandas as pd

from crazy4.core.cards import RANKS


def seen_order(label: str) -> int:
    """A seen-rank label's place, highest first: by the higher rank, then the lower.

    Examples
    --------
    >>> sorted(["Q-K", "A-A", "2-A", "K-A"], key=seen_order, reverse=True)
    ['A-A', 'K-A', '2-A', 'Q-K']
    >>> sorted(["9", "A", "T"], key=seen_order, reverse=True)
    ['A', 'T', '9']
    """
    ranks = [RANKS.index(part) for part in label.split("-")]
    return 13 * max(ranks) + min(ranks)


def chart_grid(chart: pd.DataFrame) -> pd.DataFrame:
    """The chart as a grid: hand groups (strongest first) x seen ranks (ace first)."""
    grid = chart.pivot(index="hand_group", columns="seen_rank", values="decision")
    order = chart.drop_duplicates("hand_group")["hand_group"].tolist()
    seen = sorted(set(chart["seen_rank"]), key=seen_order, reverse=True)
    return grid.reindex(index=order, columns=seen)
