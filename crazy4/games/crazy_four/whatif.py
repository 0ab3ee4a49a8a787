"""What-if pricing: change a pay-table line or a rule switch and re-price from the same counts.

The dealer-outcome counts depend on nothing but the qualifier, so every change here re-prices
the exact counts of an earlier :func:`crazy4.games.crazy_four.analysis.analyze` run without
counting again (a new qualifier triggers a new count).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np
import pandas as pd

from crazy4.core.bets import summarize
from crazy4.core.paytables import PayTable, format_odds
from crazy4.core.ranking import category_thresholds
from crazy4.games.crazy_four.analysis import Analysis, analyze
from crazy4.games.crazy_four.qualifier_cells import all_bets, price_hands, side_bet, strategy_bets
from crazy4.games.crazy_four.rules import UNLISTED_RULES, CrazyFourRules, SuperBonus
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
        changed = dataclasses.replace(
            rules, super_bonus=dataclasses.replace(rules.super_bonus, table=table)
        )
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


def main_bet_summary(analysis: Analysis, rules: CrazyFourRules) -> dict[str, float]:
    """House edge, element of risk and average total bet of the Ante + Super Bonus + Play under
    ``rules``' optimal strategy: the row of :func:`reprice`'s ``bets`` table, without building
    its other tables.

    The same qualifier reuses ``analysis``'s counts and prices only the main bet (all that
    :func:`rule_variants` reads; a whole :func:`reprice` builds seven tables); a new qualifier
    is a whole :func:`reprice`.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> standard = analyze(load_rules("crazy4-standard"))
    >>> ties = dataclasses.replace(standard.rules.dealer, ties="player")
    >>> summary = main_bet_summary(standard, dataclasses.replace(standard.rules, dealer=ties))
    >>> summary["house_edge"] < float(standard.bet("ante_super_bonus_play")["house_edge"])
    True
    """
    outcomes = analysis.outcomes
    row: Any
    if rules is analysis.rules:
        row = analysis.bet("ante_super_bonus_play")
    elif outcomes.qualifier_strength != rules.dealer.qualifier_strength:
        row = reprice(analysis, rules).bet("ante_super_bonus_play")
    else:
        prices = price_hands(rules, outcomes)
        row = summarize(strategy_bets(rules, outcomes, prices.decision)[0], outcomes.weights)
    return {key: float(row[key]) for key in ("house_edge", "element_of_risk", "average_total_bet")}


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
    base = main_bet_summary(analysis, analysis.rules)
    rows = []
    for name, rules in {"baseline": analysis.rules, **variants}.items():
        bet = main_bet_summary(analysis, rules)
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
    >>> from crazy4.registry import load_rules
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
        bonus = rules.super_bonus
        has_trips = any(e.label == "three of a kind" for e in bonus.table.entries)
        label = "Super Bonus without three of a kind (as printed by the card room)"
        if has_trips:
            variants[label] = dataclasses.replace(
                rules,
                super_bonus=SuperBonus(
                    with_pay_line(bonus.table, "three of a kind", None), unlisted="push"
                ),
            )
        else:
            variants["Super Bonus with three of a kind 2:1 (standard)"] = dataclasses.replace(
                rules,
                super_bonus=dataclasses.replace(
                    bonus, table=with_pay_line(bonus.table, "three of a kind", 2)
                ),
            )
        if bonus.unlisted_mask().any():
            other = other_unlisted_rule(bonus.unlisted)
            variants[f"Super Bonus unlisted hands: {other}"] = dataclasses.replace(
                rules, super_bonus=dataclasses.replace(bonus, unlisted=other)
            )
    return variants


def other_unlisted_rule(unlisted: str) -> str:
    """The other value of ``[super_bonus] unlisted``.

    Examples
    --------
    >>> other_unlisted_rule("push"), other_unlisted_rule("below_table")
    ('below_table', 'push')
    """
    return next(rule for rule in UNLISTED_RULES if rule != unlisted)


#: The standard Super Bonus table (rack cards, Wizard of Odds; ``crazy4-standard``'s, which a
#: test holds it to): the odds a reading "as the standard table pays" gives an unlisted hand.
STANDARD_SUPER_BONUS: dict[str, Fraction | float | int | str] = {
    "four_aces": 200,
    "four_of_a_kind": 30,
    "straight_flush": 15,
    "three_of_a_kind": 2,
    "flush": Fraction(3, 2),
    "straight": 1,
}


@dataclass(frozen=True)
class Reading:
    """One reading of the Super Bonus's unlisted hands, priced exactly.

    Attributes
    ----------
    name : str
        The rule set's own ``unlisted`` rule, the other one, or the standard table's line.
    settlement : str
        What the unlisted hands do under this reading.
    house_edge, element_of_risk : Fraction
        Of the Ante + Super Bonus + Play under the optimal strategy of this reading (per unit
        of Ante; per unit wagered).
    super_bonus_house_edge : Fraction
        Of the Super Bonus alone.
    """

    name: str
    settlement: str
    house_edge: Fraction
    element_of_risk: Fraction
    super_bonus_house_edge: Fraction


def _exact_game(rules: CrazyFourRules, analysis: Analysis) -> tuple[Fraction, Fraction, Fraction]:
    """House edge and element of risk of the game, and the Super Bonus house edge, re-priced
    from ``analysis``'s counts (the optimal strategy re-solved)."""
    outcomes = analysis.outcomes
    prices = price_hands(rules, outcomes)
    bets = strategy_bets(rules, outcomes, prices.decision)
    game, bonus = summarize(bets[0], outcomes.weights), summarize(bets[2], outcomes.weights)
    edge = -Fraction(game["ev_numerator"], game["ev_denominator"])
    wagered = Fraction(int(np.dot(outcomes.weights, bets[0].wager)), comb(52, 5) * bets[0].unit)
    return edge, edge / wagered, -Fraction(bonus["ev_numerator"], bonus["ev_denominator"])


def unlisted_readings(analysis: Analysis) -> list[Reading]:
    """What each reading of the Super Bonus hands its table does not list gives, exactly.

    For a rule set whose Super Bonus table leaves hands unlisted at or above its lowest line
    (the card room's three of a kind): the rule set's own ``unlisted`` rule, the other one, and
    the standard table's odds on the unlisted lines (:data:`STANDARD_SUPER_BONUS`), each
    re-priced from the same counts. Empty for a table that lists every such hand.

    Examples
    --------
    >>> from crazy4.games.crazy_four.analysis import analyze
    >>> from crazy4.registry import load_rules
    >>> readings = unlisted_readings(analyze(load_rules("crazy4-cardroom")))
    >>> [reading.name for reading in readings]
    ['this rule set: unlisted = "push"', 'unlisted = "below_table"', "the standard table's line"]
    >>> unlisted_readings(analyze(load_rules("crazy4-standard")))
    []
    """
    rules = analysis.rules
    bonus = rules.super_bonus
    if bonus is None or not bonus.unlisted_mask().any():
        return []
    unlisted = bonus.unlisted_mask()
    standard = PayTable.from_mapping("standard", STANDARD_SUPER_BONUS)
    pays = {entry.label: entry.odds for entry in bonus.table.entries}
    added = {}
    for entry in standard.entries:
        top = int(category_thresholds()[entry.category + 1])
        if unlisted[entry.minimum_strength : top].all() and entry.label not in pays:
            added[entry.label] = entry.odds
    other = other_unlisted_rule(bonus.unlisted)
    lines = ", ".join(f"{label} {format_odds(odds)} to 1" for label, odds in added.items())
    variants = [
        (f'this rule set: unlisted = "{bonus.unlisted}"', bonus),
        (f'unlisted = "{other}"', dataclasses.replace(bonus, unlisted=other)),
        (
            "the standard table's line",
            dataclasses.replace(
                bonus, table=PayTable.from_mapping(bonus.table.name, {**pays, **added})
            ),
        ),
    ]
    readings = []
    for name, changed in variants:
        if changed.unlisted_mask().any():
            settlement = changed.describe_unlisted()
        else:
            settlement = f"paid {lines}" if added else "every hand listed"
        edge, risk, bonus_edge = _exact_game(
            dataclasses.replace(rules, super_bonus=changed), analysis
        )
        readings.append(Reading(name, settlement, edge, risk, bonus_edge))
    return readings
