"""The settlement and strategy checks' shared pieces: the rows that differ grouped into findings,
their examples, and each :class:`Check`'s words; and the Balance check (:class:`BalanceAudit`):
each move of a log's running balance against the sum of its row's exact nets."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import format_cards
from crazy4.log.roundlog import DECISION_NAMES, number_cells
from crazy4.validate.kernels import decisions_differ, settled_wrong
from crazy4.validate.money import Amounts, resolve
from crazy4.validate.report import Check, Finding
from crazy4.validate.rows import LogBatch
from crazy4.validate.tally import TOLERANCE, Tally

#: EV lost by playing ``taken`` instead of ``chosen``, per row of classes.
EvLost = Callable[
    [npt.NDArray[np.integer], npt.NDArray[np.integer], npt.NDArray[np.integer]],
    npt.NDArray[np.float64],
]


def rule_groups(
    rows: npt.NDArray[np.intp], keys: Sequence[npt.NDArray[np.integer]]
) -> Iterator[npt.NDArray[np.intp]]:
    """The ``rows`` grouped by equal ``keys`` (one array of each key per row), in key order.

    Examples
    --------
    >>> [g.tolist() for g in rule_groups(np.array([4, 5, 6]), [np.array([2, 1, 2])])]
    [[5], [4, 6]]
    """
    stacked = np.stack(keys, axis=1).astype(np.int64)
    _, group = np.unique(stacked, axis=0, return_inverse=True)
    group = group.ravel()
    for code in range(int(group.max()) + 1):
        yield rows[group == code]


@dataclass(frozen=True)
class Component:
    """One wager of a log's rows, to settle again: the amount its net is per unit of (the Ante
    for the Play), the exact net numerators (over the settlement's unit) and the logged nets; a
    ``side`` bet compared only on the rows that wagered it."""

    name: str
    wager: npt.NDArray[np.float64]
    units: npt.NDArray[np.int64]
    logged: npt.NDArray[np.float64]
    side: bool = False


class Mismatch(NamedTuple):
    """The rows of a batch whose logged net of ``component`` differs from ``expected``."""

    component: Component
    rows: npt.NDArray[np.intp]
    expected: npt.NDArray[np.float64]


def mismatches(
    tally: Tally, good: npt.NDArray[np.bool_], components: Sequence[Component], unit: int
) -> list[Mismatch]:
    """Compare each component's logged nets on the ``good`` rows with the exact ones (over
    ``unit``); count the rows re-settled and those with an amount that differs.

    Examples
    --------
    >>> tally = Tally()
    >>> ante = Component("ante", np.ones(3), np.array([2, -2, 0]), np.array([1.0, -1.0, 1.0]))
    >>> [m.rows.tolist() for m in mismatches(tally, np.ones(3, bool), [ante], 2)]
    [[2]]
    >>> tally.settled_rows, tally.mismatched_rows
    (3, 1)
    """
    if tally.money.active:  # winnings and combined amounts made nets first
        amounts = [Amounts(c.name, c.wager * c.units / unit, c.logged) for c in components]
        resolve(tally.money, amounts, good)
    if tally.keep_exact_money:  # the Balance check's
        money = sum((c.wager * c.units / unit for c in components), np.zeros(good.shape[0]))
        tally.exact_money = (good, money)
    tally.settled_rows += int(good.sum())
    found = []
    any_mismatch = np.zeros(good.shape[0], dtype=bool)
    for component in components:
        # numpy.isclose of the logged and the exact nets, in one compiled pass
        wrong = settled_wrong(
            *(good, component.logged, component.wager, component.units, unit),
            *(TOLERANCE, 1e-9, component.side),
        )
        if wrong.any():
            any_mismatch |= wrong
            expected: npt.NDArray[np.float64] = component.wager * component.units / unit
            found.append(Mismatch(component, np.flatnonzero(wrong), expected))
    tally.mismatched_rows += int(any_mismatch.sum())
    return found


def settlement_examples(
    finding: Finding,
    members: npt.NDArray[np.intp],
    mismatch: Mismatch,
    cards: tuple[npt.NDArray[np.int16], npt.NDArray[np.int16], npt.NDArray[np.int64]],
    first_row: int,
    limit: int,
) -> None:
    """Count a group of mis-settled rows (``members`` of ``mismatch``) under ``finding``, with
    examples; ``cards`` are the player's and dealer's cards and the decision of every row."""
    player, dealer, decision = cards
    name = mismatch.component.name
    budget = finding.budget(limit)
    finding.count += members.size
    for member in members[:budget]:
        finding.examples.append(
            {
                "row": first_row + int(member),
                "player": format_cards(player[member][::-1].tolist()),
                "dealer": format_cards(dealer[member][::-1].tolist()),
                "decision": DECISION_NAMES[int(decision[member])],
                f"{name}_net": float(mismatch.component.logged[member]),
                "expected": float(mismatch.expected[member]),
            }
        )


def compare_decisions(
    tally: Tally,
    compared: npt.NDArray[np.bool_],
    classes: npt.NDArray[np.integer],
    strategy: npt.NDArray[np.int64],
    taken: npt.NDArray[np.int64],
    ev: npt.NDArray[np.int64],
    ev_lost: EvLost,
    first_row: int,
    limit: int,
    describe: Callable[[int], dict[str, object]],
    group: tuple[npt.NDArray[np.int64], Sequence[str]] | None = None,
) -> None:
    """The strategy check of one batch: the rows of ``compared`` whose decision ``taken`` has
    another exact EV than their class's ``strategy``; one finding per (expected, played) pair,
    or with ``group`` (a code per row and the codes' names) per (group, expected, played)."""
    tally.strategy_rows += int(compared.sum())
    if ev.dtype == object:  # Python integers (a huge payout): numpy's exact comparison
        rows = np.flatnonzero(compared)
        differs = np.zeros(compared.shape[0], dtype=np.bool_)
        chosen = classes[rows]
        differs[rows] = ev[chosen, taken[rows]] != ev[chosen, strategy[chosen]]
    else:  # one compiled pass: each compared row's class, its strategy and its EVs read once
        differs = decisions_differ(compared, classes, strategy, taken, ev)
    tally.count_seats(compared, differs)
    if not differs.any():
        return
    rows_differ = np.flatnonzero(differs)
    expected = np.zeros(classes.shape[0], dtype=np.int64)
    expected[rows_differ] = strategy[classes[rows_differ]]
    lost = ev_lost(classes[rows_differ], expected[rows_differ], taken[rows_differ])
    tally.deviations += rows_differ.size
    tally.ev_lost += float(lost.sum())
    pairs = expected[rows_differ] * 4 + taken[rows_differ]
    if group is not None:
        pairs = pairs + 16 * group[0][rows_differ]
    for code in np.unique(pairs):
        members = np.flatnonzero(pairs == code)
        wanted, played = DECISION_NAMES[int(code % 16 // 4)], DECISION_NAMES[int(code % 4)]
        what = f"{wanted} expected, {played} played"
        if group is not None:
            what = f"{group[1][int(code // 16)]}: {what}"
        finding = tally.finding(tally.strategy_findings, what)
        finding.count += members.size
        for member in members[: finding.budget(limit)]:
            row = int(rows_differ[member])
            finding.examples.append(
                {"row": first_row + row, **describe(row), "ev_lost": round(float(lost[member]), 6)}
            )


def well_formed_check(tally: Tally) -> Check:
    """The well-formed check (a bad row is left out of the other checks)."""
    return Check(
        "Well-formed",
        tally.bad_rows == 0,
        f"{tally.bad_rows:,} of {tally.rows:,} rows malformed"
        + (" (left out of the other checks)" if tally.bad_rows else ""),
        findings=tally.malformed,
        basis=(tally.rows, "rows"),
    )


def settlement_check(tally: Tally, rule_set: str) -> Check:
    """The settlement check of the rows re-settled under ``rule_set``."""
    return Check(
        "Settlement",
        tally.mismatched_rows == 0,
        f"{tally.settled_rows:,} rows re-settled under {rule_set}: "
        f"{tally.mismatched_rows:,} with an amount that differs",
        findings=tally.settlement_findings,
        basis=(tally.settled_rows, "rows"),
    )


def strategy_check(tally: Tally, strategy: str, by: str = "") -> Check:
    """The strategy check against the ``strategy`` expected (compared ``by`` what: ``" by hand
    and up card"``); the EV lost in all and per deviation.

    Examples
    --------
    >>> tally = Tally(strategy_rows=1000, deviations=4, ev_lost=1.0)
    >>> strategy_check(tally, "optimal").summary
    '1,000 decisions compared with the optimal strategy: 4 deviations, EV lost 1.0000 Antes in \
all (0.2500 a deviation)'

    A log of several seats with a deviation names each seat's deviations (``by_seat``):

    >>> tally.seat_decisions, tally.seat_deviations = {1: 500, 2: 500}, {1: 0, 2: 4}
    >>> strategy_check(tally, "optimal").by_seat[1]
    {'seat': 2, 'decisions': 500, 'deviations': 4}
    """
    lost = ""
    if tally.deviations:
        lost = f", EV lost {tally.ev_lost:.4f} Antes in all"
        lost += f" ({tally.ev_lost / tally.deviations:.4f} a deviation)"
    by_seat = []
    if len(tally.seat_decisions) > 1 and tally.deviations:  # which seats to look at
        by_seat = [
            {"seat": s, "decisions": n, "deviations": tally.seat_deviations[s]}
            for s, n in sorted(tally.seat_decisions.items())
        ]
    return Check(
        "Strategy",
        tally.deviations == 0,
        f"{tally.strategy_rows:,} decisions compared with the {strategy} strategy{by}: "
        f"{tally.deviations:,} deviations{lost}",
        findings=tally.strategy_findings,
        basis=(tally.strategy_rows, "decisions"),
        by_seat=by_seat,
    )


#: The finding of a row whose balance moved otherwise than the rules settle.
MOVED = "balance moved otherwise than the exact settlement of the row's wagers"


class BalanceAudit:
    """The Balance check's accumulators over the batches of one log, in order."""

    def __init__(self, examples: int) -> None:
        self.examples = examples
        self.last = float("nan")
        self.seen = False
        self.audited = 0
        self.finding = Finding()

    def add(self, batch: LogBatch, tally: Tally) -> None:
        """Audit one processed batch (its exact nets left on ``tally``)."""
        if "balance" not in batch.table.column_names:
            return
        self.seen = True
        balance, _ = number_cells(batch.table.column("balance"))
        before = np.concatenate([[self.last], balance[:-1]])
        self.last = float(balance[-1]) if balance.size else self.last
        exact = tally.exact_money
        if exact is None or exact[0].shape[0] != balance.shape[0]:
            return
        good, money = exact
        moved = balance - before
        audited = good & np.isfinite(moved)
        wrong = audited & ~np.isclose(moved, money, rtol=TOLERANCE, atol=1e-9)
        self.audited += int(audited.sum())
        self.finding.count += int(wrong.sum())
        budget = self.finding.budget(self.examples)
        for row in np.flatnonzero(wrong)[:budget].tolist():
            self.finding.examples.append(
                {
                    "row": batch.first_row + row,
                    "balance": float(balance[row]),
                    "moved": float(moved[row]),
                    "expected": float(money[row]),
                }
            )

    def checks(self) -> list[Check]:
        """The Balance check, when the log has a balance (else none)."""
        if not self.seen:
            return []
        findings = {MOVED: self.finding} if self.finding.count else {}
        return [
            Check(
                "Balance",
                self.finding.count == 0,
                f"{self.audited:,} balance moves compared with the exact settlement: "
                f"{self.finding.count:,} differ",
                findings=findings,
                basis=(self.audited, "rows"),
            )
        ]
