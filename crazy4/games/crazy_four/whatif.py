"""What-if pricing: change a pay-table line or a rule switch and re-price from the same counts.

The dealer-outcome counts depend on nothing but the qualifier, so every change here re-prices
the exact counts of an earlier :func:`crazy4.games.crazy_four.analysis.analyze` run in milliseconds
(a new
qualifier triggers a new count, a few seconds).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from fractions import Fraction

import pandas as pd

from crazy4.core.bets import summarize
from crazy4.core.paytables import PayTable
from crazy4.games.crazy_four.analysis import Analysis, analyze
from crazy4.games.crazy_four.bets import all_bets, side_bet
from crazy4.games.crazy_four.pricing import price_hands
from crazy4.games.crazy_four.rules import CrazyFourRules, SuperBonus
from crazy4.games.crazy_four.strategy import simple_strategy
from crazy4.rules.ruleset import SideBet


def with_pay_line(table: PayTable, label: str, odds: Fraction | float | int | None) -> PayTable:
    """A copy of a pay table with one line set to new odds (``None`` removes the line).

    Examples
    --------
    >>> table = PayTable.from_mapping("qu", {"two_pair": 2, "pair_of_queens": 1})
    >>> with_pay_line(table, "two pair", 3).describe()
    'two pair 3, pair of queens 1'
    >>> with_pay_line(table, "pair_of_queens", None).describe()
    'two pair 2'
    """
    pays: dict[str, Fraction | float | int | str] = {
        entry.label: entry.odds for entry in table.entries
    }
    key = " ".join(label.lower().replace("_", " ").split())
    if odds is None:
        pays.pop(key, None)
    else:
        pays[key] = Fraction(str(odds)) if isinstance(odds, float) else odds
    return PayTable.from_mapping(table.name, pays)


def side_bet_sensitivity(
    analysis: Analysis, bet_name: str, label: str, values: Iterable[float | int]
) -> pd.DataFrame:
    """House edge of one side bet (Queens Up) as one pay line takes each value.

    Returns
    -------
    DataFrame
        ``odds``, ``house_edge``, ``ev_numerator``, ``ev_denominator``.
    """
    bet = next((b for b in analysis.rules.side_bets if b.name == bet_name), None)
    if bet is None:
        names = ", ".join(b.name for b in analysis.rules.side_bets)
        raise KeyError(f"no side bet {bet_name!r}; the rule set has: {names}")
    rows = []
    for value in values:
        changed = SideBet(with_pay_line(bet.table, label, value), bet.fold_forfeits)
        outcome = side_bet(changed, analysis.outcomes, analysis.prices.decision)
        row = summarize(outcome, analysis.outcomes.weights)
        rows.append(
            {
                "odds": float(value),
                "house_edge": row["house_edge"],
                "ev_numerator": row["ev_numerator"],
                "ev_denominator": row["ev_denominator"],
            }
        )
    return pd.DataFrame(rows)


def reprice(analysis: Analysis, rules: CrazyFourRules) -> Analysis:
    """Analyze changed rules, reusing the counts when the qualifier is unchanged."""
    return analyze(rules, outcomes=analysis.outcomes)


def super_bonus_sensitivity(
    analysis: Analysis, label: str, values: Iterable[float | int]
) -> pd.DataFrame:
    """House edge and element of risk of the whole game as one Super Bonus line changes.

    The optimal strategy is re-solved for every value (the Super Bonus does not change with the
    decision, so it rarely moves, but nothing is assumed).

    Returns
    -------
    DataFrame
        ``odds``, ``house_edge``, ``element_of_risk``, ``super_bonus_house_edge``.
    """
    rules = analysis.rules
    if rules.super_bonus is None:
        raise KeyError(f"rule set {rules.name!r} has no Super Bonus")
    rows = []
    for value in values:
        table = with_pay_line(rules.super_bonus.table, label, value)
        changed = dataclasses.replace(rules, super_bonus=SuperBonus(table))
        prices = price_hands(changed, analysis.outcomes)
        bets = all_bets(
            changed,
            analysis.outcomes,
            prices,
            simple_strategy(changed, analysis.outcomes.strengths),
        )
        game = summarize(bets[0], analysis.outcomes.weights)
        bonus = summarize(bets[2], analysis.outcomes.weights)
        rows.append(
            {
                "odds": float(value),
                "house_edge": game["house_edge"],
                "element_of_risk": game["element_of_risk"],
                "super_bonus_house_edge": bonus["house_edge"],
            }
        )
    return pd.DataFrame(rows)


def rule_variants(
    analysis: Analysis, variants: dict[str, CrazyFourRules] | None = None
) -> pd.DataFrame:
    """House edge and element of risk of the game under each rule switch, one at a time.

    Parameters
    ----------
    analysis : Analysis
        The baseline (its counts are reused where the qualifier is the same).
    variants : dict of str to CrazyFourRules, optional
        Named rule sets; by default :func:`standard_variants` of the baseline.

    Returns
    -------
    DataFrame
        ``variant``, ``house_edge``, ``element_of_risk``, ``average_total_bet``,
        ``change_in_house_edge`` (against the baseline, in units of Ante).
    """
    variants = variants if variants is not None else standard_variants(analysis.rules)
    base = analysis.bet("ante_super_bonus_play")
    rows = []
    for name, rules in {"baseline": analysis.rules, **variants}.items():
        result = analysis if rules is analysis.rules else reprice(analysis, rules)
        bet = result.bet("ante_super_bonus_play")
        rows.append(
            {
                "variant": name,
                "house_edge": float(bet["house_edge"]),
                "element_of_risk": float(bet["element_of_risk"]),
                "average_total_bet": float(bet["average_total_bet"]),
                "change_in_house_edge": float(bet["house_edge"] - base["house_edge"]),
            }
        )
    return pd.DataFrame(rows)


def standard_variants(rules: CrazyFourRules) -> dict[str, CrazyFourRules]:
    """The rule switches people ask about, each applied alone to ``rules``.

    Examples
    --------
    >>> from crazy4.rules.load import load_rules
    >>> sorted(standard_variants(load_rules("crazy4-standard")))[:2]
    ['Play 1x only', 'Play compared when the dealer does not qualify']
    """
    dealer = rules.dealer
    variants = {
        "Play compared when the dealer does not qualify": dataclasses.replace(
            rules, dealer=dataclasses.replace(dealer, play_when_not_qualified="compared")
        ),
        "Play multiples 1x or 3x only": dataclasses.replace(
            rules, play=dataclasses.replace(rules.play, multiples=(1, 3))
        ),
        "Play 1x only": dataclasses.replace(
            rules, play=dataclasses.replace(rules.play, multiples=(1,))
        ),
        "player wins ties": dataclasses.replace(
            rules, dealer=dataclasses.replace(dealer, ties="player")
        ),
    }
    if rules.super_bonus is not None:
        table = rules.super_bonus.table
        has_trips = any(e.label == "three of a kind" for e in table.entries)
        label = "Super Bonus without three of a kind (as printed by the card room)"
        if has_trips:
            variants[label] = dataclasses.replace(
                rules, super_bonus=SuperBonus(with_pay_line(table, "three of a kind", None))
            )
        else:
            variants["Super Bonus with three of a kind 2:1 (standard)"] = dataclasses.replace(
                rules, super_bonus=SuperBonus(with_pay_line(table, "three of a kind", 2))
            )
    return variants
