"""Four Card Poker's collusion role (:class:`crazy4.games.collusion_role.ColludingGame`).

Prices from counts
------------------
Every dealer hand holds the up card; the five hidden cards are five of the unseen cards. For
a colluder of best-four strength ``v`` and the dealer hands ``B(t)`` below strength ``t`` (out
of ``N``), the dealer is lower ``L = B(v)``, ties ``T = B(v+1) - B(v)``, is higher
``H = N - B(v+1)``, and (:mod:`crazy4.games.four_card.pricing`)
``EV(m) = (1 + m)(L s_L + T s_T + H s_H) + b(v) N``, fold ``-N (+ b(v) N`` unless the Ante
Bonus is paid only with a Play bet), with the showdown nets ``s`` and the Ante Bonus ``b`` of
:class:`crazy4.games.four_card.settle.FourCardSettlement` (numerators over its unit).

Practical rule
--------------
``up``: the team shares only how many cards of the up card's rank it holds (S. How's rule);
a rank string (``"A"``) shares the count of fixed ranks instead.

Examples
--------
>>> from crazy4.registry import load_rules
>>> FourCardColluder().thresholds(load_rules("four-card-standard"), np.array([7])).tolist()
[[7, 8]]
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import RANKS
from crazy4.core.decisions import FOLD, allowed_decisions
from crazy4.core.ranking import build_best_four_strengths
from crazy4.errors import InputError
from crazy4.games.four_card.rules import FourCardRuleSet, four_card_rules
from crazy4.games.four_card.settle import FourCardSettlement
from crazy4.games.four_card.simulate import (
    MAX_SEATS,  # the table's seats: one number for both roles
)
from crazy4.rules.ruleset import RuleSet


@cache
def _settlement(rules: FourCardRuleSet) -> FourCardSettlement:
    return FourCardSettlement.of(rules)


class FourCardColluder:
    """The collusion role of Four Card Poker (see the module docstring)."""

    max_seats = MAX_SEATS
    up_cards = 1
    practical_rules = ("up",)

    def player_table(self) -> npt.NDArray[np.uint16]:
        """Best four of five."""
        return build_best_four_strengths(5)

    def dealer_table(self) -> npt.NDArray[np.uint16]:
        """Best four of the dealer's six."""
        return build_best_four_strengths(6)

    def thresholds(self, rules: RuleSet, strengths: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """``v`` and ``v + 1``."""
        v = np.asarray(strengths, dtype=np.int64)
        return np.stack([v, v + 1], axis=1)

    def prices(
        self,
        rules: RuleSet,
        strengths: npt.NDArray[np.int64],
        below: npt.NDArray[np.int64],
        hands: npt.NDArray[np.int64],
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
        """EV numerators of fold, 1x, 2x, 3x (see the module docstring)."""
        chosen = four_card_rules(rules)
        settle = _settlement(chosen)
        v = np.asarray(strengths, dtype=np.int64)
        lower, tie = below[:, 0], below[:, 1] - below[:, 0]
        higher = hands - below[:, 1]
        s = [int(x) for x in settle.showdown]
        showdown = lower * s[0] + tie * s[1] + higher * s[2]
        bonus = hands * settle.bonus[v].astype(np.int64)
        if below.dtype == object:
            bonus = hands * np.array([int(x) for x in settle.bonus[v]], dtype=object)
        ev = np.empty((below.shape[0], 4), dtype=below.dtype)
        ev[:, FOLD] = -hands * settle.unit + (bonus if settle.bonus_on_fold else 0)
        for multiple in (1, 2, 3):
            ev[:, multiple] = (1 + multiple) * showdown + bonus
        return ev, allowed_decisions(chosen.play.multiples, chosen.play.raise_minimum_strength, v)

    def unit(self, rules: RuleSet) -> int:
        """The settlement's unit."""
        return _settlement(four_card_rules(rules)).unit

    def honest_decisions(
        self, rules: RuleSet, colex: npt.NDArray[np.int64], up: npt.NDArray[np.int64] | None
    ) -> npt.NDArray[np.int64]:
        """The exact optimal decision per situation class (:mod:`.reference`)."""
        from crazy4.games.four_card.reference import load_fourcard_reference, situation_of

        assert up is not None
        reference = load_fourcard_reference(four_card_rules(rules))
        decided: npt.NDArray[np.int64] = reference.prices.decision[situation_of(colex, up)]
        return decided

    def exact_edge(self, rules: RuleSet) -> Fraction:
        """Minus the exact EV of Ante + Play under the optimal strategy."""
        from crazy4.games.four_card.analysis import MAIN_BET
        from crazy4.games.four_card.reference import load_fourcard_reference

        reference = load_fourcard_reference(four_card_rules(rules))
        bets = reference.exact_bets(reference.prices.decision)
        return -bets[MAIN_BET].mean

    def practical_ranks(
        self, rules: RuleSet, rule: str, up: npt.NDArray[np.int64] | None, deals: int
    ) -> npt.NDArray[np.int64]:
        """``up``: the up card's rank; else the ranks named (``"AK"``)."""
        if rule == "up":
            assert up is not None
            return (np.int64(1) << (np.asarray(up, dtype=np.int64) // 4)).astype(np.int64)
        text = rule.strip().upper()
        if not text or any(letter not in RANKS for letter in text):
            raise InputError(f"practical rule {rule!r}: 'up' or ranks (2-9, T, J, Q, K, A)")
        mask = 0
        for letter in text:
            mask |= 1 << RANKS.index(letter)
        return np.full(deals, mask, dtype=np.int64)
