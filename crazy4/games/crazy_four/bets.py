"""Every Crazy 4 Poker bet as an exact outcome lattice (:class:`crazy4.core.bets.BetOutcomes`).

A bet is described by, for every player hand class ``i`` and dealer-outcome cell ``j``, the
number of deals ``combos[i, j] = weight_i * count_ij`` and the net result ``net[i, j]`` (an
integer numerator over ``unit``, in units of the bet's base wager), plus the total wager put
up per hand; :func:`crazy4.core.bets.summarize` gives its exact EV and statistics.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from crazy4.core.bets import BetOutcomes
from crazy4.core.decisions import FOLD, threshold_text
from crazy4.core.exact import exact_full, fits_int64, is_wide, widen
from crazy4.games.crazy_four.outcomes import PlayerOutcomes
from crazy4.games.crazy_four.qualifier_cells import bonus_payouts, cell_nets
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.generic.bestfour_pricing import BestFourPrices
from crazy4.rules.ruleset import SideBet


def _lattice(outcomes: PlayerOutcomes) -> npt.NDArray[np.int64]:
    return outcomes.weights[:, None] * outcomes.counts


def game_bet(
    rules: CrazyFourRules,
    outcomes: PlayerOutcomes,
    decision: npt.NDArray[np.int64],
    *,
    name: str,
    description: str,
    include_ante_play: bool = True,
    include_bonus: bool = True,
) -> BetOutcomes:
    """The Ante + Play and/or Super Bonus parts of a round played by ``decision``.

    Parameters
    ----------
    decision : ndarray of int64, shape (n,)
        Decision code per class (0 fold, m: Play m Antes).
    include_ante_play, include_bonus : bool
        Which parts to include (both: the whole mandatory game).
    """
    nets = cell_nets(rules)
    payouts, unit = bonus_payouts(rules)
    has_bonus = rules.super_bonus is not None and include_bonus
    playing = decision != FOLD
    # |net| <= Ante + 3 Play + the largest Super Bonus numerator; wagers <= 5 units
    largest = 1 if rules.super_bonus is None else rules.super_bonus.table.largest_numerator()
    wide = not fits_int64(5 * unit + largest)
    payouts = widen(payouts, wide)
    nets = {key: widen(value, wide) for key, value in nets.items()}
    decision = widen(decision, wide)
    net = exact_full(outcomes.counts.shape, 0, wide)
    wager = exact_full(decision.shape, 0, wide)
    if include_ante_play:
        ante_play = nets["ante"][None, :] + decision[:, None] * nets["play"][None, :]
        net += np.where(playing[:, None], ante_play * unit, -unit)
        wager += (1 + decision) * unit
    if has_bonus:
        paid = payouts[outcomes.strengths]
        bonus = np.where(paid[:, None] >= 0, paid[:, None], -unit * nets["bonus_loses"][None, :])
        net += np.where(playing[:, None], bonus, -unit)
        wager += unit
    return BetOutcomes(name, description, _lattice(outcomes), net, unit, wager)


def side_bet(
    bet: SideBet, outcomes: PlayerOutcomes, decision: npt.NDArray[np.int64]
) -> BetOutcomes:
    """A bet on the player's own hand (Queens Up) per unit of its own wager."""
    payouts, unit = bet.table.by_strength()
    paid = payouts[outcomes.strengths]
    net = np.where(paid >= 0, paid, -unit)  # int64 unless the table's numerators exceed it
    if bet.fold_forfeits:
        net = np.where(decision == FOLD, -unit, net)
    net2d = np.repeat(net[:, None], outcomes.counts.shape[1], axis=1)
    forfeits = "a fold forfeits it" if bet.fold_forfeits else "settled even on a fold"
    return BetOutcomes(
        bet.name,
        f"Queens Up, pays {bet.table.describe()}; {forfeits}",
        _lattice(outcomes),
        net2d,
        unit,
        exact_full(decision.shape, unit, is_wide(paid)),
    )


def blind_hand_decisions(rules: CrazyFourRules, outcomes: PlayerOutcomes) -> npt.NDArray[np.int64]:
    """The card room's blind second hand: never folds; 3x from the raise minimum, else 1x."""
    return np.where(outcomes.strengths >= rules.play.raise_minimum_strength, 3, 1).astype(np.int64)


def all_bets(
    rules: CrazyFourRules,
    outcomes: PlayerOutcomes,
    prices: BestFourPrices,
    simple_decision: npt.NDArray[np.int64],
) -> list[BetOutcomes]:
    """Every bet of the rule set, played optimally (plus the simple strategy and blind hand)."""
    bets = strategy_bets(rules, outcomes, prices.decision)
    bets.append(
        game_bet(
            rules,
            outcomes,
            simple_decision,
            name="ante_super_bonus_play_simple",
            description="Ante + Super Bonus + Play, published simple strategy "
            f"({threshold_text(rules, 'K-Q-8-4+', 'pair of aces+')})",
        )
    )
    if rules.blind_second_hand:
        bets.append(blind_hand_bet(rules, outcomes))
    return bets


def strategy_bets(
    rules: CrazyFourRules, outcomes: PlayerOutcomes, decision: npt.NDArray[np.int64]
) -> list[BetOutcomes]:
    """The bets a strategy decides: Ante + Super Bonus + Play, Ante + Play, the Super Bonus
    alone (if any) and each side bet, played by ``decision`` (described as the optimal
    strategy, as :func:`all_bets` plays them)."""
    bets = [
        game_bet(
            rules,
            outcomes,
            decision,
            name="ante_super_bonus_play",
            description="Ante + Super Bonus + Play, optimal strategy (per unit of Ante)",
        ),
        game_bet(
            rules,
            outcomes,
            decision,
            name="ante_play",
            description="Ante + Play alone, under the optimal strategy (per unit of Ante)",
            include_bonus=False,
        ),
    ]
    if rules.super_bonus is not None:
        bets.append(
            game_bet(
                rules,
                outcomes,
                decision,
                name="super_bonus",
                description="Super Bonus alone, under the optimal strategy (per unit)",
                include_ante_play=False,
            )
        )
    bets += [side_bet(bet, outcomes, decision) for bet in rules.side_bets]
    return bets


def blind_hand_bet(rules: CrazyFourRules, outcomes: PlayerOutcomes) -> BetOutcomes:
    """The card room's blind second hand (:func:`blind_hand_decisions`)."""
    return game_bet(
        rules,
        outcomes,
        blind_hand_decisions(rules, outcomes),
        name="blind_second_hand",
        description="The card room's blind second hand: Ante + Super Bonus + Play, "
        "never folds, 3x with a pair of aces or better, else 1x (2x returned)",
    )
