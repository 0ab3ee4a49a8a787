"""The exact numbers a Crazy 4 Poker simulation is compared with, by suit class of hands.

:func:`load_reference` gathers from the exact analysis what the simulator and the validator
need: the dealer-outcome counts per hand class (cached on disk: counted once
per dealer qualifier), the exact EV of every decision per class, the strategies (optimal,
published simple, or read from a file), each bet's exact mean and standard deviation under a
strategy, and the exact probabilities of hand categories, outcome cells and dealer
qualification.

A strategy is one decision code per suit class of five-card hands (0 fold, m: Play m Antes);
:attr:`Reference.class_of_hand` maps any hand's colex index to its class. What every best-four
game's reference shares (strategy files, honest decisions, the optimal edge, exact bets) is
:class:`crazy4.generic.bestfour_reference.DealtClassReference`; what the all-hidden shape's
references share (hand classes, qualification and cell probabilities) is its
:class:`~crazy4.generic.bestfour_reference.HiddenReference`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from crazy4.core.bets import BetOutcomes
from crazy4.core.hidden import PlayerOutcomes
from crazy4.games.crazy_four.cells import blind_hand_bet, price_hands, strategy_bets
from crazy4.games.crazy_four.deal import SHAPE, player_outcomes
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.games.crazy_four.strategy import simple_strategy
from crazy4.generic.bestfour_pricing import BestFourPrices
from crazy4.generic.bestfour_reference import HiddenReference


@dataclass(frozen=True)
class Reference(HiddenReference):
    """Exact reference data of one rule set (see the module docstring).

    Attributes
    ----------
    rules : CrazyFourRules
    outcomes : PlayerOutcomes
    prices : BestFourPrices
        Exact EV of each decision per class; ``prices.decision`` is the optimal strategy.
    """

    rules: CrazyFourRules
    outcomes: PlayerOutcomes
    prices: BestFourPrices

    key_columns: ClassVar[tuple[str, ...]] = ("hand",)
    what: ClassVar[str] = "hand classes"
    main_bet: ClassVar[str] = "ante_super_bonus_play"
    dealer_cards: ClassVar[int] = SHAPE.dealer_cards

    def simple_decisions(self) -> npt.NDArray[np.int64]:
        """The published simple strategy per class (:func:`.strategy.simple_strategy`).

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> reference = load_reference(load_rules("crazy4-standard"))
        >>> optimal = reference.strategy("optimal")
        >>> simple = reference.strategy("simple")
        >>> optimal.shape, int((optimal != simple).sum()) > 0
        ((134459,), True)
        """
        return simple_strategy(self.rules, self.outcomes.strengths)

    def bet_distributions(
        self, decision: npt.NDArray[np.int64]
    ) -> list[tuple[BetOutcomes, npt.NDArray[np.int64]]]:
        """Every bet under a strategy, by hand class (:meth:`exact_bets` summarizes them).

        Bets: ``ante_super_bonus_play``, ``ante_play``, ``super_bonus`` (if the rule set has
        one), every Queens Up table, and ``blind_second_hand`` where the rules allow one.

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> reference = load_reference(load_rules("crazy4-standard"))
        >>> bets = reference.exact_bets(reference.strategy("optimal"))
        >>> round(float(-bets["ante_super_bonus_play"].mean), 4)
        0.0342
        """
        rules, outcomes = self.rules, self.outcomes
        lattices = strategy_bets(rules, outcomes, decision)
        if rules.blind_second_hand:
            lattices.append(blind_hand_bet(rules, outcomes))
        return [(lattice, outcomes.weights) for lattice in lattices]


@cache
def load_reference(rules: CrazyFourRules) -> Reference:
    """The exact reference of a rule set (cached in memory; the counts on disk).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> reference = load_reference(load_rules("crazy4-standard"))
    >>> round(reference.qualification_probability(), 4)
    0.8474
    """
    outcomes = player_outcomes(rules.dealer.qualifier_strength)
    return Reference(
        rules=rules,
        outcomes=outcomes,
        prices=price_hands(rules, outcomes),
    )
