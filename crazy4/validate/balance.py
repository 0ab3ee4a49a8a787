"""The Balance check: each move of a log's running balance against the sum of its row's exact
nets, so money moved otherwise than reported (a Play stake never taken) is found by row."""

from __future__ import annotations

import numpy as np

from crazy4.log.roundlog import number_cells
from crazy4.validate.report import Check, Finding
from crazy4.validate.rows import LogBatch
from crazy4.validate.tally import TOLERANCE, Tally

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
