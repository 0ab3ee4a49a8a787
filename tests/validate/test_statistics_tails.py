"""The validator's normal and chi-square tails equal ``scipy.stats``' to the bit, and a
validation does not import ``scipy.stats`` (a second of every run's start)."""

from __future__ import annotations

import math
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st
from scipy import stats

from crazy4.validate.statistics import (
    chi_square_sf,
    detectable_deviation,
    hands_needed,
    normal_two_sided_p,
)

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)


@given(finite)
def test_normal_tail_is_scipy_stats(z: float) -> None:
    assert normal_two_sided_p(z) == float(2 * stats.norm.sf(abs(z)))


@given(finite, st.integers(min_value=1, max_value=500))
def test_chi_square_tail_is_scipy_stats(x: float, df: int) -> None:
    assert chi_square_sf(x, df) == float(stats.chi2.sf(max(x, 0.0), df))


@given(
    st.floats(min_value=1e-6, max_value=0.5),
    st.floats(min_value=0.01, max_value=100.0),
    st.integers(min_value=1, max_value=10**9),
)
def test_power_quantiles_are_scipy_stats(alpha: float, spread: float, hands: int) -> None:
    z = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(0.8)
    assert detectable_deviation(spread, hands, alpha) == float(z * spread / math.sqrt(hands))
    deviation = spread / 10
    assert hands_needed(spread, deviation, alpha) == math.ceil(float((z * spread / deviation) ** 2))


def test_validation_does_not_import_scipy_stats() -> None:
    code = "import sys, crazy4.validate.driver; print('scipy.stats' in sys.modules)"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip() == "False"
