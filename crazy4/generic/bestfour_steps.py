"""A best-four game's analysis steps for a deal with one dealer card face up: all that the game
does not say itself.

The deal shape comes with the steps of the pipeline
(:class:`crazy4.generic.bestfour_analysis.AnalysisSteps`) that are the same for every game
dealt in it: counting the deals of the shape, and the result tables made from the counts, the
prices and the bets. A game dealt in it subclasses :class:`UpCardSteps`, names its shape and
its two main bets, and writes the steps that are its own: :meth:`~AnalysisSteps.price` and
:meth:`~AnalysisSteps.bets`. (A game whose dealer cards are all hidden, Crazy 4 Poker, is
analyzed by the specification engines: :mod:`crazy4.generic.analysis`.)

* :class:`UpCardSteps`: one dealer card face up (:mod:`crazy4.core.upcard`), counted per
  situation class whatever the rules; the bets are :class:`PricedParts` on the deal lattice;
  tables ``bets``, ``player_hand_frequencies``, ``dealer_hand_frequencies``, ``returns``,
  ``net_distribution``, ``strategy``, ``situations``, ``joint``, ``exact_ties`` and, where the
  game's :meth:`UpCardSteps.cap_limits` has a payout cap, ``cap``.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import ClassVar, TypeVar

import pandas as pd

from crazy4.core.bet_tables import net_distribution
from crazy4.core.bets import BetOutcomes
from crazy4.core.pages import small_pages
from crazy4.core.upcard import UpCardOutcomes, UpCardShape, compute_upcard_outcomes
from crazy4.core.upcard_lattice import DealLattice, Parts, combine
from crazy4.generic.bestfour_analysis import AnalysisSteps, BestFourAnalysis, Say
from crazy4.generic.upcard_tables import (
    SituationPrices,
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
from crazy4.generic.upcard_tables import bets_table as lattice_bets_table
from crazy4.rules.ruleset import RuleSet

Rules = TypeVar("Rules", bound=RuleSet)
Prices = TypeVar("Prices")
UpPrices = TypeVar("UpPrices", bound=SituationPrices)

#: The name of the bet of one seat holding every bet the payout cap counts together.
SEAT_BET = "seat"


@dataclass(frozen=True)
class PricedParts:
    """The bets of an up-card analysis as lattice parts, kept for its tables.

    Attributes
    ----------
    lattice : DealLattice
        Deals by (strength, optimal decision) x (dealer category, result).
    priced : list of (Parts, DealLattice)
        Every bet's parts with the lattice they are priced on, in the order of the bets.
    main : Parts
        The main bet under the optimal strategy.
    others : list of Parts
        The other bets the payout cap prices one by one.
    seat : list of Parts
        What one seat holds for the payout cap.
    """

    lattice: DealLattice
    priced: list[tuple[Parts, DealLattice]]
    main: Parts
    others: list[Parts]
    seat: list[Parts]


@dataclass(frozen=True)
class UpCardAnalysis(BestFourAnalysis[Rules, UpCardOutcomes, UpPrices, PricedParts]):
    """Everything computed for one rule set of an up-card game (:class:`.BestFourAnalysis`)."""

    @property
    def lattice(self) -> DealLattice:
        """Deals by (strength, optimal decision) x (dealer category, result)."""
        return self.state.lattice

    @cached_property
    def chart(self) -> pd.DataFrame:
        """The strategy chart pivoted for reading (hand group x up-card rank)."""
        return chart_text(self.tables["strategy"])


class UpCardSteps(AnalysisSteps[Rules, UpCardOutcomes, UpPrices, PricedParts]):
    """The steps of a game dealt in a :class:`crazy4.core.upcard.UpCardShape`.

    A subclass sets :attr:`shape` (and the main bets' names), defines ``price`` and ``bets``
    (the bets' :class:`PricedParts`) and, for a payout cap, :meth:`cap_limits`.
    """

    #: The game's deal.
    shape: ClassVar[UpCardShape]

    def count(
        self, rules: Rules, jobs: int, outcomes: UpCardOutcomes | None, say: Say
    ) -> UpCardOutcomes:
        """The situations' counts (``outcomes`` if given: they do not depend on the rules)."""
        if outcomes is None:
            outcomes = compute_upcard_outcomes(self.shape, jobs)
        say("dealer counts")
        return outcomes

    def scope(self) -> AbstractContextManager[object]:
        """What follows the counting is written once and read in order (:mod:`.core.pages`)."""
        return small_pages()

    def cap_limits(self, rules: Rules) -> tuple[Fraction, Fraction, Fraction] | None:
        """The payout cap, the minimum and the maximum bet in dollars (None: no cap)."""
        return None

    def tables(
        self,
        rules: Rules,
        outcomes: UpCardOutcomes,
        prices: UpPrices,
        bets: list[BetOutcomes],
        state: PricedParts,
    ) -> dict[str, pd.DataFrame]:
        """The tables named in the module docstring (``bets[0]`` the optimal main bet)."""
        lattice = state.lattice
        sums = strength_sums(outcomes, prices)  # one pass for the situations and the chart
        tables = {
            "bets": lattice_bets_table(
                list(zip(bets, (lat for _, lat in state.priced), strict=True))
            ),
            "player_hand_frequencies": player_hand_frequencies(outcomes),
            "dealer_hand_frequencies": dealer_hand_frequencies(),
            "returns": returns_table(bets[0], lattice),
            "net_distribution": net_distribution(bets[0]),
            "strategy": strategy_chart(outcomes, prices, sums),
            "situations": situations_table(outcomes, prices, sums),
            "joint": joint_table(lattice),
            "exact_ties": exact_ties_table(outcomes, prices),
        }
        limits = self.cap_limits(rules)
        if limits is not None:
            tables["cap"] = payout_cap_table(state, *limits)
        return tables


def payout_cap_table(
    state: PricedParts, cap: Fraction, minimum_bet: Fraction, maximum_bet: Fraction
) -> pd.DataFrame:
    """The payout cap's table: the main bet, each of the others and one seat holding the
    seat's parts at the same size (:func:`crazy4.generic.upcard_tables.cap_table`)."""
    names = " + ".join(part.name for part in state.seat)
    seat = combine(state.seat, SEAT_BET, f"one seat: {names}, each of the same size")
    lattice = state.lattice
    cap_bets = [(state.main, lattice), *((part, lattice) for part in state.others)]
    cap_bets.append((seat, lattice))
    return cap_table(cap_bets, cap, minimum_bet, maximum_bet)
