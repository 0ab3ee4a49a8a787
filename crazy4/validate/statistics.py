"""The statistical tests of a validation, for any game (:class:`StatFamily`), and the statistics
check, Holm-adjusted (:func:`statistics_check`)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import RANKS, format_card
from crazy4.core.paytables import PayTable, format_odds
from crazy4.core.ranking import category_of_strength
from crazy4.errors import InputError
from crazy4.validate.report import Check
from crazy4.validate.stats import (
    POWER,
    chi_square_sf,
    detectable_deviation,
    hands_needed,
    holm_adjust,
    normal_two_sided_p,
    runs_z,
)
from crazy4.validate.tally import BetStats, ExactMoments, Tally

#: A JSON summary as read (``json.loads`` of an object): its values are unchecked JSON.
Summary = dict[str, Any]

#: The keys every game's JSON summary has.
SUMMARY_KEYS = ("rounds", "player_categories", "dealer_categories", "bets")

#: Counts (of categories, cells, cards) to test.
Counts = npt.NDArray[np.floating] | npt.NDArray[np.integer]


def chi_square_test(
    observed: Counts,
    probabilities: npt.NDArray[np.floating],
    *,
    scale: float = 1.0,
    min_expected: float = 5.0,
) -> tuple[float, int, int] | None:
    """Pearson chi-square of counts against probabilities, rare cells pooled.

    Cells are pooled, rarest first, until each pooled cell expects at least ``min_expected``.
    The statistic is divided by ``scale`` (a finite-population correction).

    Returns
    -------
    (statistic, degrees of freedom, pooled cells) or None when fewer than two cells remain.

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
    """One test, before the Holm adjustment.

    Attributes
    ----------
    name : str
    statistic : float
        Chi-square statistic or z-score.
    df : int or str
        Degrees of freedom (``""`` for a z-score).
    p : float
        The unadjusted p-value.
    detail : str
    """

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
        """Chi-square of rank and of card frequencies over every card dealt in the kept rounds.

        The k cards of a round are drawn without replacement, so the statistic is scaled by the
        finite-population factor (the average of k (52 - k) / 51 per card dealt).
        """
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
    where: str = "",
) -> list[BetSample]:
    """Each bet's sample: from the accumulators, or from a summary (design effect 1; a bet
    with no exact counterpart ``where``, or with no hands, is noted). The summary's shape was
    checked when read (:func:`crazy4.validate.reading.check_summary`).

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
        for name, stats in bets.items():
            if stats.n == 0:
                continue
            items.append(BetSample(name, stats.n, stats.total, stats.exact, stats.design_effect()))
    else:
        for name, entry in summary.get("bets", {}).items():
            if name not in exact_bets:
                notes.append(f"bet {name!r}: no exact counterpart{where}; not tested")
                continue
            hands = int(entry["hands"])
            if hands == 0:
                notes.append(f"bet {name!r}: no hands; not tested")
                continue
            wagered = float(entry.get("wagered", hands))
            net = float(entry["net"]) * hands / wagered if wagered else 0.0
            items.append(BetSample(name, hands, net, exact_bets[name], 1.0))
    return items


def rare_award_notes(
    bet: str,
    tables: Sequence[PayTable],
    probabilities: npt.NDArray[np.float64],
    hands: int,
    se: float,
) -> list[str]:
    """Award lines of ``tables`` (paying ``bet``) too rare for a sample of ``hands`` whose mean
    has standard error ``se``: expected fewer than 5 times, or paying less in all than 2 s.e.

    ``probabilities`` are the exact probabilities of each best-four strength.
    """
    categories = category_of_strength()
    notes = []
    for table in tables:
        numerators, denominator = table.by_strength()
        strengths = np.arange(numerators.shape[0])
        for entry in table.entries:
            lines = numerators == int(entry.odds * denominator)
            chosen = lines & (categories == entry.category)
            p = float(probabilities[chosen & (strengths >= entry.minimum_strength)].sum())
            expected = hands * p
            contribution = float(entry.odds + 1) * p
            if expected < 5 or contribution < 2 * se:
                why = (
                    f"expected {expected:.1f} in this sample"
                    if expected < 5
                    else f"its whole contribution {contribution:.5f} is within 2 s.e. "
                    f"({2 * se:.5f})"
                )
                notes.append(
                    f"{bet}: sample too small to resolve the {entry.label} award "
                    f"({format_odds(entry.odds)} to 1; {why})"
                )
    return notes


def summary_counts(summary: Summary, key: str, labels: list[str]) -> npt.NDArray[np.float64]:
    """The counts ``summary[key]`` gives each label (0 for a missing label; none without the
    key).

    Raises
    ------
    InputError
        A label that is none of ``labels``.

    Examples
    --------
    >>> summary_counts({"cells": {"b": 4}}, "cells", ["a", "b"]).tolist()
    [0.0, 4.0]
    >>> summary_counts({"cells": {"c": 4}}, "cells", ["a", "b"])
    Traceback (most recent call last):
    crazy4.errors.InputError: cells has an unknown label 'c' (known: a, b)
    """
    counts = summary.get(key, {})
    unknown = [label for label in counts if label not in labels]
    if unknown:
        raise InputError(
            f"{key} has an unknown label {unknown[0][:40]!r} (known: {', '.join(labels)})"
        )
    return np.array([counts.get(label, 0) for label in labels], float)


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
                f"{str(entry['name']).removeprefix('mean of ')}: {entry_hands(power)} hands detect "
                f"a deviation of ±{power['detectable_deviation']:.5f} a unit (power "
                f"{POWER:g}, two-sided at {level:.3g}); a deviation of 0.001 (0.1% of the wager) "
                f"needs {power['hands_for_0.001']:,} hands"
            )
    if not tests:  # nothing tested: never "all consistent" (not run, crazy4.validate.report)
        kept = "" if basis is None else f" from {basis[0]:,} {basis[1]} kept"
        summary_text = f"no statistical test could be made{kept}"
        basis = basis if basis is not None and basis[0] == 0 else (0, "tests")
    return Check("Statistics", failed == 0, summary_text, tests=tests, notes=notes, basis=basis)


def entry_hands(power: dict[str, object]) -> str:
    """The hands of a power statement, with thousands separators.

    Examples
    --------
    >>> entry_hands({"hands": 12345})
    '12,345'
    """
    return f"{power['hands']:,}"


def power_statement(spread: float, hands: int, level: float) -> dict[str, object]:
    """A bet mean's power: the deviation ``hands`` hands detect at two-sided ``level`` with
    power :data:`~crazy4.validate.stats.POWER`, and the hands that detect 0.001 a unit.

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
