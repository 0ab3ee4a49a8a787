"""A table's cap on what one hand is paid, for any specification game: the return by bet size.

A rule file's ``[limits] aggregate_payout_cap`` is the most the table pays on one hand, all
bets together (:mod:`crazy4.rules.limits`). At a bet of ``a`` dollars a unit of Ante, a round
whose wagers win ``w`` units in all (the positive nets of its wagers: Ante, Play, Ante Bonus)
and lose ``l`` is paid ``min(a * w, cap)`` and takes ``a * l``: the cap binds only when ``a``
is large enough for a hand to win more than the cap, so the return per dollar falls with the
bet size. The decisions are those of the uncapped optimal strategy (a player betting near the
cap could do slightly better by playing some hands differently; the table says so).

Every figure is exact: the capped net of every cell is an integer over ``unit * size`` with the
cap's denominator folded in, and the outcome lattice (:class:`crazy4.core.bets.BetOutcomes`)
is summarized exactly (:func:`crazy4.core.bets.summarize`).

Examples
--------
>>> from crazy4.registry import load_rules
>>> from crazy4.spec.game import game_of
>>> rules = load_rules("three-card-standard")
>>> settlement = game_of(rules).spec.settlement(rules)
>>> strength = game_of(rules).spec.ranking.strength_of("straight")
>>> wins, loses = win_and_loss(settlement, np.array([strength]), np.array([1]))
>>> (wins[0] // settlement.unit).tolist(), (loses[0] // settlement.unit).tolist()
([2, 2, 2, 3, 1, 1], [0, 0, 0, 0, 0, -2])
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.core.bets import BetOutcomes, summarize
from crazy4.generic.analysis import SpecAnalysis
from crazy4.rules.limits import Limits
from crazy4.spec.specification import CellSettlement

IntArray = npt.NDArray[np.int64]

#: The bet sizes (dollars a unit of Ante) the cap table prices.
CAP_SIZES = (3, 5, 10, 25, 50, 100, 200, 500, 1000, 2000, 5000, 10000)


def win_and_loss(
    settlement: CellSettlement, strengths: IntArray, decisions: IntArray
) -> tuple[IntArray, IntArray]:
    """The positive and the negative part of each row's cells, every wager's own net split
    before they are added (numerators over ``settlement.unit``), shape ``(n, 6)`` each."""
    wins = np.zeros((strengths.shape[0], 6), dtype=np.int64)
    loses = np.zeros_like(wins)
    for nets in settlement.parts.values():
        row = nets[strengths, decisions]
        wins += np.maximum(row, 0)
        loses += np.minimum(row, 0)
    return wins, loses


def cap_table(
    analysis: SpecAnalysis,
    settlement: CellSettlement,
    limits: Limits,
    sizes: tuple[int, ...] = CAP_SIZES,
) -> pd.DataFrame:
    """The main game's exact return per dollar of Ante by bet size under the cap.

    Columns: ``bet``, ``bet_size`` (dollars a unit), ``within_limits``, ``ev_numerator``,
    ``ev_denominator`` (exact EV per dollar of Ante), ``ev``, ``house_edge``,
    ``element_of_risk``, ``capped_probability`` (share of deals whose payout the cap reduces),
    ``largest_uncapped_size`` (the largest size at which no payout reaches the cap).
    """
    cap = limits.aggregate_payout_cap
    assert cap is not None
    main = analysis.main
    wins, loses = win_and_loss(settlement, analysis.strengths, analysis.prices.decision)
    reachable = main.combos > 0
    largest = int(np.where(reachable, wins, 0).max())
    limit = cap / Fraction(largest, settlement.unit) if largest else Fraction(0)
    deals = int(main.combos.sum())
    rows = []
    for size in sizes:
        bet_size = Fraction(size)
        scale = lcm(bet_size.denominator, cap.denominator)
        size_numerator = int(bet_size * scale)
        cap_numerator = int(cap * scale) * settlement.unit
        won = np.minimum(wins * size_numerator, cap_numerator)
        capped = wins * size_numerator > cap_numerator
        bet = BetOutcomes(
            name=main.name,
            description=main.description,
            combos=main.combos,
            net=won + loses * size_numerator,
            unit=settlement.unit * size_numerator,
            wager=main.wager * size_numerator,
        )
        summary = summarize(bet, analysis.weights)
        rows.append(
            {
                "bet": main.name,
                "bet_size": size,
                "within_limits": bool(limits.minimum_bet <= size <= limits.maximum_bet),
                "ev_numerator": summary["ev_numerator"],
                "ev_denominator": summary["ev_denominator"],
                "ev": summary["ev"],
                "house_edge": summary["house_edge"],
                "element_of_risk": summary["element_of_risk"],
                "capped_probability": int(np.where(capped, main.combos, 0).sum()) / deals,
                "largest_uncapped_size": float(limit),
            }
        )
    return pd.DataFrame(rows)
