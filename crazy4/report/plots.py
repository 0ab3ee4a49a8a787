"""Plots of the result tables (matplotlib), shared by the notebooks and the HTML report: each
draws on a given or new axes and returns it."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from crazy4.core.text_safety import plot_text
from crazy4.report.markdown import share_text


def _axes(ax: Any | None, size: tuple[float, float] = (8, 4)) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, new_ax = plt.subplots(figsize=size)
    return new_ax


def net_distribution(frame: pd.DataFrame, ax: Any | None = None, title: str = "") -> Any:
    """Probability of each net result of one round (log scale), from ``net_distribution``."""
    ax = _axes(ax)
    ax.bar(range(len(frame)), frame["probability"], color="tab:blue")
    labels = [plot_text(str(net)) for net in frame["net"]]
    ax.set_xticks(range(len(frame)), labels, rotation=90, fontsize=8)
    ax.set_yscale("log")
    ax.set_xlabel("net result of the round (units of Ante)")
    ax.set_ylabel("probability (log scale)")
    ax.set_title(title or "Distribution of the net result per round")
    ax.grid(axis="y", alpha=0.3)
    return ax


def house_edges(bets: pd.DataFrame, ax: Any | None = None, title: str = "") -> Any:
    """Horizontal bars of house edge and element of risk per bet (and rule set, if present)."""
    ax = _axes(ax, (8, 0.45 * len(bets) + 1.5))
    labels = bets["rule_set"] + ": " + bets["bet"] if "rule_set" in bets.columns else bets["bet"]
    positions = np.arange(len(bets))
    ax.barh(positions - 0.2, 100 * bets["house_edge"], height=0.4, label="house edge")
    ax.barh(positions + 0.2, 100 * bets["element_of_risk"], height=0.4, label="element of risk")
    ax.set_yticks(positions, [plot_text(str(label)) for label in labels], fontsize=8)
    ax.invert_yaxis()
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("percent of the base wager (house edge) or of the total wagered (EoR)")
    ax.set_title(title or "House edge and element of risk by bet")
    ax.legend(loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    return ax


def strategy_margin(player_hands: pd.DataFrame, ax: Any | None = None, title: str = "") -> Any:
    """EV of playing 1x minus folding against hand strength near the threshold, a point a class."""
    ax = _axes(ax)
    frame = player_hands[player_hands["ev_1x"].notna()].copy()
    frame["gain"] = frame["ev_1x"] - frame["ev_fold"]
    border = frame[(frame["gain"].abs() < 0.05)]
    for decision, colour in (("fold", "tab:red"), ("1x", "tab:green"), ("3x", "tab:purple")):
        chosen = border[border["decision"] == decision]
        ax.scatter(chosen["strength"], chosen["gain"], s=6, color=colour, label=decision)
    ax.axhline(0, color="black", linewidth=0.8)
    ticks = border.drop_duplicates("strength").sort_values("strength")
    ax.set_xticks(ticks["strength"], ticks["best_hand"], rotation=90, fontsize=7)
    ax.set_xlabel("best four cards")
    ax.set_ylabel("EV(1x) − EV(fold), units of Ante")
    ax.set_title(title or "Play or fold near the threshold (one point per hand class)")
    ax.legend(title="optimal")
    ax.grid(alpha=0.3)
    return ax


def strategy_bands(strategy: pd.DataFrame, ax: Any | None = None, title: str = "") -> Any:
    """Share of hands played each way along the strength scale, from ``strategy``."""
    ax = _axes(ax, (8, 2.5))
    colours = {"fold": "tab:red", "1x": "tab:green", "2x": "tab:olive", "3x": "tab:purple"}
    for row in strategy.to_dict("records"):
        left = int(row["from_strength"])
        width = int(row["to_strength"]) - left + 1
        bottom = 0.0
        for decision, colour in colours.items():
            share = float(row[f"share_{decision}"])
            if share > 0:
                ax.bar(left, share, width=width, bottom=bottom, color=colour, align="edge")
                bottom += share
    from matplotlib.patches import Patch

    handles = [Patch(color=c, label=d) for d, c in colours.items()]
    ax.legend(handles=handles, ncol=4, loc="upper left", fontsize=8)
    _category_ticks(ax)
    ax.set_ylabel("share of hands")
    ax.set_ylim(0, 1.3)
    ax.set_title(title or "Optimal decision along the strength scale")
    return ax


def _category_ticks(ax: Any) -> None:
    from crazy4.core.ranking import HandCategory, category_thresholds

    ticks: list[int] = []
    labels: list[str] = []
    for start, category in zip(category_thresholds()[:-1], HandCategory, strict=True):
        if ticks and start - ticks[-1] < 80:  # categories too close to label apart
            labels[-1] += f" / {category.label}"
        else:
            ticks.append(int(start))
            labels.append(category.label)
    ax.set_xticks(ticks, labels, rotation=30, ha="right", fontsize=8)
    ax.set_xlabel("best four cards (category starts; strength grows to the right)")


def decision_evs(player_hands: pd.DataFrame, ax: Any | None = None, title: str = "") -> Any:
    """Average EV of each decision by best four cards, over the whole strength scale."""
    ax = _axes(ax)
    weights = player_hands["weight"]
    for decision, colour in (("fold", "tab:red"), ("1x", "tab:green"), ("3x", "tab:purple")):
        column = f"ev_{decision}"
        allowed = player_hands[column].notna()
        weighted = player_hands.loc[allowed, column] * weights[allowed]
        frame = pd.DataFrame(
            {"strength": player_hands.loc[allowed, "strength"], "weighted": weighted}
        ).assign(weight=weights[allowed])
        frame = frame.groupby("strength")[["weighted", "weight"]].sum()
        ax.plot(frame.index, frame["weighted"] / frame["weight"], color=colour, label=decision)
    ax.axhline(0, color="black", linewidth=0.8)
    _category_ticks(ax)
    ax.set_yscale("symlog", linthresh=1)
    ax.set_ylabel("EV per round (units of Ante, symlog)")
    ax.set_title(title or "EV of each decision by best four cards (average over hand classes)")
    ax.legend()
    ax.grid(alpha=0.3)
    return ax


def convergence(frame: pd.DataFrame, bet: str, ax: Any | None = None, title: str = "") -> Any:
    """A simulated mean with its 95% band converging on the exact value, against rounds."""
    ax = _axes(ax)
    rows = frame[frame["bet"] == bet].sort_values("rounds")
    band = 1.96 * rows["standard_error"]
    label = "simulated mean ± 1.96 s.e."
    ax.fill_between(
        rows["rounds"], rows["mean"] - band, rows["mean"] + band, alpha=0.25, label=label
    )
    ax.plot(rows["rounds"], rows["mean"], marker="o", label="simulated mean")
    ax.axhline(float(rows["exact_mean"].iloc[0]), color="black", linestyle="--", label="exact")
    ax.set_xscale("log")
    ax.set_xlabel("rounds simulated (log scale)")
    ax.set_ylabel("mean net result per round (units of the bet)")
    ax.set_title(title or f"{bet}: simulation against the exact value")
    ax.legend()
    ax.grid(alpha=0.3)
    return ax


_DECISION_CODES = {"fold": 0, "1x": 1, "2x": 2, "3x": 3, "mixed": 4}


def decision_chart(strategy: pd.DataFrame, ax: Any | None = None, title: str = "") -> Any:
    """The strategy as a chart: hand group (rows) x dealer up card (columns), coloured by the
    decision; a *mixed* cell shows the percentage played, or raised to 3x (``3x``)."""
    from matplotlib.colors import ListedColormap

    hands = list(dict.fromkeys(strategy["hand"]))
    ups = list(dict.fromkeys(strategy["up_rank"]))
    ax = _axes(ax, (9, 0.32 * len(hands) + 1.5))
    grid = np.full((len(hands), len(ups)), np.nan)
    labels_in_cells: dict[tuple[int, int], str] = {}
    for row in strategy.to_dict("records"):
        i, j = hands.index(row["hand"]), ups.index(row["up_rank"])
        grid[i, j] = _DECISION_CODES[str(row["decision"])]
        folded = float(row["share_fold"])
        labels_in_cells[i, j] = (
            share_text(1 - folded).removesuffix("%")
            if folded > 0
            else f"3x {share_text(float(row['share_3x'])).removesuffix('%')}"
        )
    colours = ListedColormap(["tab:red", "tab:green", "tab:olive", "tab:purple", "khaki"])
    ax.imshow(grid, cmap=colours, vmin=-0.5, vmax=4.5, aspect="auto")
    for i in range(len(hands)):
        for j in range(len(ups)):
            if grid[i, j] == _DECISION_CODES["mixed"]:
                ax.text(j, i, labels_in_cells[i, j], ha="center", va="center", fontsize=6)
    ax.set_xticks(range(len(ups)), ups)
    ax.set_yticks(range(len(hands)), hands, fontsize=7)
    ax.set(xlabel="dealer's up card", ylabel="player's best four cards")
    from matplotlib.patches import Patch

    labels = ["fold", "1x", "2x", "3x", "mixed: % played,\nor 3x % raised"]
    handles = [Patch(color=colours(k), label=label) for k, label in enumerate(labels)]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8)
    ax.set_title(title or "Optimal decision by hand and up card")
    return ax


def cap_curves(cap: pd.DataFrame, ax: Any | None = None, title: str = "") -> Any:
    """House edge of each bet against its size under an aggregate payout cap (``cap``)."""
    ax = _axes(ax)
    for bet, rows in cap.groupby("bet", sort=False):
        ax.plot(rows["bet_size"], 100 * rows["house_edge"], marker="o", label=plot_text(str(bet)))
    ax.set_xscale("log")
    ax.set_xlabel("bet size ($, log scale)")
    ax.set_ylabel("house edge (% of the bet)")
    ax.set_title(title or "House edge under the aggregate payout cap")
    ax.legend(fontsize=7)
    ax.grid(alpha=0.3)
    return ax


def sensitivity(
    frame: pd.DataFrame, x: str, ys: dict[str, str], ax: Any | None = None, title: str = ""
) -> Any:
    """Line plot of house edges (percent) against a pay-table value."""
    ax = _axes(ax)
    for column, label in ys.items():
        ax.plot(frame[x], 100 * frame[column], marker="o", label=label)
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set(xlabel="odds paid (to 1)", ylabel="house edge (%)", title=title)
    ax.legend()
    ax.grid(alpha=0.3)
    return ax
