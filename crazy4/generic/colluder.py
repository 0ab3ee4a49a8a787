"""The collusion role of every game, from its dealer-outcome cells.

The collusion engine (:mod:`crazy4.advantage.collusion`) prices a colluder's hand from the
dealer hands counted *below* a few strengths given every pooled card (thresholds that depend
on the player's strength and the rules). A game whose outcome cells are the differences of
those counts -- ``0 <= B(t_1) <= ... <= B(t_m) <= N`` cut the ``N`` dealer hands into
``m + 1`` cells -- needs to supply only its deal, its ranking, the thresholds and the net of
every decision in every cell (:class:`crazy4.generic.cell_roles.CellHoleCards`); each
decision's EV numerator is then ``sum over cells of count * net(v, m, cell)``
(:func:`crazy4.generic.cell_roles.cell_evs`), on int64 or Python-integer arrays alike.
:class:`CellColluder` is that role, the one :meth:`crazy4.spec.game.Game.colluder` returns for
every game: a specification's (:func:`crazy4.generic.collusion.spec_colluder`: its six cells)
and a best-four game's (its own cells: Crazy 4 Poker's six around the qualifier, Four Card
Poker's dealer lower, tie, higher).

Examples
--------
>>> from crazy4.spec.game import game_of
>>> from crazy4.registry import load_rules
>>> rules = load_rules("crazy4-standard")
>>> role = game_of(rules).colluder()
>>> role.shape.player_cards, role.up_cards, role.max_seats, role.unit(rules) > 0
(5, 0, 7, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from crazy4.core.strength_table import StrengthTable
from crazy4.generic.cell_roles import CellHoleCards, cell_evs, cells_between, rank_mask
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.game import Settlement
from crazy4.spec.specification import DealShape

IntArray = npt.NDArray[np.int64]

_SETTLED: dict[tuple[CellHoleCards, str], Settlement] = {}


def settled(role: CellHoleCards, rules: RuleSet) -> Settlement:
    """The role's settlement of ``rules``, once per role and rule set (by its content hash:
    a rule file declaring its game holds tables that do not hash)."""
    key = (role, rules.content_hash)
    if key not in _SETTLED:
        _SETTLED[key] = role.settlement(rules)
    return _SETTLED[key]


@dataclass(frozen=True)
class CellColluder:
    """A game's collusion role (:class:`crazy4.spec.collusion_role.ColludingGame`).

    Attributes
    ----------
    cell_role : CellHoleCards
        The cells, thresholds and settlement (the same as the hole-card engine's).
    max_seats : int
        The most seats at one table.
    practical_rules : tuple of str
        The practical team rules, the recommended one first (``"up"``: the up card's rank).
    honest : callable
        ``(rules, colex, up) -> decisions``: the no-information optimum of dealt hands.
    edge : callable
        ``rules -> Fraction``: the exact house edge of that strategy.
    shape : DealShape
        The deal (the player's cards, the dealer's, those face up, the cards of a hand).
    ranking : StrengthTable
        How the player's and the dealer's hands rank.
    parts : callable, optional
        ``rules -> (settlements, unpriced)``: the bets other than the main game that the
        decision settles, each in the same cells per unit of its own wager, by name, and those
        the cells cannot price, with the reason (:meth:`bet_settlements`).
    """

    cell_role: CellHoleCards
    max_seats: int
    practical_rules: tuple[str, ...]
    honest: Callable[[RuleSet, IntArray, IntArray | None], IntArray]
    edge: Callable[[RuleSet], Fraction]
    shape: DealShape
    ranking: StrengthTable
    parts: Callable[[RuleSet], tuple[dict[str, Settlement], dict[str, str]]] | None = None

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
        """The hole-card role's thresholds."""
        return self.cell_role.thresholds(rules, strengths)

    def prices(
        self, rules: RuleSet, strengths: IntArray, below: IntArray, hands: IntArray
    ) -> tuple[IntArray, npt.NDArray[np.bool_]]:
        """EV numerators of fold, 1x, 2x, 3x: each cell's count times its net, summed."""
        settlement = settled(self.cell_role, rules)
        v = np.asarray(strengths, dtype=np.int64)
        return cell_evs(settlement, v, cells_between(below, hands)), settlement.allowed[v]

    def bet_settlements(self, rules: RuleSet) -> tuple[dict[str, Settlement], dict[str, str]]:
        """The main game (:attr:`CellHoleCards.main_bet`) and the game's ``parts``.

        Examples
        --------
        >>> from crazy4.spec.game import game_of
        >>> from crazy4.registry import load_rules
        >>> rules = load_rules("crazy4-standard")
        >>> priced, unpriced = game_of(rules).colluder().bet_settlements(rules)
        >>> list(priced), unpriced
        (['ante_super_bonus_play', 'ante_play', 'super_bonus'], {})
        """
        parts, unpriced = self.parts(rules) if self.parts is not None else ({}, {})
        return {self.cell_role.main_bet: settled(self.cell_role, rules), **parts}, unpriced

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
        return settled(self.cell_role, rules).unit

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
