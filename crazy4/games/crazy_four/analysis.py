"""The whole exact analysis of one Crazy 4 Poker rule set, from counts to tables.

``analyze`` runs the best-four pipeline (:class:`crazy4.generic.bestfour_analysis.
BestFourAnalysis`) with this game's steps: dealer-outcome counts per hand class
(rule-independent but for the qualifier), exact prices and the optimal strategy, every bet as an
exact distribution, and the result tables. Pricing the same counts under another pay table
costs milliseconds: pass the ``outcomes`` of an earlier run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from crazy4.core.bet_tables import net_distribution
from crazy4.core.bets import BetOutcomes
from crazy4.games.crazy_four.hand_reference import Reference
from crazy4.games.crazy_four.outcomes import (
    OUTCOME_CELLS,
    OUTCOME_LABELS,
    PlayerOutcomes,
    compute_outcomes,
)
from crazy4.games.crazy_four.qualifier_cells import all_bets, price_hands
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.games.crazy_four.strategy import border_hands, simple_strategy, strategy_segments
from crazy4.generic.bestfour_analysis import AnalysisSteps, BestFourAnalysis, Say
from crazy4.generic.bestfour_pricing import BestFourPrices
from crazy4.generic.bestfour_tables import bets_table, cell_returns, hand_classes_table
from crazy4.generic.frequencies import group_frequencies


@dataclass(frozen=True)
class Analysis(BestFourAnalysis[CrazyFourRules, PlayerOutcomes, BestFourPrices, None]):
    """Everything computed for one rule set (:class:`.BestFourAnalysis`).

    ``tables``: ``bets``, ``hand_frequencies``, ``player_hands``, ``returns``,
    ``net_distribution``, ``strategy``, ``border_hands``, each written as ``<name>.parquet``.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> analysis = analyze(load_rules("crazy4-standard"))
    >>> round(float(-analysis.exact_ev("ante_super_bonus_play")), 4)
    0.0342
    """


class CrazyFourSteps(AnalysisSteps[CrazyFourRules, PlayerOutcomes, BestFourPrices, None]):
    """Crazy 4 Poker's analysis steps (:class:`.AnalysisSteps`)."""

    main_bet = Reference.main_bet
    simple_bet = f"{Reference.main_bet}_simple"

    def count(
        self, rules: CrazyFourRules, jobs: int, outcomes: PlayerOutcomes | None, say: Say
    ) -> PlayerOutcomes:
        """The counts of the rules' qualifier (``outcomes`` if they have it)."""
        if outcomes is None or outcomes.qualifier_strength != rules.dealer.qualifier_strength:
            outcomes = compute_outcomes(rules.dealer.qualifier_strength, jobs=jobs, progress=say)
        return outcomes

    def price(self, rules: CrazyFourRules, outcomes: PlayerOutcomes, jobs: int) -> BestFourPrices:
        """:func:`.qualifier_cells.price_hands`."""
        return price_hands(rules, outcomes)

    def bets(
        self, rules: CrazyFourRules, outcomes: PlayerOutcomes, prices: BestFourPrices
    ) -> tuple[list[BetOutcomes], None]:
        """:func:`.qualifier_cells.all_bets` under the optimal and the simple strategy."""
        simple = simple_strategy(rules, outcomes.strengths)
        return all_bets(rules, outcomes, prices, simple), None

    def tables(
        self,
        rules: CrazyFourRules,
        outcomes: PlayerOutcomes,
        prices: BestFourPrices,
        bets: list[BetOutcomes],
        state: None,
    ) -> dict[str, pd.DataFrame]:
        """The tables named in :class:`Analysis`."""
        main_bet = bets[0]
        return {
            "bets": bets_table((bet, outcomes.weights) for bet in bets),
            "hand_frequencies": group_frequencies(outcomes.strengths, outcomes.weights),
            "player_hands": hand_classes_table(
                outcomes.hands,
                outcomes.weights,
                outcomes.strengths,
                (OUTCOME_CELLS, outcomes.counts),
                prices,
            ),
            "returns": cell_returns(
                main_bet,
                prices.decision,
                outcomes.strengths,
                np.arange(len(OUTCOME_CELLS)),
                "dealer_outcome",
                [OUTCOME_LABELS[cell] for cell in OUTCOME_CELLS],
            ),
            "net_distribution": net_distribution(main_bet),
            "strategy": strategy_segments(outcomes, prices),
            "border_hands": border_hands(outcomes, prices),
        }


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
    return Analysis.run(CrazyFourSteps(), rules, jobs=jobs, outcomes=outcomes, progress=progress)
