"""The hole-card tables of an analysis, in the two vocabularies the games publish: the chart
tables and the rank-group table (their columns: ``docs/advantage-play.md``).

Examples
--------
>>> print(describe("group:A,K,QJT,98765432"))
only the seen card's group among A,K,QJT,98765432
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from crazy4.advantage.holecard_engine import HoleCardAnalysis, StrategyTotals, chart_totals
from crazy4.advantage.tables import seen_order
from crazy4.core.bets import money_columns
from crazy4.core.cards import RANKS
from crazy4.core.decisions import decision_label

#: What each strategy name means, for the tables and the report.
DESCRIPTIONS = {
    "none": "no information: the seen card ignored (the ordinary optimal strategy)",
    "rank": "only the seen card's rank",
    "card": "the whole seen card (perfect hole-card strategy)",
    "chart": "the chart: hand group x seen rank",
}


#: The chart's description when it keys on two dealer ranks (Four Card Poker's up card too).
CHART_WITH_UP_CARD = "the chart: hand group x the ranks of the up card and the seen card"


def describe(name: str) -> str:
    """A strategy's description.

    Examples
    --------
    >>> print(describe("group:A,K,QJT,98765432"))
    only the seen card's group among A,K,QJT,98765432
    """
    if name.startswith("group:"):
        return f"only the seen card's group among {name.removeprefix('group:')}"
    return DESCRIPTIONS.get(name, name)


def seen_label(key: int, seen: int) -> str:
    """The seen rank(s) of a ``by_seen`` key: ``"A"`` or ``"K-A"``.

    Examples
    --------
    >>> seen_label(12, 1), seen_label(11 * 13 + 12, 2)
    ('A', 'K-A')
    """
    if seen == 2:
        return f"{RANKS[key // 13]}-{RANKS[key % 13]}"
    return RANKS[key]


def all_totals(analysis: HoleCardAnalysis) -> list[StrategyTotals]:
    totals = list(analysis.totals.values())
    if analysis.chart:
        totals.append(chart_totals(analysis)[0])
    return totals


def money_row(ev: Fraction, second: Fraction, bet: Fraction, gain: Fraction) -> dict[str, object]:
    """A strategy's exact EV, house edge, average bet, element of risk, spread and gain."""
    return {
        **money_columns(ev, second, bet),
        "gain_numerator": gain.numerator,
        "gain_denominator": gain.denominator,
        "gain": float(gain),
    }


def strategies_table(analysis: HoleCardAnalysis) -> pd.DataFrame:
    """The ``hole_strategies`` table."""
    deals = analysis.completions * analysis.unit
    base = analysis.totals.get("none")
    rows = []
    for totals in all_totals(analysis):
        ev = Fraction(totals.ev, totals.weight * deals)
        second = Fraction(totals.square, totals.weight * deals * analysis.unit)
        bet = Fraction(totals.wager, totals.weight * analysis.unit)
        gain = ev - Fraction(base.ev, base.weight * deals) if base is not None else Fraction(0)
        rows.append(
            {
                "seen": analysis.seen,
                "strategy": totals.name,
                "description": CHART_WITH_UP_CARD
                if totals.name == "chart" and analysis.chart_cards == 2
                else describe(totals.name),
                **money_row(ev, second, bet, gain),
                "situations": totals.weight,
                "tied_situations": totals.tied,
                **{
                    f"share_{decision_label(code)}": totals.decisions[code] / totals.weight
                    for code in range(4)
                },
            }
        )
    return pd.DataFrame(rows)


def value_by_rank_table(analysis: HoleCardAnalysis) -> pd.DataFrame:
    """The ``hole_value_by_rank`` table."""
    deals = analysis.completions * analysis.unit
    card = analysis.totals["card"].by_seen
    none = analysis.totals["none"].by_seen
    total = sum(weight for weight, _ in card.values())
    rows = []
    for key in sorted(card):
        weight, value = card[key]
        ev = Fraction(value, weight * deals)
        ignored = Fraction(none[key][1], weight * deals)
        rows.append(
            {
                "seen": analysis.seen,
                "seen_rank": seen_label(key, analysis.seen),
                "probability": weight / total,
                "ev_numerator": ev.numerator,
                "ev_denominator": ev.denominator,
                "ev": float(ev),
                "ev_ignoring_it": float(ignored),
                "gain": float(ev - ignored),
            }
        )
    return pd.DataFrame(rows)


def chart_table(analysis: HoleCardAnalysis) -> pd.DataFrame:
    """The ``hole_chart`` table: one row per (hand group, seen rank), strongest group first."""
    _, decisions = chart_totals(analysis)
    names = analysis.group_names
    rows = [
        {
            "hand_group": names[group],
            "group_order": group,
            "seen_rank": seen_label(known, analysis.chart_cards),
            "decision": decision_label(code),
            "situations": analysis.chart[(group, known)][0],
        }
        for (group, known), code in decisions.items()
    ]
    columns = ["hand_group", "group_order", "seen_rank", "decision", "situations"]
    frame = pd.DataFrame(rows, columns=columns)
    frame["rank_order"] = [seen_order(label) for label in frame["seen_rank"]]
    frame = frame.sort_values(["group_order", "rank_order"], ascending=False, kind="stable")
    return frame.drop(columns="rank_order").reset_index(drop=True)


def hole_card_tables(analysis: HoleCardAnalysis, prefix: str = "hole") -> dict[str, pd.DataFrame]:
    """Every hole-card table of an analysis, named ``<prefix>_strategies`` and so on."""
    tables = {f"{prefix}_strategies": strategies_table(analysis)}
    if analysis.seen:
        tables[f"{prefix}_value_by_rank"] = value_by_rank_table(analysis)
    if analysis.chart:
        tables[f"{prefix}_chart"] = chart_table(analysis)
    return tables


def rank_group_table(analysis: HoleCardAnalysis, texts: dict[str, str | None]) -> pd.DataFrame:
    """``hole_strategies`` in the rank-group vocabulary (``texts``: each strategy's group list,
    None for the whole card).

    Examples
    --------
    >>> from crazy4.advantage.holecard_engine import NO_INFORMATION, analyze_hole_cards
    >>> from crazy4.registry import load_rules
    >>> a = analyze_hole_cards(load_rules("three-card-standard"), 1, [NO_INFORMATION],
    ...                        first_classes=3)
    >>> rank_group_table(a, {"none": "23456789TJQKA"})["description"].tolist()
    ['rank groups 23456789TJQKA']
    """
    records = []
    base: Fraction | None = None
    for name, totals in analysis.totals.items():
        deals = totals.weight * analysis.completions
        ev = Fraction(totals.ev, deals * analysis.unit)
        second = Fraction(totals.square, deals * analysis.unit * analysis.unit)
        average = Fraction(totals.wager, totals.weight * analysis.unit)
        base = ev if base is None else base
        gain = ev - base
        shares = np.array([float(share * analysis.completions) for share in totals.decisions])
        shares = shares / shares.sum()
        text = texts[name]
        row: dict[str, object] = {
            "seen": analysis.seen,
            "strategy": name,
            "description": "the whole seen card" if text is None else f"rank groups {text}",
            **money_row(ev, second, average, gain),
            "situations": totals.weight,
            "deals": deals,
        }
        for code, share in enumerate(shares):
            row[f"share_{decision_label(code)}"] = float(share)
        records.append(row)
    return pd.DataFrame(records)
