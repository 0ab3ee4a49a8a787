"""The seats at a card-room table: their bets, their strategies (:data:`STRATEGIES`) and the
table they sit at.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from crazy4.analyze.record import Analysis
from crazy4.core.decisions import FOLD, best_decisions
from crazy4.core.money import dollars
from crazy4.errors import InputError
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.rules.cardroom import CardroomTable
from crazy4.rules.ruleset import SideBet

#: ``optimal`` (for Ante and Queens Up together), ``simple`` (the published one), ``blind``.
STRATEGIES = ("optimal", "simple", "blind")


@dataclass(frozen=True)
class Seat:
    """One player hand at the table (bets in dollars).

    Examples
    --------
    >>> Seat(Fraction(20)).describe()
    '$20 Ante, optimal'
    """

    ante: Fraction
    queens_up: Fraction = Fraction(0)
    strategy: str = "optimal"

    def __post_init__(self) -> None:
        if self.strategy not in STRATEGIES:
            raise InputError(f"strategy {self.strategy!r}: expected one of {', '.join(STRATEGIES)}")
        if self.ante <= 0:
            raise InputError(f"Ante {dollars(self.ante)}: must be more than $0")
        if self.queens_up < 0:
            raise InputError(f"Queens Up {dollars(self.queens_up)}: must not be negative")

    def describe(self) -> str:
        """``"$20 Ante, $5 Queens Up, optimal"``."""
        queens = f", {dollars(self.queens_up)} Queens Up" if self.queens_up else ""
        return f"{dollars(self.ante)} Ante{queens}, {self.strategy}"


def joint_optimal_decisions(
    analysis: Analysis[CrazyFourRules], queens_up: SideBet | None, ratio: Fraction
) -> npt.NDArray[np.int64]:
    """The optimal decision per hand class for a seat betting ``ratio`` Antes on Queens Up:
    the most ``EV(Ante + Super Bonus + Play) + ratio * EV(Queens Up)``, in exact integers.

    Examples
    --------
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
    >>> from crazy4.analyze.record import analyze_game
    >>> from crazy4.registry import load_rules
    >>> analysis = analyze_game(CRAZY_FOUR_SPEC, load_rules("crazy4-cardroom"))
    >>> bet = analysis.rules.side_bets[0]
    >>> same = joint_optimal_decisions(analysis, bet, Fraction(5)) == analysis.prices.decision
    >>> bool(same.all())
    True
    """
    prices = analysis.prices
    if queens_up is None or ratio == 0 or not queens_up.fold_forfeits:
        return prices.decision
    payouts, unit = queens_up.table.by_strength()
    paid = payouts[analysis.outcomes.strengths]
    played = np.where(paid >= 0, paid, -unit)  # Queens Up net when the hand is played
    # score = (EV of the game + ratio * EV of Queens Up) * denominator * unit * ratio.denominator
    bound = (
        int(np.abs(prices.ev).max()) * unit * ratio.denominator
        + ratio.numerator * int(np.abs(played).max()) * prices.denominator
    )
    if bound >= 2**62:
        raise InputError(f"Queens Up to Ante ratio {ratio} is too fine to price exactly")
    score = np.empty(prices.ev.shape, dtype=np.int64)
    for code in range(prices.ev.shape[1]):
        side = np.full(played.shape, -unit) if code == FOLD else played
        score[:, code] = prices.ev[:, code] * (unit * ratio.denominator) + side * (
            ratio.numerator * prices.denominator
        )
    return best_decisions(score, prices.allowed)[0]


def check_seats(rules: CrazyFourRules, table: CardroomTable, seats: Sequence[Seat]) -> None:
    """Refuse no seats, too many, or bets the table does not allow."""
    if not seats:
        raise InputError("seats: at least one seat is needed")
    if len(seats) > rules.max_seats:
        raise InputError(
            f"seats: {len(seats)} seats; the rule set {rules.name!r} seats at most "
            f"{rules.max_seats} player hands"
        )
    for seat in seats:
        table.check_ante(seat.ante)
        table.check_queens_up(seat.queens_up)
        if seat.strategy == "blind" and not rules.blind_second_hand:
            raise InputError(f"rule set {rules.name!r} has no blind second hand")


def find_table(
    rules: CrazyFourRules, name: str | None, ante: Fraction | None = None
) -> CardroomTable:
    """The table called ``name``, or the first whose limits allow ``ante``.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("crazy4-cardroom")
    >>> find_table(rules, None, Fraction(50)).name
    '10-100'
    """
    tables = rules.cardroom_tables
    if not tables:
        raise InputError(f"rule set {rules.name!r} describes no card-room tables")
    if name is not None:
        for table in tables:
            if table.name == name:
                return table
        known = ", ".join(table.name for table in tables)
        raise InputError(f"table {name!r} is not in rule set {rules.name!r} (tables: {known})")
    if ante is None:
        return tables[0]
    for table in tables:
        if table.ante_min <= ante <= table.ante_max:
            return table
    limits = "; ".join(f"{t.name}: {dollars(t.ante_min)} to {dollars(t.ante_max)}" for t in tables)
    raise InputError(f"Ante {dollars(ante)} is outside the limits of every table ({limits})")
