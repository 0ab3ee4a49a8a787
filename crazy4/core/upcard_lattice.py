"""The deal lattice of the up-card deal shape: bets as exact distributions, and the payout cap.

The deal lattice
----------------
In a game dealt in the up-card shape (:mod:`crazy4.core.upcard`) without a qualifier, every
bet's result depends on the situation only through the player's best-four strength and
decision, and on the hidden completion only through the dealer's hand category and who wins.
So the 5.6 million situation classes are summed, exactly, into a *deal lattice*: one row per
(player strength, decision), with the number of deals in each of 8 dealer categories x 3
results (player higher, tie, dealer higher). It has a few thousand rows and holds everything
a bet, the joint table or a bet keyed on the dealer's hand needs;
:class:`crazy4.core.bets.BetOutcomes` (combos = lattice cells) then gives the exact EV, element
of risk, deviation and hit frequency. A game supplies each bet's :class:`Parts` from its rules
(Four Card Poker: ``crazy4/games/four_card/cells.py``, by
:mod:`crazy4.generic.bestfour_bets`).

Payout cap
----------
A capped table pays at most ``cap`` dollars on one hand, all of a seat's winning bets together.
For a bet (or a seat's bets) of ``s`` dollars each, the payout of a cell is the sum of its
winning parts, capped at ``cap``; losing parts are collected in full. The return per dollar is
exact for every size; the cap binds only on cells whose winning parts exceed ``cap / s``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.core.bets import BetOutcomes, BetSummary, summarize
from crazy4.core.exact import fits_int64, largest_magnitude, widen
from crazy4.core.ranking import category_of_strength, number_of_strengths
from crazy4.core.upcard import N_CATEGORIES, UpCardOutcomes

RESULTS = ("player higher", "tie", "dealer higher")
DEALER_HIGHER = 2


@dataclass(frozen=True)
class DealLattice:
    """Deals by (player strength, decision) x (dealer category, result); see module docstring.

    Attributes
    ----------
    strengths, decisions : ndarray of int64, shape (r,)
    weights : ndarray of int64, shape (r,)
        Situations (player hand and up card) in the row; they sum to 122,151,120.
    deals : ndarray of int64, shape (r, 8, 3)
        Deals in each dealer category and result (player higher, tie, dealer higher).
    """

    strengths: npt.NDArray[np.int64]
    decisions: npt.NDArray[np.int64]
    weights: npt.NDArray[np.int64]
    deals: npt.NDArray[np.int64]

    @property
    def categories(self) -> npt.NDArray[np.int64]:
        """The player's hand category per row."""
        return category_of_strength()[self.strengths].astype(np.int64)

    def to_array(self) -> npt.NDArray[np.int64]:
        """The lattice as one dense array (a row per strength x 4 + decision: its weight, then
        its deals), the form it is cached in; :meth:`from_array` reads it back.

        Examples
        --------
        >>> deals = np.arange(48, dtype=np.int64).reshape(2, 8, 3)
        >>> lattice = DealLattice(np.array([5, 9]), np.array([0, 3]), np.array([2, 3]), deals)
        >>> back = DealLattice.from_array(lattice.to_array())
        >>> back.strengths.tolist(), back.decisions.tolist(), bool((back.deals == deals).all())
        ([5, 9], [0, 3], True)
        """
        full = np.zeros((number_of_strengths() * 4, 1 + N_CATEGORIES * 3), dtype=np.int64)
        rows = self.strengths * 4 + self.decisions
        full[rows, 0] = self.weights
        full[rows, 1:] = self.deals.reshape(rows.shape[0], -1)
        return full

    @classmethod
    def from_array(cls, full: npt.NDArray[np.int64]) -> DealLattice:
        """The lattice of :meth:`to_array`'s dense array (its rows of weight 0 left out)."""
        rows = np.flatnonzero(full[:, 0])
        return cls(
            strengths=(rows // 4).astype(np.int64),
            decisions=(rows % 4).astype(np.int64),
            weights=full[rows, 0],
            deals=full[rows, 1:].reshape(rows.shape[0], N_CATEGORIES, 3),
        )


def build_lattice(outcomes: UpCardOutcomes, decision: npt.NDArray[np.int64]) -> DealLattice:
    """Sum the situation classes into the deal lattice, exactly (integer sums).

    Raises
    ------
    AssertionError
        If a cell is negative or the deals of a row do not equal its situations times the
        completions.
    """
    from crazy4.core import upcard_kernels

    deal_lattice: Any = upcard_kernels.deal_lattice
    keys = outcomes.strengths * 4 + decision
    row_weights, deals = deal_lattice(
        keys,
        outcomes.weights,
        category_of_strength()[outcomes.strengths].astype(np.int64),
        outcomes.lower,
        outcomes.tie,
        outcomes.dealer_categories,
        number_of_strengths() * 4,
    )
    rows = np.flatnonzero(row_weights)
    lattice = DealLattice(
        strengths=(rows // 4).astype(np.int64),
        decisions=(rows % 4).astype(np.int64),
        weights=row_weights[rows],
        deals=deals[rows],
    )
    assert (lattice.deals >= 0).all()
    assert (lattice.deals.sum(axis=(1, 2)) == lattice.weights * outcomes.completions).all()
    return lattice


def with_decisions(lattice: DealLattice, decide: npt.NDArray[np.int64]) -> DealLattice:
    """The lattice re-labelled with one decision per strength (``decide[strength]``).

    Rows of the same strength are merged (their deals added).

    Examples
    --------
    >>> deals = np.ones((2, 8, 3), dtype=np.int64)
    >>> lattice = DealLattice(np.array([5, 5]), np.array([0, 1]), np.array([2, 3]), deals)
    >>> merged = with_decisions(lattice, np.full(2535, 3))
    >>> merged.strengths.tolist(), merged.decisions.tolist(), merged.weights.tolist()
    ([5], [3], [5])
    >>> int(merged.deals.sum())
    48
    """
    n_strengths = number_of_strengths()
    weights = np.zeros(n_strengths, dtype=np.int64)
    deals = np.zeros((n_strengths, N_CATEGORIES, 3), dtype=np.int64)
    np.add.at(weights, lattice.strengths, lattice.weights)
    np.add.at(deals, lattice.strengths, lattice.deals)
    rows = np.flatnonzero(weights)
    return DealLattice(rows.astype(np.int64), decide[rows], weights[rows], deals[rows])


@dataclass(frozen=True)
class Parts:
    """A bet's net per lattice cell split into winning and losing parts (for the cap).

    ``win`` and ``lose`` are numerators over ``unit`` per unit of the bet's base wager, shape
    (r, 8, 3); ``wager`` the total amount wagered per row (over ``unit``).
    """

    name: str
    description: str
    win: npt.NDArray[np.int64]
    lose: npt.NDArray[np.int64]
    unit: int
    wager: npt.NDArray[np.int64]

    def largest(self) -> int:
        """The largest magnitude of a win, a loss or a wager numerator (for overflow bounds)."""
        return max(largest_magnitude(a) for a in (self.win, self.lose, self.wager))

    def scaled(self, unit: int) -> Parts:
        """The same parts over a multiple of the unit (Python integers where int64 could
        overflow)."""
        factor = unit // self.unit
        assert factor * self.unit == unit
        wide = not fits_int64(self.largest() * factor)
        return Parts(
            self.name,
            self.description,
            widen(self.win, wide) * factor,
            widen(self.lose, wide) * factor,
            unit,
            widen(self.wager, wide) * factor,
        )


def lattice_cells(lattice: DealLattice) -> tuple[int, ...]:
    """The shape of a bet's cells on the lattice: (rows, dealer categories, results).

    Examples
    --------
    >>> lattice = DealLattice(np.array([0]), np.array([1]), np.array([1]),
    ...                       np.ones((1, 8, 3), dtype=np.int64))
    >>> lattice_cells(lattice)
    (1, 8, 3)
    """
    return (lattice.strengths.shape[0], N_CATEGORIES, 3)


def combine(parts: list[Parts], name: str, description: str) -> Parts:
    """Several bets of equal size on one seat, as one (per unit of one bet).

    Examples
    --------
    >>> shape = (1, 8, 3)
    >>> a = Parts("a", "", np.full(shape, 3), np.zeros(shape, np.int64), 2, np.array([2]))
    >>> b = Parts("b", "", np.zeros(shape, np.int64), np.full(shape, -1), 1, np.array([1]))
    >>> seat = combine([a, b], "seat", "")
    >>> seat.unit, int(seat.win[0, 0, 0]), int(seat.lose[0, 0, 0]), seat.wager.tolist()
    (2, 3, -2, [4])
    """
    unit = lcm(*(part.unit for part in parts))
    scaled = [part.scaled(unit) for part in parts]
    if not fits_int64(sum(part.largest() for part in scaled)):
        scaled = [
            Parts(p.name, p.description, widen(p.win, True), widen(p.lose, True), p.unit,
                  widen(p.wager, True))
            for p in scaled
        ]  # fmt: skip
    return Parts(
        name,
        description,
        sum((part.win for part in scaled), np.zeros_like(scaled[0].win)),
        sum((part.lose for part in scaled), np.zeros_like(scaled[0].lose)),
        unit,
        sum((part.wager for part in scaled), np.zeros_like(scaled[0].wager)),
    )


def to_bet(parts: Parts, lattice: DealLattice) -> BetOutcomes:
    """The exact outcome distribution of a bet (no cap): lattice cells as combinations.

    Examples
    --------
    >>> lattice = DealLattice(np.array([0]), np.array([1]), np.array([2]),
    ...                       np.ones((1, 8, 3), dtype=np.int64))
    >>> win = np.zeros((1, 8, 3), np.int64)
    >>> win[0, :, 0] = 4                                  # wins 2 when the player is higher
    >>> lose = np.zeros((1, 8, 3), np.int64)
    >>> lose[0, :, 2] = -4                                # loses 2 when the dealer is
    >>> bet = to_bet(Parts("x", "", win, lose, 2, np.array([4])), lattice)
    >>> summary_row(bet, lattice)["ev"], bet.combos.shape
    (0.0, (1, 24))
    """
    r = lattice.strengths.shape[0]
    return BetOutcomes(
        parts.name,
        parts.description,
        lattice.deals.reshape(r, -1),
        (parts.win + parts.lose).reshape(r, -1),
        parts.unit,
        parts.wager,
    )


def capped_bet(parts: Parts, lattice: DealLattice, size: Fraction, cap: Fraction) -> BetOutcomes:
    """The bet at ``size`` dollars a unit with winnings capped at ``cap`` dollars a hand.

    The result is per dollar of base wager: ``net / unit`` with ``unit = parts.unit * size``.

    Examples
    --------
    >>> lattice = DealLattice(np.array([0]), np.array([1]), np.array([1]),
    ...                       np.ones((1, 8, 3), dtype=np.int64))
    >>> parts = Parts("x", "", np.full((1, 8, 3), 50), np.zeros((1, 8, 3), np.int64), 1,
    ...               np.array([1]))
    >>> bet = capped_bet(parts, lattice, Fraction(1000), Fraction(25000))
    >>> float(bet.net[0, 0] / bet.unit)   # 50 to 1 on $1,000 capped at $25,000
    25.0
    """
    scale = lcm(size.denominator, cap.denominator)
    size_numerator = int(size * scale)
    cap_numerator = int(cap * scale) * parts.unit
    wide = not fits_int64(2 * max(parts.largest() * size_numerator, cap_numerator))
    win = np.minimum(widen(parts.win, wide) * size_numerator, cap_numerator)
    lose = widen(parts.lose, wide) * size_numerator
    r = lattice.strengths.shape[0]
    return BetOutcomes(
        parts.name,
        parts.description,
        lattice.deals.reshape(r, -1),
        (win + lose).reshape(r, -1),
        parts.unit * size_numerator,
        widen(parts.wager, wide) * size_numerator,
    )


def largest_uncapped_size(parts: Parts, lattice: DealLattice, cap: Fraction) -> Fraction:
    """The largest bet size whose every possible payout stays within the cap.

    Examples
    --------
    >>> lattice = DealLattice(np.array([0]), np.array([1]), np.array([1]),
    ...                       np.ones((1, 8, 3), dtype=np.int64))
    >>> parts = Parts("x", "", np.full((1, 8, 3), 50), np.zeros((1, 8, 3), np.int64), 1,
    ...               np.array([1]))
    >>> largest_uncapped_size(parts, lattice, Fraction(25000))
    Fraction(500, 1)
    """
    reachable = lattice.deals > 0
    largest = int(np.where(reachable, parts.win, 0).max())
    return cap / Fraction(largest, parts.unit) if largest > 0 else Fraction(0)


def summary_row(bet: BetOutcomes, lattice: DealLattice) -> BetSummary:
    """:func:`crazy4.core.bets.summarize` over the lattice rows (weights: situations per row).

    See :func:`to_bet` for an example.
    """
    return summarize(bet, lattice.weights)


__all__ = [
    "DEALER_HIGHER",
    "RESULTS",
    "DealLattice",
    "Parts",
    "build_lattice",
    "capped_bet",
    "combine",
    "largest_uncapped_size",
    "lattice_cells",
    "summary_row",
    "to_bet",
    "with_decisions",
]
