"""Counts first, money second: a bet's exact price as an affine function of its pay lines'
odds (each slope: the analysis with that line one unit higher, less the base). The main bet's
:class:`HandModel` solves the strategy again per candidate; :class:`AffineModel` holds it. A
candidate's hit frequency and spread under the base strategy: :class:`Spread`, :func:`side_moments`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING

import numpy as np

from crazy4.errors import InputError

if TYPE_CHECKING:
    import numpy.typing as npt
    import pandas as pd

    from crazy4.design.basis import BetFigures
    from crazy4.spec.game import GameAnalysis

#: The decisions of a ``player_hands`` table, in column order.
DECISIONS = ("fold", "1x", "2x", "3x")


@dataclass(frozen=True)
class AffineModel:
    """``EV = (base + sum(slopes * change)) / denominator``, change in odds per searched line.

    Examples
    --------
    >>> model = AffineModel(-3, (1, 2), 10)
    >>> model.numerators(np.array([[0, 0], [1, 1]]), 1).tolist()
    [-3, 0]
    """

    base: int
    slopes: tuple[int, ...]
    denominator: int

    @classmethod
    def from_evs(cls, base: Fraction, bumped: list[Fraction]) -> AffineModel:
        """From the base EV and the EV with each line one unit higher.

        Examples
        --------
        >>> AffineModel.from_evs(Fraction(-1, 10), [Fraction(-1, 20), Fraction(1, 5)])
        AffineModel(base=-2, slopes=(1, 6), denominator=20)
        """
        denominator = lcm(base.denominator, *(ev.denominator for ev in bumped))
        slopes = tuple(int((ev - base) * denominator) for ev in bumped)
        return cls(int(base * denominator), slopes, denominator)

    def numerators(self, steps: npt.NDArray[np.int64], scale: int) -> npt.NDArray[np.object_]:
        """EV numerators over ``denominator * scale`` of candidates ``steps``, exact."""
        slopes = np.array(self.slopes, dtype=object)
        return np.asarray(steps.astype(object) @ slopes + self.base * scale, dtype=object)


@dataclass(frozen=True)
class HandModel:
    """Every hand class's EV of every decision, affine in the searched lines' odds (``slopes``:
    the change per unit of each searched line)."""

    weights: npt.NDArray[np.int64]
    base: npt.NDArray[np.int64]
    slopes: npt.NDArray[np.int64]
    allowed: npt.NDArray[np.bool_]
    denominator: int

    def border(self, low: npt.NDArray[np.int64], high: npt.NDArray[np.int64], scale: int) -> (
        tuple[npt.NDArray[np.bool_], npt.NDArray[np.int64]]
    ):  # fmt: skip
        """Which hands' best decision may change when each line's change runs over
        ``low..high``, and every hand's best decision under the base table."""
        masked = np.where(self.allowed, self.base, np.iinfo(np.int64).min)
        best = np.argmax(masked, axis=1)
        rows = np.arange(len(best))
        moving = np.zeros(len(best), dtype=bool)
        for decision in range(len(DECISIONS)):
            gap = (self.base[rows, best] - self.base[:, decision]) * scale
            slope = self.slopes[:, rows, best] - self.slopes[:, :, decision]  # (L, n)
            worst = np.minimum(low[:, None] * slope, high[:, None] * slope).sum(axis=0)
            moving |= self.allowed[:, decision] & (gap + worst < 0)
        return moving, best

    def numerators(
        self, steps: npt.NDArray[np.int64], scale: int, low: npt.NDArray[np.int64],
        high: npt.NDArray[np.int64],
    ) -> npt.NDArray[np.object_]:  # fmt: skip
        """EV numerators of candidates ``steps``, the strategy re-solved per candidate."""
        moving, best = self.border(low, high, scale)
        fixed = ~moving
        rows = np.flatnonzero(fixed)
        weights = self.weights[rows]
        constant = int(np.dot(weights, self.base[rows, best[rows]])) * scale
        per_line = [
            int(np.dot(weights, self.slopes[line, rows, best[rows]]))
            for line in range(len(self.slopes))
        ]
        total = steps.astype(object) @ np.array(per_line, dtype=object) + constant
        hands = np.flatnonzero(moving)
        if len(hands):
            total = total + self._moving(steps, scale, hands)
        return np.asarray(total, dtype=object)

    def _moving(
        self, steps: npt.NDArray[np.int64], scale: int, hands: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.object_]:
        """The weighted best EVs of the hands whose decision may change (exact below 2**53)."""
        widest = np.abs(steps).max(axis=0, initial=0).astype(object)
        steepest = np.abs(self.slopes[:, hands, :]).reshape(len(self.slopes), -1).max(axis=1)
        bound = int(np.abs(self.base[hands]).max()) * scale + int(widest @ steepest.astype(object))
        if bound >= 2**53:
            raise InputError("--range: odds this large cannot be priced exactly; narrow the ranges")
        base = self.base[hands].astype(np.float64) * scale
        slopes = self.slopes[:, hands, :].astype(np.float64)
        values = base[None] + np.einsum("kl,lnd->knd", steps.astype(np.float64), slopes)
        values = np.where(self.allowed[hands][None], values, -np.inf)
        best = values.max(axis=2).astype(np.int64).astype(object)
        return np.asarray(best @ self.weights[hands].astype(object), dtype=object)


def hand_table(analysis: GameAnalysis) -> pd.DataFrame | None:
    """The analysis's ``player_hands`` table, when it lists every decision's EV numerator."""
    frame = analysis.tables.get("player_hands")
    needed = {"weight", "ev_denominator", *(f"ev_{d}_numerator" for d in DECISIONS)}
    if frame is None or not needed <= set(frame.columns):
        return None
    return frame


def hand_model(base: GameAnalysis, bumped: list[GameAnalysis]) -> HandModel | None:
    """The :class:`HandModel` of the base and bumped analyses (``None``: hands not listed alike)."""
    frames = [hand_table(analysis) for analysis in (base, *bumped)]
    present = [frame for frame in frames if frame is not None]
    if len(present) != len(frames) or any(
        not frame["hand"].equals(present[0]["hand"]) for frame in present
    ):
        return None
    denominators = [frame["ev_denominator"].unique() for frame in present]
    if any(len(d) != 1 for d in denominators):
        return None
    common = lcm(*(int(d[0]) for d in denominators))
    evs = []
    for frame, denominator in zip(present, denominators, strict=True):
        numerators = frame[[f"ev_{d}_numerator" for d in DECISIONS]].to_numpy(np.int64)
        evs.append(numerators * (common // int(denominator[0])))
    allowed = ~np.isnan(present[0][[f"ev_{d}" for d in DECISIONS]].to_numpy(np.float64))
    slopes = (
        np.stack([ev - evs[0] for ev in evs[1:]])
        if bumped
        else np.zeros((0, *evs[0].shape), np.int64)
    )
    weights = present[0]["weight"].to_numpy(np.int64)
    return HandModel(weights, evs[0], slopes.astype(np.int64), allowed, common)


#: A side bet's base hit frequency, base E[X^2], searched lines' probabilities and base odds.
SideBase = tuple[float, float, "npt.NDArray[np.float64]", "npt.NDArray[np.float64]"]

#: Columns of a ``returns`` table that are not the row's key.
VALUE_COLUMNS = frozenset({"net", "net_value", "combinations", "probability", "contribution"})


@dataclass(frozen=True)
class Spread:
    """Nets ``net0 + change @ coefficients`` with probabilities: hit frequency and E[X^2].

    Examples
    --------
    >>> spread = Spread(np.array([-1.0, 2.0]), np.array([[0.0, 1.0]]), np.array([0.5, 0.5]))
    >>> spread.moments(np.array([[0.0], [2.0]]))
    (array([0.5, 0.5]), array([2.5, 8.5]))
    """

    nets: npt.NDArray[np.float64]
    coefficients: npt.NDArray[np.float64]
    probabilities: npt.NDArray[np.float64]

    def moments(
        self, change: npt.NDArray[np.float64]
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """Hit frequency and ``E[X^2]`` of candidates whose odds change by ``change`` (K, L)."""
        nets = self.nets[None, :] + change @ self.coefficients
        return (nets > 0) @ self.probabilities, (nets**2) @ self.probabilities


def returns_spread(base: GameAnalysis, bumped: list[GameAnalysis]) -> Spread | None:
    """The main bet's :class:`Spread` from the ``returns`` tables (``None``: their rows differ)."""
    frames = [analysis.tables.get("returns") for analysis in (base, *bumped)]
    if any(frame is None for frame in frames):
        return None
    first = frames[0]
    assert first is not None
    keys = [column for column in first.columns if column not in VALUE_COLUMNS]
    nets = []
    for frame in frames:
        assert frame is not None
        if not frame[keys].equals(first[keys]) or not frame["combinations"].equals(
            first["combinations"]
        ):
            return None
        nets.append(np.array([float(Fraction(str(net))) for net in frame["net"]]))
    coefficients = np.array([net - nets[0] for net in nets[1:]]).reshape(len(bumped), len(first))
    total = float(first["combinations"].sum())
    probabilities = first["combinations"].to_numpy(np.float64) / total
    return Spread(nets[0], coefficients, probabilities)


def line_spread(figures: BetFigures, slopes: list[float], odds: list[float]) -> SideBase:
    """The :data:`SideBase` of a bet paid line by line (a side bet)."""
    ev = -float(figures.house_edge)
    second = figures.std_dev**2 + ev**2
    return figures.hit_frequency, second, np.array(slopes), np.array(odds)


def side_moments(
    base: SideBase,
    odds: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Hit frequency and ``E[X^2]`` of candidates paying ``odds`` (K, L) on the searched lines.

    Examples
    --------
    >>> base = (0.25, 2.0, np.array([0.1]), np.array([1.0]))
    >>> side_moments(base, np.array([[3.0], [0.0]]))
    (array([0.25, 0.15]), array([2.8, 1.9]))
    """
    hit, second, probabilities, base_odds = base
    paid = (odds > 0).astype(np.float64) - (base_odds > 0).astype(np.float64)
    return hit + paid @ probabilities, second + (odds**2 - base_odds**2) @ probabilities
