"""What-if pricing for any game: one pay line swept over values, rule switches one at a time,
each variant a rule set of its own priced exactly through its game (the strategy solved again).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

import pandas as pd

from crazy4.analyze.rule_prices import price_rules
from crazy4.core.paytables import PayTable
from crazy4.design.basis import changed_rules, normal_label
from crazy4.design.ruletext import odds_value
from crazy4.errors import InputError

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

#: The rule switches people ask about, as rule-file changes (:func:`switch_variants`).
SWITCHES: dict[str, tuple[tuple[str, str], ...]] = {
    "Play compared when the dealer does not qualify": (
        ("dealer.play_when_not_qualified", "compared"),
    ),
    "Play multiples 1x or 3x only": (("play.multiples", "[1, 3]"),),
    "Play 1x only": (("play.multiples", "[1]"),),
    "player wins ties": (("dealer.ties", "player"),),
}


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
    key = normal_label(label)
    if odds is None:
        pays.pop(key, None)
    else:
        pays[key] = Fraction(str(odds)) if isinstance(odds, float) else odds
    return PayTable.from_mapping(table.name, pays)


def line_sensitivity(
    rules: RuleSet,
    table: str,
    line: str,
    values: Iterable[Fraction | float | int],
    bets: list[str] | None = None,
) -> pd.DataFrame:
    """Exact house edges as one pay line takes each value, every other line kept: one row per
    (value, bet). ``table`` is the pay table's rule-file path (``queens_up[1]``), as
    ``crazy4 design --table`` takes it; ``bets`` default to the main bet.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> frame = line_sensitivity(load_rules("three-card-standard"), "pair_plus[0]", "flush",
    ...                          [3, 4], bets=["pair-plus-1-4-6-30-40"])
    >>> frame["house_edge_exact"].tolist()  # each unit on a flush: 1,096 of 22,100 hands
    [Fraction(402, 5525), Fraction(128, 5525)]
    """
    rows = []
    for value in values:
        odds = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
        path = f"{table}.{line}"
        changed = changed_rules(rules, [(path, str(odds_value(odds)))], f"{rules.name} {path}")
        price = price_rules(changed)
        for bet in bets or [price.main_bet]:
            if bet not in price.bet_edges:
                raise InputError(f"{bet}: {rules.name} has no such bet; its bets: "
                                 + ", ".join(price.bet_edges))  # fmt: skip
            edge = price.bet_edges[bet]
            rows.append((float(odds), bet, float(edge), edge))
    return pd.DataFrame(rows, columns=["odds", "bet", "house_edge", "house_edge_exact"])


def switch_variants(rules: RuleSet) -> dict[str, RuleSet]:
    """:data:`SWITCHES` applied to ``rules`` one at a time, those its game's loader takes.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> list(switch_variants(load_rules("three-card-standard")))  # no Play compared: no such key
    ['Play multiples 1x or 3x only', 'Play 1x only', 'player wins ties']
    """
    variants = {}
    for name, changes in SWITCHES.items():
        try:
            variants[name] = changed_rules(rules, list(changes), f"{rules.name}: {name}")
        except InputError:
            continue
    return variants


def rule_variants(rules: RuleSet, variants: dict[str, RuleSet] | None = None) -> pd.DataFrame:
    """The main bet's house edge and element of risk under each variant (by default
    :func:`switch_variants`), with the baseline first and the change against it.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> frame = rule_variants(load_rules("three-card-standard")).set_index("variant")
    >>> float(frame.loc["Play 1x only", "change_in_house_edge"])  # the standard already is
    0.0
    """
    variants = variants if variants is not None else switch_variants(rules)
    base = price_rules(rules, "baseline")
    rows = []
    for name, changed in {"baseline": rules, **variants}.items():
        price = base if changed is rules else price_rules(changed, name)
        rows.append(
            {
                "variant": name,
                "house_edge": float(price.house_edge),
                "element_of_risk": price.element_of_risk,
                "average_total_bet": price.average_total_bet,
                "change_in_house_edge": float(price.house_edge - base.house_edge),
            }
        )
    return pd.DataFrame(rows)
