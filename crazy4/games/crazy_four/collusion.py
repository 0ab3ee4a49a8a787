"""Crazy 4 Poker's collusion role (:class:`crazy4.games.collusion_role.ColludingGame`).

Prices from counts
------------------
For a colluder of best-four strength ``v`` and the dealer hands ``B(t)`` below strength ``t``
(out of ``N``, the hands of five of the unseen cards), the six outcome cells of
:data:`crazy4.games.crazy_four.outcomes.OUTCOME_CELLS` are, with ``q`` the qualifier strength,
differences of ``B`` at the five thresholds ``min(v, q)``, ``min(v+1, q)``, ``q``, ``max(v, q)``,
``max(v+1, q)`` (the engine's own split, ``README.md``, Method 4). Each decision's EV numerator
(over ``N * unit``) is ``Σ_cell count * net(v, m, cell)`` with the nets of the Ante, the Play
and the Super Bonus from :class:`crazy4.games.crazy_four.settle.Settlement` -- the settlement
the simulator and the validator use. Decisions above 1x need ``raise_minimum``.

Practical rules
---------------
A rule is a set of ranks (``"A"``, ``"AK"``, ``"AKQ"`` ...): the team shares only how many cards
of those ranks it holds (:mod:`crazy4.advantage.team`). Measured in ``docs/collusion.md``.

Examples
--------
>>> from crazy4.registry import load_rules
>>> role = CrazyFourColluder()
>>> role.thresholds(load_rules("crazy4-standard"), np.array([100, 2000])).tolist()
[[100, 101, 322, 322, 322], [322, 322, 322, 2000, 2001]]
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import RANKS
from crazy4.core.decisions import allowed_decisions
from crazy4.core.ranking import build_best_four_strengths, number_of_strengths
from crazy4.errors import InputError
from crazy4.games.crazy_four.rules import CrazyFourRules, crazy_four_rules
from crazy4.games.crazy_four.settle import Settlement
from crazy4.games.crazy_four.simulate import (
    MAX_SEATS,  # the table's seats: one number for both roles
)
from crazy4.rules.ruleset import RuleSet


@cache
def _nets(rules: CrazyFourRules) -> npt.NDArray[np.int64]:
    """Net numerator of Ante + Play + Super Bonus, shape (strengths, 4 decisions, 6 cells)."""
    settlement = Settlement.of(rules)
    strengths = np.arange(number_of_strengths())
    table = np.zeros((strengths.shape[0], 4, 6), dtype=np.int64)
    for multiple in range(4):
        for cell in range(6):
            nets = settlement.nets(
                strengths, np.full_like(strengths, multiple), np.full_like(strengths, cell)
            )
            table[:, multiple, cell] = nets["ante"] + nets["play"] + nets["super_bonus"]
    return table


def rank_mask(rule: str) -> int:
    """The 13-bit rank mask of a rule written as ranks (``"AK"``).

    Examples
    --------
    >>> bin(rank_mask("AK"))
    '0b1100000000000'
    >>> rank_mask("AX")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: practical rule 'AX': ranks are 2-9, T, J, Q, K, A (e.g. AK)
    """
    text = rule.strip().upper()
    if not text or any(letter not in RANKS for letter in text):
        raise InputError(f"practical rule {rule!r}: ranks are 2-9, T, J, Q, K, A (e.g. AK)")
    mask = 0
    for letter in text:
        mask |= 1 << RANKS.index(letter)
    return mask


class CrazyFourColluder:
    """The collusion role of Crazy 4 Poker (see the module docstring)."""

    max_seats = MAX_SEATS
    up_cards = 0
    practical_rules = ("A", "AK", "K", "AKQ")

    def player_table(self) -> npt.NDArray[np.uint16]:
        """Best four of five."""
        return build_best_four_strengths(5)

    def dealer_table(self) -> npt.NDArray[np.uint16]:
        """Best four of the dealer's five."""
        return build_best_four_strengths(5)

    def thresholds(self, rules: RuleSet, strengths: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """``min(v, q)``, ``min(v+1, q)``, ``q``, ``max(v, q)``, ``max(v+1, q)``."""
        q = crazy_four_rules(rules).dealer.qualifier_strength
        v = np.asarray(strengths, dtype=np.int64)
        return np.stack(
            [np.minimum(v, q), np.minimum(v + 1, q), np.full_like(v, q), np.maximum(v, q),
             np.maximum(v + 1, q)],
            axis=1,
        )  # fmt: skip

    def prices(
        self,
        rules: RuleSet,
        strengths: npt.NDArray[np.int64],
        below: npt.NDArray[np.int64],
        hands: npt.NDArray[np.int64],
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
        """EV numerators of fold, 1x, 2x, 3x from the six outcome cells."""
        chosen = crazy_four_rules(rules)
        nets = _nets(chosen)[np.asarray(strengths, dtype=np.int64)]
        edges = [below[:, j] for j in range(5)]
        cells = [edges[0]] + [edges[j] - edges[j - 1] for j in range(1, 5)] + [hands - edges[4]]
        ev = np.empty((below.shape[0], 4), dtype=below.dtype)
        for multiple in range(4):
            total = cells[0] * nets[:, multiple, 0]
            for cell in range(1, 6):
                total = total + cells[cell] * nets[:, multiple, cell]
            ev[:, multiple] = total
        allowed = allowed_decisions(
            chosen.play.multiples, chosen.play.raise_minimum_strength, strengths
        )
        return ev, allowed

    def unit(self, rules: RuleSet) -> int:
        """The settlement's unit."""
        return Settlement.of(crazy_four_rules(rules)).unit

    def honest_decisions(
        self, rules: RuleSet, colex: npt.NDArray[np.int64], up: npt.NDArray[np.int64] | None
    ) -> npt.NDArray[np.int64]:
        """The exact optimal strategy per hand class (:mod:`.reference`)."""
        from crazy4.games.crazy_four.reference import load_reference

        reference = load_reference(crazy_four_rules(rules))
        decided: npt.NDArray[np.int64] = reference.prices.decision[reference.class_of_hand[colex]]
        return decided

    def exact_edge(self, rules: RuleSet) -> Fraction:
        """Minus the exact EV of Ante + Super Bonus + Play under the optimal strategy."""
        from crazy4.games.crazy_four.reference import load_reference

        reference = load_reference(crazy_four_rules(rules))
        return -reference.exact_bets(reference.prices.decision)["ante_super_bonus_play"].mean

    def practical_ranks(
        self, rules: RuleSet, rule: str, up: npt.NDArray[np.int64] | None, deals: int
    ) -> npt.NDArray[np.int64]:
        """The ranks named by ``rule`` (the same every deal)."""
        return np.full(deals, rank_mask(rule), dtype=np.int64)
