"""What a detection hypothesis's evidence says beyond its p-value: the likelihood ratio, the
telling rounds, and the rounds that would settle a seat (``docs/surveillance.md``, "The
verdict").
"""

from __future__ import annotations

from math import sqrt
from statistics import NormalDist

import numpy as np
import numpy.typing as npt

BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]


def _informative(p: FloatArray, hits: BoolArray) -> tuple[FloatArray, BoolArray]:
    keep = (p > 0) & (p < 1)
    return p[keep], hits[keep]


def likelihood_ratio(p: FloatArray, hits: BoolArray) -> tuple[float, float]:
    """``(ŵ, log10 LR)`` of the module docstring's mixture alternative.

    Examples
    --------
    >>> w, lr = likelihood_ratio(np.array([0.5, 0.5]), np.array([True, True]))
    >>> w, round(10**lr, 9)  # ŵ = 1: LR = 1 / 0.25
    (1.0, 4.0)
    >>> likelihood_ratio(np.array([0.5, 0.5]), np.array([False, False]))
    (0.0, 0.0)
    """
    q, x = _informative(p, hits)
    if q.size == 0:
        return 0.0, 0.0

    def slope(w: float) -> float:
        hit = (1 - q[x]) / (w + (1 - w) * q[x])
        return float(hit.sum()) - float((~x).sum()) / (1 - w)

    if slope(0.0) <= 0:
        return 0.0, 0.0
    if not (~x).any():
        w = 1.0
    else:
        low, high = 0.0, 1.0
        for _ in range(60):
            middle = (low + high) / 2
            low, high = (middle, high) if slope(middle) > 0 else (low, middle)
        w = low
    gained = np.log(w + (1 - w) * q[x]).sum() - np.log(q[x]).sum()
    if (~x).any():
        gained += (~x).sum() * np.log(1 - w)
    return w, max(0.0, float(gained) / float(np.log(10)))


def telling_rows(p: FloatArray, hits: BoolArray, most: int = 5) -> list[int]:
    """Rows of the ``most`` matched rounds with the smallest null probability (earlier first).

    Examples
    --------
    >>> telling_rows(np.array([0.9, 0.1, 0.5, 0.1]), np.array([True, True, False, True]), 2)
    [1, 3]
    """
    rows = np.flatnonzero(hits & (p < 1))
    order = np.argsort(p[rows], kind="stable")
    return [int(r) for r in rows[order][:most]]


def excess_z(p: FloatArray, hits: BoolArray) -> float:
    """The standardized excess of matches (0 without informative rounds).

    Examples
    --------
    >>> excess_z(np.array([0.5] * 4), np.array([True] * 4))
    2.0
    """
    q, x = _informative(p, hits)
    spread = float((q * (1 - q)).sum())
    return 0.0 if spread == 0 else float(x.sum() - q.sum()) / sqrt(spread)


def rounds_to_settle(p: FloatArray, hits: BoolArray, alpha: float, hypotheses: int) -> int | None:
    """Rounds in all at which the seat would be flagged playing on as it did (None: no excess).

    Examples
    --------
    >>> rounds_to_settle(np.array([0.5] * 4), np.array([True] * 4), 0.001, 1)  # z = 2
    10
    """
    z = excess_z(p, hits)
    if z <= 0:
        return None
    target = NormalDist().inv_cdf(1 - alpha / max(hypotheses, 1))
    return max(int(p.shape[0]), int(np.ceil(p.shape[0] * (target / z) ** 2)))


def log10_text(value: float) -> str:
    """A likelihood ratio from its ``log10`` as printed.

    Examples
    --------
    >>> log10_text(0.30103), log10_text(8.25)
    ('2', '1.8e+08')
    """
    if value < 6:
        return f"{10**value:.3g}"
    exponent = int(value)
    return f"{10 ** (value - exponent):.1f}e+{exponent:02d}"
