"""The collusion role of every game, from its dealer-outcome cells: the counts of dealer hands
below a colluder's thresholds cut them into cells, and each decision's EV numerator is the sum
of count times net over the cells.

Examples
--------
>>> from crazy4.advantage.collusion import colluder_role
>>> from crazy4.registry import load_rules
>>> rules = load_rules("crazy4-standard")
>>> role = colluder_role(rules)
>>> role.shape.player_cards, role.up_cards, role.max_seats, role.unit(rules) > 0
(5, 0, 7, True)
>>> cells_between(np.array([[2, 3, 5, 7, 8]]), 10).tolist()
[[2, 1, 2, 2, 1, 2]]
>>> cells_between(np.array([[4, 6]], dtype=object), np.array([9], dtype=object)).tolist()
[[4, 2, 3]]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import RANKS
from crazy4.core.strength_table import StrengthTable
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import DealShape, Settlement

IntArray = npt.NDArray[np.int64]

#: Strengths to count the dealer hands below, per player strength: ``(rules, strengths) -> (n, m)``.
Thresholds = Callable[[RuleSet, IntArray], IntArray]
#: ``rules -> (settlements, unpriced)``: bets the decision settles beside the main game.
BetParts = Callable[[RuleSet], tuple[dict[str, Settlement], dict[str, str]]]

_SETTLED: dict[tuple[Callable[[RuleSet], Settlement], str], Settlement] = {}


def settled(settle: Callable[[RuleSet], Settlement], rules: RuleSet) -> Settlement:
    """``settle(rules)``, once per settlement and rule set (by its content hash)."""
    key = (settle, rules.content_hash)
    if key not in _SETTLED:
        _SETTLED[key] = settle(rules)
    return _SETTLED[key]


def cells_between(below: IntArray, total: int | IntArray) -> IntArray:
    """The ``m + 1`` cells cut by the counts below ``m`` increasing thresholds, of ``total``."""
    dtype = object if below.dtype == object else np.int64
    column = np.broadcast_to(np.asarray(total, dtype=dtype), (below.shape[0],))[:, None]
    edges = np.concatenate([np.zeros_like(column), below.astype(dtype), column], axis=1)
    cells: IntArray = np.diff(edges, axis=1)
    return cells


def cell_evs(settlement: Settlement, strengths: IntArray, cells: IntArray) -> IntArray:
    """EV numerators of fold, 1x, 2x, 3x: each cell's count times its net, summed.

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


def rank_mask(rule: str, up_rule: bool = False) -> int:
    """The 13-bit rank mask of a practical rule written as ranks (``"AK"``).

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


@dataclass(frozen=True)
class CellColluder:
    """A game's collusion role: what the collusion engine calls on a game (``practical_rules``:
    the recommended one first; ``"up"``: the up card's rank)."""

    main_bet: str
    cut: Thresholds
    settle: Callable[[RuleSet], Settlement]
    max_seats: int
    practical_rules: tuple[str, ...]
    honest: Callable[[RuleSet, IntArray, IntArray | None], IntArray]
    edge: Callable[[RuleSet], Fraction]
    shape: DealShape
    ranking: StrengthTable
    parts: BetParts | None = None

    @property
    def up_cards(self) -> int:
        """Dealer cards face up."""
        return self.shape.face_up

    def player_table(self) -> npt.NDArray[np.integer]:
        """The strength of the player's hand by colex index."""
        return self.ranking.strengths(self.shape.player_cards)

    def dealer_table(self) -> npt.NDArray[np.integer]:
        """The strength of the dealer's whole hand by colex index."""
        return self.ranking.strengths(self.shape.dealer_cards)

    def thresholds(self, rules: RuleSet, strengths: IntArray) -> IntArray:
        """The thresholds (:attr:`cut`)."""
        return self.cut(rules, np.asarray(strengths, dtype=np.int64))

    def prices(
        self, rules: RuleSet, strengths: IntArray, below: IntArray, hands: IntArray
    ) -> tuple[IntArray, npt.NDArray[np.bool_]]:
        """EV numerators of fold, 1x, 2x, 3x: each cell's count times its net, summed."""
        settlement = settled(self.settle, rules)
        v = np.asarray(strengths, dtype=np.int64)
        return cell_evs(settlement, v, cells_between(below, hands)), settlement.allowed[v]

    def bet_settlements(self, rules: RuleSet) -> tuple[dict[str, Settlement], dict[str, str]]:
        """The bets the decision settles that the cells price (main game first), and the rest.

        Examples
        --------
        >>> from crazy4.advantage.collusion import colluder_role
        >>> from crazy4.registry import load_rules
        >>> rules = load_rules("crazy4-standard")
        >>> priced, unpriced = colluder_role(rules).bet_settlements(rules)
        >>> list(priced), unpriced
        (['ante_super_bonus_play', 'ante_play', 'super_bonus'], {})
        >>> four = load_rules("four-card-standard")
        >>> priced, unpriced = colluder_role(four).bet_settlements(four)
        >>> list(priced), unpriced
        (['ante_play', 'bad_beat'], {})
        """
        parts, unpriced = self.parts(rules) if self.parts is not None else ({}, {})
        return {self.main_bet: settled(self.settle, rules), **parts}, unpriced

    def bet_prices(
        self, rules: RuleSet, strengths: IntArray, below: IntArray, hands: IntArray
    ) -> dict[str, IntArray]:
        """Every bet's EV numerators of fold, 1x, 2x, 3x (the main game's as :meth:`prices`)."""
        v = np.asarray(strengths, dtype=np.int64)
        cells = cells_between(below, hands)
        priced, _ = self.bet_settlements(rules)
        return {name: cell_evs(settlement, v, cells) for name, settlement in priced.items()}

    def unit(self, rules: RuleSet) -> int:
        """The settlement's unit."""
        return settled(self.settle, rules).unit

    def honest_decisions(self, rules: RuleSet, colex: IntArray, up: IntArray | None) -> IntArray:
        """The game's no-information optimum."""
        return self.honest(rules, colex, up)

    def exact_edge(self, rules: RuleSet) -> Fraction:
        """The game's exact house edge."""
        return self.edge(rules)

    def practical_ranks(
        self, rules: RuleSet, rule: str, up: IntArray | None, deals: int
    ) -> IntArray:
        """``up``: the up card's rank (games that deal one); else the ranks named (``"AK"``)."""
        if rule == "up" and self.up_cards:
            assert up is not None
            return (np.int64(1) << (np.asarray(up, dtype=np.int64) // 4)).astype(np.int64)
        return np.full(deals, rank_mask(rule, up_rule=bool(self.up_cards)), dtype=np.int64)
