"""The whole exact analysis of one Four Card Poker rule set, on the specification engines.

``analyze_four_card`` counts, prices and settles the game's specification
(:data:`crazy4.games.four_card.spec.FOUR_CARD_SPEC`) with the engines every game shares
(:func:`crazy4.generic.analysis.analyze_spec`: the dealer's hands against every situation, a
hand and the up card, counted with the up card forced and cached; exact prices and the optimal
decision per situation) and makes its result tables (:func:`crazy4.generic.tables.
analysis_tables`: the bets, under the published simple strategy too, the situations and the
strategy by up rank, the hand frequencies of both hands, the exact ties, the joint table of
both hands' categories and the payout cap, as the specification's settlement describes them).
:class:`Analysis` keeps them with what the report reads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from crazy4.games.four_card.rules import FourCardRuleSet
from crazy4.games.four_card.spec import FOUR_CARD_SPEC
from crazy4.generic.analysis import SpecAnalysis, analyze_spec
from crazy4.generic.report_frame import BetLookup, bet_ev
from crazy4.generic.tables import analysis_tables

if TYPE_CHECKING:
    import pandas as pd

#: The main bet under the optimal strategy, and under the published simple strategy.
MAIN_BET = FOUR_CARD_SPEC.main_bet
SIMPLE_BET = f"{MAIN_BET}_simple"


@dataclass(frozen=True)
class Analysis(BetLookup):
    """Everything computed for one rule set.

    Attributes
    ----------
    rules : FourCardRuleSet
    on_spec : SpecAnalysis
        The specification engines' analysis (counts, prices, the bets' lattices).
    tables : dict of str to DataFrame
        Each written as ``<name>.parquet`` (``results/README.md``).
    simple_strategy_cost : Fraction
        EV lost per unit of Ante by the published simple strategy against the optimum.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> analysis = analyze_four_card(load_rules("four-card-standard"))
    >>> round(float(-analysis.exact_ev(MAIN_BET)), 4), analysis.simple_strategy_cost
    (0.0279, Fraction(4250592667, 697663068102))
    """

    rules: FourCardRuleSet
    on_spec: SpecAnalysis = field(repr=False)
    tables: dict[str, pd.DataFrame] = field(repr=False)
    simple_strategy_cost: Fraction


#: The name the game's analysis had on the best-four engines.
FourCardAnalysis = Analysis


def analyze_four_card(
    rules: FourCardRuleSet,
    *,
    jobs: int = 1,
    progress: Callable[[str], None] | None = None,
) -> Analysis:
    """Analyze a ``four-card-poker`` rule set exactly.

    Parameters
    ----------
    rules : FourCardRuleSet
    jobs : int
        Threads for the counting (the results do not depend on it).
    progress : callable, optional
        Called with a message after each step.
    """
    say = progress or (lambda message: None)
    on_spec = analyze_spec(FOUR_CARD_SPEC, rules, jobs)
    say("dealer counts")
    on_spec.main_by_strength  # noqa: B018 -- the prices and the bets' lattice, as one step
    say("prices and bets")
    tables = analysis_tables(FOUR_CARD_SPEC, on_spec, jobs)
    say("tables")
    bets = tables["bets"]
    cost = bet_ev(bets, MAIN_BET) - bet_ev(bets, SIMPLE_BET)
    return Analysis(rules=rules, on_spec=on_spec, tables=tables, simple_strategy_cost=cost)
