"""Face-up dealing, bet by bet: the house edge and element of risk of every bet of the game
(estimated face up, exact, or not priced; ``docs/faceup.md``).

Examples
--------
>>> from fractions import Fraction
>>> e = estimate("x", [4, 40, 2, 6, 6, 0, 0], 10, 2, Fraction(-1, 20), 2.0)
>>> round(e.house_edge, 6), round(e.average_total_bet, 6), e.status
(-0.15, 2.1, 'face up')
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

#: The statuses of a bet's row.
FACE_UP, EXACT, NOT_PRICED = "face up", "exact", "not priced"


@dataclass(frozen=True)
class BetEdge:
    """One bet's figures with the players' cards face up (per unit of its own wager);
    ``plain_edge`` is the plain mean of the same deals (a check; 0 for rows not estimated).
    """

    bet: str
    status: str
    house_edge: float
    standard_error: float
    element_of_risk: float
    element_of_risk_standard_error: float
    average_total_bet: float
    plain_edge: float
    plain_standard_error: float
    exact_honest_edge: Fraction
    note: str = ""


def _mean_var(total: int, squares: int, deals: int) -> tuple[Fraction, Fraction]:
    """Mean and sample variance of per-deal values from their sum and sum of squares."""
    mean = Fraction(total, deals)
    return mean, (squares - deals * mean * mean) / max(deals - 1, 1)


def estimate(
    bet: str, moments: list[int], deals: int, scale: int, honest_ev: Fraction, honest_bet: float
) -> BetEdge:
    """A priced bet's figures from its :data:`crazy4.advantage.collusion.BET_MOMENTS` over ``deals``
    deals (numerators over ``scale``), against the exact honest EV and average total bet.
    """
    g, gg, w, ww, gw, f, ff = moments
    gain, gain_var = _mean_var(g, gg, deals)
    wager, wager_var = _mean_var(w, ww, deals)
    covariance = (gw - deals * gain * wager) / max(deals - 1, 1)
    plain, plain_var = _mean_var(f, ff, deals)
    edge = float(-honest_ev) - float(gain / scale)
    average = honest_bet + float(wager / scale)
    ratio = edge / average
    spread = float(gain_var) + ratio * ratio * float(wager_var) + 2 * ratio * float(covariance)
    return BetEdge(
        bet=bet, status=FACE_UP, house_edge=edge,
        standard_error=math.sqrt(max(float(gain_var), 0.0) / deals) / scale,
        element_of_risk=ratio,
        element_of_risk_standard_error=math.sqrt(max(spread, 0.0) / deals) / scale / average,
        average_total_bet=average, plain_edge=float(-plain / scale),
        plain_standard_error=math.sqrt(max(float(plain_var), 0.0) / deals) / scale,
        exact_honest_edge=-honest_ev,
    )  # fmt: skip


def bet_edges(
    bets: pd.DataFrame,
    main_bet: str,
    sums: Mapping[str, list[int]],
    scales: Mapping[str, int],
    deals: int,
    unpriced: Mapping[str, str],
) -> tuple[BetEdge, ...]:
    """Every row of the exact analysis' ``bets`` table, the main bet first.

    Raises
    ------
    ValueError
        When the engine priced a bet the analysis does not list (the names must agree).
    """
    names = bets["bet"].tolist()
    unknown = sorted(set(sums) - set(names))
    if unknown:
        raise ValueError(f"bets priced face up but not in the exact analysis: {unknown}")
    rows = []
    for record in bets.to_dict("records"):
        name = str(record["bet"])
        ev = Fraction(int(record["ev_numerator"]), int(record["ev_denominator"]))
        average = float(record["average_total_bet"])
        if name in sums and deals > 0:
            rows.append(estimate(name, sums[name], deals, scales[name], ev, average))
            continue
        if name in unpriced:
            status, note = NOT_PRICED, f"honest play's figure: {unpriced[name]}"
        elif name in sums or name == main_bet:
            status, note = EXACT, "one player sees nothing more than their own cards"
        else:
            status, note = EXACT, "does not depend on any card beyond the player's own hand"
        risk = float(record["element_of_risk"])  # every standard error and plain figure 0
        rows.append(BetEdge(name, status, float(-ev), 0.0, risk, 0.0, average, 0.0, 0.0, -ev, note))
    rows.sort(key=lambda row: row.bet != main_bet)
    return tuple(rows)


def largest_error(rows: tuple[BetEdge, ...]) -> float:
    """The largest standard error (house edge) among the bets estimated face up.

    Examples
    --------
    >>> largest_error(())
    0.0
    """
    return max((row.standard_error for row in rows if row.status == FACE_UP), default=0.0)
