"""A table's cap on what one hand is paid, for any specification game: the return by bet size.

At a bet of ``a`` dollars a unit of Ante, a round whose Play bet wins ``p`` units and whose
other wagers win ``o`` and lose ``l`` is paid ``min(min(a * p, play cap) + a * o, aggregate
cap)`` and takes ``a * l`` (:mod:`crazy4.rules.limits`), so the return per dollar falls with
the bet size. The decisions are those of the uncapped optimal strategy; every figure is exact.

Examples
--------
>>> from crazy4.registry import load_rules
>>> from crazy4.spec.game import spec_of
>>> rules = load_rules("three-card-standard")
>>> settlement = spec_of(rules).settlement(rules)
>>> strength = spec_of(rules).ranking.strength_of("straight")
>>> play, others, loses = win_and_loss(settlement, np.array([strength]), np.array([1]))
>>> [(part[0] // settlement.unit).tolist() for part in (play, others, loses)]
[[0, 0, 0, 1, 0, 0], [2, 2, 2, 2, 1, 1], [0, 0, 0, 0, 0, -2]]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.analyze.analysis import SpecAnalysis
from crazy4.analyze.bet_rows import side_bets_by_strength
from crazy4.core.bets import BetOutcomes, summarize
from crazy4.core.exact import fits_int64, largest_magnitude, widen
from crazy4.rules.limits import Limits
from crazy4.spec.specification import CellSettlement

IntArray = npt.NDArray[np.int64]

#: The name of the bet of one seat holding every bet the payout cap counts together.
SEAT_BET = "seat"

#: The bet sizes (dollars a unit of Ante) the cap table prices.
CAP_SIZES = (3, 5, 10, 25, 50, 100, 200, 500, 1000, 2000, 5000, 10000)


def win_and_loss(
    settlement: CellSettlement, strengths: IntArray, decisions: IntArray
) -> tuple[IntArray, IntArray, IntArray]:
    """The Play bet's win, the other wagers' wins and every wager's loss in each row's cells
    (numerators over ``settlement.unit``), shape ``(n, 6)`` each."""
    play = np.maximum(settlement.parts["play"][strengths, decisions], 0)
    others = np.zeros_like(play)
    loses = np.zeros_like(play)
    for name, nets in settlement.parts.items():
        row = nets[strengths, decisions]
        if name != "play":
            others += np.maximum(row, 0)
        loses += np.minimum(row, 0)
    return play, others, loses


def _cap_bound(limits: Limits, unit: int) -> int:
    """The largest cap's numerator times ``unit`` (0 if none)."""
    caps = [cap for cap in (limits.aggregate_payout_cap, limits.play_payout_cap) if cap]
    return max((cap.numerator * unit for cap in caps), default=0)


def _capped(wins: IntArray, cap: Fraction | None, size: int, scale: int, unit: int) -> IntArray:
    """``wins`` (over ``unit``) times ``size`` (over ``scale``), at most ``cap`` dollars."""
    won = wins * size
    return won if cap is None else np.minimum(won, int(cap * scale) * unit)


@dataclass(frozen=True)
class CapParts:
    """A bet on the main game's lattice rows split as a cap reads it: what the Play bet wins,
    what the other wagers win, what every wager loses (each ``(k, 6)``), and the stake a row
    (``(k,)``), all numerators over :attr:`unit`."""

    name: str
    description: str
    play: IntArray
    others: IntArray
    loses: IntArray
    wager: IntArray
    unit: int

    def over(self, unit: int) -> CapParts:
        """The same parts over ``unit``, a multiple of :attr:`unit`."""
        factor = unit // self.unit
        return CapParts(
            self.name,
            self.description,
            self.play * factor,
            self.others * factor,
            self.loses * factor,
            self.wager * factor,
            unit,
        )


def cap_parts(analysis: SpecAnalysis, settlement: CellSettlement) -> list[CapParts]:
    """The main game's parts (:func:`win_and_loss`) and, where the layout names the bets one
    seat holds, each side bet on the main game's rows, then that seat's bets together as one
    (``seat``)."""
    lattice = analysis.main_by_strength
    main = lattice.bet
    play, others, loses = win_and_loss(settlement, lattice.strength, lattice.decision)
    parts = [CapParts(main.name, main.description, play, others, loses, main.wager, main.unit)]
    seat = settlement.layout.seat
    if seat is None:
        return parts
    for bet, _ in side_bets_by_strength(analysis):
        if bet.combos.shape != main.combos.shape:
            raise ValueError(f"side bet {bet.name!r} is not on the main game's rows")
        zero = np.zeros_like(bet.net)
        win, lose = np.maximum(bet.net, 0), np.minimum(bet.net, 0)
        parts.append(CapParts(bet.name, bet.description, zero, win, lose, bet.wager, bet.unit))
    held = [part for part in parts if part.name in (main.name, *seat)]
    unit = lcm(*(part.unit for part in held))
    scaled = [part.over(unit) for part in held]
    names = " + ".join(part.name for part in held)
    parts.append(
        CapParts(
            SEAT_BET,
            f"one seat: {names}, each of the same size",
            np.sum([part.play for part in scaled], axis=0),
            np.sum([part.others for part in scaled], axis=0),
            np.sum([part.loses for part in scaled], axis=0),
            np.sum([part.wager for part in scaled], axis=0),
            unit,
        )
    )
    return parts


def cap_table(
    analysis: SpecAnalysis,
    settlement: CellSettlement,
    limits: Limits,
    sizes: tuple[int, ...] = CAP_SIZES,
) -> pd.DataFrame:
    """The exact return per dollar of each bet of :func:`cap_parts` by bet size under the caps
    (columns as in ``results/README.md``)."""
    assert limits.capped
    lattice = analysis.main_by_strength  # the nets depend on the strength and decision alone
    rows = []
    for part in cap_parts(analysis, settlement):
        rows += _cap_rows(part, lattice.bet.combos, lattice.situations, limits, sizes)
    return pd.DataFrame(rows)


def _cap_rows(
    part: CapParts, combos: IntArray, situations: IntArray, limits: Limits, sizes: tuple[int, ...]
) -> list[dict[str, object]]:
    """The rows of :func:`cap_table` of one bet."""
    total_cap, play_cap = limits.aggregate_payout_cap, limits.play_payout_cap
    largest = max(largest_magnitude(values) for values in (part.play, part.others, part.loses))
    largest = max(largest, largest_magnitude(part.wager))
    denominators = [cap.denominator for cap in (total_cap, play_cap) if cap is not None]
    # Python integers where a net times the largest size (over the caps' denominators) could
    # pass int64 (a bound: every product below is at most this)
    scale_bound = max(sizes, default=1) * lcm(*denominators)
    wide = not fits_int64(2 * (largest + _cap_bound(limits, part.unit)) * scale_bound)
    play, others, loses = (widen(values, wide) for values in (part.play, part.others, part.loses))
    wager = widen(part.wager, wide)
    reachable = combos > 0
    limit: Fraction | None = None
    for cap, wins in ((total_cap, play + others), (play_cap, play)):
        largest = int(np.where(reachable, wins, 0).max())
        if cap is not None and largest:
            at = cap / Fraction(largest, part.unit)
            limit = at if limit is None else min(limit, at)
    deals = int(combos.sum())
    rows = []
    for size in sizes:
        bet_size = Fraction(size)
        scale = lcm(bet_size.denominator, *denominators)
        size_numerator = int(bet_size * scale)
        paid = _capped(play, play_cap, size_numerator, scale, part.unit)
        paid = _capped(paid + others * size_numerator, total_cap, 1, scale, part.unit)
        capped = paid < (play + others) * size_numerator
        bet = BetOutcomes(
            name=part.name,
            description=part.description,
            combos=combos,
            net=paid + loses * size_numerator,
            unit=part.unit * size_numerator,
            wager=wager * size_numerator,
        )
        summary = summarize(bet, situations)
        rows.append(
            {
                "bet": part.name,
                "bet_size": size,
                "within_limits": bool(limits.minimum_bet <= size <= limits.maximum_bet),
                "ev_numerator": summary["ev_numerator"],
                "ev_denominator": summary["ev_denominator"],
                "ev": summary["ev"],
                "house_edge": summary["house_edge"],
                "element_of_risk": summary["element_of_risk"],
                "capped_probability": int(np.where(capped, combos, 0).sum()) / deals,
                "largest_uncapped_size": float(limit or 0),
            }
        )
    return rows
