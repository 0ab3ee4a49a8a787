"""The simulator's sums of squares stay exact when nets are large (no silent int64 overflow)."""

from __future__ import annotations

import math
from collections import namedtuple
from fractions import Fraction
from pathlib import Path

import numpy as np

from crazy4.core.exact import exact_squares, seat_totals
from crazy4.simulate.summary import bet_result

Exact = namedtuple("Exact", "mean std_dev hit_frequency")


def test_bet_result_standard_error_with_nets_past_int64_squares() -> None:
    """Nets of 2^40: their squares (2^80) pass int64; the standard error is still exact."""
    big = 2**40
    keyed = np.array([3, 1], dtype=np.int64)
    nets = np.array([-big, big], dtype=np.int64)
    result = bet_result("big", keyed, nets, 1, 4, 1, None, Exact(Fraction(0), 1.0, 0.25))
    # by hand: values -B, -B, -B, +B; mean -B/2; sample variance of the mean
    mean = Fraction(-big, 2)
    spread = 3 * (Fraction(-big) - mean) ** 2 + (Fraction(big) - mean) ** 2
    expected = math.sqrt(float(spread / 3 / 4))
    assert result.mean == float(mean)
    assert math.isclose(result.standard_error, expected, rel_tol=1e-12)


def test_exact_squares_and_seat_totals_widen_only_when_needed() -> None:
    """Ordinary nets stay int64 (the fast path); large ones become Python integers."""
    small = np.array([3, -4], dtype=np.int64)
    assert exact_squares(small).dtype == np.int64
    huge = np.array([2**62, 2**62], dtype=np.int64)
    assert int(exact_squares(huge)[0]) == 2**124
    totals = seat_totals(huge, [np.array([0]), np.array([1])])
    assert int(totals[0]) == 2**63


def test_cardroom_refuses_payouts_its_int64_moments_cannot_hold(tmp_path: Path) -> None:
    """A card-room rule set with a 10^13 Super Bonus: one line and exit 2, not a wrong figure."""
    import re

    from crazy4.cli.main import main
    from crazy4.rules.load import RULES_DIR

    text = (RULES_DIR / "crazy4-cardroom.toml").read_text()
    text = re.sub(r"(?m)^four_aces = .*$", "four_aces = 10000000000000", text, count=1)
    path = tmp_path / "big-cardroom.toml"
    path.write_text(text.replace('name = "crazy4-cardroom"', 'name = "big-cardroom"'))
    assert main(["analyze", "--rules", str(path), "--out", str(tmp_path / "out"), "--quiet"]) == 2
