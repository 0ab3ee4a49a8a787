"""The statistical tests of a validation, for any game (:class:`StatFamily`), and the statistics
check, Holm-adjusted (:func:`statistics_check`); the distributions behind them (the normal and
chi-square functions of ``scipy.special``, which ``scipy.stats`` evaluates: importing
``scipy.stats`` would take a second more), the runs test and the power of a bet's mean test.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt
from scipy import special

from crazy4.core.cards import RANKS, format_card
from crazy4.validate.report import Check
from crazy4.validate.tally import BetStats, ExactMoments, Tally

#: A JSON summary as read (``json.loads`` of an object): its values are unchecked JSON.
Summary = dict[str, Any]

#: The keys every game's JSON summary has.
SUMMARY_KEYS = ("rounds", "player_categories", "dealer_categories", "bets")

#: Counts (of categories, cells, cards) to test.
Counts = npt.NDArray[np.floating] | npt.NDArray[np.integer]


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
    return float(2 * special.ndtr(-abs(z)))  # the normal's survival function


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
    return float(special.chdtrc(df, max(x, 0.0)))  # the chi-square's survival function


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


def _power_z(alpha: float) -> float:
    """``z_{1-a/2} + z_{POWER}``: the normal's quantiles of a two-sided test at level ``alpha``
    and of :data:`POWER`."""
    return float(special.ndtri(1 - alpha / 2) + special.ndtri(POWER))


def detectable_deviation(spread: float, hands: int, alpha: float) -> float:
    """The smallest deviation of a mean from its exact value that a two-sided test at level
    ``alpha`` detects with probability :data:`POWER` in ``hands`` hands of spread ``spread``:
    ``(z_{1-a/2} + z_{POWER}) s / sqrt n``.

    Examples
    --------
    >>> round(detectable_deviation(1.0, 10_000, 0.05), 4)
    0.028
    """
    return float(_power_z(alpha) * spread / math.sqrt(hands))


def hands_needed(spread: float, deviation: float, alpha: float) -> int:
    """The hands a two-sided test at level ``alpha`` needs to detect ``deviation`` with
    probability :data:`POWER`.

    Examples
    --------
    >>> hands_needed(1.0, 0.028, 0.05)
    10012
    """
    return math.ceil(float((_power_z(alpha) * spread / deviation) ** 2))


def chi_square_test(
    observed: Counts,
    probabilities: npt.NDArray[np.floating],
    *,
    scale: float = 1.0,
    min_expected: float = 5.0,
) -> tuple[float, int, int] | None:
    """Pearson chi-square of counts against probabilities, divided by ``scale``: (statistic,
    degrees of freedom, cells pooled) with rare cells pooled rarest first until each expects
    ``min_expected``; None when fewer than two cells remain.

    Examples
    --------
    >>> stat, df, pooled = chi_square_test(np.array([50, 30, 20]), np.array([0.5, 0.3, 0.2]))
    >>> stat, df, pooled
    (0.0, 2, 0)
    >>> chi_square_test(np.array([3, 1]), np.array([0.9, 0.1])) is None
    True
    """
    observed = np.asarray(observed, dtype=np.float64)
    total = observed.sum()
    expected = total * np.asarray(probabilities, dtype=np.float64)
    order = np.argsort(expected, kind="stable")
    groups: list[list[int]] = []
    current: list[int] = []
    running = 0.0
    for index in order:
        current.append(int(index))
        running += expected[index]
        if running >= min_expected:
            groups.append(current)
            current, running = [], 0.0
    if current:
        if groups:
            groups[-1] += current
        else:
            groups.append(current)
    if len(groups) < 2:
        return None
    pooled_observed = np.array([observed[g].sum() for g in groups])
    pooled_expected = np.array([expected[g].sum() for g in groups])
    statistic = float(((pooled_observed - pooled_expected) ** 2 / pooled_expected).sum()) / scale
    pooled = len(observed) - len(groups)
    return statistic, len(groups) - 1, pooled


def most_off(observed: Counts, probabilities: npt.NDArray[np.float64]) -> int:
    """Index of the cell with the largest standardized deviation.

    Examples
    --------
    >>> most_off(np.array([50.0, 20, 30]), np.array([0.5, 0.3, 0.2]))
    2
    """
    expected = observed.sum() * probabilities
    return int(np.argmax(np.abs(observed - expected) / np.sqrt(np.maximum(expected, 1e-12))))


@dataclass(frozen=True)
class StatTest:
    """One test, before the Holm adjustment: a chi-square statistic or a z-score (``df``
    ``""``), its unadjusted p-value, and for a bet's mean its spread and hands (its power)."""

    name: str
    statistic: float
    df: int | str
    p: float
    detail: str
    spread: float = 0.0
    hands: int = 0

    @classmethod
    def z_score(cls, name: str, z: float, detail: str) -> StatTest:
        """A two-sided normal test of the score ``z``.

        Examples
        --------
        >>> StatTest.z_score("mean", 0.0, "").p
        1.0
        >>> StatTest.z_score("mean", float("nan"), "").p  # never "ok" for a broken mean
        0.0
        """
        p = normal_two_sided_p(z) if math.isfinite(z) else 0.0
        return cls(name, z, "", p, detail)


@dataclass
class StatFamily:
    """The tests of one statistics check, and notes on what was not tested."""

    tests: list[StatTest] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def chi_square(
        self,
        name: str,
        observed: Counts,
        p: npt.NDArray[np.float64],
        scale: float = 1.0,
        detail: str = "",
    ) -> None:
        """Add a chi-square test, or a note when the sample is too small.

        Examples
        --------
        >>> family = StatFamily()
        >>> family.chi_square("coin", np.array([3, 1]), np.array([0.5, 0.5]))
        >>> family.notes
        ['coin: sample too small for a chi-square test']
        """
        result = chi_square_test(observed, p, scale=scale)
        if result is None:
            self.notes.append(f"{name}: sample too small for a chi-square test")
            return
        statistic, df, pooled = result
        extra = f"{pooled} rare cells pooled" if pooled else ""
        self.tests.append(
            StatTest(
                name,
                statistic,
                df,
                chi_square_sf(statistic, df) if math.isfinite(statistic) else 0.0,
                "; ".join(t for t in (detail, extra) if t),
            )
        )

    def card_frequencies(self, tally: Tally) -> None:
        """Chi-square of rank and of card frequencies over every card dealt in the kept rounds,
        scaled by the finite-population factor (the mean ``k (52 - k) / 51`` per card dealt)."""
        if tally.cards_dealt == 0:
            return
        scale = tally.card_variance / tally.cards_dealt
        ranks = tally.card_counts.reshape(13, 4).sum(axis=1)
        worst = int(np.argmax(np.abs(ranks - ranks.mean())))
        self.chi_square(
            "rank frequencies",
            ranks,
            np.full(13, 1 / 13),
            scale=scale,
            detail=f"most off: {RANKS[worst]} ({ranks[worst] / ranks.sum() * 13:.4f} x expected)",
        )
        worst = int(np.argmax(np.abs(tally.card_counts - tally.card_counts.mean())))
        self.chi_square(
            "card frequencies",
            tally.card_counts,
            np.full(52, 1 / 52),
            scale=scale,
            detail=f"most off: {format_card(worst)}",
        )
        for name, counts in tally.hand_counts.items():
            k = tally.hand_sizes[name]
            worst = int(np.argmax(np.abs(counts - counts.mean())))
            self.chi_square(
                f"card frequencies, {name}",
                counts,
                np.full(52, 1 / 52),
                scale=(52 - k) / 51,
                detail=f"most off: {format_card(worst)}",
            )
        self.sequence_tests(tally)

    def sequence_tests(self, tally: Tally) -> None:
        """The runs test (dealer hand a pair or better, or not) and the lag-1 serial
        correlation of the dealer's hand strength, over the kept rounds in log order."""
        sequence = tally.sequence
        if sequence.n < 20:
            if sequence.n:
                self.notes.append("sequence tests: fewer than 20 rounds; not tested")
            return
        z = runs_z(sequence.runs, sequence.ones, sequence.n)
        self.tests.append(
            StatTest.z_score(
                "runs (dealer pair or better)",
                z,
                f"{sequence.runs:,} runs in {sequence.n:,} rounds ({sequence.ones:,} marked)",
            )
        )
        r = sequence.serial_correlation()
        z = (r + 1 / sequence.n) * math.sqrt(sequence.n)
        self.tests.append(
            StatTest.z_score("serial correlation (dealer strength, lag 1)", z, f"r = {r:+.5f} (z)")
        )


class BetSample(NamedTuple):
    """One bet's sample: hands, total net per unit, its exact moments, the design effect."""

    name: str
    hands: int
    total: float
    exact: ExactMoments
    design: float

    def mean_test(self, show_design: bool = True) -> tuple[StatTest, float]:
        """The z-score of the sample mean against the exact one, and the standard error.

        Examples
        --------
        >>> from fractions import Fraction
        >>> from types import SimpleNamespace
        >>> exact = SimpleNamespace(mean=Fraction(0), std_dev=1.0)
        >>> test, se = BetSample("ante", 100, 20.0, exact, 1.0).mean_test()
        >>> test.statistic, se, test.detail
        (2.0, 0.1, 'mean +0.20000 ± 0.10000, exact +0.00000')
        """
        mean = self.total / self.hands
        se = self.exact.std_dev * math.sqrt(self.design / self.hands)
        z = (mean - float(self.exact.mean)) / se if se > 0 else 0.0
        detail = f"mean {mean:+.5f} ± {se:.5f}, exact {float(self.exact.mean):+.5f}"
        if show_design and abs(self.design - 1) > 1e-9:
            detail += f", design effect {self.design:.2f}"
        test = StatTest.z_score(f"mean of {self.name}", z, detail)
        spread = self.exact.std_dev * math.sqrt(self.design)
        return replace(test, spread=spread, hands=self.hands), se


def bet_samples(
    bets: Mapping[str, BetStats],
    exact_bets: Mapping[str, ExactMoments],
    summary: Summary | None,
    notes: list[str],
) -> list[BetSample]:
    """Each bet's sample: from the accumulators, or from a summary (design effect 1; a bet
    with no exact counterpart, or with no hands, is noted).

    Examples
    --------
    >>> notes: list[str] = []
    >>> bet_samples({}, {"ante": None}, {"bets": {"ante": {"hands": 0, "net": 0}}}, notes)
    []
    >>> notes
    ["bet 'ante': no hands; not tested"]
    """
    items: list[BetSample] = []
    if summary is None:
        for name, bet in bets.items():
            if bet.n == 0:
                continue
            items.append(BetSample(name, bet.n, bet.total, bet.exact, bet.design_effect()))
    else:
        for name, entry in summary.get("bets", {}).items():
            if name not in exact_bets:
                notes.append(f"bet {name!r}: no exact counterpart; not tested")
                continue
            hands = int(entry["hands"])
            if hands == 0:
                notes.append(f"bet {name!r}: no hands; not tested")
                continue
            wagered = float(entry.get("wagered", hands))
            net = float(entry["net"]) * hands / wagered if wagered else 0.0
            items.append(BetSample(name, hands, net, exact_bets[name], 1.0))
    return items


def statistics_check(
    family: StatFamily, alpha: float, basis: tuple[int, str] | None = None
) -> Check:
    """The statistics check: the tests Holm-adjusted at family-wise level ``alpha``; its
    verdict rests on ``basis`` (the rows or rounds the tests count), and a family of no test
    rests on nothing (:func:`crazy4.validate.report.not_run`).

    Examples
    --------
    >>> family = StatFamily([StatTest("a", 3.0, 1, 0.0004, ""), StatTest("b", 1.0, 1, 0.3, "")])
    >>> check = statistics_check(family, 0.001)
    >>> check.passed, check.summary
    (False, '2 tests at 99.9% confidence, Holm-adjusted (family-wise alpha 0.001): 1 failed')
    >>> check.tests[0]["p_holm"], check.tests[0]["result"]
    (0.0008, 'FAIL')
    """
    adjusted = holm_adjust([test.p for test in family.tests])
    tests: list[dict[str, object]] = []
    failed = 0
    level = alpha / max(1, len(family.tests))  # the Holm threshold of the smallest p-value
    for test, p_holm in zip(family.tests, adjusted, strict=True):
        entry: dict[str, object] = {
            "name": test.name,
            "statistic": test.statistic,
            "df": test.df,
            "p": test.p,
            "detail": test.detail,
            "p_holm": p_holm,
            "result": "FAIL" if p_holm < alpha else "ok",
        }
        if test.hands and test.spread > 0:
            entry["power"] = power_statement(test.spread, test.hands, level)
        tests.append(entry)
        failed += p_holm < alpha
    summary_text = (
        f"{len(tests)} tests at {100 * (1 - alpha):g}% confidence, Holm-adjusted "
        f"(family-wise alpha {alpha:g}): "
        + (f"{failed} failed" if failed else "all consistent with the exact probabilities")
    )
    notes = list(family.notes)
    for entry in tests:
        power = entry.get("power")
        if isinstance(power, dict):
            notes.append(
                f"{str(entry['name']).removeprefix('mean of ')}: {power['hands']:,} hands detect "
                f"a deviation of ±{power['detectable_deviation']:.5f} a unit (power "
                f"{POWER:g}, two-sided at {level:.3g}); a deviation of 0.001 (0.1% of the wager) "
                f"needs {power['hands_for_0.001']:,} hands"
            )
    if not tests:  # nothing tested: never "all consistent" (not run, crazy4.validate.report)
        kept = "" if basis is None else f" from {basis[0]:,} {basis[1]} kept"
        summary_text = f"no statistical test could be made{kept}"
        basis = basis if basis is not None and basis[0] == 0 else (0, "tests")
    return Check("Statistics", failed == 0, summary_text, tests=tests, notes=notes, basis=basis)


def power_statement(spread: float, hands: int, level: float) -> dict[str, object]:
    """A bet mean's power: the deviation ``hands`` hands detect at two-sided ``level`` with
    power :data:`POWER`, and the hands that detect 0.001 a unit.

    Examples
    --------
    >>> statement = power_statement(1.0, 10_000, 0.05)
    >>> round(statement["detectable_deviation"], 4), statement["hands_for_0.001"]
    (0.028, 7848880)
    """
    return {
        "hands": hands,
        "spread": spread,
        "level": level,
        "power": POWER,
        "detectable_deviation": detectable_deviation(spread, hands, level),
        "hands_for_0.001": hands_needed(spread, 0.001, level),
    }
