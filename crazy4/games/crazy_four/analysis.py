"""The whole exact analysis of one Crazy 4 Poker rule set, from counts to tables.

``analyze`` runs the best-four pipeline (:class:`crazy4.generic.bestfour_analysis.
BestFourAnalysis`) with the all-hidden shape's steps (:class:`crazy4.generic.bestfour_steps.
HiddenSteps`: dealer-outcome counts per hand class, rule-independent but for the qualifier, and
the result tables) and this game's own: exact prices and the optimal strategy, and every bet as
an exact distribution. Pricing the same counts under another pay table costs milliseconds: pass
the ``outcomes`` of an earlier run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from crazy4.core.bets import BetOutcomes
from crazy4.core.hidden import PlayerOutcomes
from crazy4.games.crazy_four.cells import all_bets, price_hands
from crazy4.games.crazy_four.deal import SHAPE
from crazy4.games.crazy_four.reference import Reference
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.games.crazy_four.strategy import simple_strategy
from crazy4.generic.bestfour_analysis import BestFourAnalysis
from crazy4.generic.bestfour_pricing import BestFourPrices
from crazy4.generic.bestfour_steps import HiddenSteps


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


class CrazyFourSteps(HiddenSteps[CrazyFourRules, BestFourPrices]):
    """Crazy 4 Poker's analysis steps (:class:`.HiddenSteps`): its prices and bets."""

    shape = SHAPE
    main_bet = Reference.main_bet
    simple_bet = f"{Reference.main_bet}_simple"

    def price(self, rules: CrazyFourRules, outcomes: PlayerOutcomes, jobs: int) -> BestFourPrices:
        """:func:`.cells.price_hands`."""
        return price_hands(rules, outcomes)

    def bets(
        self, rules: CrazyFourRules, outcomes: PlayerOutcomes, prices: BestFourPrices
    ) -> tuple[list[BetOutcomes], None]:
        """:func:`.bets.all_bets` under the optimal and the simple strategy."""
        simple = simple_strategy(rules, outcomes.strengths)
        return all_bets(rules, outcomes, prices, simple), None


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
