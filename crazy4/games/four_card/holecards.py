"""Four Card Poker's role in the hole-card engine (:class:`crazy4.games.base.HoleCardRole`).

The dealer holds six cards, one face up: the up card is forced into every count already
(:mod:`crazy4.games.four_card.engine`); a seen hole card is one more forced card
(:mod:`crazy4.core.forced`). The cells are dealer lower / tie / higher (no qualifier), counted
below the player's strength ``v`` and ``v + 1``; the nets are those of
:func:`crazy4.games.four_card.pricing.price_situations`: ``(1 + m)`` times the showdown plus the
Ante Bonus, the Ante lost on a fold (its Ante Bonus kept unless ``paid_only_with_play``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from crazy4.core.decisions import FOLD, allowed_decisions
from crazy4.core.ranking import number_of_strengths
from crazy4.games.base import Settlement
from crazy4.games.four_card.pricing import (
    ante_bonus_payouts,
    bonus_on_fold,
    result_nets,
)
from crazy4.games.four_card.rules import four_card_rules

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

CELLS = ("dealer_lower", "tie", "dealer_higher")


class FourCardHoleCards:
    """Six dealer cards, one face up; one hole card seen.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> role = FourCardHoleCards()
    >>> s = role.settlement(load_rules("four-card-standard"))
    >>> s.nets[0, 0].tolist(), s.nets[0, 3].tolist(), s.wagers.tolist()
    ([-1, -1, -1], [4, 4, -4], [1, 2, 3, 4])
    """

    dealer_size = 6
    face_up = 1
    results_seen = 0
    most_seen = 1
    cells = CELLS
    main_bet = "ante_play"

    def thresholds(self, rules: RuleSet, strengths: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Below the player's strength and below it plus one."""
        values = np.asarray(strengths, dtype=np.int64)
        return np.stack([values, values + 1], axis=1)

    def cells_from_counts(
        self, below: npt.NDArray[np.int64], completions: int
    ) -> npt.NDArray[np.int64]:
        """Dealer lower, tie, dealer higher."""
        return np.stack([below[:, 0], below[:, 1] - below[:, 0], completions - below[:, 1]], axis=1)

    def settlement(self, rules: RuleSet) -> Settlement:
        """Ante + Play (+ Ante Bonus) per cell."""
        chosen = four_card_rules(rules)
        results = result_nets(chosen)
        payouts, unit = ante_bonus_payouts(chosen)
        on_fold = bonus_on_fold(chosen)
        strengths = np.arange(number_of_strengths())
        table = np.empty((strengths.shape[0], 4, len(CELLS)), dtype=np.int64)
        table[:, FOLD, :] = -unit + (payouts[:, None] if on_fold else 0)
        for multiple in (1, 2, 3):
            table[:, multiple, :] = (1 + multiple) * results[None, :] * unit + payouts[:, None]
        allowed = allowed_decisions(
            chosen.play.multiples, chosen.play.raise_minimum_strength, strengths
        )
        wagers = (1 + np.arange(4, dtype=np.int64)) * unit
        return Settlement(nets=table, allowed=allowed, wagers=wagers, unit=unit)
