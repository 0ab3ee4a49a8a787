"""The whole exact analysis of a Four Card Poker rule set, from counts to tables.

``analyze_four_card`` runs the best-four pipeline (:class:`crazy4.generic.bestfour_analysis.
BestFourAnalysis`) with the up-card shape's steps (:class:`crazy4.generic.bestfour_steps.
UpCardSteps`: exact completion counts for every (player hand, up card) situation class,
rule-independent, and the result tables) and this game's own: exact prices and the optimal
decision per situation, every bet as an exact distribution on the deal lattice, and the limits
of its payout cap. Pricing another pay table costs a second or two: pass the ``outcomes`` of an
earlier run."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from crazy4.core.bets import BetOutcomes
from crazy4.core.ranking import number_of_strengths
from crazy4.core.upcard import UpCardOutcomes
from crazy4.core.upcard_lattice import DealLattice, Parts, build_lattice, to_bet, with_decisions
from crazy4.games.four_card.cells import (
    FourCardPrices,
    ante_play_parts,
    bad_beat_parts,
    price_outcomes,
    side_bet_parts,
    simple_strategy,
)
from crazy4.games.four_card.deal import SHAPE
from crazy4.games.four_card.reference import FourCardReference
from crazy4.games.four_card.rules import FourCardRuleSet
from crazy4.generic.bestfour_steps import PricedParts, UpCardAnalysis, UpCardSteps

MAIN_BET = FourCardReference.main_bet
SIMPLE_BET = "ante_play_simple"


@dataclass(frozen=True)
class FourCardAnalysis(UpCardAnalysis[FourCardRuleSet, FourCardPrices]):
    """Everything computed for one Four Card Poker rule set (:class:`.UpCardAnalysis`).

    ``tables`` are written as ``<name>.parquet`` (see ``results/README.md``).
    """


class FourCardSteps(UpCardSteps[FourCardRuleSet, FourCardPrices]):
    """Four Card Poker's analysis steps (:class:`.UpCardSteps`): its prices, bets and cap."""

    shape = SHAPE
    main_bet = MAIN_BET
    simple_bet = SIMPLE_BET

    def price(self, rules: FourCardRuleSet, outcomes: UpCardOutcomes, jobs: int) -> FourCardPrices:
        """:func:`.cells.price_outcomes`."""
        return price_outcomes(rules, outcomes, jobs=jobs)

    def bets(
        self, rules: FourCardRuleSet, outcomes: UpCardOutcomes, prices: FourCardPrices
    ) -> tuple[list[BetOutcomes], PricedParts]:
        """The Ante + Play under the optimal and the simple strategy, the side bets and the
        Bad Beat Bonus, on the deal lattice of each strategy."""
        lattice = build_lattice(outcomes, prices.decision)
        simple = with_decisions(lattice, simple_strategy(rules, np.arange(number_of_strengths())))
        main, side, bad_beat = _optimal_parts(rules, lattice)
        simple_parts = ante_play_parts(
            rules,
            simple,
            SIMPLE_BET,
            "Ante + Play (+ Ante Bonus), published simple strategy: fold below 3-3, "
            + (
                f"1x 3-3 to 9-9, {max(rules.play.multiples)}x 10-10 and up"
                if max(rules.play.multiples) > 1
                else "1x 3-3 and up"
            )
            + " (per unit of Ante)",
        )
        priced: list[tuple[Parts, DealLattice]] = [(main, lattice), (simple_parts, simple)]
        priced += [(part, lattice) for part in side + bad_beat]
        bets = [to_bet(part, part_lattice) for part, part_lattice in priced]
        seat = [main, *side[:1], *bad_beat]
        return bets, PricedParts(lattice, priced, main, side + bad_beat, seat)

    def cap_limits(self, rules: FourCardRuleSet) -> tuple[Fraction, Fraction, Fraction] | None:
        """The ``[limits]`` section's payout cap and bets (None without a cap)."""
        limits = rules.four_card.limits if rules.four_card is not None else None
        if limits is None or limits.aggregate_payout_cap is None:
            return None
        return limits.aggregate_payout_cap, limits.minimum_bet, limits.maximum_bet


def analyze_four_card(
    rules: FourCardRuleSet,
    *,
    jobs: int = 1,
    outcomes: UpCardOutcomes | None = None,
    progress: Callable[[str], None] | None = None,
) -> FourCardAnalysis:
    """Analyze a ``four-card-poker`` rule set exactly.

    Parameters
    ----------
    rules : FourCardRuleSet
    jobs : int
        Threads / processes for building tables and counting (results do not depend on it).
    outcomes : UpCardOutcomes, optional
        Counts from an earlier run (they do not depend on the rules), to skip the counting.
    progress : callable, optional
        Called with a message after each step.
    """
    return FourCardAnalysis.run(
        FourCardSteps(), rules, jobs=jobs, outcomes=outcomes, progress=progress
    )


def _optimal_parts(
    rules: FourCardRuleSet, lattice: DealLattice
) -> tuple[Parts, list[Parts], list[Parts]]:
    """The bets played by the optimal strategy: the Ante + Play, the side bets and the Bad Beat
    Bonus (none or one)."""
    main = ante_play_parts(
        rules,
        lattice,
        MAIN_BET,
        "Ante + Play (+ Ante Bonus), optimal strategy by hand and up card (per unit of Ante)",
    )
    side = [side_bet_parts(bet, lattice) for bet in rules.side_bets]
    has_bad_beat = rules.four_card is not None and rules.four_card.bad_beat is not None
    bad_beat = [bad_beat_parts(rules, lattice)] if has_bad_beat else []
    return main, side, bad_beat
