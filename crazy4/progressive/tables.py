"""The progressive's result tables: ``progressive``, ``progressive_by_meter`` and ``envy``; the
plot of the return against the meter (matplotlib, as :mod:`crazy4.report.plots`).

Exact values are written as fraction text (``"1/649740"``, columns ending ``_exact``) beside
float columns; counts are int64. Columns are listed in ``results/README.md``.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil
from typing import Any

import pandas as pd

from crazy4.progressive.envy import OTHER_HANDS, EnvyByPlayerHand
from crazy4.progressive.returns import PLAYER_HANDS, MeterReturn, category_counts
from crazy4.rules.progressive_bet import ProgressiveBet, scoring_categories

#: The exact columns of :func:`lines_table`, in order.
LINE_VALUES = ("probability", "meter_share", "fixed", "return_fixed", "return_per_meter")
#: The columns of :func:`envy_table`.
ENVY_COLUMNS = [
    "player_hand",
    "envy_hand",
    "amount_exact",
    "amount",
    "player_combinations",
    "other_seat_hands",
    "other_seat_deals",
    "probability_exact",
    "probability",
    "no_removal_probability_exact",
    "no_removal_probability",
    "value_per_seat_exact",
    "value_per_seat",
]
#: Meter values tabulated between the reset and the top of the grid.
GRID_STEPS = 10


def exact_text(value: Fraction) -> str:
    """A fraction as ``"p/q"`` (``"p"`` when whole).

    Examples
    --------
    >>> exact_text(Fraction(3, 4)), exact_text(Fraction(5))
    ('3/4', '5')
    """
    return str(value)


def lines_table(bet: ProgressiveBet) -> pd.DataFrame:
    """The category table of the player's five cards (strongest first) with the bet's lines.

    One row per category of the bet's scoring, so under ``"five_cards"`` it is the standard
    five-card table (royal flush 4 ... high card 1,302,540). Columns: ``hand``, ``paid``
    (whether a line pays it), ``combinations``, ``probability``, ``meter_share``, ``fixed``
    (dollars), ``return_fixed`` and ``return_per_meter`` (the line's parts of ``a`` and ``b``
    of :class:`~crazy4.progressive.returns.MeterReturn`), each with its ``_exact`` text.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> table = lines_table(load_rules("crazy4-progressive").progressive)
    >>> int(table["combinations"].sum()), table["hand"].iloc[0], int(table["paid"].sum())
    (2598960, 'royal flush', 7)
    """
    counts = category_counts(bet.scoring)
    rows: list[dict[str, object]] = []
    exact: dict[str, list[Fraction]] = {name: [] for name in LINE_VALUES}
    for category in reversed(list(scoring_categories(bet.scoring))):
        n = counts[int(category)]
        line = bet.line_for(int(category))
        share, fixed = (line.meter_share, line.fixed) if line else (Fraction(0), Fraction(0))
        scale = Fraction(n, PLAYER_HANDS) / bet.wager
        rows.append({"hand": category.name.lower().replace("_", " "), "paid": line is not None})
        rows[-1]["combinations"] = n
        values = [Fraction(n, PLAYER_HANDS), share, fixed, scale * fixed, scale * share]
        for name, value in zip(LINE_VALUES, values, strict=True):
            exact[name].append(value)
    out = pd.DataFrame(rows)
    out["combinations"] = out["combinations"].astype("int64")
    for name, column in exact.items():
        out[f"{name}_exact"] = [exact_text(v) for v in column]
        out[name] = [float(v) for v in column]
    return out


def meter_points(bet: ProgressiveBet, returns: MeterReturn) -> list[tuple[str, Fraction]]:
    """The meters tabulated: the reset, the listed ones and a grid up past the break-even."""
    top = max(2 * bet.reset, *(bet.meters or (Fraction(0),)))
    even = returns.break_even()
    if even is not None:
        top = max(top, even * Fraction(5, 4))
    step = max(1, ceil((top - bet.reset) / GRID_STEPS))
    points = [("reset", bet.reset)]
    points += [("listed", meter) for meter in bet.meters]
    points += [("grid", bet.reset + step * i) for i in range(1, GRID_STEPS + 1)]
    return points


def by_meter_table(bet: ProgressiveBet, returns: MeterReturn) -> pd.DataFrame:
    """The return for 0 to ``seats - 1`` other seats at each meter, with the break-even meter.

    Columns: ``other_seats``, ``point`` (``reset``, ``listed``, ``grid``, ``break-even``,
    ``equilibrium``), ``meter``, ``return``, ``house_edge``, ``meter_drift`` (dollars added to
    the meter per bet on average, less the meter paid out), with ``_exact`` text for the
    meter, the return and the drift.
    """
    rows: list[dict[str, object]] = []
    points = meter_points(bet, returns)
    equilibrium = returns.equilibrium()
    for seats in range(bet.seats):
        chosen = list(points)
        even = returns.break_even(seats)
        if even is not None:
            chosen.append(("break-even", even))
        if equilibrium is not None:
            chosen.append(("equilibrium", equilibrium))
        for point, meter in sorted(chosen, key=lambda item: item[1]):
            value = returns.at(meter, seats)
            drift = returns.drift(meter) * bet.wager
            rows.append(
                {
                    "other_seats": seats,
                    "point": point,
                    "meter_exact": exact_text(meter),
                    "meter": float(meter),
                    "return_exact": exact_text(value),
                    "return": float(value),
                    "house_edge": float(1 - value),
                    "meter_drift_exact": exact_text(drift),
                    "meter_drift": float(drift),
                }
            )
    frame = pd.DataFrame(rows)
    frame["other_seats"] = frame["other_seats"].astype("int64")
    return frame


def envy_table(bet: ProgressiveBet, found: EnvyByPlayerHand) -> pd.DataFrame:
    """The envy per other seat, by the player's own category, with and without card removal.

    One row per (player category, envy line), the player categories strongest first, then
    ``any hand`` (all player hands). Columns: ``player_hand``, ``envy_hand``, ``amount``,
    ``player_combinations``, ``other_seat_hands`` (summed over the player hands),
    ``other_seat_deals`` (``player_combinations * C(47, 5)``), ``probability`` (that one other
    seat holds the envy hand), ``no_removal_probability`` (``n_e / C(52, 5)``) and
    ``value_per_seat`` (``amount * probability / wager``, per dollar wagered), with ``_exact``
    text.
    """
    categories = scoring_categories(bet.scoring)
    counts = category_counts(bet.scoring)
    groups = [(c.name.lower().replace("_", " "), [int(c)]) for c in reversed(list(categories))]
    groups.append(("any hand", [int(c) for c in categories]))
    rows: list[dict[str, object]] = []
    for label, members in groups:
        players = sum(found.player_hands[c] for c in members)
        if players == 0:
            continue
        for line in bet.envy:
            others = sum(found.other_hands[line.category][c] for c in members)
            probability = Fraction(others, players * OTHER_HANDS)
            free = Fraction(counts[line.category], PLAYER_HANDS)
            value = line.amount * probability / bet.wager
            rows.append(
                {
                    "player_hand": label,
                    "envy_hand": line.hand,
                    "amount_exact": exact_text(line.amount),
                    "amount": float(line.amount),
                    "player_combinations": players,
                    "other_seat_hands": others,
                    "other_seat_deals": players * OTHER_HANDS,
                    "probability_exact": exact_text(probability),
                    "probability": float(probability),
                    "no_removal_probability_exact": exact_text(free),
                    "no_removal_probability": float(free),
                    "value_per_seat_exact": exact_text(value),
                    "value_per_seat": float(value),
                }
            )
    frame = pd.DataFrame(rows, columns=ENVY_COLUMNS)
    for column in ("player_combinations", "other_seat_hands", "other_seat_deals"):
        frame[column] = frame[column].astype("int64")
    return frame


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
