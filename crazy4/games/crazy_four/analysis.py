"""The whole exact analysis of one rule set, from counts to tables.

``analyze`` runs the pipeline of the design notes: dealer-outcome counts per hand class
(rule-independent but for the qualifier), exact prices and the optimal strategy, every bet as an
exact distribution, and the result tables. Pricing the same counts under another pay table
costs milliseconds: pass the ``outcomes`` of an earlier run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

import pandas as pd

from crazy4.core.bet_tables import net_distribution
from crazy4.core.bets import BetOutcomes
from crazy4.games.crazy_four.bets import all_bets
from crazy4.games.crazy_four.outcomes import PlayerOutcomes, compute_outcomes
from crazy4.games.crazy_four.pricing import HandPrices, price_hands
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.games.crazy_four.strategy import border_hands, simple_strategy, strategy_segments
from crazy4.games.crazy_four.tables import (
    bets_table,
    hand_frequencies,
    player_hands_table,
    returns_table,
)


@dataclass(frozen=True)
class Analysis:
    """Everything computed for one rule set.

    Attributes
    ----------
    rules : CrazyFourRules
    outcomes : PlayerOutcomes
    prices : HandPrices
    bets : list of BetOutcomes
    tables : dict of str to DataFrame
        ``bets``, ``hand_frequencies``, ``player_hands``, ``returns``, ``net_distribution``,
        ``strategy``, ``border_hands``, each written as ``<name>.parquet``.
    simple_strategy_cost : Fraction
        EV lost per unit of Ante by the published simple strategy against the optimum.
    """

    rules: CrazyFourRules
    outcomes: PlayerOutcomes
    prices: HandPrices
    bets: list[BetOutcomes]
    tables: dict[str, pd.DataFrame] = field(repr=False)
    simple_strategy_cost: Fraction

    def bet(self, name: str) -> pd.Series:
        """The summary row of one bet."""
        table = self.tables["bets"]
        return table[table["bet"] == name].iloc[0]

    def exact_ev(self, name: str) -> Fraction:
        """Exact EV of one bet, per unit of its base wager.

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> analysis = analyze(load_rules("crazy4-standard"))
        >>> round(float(-analysis.exact_ev("ante_super_bonus_play")), 4)
        0.0342
        """
        row = self.bet(name)
        return Fraction(int(row["ev_numerator"]), int(row["ev_denominator"]))


def analyze(
    rules: CrazyFourRules,
    *,
    jobs: int = 1,
    outcomes: PlayerOutcomes | None = None,
    progress: Callable[[str], None] | None = None,
) -> Analysis:
    """Analyze a rule set exactly.

    Parameters
    ----------
    rules : CrazyFourRules
    jobs : int
        Threads for the counting (the results do not depend on it).
    outcomes : PlayerOutcomes, optional
        Counts from an earlier run with the same qualifier, to skip the counting.
    progress : callable, optional
        Called with a message after each step.
    """
    say = progress or (lambda message: None)
    if outcomes is None or outcomes.qualifier_strength != rules.dealer.qualifier_strength:
        outcomes = compute_outcomes(rules.dealer.qualifier_strength, jobs=jobs, progress=say)
    prices = price_hands(rules, outcomes)
    simple = simple_strategy(rules, outcomes.strengths)
    bets = all_bets(rules, outcomes, prices, simple)
    say("prices and bets")
    main_bet = bets[0]
    tables = {
        "bets": bets_table(bets, outcomes),
        "hand_frequencies": hand_frequencies(outcomes),
        "player_hands": player_hands_table(outcomes, prices),
        "returns": returns_table(main_bet, outcomes, prices.decision),
        "net_distribution": net_distribution(main_bet),
        "strategy": strategy_segments(outcomes, prices),
        "border_hands": border_hands(outcomes, prices),
    }
    say("tables")
    summary = tables["bets"].set_index("bet")

    def exact(bet: str) -> Fraction:
        return Fraction(
            int(summary.at[bet, "ev_numerator"]),  # type: ignore[arg-type]
            int(summary.at[bet, "ev_denominator"]),  # type: ignore[arg-type]
        )

    return Analysis(
        rules=rules,
        outcomes=outcomes,
        prices=prices,
        bets=bets,
        tables=tables,
        simple_strategy_cost=exact("ante_super_bonus_play") - exact("ante_super_bonus_play_simple"),
    )
