"""The memorizable chart (hand group x seen rank) and its exact cost, re-derived here.

The engine prices every situation (its per-situation output, the ``sink``, is checked against
a listing of dealer completions in tests/advantage/test_holecards.py). From those exact EVs
this file builds the chart itself: the hand group from the rules-text oracle's hand value
(high card by
its two top ranks, pairs by rank, every other category whole: docs/advantage.md), the cell
key from the known dealer cards' ranks (Crazy 4 Poker: the seen card; Four Card Poker: the up
card and the hole card, in either order), the allowed decisions from the rules text, each
cell's decision the best allowed one of the summed EVs (the smallest wager among exact ties),
and compares the chart's exact EV and its cost against the perfect hole-card strategy with the
engine's, as fractions.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import oracle_crazy4 as oracle
import pandas as pd
import pytest

from crazy4.advantage.holecard_engine import (
    FULL_CARD,
    NO_INFORMATION,
    HoleCardAnalysis,
    analyze_hole_cards,
    chart_totals,
)
from crazy4.advantage.holecard_tables import hole_card_tables
from crazy4.advantage.tables import chart_grid
from crazy4.registry import load_rules


def _group(value: int) -> tuple[int, ...]:
    """The chart's hand group of an oracle hand value (category, then tie-break digits)."""
    category, rest = divmod(value, oracle.SCALE)
    top, second = rest // 13**3, (rest // 13**2) % 13
    if category == oracle.HIGH_CARD:
        return (category, top, second)
    if category == oracle.PAIR:
        return (category, top)
    return (category,)


def _allowed(name: str) -> Callable[[int], list[bool]]:
    """Fold and 1x always; 2x and 3x when the rules list them and the hand reaches the raise
    minimum (the rules text)."""
    rules = load_rules(name)
    if rules.dealer.cards == 5:
        reading = oracle.read_rules(rules)
        multiples, minimum = reading.multiples, reading.raise_minimum
    else:
        play = tomllib.loads(rules.text)["play"]
        assert play["raise_minimum"] == "none"
        multiples, minimum = tuple(play["multiples"]), 0
    return lambda value: (
        [True] + [m in multiples and (m == 1 or value >= minimum) for m in (1, 2, 3)]
    )


def _chart_by_hand(
    name: str, skip: int, classes: int
) -> tuple[HoleCardAnalysis, Fraction, Fraction, int]:
    rows: list[dict[str, np.ndarray]] = []
    rules = load_rules(name)
    analysis = analyze_hole_cards(
        rules, 1, [FULL_CARD], sink=rows.append, first_classes=classes, skip_classes=skip
    )
    known = 1 if rules.dealer.cards == 5 else 2
    cells: dict[tuple[object, ...], list[int]] = {}
    allowed_of: dict[tuple[object, ...], list[bool]] = {}
    perfect, weight, allowed_for = 0, 0, _allowed(name)
    for chunk in rows:
        hands = np.stack([chunk[f"hand_card_{j}"] for j in range(1, 6)], axis=1).astype(int)
        dealer = np.stack([chunk[f"dealer_card_{j}"] for j in range(1, known + 1)], axis=1)
        ev = np.stack(
            [chunk[f"ev_{d}_numerator"] for d in ("fold", "1x", "2x", "3x")], axis=1
        ).tolist()
        values = oracle.hand_values(hands).tolist()
        ranks_of = np.sort(dealer.astype(int) // 4, axis=1).tolist()
        for row, (value, w) in enumerate(zip(values, chunk["weight"].tolist(), strict=True)):
            allowed = allowed_for(value)
            ranks = tuple(ranks_of[row])
            cell = (_group(value), ranks)
            sums = cells.setdefault(cell, [0, 0, 0, 0])
            for code in range(4):
                sums[code] += w * ev[row][code]
            previous = allowed_of.setdefault(cell, allowed)
            allowed_of[cell] = [a and b for a, b in zip(previous, allowed, strict=True)]
            perfect += w * max(ev[row][c] for c in range(4) if allowed[c])
            weight += w
    chart = 0
    for cell, sums in cells.items():
        best = max(sums[c] for c in range(4) if allowed_of[cell][c])
        chart += sums[min(c for c in range(4) if allowed_of[cell][c] and sums[c] == best)]
    scale = weight * comb(52 - 5 - rules.dealer.up_cards - 1, 5 - 1) * analysis.unit
    return analysis, Fraction(chart, scale), Fraction(perfect, scale), len(cells)


@pytest.mark.parametrize(
    ("name", "skip", "classes"),
    [("four-card-standard", 40_000, 30), ("crazy4-standard", 80_000, 300)],
)
def test_the_charts_exact_cost_is_rederived_from_the_situations(
    name: str, skip: int, classes: int
) -> None:
    analysis, chart_ev, perfect_ev, cells = _chart_by_hand(name, skip, classes)
    engine, _ = chart_totals(analysis)
    engine_ev = Fraction(engine.ev, engine.weight * analysis.completions * analysis.unit)
    assert engine_ev == chart_ev
    assert analysis.exact_ev("card") == perfect_ev
    assert perfect_ev - chart_ev > 0  # the chart forgets the hand's lower ranks: it costs
    assert len(analysis.chart) == cells
    assert engine.weight == analysis.totals["card"].weight


def test_the_four_card_chart_table_keys_on_both_dealer_ranks() -> None:
    rules = load_rules("four-card-standard")
    strategies = [NO_INFORMATION, FULL_CARD]
    analysis = analyze_hole_cards(rules, 1, strategies, first_classes=30, skip_classes=40_000)
    chart = hole_card_tables(analysis)["hole_chart"]
    labels = set(chart["seen_rank"])
    assert all(len(label) == 3 and label[1] == "-" for label in labels)
    assert {"A-A", "2-A", "2-2", "K-A"} <= labels and "A-K" not in labels  # lower rank first
    grid = chart_grid(chart)
    assert grid.columns[0] == "A-A" and grid.columns[1] == "K-A" and grid.columns[-1] == "2-2"
    assert int(chart["situations"].sum()) == analysis.totals["card"].weight
    assert len(grid.columns) == 91


@pytest.mark.parametrize(
    ("folder", "up_card"),
    [("results/crazy4-standard", False), ("results/advantage/four-card-standard-hole-1", True)],
)
def test_the_chart_paragraph_names_an_up_card_only_where_there_is_one(
    folder: str, up_card: bool
) -> None:
    """Crazy 4 Poker's chart is by one seen rank; Four Card Poker's by both dealer ranks."""
    from crazy4.advantage.report import hole_card_section

    root = Path(__file__).resolve().parents[2] / folder
    tables = {
        name: pd.read_parquet(root / f"{name}.parquet")
        for name in ("hole_strategies", "hole_chart")
    }
    text = hole_card_section(tables)
    assert "The chart (hand group x seen rank) costs" in text
    assert ("with an up card" in text) is up_card
