"""A candidate's hit frequency and standard deviation under the base strategy: the main bet's
from the analysis's ``returns`` rows, a side bet's line by line.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import numpy.typing as npt

    from crazy4.design.basis import BetFigures
    from crazy4.spec.game import GameAnalysis

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
