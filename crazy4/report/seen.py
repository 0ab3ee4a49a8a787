"""The report sections of a game whose dealer shows cards: the strategy charted by hand group
and seen rank, the joint table of both hands' categories, the payout cap by bet and seat.
"""

from __future__ import annotations

import pandas as pd

from crazy4.core.cards import RANKS
from crazy4.core.decisions import DECISIONS
from crazy4.core.ranking import HandCategory
from crazy4.report.frame import ReportInput
from crazy4.report.markdown import markdown_table, share_text
from crazy4.report.spec_sections import Section, extreme_bets, money
from crazy4.spec.table_layout import SHOWDOWN_LABELS

#: The hand categories, weakest first.
CATEGORY_LABELS = [category.label for category in HandCategory]


def chart_text(chart: pd.DataFrame) -> pd.DataFrame:
    """The chart pivoted: a row per hand group, a column per up rank, a cell ``1x 62% / 3x 38%``."""

    def cell(row: pd.Series) -> str:
        if row["decision"] != "mixed":
            return str(row["decision"])
        parts = [
            f"{name} {share_text(row[f'share_{name}'])}"
            for name in DECISIONS
            if row[f"situations_{name}"] > 0
        ]
        return " / ".join(parts)

    text = chart.assign(cell=chart.apply(cell, axis=1))
    pivot = text.pivot(index="hand", columns="up_rank", values="cell")
    pivot = pivot.reindex(index=list(dict.fromkeys(chart["hand"])))  # strongest group first
    pivot = pivot.reindex(columns=list(RANKS[::-1]))
    return pivot.reset_index()


def chart_strategy_section(view: ReportInput) -> list[str]:
    """The optimal strategy charted by hand group and up rank, then the exact ties."""
    ties = view.tables["exact_ties"]
    lines = [
        "## Optimal strategy by up card",
        "",
        "Rows: the player's best four (pairs by rank, high cards by top card); columns: the rank "
        "of the dealer's up card. A cell with several decisions gives the share of (hand, up "
        "card) situations taking each: there the other cards of the hand (kickers, the fifth "
        "card, suits) decide. Since the EV is linear in the Play multiple, the best Play bet is "
        f"{extreme_bets(view.rules.play.multiples)}. `strategy.parquet` has the counts, "
        "`situations.parquet` every best hand x up-card rank.",
        "",
        markdown_table(chart_text(view.tables["strategy"]).fillna("")),
        "",
    ]
    if len(ties):
        lines += [
            f"{int(ties['situations'].sum())} situations ({len(ties)} classes) have an exact tie "
            "between decisions (the smallest wager is taken):",
            "",
            markdown_table(ties),
            "",
        ]
    return lines


def joint_section(title: str, use: str) -> Section:
    """The ``joint`` table: the probability the player's hand loses, by both hands' categories."""

    def section(view: ReportInput) -> list[str]:
        joint = view.tables["joint"]
        losses = joint[joint["result"] == SHOWDOWN_LABELS[2]]
        pivot = losses.pivot_table(
            "probability", "player_category", "dealer_category", aggfunc="sum", fill_value=0.0
        )
        order = [label for label in reversed(CATEGORY_LABELS) if label in pivot.index]
        columns = [label for label in reversed(CATEGORY_LABELS) if label in pivot.columns]
        pivot = pivot.reindex(index=order, columns=columns).reset_index()
        return [
            title,
            "",
            "`joint.parquet` gives the exact deals for every player category x dealer category "
            f"x result (player higher / tie / dealer higher) x optimal decision. {use} "
            "Probability (of all deals) that the player's hand loses, by both categories:",
            "",
            markdown_table(pivot, dict.fromkeys(columns, "{:.3e}")),
            "",
        ]

    return section


def cap_section(view: ReportInput) -> list[str]:
    """The payout cap and each bet's element of risk by bet size under it (none without a cap)."""
    if "cap" not in view.tables:
        return []
    limits = view.spec.limits(view.rules)
    assert limits is not None and limits.aggregate_payout_cap is not None
    table = view.tables["cap"]
    pivot = table.pivot(index="bet", columns="bet_size", values="element_of_risk")
    pivot = pivot.reindex(index=list(dict.fromkeys(table["bet"]))).reset_index()
    pivot.columns = ["bet", *(f"${size:,}" for size in pivot.columns[1:])]
    sizes = table.groupby("bet", sort=False)["largest_uncapped_size"].first().reset_index()
    return [
        "## Payout cap",
        "",
        f"The table pays at most {money(limits.aggregate_payout_cap)} on one hand. Per seat, "
        "each bet's exact element of risk (expected loss per dollar wagered) by bet size, all "
        "of a seat's bets at that size (`seat` adds them on one seat, the cap applying to "
        "their total payout); `cap.parquet` has the exact fractions. Across several seats of "
        "one table the cap is shared: that needs a simulation and is not computed here.",
        "",
        markdown_table(pivot, {c: "{:.4%}" for c in pivot.columns[1:]}),
        "",
        "Largest bet size at which no payout reaches the cap:",
        "",
        markdown_table(sizes, {"largest_uncapped_size": "${:,.2f}"}),
        "",
    ]
