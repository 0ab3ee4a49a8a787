"""Crazy 4 Poker's role in the hole-card engine (:class:`crazy4.games.base.HoleCardRole`).

The dealer holds five cards, none face up; a player who sees ``k`` of them (a flashed card, a
hole-carding seat) is counted with those cards forced into every dealer hand
(:mod:`crazy4.core.forced`). The dealer outcomes are the six cells of
:mod:`crazy4.games.crazy_four.outcomes` (qualifier x comparison), from the counts below the
same five thresholds; the nets are those of :func:`crazy4.games.crazy_four.pricing.cell_nets`
and the Super Bonus table, so a hand is settled exactly as in the game's own analysis.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from crazy4.core.decisions import FOLD, allowed_decisions
from crazy4.core.ranking import number_of_strengths
from crazy4.games.base import Settlement
from crazy4.games.crazy_four.outcomes import OUTCOME_CELLS, cells_from_below, outcome_thresholds
from crazy4.games.crazy_four.pricing import bonus_payouts, cell_nets
from crazy4.games.crazy_four.rules import crazy_four_rules

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet


class CrazyFourHoleCards:
    """Five dealer cards, none face up; up to two seen (the engine's situation classes).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> role = CrazyFourHoleCards()
    >>> s = role.settlement(load_rules("crazy4-standard"))
    >>> s.unit, s.nets[0, 1].tolist(), s.wagers.tolist()   # high card, 1x: cells
    (2, [2, 2, 2, 4, 0, -6], [4, 6, 8, 10])
    """

    dealer_size = 5
    face_up = 0
    results_seen = 1
    most_seen = 2
    cells = OUTCOME_CELLS
    main_bet = "ante_super_bonus_play"

    def thresholds(self, rules: RuleSet, strengths: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The five thresholds around the player's strength and the qualifier."""
        return outcome_thresholds(strengths, crazy_four_rules(rules).dealer.qualifier_strength)

    def cells_from_counts(
        self, below: npt.NDArray[np.int64], completions: int
    ) -> npt.NDArray[np.int64]:
        """The six outcome cells."""
        return cells_from_below(below, completions)

    def settlement(self, rules: RuleSet) -> Settlement:
        """Ante + Super Bonus + Play per cell (fold loses the Ante and the Super Bonus)."""
        chosen = crazy_four_rules(rules)
        nets = cell_nets(chosen)
        payouts, unit = bonus_payouts(chosen)
        has_bonus = chosen.super_bonus is not None
        strengths = np.arange(number_of_strengths())
        bonus = np.where(
            payouts[:, None] >= 0, payouts[:, None], -unit * nets["bonus_loses"][None, :]
        )
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
