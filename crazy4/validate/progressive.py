"""Settling a log's progressive again, for any game: every row's ``progressive_net`` from its
cards and its round's other seats (the envy) at the meter, and the mean against the exact value."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.cards import colex_indices
from crazy4.core.money import dollars
from crazy4.errors import InputError
from crazy4.log.roundlog import hand_text, number_column, parse_hand_column
from crazy4.progressive.returns import category_table, progressive_return
from crazy4.progressive.settle import payout_numerators
from crazy4.rules.progressive_bet import ProgressiveBet, scoring_categories
from crazy4.validate.checks import rule_groups
from crazy4.validate.report import Check, Finding, Options
from crazy4.validate.rows import LogBatch
from crazy4.validate.statistics import StatFamily, StatTest
from crazy4.validate.tally import TOLERANCE

#: What a mismatch is counted under, before the hand's own line (code 4).
_PATTERNS = (
    "progressive: a net without a progressive wager",
    "progressive: wager not the rule set's",
    "progressive: envy not paid (another seat's hand)",
    "progressive: envy paid on the seat's own hand",
)


def logged_meter(options: Options, metadata: Mapping[str, object]) -> tuple[Fraction, str]:
    """The meter to settle on and where it comes from.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> options = Options(load_rules("crazy4-progressive"))
    >>> logged_meter(options, {"progressive_meter": "25001/2"})
    (Fraction(25001, 2), "the log's metadata")
    >>> logged_meter(options, {})
    (Fraction(5000, 1), "the rule set's reset; the log records none")
    """
    bet = options.rules.progressive
    assert bet is not None
    if options.meter is not None:
        return options.meter, "--meter"
    recorded = metadata.get("progressive_meter")
    if recorded is None:
        return bet.reset, "the rule set's reset; the log records none"
    try:
        meter = Fraction(str(recorded))
    except (ValueError, ZeroDivisionError):
        meter = Fraction(-1)
    if meter < 0:
        raise InputError(
            f"the log's metadata: progressive_meter {str(recorded)[:40]!r} is no meter"
        )
    return meter, "the log's metadata"


def _near(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64]) -> npt.NDArray[np.bool_]:
    close: npt.NDArray[np.bool_] = np.abs(a - b) <= TOLERANCE * np.maximum(1.0, np.abs(b))
    return close


@dataclass
class ProgressiveValidation:
    """The progressive's re-settlement and mean over a log's batches."""

    bet: ProgressiveBet
    meter: Fraction
    source: str
    examples: int
    rule_set: str
    present: bool = True
    rows: int = 0
    settled: int = 0
    differ: int = 0
    left_out: int = 0
    findings: dict[str, Finding] = field(default_factory=dict)
    sums: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0, 0.0, 0.0])

    def wrap(self, process: Callable[[LogBatch], None]) -> Callable[[LogBatch], None]:
        """``process`` with this check run first on each batch (its table and first row)."""

        def both(batch: LogBatch) -> None:
            self.process(batch.table, batch.first_row)
            process(batch)

        return both

    def process(self, table: pa.Table, first_row: int) -> None:
        """Settle one batch of rows (whole rounds) again."""
        names = table.column_names
        if "progressive_net" not in names or "progressive" not in names:
            self.present = False
            return
        n = table.num_rows
        self.rows += n
        cards, bad = parse_hand_column(table.column("player"), 5)
        wager = number_column(table.column("progressive"))
        logged = number_column(table.column("progressive_net"))
        ids = (
            number_column(table.column("round")) if "round" in names else np.arange(n, dtype=float)
        )
        start = np.ones(n, dtype=bool)
        start[1:] = ids[1:] != ids[:-1]
        round_of_row = np.cumsum(start) - 1
        rounds = int(round_of_row[-1]) + 1
        ok_row = np.isfinite(wager) & np.isfinite(logged)
        ok_row[list(bad)] = False
        ok = np.bincount(round_of_row, weights=~ok_row, minlength=rounds)[round_of_row] == 0
        category = category_table(self.bet.scoring)[colex_indices(np.where(ok[:, None], cards, 0))]
        paid_n, envy_n, denominator = payout_numerators(self.bet, self.meter)
        own_envy = np.array(envy_n, dtype=np.float64)[category] / denominator
        paid = np.array(paid_n, dtype=np.float64)[category] / denominator
        others = (
            np.bincount(round_of_row, weights=own_envy, minlength=rounds)[round_of_row] - own_envy
        )
        seats = np.bincount(round_of_row, minlength=rounds)[round_of_row]
        w = float(self.bet.wager)
        bets = wager > 0
        expected = np.where(bets, paid + others - w, 0.0)
        close = _near(logged, expected)
        self.settled += int(ok.sum())
        self.left_out += n - int(ok.sum())
        wrong = ok & ~close
        values = (wager, logged, expected, own_envy, others)
        self._findings(first_row, table.column("player"), wrong, values, category)
        self._mean(
            ok & bets & (np.abs(wager - w) <= TOLERANCE * w), logged / w, seats, round_of_row
        )

    def _findings(
        self,
        first_row: int,
        player: pa.ChunkedArray,
        wrong: npt.NDArray[np.bool_],
        values: tuple[npt.NDArray[np.float64], ...],
        category: npt.NDArray[np.int8],
    ) -> None:
        """Count the rows that differ under what the log did."""
        if not wrong.any():
            return
        rows = np.flatnonzero(wrong)
        wager, logged, expected, own, others = (value[rows] for value in values)
        w = float(self.bet.wager)
        code = np.full(rows.shape[0], 4, dtype=np.int64)
        explained = [
            wager == 0,
            np.abs(wager - w) > TOLERANCE * w,
            (others > 0) & _near(logged, expected - others),
            (own > 0) & _near(logged, expected + own),
        ]
        for number in range(len(explained) - 1, -1, -1):
            code[explained[number]] = number
        paid_logged = logged + w - others
        cents = np.round(paid_logged * 10**6).astype(np.int64)
        keys = [code, np.where(code == 4, category[rows], 0), np.where(code == 4, cents, 0)]
        for group in rule_groups(np.arange(rows.shape[0]), keys):
            first = int(group[0])
            text = self._pattern(
                int(code[first]), int(category[rows[first]]), float(paid_logged[first])
            )
            found = self.findings.setdefault(text, Finding())
            found.count += group.shape[0]
            self.differ += group.shape[0]
            for index in group[: found.budget(self.examples)]:
                found.examples.append(
                    {
                        "row": first_row + int(rows[index]),
                        "player": hand_text(player, int(rows[index])),
                        "progressive_net": float(logged[index]),
                        "expected": float(expected[index]),
                    }
                )

    def _pattern(self, code: int, category: int, paid_logged: float) -> str:
        """The finding of a group of rows."""
        if code < 4:
            if code == 1:
                return f"{_PATTERNS[1]} ({dollars(self.bet.wager)})"
            return _PATTERNS[code]
        hand = scoring_categories(self.bet.scoring)(category).name.lower().replace("_", " ")
        line = self.bet.line_for(category)
        shown = dollars(Fraction(paid_logged).limit_denominator(10**6))
        if line is None:
            return f"progressive: {hand} paid {shown} (rules: the wager lost)"
        due = dollars(line.payout(self.meter))
        if line.meter_share:
            rule = f"{float(line.meter_share) * 100:.4g}% of the {dollars(self.meter)} meter"
            if line.fixed:
                rule += f" + {dollars(line.fixed)}"
            return f"progressive: {hand} paid {shown} as a fixed amount (rules: {rule} = {due})"
        return f"progressive: {hand} paid {shown} (rules: {due})"

    def _mean(
        self,
        kept: npt.NDArray[np.bool_],
        per_dollar: npt.NDArray[np.float64],
        seats: npt.NDArray[np.int64],
        round_of_row: npt.NDArray[np.int64],
    ) -> None:
        """Add the kept bets' deviations from their exact values, summed by round."""
        if not kept.any():
            return
        value = progressive_return(self.bet)
        most = int(seats.max())
        exact = np.array([float(value.at(self.meter, k) - 1) for k in range(most)])
        deviation = np.where(kept, per_dollar - exact[np.clip(seats - 1, 0, most - 1)], 0.0)
        by_round = np.bincount(round_of_row, weights=deviation)
        by_round = by_round[np.bincount(round_of_row, weights=kept) > 0]
        self.sums[0] += float(by_round.sum())
        self.sums[1] += float((by_round**2).sum())
        self.sums[2] += by_round.shape[0]
        self.sums[3] += float(kept.sum())
        self.sums[4] += float(per_dollar[kept].sum())

    def finish(self, family: StatFamily) -> list[Check]:
        """The progressive's check, and its mean's z-score added to ``family``."""
        meter = f"meter {dollars(self.meter)} ({self.source})"
        if not self.present:
            return [Check("Progressive", True, f"the log has no progressive columns ({meter})")]
        total, squares, rounds, bets, net = self.sums
        if rounds > 1:
            spread = math.sqrt(max(0.0, (squares - total * total / rounds) * rounds / (rounds - 1)))
            z = total / spread if spread > 0 else (0.0 if total == 0 else math.inf)
            mean, exact = net / bets, (net - total) / bets
            family.tests.append(
                StatTest.z_score(
                    "progressive mean",
                    z,
                    f"{mean:+.5f} a dollar wagered vs exact {exact:+.5f} "
                    f"({bets:,.0f} bets, {meter})",
                )
            )
        else:
            family.notes.append("progressive mean: too few rounds to test")
        summary = (
            f"{self.settled:,} rows' progressive re-settled under {self.rule_set} at the "
            f"{meter}: {self.differ:,} with an amount that differs"
        )
        if self.left_out:
            summary += (
                f"; {self.left_out:,} rows left out (their round has cards or progressive "
                "amounts that do not read)"
            )
        basis = (self.settled, "rows")
        return [Check("Progressive", self.differ == 0, summary, dict(self.findings), basis=basis)]


def start_progressive(
    options: Options, metadata: Mapping[str, object]
) -> ProgressiveValidation | None:
    """The progressive's check of a log under ``options`` (None: the rule set has none).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> start_progressive(Options(load_rules("crazy4-standard")), {}) is None
    True
    >>> start_progressive(Options(load_rules("crazy4-progressive")), {}).meter
    Fraction(5000, 1)
    """
    bet = options.rules.progressive
    if bet is None:
        return None
    meter, source = logged_meter(options, metadata)
    return ProgressiveValidation(bet, meter, source, options.examples, options.rules.name)


def summary_progressive(
    options: Options, summary: Mapping[str, object], family: StatFamily
) -> None:
    """Add the z-score of a JSON summary's ``progressive`` row (``crazy4 simulate --summary``)
    against its exact value ``R(M, seats - 1) - 1`` to ``family``; nothing when the rule set or
    the summary has no progressive.

    Raises
    ------
    KeyError, TypeError, ValueError
        A malformed row (the driver words it as a malformed summary).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> family = StatFamily()
    >>> row = {"mean": -0.2254, "standard_error": 0.01}
    >>> summary = {"seats": 3, "progressive_meter": "5000", "bets": {"progressive": row}}
    >>> summary_progressive(Options(load_rules("crazy4-progressive")), summary, family)
    >>> family.tests[0].name, round(family.tests[0].statistic, 2)
    ('progressive mean', 0.0)
    """
    bet = options.rules.progressive
    bets = summary.get("bets")
    if bet is None or not isinstance(bets, Mapping) or "progressive" not in bets:
        return
    row = bets["progressive"]
    if not isinstance(row, Mapping):
        raise TypeError("bets.progressive is not an object")
    recorded = summary.get("progressive_meter")
    meter = options.meter or (bet.reset if recorded is None else Fraction(str(recorded)))
    seats = summary.get("seats", 1)
    if not isinstance(seats, int) or not 1 <= seats <= 20 or meter < 0:
        raise ValueError("seats or progressive_meter out of range")
    exact = float(progressive_return(bet).at(meter, seats - 1) - 1)
    mean, error = float(row["mean"]), float(row["standard_error"])
    z = (mean - exact) / error if error > 0 else (0.0 if mean == exact else math.inf)
    detail = (
        f"{mean:+.5f} ± {error:.5f} a dollar wagered vs exact {exact:+.5f} (meter {dollars(meter)})"
    )
    family.tests.append(StatTest.z_score("progressive mean", z, detail))
    family.notes = [note for note in family.notes if not note.startswith("bet 'progressive'")]
