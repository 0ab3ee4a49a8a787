"""The plot of the progressive's return against the meter (matplotlib, as
:mod:`crazy4.report.plots`)."""

from __future__ import annotations

from typing import Any

import pandas as pd


def return_by_meter(frame: pd.DataFrame, ax: Any | None = None, title: str = "") -> Any:
    """Return per dollar wagered against the meter, alone and with the most other seats.

    Parameters
    ----------
    frame : DataFrame
        The ``progressive_by_meter`` table.
    ax : matplotlib Axes, optional
    title : str

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from crazy4.registry import load_rules
    >>> from crazy4.report.progressive import progressive_results
    >>> tables, _ = progressive_results(load_rules("crazy4-progressive"))
    >>> len(return_by_meter(tables["progressive_by_meter"]).lines)
    3
    """
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(8, 4))
    most = int(frame["other_seats"].max())
    for seats in sorted({0, most}):
        rows = frame[frame["other_seats"] == seats].sort_values("meter")
        label = "no other seat" if seats == 0 else f"{seats} other seats (envy)"
        ax.plot(rows["meter"], 100 * rows["return"], marker=".", label=label)
        even = rows[rows["point"] == "break-even"]
        ax.scatter(even["meter"], 100 * even["return"], color="black", zorder=3, s=18)
    ax.axhline(100, color="black", linewidth=0.8, linestyle="--", label="break-even (100%)")
    ax.set_xlabel("meter (dollars)")
    ax.set_ylabel("return (% of the wager)")
    ax.set_title(title or "Return of the progressive against the meter")
    ax.legend()
    ax.grid(alpha=0.3)
    return ax
