"""The progressive's exact return as a function of the meter, and its break-even meter.

Derivation
----------
Let ``n_c`` be the number of the C(52, 5) = 2,598,960 five-card hands the player can hold whose
category (under the bet's scoring) is ``c``, and let line ``c`` pay ``s_c M + f_c`` dollars at
meter ``M`` (share ``s_c``, fixed ``f_c``). The wager ``W`` is collected every round, so the
return (expected payout per dollar wagered) is exactly linear in the meter::

    R(M) = a + b M,    a = sum_c n_c f_c / (C(52,5) W),    b = sum_c n_c s_c / (C(52,5) W).

Each seat's five cards are, alone, a uniform five-card hand, so the other cards do not change
``R``, and ``k`` other seats paying envy ``A_e`` on category ``e`` add ``k v`` with
``v = sum_e n_e A_e / (C(52,5) W)`` (expectation is linear). The house edge is ``1 - R``; the
break-even meter solves ``R(M) = 1``: ``M* = (1 - a - k v) / b``.

The meter grows by ``contribution * W`` per bet and pays out ``sum_c p_c s_c M = b W M`` per bet
on average, so its expected drift per bet is ``W (contribution - b M)``, zero at the
equilibrium meter ``contribution / b`` (the house's reseeding after a win aside).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.core.five_card import build_five_card_categories
from crazy4.core.ranking import build_best_four_strengths, category_of_strength
from crazy4.rules.progressive_bet import ProgressiveBet, scoring_categories

#: The player's five-card hands.
PLAYER_HANDS = comb(52, 5)


@cache
def category_table(scoring: str) -> npt.NDArray[np.int8]:
    """The category of every five-card hand under ``scoring``, by colex index (cached).

    Examples
    --------
    >>> int((category_table("best_four") == 7).sum())  # four of a kind among best four
    624
    """
    if scoring == "five_cards":
        return build_five_card_categories()
    scoring_categories(scoring)  # raises for an unknown scoring
    table = category_of_strength()[build_best_four_strengths(5)].astype(np.int8)
    table.flags.writeable = False
    return table


def category_counts(scoring: str) -> tuple[int, ...]:
    """Hands of each category (by category value) out of C(52, 5).

    Examples
    --------
    >>> category_counts("five_cards")[9], sum(category_counts("five_cards"))
    (4, 2598960)
    """
    size = len(scoring_categories(scoring))
    found = np.bincount(category_table(scoring), minlength=size)
    return tuple(int(n) for n in found)


@dataclass(frozen=True)
class MeterReturn:
    """``R(M) = fixed + per_meter M + envy_per_seat k``: the return per dollar wagered.

    Attributes
    ----------
    fixed : Fraction
        ``a``: the fixed amounts' return.
    per_meter : Fraction
        ``b``: the return per dollar of meter.
    envy_per_seat : Fraction
        ``v``: the envy's return per other seat.
    contribution : Fraction
        Share of each wager fed to the meter.

    Examples
    --------
    >>> r = MeterReturn(Fraction(1, 2), Fraction(1, 1000), Fraction(1, 100), Fraction(1, 10))
    >>> r.at(Fraction(400)), r.break_even(), r.break_even(other_seats=10)
    (Fraction(9, 10), Fraction(500, 1), Fraction(400, 1))
    """

    fixed: Fraction
    per_meter: Fraction
    envy_per_seat: Fraction
    contribution: Fraction

    def at(self, meter: Fraction, other_seats: int = 0) -> Fraction:
        """The return at ``meter`` with ``other_seats`` other seats paying envy."""
        return self.fixed + self.per_meter * meter + self.envy_per_seat * other_seats

    def break_even(self, other_seats: int = 0) -> Fraction | None:
        """The meter at which the return is 1 (0 if it is at or above 1 already; None if the
        meter pays nothing and the return stays below 1)."""
        gap = 1 - self.fixed - self.envy_per_seat * other_seats
        if gap <= 0:
            return Fraction(0)
        if self.per_meter == 0:
            return None
        return gap / self.per_meter

    def drift(self, meter: Fraction) -> Fraction:
        """Expected growth of the meter per bet, per dollar wagered: contribution - b M."""
        return self.contribution - self.per_meter * meter

    def equilibrium(self) -> Fraction | None:
        """The meter where the contribution balances the meter paid out (None: no meter line)."""
        return None if self.per_meter == 0 else self.contribution / self.per_meter


def progressive_return(bet: ProgressiveBet) -> MeterReturn:
    """The exact :class:`MeterReturn` of a progressive bet.

    Examples
    --------
    >>> from crazy4.rules.progressive_bet import ProgressiveLine
    >>> bet = ProgressiveBet(Fraction(1), Fraction(0), Fraction(0), "five_cards",
    ...     (ProgressiveLine("royal flush", 9, Fraction(1), Fraction(0)),), (), 7, (), True)
    >>> progressive_return(bet).per_meter  # 4 royal flushes in 2,598,960 hands, per dollar
    Fraction(1, 649740)
    """
    counts = category_counts(bet.scoring)
    scale = PLAYER_HANDS * bet.wager
    fixed = sum((counts[line.category] * line.fixed for line in bet.lines), Fraction(0))
    share = sum((counts[line.category] * line.meter_share for line in bet.lines), Fraction(0))
    envy = sum((counts[line.category] * line.amount for line in bet.envy), Fraction(0))
    return MeterReturn(fixed / scale, share / scale, envy / scale, bet.contribution)
