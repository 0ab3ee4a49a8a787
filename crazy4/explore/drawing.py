"""The explorer's plots, drawn off screen to PNG bytes.

* :func:`sweep_figure` -- a bet's exact house edge as one pay line's odds sweep, the current
  value marked and the target band shaded;
* :func:`net_figure` -- the distribution of the net result of one round;
* :func:`strategy_figure` -- the optimal strategy as a picture: hand and up card for a game
  with an up card, the strength scale for the others.
"""

from __future__ import annotations

import io
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from crazy4.core.text_safety import plot_text
from crazy4.report import plots

if TYPE_CHECKING:
    from crazy4.spec.game import GameAnalysis


def _figure(size: tuple[float, float]) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=size, dpi=90)


def png(figure: Any) -> bytes:
    """A figure as PNG bytes.

    Examples
    --------
    >>> png(_figure((1, 1)))[:4]
    b'\\x89PNG'
    """
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", bbox_inches="tight")
    return buffer.getvalue()


def sweep_figure(
    edges: dict[Fraction, Fraction],
    line: str,
    bet: str,
    current: Fraction,
    band: tuple[float, float] | None = None,
) -> Any:
    """House edge (percent) of ``bet`` against the odds of ``line``.

    Examples
    --------
    >>> figure = sweep_figure({Fraction(1): Fraction(1, 20), Fraction(2): Fraction(1, 40)},
    ...                       "flush", "side", Fraction(1), (2.0, 3.0))
    >>> figure.axes[0].get_title()
    'side: house edge as flush pays 1 to 2'
    """
    figure = _figure((7, 3.2))
    ax = figure.add_subplot()
    odds = sorted(edges)
    if odds:
        ax.plot([float(o) for o in odds], [float(edges[o]) * 100 for o in odds], color="tab:blue")
    if band is not None:
        ax.axhspan(band[0], band[1], color="tab:green", alpha=0.15, label="target band")
    if current in edges:
        now = plot_text(f"now: {line} {current} → {float(edges[current]):.4%}")
        ax.plot([float(current)], [float(edges[current]) * 100], "o", color="tab:red", label=now)
    ax.axhline(0, color="grey", linewidth=0.6)
    ax.set_xlabel(f"{line} pays (to 1)")
    ax.set_ylabel("house edge (%)")
    low = f"{odds[0]}" if odds else "0"
    high = f"{odds[-1]}" if odds else "0"
    ax.set_title(plot_text(f"{bet}: house edge as {line} pays {low} to {high}"))
    ax.grid(alpha=0.3)
    if band is not None or current in edges:
        ax.legend(fontsize=8, loc="best")
    return figure


def net_figure(analysis: GameAnalysis, title: str) -> Any:
    """The analysis's ``net_distribution`` as bars (log scale)."""
    figure = _figure((7, 3.2))
    ax = figure.add_subplot()
    plots.net_distribution(analysis.tables["net_distribution"], ax=ax, title=title)
    return figure


def strategy_figure(analysis: GameAnalysis, title: str) -> Any:
    """The analysis's ``strategy`` as a picture: by hand and up card when it has an up card
    (:func:`crazy4.report.plots.decision_chart`), else along the strength scale
    (:func:`crazy4.report.plots.strategy_bands`)."""
    strategy = analysis.tables["strategy"]
    if "up_rank" in strategy.columns:
        hands = strategy["hand"].nunique()
        figure = _figure((8, 0.2 * hands + 1.5))
        plots.decision_chart(strategy, ax=figure.add_subplot(), title=title)
        return figure
    figure = _figure((7, 2.6))
    plots.strategy_bands(strategy, ax=figure.add_subplot(), title=title)
    return figure
