"""Four Card Poker bets as exact distributions, and their returns under the payout cap.

The deal lattice
----------------
Every bet's result depends on the situation only through the player's best-four strength and
decision, and on the hidden completion only through the dealer's hand category and who wins.
So the 5.6 million situation classes are summed, exactly, into a *deal lattice*: one row per
(player strength, decision), with the number of deals in each of 8 dealer categories x 3
results (player higher, tie, dealer higher). It has a few thousand rows and holds everything
a bet, the joint table or a Bad Beat table needs; :class:`crazy4.core.bets.BetOutcomes` (combos =
lattice cells) then gives the exact EV, element of risk, deviation and hit frequency.

Payout cap
----------
A capped table pays at most ``cap`` dollars on one hand, all of a seat's winning bets together.
For a bet (or a seat's bets) of ``s`` dollars each, the payout of a cell is the sum of its
winning parts (Ante, Play, Ante Bonus, Aces Up, Bad Beat), capped at ``cap``; losing parts are
collected in full. The return per dollar is exact for every size; the cap binds only on cells
whose winning parts exceed ``cap / s``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.core.bets import BetOutcomes, BetSummary, summarize
from crazy4.core.decisions import FOLD
from crazy4.core.exact import exact_full, fits_int64, is_wide, largest_magnitude, widen
from crazy4.core.ranking import category_of_strength, category_thresholds, number_of_strengths
from crazy4.core.upcard import N_CATEGORIES, UpCardOutcomes
from crazy4.games.four_card.pricing import ante_bonus_payouts, result_nets
from crazy4.games.four_card.rules import FourCardRuleSet
from crazy4.rules.ruleset import SideBet

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


def build_lattice(outcomes: UpCardOutcomes, decision: npt.NDArray[np.int64]) -> DealLattice:
    """Sum the situation classes into the deal lattice, exactly (integer sums).

    Raises
    ------
    AssertionError
        If a cell is negative or the deals of a row do not equal its situations times C(46, 5).
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


def _cells(lattice: DealLattice) -> tuple[int, ...]:
    return (lattice.strengths.shape[0], N_CATEGORIES, 3)


def ante_play_parts(
    rules: FourCardRuleSet, lattice: DealLattice, name: str, description: str
) -> Parts:
    """Ante + Play + Ante Bonus per unit of Ante, played by the lattice's decisions.

    Examples
    --------
    Three of a kind (Ante Bonus 2 to 1) played 3x: +1 +3 +2 when it wins, -1 -3 +2 when the
    dealer is higher; three wins and one loss average +4 Antes.

    >>> from crazy4.registry import load_rules
    >>> from crazy4.core.ranking import strength_of_description
    >>> trips = strength_of_description("three of a kind")
    >>> deals = np.zeros((1, 8, 3), dtype=np.int64)
    >>> deals[0, 1, 0], deals[0, 7, 2] = 3, 1      # beats 3 pairs, loses to 1 four of a kind
    >>> lattice = DealLattice(np.array([trips]), np.array([3]), np.array([1]), deals)
    >>> parts = ante_play_parts(load_rules("four-card-standard"), lattice, "x", "")
    >>> int((parts.win + parts.lose)[0, 1, 0]), int((parts.win + parts.lose)[0, 7, 2])
    (6, -2)
    >>> summary_row(to_bet(parts, lattice), lattice)["ev"]
    4.0
    """
    payouts, unit = ante_bonus_payouts(rules)
    ante_bonus = rules.four_card.ante_bonus
    largest = 1 if ante_bonus is None else ante_bonus.table.largest_numerator()
    wide = not fits_int64(4 * unit + largest)  # Ante + 3 Play + Ante Bonus; wagers 4 units
    payouts = widen(payouts, wide)
    nets = widen(result_nets(rules), wide)[None, None, :]
    playing = (lattice.decisions != FOLD)[:, None, None]
    multiple = widen(lattice.decisions, wide)[:, None, None]
    bonus = np.broadcast_to(payouts[lattice.strengths][:, None, None], _cells(lattice))
    bonus_on_fold = ante_bonus is not None and not ante_bonus.paid_only_with_play
    ante = np.where(playing, nets, -1) * unit
    play = np.where(playing, multiple * nets, 0) * unit
    paid_bonus = np.where(playing | bonus_on_fold, bonus, 0)
    win = np.maximum(ante, 0) + np.maximum(play, 0) + paid_bonus
    lose = np.minimum(ante, 0) + np.minimum(play, 0)
    wager = (1 + multiple[:, 0, 0]) * unit
    return Parts(name, description, win, lose, unit, wager)


def side_bet_parts(bet: SideBet, lattice: DealLattice) -> Parts:
    """Aces Up (a bet on the player's own hand) per unit of its wager.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.core.ranking import strength_of_description
    >>> bet = load_rules("four-card-standard").side_bets[0]
    >>> strengths = np.array([0, strength_of_description("pair of aces")])
    >>> lattice = DealLattice(strengths, np.array([0, 3]), np.array([1, 1]),
    ...                       np.ones((2, 8, 3), dtype=np.int64))
    >>> net = side_bet_parts(bet, lattice)
    >>> int(net.lose[0, 0, 0]), int(net.win[1, 0, 0])
    (-1, 1)
    """
    payouts, unit = bet.table.by_strength()
    paid = payouts[lattice.strengths]
    if bet.fold_forfeits:
        paid = np.where(lattice.decisions == FOLD, -1, paid)
    net = np.broadcast_to(np.where(paid >= 0, paid, -unit)[:, None, None], _cells(lattice))
    forfeits = "a fold forfeits it" if bet.fold_forfeits else "settled even on a fold"
    return Parts(
        bet.name,
        f"Aces Up, pays {bet.table.describe()}; {forfeits} (per unit)",
        np.maximum(net, 0),
        np.minimum(net, 0),
        unit,
        exact_full(lattice.strengths.shape, unit, is_wide(payouts)),
    )


def bad_beat_parts(rules: FourCardRuleSet, lattice: DealLattice) -> Parts:
    """The Bad Beat Bonus per unit of its wager: paid when the player's hand loses.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.core.ranking import strength_of_description
    >>> trips = strength_of_description("three of a kind")
    >>> lattice = DealLattice(np.array([trips]), np.array([3]), np.array([1]),
    ...                       np.ones((1, 8, 3), dtype=np.int64))
    >>> parts = bad_beat_parts(load_rules("four-card-standard"), lattice)
    >>> int(parts.win[0, 7, 2]), int(parts.lose[0, 7, 0])   # loses to quads; wins the hand
    (200, -1)
    """
    assert rules.four_card.bad_beat is not None
    bad_beat = rules.four_card.bad_beat
    payouts, unit = bad_beat.table.by_strength()
    shape = _cells(lattice)
    if bad_beat.keyed_on == "player":
        paid = np.broadcast_to(payouts[lattice.strengths][:, None, None], shape)
    else:
        by_category = payouts[category_thresholds()[:N_CATEGORIES]]
        paid = np.broadcast_to(by_category[None, :, None], shape)
    loses = np.zeros(shape, dtype=bool)
    loses[:, :, DEALER_HIGHER] = True
    if bad_beat.fold_forfeits:
        loses &= (lattice.decisions != FOLD)[:, None, None]
    net = np.where(loses & (paid >= 0), paid, -unit)
    keyed = "the losing player's hand" if bad_beat.keyed_on == "player" else "the dealer's hand"
    note = " ILLUSTRATIVE table" if bad_beat.illustrative else ""
    forfeits = "; a fold forfeits it" if bad_beat.fold_forfeits else ""
    return Parts(
        "bad_beat",
        f"Bad Beat Bonus{note}: pays {bad_beat.table.describe()} on {keyed} when the player "
        f"loses{forfeits} (per unit)",
        np.maximum(net, 0),
        np.minimum(net, 0),
        unit,
        exact_full(lattice.strengths.shape, unit, is_wide(payouts)),
    )


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

    See :func:`ante_play_parts` for an example.
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

    See :func:`ante_play_parts` for an example.
    """
    return summarize(bet, lattice.weights)


__all__ = [
    "RESULTS",
    "DealLattice",
    "Parts",
    "ante_play_parts",
    "bad_beat_parts",
    "build_lattice",
    "capped_bet",
    "combine",
    "largest_uncapped_size",
    "side_bet_parts",
    "to_bet",
    "with_decisions",
]
