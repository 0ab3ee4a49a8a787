"""The whole exact analysis of a Four Card Poker rule set, from counts to tables.

``analyze_four_card`` runs the pipeline of the design notes: exact completion counts for every
(player hand, up card) situation class (rule-independent), exact prices and the optimal
decision per situation, the deal lattice, every bet as an exact distribution, the payout-cap
returns, and the result tables. Pricing another pay table costs a second or two: pass the
``outcomes`` of an earlier run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

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
from crazy4.games.four_card.bets import ante_play_parts, bad_beat_parts, side_bet_parts
from crazy4.games.four_card.pricing import FourCardPrices, price_outcomes, simple_strategy
from crazy4.games.four_card.rules import FourCardRuleSet
from crazy4.games.four_card.shape import compute_four_card_outcomes
from crazy4.generic.report_frame import BetLookup, bet_ev
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

MAIN_BET = "ante_play"
SIMPLE_BET = "ante_play_simple"
SEAT_BET = "seat"


@dataclass(frozen=True)
class FourCardAnalysis(BetLookup):
    """Everything computed for one Four Card Poker rule set.

    Attributes
    ----------
    rules : FourCardRuleSet
    outcomes : UpCardOutcomes
    prices : FourCardPrices
    lattice : DealLattice
        Deals by (strength, optimal decision) x (dealer category, result).
    bets : list of BetOutcomes
    tables : dict of str to DataFrame
        Written as ``<name>.parquet`` (see ``results/README.md``).
    chart : DataFrame
        The strategy chart pivoted for reading (hand group x up-card rank).
    simple_strategy_cost : Fraction
        EV lost per unit of Ante by the published simple strategy against the optimum.
    """

    rules: FourCardRuleSet
    outcomes: UpCardOutcomes
    prices: FourCardPrices
    lattice: DealLattice
    bets: list[BetOutcomes]
    tables: dict[str, pd.DataFrame] = field(repr=False)
    chart: pd.DataFrame = field(repr=False)
    simple_strategy_cost: Fraction


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
    say = progress or (lambda message: None)
    if outcomes is None:
        outcomes = compute_four_card_outcomes(jobs)
    say("dealer counts")
    with small_pages():  # what follows is written once and read in order (crazy4.core.pages)
        return _from_outcomes(rules, outcomes, jobs, say)


def _from_outcomes(
    rules: FourCardRuleSet, outcomes: UpCardOutcomes, jobs: int, say: Callable[[str], None]
) -> FourCardAnalysis:
    """:func:`analyze_four_card` once the situations are counted."""
    prices = price_outcomes(rules, outcomes, jobs=jobs)
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
    say("prices and bets")

    tables = _tables(outcomes, prices, lattice, priced, bets)
    cap = _cap(rules, lattice, main, side + bad_beat, [main, *side[:1], *bad_beat])
    if cap is not None:
        tables["cap"] = cap
    say("tables")
    cost = bet_ev(tables["bets"], MAIN_BET) - bet_ev(tables["bets"], SIMPLE_BET)
    return FourCardAnalysis(
        rules=rules,
        outcomes=outcomes,
        prices=prices,
        lattice=lattice,
        bets=bets,
        tables=tables,
        chart=chart_text(tables["strategy"]),
        simple_strategy_cost=cost,
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


def _tables(
    outcomes: UpCardOutcomes,
    prices: FourCardPrices,
    lattice: DealLattice,
    priced: list[tuple[Parts, DealLattice]],
    bets: list[BetOutcomes],
) -> dict[str, pd.DataFrame]:
    """Every result table but the payout cap's (``bets[0]`` is the optimal Ante + Play)."""
    sums = strength_sums(outcomes, prices)  # one pass for the situations and the chart
    return {
        "bets": bets_table(list(zip(bets, (lat for _, lat in priced), strict=True))),
        "player_hand_frequencies": player_hand_frequencies(outcomes),
        "dealer_hand_frequencies": dealer_hand_frequencies(),
        "returns": returns_table(bets[0], lattice),
        "net_distribution": net_distribution(bets[0]),
        "strategy": strategy_chart(outcomes, prices, sums),
        "situations": situations_table(outcomes, prices, sums),
        "joint": joint_table(lattice),
        "exact_ties": exact_ties_table(outcomes, prices),
    }


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
