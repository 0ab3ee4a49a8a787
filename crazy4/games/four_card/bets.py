"""Four Card Poker's bets on the deal lattice: each bet's winning and losing parts from the rules.

The lattice, the bets' exact distributions and the payout cap are the up-card shape's
(:mod:`crazy4.core.upcard_lattice`); this module says what each of the game's bets pays in
each lattice cell: Ante + Play + Ante Bonus, Aces Up and the Bad Beat Bonus.
"""

from __future__ import annotations

import numpy as np

from crazy4.core.decisions import FOLD
from crazy4.core.exact import exact_full, fits_int64, is_wide, widen
from crazy4.core.ranking import category_thresholds
from crazy4.core.upcard import N_CATEGORIES
from crazy4.core.upcard_lattice import DEALER_HIGHER, DealLattice, Parts, lattice_cells
from crazy4.games.four_card.rules import FourCardRuleSet
from crazy4.games.four_card.showdown_cells import ante_bonus_payouts, result_nets
from crazy4.rules.ruleset import SideBet


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
    >>> from crazy4.core.upcard_lattice import summary_row, to_bet
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
    bonus = np.broadcast_to(payouts[lattice.strengths][:, None, None], lattice_cells(lattice))
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
    net = np.broadcast_to(np.where(paid >= 0, paid, -unit)[:, None, None], lattice_cells(lattice))
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
    shape = lattice_cells(lattice)
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


__all__ = [
    "ante_play_parts",
    "bad_beat_parts",
    "side_bet_parts",
]
