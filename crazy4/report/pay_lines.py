"""Every pay line of every pay table with its combinations (the five-card hands whose best-four
strength falls in the line's range): the pay tables' return tables."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from crazy4.core.bet_tables import fraction_text
from crazy4.core.paytables import PayTable, format_odds
from crazy4.report.parsheet import Sheet, pay_tables

if TYPE_CHECKING:
    import numpy.typing as npt

    from crazy4.rules.ruleset import RuleSet


def strength_counts() -> npt.NDArray[np.int64]:
    """Five-card hands by best-four strength (they sum to 2,598,960).

    Examples
    --------
    >>> int(strength_counts().sum())
    2598960
    """
    from crazy4.core.ranking import build_best_four_strengths, number_of_strengths

    strengths = build_best_four_strengths(5).astype(np.int64)
    return np.bincount(strengths, minlength=number_of_strengths()).astype(np.int64)


def line_counts(table: PayTable, counts: npt.NDArray[np.int64]) -> list[int]:
    """Hands each line of ``table`` pays (its entries' order), from the counts by strength.

    Examples
    --------
    >>> table = PayTable.from_mapping("qu", {"pair_of_queens": 1, "two_pair": 2})
    >>> line_counts(table, strength_counts())
    [242916, 123552]
    """
    from crazy4.core.ranking import category_thresholds

    thresholds = category_thresholds()
    line_of = np.full(len(counts), -1, dtype=np.int64)
    for number, entry in enumerate(table.entries):  # weakest first: stronger lines overwrite
        line_of[entry.minimum_strength : int(thresholds[entry.category + 1])] = number
    return [int(counts[line_of == number].sum()) for number in range(len(table.entries))]


def pay_lines_sheet(rules: RuleSet) -> Sheet:
    """The pay lines of every pay table of ``rules`` with their combinations and contributions."""
    counts = strength_counts()
    hands = int(counts.sum())
    rows: list[dict[str, object]] = []
    for where, table in pay_tables(rules):
        lines = line_counts(table, counts)
        for entry, combinations in reversed(list(zip(table.entries, lines, strict=True))):
            rows.append(_row(where, table.name, entry.label, combinations, hands, entry.odds))
        unpaid = hands - sum(lines)
        rows.append(_row(where, table.name, "not paid", unpaid, hands, None))
    intro = (
        "Each pay table's lines with the player's five-card hands (of 2,598,960) each line "
        "pays, their probability (exact beside it), '1 in N', the payout to 1 and the line's "
        "contribution odds x probability; 'not paid' counts the hands below every line. For a "
        "bet that loses below its table and is settled even on a fold (Queens Up, Aces Up), "
        "the contributions less P(not paid) are its EV; bets settled by the showdown below "
        "their table, forfeited on a fold or paid on the dealer's hand are priced by the "
        "return table and the bets table."
    )
    source = "the rule file and every five-card hand's best four"
    frame = pd.DataFrame(rows)
    printed = (
        *("pay_table", "line", "combinations", "probability", "probability_exact"),
        *("one_in", "odds_exact", "contribution", "contribution_exact"),
    )
    return Sheet("pay_lines", "Pay lines and their return", intro, frame, source, printed)


def _row(
    where: str, name: str, line: str, combinations: int, hands: int, odds: Fraction | None
) -> dict[str, object]:
    probability = Fraction(combinations, hands)
    contribution = None if odds is None else odds * probability
    return {
        "section": where,
        "pay_table": name,
        "line": line,
        "combinations": combinations,
        "probability": combinations / hands,
        "probability_exact": fraction_text(probability),
        "one_in": hands / combinations if combinations else float("inf"),
        "odds": None if odds is None else float(odds),
        "odds_exact": "" if odds is None else fraction_text(odds),
        "pays": "" if odds is None else f"{format_odds(odds)} to 1",
        "contribution": None if contribution is None else float(contribution),
        "contribution_exact": "" if contribution is None else fraction_text(contribution),
    }
