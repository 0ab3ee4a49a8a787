"""The exact numbers a Crazy 4 Poker simulation is compared with, by suit class of hands.

:func:`load_reference` gathers from the exact analysis what the simulator and the validator
need: the dealer-outcome counts per hand class (cached on disk: counted once
per dealer qualifier), the exact EV of every decision per class, the strategies (optimal,
published simple, or read from a file), each bet's exact mean and standard deviation under a
strategy, and the exact probabilities of hand categories, outcome cells and dealer
qualification.

A strategy is one decision code per suit class of five-card hands (0 fold, m: Play m Antes);
:attr:`Reference.class_of_hand` maps any hand's colex index to its class. What every best-four
game's reference shares (strategy files, honest decisions, the optimal edge) is
:class:`crazy4.generic.bestfour_reference.DealtClassReference`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import comb
from typing import TYPE_CHECKING, ClassVar

import numpy as np
import numpy.typing as npt

from crazy4.core.bets import ExactBet, summarize
from crazy4.core.cache import cached_array
from crazy4.core.cards import colex_indices, format_cards
from crazy4.core.engine import DEALER_HANDS
from crazy4.core.ranking import HandCategory, build_best_four_strengths, category_of_strength
from crazy4.core.symmetry import build_suit_classes
from crazy4.games.crazy_four.outcomes import PlayerOutcomes, compute_outcomes
from crazy4.games.crazy_four.qualifier_cells import blind_hand_bet, price_hands, strategy_bets
from crazy4.games.crazy_four.rules import CrazyFourRules, crazy_four_rules
from crazy4.games.crazy_four.strategy import simple_strategy
from crazy4.generic.bestfour_pricing import BestFourPrices
from crazy4.generic.bestfour_reference import DealtClassReference, IntArray

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

HANDS = comb(52, 5)


@cache
def player_outcomes(qualifier_strength: int) -> PlayerOutcomes:
    """Dealer-outcome counts per player hand class, the counts cached on disk.

    Examples
    --------
    >>> outcomes = player_outcomes(322)
    >>> int((outcomes.weights * outcomes.counts.sum(axis=1)).sum()) == comb(52, 5) * comb(47, 5)
    True
    """
    classes = build_suit_classes()
    counts = cached_array(
        f"crazy4_outcome_counts_q{qualifier_strength}",
        lambda: compute_outcomes(qualifier_strength).counts,
        expected_shape=(classes.weights.shape[0], 6),
        dtype=np.int64,
        builders=("crazy4.games.crazy_four.outcomes",),
    )
    strengths = build_best_four_strengths(5)[colex_indices(classes.representatives)]
    return PlayerOutcomes(
        hands=classes.representatives,
        weights=classes.weights,
        strengths=strengths.astype(np.int64),
        counts=counts,
        dealer_hands=DEALER_HANDS,
        qualifier_strength=qualifier_strength,
    )


@dataclass(frozen=True)
class Reference(DealtClassReference):
    """Exact reference data of one rule set (see the module docstring).

    Attributes
    ----------
    rules : CrazyFourRules
    outcomes : PlayerOutcomes
    prices : BestFourPrices
        Exact EV of each decision per class; ``prices.decision`` is the optimal strategy.
    class_of_hand : ndarray of int32, shape (2598960,)
    strength_of_hand : ndarray of uint16, shape (2598960,)
    """

    rules: CrazyFourRules
    outcomes: PlayerOutcomes
    prices: BestFourPrices
    class_of_hand: npt.NDArray[np.int32] = field(repr=False)
    strength_of_hand: npt.NDArray[np.uint16] = field(repr=False)

    key_columns: ClassVar[tuple[str, ...]] = ("hand",)
    what: ClassVar[str] = "hand classes"
    main_bet: ClassVar[str] = "ante_super_bonus_play"

    def classes_of(self, colex: IntArray, up: IntArray | None) -> IntArray:
        """The suit class of dealt hands (colex indices; no up card)."""
        return self.class_of_hand[colex].astype(np.int64)

    def class_example(self, hand_class: int) -> str:
        """A class's representative hand, highest card first."""
        return format_cards(self.outcomes.hands[hand_class][::-1])

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

    def exact_bets(self, decision: npt.NDArray[np.int64]) -> dict[str, ExactBet]:
        """Exact mean, standard deviation and hit frequency of every bet under a strategy.

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
        return {
            lattice.name: ExactBet.of_summary(lattice.name, summarize(lattice, outcomes.weights))
            for lattice in lattices
        }

    def category_probabilities(self) -> npt.NDArray[np.float64]:
        """Exact probability of each :class:`HandCategory` for a five-card hand (best four).

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> p = load_reference(load_rules("crazy4-standard")).category_probabilities()
        >>> round(float(p[HandCategory.FOUR_OF_A_KIND]) * comb(52, 5))
        624
        """
        categories = category_of_strength()[self.outcomes.strengths]
        counts = np.bincount(categories, weights=self.outcomes.weights, minlength=len(HandCategory))
        return np.asarray(counts / HANDS, dtype=np.float64)

    def strength_probabilities(self) -> npt.NDArray[np.float64]:
        """Exact probability of each best-four strength for a five-card hand."""
        counts = np.bincount(
            self.outcomes.strengths,
            weights=self.outcomes.weights,
            minlength=category_of_strength().shape[0],
        )
        return np.asarray(counts / HANDS, dtype=np.float64)

    def qualification_probability(self) -> float:
        """Exact probability that the dealer's five cards qualify."""
        qualifies = self.outcomes.strengths >= self.rules.dealer.qualifier_strength
        return float(Fraction(int(self.outcomes.weights[qualifies].sum()), HANDS))

    def cell_probabilities(self) -> npt.NDArray[np.float64]:
        """Exact probability of each outcome cell
        (:data:`crazy4.games.crazy_four.outcomes.OUTCOME_CELLS`)."""
        totals = self.outcomes.weights @ self.outcomes.counts
        return np.asarray(totals / (HANDS * self.outcomes.dealer_hands), dtype=np.float64)


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
        class_of_hand=build_suit_classes().class_of_hand,
        strength_of_hand=build_best_four_strengths(5),
    )


def reference_of(rules: RuleSet) -> Reference:
    """The exact reference of any rule set of the game (:func:`load_reference`).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> reference_of(load_rules("crazy4-standard")).main_bet
    'ante_super_bonus_play'
    """
    return load_reference(crazy_four_rules(rules))
