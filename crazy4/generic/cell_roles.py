"""The hole-card role of a best-four game, from its dealer-outcome cells.

Both advantage engines (:mod:`crazy4.advantage.situation`, :mod:`crazy4.advantage.collusion`)
price a player hand from the dealer hands counted *below* a few strengths (thresholds that
depend on the player's strength and the rules). A game whose outcome cells are the differences
of those counts -- ``0 <= B(t_1) <= ... <= B(t_m) <= N`` cut the ``N`` dealer hands into
``m + 1`` cells -- needs to supply only the thresholds and the net of every decision in every
cell (a :class:`crazy4.spec.game.Settlement`); the rest is written once here:

* :class:`CellHoleCards` -- the :class:`crazy4.spec.game.HoleCardRole`;
* :func:`cell_evs` -- each decision's EV numerator is ``sum over cells of count * net(v, m,
  cell)``, on int64 or Python-integer arrays alike (the collusion role of every game,
  :class:`crazy4.generic.colluder.CellColluder`, prices with it too).

Crazy 4 Poker cuts at five thresholds around its qualifier (six cells), Four Card Poker at the
player's strength and one above it (dealer lower, tie, higher).

Examples
--------
>>> cells_between(np.array([[2, 3, 5, 7, 8]]), 10).tolist()
[[2, 1, 2, 2, 1, 2]]
>>> cells_between(np.array([[4, 6]], dtype=object), np.array([9], dtype=object)).tolist()
[[4, 2, 3]]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import RANKS
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.game import Settlement

IntArray = npt.NDArray[np.int64]

#: Strengths to count the dealer hands below, per player strength: ``(rules, strengths) -> (n, m)``.
Thresholds = Callable[[RuleSet, IntArray], IntArray]


def cells_between(below: IntArray, total: int | IntArray) -> IntArray:
    """The ``m + 1`` cells cut by the counts below ``m`` increasing thresholds, of ``total``.

    ``total`` is one number or one per row; an object array of Python integers stays one.
    """
    dtype = object if below.dtype == object else np.int64
    column = np.broadcast_to(np.asarray(total, dtype=dtype), (below.shape[0],))[:, None]
    edges = np.concatenate([np.zeros_like(column), below.astype(dtype), column], axis=1)
    cells: IntArray = np.diff(edges, axis=1)
    return cells


@dataclass(frozen=True)
class CellHoleCards:
    """A game's :class:`crazy4.spec.game.HoleCardRole` from its thresholds and settlement.

    Attributes
    ----------
    dealer_size, face_up, results_seen, most_seen, cells, main_bet
        As :class:`crazy4.spec.game.HoleCardRole` declares them.
    cut : callable
        ``(rules, strengths) -> thresholds``, increasing along each row.
    settle : callable
        ``rules -> Settlement``: every decision's net in every cell, by strength.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> role = CellHoleCards(6, 1, 0, 1, ("lower", "higher"), "ante_play",
    ...                      lambda rules, v: v[:, None], lambda rules: NotImplemented)
    >>> role.cells_from_counts(np.array([[3]]), 10).tolist()
    [[3, 7]]
    """

    dealer_size: int
    face_up: int
    results_seen: int
    most_seen: int
    cells: tuple[str, ...]
    main_bet: str
    cut: Thresholds
    settle: Callable[[RuleSet], Settlement]

    def thresholds(self, rules: RuleSet, strengths: IntArray) -> IntArray:
        """The game's thresholds for players of these strengths."""
        return self.cut(rules, np.asarray(strengths, dtype=np.int64))

    def cells_from_counts(self, below: IntArray, completions: int) -> IntArray:
        """The cells (:func:`cells_between`)."""
        return cells_between(below, completions)

    def settlement(self, rules: RuleSet) -> Settlement:
        """The game's settlement."""
        return self.settle(rules)


@cache
def settled(role: CellHoleCards, rules: RuleSet) -> Settlement:
    """:meth:`CellHoleCards.settlement`, once per role and rule set."""
    return role.settlement(rules)


def rank_mask(rule: str, up_rule: bool = False) -> int:
    """The 13-bit rank mask of a practical rule written as ranks (``"AK"``).

    Raises
    ------
    InputError
        For an empty rule or a letter that is no rank (``up_rule``: the game also has ``up``).

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
        expected = "'up' or ranks (2-9, T, J, Q, K, A)" if up_rule else (
            "ranks are 2-9, T, J, Q, K, A (e.g. AK)"
        )  # fmt: skip
        raise InputError(f"practical rule {rule!r}: {expected}")
    mask = 0
    for letter in text:
        mask |= 1 << RANKS.index(letter)
    return mask


def forfeited_side_bets(rules: RuleSet, main: Settlement) -> dict[str, Settlement]:
    """The side bets on the player's own hand that a fold forfeits, in the main game's cells
    (per unit of their own wager): paid on the hand whatever the dealer holds, lost on a fold.
    Those settled even on a fold are left out (the decision does not touch them).

    Examples
    --------
    >>> from crazy4.spec.game import game_of
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("crazy4-cardroom")
    >>> main = game_of(rules).hole_cards().settlement(rules)
    >>> bets = forfeited_side_bets(rules, main)
    >>> [(name, int(s.nets[0, 0, 0]), int(s.nets[-1, 1, 5])) for name, s in bets.items()]
    [('queens-up-50-30-9-4-3-2-1', -1, 50)]
    >>> forfeited_side_bets(load_rules("crazy4-standard"), main)
    {}
    """
    bets = {}
    for bet in rules.side_bets:
        if not bet.fold_forfeits:
            continue
        payouts, unit = bet.table.by_strength()
        net = np.where(payouts >= 0, payouts, -unit).astype(np.int64)
        table = np.broadcast_to(net[:, None, None], main.nets.shape).copy()
        table[:, 0, :] = -unit
        bets[bet.name] = Settlement(table, main.allowed, np.full(4, unit, dtype=np.int64), unit)
    return bets


def cell_evs(settlement: Settlement, strengths: IntArray, cells: IntArray) -> IntArray:
    """EV numerators of fold, 1x, 2x, 3x: each cell's count times its net, summed (the dtype
    of ``cells``: int64 or Python integers).

    Examples
    --------
    >>> nets = np.array([[[-1, -1], [2, -2], [4, -4], [6, -6]]])
    >>> s = Settlement(nets, np.ones((1, 4), bool), np.arange(1, 5), 1)
    >>> cell_evs(s, np.array([0]), np.array([[3, 1]])).tolist()
    [[-4, 4, 8, 12]]
    """
    nets = settlement.nets[strengths]
    ev = np.empty((cells.shape[0], 4), dtype=cells.dtype)
    for decision in range(4):
        total = cells[:, 0] * nets[:, decision, 0]
        for cell in range(1, cells.shape[1]):
            total = total + cells[:, cell] * nets[:, decision, cell]
        ev[:, decision] = total
    return ev
