"""A game's exact analysis read by bet name: its ``bets`` table's rows and exact EVs, and the
main game under the published simple strategy beside the optimum (what the analysis record and
the report's input share).

Examples
--------
>>> import pandas as pd
>>> bets = pd.DataFrame({"bet": ["a"], "ev_numerator": [-3], "ev_denominator": [40]})
>>> bet_ev(bets, "a")
Fraction(-3, 40)
>>> str(bet_row(bets, "a")["bet"])
'a'
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.specification import CellSettlement, GameSpec


def bet_row(bets: pd.DataFrame, name: str) -> pd.Series:
    """The row of the bets table of one bet."""
    return bets[bets["bet"] == name].iloc[0]


def bet_ev(bets: pd.DataFrame, name: str) -> Fraction:
    """The exact EV of one bet per unit of its base wager, from the bets table."""
    row = bet_row(bets, name)
    return Fraction(int(row["ev_numerator"]), int(row["ev_denominator"]))


class BetLookup:
    """The bets table of an analysis (``tables["bets"]``) read by bet name."""

    tables: dict[str, pd.DataFrame]

    def bet(self, name: str) -> pd.Series:
        """The summary row of one bet."""
        return bet_row(self.tables["bets"], name)

    def exact_ev(self, name: str) -> Fraction:
        """Exact EV of one bet, per unit of its base wager."""
        return bet_ev(self.tables["bets"], name)


class GameBets(BetLookup):
    """The bets table of a game's analysis, with the main game under the published simple
    strategy beside the optimum (a subclass holds ``spec``, ``rules`` and ``tables``)."""

    spec: GameSpec
    rules: RuleSet

    @property
    def settlement(self) -> CellSettlement:
        """The game's settlement of the rule set (its layout names the report's sections)."""
        return self.spec.settlement(self.rules)

    @property
    def simple_bet(self) -> str:
        """The ``bets`` row of the main game under the published simple strategy.

        Raises
        ------
        ValueError
            If the settlement describes no such row.
        """
        rows = self.settlement.rows
        if rows is None or rows.simple is None:
            raise ValueError(f"{self.spec.title}: the settlement names no simple strategy's bet")
        return rows.simple[0]

    @property
    def simple_strategy_cost(self) -> Fraction:
        """What the published simple strategy costs against the optimum, per Ante."""
        return self.exact_ev(self.spec.main_bet) - self.exact_ev(self.simple_bet)
