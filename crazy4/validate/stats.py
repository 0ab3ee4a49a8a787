"""The distributions behind the validator's tests (``scipy.stats``), Holm's correction, the runs
test and the power of a bet's mean test.

References
----------
S. Holm, "A simple sequentially rejective multiple test procedure", Scand. J. Statist. 6 (1979).
A. Wald and J. Wolfowitz, "On a test whether two samples are from the same population", Ann.
Math. Statist. 11 (1940).
G. Box and G. Jenkins, *Time Series Analysis*, ch. 2 (1970).
J. Cohen, *Statistical Power Analysis for the Behavioral Sciences* (1988), ch. 2.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from scipy import stats

#: The power the validator's detectable deviations are stated at.
POWER = 0.8


def normal_two_sided_p(z: float) -> float:
    """Two-sided p-value of a standard normal score.

    Examples
    --------
    >>> round(normal_two_sided_p(1.959964), 4)
    0.05
    >>> normal_two_sided_p(0.0)
    1.0
    """
    return float(2 * stats.norm.sf(abs(z)))


def chi_square_sf(x: float, df: int) -> float:
    """``P(X >= x)`` for a chi-square variable with ``df`` degrees of freedom.

    Examples
    --------
    >>> round(chi_square_sf(3.841459, 1), 4), round(chi_square_sf(5.991465, 2), 4)
    (0.05, 0.05)
    >>> chi_square_sf(-1.0, 3)
    1.0
    """
    if df < 1:
        raise ValueError("degrees of freedom must be at least 1")
    return float(stats.chi2.sf(max(x, 0.0), df))


def holm_adjust(p_values: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values, in the order given (each compared with the family's alpha).

    Examples
    --------
    >>> holm_adjust([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    >>> holm_adjust([])
    []
    """
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [0.0] * len(p_values)
    running = 0.0
    for position, index in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - position) * p_values[index]))
        adjusted[index] = round(running, 15)
    return adjusted


def runs_z(runs: int, ones: int, n: int) -> float:
    """The runs test's z-score of ``runs`` runs in a 0/1 sequence of ``n`` with ``ones`` ones
    (0 when the sequence is constant).

    Examples
    --------
    >>> runs_z(10, 10, 20)  # expected 11 runs, standard deviation 2.18
    -0.45946829173634074
    """
    zeros = n - ones
    if ones == 0 or zeros == 0 or n < 2:
        return 0.0
    mean = 1 + 2 * ones * zeros / n
    variance = 2 * ones * zeros * (2 * ones * zeros - n) / (n * n * (n - 1))
    return (runs - mean) / math.sqrt(variance) if variance > 0 else 0.0


def detectable_deviation(spread: float, hands: int, alpha: float, power: float = POWER) -> float:
    """The smallest deviation of a mean from its exact value that a two-sided test at level
    ``alpha`` detects with probability ``power`` in ``hands`` hands of standard deviation
    ``spread``.

    Examples
    --------
    >>> round(detectable_deviation(1.0, 10_000, 0.05), 4)
    0.028
    """
    z = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(power)
    return float(z * spread / math.sqrt(hands))


def hands_needed(spread: float, deviation: float, alpha: float, power: float = POWER) -> int:
    """The hands a two-sided test at level ``alpha`` needs to detect ``deviation`` with
    probability ``power``.

    Examples
    --------
    >>> hands_needed(1.0, 0.028, 0.05)
    10012
    """
    z = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(power)
    return math.ceil(float((z * spread / deviation) ** 2))
