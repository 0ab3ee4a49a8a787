"""Small exact-enough statistics: normal and chi-square tail probabilities, Holm's correction.

The validator needs only a few distribution functions, so they are written out here instead of
adding a dependency:

* the two-sided normal p-value ``P(|Z| >= |z|) = erfc(|z| / sqrt 2)``;
* the chi-square survival function for whole degrees of freedom, in closed form (Abramowitz &
  Stegun 26.4.4 and 26.4.5): for even ``k``, ``Q = exp(-x/2) Σ_{j<k/2} (x/2)^j / j!``; for odd
  ``k``, ``Q = erfc(sqrt(x/2)) + sqrt(2x/π) exp(-x/2) Σ_{j=1}^{(k-1)/2} x^(j-1) / (1·3···(2j-1))``;
* Holm's step-down adjustment of a family of p-values (controls the family-wise error rate
  under any dependence).

References
----------
M. Abramowitz and I. Stegun, *Handbook of Mathematical Functions*, 26.4.
S. Holm, "A simple sequentially rejective multiple test procedure", Scand. J. Statist. 6 (1979).
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def normal_two_sided_p(z: float) -> float:
    """Two-sided p-value of a standard normal score.

    Examples
    --------
    >>> round(normal_two_sided_p(1.959964), 4)
    0.05
    >>> normal_two_sided_p(0.0)
    1.0
    """
    return math.erfc(abs(z) / math.sqrt(2.0))


def chi_square_sf(x: float, df: int) -> float:
    """``P(X >= x)`` for a chi-square variable with ``df`` degrees of freedom.

    Parameters
    ----------
    x : float
        The statistic (``<= 0`` gives 1).
    df : int
        Degrees of freedom, at least 1.

    Examples
    --------
    >>> round(chi_square_sf(3.841459, 1), 4), round(chi_square_sf(5.991465, 2), 4)
    (0.05, 0.05)
    >>> round(chi_square_sf(14.06714, 7), 4)
    0.05
    """
    if df < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if x <= 0:
        return 1.0
    half = x / 2.0
    if df % 2 == 0:
        term = 1.0
        total = 1.0
        for j in range(1, df // 2):
            term *= half / j
            total += term
        return min(1.0, math.exp(-half + math.log(total)) if total > 0 else 0.0)
    tail = math.erfc(math.sqrt(half))
    if df == 1:
        return tail
    term = math.sqrt(2.0 * x / math.pi)
    total = term
    for j in range(2, (df + 1) // 2):
        term *= x / (2 * j - 1)
        total += term
    return min(1.0, tail + math.exp(-half + math.log(total)))


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
