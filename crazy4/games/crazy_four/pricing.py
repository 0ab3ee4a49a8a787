"""Exact EVs of every decision for every player hand class, and the optimal decision.

Settlement
----------
Per unit of Ante, with the rule switches of
:class:`crazy4.games.crazy_four.rules.CrazyFourRules`. For each of the six dealer-outcome
cells (:data:`crazy4.games.crazy_four.outcomes.OUTCOME_CELLS`):

* **Ante**: pushes when the dealer does not qualify; otherwise +1 / tie / -1, where a tie
  pushes (``ties = "push"``) or wins (``ties = "player"``).
* **Play** (per unit of the multiple): when the dealer does not qualify it wins 1:1
  (``play_when_not_qualified = "wins"``) or is compared with the dealer's hand
  (``"compared"``); when the dealer qualifies it wins, ties or loses like the Ante.
* **Super Bonus**: a hand on its pay table is paid whatever the dealer holds; below the table
  it pushes unless the dealer qualifies and beats the player, when it loses. A hand the table
  does not list, though at or above its lowest line, is settled as below the table
  (``unlisted = "below_table"``) or pushes whatever the dealer holds (``unlisted = "push"``:
  paid 0 to 1 by :meth:`crazy4.games.crazy_four.rules.SuperBonus.by_strength`).
* **Fold**: the Ante and the Super Bonus are lost.

So the EV of playing ``m`` times the Ante is ``ante + m * play + super_bonus``, each an exact
integer numerator over ``dealer_hands * denominator`` (the least common denominator of the
pay table). The optimal decision maximises it over fold and the multiples the hand is allowed
(above 1x only from ``raise_minimum``); decisions are compared as integers, so an exact tie is
seen as one. Among tied decisions the smallest wager is taken, and the tie is reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from crazy4.core.decisions import FOLD, allowed_decisions, best_decisions, optimal_ev
from crazy4.core.exact import fits_int64, widen
from crazy4.core.ranking import number_of_strengths
from crazy4.games.base import Settlement
from crazy4.games.crazy_four.outcomes import OUTCOME_CELLS, PlayerOutcomes, outcome_thresholds
from crazy4.games.crazy_four.qualifier_cells import cell_nets
from crazy4.games.crazy_four.rules import CrazyFourRules, crazy_four_rules
from crazy4.generic.cell_roles import CellHoleCards, forfeited_side_bets

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet


@dataclass(frozen=True)
class HandPrices:
    """Exact EVs per hand class, as integer numerators over :attr:`denominator`.

    Attributes
    ----------
    denominator : int
        ``dealer_hands * pay-table denominator``; every EV below is ``numerator / denominator``
        per unit of Ante.
    ante, play_unit, super_bonus : ndarray of int64, shape (n,)
        EV numerators of the Ante, of one unit of Play, and of the Super Bonus, when playing.
    fold : int
        EV numerator of folding (the same for every hand).
    allowed : ndarray of bool, shape (n, 4)
        ``allowed[i, m]``: multiple ``m`` (1..3) allowed for the hand; column 0 (fold) always.
    ev : ndarray of int64, shape (n, 4)
        EV numerator of fold, 1x, 2x, 3x (meaningless where not allowed).
    decision : ndarray of int64, shape (n,)
        The optimal decision code (smallest wager among exact ties).
    tied : ndarray of bool, shape (n, 4)
        Decisions whose EV equals the optimum exactly (allowed ones only).
    """

    denominator: int
    ante: npt.NDArray[np.int64]
    play_unit: npt.NDArray[np.int64]
    super_bonus: npt.NDArray[np.int64]
    fold: int
    allowed: npt.NDArray[np.bool_]
    ev: npt.NDArray[np.int64]
    decision: npt.NDArray[np.int64]
    tied: npt.NDArray[np.bool_]

    @property
    def optimal_ev(self) -> npt.NDArray[np.int64]:
        """EV numerator of the optimal decision per hand."""
        return optimal_ev(self.ev, self.decision)


def bonus_payouts(rules: CrazyFourRules) -> tuple[npt.NDArray[np.int64], int]:
    """Super Bonus payout numerators by strength (-1 below the table) and their denominator.

    An unlisted hand that pushes (``unlisted = "push"``) is paid 0. A rule set without a Super
    Bonus pays nothing and never loses it (all zeros over 1).

    Examples
    --------
    >>> from crazy4.core.ranking import strength_of_description
    >>> from crazy4.registry import load_rules
    >>> trips = strength_of_description("three of a kind")
    >>> [int(bonus_payouts(load_rules(name))[0][trips])
    ...  for name in ("crazy4-standard", "crazy4-cardroom")]
    [4, 0]
    """
    if rules.super_bonus is None:
        return np.zeros(number_of_strengths(), dtype=np.int64), 1
    return rules.super_bonus.by_strength()


def price_hands(rules: CrazyFourRules, outcomes: PlayerOutcomes) -> HandPrices:
    """Exact EV of every decision for every hand class, and the optimal decision.

    Parameters
    ----------
    rules : CrazyFourRules
    outcomes : PlayerOutcomes
        Dealer outcome counts split at ``rules.dealer.qualifier_strength``.

    Raises
    ------
    ValueError
        If the outcomes were counted for another qualifier.
    """
    if outcomes.qualifier_strength != rules.dealer.qualifier_strength:
        raise ValueError("outcomes were counted for another dealer qualifier")
    nets = cell_nets(rules)
    payouts, bonus_denominator = bonus_payouts(rules)
    denominator = outcomes.dealer_hands * bonus_denominator
    # |EV| <= dealer hands x (Ante + 3 Play + the largest Super Bonus numerator or loss)
    largest = 1 if rules.super_bonus is None else rules.super_bonus.table.largest_numerator()
    wide = not fits_int64(outcomes.dealer_hands * (4 * bonus_denominator + largest))
    counts = widen(outcomes.counts, wide)
    payouts = widen(payouts, wide)
    ante = counts @ nets["ante"] * bonus_denominator
    play_unit = counts @ nets["play"] * bonus_denominator
    has_bonus = rules.super_bonus is not None
    paid = payouts[outcomes.strengths]
    loses = counts @ nets["bonus_loses"] * bonus_denominator
    super_bonus = (
        np.where(paid >= 0, paid * outcomes.dealer_hands, -loses) if has_bonus else 0 * ante
    )
    fold = -(1 + int(has_bonus)) * denominator

    n = counts.shape[0]
    allowed = allowed_decisions(
        rules.play.multiples, rules.play.raise_minimum_strength, outcomes.strengths
    )
    ev = np.empty((n, 4), dtype=object if wide else np.int64)
    ev[:, FOLD] = fold
    for multiple in (1, 2, 3):
        ev[:, multiple] = ante + multiple * play_unit + super_bonus
    decision, tied = best_decisions(ev, allowed)
    return HandPrices(
        denominator=denominator,
        ante=ante,
        play_unit=play_unit,
        super_bonus=super_bonus,
        fold=fold,
        allowed=allowed,
        ev=ev,
        decision=decision,
        tied=tied,
    )


def cell_thresholds(rules: RuleSet, strengths: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The five thresholds around the player's strength and the qualifier
    (:func:`crazy4.games.crazy_four.outcomes.outcome_thresholds`), for the advantage roles.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> cell_thresholds(load_rules("crazy4-standard"), np.array([100, 2000])).tolist()
    [[100, 101, 322, 322, 322], [322, 322, 322, 2000, 2001]]
    """
    return outcome_thresholds(strengths, crazy_four_rules(rules).dealer.qualifier_strength)


def cell_settlement(rules: RuleSet) -> Settlement:
    """Ante + Super Bonus + Play per outcome cell, by strength (fold loses the Ante and the
    Super Bonus): what the hole-card and collusion engines price with.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> s = cell_settlement(load_rules("crazy4-standard"))
    >>> s.unit, s.nets[0, 1].tolist(), s.wagers.tolist()   # high card, 1x: cells
    (2, [2, 2, 2, 4, 0, -6], [4, 6, 8, 10])
    """
    chosen = crazy_four_rules(rules)
    nets = cell_nets(chosen)
    payouts, unit = bonus_payouts(chosen)
    has_bonus = chosen.super_bonus is not None
    strengths = np.arange(number_of_strengths())
    bonus = np.where(payouts[:, None] >= 0, payouts[:, None], -unit * nets["bonus_loses"][None, :])
    if not has_bonus:
        bonus = np.zeros_like(bonus)
    table = np.empty((strengths.shape[0], 4, len(OUTCOME_CELLS)), dtype=np.int64)
    table[:, FOLD, :] = -(1 + int(has_bonus)) * unit
    for multiple in (1, 2, 3):
        table[:, multiple, :] = (nets["ante"] + multiple * nets["play"]) * unit + bonus
    allowed = allowed_decisions(
        chosen.play.multiples, chosen.play.raise_minimum_strength, strengths
    )
    wagers = (1 + int(has_bonus) + np.arange(4, dtype=np.int64)) * unit
    return Settlement(nets=table, allowed=allowed, wagers=wagers, unit=unit)


def cell_parts(rules: RuleSet) -> tuple[dict[str, Settlement], dict[str, str]]:
    """The main game's bets apart, in the same cells as :func:`cell_settlement`: ``ante_play``
    (Ante + Play per unit of Ante; a fold loses the Ante) and, with a Super Bonus,
    ``super_bonus`` (per unit of its wager; a fold loses it). They add up to the main game.
    A Queens Up bet a fold forfeits (``fold_forfeits``) is added
    (:func:`crazy4.generic.cell_roles.forfeited_side_bets`); one settled even on a fold is not
    a bet the decision settles.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> parts, unpriced = cell_parts(load_rules("crazy4-standard"))
    >>> parts["ante_play"].nets[0, 1].tolist(), parts["super_bonus"].nets[0, 1].tolist()
    ([2, 2, 2, 4, 0, -4], [0, 0, 0, 0, 0, -2])
    """
    chosen = crazy_four_rules(rules)
    nets = cell_nets(chosen)
    main = cell_settlement(rules)
    unit = main.unit
    table = np.empty_like(main.nets)
    table[:, FOLD, :] = -unit
    for multiple in (1, 2, 3):
        table[:, multiple, :] = (nets["ante"] + multiple * nets["play"]) * unit
    wagers = (1 + np.arange(4, dtype=np.int64)) * unit
    parts = {"ante_play": Settlement(table, main.allowed, wagers, unit)}
    if chosen.super_bonus is not None:
        bonus = main.nets - table
        bonus[:, FOLD, :] = -unit
        parts["super_bonus"] = Settlement(bonus, main.allowed, np.full(4, unit), unit)
    return {**parts, **forfeited_side_bets(rules, main)}, {}


#: The hole-card engine's view of the game (six cells from five thresholds around the
#: qualifier); the collusion role's cells.
HOLE_CARDS = CellHoleCards(
    5, 0, 1, 2, OUTCOME_CELLS, "ante_super_bonus_play", cell_thresholds, cell_settlement
)
