"""A bet as an exact distribution of net results, and its summary statistics (every game).

A game describes a bet by, for every row ``i`` of its outcome lattice (a player hand class, or
a player strength and decision) and every cell ``j`` (a dealer outcome), the number of deals
``combos[i, j]`` and the net result ``net[i, j]`` (an integer numerator over ``unit``, in units
of the bet's base wager), plus the total wager put up per row. Everything a published analysis
quotes follows exactly from that (:func:`summarize`):

* ``ev = Σ combos * net / (deals * unit)``; ``house_edge = -ev`` per unit of base wager;
* ``average_total_bet = Σ weight * wager / hands``; ``element_of_risk = -ev /
  average_total_bet`` (the expected loss per unit actually wagered, Wizard of Odds' definition);
* ``std_dev`` from the exact second moment; ``hit_frequency = P(net > 0)``.

Sums are taken over the distribution of distinct net values with Python integers, so nothing
overflows or rounds before the final float columns. ``net`` and ``wager`` are int64, or object
arrays of Python integers where a large pay table needs them (:mod:`crazy4.core.exact`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from typing import TypedDict

import numpy as np
import numpy.typing as npt

from crazy4.core.exact import exact_dot


@dataclass(frozen=True)
class BetOutcomes:
    """Exact outcome lattice of one bet (see the module docstring).

    Attributes
    ----------
    name, description : str
    combos : ndarray of int64, shape (n, cells)
        Deals per lattice row and cell.
    net : ndarray of int64, shape (n, cells)
        Net result numerators over ``unit``.
    unit : int
    wager : ndarray of int64, shape (n,)
        Total amount wagered per row, numerators over ``unit``.
    """

    name: str
    description: str
    combos: npt.NDArray[np.int64]
    net: npt.NDArray[np.int64]
    unit: int
    wager: npt.NDArray[np.int64]

    def distribution(self) -> list[tuple[Fraction, int]]:
        """``(net result, deals)`` for every distinct net result, ascending.

        Examples
        --------
        >>> bet = BetOutcomes("x", "", np.array([[3, 1]]), np.array([[2, -2]]), 2,
        ...                   np.array([2]))
        >>> bet.distribution()
        [(Fraction(-1, 1), 1), (Fraction(1, 1), 3)]
        """
        net = self.net.ravel()
        combos = self.combos.ravel()
        if net.shape[0] == 0:
            return []
        if net.dtype == np.int64 and combos.dtype == np.int64:
            low, high = int(net.min()), int(net.max())
            if high - low < max(1 << 16, 4 * net.shape[0]):
                # few distinct nets in a short range: exact sums by value, no sort
                totals = sums_by_value(net - low, combos, high - low + 1)
                present = np.flatnonzero(totals)
                return [
                    (Fraction(int(offset) + low, self.unit), int(totals[offset]))
                    for offset in present
                ]
        # one sort: equal nets are runs of the sorted array, their deals exact integer sums
        order = np.argsort(net, kind="stable")
        ordered = net[order]
        starts = np.concatenate(([0], np.flatnonzero(ordered[1:] != ordered[:-1]) + 1))
        values = ordered[starts]
        sums = np.add.reduceat(combos[order], starts)
        return [
            (Fraction(int(value), self.unit), int(total))
            for value, total in zip(values, sums, strict=True)
            if total
        ]


def sums_by_value(
    slots: npt.NDArray[np.int64], amounts: npt.NDArray[np.int64], size: int
) -> npt.NDArray[np.int64]:
    """``totals[v] = Σ amounts[slots == v]``, exactly: by ``np.bincount`` in float64 when the
    amounts' absolute values sum below 2**52 (every partial sum is then an integer that float64
    holds exactly; the bound is itself a float64 sum, whose rounding is far below the factor of
    two left), else by ``np.add.at`` in int64.

    Examples
    --------
    >>> sums_by_value(np.array([0, 2, 0]), np.array([5, 7, 2**51]), 3).tolist()
    [2251799813685253, 0, 7]
    >>> sums_by_value(np.array([1, 1]), np.array([2**62, 2**62 - 1]), 2).tolist()
    [0, 9223372036854775807]
    >>> sums_by_value(np.array([0, 0]), np.array([2**52 + 1, 1]), 1).tolist()  # int64
    [4503599627370498]
    >>> sums_by_value(np.array([0]), np.array([-2**63]), 1).tolist()
    [-9223372036854775808]
    """
    weights = amounts.astype(np.float64)
    if float(np.abs(weights).sum()) < 2.0**52:
        summed = np.bincount(slots, weights=weights, minlength=size)
        return summed.astype(np.int64)
    totals = np.zeros(size, dtype=np.int64)
    np.add.at(totals, slots, amounts)
    return totals


class MoneyColumns(TypedDict):
    """A bet's or a strategy's exact EV and what follows from it (:func:`money_columns`)."""

    ev_numerator: int
    ev_denominator: int
    ev: float
    house_edge: float
    average_total_bet: float
    element_of_risk: float
    std_dev: float


class BetSummary(MoneyColumns):
    """The summary row of a bet (:func:`summarize`), one row of a ``bets`` table."""

    bet: str
    description: str
    hit_frequency: float
    deals: int


def summarize(bet: BetOutcomes, hand_weights: npt.NDArray[np.int64]) -> BetSummary:
    """Summary row of a bet: exact EV and the derived statistics (``hand_weights``: how many
    hands each lattice row stands for, for the average total bet).

    Examples
    --------
    >>> bet = BetOutcomes("x", "", np.array([[3, 1]]), np.array([[2, -2]]), 2,
    ...                   np.array([2]))
    >>> row = summarize(bet, np.array([1]))
    >>> row["ev_numerator"], row["ev_denominator"], row["hit_frequency"]
    (1, 2, 0.75)
    """
    distribution = bet.distribution()
    deals = sum(total for _, total in distribution)
    mean = sum((value * total for value, total in distribution), Fraction(0)) / deals
    second = sum((value * value * total for value, total in distribution), Fraction(0)) / deals
    wins = sum(total for value, total in distribution if value > 0)
    hands = int(hand_weights.sum())
    # int64 when its bound allows (always for ordinary pay tables), else Python integers
    average_bet = Fraction(exact_dot(hand_weights, bet.wager), hands * bet.unit)
    return {
        "bet": bet.name,
        "description": bet.description,
        **money_columns(mean, second, average_bet),
        "hit_frequency": wins / deals,
        "deals": deals,
    }


def money_columns(mean: Fraction, second: Fraction, average_bet: Fraction) -> MoneyColumns:
    """A bet's or a strategy's exact EV (``mean``, a unit's), house edge, average total bet,
    element of risk and standard deviation (``second``: the mean square), in the tables'
    column order.

    Examples
    --------
    >>> row = money_columns(Fraction(-1, 10), Fraction(1), Fraction(2))
    >>> row["ev_numerator"], row["element_of_risk"], round(row["std_dev"], 4)
    (-1, 0.05, 0.995)
    """
    return {
        "ev_numerator": mean.numerator,
        "ev_denominator": mean.denominator,
        "ev": float(mean),
        "house_edge": float(-mean),
        "average_total_bet": float(average_bet),
        "element_of_risk": float(-mean / average_bet),
        "std_dev": sqrt(float(second - mean * mean)),
    }


@dataclass(frozen=True)
class ExactBet:
    """Exact summary of one bet under one strategy (per unit of its base wager): what a
    simulation of that bet is compared with."""

    name: str
    mean: Fraction
    std_dev: float
    hit_frequency: float

    @classmethod
    def of_summary(cls, name: str, row: BetSummary) -> ExactBet:
        """From a row of :func:`summarize`.

        Examples
        --------
        >>> bet = BetOutcomes("x", "", np.array([[3, 1]]), np.array([[2, -2]]), 2,
        ...                   np.array([2]))
        >>> ExactBet.of_summary("x", summarize(bet, np.array([1]))).mean
        Fraction(1, 2)
        """
        return cls(
            name=name,
            mean=Fraction(row["ev_numerator"], row["ev_denominator"]),
            std_dev=row["std_dev"],
            hit_frequency=row["hit_frequency"],
        )


class SharedArrays(dict[tuple[str, int], npt.NDArray[np.int64]]):
    """Arrays the bets of one kind share, each made once and read-only (five Aces Up tables
    read the same combinations and wagers): called with a key and how to make the array.

    Examples
    --------
    >>> alike = SharedArrays()
    >>> first = alike(("wager", 1), lambda: np.ones(3, dtype=np.int64))
    >>> first is alike(("wager", 1), lambda: np.zeros(3, dtype=np.int64)), first.flags.writeable
    (True, False)
    """

    def __call__(
        self, key: tuple[str, int], make: Callable[[], npt.NDArray[np.int64]]
    ) -> npt.NDArray[np.int64]:
        """The array of ``key``, made by ``make`` the first time."""
        if key not in self:
            self[key] = make()
            self[key].flags.writeable = False
        return self[key]
