"""Exact EVs of fold / 1x / 2x / 3x in every Four Card Poker situation, and the best one.

Settlement
----------
Per unit of Ante, with the rule switches of
:class:`crazy4.games.four_card.rules.FourCardRuleSet`. With ``L``, ``T``, ``H`` the hidden
completions where the dealer's best four is lower than,
equal to, higher than the player's (``L + T + H = N = 1,370,754``):

* **Ante** and each unit of **Play**: win 1 when the player is higher, lose 1 when the dealer is;
  a tie wins (``ties = "player"``) or pushes (``"push"``). Sum: ``L - H (+ T)``.
* **Ante Bonus**: odds ``b`` of the player's hand on its table, paid whatever the dealer holds,
  so ``b * N``; on a fold too unless ``paid_only_with_play``.
* **Fold**: the Ante is lost: ``-N``.

So ``EV(m) = (1 + m)(L - H + T) + b N`` (over ``N`` times the pay table's denominator), linear
in ``m``: the best Play bet is the largest allowed multiple when the hand is ahead, and the
choice between fold and 1x is the only fine one. Decisions compare exact integers; among exact
ties the smallest wager is taken and the tie is reported (``tied``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from crazy4.core.decisions import (
    FOLD,
    allowed_decisions,
    best_decisions,
    decisions_for_strategy,
    optimal_ev,
)
from crazy4.core.exact import IntArray, fits_int64, widen
from crazy4.core.ranking import number_of_strengths, strength_of_description
from crazy4.core.upcard import UpCardOutcomes
from crazy4.games.base import Settlement
from crazy4.games.four_card.rules import FourCardRuleSet, four_card_rules
from crazy4.generic.cell_roles import CellHoleCards, forfeited_side_bets

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

#: The published simple strategy (S. Ko): fold below a pair of 3s, 1x to 9-9, 3x from 10-10.
SIMPLE_PLAY_MINIMUM = "pair of 3s"
SIMPLE_RAISE_MINIMUM = "pair of 10s"


def ante_bonus_payouts(rules: FourCardRuleSet) -> tuple[IntArray, int]:
    """Ante Bonus numerators by strength (0 below the table) and their denominator.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> pays, denominator = ante_bonus_payouts(load_rules("four-card-standard"))
    >>> int(pays[-1]), int(pays[0]), denominator
    (25, 0, 1)
    """
    bonus = rules.four_card.ante_bonus
    if bonus is None:
        return np.zeros(number_of_strengths(), dtype=np.int64), 1
    numerators, denominator = bonus.table.by_strength()
    return np.maximum(numerators, 0), denominator


def result_nets(rules: FourCardRuleSet) -> npt.NDArray[np.int64]:
    """Net of the Ante (and of each unit of Play) for player higher / tie / dealer higher.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> result_nets(load_rules("four-card-standard")).tolist()
    [1, 1, -1]
    """
    return np.array([1, 1 if rules.dealer.ties == "player" else 0, -1], dtype=np.int64)


def bonus_on_fold(rules: FourCardRuleSet) -> bool:
    """Whether the Ante Bonus is paid on a folded hand too.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> bonus_on_fold(load_rules("four-card-standard"))
    True
    """
    bonus = rules.four_card.ante_bonus
    return bonus is not None and not bonus.paid_only_with_play


def ev_fits_int64(rules: FourCardRuleSet, n_completions: int, unit: int) -> bool:
    """Whether every EV numerator fits int64: ``|EV| <= N x (Ante + 3 Play + the largest Ante
    Bonus numerator)``; only a huge Ante Bonus or a fine denominator passes it (then the
    pricing is in Python integers, :mod:`crazy4.core.exact`).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> ev_fits_int64(load_rules("four-card-standard"), 1370754, 1)
    True
    """
    ante_bonus = rules.four_card.ante_bonus
    largest = 1 if ante_bonus is None else ante_bonus.table.largest_numerator()
    return fits_int64(n_completions * (4 * unit + largest))


@dataclass(frozen=True)
class FourCardPrices:
    """Exact EVs per situation class as integer numerators over :attr:`denominator`.

    Attributes
    ----------
    denominator : int
        ``N * d``: completions per situation times the Ante Bonus table's denominator.
    showdown : ndarray of int64, shape (n,)
        Net of the Ante (equally of one unit of Play) over the completions.
    bonus : ndarray of int64, shape (n,)
        Ante Bonus numerator (``b * N * d``).
    allowed : ndarray of bool, shape (n, 4)
        Decision codes 0 (fold) to 3 (3x) allowed.
    ev : ndarray of int64, shape (n, 4)
        EV numerators of fold, 1x, 2x, 3x (meaningless where not allowed).
    decision : ndarray of int64, shape (n,)
        Optimal decision code (the smallest wager among exact ties).
    tied : ndarray of bool, shape (n, 4)
        Allowed decisions whose EV equals the optimum exactly.
    """

    denominator: int
    showdown: npt.NDArray[np.int64]
    bonus: npt.NDArray[np.int64]
    allowed: npt.NDArray[np.bool_]
    ev: npt.NDArray[np.int64]
    decision: npt.NDArray[np.int64]
    tied: npt.NDArray[np.bool_]

    @cached_property
    def optimal_ev(self) -> npt.NDArray[np.int64]:
        """EV numerator of the optimal decision per situation (computed once)."""
        return optimal_ev(self.ev, self.decision)


def price_situations(
    rules: FourCardRuleSet,
    strengths: npt.NDArray[np.int64],
    lower: npt.NDArray[np.int64],
    tie: npt.NDArray[np.int64],
    higher: npt.NDArray[np.int64],
) -> FourCardPrices:
    """Exact EV of every decision, and the optimal decision, for situations given by counts.

    Parameters
    ----------
    rules : FourCardRuleSet
        A ``four-card-poker`` rule set.
    strengths : ndarray of int64
        The player's best-four strength per situation.
    lower, tie, higher : ndarray of int64
        Completions where the dealer is lower / ties / is higher; each row sums to the same N.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("four-card-standard")
    >>> p = price_situations(rules, np.array([0, 2000]), np.array([1, 8]), np.array([0, 1]),
    ...                      np.array([9, 1]))
    >>> p.decision.tolist(), p.ev[1].tolist()
    ([0, 3], [-10, 16, 24, 32])
    """
    nets = result_nets(rules)
    completions = lower + tie + higher
    if completions.shape[0] and not (completions == completions[0]).all():
        raise ValueError("situations have different numbers of completions")
    n_completions = int(completions[0]) if completions.shape[0] else 1
    payouts, unit = ante_bonus_payouts(rules)
    denominator = n_completions * unit
    wide = not ev_fits_int64(rules, n_completions, unit)
    payouts = widen(payouts, wide)
    showdown = widen(nets[0] * lower + nets[1] * tie + nets[2] * higher, wide) * unit
    bonus = payouts[strengths] * n_completions
    allowed = allowed_decisions(rules.play.multiples, rules.play.raise_minimum_strength, strengths)
    ev = np.empty((strengths.shape[0], 4), dtype=object if wide else np.int64)
    ev[:, FOLD] = -denominator + (bonus if bonus_on_fold(rules) else 0)
    for multiple in (1, 2, 3):
        ev[:, multiple] = (1 + multiple) * showdown + bonus
    decision, tied = best_decisions(ev, allowed)
    return FourCardPrices(denominator, showdown, bonus, allowed, ev, decision, tied)


def price_outcomes(
    rules: FourCardRuleSet, outcomes: UpCardOutcomes, *, jobs: int = 1
) -> FourCardPrices:
    """:func:`price_situations` for every situation class of an analysis: the same arrays, by
    one compiled pass on ``jobs`` threads (:func:`crazy4.core.upcard_kernels.price_rows`,
    several times faster than the numpy pricing, most of its time first touching the 0.36 GB
    it writes) when the EVs fit int64 (every pay table
    but a huge Ante Bonus, which the numpy pricing handles in Python integers)."""
    from crazy4.core import upcard_kernels
    from crazy4.core.table_kernels import run_in_threads

    n_completions = outcomes.completions
    payouts, unit = ante_bonus_payouts(rules)
    if not ev_fits_int64(rules, n_completions, unit):
        return price_situations(
            rules, outcomes.strengths, outcomes.lower, outcomes.tie, outcomes.higher
        )
    allowed_by_strength = allowed_decisions(
        rules.play.multiples, rules.play.raise_minimum_strength, np.arange(number_of_strengths())
    )
    n = outcomes.strengths.shape[0]
    showdown, bonus, decision = (np.empty(n, dtype=np.int64) for _ in range(3))
    allowed, tied = np.empty((n, 4), dtype=bool), np.empty((n, 4), dtype=bool)
    ev = np.empty((n, 4), dtype=np.int64)
    pricer: Any = upcard_kernels.price_rows
    nets, payouts64 = result_nets(rules), np.asarray(payouts, dtype=np.int64)
    on_fold = bonus_on_fold(rules)

    def price(start: int, stop: int) -> None:
        rows = slice(start, stop)
        pricer(
            outcomes.strengths[rows], outcomes.lower[rows], outcomes.tie[rows],
            outcomes.higher[rows], nets, payouts64, allowed_by_strength, n_completions, unit,
            on_fold, showdown[rows], bonus[rows], allowed[rows], ev[rows], decision[rows],
            tied[rows],
        )  # fmt: skip

    run_in_threads(price, n, chunks_per_thread=1, threads=jobs)
    return FourCardPrices(n_completions * unit, showdown, bonus, allowed, ev, decision, tied)


def simple_strategy(
    rules: FourCardRuleSet, strengths: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """Decisions of the published simple strategy: fold below 3-3, 1x to 9-9, raise from 10-10.

    The raise is the largest allowed multiple.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.core.ranking import hand_strength
    >>> hands = ["2s 2d 9c 7h 4s", "3s 3d 9c 7h 4s", "9s 9d Ac 7h 4s", "Ts Td 2c 7h 4s"]
    >>> strengths = np.array([hand_strength(parse_cards(h)) for h in hands])
    >>> simple_strategy(load_rules("four-card-standard"), strengths).tolist()
    [0, 1, 1, 3]
    """
    return decisions_for_strategy(
        rules,
        strengths,
        play_minimum=strength_of_description(SIMPLE_PLAY_MINIMUM),
        raise_minimum=max(
            strength_of_description(SIMPLE_RAISE_MINIMUM), rules.play.raise_minimum_strength
        ),
    )


def cell_thresholds(rules: RuleSet, strengths: IntArray) -> IntArray:
    """Below the player's strength and below it plus one (cells: dealer lower, tie, higher),
    for the advantage roles.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> cell_thresholds(load_rules("four-card-standard"), np.array([7])).tolist()
    [[7, 8]]
    """
    values = np.asarray(strengths, dtype=np.int64)
    return np.stack([values, values + 1], axis=1)


def cell_settlement(rules: RuleSet) -> Settlement:
    """Ante + Play (+ Ante Bonus) per cell (dealer lower, tie, higher), by strength: ``(1 + m)``
    times the showdown plus the Ante Bonus, the Ante lost on a fold (its Ante Bonus kept unless
    ``paid_only_with_play``); what the hole-card and collusion engines price with.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> s = cell_settlement(load_rules("four-card-standard"))
    >>> s.nets[0, 0].tolist(), s.nets[0, 3].tolist(), s.wagers.tolist()
    ([-1, -1, -1], [4, 4, -4], [1, 2, 3, 4])
    """
    chosen = four_card_rules(rules)
    results = result_nets(chosen)
    payouts, unit = ante_bonus_payouts(chosen)
    strengths = np.arange(number_of_strengths())
    table = np.empty((strengths.shape[0], 4, results.shape[0]), dtype=np.int64)
    table[:, FOLD, :] = -unit + (payouts[:, None] if bonus_on_fold(chosen) else 0)
    for multiple in (1, 2, 3):
        table[:, multiple, :] = (1 + multiple) * results[None, :] * unit + payouts[:, None]
    allowed = allowed_decisions(
        chosen.play.multiples, chosen.play.raise_minimum_strength, strengths
    )
    wagers = (1 + np.arange(4, dtype=np.int64)) * unit
    return Settlement(nets=table, allowed=allowed, wagers=wagers, unit=unit)


def cell_parts(rules: RuleSet) -> tuple[dict[str, Settlement], dict[str, str]]:
    """The bets other than the main game that the decision settles, in the cells of
    :func:`cell_settlement` (per unit of their own wager): a Bad Beat Bonus a fold forfeits,
    keyed on the player's hand (paid on the losing hand's table line when the dealer is higher,
    else lost), and the Aces Up bets a fold forfeits
    (:func:`crazy4.generic.cell_roles.forfeited_side_bets`). A Bad Beat keyed on the dealer's
    hand needs the dealer's category, which the cells do not hold: it is named unpriced.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.core.ranking import strength_of_description
    >>> parts, unpriced = cell_parts(load_rules("four-card-standard"))
    >>> bad = parts["bad_beat"].nets[strength_of_description("three of a kind")]
    >>> bad.tolist(), unpriced
    ([[-1, -1, -1], [-1, -1, 200], [-1, -1, 200], [-1, -1, 200]], {})
    """
    chosen = four_card_rules(rules)
    main = cell_settlement(rules)
    parts = forfeited_side_bets(rules, main)
    bad_beat = None if chosen.four_card is None else chosen.four_card.bad_beat
    if bad_beat is None or not bad_beat.fold_forfeits:
        return parts, {}
    if bad_beat.keyed_on != "player":
        return parts, {"bad_beat": "keyed on the dealer's hand, which the cells do not hold"}
    payouts, unit = bad_beat.table.by_strength()
    table = np.full(main.nets.shape, -unit, dtype=np.int64)
    table[:, 1:, 2] = np.where(payouts >= 0, payouts, -unit)[:, None]
    wagers = np.full(4, unit, dtype=np.int64)
    return {"bad_beat": Settlement(table, main.allowed, wagers, unit), **parts}, {}


#: The hole-card engine's view of the game (dealer lower, tie, higher); the collusion role's
#: cells.
HOLE_CARDS = CellHoleCards(
    6,
    1,
    0,
    1,
    ("dealer_lower", "tie", "dealer_higher"),
    "ante_play",
    cell_thresholds,
    cell_settlement,
)
