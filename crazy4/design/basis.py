"""What every design step stands on: a rule set changed by its paths, analyzed through its
game (nothing here knows which game it prices).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from crazy4.design.ruletext import set_value, toml_text
from crazy4.errors import InputError

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.game import GameAnalysis


def rule_data(rules: RuleSet) -> dict[str, Any]:
    """The rule file of ``rules`` as TOML data."""
    return tomllib.loads(rules.text.removeprefix("\ufeff"))


def changed_rules(rules: RuleSet, changes: list[tuple[str, str]], where: str = "") -> RuleSet:
    """``rules`` with each ``(path, value)`` set, validated by the rule loader.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> base = load_rules("crazy4-standard")
    >>> changed = changed_rules(base, [("super_bonus.straight_flush", "20")])
    >>> changed.super_bonus.table.describe()
    'four aces 200, four of a kind 30, straight flush 20, three of a kind 2, flush 3/2, straight 1'

    """
    from crazy4.registry import parse_rules

    data = rule_data(rules)
    for path, value in changes:
        set_value(data, path, value)
    return parse_rules(toml_text(data), where or f"{rules.name} with --set")


def analyze_quietly(rules: RuleSet) -> GameAnalysis:
    """The game's exact analysis of ``rules`` (one worker, no progress, no simulation)."""
    from crazy4.registry import game_of

    return game_of(rules).analyze(rules, jobs=1, progress=lambda _message: None)


@dataclass(frozen=True)
class BetFigures:
    """One bet's figures from an analysis's ``bets`` table (edge exact, the rest as printed)."""

    bet: str
    house_edge: Fraction
    average_total_bet: float
    element_of_risk: float
    std_dev: float
    hit_frequency: float


def bet_rows(analysis: GameAnalysis) -> dict[str, BetFigures]:
    """Every row of the analysis's ``bets`` table, by name, in table order."""
    frame: pd.DataFrame = analysis.tables["bets"]
    rows = {}
    for row in frame.to_dict("records"):
        edge = -Fraction(int(row["ev_numerator"]), int(row["ev_denominator"]))
        rows[str(row["bet"])] = BetFigures(
            str(row["bet"]),
            edge,
            float(row["average_total_bet"]),
            float(row["element_of_risk"]),
            float(row["std_dev"]),
            float(row["hit_frequency"]),
        )
    return rows


def bet_of(analysis: GameAnalysis, bet: str, rules: RuleSet) -> BetFigures:
    """The row ``bet`` of the ``bets`` table; an unknown name is an error listing the rows."""
    rows = bet_rows(analysis)
    if bet not in rows:
        raise InputError(
            f"--search {bet}: {rules.name} has no such bet; its bets: {', '.join(rows)}"
        )
    return rows[bet]


def normal_label(label: str) -> str:
    """A pay line's name compared loosely (``straight_flush`` = ``Straight Flush``).

    Examples
    --------
    >>> normal_label("Straight_Flush")
    'straight flush'
    """
    return " ".join(label.lower().replace("_", " ").split())


def table_lines(rules: RuleSet, pays: dict[str, Any], where: str) -> list[str]:
    """The keys of a rule file's ``pays`` table, weakest hand first, as the rule set orders them."""
    from crazy4.report.parsheet import category_pay_tables, pay_tables

    wanted = {normal_label(key): key for key in pays}
    orders: list[list[tuple[int, str]]] = [
        [(entry.minimum_strength, normal_label(entry.label)) for entry in table.entries]
        for _, table in pay_tables(rules)
    ]
    orders += [
        [(line.minimum_strength, normal_label(line.label)) for line in table.lines]
        for _, table in category_pay_tables(rules)
    ]
    for order in orders:
        if {label for _, label in order} == set(wanted):
            return [wanted[label] for _, label in sorted(order)]
    raise InputError(f"--table {where}: no pay table of {rules.name} has these lines")
