"""The whole exact analysis of a Four Card Poker rule set, from counts to tables.

``analyze_four_card`` runs the best-four pipeline (:class:`crazy4.generic.bestfour_analysis.
BestFourAnalysis`) with this game's steps: exact completion counts for every (player hand, up
card) situation class (rule-independent), exact prices and the optimal decision per situation,
the deal lattice, every bet as an exact distribution, the payout-cap returns, and the result
tables. Pricing another pay table costs a second or two: pass the ``outcomes`` of an earlier
run.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import pandas as pd

from crazy4.core.bet_tables import net_distribution
from crazy4.core.bets import BetOutcomes
from crazy4.core.pages import small_pages
from crazy4.core.ranking import number_of_strengths
from crazy4.core.upcard import UpCardOutcomes
from crazy4.core.upcard_lattice import (
    DealLattice,
    Parts,
    build_lattice,
    combine,
    to_bet,
    with_decisions,
)
from crazy4.games.four_card.rules import FourCardRuleSet
from crazy4.games.four_card.shape import compute_four_card_outcomes
from crazy4.games.four_card.showdown_cells import (
    FourCardPrices,
    ante_play_parts,
    bad_beat_parts,
    price_outcomes,
    side_bet_parts,
    simple_strategy,
)
from crazy4.games.four_card.situations import FourCardReference
from crazy4.generic.bestfour_analysis import AnalysisSteps, BestFourAnalysis, Say
from crazy4.generic.upcard_tables import (
    bets_table,
    cap_table,
    chart_text,
    dealer_hand_frequencies,
    exact_ties_table,
    joint_table,
    player_hand_frequencies,
    returns_table,
    situations_table,
    strategy_chart,
    strength_sums,
)

MAIN_BET = FourCardReference.main_bet
SIMPLE_BET = "ante_play_simple"
SEAT_BET = "seat"


@dataclass(frozen=True)
class PricedParts:
    """The bets of a Four Card Poker analysis as lattice parts, kept for its tables.

    Attributes
    ----------
    lattice : DealLattice
        Deals by (strength, optimal decision) x (dealer category, result).
    priced : list of (Parts, DealLattice)
        Every bet's parts with the lattice they are priced on, in the order of the bets.
    main : Parts
        The Ante + Play under the optimal strategy.
    others : list of Parts
        The side bets, then the Bad Beat Bonus (if any).
    seat : list of Parts
        What one seat holds for the payout cap: the main bet, the first side bet, the Bad Beat.
    """

    lattice: DealLattice
    priced: list[tuple[Parts, DealLattice]]
    main: Parts
    others: list[Parts]
    seat: list[Parts]


@dataclass(frozen=True)
class FourCardAnalysis(
    BestFourAnalysis[FourCardRuleSet, UpCardOutcomes, FourCardPrices, PricedParts]
):
    """Everything computed for one Four Card Poker rule set (:class:`.BestFourAnalysis`).

    ``tables`` are written as ``<name>.parquet`` (see ``results/README.md``).
    """

    @property
    def lattice(self) -> DealLattice:
        """Deals by (strength, optimal decision) x (dealer category, result)."""
        return self.state.lattice

    @cached_property
    def chart(self) -> pd.DataFrame:
        """The strategy chart pivoted for reading (hand group x up-card rank)."""
        return chart_text(self.tables["strategy"])


class FourCardSteps(AnalysisSteps[FourCardRuleSet, UpCardOutcomes, FourCardPrices, PricedParts]):
    """Four Card Poker's analysis steps (:class:`.AnalysisSteps`)."""

    main_bet = MAIN_BET
    simple_bet = SIMPLE_BET

    def count(
        self, rules: FourCardRuleSet, jobs: int, outcomes: UpCardOutcomes | None, say: Say
    ) -> UpCardOutcomes:
        """The situations' counts (``outcomes`` if given: they do not depend on the rules)."""
        if outcomes is None:
            outcomes = compute_four_card_outcomes(jobs)
        say("dealer counts")
        return outcomes

    def scope(self) -> AbstractContextManager[object]:
        """What follows the counting is written once and read in order (:mod:`.core.pages`)."""
        return small_pages()

    def price(self, rules: FourCardRuleSet, outcomes: UpCardOutcomes, jobs: int) -> FourCardPrices:
        """:func:`.showdown_cells.price_outcomes`."""
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

    def tables(
        self,
        rules: FourCardRuleSet,
        outcomes: UpCardOutcomes,
        prices: FourCardPrices,
        bets: list[BetOutcomes],
        state: PricedParts,
    ) -> dict[str, pd.DataFrame]:
        """Every result table (``bets[0]`` is the optimal Ante + Play), the cap's if any."""
        lattice = state.lattice
        sums = strength_sums(outcomes, prices)  # one pass for the situations and the chart
        tables = {
            "bets": bets_table(list(zip(bets, (lat for _, lat in state.priced), strict=True))),
            "player_hand_frequencies": player_hand_frequencies(outcomes),
            "dealer_hand_frequencies": dealer_hand_frequencies(),
            "returns": returns_table(bets[0], lattice),
            "net_distribution": net_distribution(bets[0]),
            "strategy": strategy_chart(outcomes, prices, sums),
            "situations": situations_table(outcomes, prices, sums),
            "joint": joint_table(lattice),
            "exact_ties": exact_ties_table(outcomes, prices),
        }
        cap = _cap(rules, lattice, state.main, state.others, state.seat)
        if cap is not None:
            tables["cap"] = cap
        return tables


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


def _cap(
    rules: FourCardRuleSet,
    lattice: DealLattice,
    main: Parts,
    others: list[Parts],
    seat_parts: list[Parts],
) -> pd.DataFrame | None:
    """The payout cap's table (None without a cap): ``main``, each of ``others`` and one seat
    holding ``seat_parts`` at the same size."""
    limits = rules.four_card.limits if rules.four_card is not None else None
    if limits is None or limits.aggregate_payout_cap is None:
        return None
    names = " + ".join(part.name for part in seat_parts)
    seat = combine(seat_parts, SEAT_BET, f"one seat: {names}, each of the same size")
    cap_bets = [(main, lattice), *((part, lattice) for part in others)]
    cap_bets.append((seat, lattice))
    return cap_table(cap_bets, limits.aggregate_payout_cap, limits.minimum_bet, limits.maximum_bet)
