"""The whole exact analysis of one Crazy 4 Poker rule set, on the specification engines.

``analyze`` counts, prices and settles the game's specification
(:data:`crazy4.games.crazy_four.spec.CRAZY_FOUR_SPEC`) with the engines every game shares
(:func:`crazy4.generic.analysis.analyze_spec`: dealer-outcome counts per hand class, cached per
qualifier; exact prices and the optimal strategy) and makes its result tables
(:func:`crazy4.generic.tables.analysis_tables`: the bets, apart and under the published simple
strategy too, as the specification's settlement describes them; the hands at the border of a
decision). :class:`Analysis` keeps them with what the report and the card room read. Pricing
the same counts under another pay table costs milliseconds: pass the ``outcomes`` of an
earlier run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from crazy4.core.hidden import PlayerOutcomes
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.generic.analysis import SpecAnalysis, analyze_spec
from crazy4.generic.report_frame import BetLookup, bet_ev
from crazy4.generic.tables import analysis_tables, table_bets

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.core.bets import BetOutcomes
    from crazy4.generic.pricing import Prices


@dataclass(frozen=True)
class Analysis(BetLookup):
    """Everything computed for one rule set.

    Attributes
    ----------
    rules : CrazyFourRules
    on_spec : SpecAnalysis
        The specification engines' analysis (counts, prices, the main bet's lattice).
    tables : dict of str to DataFrame
        ``bets``, ``hand_frequencies``, ``player_hands``, ``strategy``, ``border_hands``,
        ``returns``, ``net_distribution``, each written as ``<name>.parquet``.
    simple_strategy_cost : Fraction
        EV lost per unit of Ante by the published simple strategy against the optimum.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> analysis = analyze(load_rules("crazy4-standard"))
    >>> round(float(-analysis.exact_ev("ante_super_bonus_play")), 4)
    0.0342
    >>> analysis.simple_strategy_cost
    Fraction(2077, 2323220340)
    """

    rules: CrazyFourRules
    on_spec: SpecAnalysis = field(repr=False)
    tables: dict[str, pd.DataFrame] = field(repr=False)
    simple_strategy_cost: Fraction

    @property
    def prices(self) -> Prices:
        """Exact EV of each decision per hand class; ``prices.decision`` is the optimum."""
        return self.on_spec.prices

    @cached_property
    def outcomes(self) -> PlayerOutcomes:
        """The dealer-outcome counts per hand class (reusable for a rule set of the same
        qualifier, see :func:`analyze`)."""
        spec = self.on_spec
        return PlayerOutcomes(
            hands=spec.hands,
            weights=spec.weights,
            strengths=spec.strengths,
            counts=spec.cells.astype(np.int64),
            dealer_hands=spec.prices.completions,
            qualifier_strength=self.rules.dealer.qualifier_strength,
        )

    @property
    def bets(self) -> list[BetOutcomes]:
        """Every bet of the ``bets`` table as an exact distribution, in its order."""
        return [bet for bet, _ in table_bets(self.on_spec)]


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
        Counts from an earlier run, used instead of counting when they have the rules'
        qualifier.
    progress : callable, optional
        Called with a message after each step.
    """
    say = progress or (lambda message: None)
    counted = None
    if outcomes is not None and outcomes.qualifier_strength == rules.dealer.qualifier_strength:
        rows = outcomes.hands.shape[0]
        counted = (
            outcomes.hands,
            outcomes.weights,
            outcomes.strengths,
            outcomes.counts.astype(np.int32),
            np.zeros((rows, 0), dtype=np.uint8),
        )
    on_spec = analyze_spec(CRAZY_FOUR_SPEC, rules, jobs, counted=counted)
    say("counts and prices")
    tables = analysis_tables(CRAZY_FOUR_SPEC, on_spec)
    say("tables")
    bets = tables["bets"]
    rows = on_spec.settlement.rows
    assert rows is not None and rows.simple is not None  # the specification describes both
    cost = bet_ev(bets, on_spec.main_name) - bet_ev(bets, rows.simple[0])
    return Analysis(rules=rules, on_spec=on_spec, tables=tables, simple_strategy_cost=cost)
