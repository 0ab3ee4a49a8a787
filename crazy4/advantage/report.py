"""The hole-card section of a rule set's report (Markdown), from the hole-card tables."""

from __future__ import annotations

from typing import Any

import pandas as pd

from crazy4.advantage.tables import chart_grid
from crazy4.core.text_safety import markdown_text

#: The chart paragraph's rest: one seen rank, or both dealer ranks as ``low-high``.
CHART_TEXT = (
    "perfect hole-card strategy. Hand groups whose decision changes with the seen rank",
    "(every other group: the same decision for every seen rank, `hole_chart.parquet`):",
)
CHART_TEXT_BOTH_RANKS = (
    "perfect hole-card strategy (with an up card the chart knows both dealer ranks, as",
    "`low-high`). Hand groups whose decision changes with the seen rank (every other",
    "group: the same decision for every seen rank, `hole_chart.parquet`):",
)


def _percent(value: Any) -> str:
    return f"{100 * value:.4f}%"


def hole_card_section(tables: dict[str, pd.DataFrame], prefix: str = "hole") -> str:
    """Markdown: edge by information, value of each seen rank, the chart and its cost.

    Examples
    --------
    >>> import pandas as pd
    >>> strategies = pd.DataFrame([{"seen": 1, "strategy": "none", "description": "d",
    ...     "house_edge": 0.03, "element_of_risk": 0.01, "std_dev": 3.1, "gain": 0.0,
    ...     "ev_numerator": -3, "ev_denominator": 100, "tied_situations": 0}])
    >>> "| none |" in hole_card_section({"hole_strategies": strategies})
    True
    """
    strategies = tables[f"{prefix}_strategies"]
    seen = int(strategies["seen"].iloc[0])
    lines = [
        f"## Advantage play: {seen} seen dealer card{'s' if seen != 1 else ''}",
        "",
        "Exact house edge when the player sees hidden dealer cards (a flashed card, a",
        "hole-carding seat) and plays the best strategy for what it learns; counted with the",
        "seen cards forced into every dealer hand (`docs/advantage.md`).",
        "",
        "| strategy | what the player knows | house edge | element of risk | SD | gain "
        "| exact EV |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for row in strategies.itertuples():
        lines.append(
            f"| {markdown_text(row.strategy)} | {markdown_text(row.description)} | "
            f"{_percent(row.house_edge)} | "
            f"{_percent(row.element_of_risk)} | {row.std_dev:.4f} | {_percent(row.gain)} | "
            f"{row.ev_numerator}/{row.ev_denominator} |"
        )
    value = tables.get(f"{prefix}_value_by_rank")
    if value is not None and len(value):
        lines += [
            "",
            "Value of each seen rank (EV per Ante when the seen card has that rank):",
            "",
            "| seen rank | probability | EV using it | EV ignoring it | gain |",
            "|---|---:|---:|---:|---:|",
        ]
        for row in value.itertuples():
            lines.append(
                f"| {markdown_text(row.seen_rank)} | {_percent(row.probability)} | {row.ev:.6f} | "
                f"{row.ev_ignoring_it:.6f} | {_percent(row.gain)} |"
            )
    chart = tables.get(f"{prefix}_chart")
    if chart is not None and len(chart):
        grid = chart_grid(chart)
        varying = grid[grid.nunique(axis=1) > 1]
        cost = strategies.set_index("strategy")
        lost = float(cost.at["card", "ev"]) - float(cost.at["chart", "ev"])  # type: ignore[arg-type]
        both_ranks = any("-" in str(column) for column in grid.columns)  # an up card too
        lines += [
            "",
            f"The chart (hand group x seen rank) costs {_percent(lost)} of the Ante against the",
            *(CHART_TEXT_BOTH_RANKS if both_ranks else CHART_TEXT),
            "",
            "| hand group | " + " | ".join(markdown_text(c) for c in grid.columns) + " |",
            "|---|" + "---|" * len(grid.columns),
        ]
        for group, *decisions in varying.itertuples(name=None):
            cells = [markdown_text(group), *(markdown_text(v) for v in decisions)]
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
