"""Audit a simulator's output against the exact analysis: ``crazy4 validate``.

Input is a per-round log (parquet or CSV, schema in :mod:`crazy4.simulate.roundlog`) or a JSON
summary
(totals only, as written by ``crazy4 simulate --summary``). A log is read in batches of rows
(the rows of a round are kept together), so memory stays bounded whatever its length. Four
checks, each reported with counts and examples:

1. **Well-formed**: card text, five cards a hand, no card twice in a round (across seats and
   the dealer), the same dealer hand on every row of a round, each seat once, wagers allowed
   by the rules. A bad row is reported by its number (1-based, data rows) and reason; it is
   left out of the other checks, its round out of the statistics; every other row is checked.
2. **Settlement**: every wager of every row settled again (:mod:`crazy4.games.crazy_four.settle`);
each amount
   that differs is counted under the rule that applies, with examples giving the expected
   amount.
3. **Strategy**: each decision compared with the expected strategy (the optimal one unless
   told otherwise); a deviation is a decision whose exact EV differs, with the EV lost.
4. **Statistics**: chi-square tests of player and dealer hand categories, of the outcome cells
   (first seat of each round) and of rank and card frequencies (finite-population corrected:
   the cards of a round are drawn without replacement), a binomial test of the dealer's
   qualification rate, and a z-score of each bet's mean against its exact mean and standard
   deviation (with a design effect when seats share a dealer). The p-values are adjusted by
   Holm's method; the statistics fail when an adjusted p-value is below ``alpha``. Award lines
   too rare for the sample to resolve are named.

The verdict is ``consistent`` when every check passes (exit status 0), else ``inconsistent``
(1); unreadable input is an :class:`crazy4.errors.InputError` (exit status 2).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.cards import RANKS, colex_indices, format_card, format_cards
from crazy4.core.paytables import PayTable, format_odds
from crazy4.core.ranking import HandCategory, category_of_strength
from crazy4.errors import InputError
from crazy4.games.crazy_four.outcomes import OUTCOME_CELLS
from crazy4.games.crazy_four.pricing import decision_label
from crazy4.games.crazy_four.reference import ExactBet, Reference, load_reference
from crazy4.games.crazy_four.rules import crazy_four_rules
from crazy4.games.crazy_four.settle import Settlement, outcome_cells
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.roundlog import (
    BLIND,
    DECISION_NAMES,
    REQUIRED,
    decision_column,
    log_metadata,
    number_column,
    parse_hand_column,
    read_log_batches,
    sniff_format,
)
from crazy4.simulate.summary import SUMMARY_FORMAT
from crazy4.validate.stats import chi_square_sf, holm_adjust, normal_two_sided_p

GAME_BETS = ("ante_super_bonus_play", "ante_play", "super_bonus")
_TOLERANCE = 1e-9


@dataclass(frozen=True)
class Options:
    """How to validate.

    Attributes
    ----------
    rules : RuleSet
    strategy : str
        ``optimal``, ``simple`` or a strategy file (see :meth:`Reference.strategy`).
    queens_up : str or None
        Queens Up table the log's ``queens_up`` wagers were settled on (default: the one named
        in the log's metadata, else the rule set's first).
    alpha : float
        Family-wise significance level of the statistics.
    examples : int
        Examples listed per finding.
    batch_rows : int
        Rows read at a time.
    """

    rules: RuleSet
    strategy: str = "optimal"
    queens_up: str | None = None
    alpha: float = 0.001
    examples: int = 5
    batch_rows: int = 1 << 18


@dataclass
class Finding:
    """A group of rows with one problem: the count and a few examples."""

    count: int = 0
    examples: list[dict[str, object]] = field(default_factory=list)


@dataclass
class Check:
    """One check's outcome."""

    name: str
    passed: bool
    summary: str
    findings: dict[str, Finding] = field(default_factory=dict)
    tests: list[dict[str, object]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        return {
            "name": self.name,
            "status": "pass" if self.passed else "fail",
            "summary": self.summary,
            "findings": [
                {"what": what, "count": finding.count, "examples": finding.examples}
                for what, finding in self.findings.items()
            ],
            "tests": self.tests,
            "notes": self.notes,
        }


@dataclass
class Report:
    """The validator's report."""

    source: str
    kind: str
    rule_set: str
    strategy: str
    rows: int
    rounds: int
    checks: list[Check]

    @property
    def consistent(self) -> bool:
        """Whether every check passed."""
        return all(check.passed for check in self.checks)

    @property
    def exit_status(self) -> int:
        """0 consistent, 1 a check failed."""
        return 0 if self.consistent else 1

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        return {
            "source": self.source,
            "input": self.kind,
            "rule_set": self.rule_set,
            "strategy": self.strategy,
            "rows": self.rows,
            "rounds": self.rounds,
            "verdict": "consistent" if self.consistent else "inconsistent",
            "exit_status": self.exit_status,
            "checks": [check.to_dict() for check in self.checks],
        }

    def render(self, markdown: bool = False) -> str:
        """Readable report: plain text, or Markdown."""
        verdict = "CONSISTENT" if self.consistent else "INCONSISTENT"
        head = "# " if markdown else ""
        sub = "## " if markdown else ""
        bullet = "- " if markdown else "  "
        lines = [
            f"{head}Validation of {self.source} against {self.rule_set}",
            "",
            f"{self.kind}: {self.rows:,} rows, {self.rounds:,} rounds; expected strategy: "
            f"{self.strategy}",
            f"Verdict: **{verdict}**" if markdown else f"Verdict: {verdict}",
        ]
        for check in self.checks:
            status = "pass" if check.passed else "FAIL"
            lines += ["", f"{sub}{check.name}: {status}", check.summary]
            for what, finding in check.findings.items():
                lines.append(f"{bullet}{finding.count:,} x {what}")
                for example in finding.examples:
                    text = ", ".join(f"{key} {value}" for key, value in example.items())
                    lines.append(f"{'  ' if markdown else '      '}- {text}")
            if check.tests:
                if markdown:
                    lines += [
                        "",
                        "| test | statistic | df | p | p (Holm) | result | detail |",
                        "|---|---|---|---|---|---|---|",
                    ]
                for test in check.tests:
                    stat = test["statistic"]
                    values = (
                        test["name"],
                        f"{stat:.3f}" if isinstance(stat, float) else stat,
                        test.get("df", ""),
                        f"{test['p']:.3g}",
                        f"{test['p_holm']:.3g}",
                        test["result"],
                        test["detail"],
                    )
                    if markdown:
                        lines.append("| " + " | ".join(str(v) for v in values) + " |")
                    else:
                        lines.append(
                            f"{bullet}{values[0]:<34} stat {values[1]:>10} df {values[2]!s:>3} "
                            f"p {values[3]:>9} Holm {values[4]:>9} {values[5]:<4} {values[6]}"
                        )
            for note in check.notes:
                lines.append(f"{bullet}note: {note}")
        return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Statistics helpers


def chi_square_test(
    observed: npt.NDArray[np.floating] | npt.NDArray[np.integer],
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


# --------------------------------------------------------------------------------------------
# Accumulators


@dataclass
class _BetStats:
    exact: ExactBet
    n: int = 0
    total: float = 0.0
    squares: float = 0.0
    hits: int = 0
    round_squares: float = 0.0
    round_cross: float = 0.0  # sum over rounds of k_r * S_r
    round_k2: float = 0.0  # sum over rounds of k_r^2

    def add(
        self, values: npt.NDArray[np.float64], rounds: npt.NDArray[np.intp], n_rounds: int
    ) -> None:
        self.n += values.shape[0]
        self.total += float(values.sum())
        self.squares += float((values * values).sum())
        self.hits += int((values > _TOLERANCE).sum())
        sums = np.bincount(rounds, weights=values, minlength=n_rounds)
        k = np.bincount(rounds, minlength=n_rounds).astype(np.float64)
        self.round_squares += float((sums * sums).sum())
        self.round_cross += float((k * sums).sum())
        self.round_k2 += float((k * k).sum())


@dataclass(kw_only=True)
class _Tally:
    """What a validation of either game accumulates: rows and rounds, the findings and counts
    of the well-formed, settlement and strategy checks, and each bet's results."""

    rows: int = 0
    rounds: int = 0
    bad_rows: int = 0
    malformed: dict[str, Finding] = field(default_factory=dict)
    settlement_findings: dict[str, Finding] = field(default_factory=dict)
    settled_rows: int = 0
    mismatched_rows: int = 0
    strategy_findings: dict[str, Finding] = field(default_factory=dict)
    strategy_rows: int = 0
    deviations: int = 0
    ev_lost: float = 0.0
    bets: dict[str, _BetStats] = field(default_factory=dict)
    card_counts: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(52, np.int64))
    cards_dealt: int = 0
    card_variance: float = 0.0  # sum over rounds of k (52 - k) / 51

    def finding(self, group: dict[str, Finding], what: str) -> Finding:
        return group.setdefault(what, Finding())

    def tally_cards(
        self, dealt: npt.NDArray[np.intp], kept_rounds: npt.NDArray[np.bool_], n_rounds: int
    ) -> None:
        """Count the cards dealt (``round * 52 + card``) in the rounds kept for statistics."""
        dealt_kept = dealt[kept_rounds[dealt // 52]]
        self.card_counts += np.bincount(dealt_kept % 52, minlength=52)
        cards_per_round = np.bincount(dealt_kept // 52, minlength=n_rounds)[kept_rounds].astype(
            np.float64
        )
        self.cards_dealt += int(cards_per_round.sum())
        self.card_variance += float((cards_per_round * (52 - cards_per_round) / 51).sum())


@dataclass
class _State(_Tally):
    options: Options
    reference: Reference
    settlement: Settlement
    expected_decision: npt.NDArray[np.int64]
    queens_table: int | None
    reference_bets: dict[str, ExactBet]
    player_strengths: npt.NDArray[np.int64] = field(
        default_factory=lambda: np.zeros(category_of_strength().shape[0], dtype=np.int64)
    )
    dealer_strengths: npt.NDArray[np.int64] = field(
        default_factory=lambda: np.zeros(category_of_strength().shape[0], dtype=np.int64)
    )
    first_cells: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(6, np.int64))
    stat_rounds: int = 0
    seats_per_round: Counter[int] = field(default_factory=Counter)


def _hand_group_text(strength: int) -> str:
    """How a settlement finding names the player's hands: their category (the pay line, if
    any, is named by the rule itself)."""
    return f"a {HandCategory(int(category_of_strength()[strength])).label}"


def _example_budget(finding: Finding, limit: int) -> int:
    return max(0, limit - len(finding.examples))


# --------------------------------------------------------------------------------------------
# Reading


def _aligned(path: Path, batch_rows: int) -> Iterator[pa.Table]:
    """Batches that never split a round (rows with one ``round`` id stay together)."""
    carry: pa.Table | None = None
    for table in read_log_batches(path, batch_rows):
        if carry is not None:
            table = pa.concat_tables([carry, table.cast(carry.schema)])
            carry = None
        if "round" not in table.column_names or table.num_rows == 0:
            yield table
            continue
        ids = number_column(table.column("round"))
        last = ids[-1]
        same = ids == last if not math.isnan(last) else np.isnan(ids)
        changes = np.flatnonzero(~same)
        cut = int(changes[-1]) + 1 if changes.size else 0
        if cut:
            yield table.slice(0, cut)
        carry = table.slice(cut)
    if carry is not None and carry.num_rows:
        yield carry


def _check_columns(names: list[str], rules: RuleSet) -> None:
    missing = [name for name in REQUIRED if name not in names]
    if crazy_four_rules(rules).super_bonus is not None:
        missing += [n for n in ("super_bonus", "super_bonus_net") if n not in names]
    if ("queens_up" in names) != ("queens_up_net" in names):
        missing.append("queens_up_net" if "queens_up" in names else "queens_up")
    if missing:
        raise InputError(
            f"the log has no column {missing[0]!r} (needs {', '.join(REQUIRED)}"
            + (
                ", super_bonus, super_bonus_net"
                if crazy_four_rules(rules).super_bonus is not None
                else ""
            )
            + "; see docs/simulator.md)"
        )


# --------------------------------------------------------------------------------------------
# Pieces shared with the Four Card Poker validator (:mod:`crazy4.games.four_card.validate`)


def _flag_rows(
    findings: dict[str, Finding],
    bad: npt.NDArray[np.bool_],
    mask: npt.NDArray[np.bool_],
    what: str,
    first_row: int,
    limit: int,
    detail: list[str] | None = None,
) -> None:
    """Count the rows of ``mask`` as malformed under ``what`` (with examples); mark them bad."""
    rows = np.flatnonzero(mask)
    if not rows.size:
        return
    finding = findings.setdefault(what, Finding())
    finding.count += rows.size
    for position, row in enumerate(rows[: _example_budget(finding, limit)]):
        example: dict[str, object] = {"row": first_row + int(row)}
        if detail is not None:
            example["reason"] = detail[position]
        finding.examples.append(example)
    bad[rows] = True


_Flag = Callable[..., None]


def _flag_unparsed(flag: _Flag, n: int, columns: Iterable[tuple[str, dict[int, str]]]) -> None:
    """Flag the rows whose card text did not parse, one finding per column, with reasons."""
    for what, failures in columns:
        if failures:
            rows = sorted(failures)
            mask = np.zeros(n, dtype=bool)
            mask[rows] = True
            flag(mask, what, [failures[r] for r in rows])


def _split_rounds(
    table: pa.Table, rows_before: int, flag: _Flag
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.intp], npt.NDArray[np.intp], int]:
    """Round ids (row numbers without a ``round`` column), each row's round, each round's first
    row and the number of rounds of a batch; a seat twice in one round is flagged."""
    n = table.num_rows
    names = table.column_names
    boundary = np.ones(n, dtype=bool)
    if "round" in names:
        ids = number_column(table.column("round"))
        boundary[1:] = ids[1:] != ids[:-1]
    else:
        ids = np.arange(rows_before + 1, rows_before + n + 1, dtype=np.float64)
    round_of_row = np.cumsum(boundary) - 1
    starts = np.flatnonzero(boundary)
    if "seat" in names:
        seats = number_column(table.column("seat"))
        seat_key = round_of_row * 64 + np.nan_to_num(seats, nan=-1).astype(np.int64)
        _, inverse, occurrences = np.unique(seat_key, return_inverse=True, return_counts=True)
        flag(occurrences[inverse] > 1, "seat appears twice in one round")
    return ids, round_of_row, starts, int(starts.shape[0])


def _card_tests(state: _Tally, tests: list[dict[str, object]], notes: list[str]) -> None:
    """Chi-square of rank and of card frequencies over every card dealt in the kept rounds.

    The k cards of a round are drawn without replacement, so the statistic is scaled by the
    finite-population factor (the average of k (52 - k) / 51 per card dealt).
    """
    if state.cards_dealt == 0:
        return
    scale = state.card_variance / state.cards_dealt
    ranks = state.card_counts.reshape(13, 4).sum(axis=1)
    worst = int(np.argmax(np.abs(ranks - ranks.mean())))
    _chi_test(
        tests,
        notes,
        "rank frequencies",
        ranks,
        np.full(13, 1 / 13),
        scale=scale,
        detail=f"most off: {RANKS[worst]} ({ranks[worst] / ranks.sum() * 13:.4f} x expected)",
    )
    worst = int(np.argmax(np.abs(state.card_counts - state.card_counts.mean())))
    _chi_test(
        tests,
        notes,
        "card frequencies",
        state.card_counts,
        np.full(52, 1 / 52),
        scale=scale,
        detail=f"most off: {format_card(worst)}",
    )


def _flag_repeated_cards(
    flag: _Flag,
    player_idx: npt.NDArray[np.intp],
    dealer_idx: npt.NDArray[np.intp],
    cards_ok: npt.NDArray[np.bool_],
    rounds: tuple[npt.NDArray[np.float64], npt.NDArray[np.intp], npt.NDArray[np.intp], int],
    examples: int,
    what: str,
) -> npt.NDArray[np.intp]:
    """Flag the rows of rounds where a card was dealt twice (every good seat hand, plus the
    dealer's hand once); returns the cards dealt, sorted, as ``round * 52 + card``."""
    ids, round_of_row, starts, n_rounds = rounds
    player_flat = (round_of_row[:, None] * 52 + player_idx)[cards_ok].ravel()
    dealer_ok = cards_ok[starts]
    dealer_flat = (np.arange(n_rounds)[:, None] * 52 + dealer_idx[starts])[dealer_ok].ravel()
    dealt = np.sort(np.concatenate([player_flat, dealer_flat]))
    repeated = np.unique(dealt[1:][dealt[1:] == dealt[:-1]])
    if repeated.size:
        dup_round = np.zeros(n_rounds, dtype=bool)
        dup_round[repeated // 52] = True
        row_dup = dup_round[round_of_row] & cards_ok
        details = []
        for row in np.flatnonzero(row_dup)[:examples]:
            cards = repeated[repeated // 52 == round_of_row[row]] % 52
            details.append(
                f"round {ids[row]:g}: {format_cards(cards.tolist())} dealt more than once"
            )
        flag(row_dup, what, details)
    return dealt


def _settlement_examples(
    finding: Finding,
    members: npt.NDArray[np.intp],
    first_row: int,
    limit: int,
    cards: tuple[npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[np.int64]],
    component: str,
    logged: npt.NDArray[np.float64],
    expected: npt.NDArray[np.float64],
) -> None:
    """Count a group of mis-settled rows under ``finding``, with examples."""
    player, dealer, decision = cards
    budget = _example_budget(finding, limit)
    finding.count += members.size
    for member in members[:budget]:
        finding.examples.append(
            {
                "row": first_row + int(member),
                "player": format_cards(player[member][::-1].tolist()),
                "dealer": format_cards(dealer[member][::-1].tolist()),
                "decision": DECISION_NAMES[int(decision[member])],
                f"{component}_net": float(logged[member]),
                "expected": float(expected[member]),
            }
        )


def _deviation_findings(
    findings: dict[str, Finding],
    rows_differ: npt.NDArray[np.intp],
    expected: npt.NDArray[np.int64],
    taken: npt.NDArray[np.int64],
    lost: npt.NDArray[np.float64],
    first_row: int,
    limit: int,
    describe: Callable[[int], dict[str, object]],
) -> None:
    """One finding per (expected, played) decision pair; ``describe(row)`` gives an example's
    cards."""
    pairs = expected * 4 + taken
    for code in np.unique(pairs):
        members = np.flatnonzero(pairs == code)
        what = f"{decision_label(int(code // 4))} expected, {decision_label(int(code % 4))} played"
        finding = findings.setdefault(what, Finding())
        finding.count += members.size
        for member in members[: _example_budget(finding, limit)]:
            row = int(rows_differ[member])
            finding.examples.append(
                {"row": first_row + row, **describe(row), "ev_lost": round(float(lost[member]), 6)}
            )


def _add_bets(
    bets: dict[str, _BetStats],
    exact_bets: dict[str, ExactBet],
    values: dict[str, tuple[npt.NDArray[np.bool_], npt.NDArray[np.float64]]],
    round_of_row: npt.NDArray[np.intp],
    n_rounds: int,
) -> None:
    """Add each bet's per-unit results (the rows of its mask) to its accumulator."""
    for name, (mask, value) in values.items():
        if name not in bets:
            bets[name] = _BetStats(exact=exact_bets[name])
        bets[name].add(value[mask], round_of_row[mask], n_rounds)


def _side_table(rules: RuleSet, wanted: str | None, label: str, prefix: str) -> int | None:
    """Index of the side bet table named ``wanted`` (with or without its ``prefix``); the first
    by default; None when the rule set has no side bet."""
    if not rules.side_bets:
        return None
    names = [bet.name for bet in rules.side_bets]
    if wanted is None:
        return 0
    matches = [i for i, name in enumerate(names) if wanted in (name, name[len(prefix) :])]
    if not matches:
        raise InputError(f"unknown {label} table {wanted!r}; {rules.name} has {', '.join(names)}")
    return matches[0]


def _read_rounds(
    path: Path,
    batch_rows: int,
    check_columns: Callable[[list[str]], None],
    process: Callable[[pa.Table], None],
) -> None:
    """Read a log in round-aligned batches: columns checked on the first, each processed."""
    checked_columns = False
    for table in _aligned(path, batch_rows):
        if not checked_columns:
            check_columns(table.column_names)
            checked_columns = True
        process(table)
    if not checked_columns:
        raise InputError(f"{str(path)!r} holds no rows")


def _settlement_check(
    settled_rows: int, mismatched_rows: int, rule_set: str, findings: dict[str, Finding]
) -> Check:
    return Check(
        "Settlement",
        mismatched_rows == 0,
        f"{settled_rows:,} rows re-settled under {rule_set}: "
        f"{mismatched_rows:,} with an amount that differs",
        findings=findings,
    )


def _chi_test(
    tests: list[dict[str, object]],
    notes: list[str],
    name: str,
    observed: npt.NDArray[Any],
    p: npt.NDArray[np.float64],
    scale: float = 1.0,
    detail: str = "",
) -> None:
    """Add a chi-square test to ``tests``, or a note when the sample is too small."""
    result = chi_square_test(observed, p, scale=scale)
    if result is None:
        notes.append(f"{name}: sample too small for a chi-square test")
        return
    statistic, df, pooled = result
    extra = f"{pooled} rare cells pooled" if pooled else ""
    tests.append(
        {
            "name": name,
            "statistic": statistic,
            "df": df,
            "p": chi_square_sf(statistic, df),
            "detail": "; ".join(t for t in (detail, extra) if t),
        }
    )


def _bet_items(
    bets: dict[str, _BetStats],
    exact_bets: dict[str, ExactBet],
    summary: dict[str, Any] | None,
    notes: list[str],
    where: str = "",
) -> list[tuple[str, int, float, ExactBet, float]]:
    """Each bet's (name, hands, total net per unit, exact bet, design effect): from the
    accumulators, or from a summary (design effect 1; a bet with no exact counterpart
    ``where`` is noted)."""
    items: list[tuple[str, int, float, ExactBet, float]] = []
    if summary is None:
        for name, stats in bets.items():
            if stats.n == 0:
                continue
            mu = float(stats.exact.mean)
            naive = stats.squares - 2 * mu * stats.total + stats.n * mu * mu
            clustered = stats.round_squares - 2 * mu * stats.round_cross + mu * mu * stats.round_k2
            design = clustered / naive if naive > 0 else 1.0
            items.append((name, stats.n, stats.total, stats.exact, max(design, 1e-9)))
    else:
        for name, entry in summary.get("bets", {}).items():
            if name not in exact_bets:
                notes.append(f"bet {name!r}: no exact counterpart{where}; not tested")
                continue
            hands = int(entry["hands"])
            wagered = float(entry.get("wagered", hands))
            net = float(entry["net"]) * hands / wagered if wagered else 0.0
            items.append((name, hands, net, exact_bets[name], 1.0))
    return items


# --------------------------------------------------------------------------------------------
# One batch


def _process(state: _State, table: pa.Table) -> None:
    options, reference, settle = state.options, state.reference, state.settlement
    rules = options.rules
    n = table.num_rows
    first_row = state.rows + 1
    names = table.column_names
    player, bad_player = parse_hand_column(table.column("player"), 5)
    dealer, bad_dealer = parse_hand_column(table.column("dealer"), 5)
    decision = decision_column(table.column("decision")).astype(np.int64)
    number = {name: number_column(table.column(name)) for name in names if name in _NUMBERS}
    zeros = np.zeros(n)
    sb = number.get("super_bonus", zeros)
    sb_net = number.get("super_bonus_net", zeros)
    qu = number.get("queens_up", zeros)
    qu_net = number.get("queens_up_net", zeros)
    ante, play = number["ante"], number["play"]

    bad = np.zeros(n, dtype=bool)

    def flag(mask: npt.NDArray[np.bool_], what: str, detail: list[str] | None = None) -> None:
        _flag_rows(state.malformed, bad, mask, what, first_row, options.examples, detail)

    _flag_unparsed(
        flag,
        n,
        [
            (f"{label} cards not five valid cards", failures)
            for label, failures in (("player", bad_player), ("dealer", bad_dealer))
        ],
    )
    flag(decision < 0, "decision not one of " + "/".join(DECISION_NAMES))
    if not crazy_four_rules(rules).blind_second_hand:
        flag(decision == BLIND, f"blind hand, but {rules.name} has no blind second hand")
    flag(~(ante > 0), "ante missing or not positive")
    if crazy_four_rules(rules).super_bonus is not None:
        flag(~np.isclose(sb, ante, rtol=_TOLERANCE, atol=0), "super_bonus differs from the ante")
    flag(~(qu >= 0), "queens_up negative or missing")
    flag((qu == 0) & (qu_net != 0), "queens_up_net without a queens_up wager")
    if state.queens_table is None:
        flag(qu > 0, f"Queens Up wagered, but {rules.name} has no Queens Up bet")
    multiple = np.where(decision == BLIND, 3, np.clip(decision, 0, 3))
    flag(
        (decision >= 0) & ~np.isclose(play, multiple * ante, rtol=_TOLERANCE, atol=_TOLERANCE),
        "play wager does not match the decision (fold: 0, mx: m x ante, blind: 3 x ante)",
    )
    allowed = np.zeros(5, dtype=bool)
    allowed[[0, *rules.play.multiples]] = True
    allowed[BLIND] = crazy_four_rules(rules).blind_second_hand
    flag(
        (decision >= 0) & ~allowed[np.clip(decision, 0, 4)],
        f"Play multiple not allowed by {rules.name} (multiples "
        f"{', '.join(str(m) for m in rules.play.multiples)})",
    )
    for column in ("ante_net", "play_net", "super_bonus_net", "queens_up_net"):
        if column in number:
            flag(np.isnan(number[column]), f"{column} missing")

    cards_ok = ~np.isin(np.arange(n), [*bad_player, *bad_dealer])
    player_idx = np.where(cards_ok[:, None], player, 0).astype(np.intp)
    dealer_idx = np.where(cards_ok[:, None], dealer, 0).astype(np.intp)
    player_strength = reference.strength_of_hand[colex_indices(player_idx)].astype(np.int64)
    dealer_strength = reference.strength_of_hand[colex_indices(dealer_idx)].astype(np.int64)
    raises = (decision >= 2) & (decision <= 3)
    flag(
        cards_ok & raises & (player_strength < rules.play.raise_minimum_strength),
        f"Play above 1x below {rules.play.raise_minimum} (the raise minimum)",
    )

    # rounds
    rounds = _split_rounds(table, state.rows, flag)
    _, round_of_row, starts, n_rounds = rounds
    same_dealer = (dealer == dealer[starts][round_of_row]).all(axis=1)
    flag(cards_ok & ~same_dealer, "dealer cards differ between rows of one round")
    dealt = _flag_repeated_cards(
        flag,
        player_idx,
        dealer_idx,
        cards_ok,
        rounds,
        options.examples,
        "a card dealt twice in one round (seats and dealer)",
    )
    state.bad_rows += int(bad.sum())

    # settlement of the good rows
    good = ~bad
    state.settled_rows += int(good.sum())
    blind = decision == BLIND
    in_action = np.where(blind, settle.blind_multiple(player_strength), multiple)
    cell = outcome_cells(player_strength, dealer_strength, rules.dealer.qualifier_strength)
    nets = settle.nets(player_strength, in_action, cell, queens_up=state.queens_table)
    unit = settle.unit
    components = [
        ("ante", ante, number["ante_net"]),
        ("play", ante, number["play_net"]),
    ]
    if crazy_four_rules(rules).super_bonus is not None:
        components.append(("super_bonus", sb, sb_net))
    if state.queens_table is not None and "queens_up" in names:
        components.append(("queens_up", qu, qu_net))
    categories = category_of_strength()
    any_mismatch = np.zeros(n, dtype=bool)
    for component, wager, logged in components:
        expected = wager * nets[component] / unit
        wrong = good & ~np.isclose(logged, expected, rtol=_TOLERANCE, atol=1e-9)
        if component == "queens_up":
            wrong &= qu > 0
        if not wrong.any():
            continue
        any_mismatch |= wrong
        wrong_rows = np.flatnonzero(wrong)
        if component == "queens_up" and state.queens_table is not None:
            paid = settle.queens_paid[state.queens_table]
        elif component == "super_bonus":
            paid = settle.bonus_paid
        else:
            paid = np.zeros(categories.shape[0], dtype=np.int64)
        # one finding per rule that applies: decision, outcome cell, category and pay line
        keys = np.stack(
            [
                in_action[wrong_rows],
                cell[wrong_rows],
                categories[player_strength[wrong_rows]],
                paid[player_strength[wrong_rows]],
            ],
            axis=1,
        ).astype(np.int64)
        _, group = np.unique(keys, axis=0, return_inverse=True)
        group = group.ravel()
        for code in range(int(group.max()) + 1):
            members = wrong_rows[group == code]
            row = int(members[0])
            rule = settle.explain(
                component,
                int(player_strength[row]),
                int(in_action[row]),
                int(cell[row]),
                blind=bool(blind[row]),
                queens_up=state.queens_table,
                hand_text=None  # one best hand: name it; several: name their category
                if np.unique(player_strength[members]).size == 1
                else _hand_group_text(int(player_strength[row])),
            )
            _settlement_examples(
                state.finding(state.settlement_findings, f"{component}: {rule}"),
                members,
                first_row,
                options.examples,
                (player, dealer, decision),
                component,
                logged,
                expected,
            )
    state.mismatched_rows += int(any_mismatch.sum())

    # strategy
    normal = good & ~blind
    hand_class = reference.class_of_hand[colex_indices(player_idx)]
    state.strategy_rows += int(normal.sum())
    expected_decision = state.expected_decision[hand_class]
    ev = reference.prices.ev
    taken = np.clip(decision, 0, 3)
    differs = normal & (ev[hand_class, taken] != ev[hand_class, expected_decision])
    if differs.any():
        rows_differ = np.flatnonzero(differs)
        lost = reference.ev_lost(
            hand_class[rows_differ], expected_decision[rows_differ], taken[rows_differ]
        )
        state.deviations += rows_differ.size
        state.ev_lost += float(lost.sum())
        _deviation_findings(
            state.strategy_findings,
            rows_differ,
            expected_decision[rows_differ],
            taken[rows_differ],
            lost,
            first_row,
            options.examples,
            lambda row: {"player": format_cards(player[row][::-1].tolist())},
        )

    # statistics over rounds whose rows are all good
    round_bad = np.bincount(round_of_row, weights=bad, minlength=n_rounds) > 0
    keep = ~round_bad[round_of_row]
    kept_rounds = ~round_bad
    state.stat_rounds += int(kept_rounds.sum())
    state.player_strengths += np.bincount(
        player_strength[keep], minlength=state.player_strengths.shape[0]
    )
    state.dealer_strengths += np.bincount(
        dealer_strength[starts][kept_rounds], minlength=state.dealer_strengths.shape[0]
    )
    state.first_cells += np.bincount(cell[starts][kept_rounds & ~blind[starts]], minlength=6)
    state.tally_cards(dealt, kept_rounds, n_rounds)
    state.seats_per_round.update(np.bincount(round_of_row[keep]).tolist())
    del state.seats_per_round[0]
    # bets, per unit of base wager
    kept_round_of_row = round_of_row
    game = (number["ante_net"] + number["play_net"] + sb_net) / np.where(ante > 0, ante, 1)
    values: dict[str, tuple[npt.NDArray[np.bool_], npt.NDArray[np.float64]]] = {
        "ante_super_bonus_play": (keep & ~blind, game),
        "ante_play": (
            keep & ~blind,
            (number["ante_net"] + number["play_net"]) / np.where(ante > 0, ante, 1),
        ),
    }
    if crazy_four_rules(rules).super_bonus is not None:
        values["super_bonus"] = (keep & ~blind, sb_net / np.where(sb > 0, sb, 1))
    if state.queens_table is not None and "queens_up" in names:
        name = rules.side_bets[state.queens_table].name
        values[name] = (keep & (qu > 0), qu_net / np.where(qu > 0, qu, 1))
    if crazy_four_rules(rules).blind_second_hand:
        values["blind_second_hand"] = (keep & blind, game)
    _add_bets(state.bets, state.reference_bets, values, kept_round_of_row, n_rounds)
    state.rows += n
    state.rounds += n_rounds


_NUMBERS = (
    "ante",
    "super_bonus",
    "play",
    "queens_up",
    "ante_net",
    "super_bonus_net",
    "play_net",
    "queens_up_net",
)


# --------------------------------------------------------------------------------------------
# Statistics


def _statistics(
    state: _State, summary: dict[str, Any] | None = None
) -> tuple[list[dict[str, object]], list[str]]:
    """The statistical tests (unadjusted) and notes."""
    reference = state.reference
    rules = state.options.rules
    tests: list[dict[str, object]] = []
    notes: list[str] = []
    labels = [category.label for category in HandCategory]
    categories = category_of_strength()
    probabilities = reference.category_probabilities()

    if summary is None:
        player = np.bincount(categories, weights=state.player_strengths, minlength=8)
        dealer = np.bincount(categories, weights=state.dealer_strengths, minlength=8)
        qualified = int(state.dealer_strengths[rules.dealer.qualifier_strength :].sum())
        rounds = state.stat_rounds
        cells = state.first_cells
    else:
        player = np.array([summary["player_categories"].get(label, 0) for label in labels], float)
        dealer = np.array([summary["dealer_categories"].get(label, 0) for label in labels], float)
        qualified = int(summary["dealer_qualified"])
        rounds = int(summary["rounds"])
        cells = np.array([summary.get("outcomes", {}).get(c, 0) for c in OUTCOME_CELLS], float)
    for name, observed in (("player", player), ("dealer", dealer)):
        most_off = labels[_most_off(observed, probabilities)]
        _chi_test(
            tests,
            notes,
            f"{name} hand categories",
            observed,
            probabilities,
            detail=f"most off: {most_off}",
        )
    if cells.sum() > 0:
        if summary is not None and int(summary.get("seats", 1)) > 1:
            notes.append(
                "outcome cells: several seats share each dealer hand, so the summary's pooled "
                "outcome counts are not independent; not tested (a per-round log is)"
            )
        else:
            _chi_test(
                tests, notes, "outcome cells (first seat)", cells, reference.cell_probabilities()
            )
    if rounds > 0:
        p_q = reference.qualification_probability()
        z = (qualified - rounds * p_q) / math.sqrt(rounds * p_q * (1 - p_q))
        tests.append(
            {
                "name": "dealer qualification rate",
                "statistic": z,
                "df": "",
                "p": normal_two_sided_p(z),
                "detail": f"observed {qualified / rounds:.5f}, exact {p_q:.5f} (z)",
            }
        )
    if summary is None:
        _card_tests(state, tests, notes)
    # bets
    hands_per_round = (
        max(state.seats_per_round, default=1) if summary is None else int(summary.get("seats", 1))
    )
    bet_items = _bet_items(
        state.bets, state.reference_bets, summary, notes, where=f" under {rules.name}"
    )
    if summary is not None and hands_per_round > 1:
        notes.append(
            "bet z-scores from a summary treat hands as independent; seats sharing a dealer "
            "hand make them slightly optimistic"
        )
    for name, n, total, exact, design in bet_items:
        if n == 0:
            continue
        mean = total / n
        se = exact.std_dev * math.sqrt(design / n)
        z = (mean - float(exact.mean)) / se if se > 0 else 0.0
        detail = f"mean {mean:+.5f} ± {se:.5f}, exact {float(exact.mean):+.5f}"
        if abs(design - 1) > 1e-9:
            detail += f", design effect {design:.2f}"
        tests.append(
            {
                "name": f"mean of {name}",
                "statistic": z,
                "df": "",
                "p": normal_two_sided_p(z),
                "detail": detail,
            }
        )
        notes += _resolution_notes(rules, name, n, se)
    return tests, notes


def _most_off(observed: npt.NDArray[Any], probabilities: npt.NDArray[np.float64]) -> int:
    """Index of the cell with the largest standardized deviation."""
    expected = observed.sum() * probabilities
    return int(np.argmax(np.abs(observed - expected) / np.sqrt(np.maximum(expected, 1e-12))))


def _resolution_notes(rules: RuleSet, bet: str, hands: int, se: float) -> list[str]:
    """Award lines of a bet too rare for this sample to check."""
    tables: list[PayTable] = []
    super_bonus = crazy_four_rules(rules).super_bonus
    if bet in (*GAME_BETS, "blind_second_hand") and bet != "ante_play" and super_bonus:
        tables.append(super_bonus.table)
    tables += [side.table for side in rules.side_bets if side.name == bet]
    reference = load_reference(rules)
    probabilities = reference.strength_probabilities()
    notes = []
    for table in tables:
        numerators, denominator = table.by_strength()
        for entry in table.entries:
            lines = numerators == int(entry.odds * denominator)
            same_category = category_of_strength() == entry.category
            p = float(
                probabilities[
                    lines
                    & same_category
                    & (np.arange(numerators.shape[0]) >= entry.minimum_strength)
                ].sum()
            )
            expected = hands * p
            contribution = float(entry.odds + 1) * p
            if expected < 5 or contribution < 2 * se:
                why = (
                    f"expected {expected:.1f} in this sample"
                    if expected < 5
                    else (
                        f"its whole contribution {contribution:.5f} is within 2 s.e. ({2 * se:.5f})"
                    )
                )
                notes.append(
                    f"{bet}: sample too small to resolve the {entry.label} award "
                    f"({format_odds(entry.odds)} to 1; {why})"
                )
    return notes


def _statistics_check(state: _State, summary: dict[str, Any] | None = None) -> Check:
    alpha = state.options.alpha
    if state.options.rules.game == "four-card-poker":
        from crazy4.games.four_card.validate import statistics

        tests, notes = statistics(state, summary)  # type: ignore[arg-type]
    else:
        tests, notes = _statistics(state, summary)
    adjusted = holm_adjust([float(test["p"]) for test in tests])  # type: ignore[arg-type]
    failed = 0
    for test, p_holm in zip(tests, adjusted, strict=True):
        test["p_holm"] = p_holm
        test["result"] = "FAIL" if p_holm < alpha else "ok"
        failed += p_holm < alpha
    summary_text = f"{len(tests)} tests, Holm-adjusted at family-wise alpha {alpha:g}: " + (
        f"{failed} failed" if failed else "all consistent with the exact probabilities"
    )
    return Check("Statistics", failed == 0, summary_text, tests=tests, notes=notes)


# --------------------------------------------------------------------------------------------
# Entry points


def _state(options: Options, queens_name: str | None) -> _State:
    rules = options.rules
    if rules.game != "crazy-4-poker":
        raise InputError(f"the validator does not know {rules.game!r}")
    reference = load_reference(rules)
    decision = reference.strategy(options.strategy)
    table = _side_table(rules, options.queens_up or queens_name, "Queens Up", "queens-up-")
    state = _State(
        options=options,
        reference=reference,
        settlement=Settlement.of(crazy_four_rules(rules)),
        expected_decision=decision,
        queens_table=table,
        reference_bets=reference.exact_bets(decision),
    )
    return state


def validate(path: Path, options: Options) -> Report:
    """Validate a per-round log or a JSON summary against a rule set.

    Raises
    ------
    InputError
        Unreadable, corrupt or schema-less input; unknown strategy or Queens Up table.

    Examples
    --------
    >>> import tempfile
    >>> from crazy4.rules.load import load_rules
    >>> from crazy4.simulate.driver import make_plan, run_simulation
    >>> rules = load_rules("crazy4-standard")
    >>> log = Path(tempfile.mkdtemp()) / "rounds.parquet"
    >>> _ = run_simulation(make_plan(rules, rounds=3000, seed=1, seats=2), log_path=log)
    >>> report = validate(log, Options(rules))
    >>> report.rows, report.rounds, report.exit_status
    (6000, 3000, 0)
    >>> [(check.name, check.passed) for check in report.checks][:2]
    [('Well-formed', True), ('Settlement', True)]
    """
    kind = sniff_format(path)
    if kind == "summary":
        return _validate_summary(path, options)
    metadata = log_metadata(path)
    if options.rules.game == "four-card-poker":
        from crazy4.games.four_card.validate import validate_four_card

        report: Report = validate_four_card(path, options, kind, metadata)
        return report
    queens = metadata.get("queens_up")
    state = _state(options, queens if isinstance(queens, str) else None)
    _read_rounds(
        path,
        options.batch_rows,
        lambda names: _check_columns(names, options.rules),
        lambda table: _process(state, table),
    )
    checks = [
        Check(
            "Well-formed",
            state.bad_rows == 0,
            f"{state.bad_rows:,} of {state.rows:,} rows malformed"
            + (
                " (left out of the other checks; their rounds out of the statistics)"
                if state.bad_rows
                else ""
            ),
            findings=state.malformed,
        ),
        _settlement_check(
            state.settled_rows,
            state.mismatched_rows,
            options.rules.name,
            state.settlement_findings,
        ),
        Check(
            "Strategy",
            state.deviations == 0,
            f"{state.strategy_rows:,} decisions compared with the {options.strategy} strategy: "
            f"{state.deviations:,} deviations"
            + (
                f", EV lost {state.ev_lost:.4f} Antes in all "
                f"({state.ev_lost / state.deviations:.4f} a deviation)"
                if state.deviations
                else ""
            ),
            findings=state.strategy_findings,
        ),
        _statistics_check(state),
    ]
    return Report(
        source=path.name,
        kind=f"{kind} log",
        rule_set=options.rules.name,
        strategy=options.strategy,
        rows=state.rows,
        rounds=state.rounds,
        checks=checks,
    )


def _validate_summary(path: Path, options: Options) -> Report:
    try:
        summary = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise InputError(f"cannot read {str(path)!r} as a JSON summary: {error}") from None
    if not isinstance(summary, dict):
        raise InputError(f"{str(path)!r}: a summary is one JSON object")
    four_card = options.rules.game == "four-card-poker"
    required: tuple[str, ...] = ("rounds", "player_categories", "dealer_categories", "bets")
    if not four_card:
        required += ("dealer_qualified",)
    missing = [key for key in required if key not in summary]
    if missing:
        raise InputError(
            f"{str(path)!r}: the summary has no {missing[0]!r} (see docs/simulator.md)"
        )
    if summary.get("format", SUMMARY_FORMAT) != SUMMARY_FORMAT:
        raise InputError(f"{str(path)!r}: unknown summary format {summary.get('format')!r}")
    strategy = str(summary.get("strategy", options.strategy))
    if strategy not in ("optimal", "simple"):
        strategy = options.strategy
    chosen = Options(**{**options.__dict__, "strategy": strategy})
    if four_card:
        from crazy4.games.four_card.validate import make_state

        state: Any = make_state(chosen, None)
    else:
        state = _state(chosen, None)
    try:
        check = _statistics_check(state, summary)
    except (KeyError, TypeError, ValueError) as error:
        raise InputError(f"{str(path)!r}: malformed summary ({error})") from None
    rounds = int(summary["rounds"])
    return Report(
        source=path.name,
        kind="summary",
        rule_set=options.rules.name,
        strategy=strategy,
        rows=0,
        rounds=rounds,
        checks=[check],
    )
