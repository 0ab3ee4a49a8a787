"""The :class:`~crazy4.spec.surveil_role.SurveilledTable` of a game priced by dealer-outcome
cells: planting and detection through its hole-card role (:class:`~crazy4.spec.game.HoleCardRole`)
and its collusion role (:class:`~crazy4.spec.collusion_role.ColludingGame`).

Crazy 4 Poker and Four Card Poker present this table (``game.surveilled()``); the engines
(:mod:`crazy4.advantage.plant`, :mod:`crazy4.advantage.detect`,
:mod:`crazy4.advantage.teamdetect`, :mod:`crazy4.advantage.groupdetect`) call it exactly as
they call a specification game's (:mod:`crazy4.generic.surveil`). Every price is exact:

* a hand with seen dealer cards is the hole-card engine's situation
  (:func:`crazy4.advantage.situation.situation_evs`);
* a team's pooled cards are the collusion engine's listing of every dealer hand from the
  unseen cards (:func:`crazy4.advantage.collusion.team_prices`; for one seat, the seat's
  thresholds only, :func:`crazy4.advantage.pooled.team_below`);
* a round is settled on the dealer's whole hand: its outcome cell from the dealer's best-four
  strength, and the :class:`~crazy4.spec.game.Settlement`'s net.

Examples
--------
>>> from crazy4.core.cards import parse_cards
>>> from crazy4.registry import load_rules
>>> from crazy4.spec.game import game_of
>>> rules = load_rules("crazy4-standard")
>>> table = game_of(rules).surveilled()
>>> hand = np.array([sorted(parse_cards("As Ad Ac Ah Kd"))])
>>> dealer = np.array([parse_cards("Ks Qd 8c 4h 2s")])
>>> net = table.settle(rules, hand, dealer, np.array([3]))
>>> int(net[0]) / table.unit(rules)  # 1 + 3 + 200 (quads)
204.0
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from crazy4.advantage.collusion import CollusionPlan, DealtTeam, team_prices
from crazy4.advantage.situation import situation_evs
from crazy4.core.cards import colex_indices
from crazy4.core.ranking import build_best_four_strengths
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.collusion_role import ColludingGame
from crazy4.spec.game import HoleCardRole

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


class CellSurveillance:
    """A game's surveillance table over its hole-card and collusion roles (module docstring).

    Parameters
    ----------
    title : str
        The game's name.
    player_cards : int
        Cards in a player's hand.
    hole : HoleCardRole
        The game's hole-card role (outcome cells, thresholds, settlement).
    colluder : callable
        Returns the game's collusion role (honest strategy, pooled prices, practical rules),
        called once, when first needed.
    """

    def __init__(
        self,
        title: str,
        player_cards: int,
        hole: HoleCardRole,
        colluder: Callable[[], ColludingGame],
    ) -> None:
        self._title, self._player_cards = title, player_cards
        self.hole, self._make_colluder = hole, colluder
        self._colluder: ColludingGame | None = None

    @property
    def colluder(self) -> ColludingGame:
        """The game's collusion role."""
        if self._colluder is None:
            self._colluder = self._make_colluder()
        return self._colluder

    @property
    def title(self) -> str:
        """The game's name."""
        return self._title

    @property
    def max_seats(self) -> int:
        """The collusion role's largest table (the simulator's)."""
        return self.colluder.max_seats

    @property
    def player_cards(self) -> int:
        """Cards in a player's hand."""
        return self._player_cards

    @property
    def dealer_size(self) -> int:
        """Cards in the dealer's hand."""
        return self.hole.dealer_size

    @property
    def face_up(self) -> int:
        """Dealer cards face up."""
        return self.hole.face_up

    @property
    def most_seen(self) -> int:
        """The most hidden dealer cards the hole-card engine analyses."""
        return self.hole.most_seen

    @property
    def main_bet(self) -> str:
        """The settled bets' name (a row of the ``bets`` table)."""
        return self.hole.main_bet

    @property
    def practical_rules(self) -> tuple[str, ...]:
        """The collusion role's practical team rules, the recommended one first."""
        return self.colluder.practical_rules

    def unit(self, rules: RuleSet) -> int:
        """The settlement's common denominator."""
        return self.hole.settlement(rules).unit

    def wagers(self, rules: RuleSet) -> IntArray:
        """Total wagered by each decision (the hole-card role's settlement)."""
        return self.hole.settlement(rules).wagers

    def honest_ev(self, rules: RuleSet) -> Fraction:
        """Minus the collusion role's exact house edge."""
        return -Fraction(self.colluder.exact_edge(rules))

    def _up_card(self, up: IntArray) -> IntArray | None:
        return up[:, 0] if self.colluder.up_cards else None

    def honest_decisions(self, rules: RuleSet, hands: IntArray, up: IntArray) -> IntArray:
        """The collusion role's no-information optimum of each hand (with the up card)."""
        colex = colex_indices(np.sort(hands, axis=1))
        decisions = self.colluder.honest_decisions(rules, colex, self._up_card(up))
        return decisions.astype(np.int64)

    def seen_evs(
        self, rules: RuleSet, hands: IntArray, known: IntArray
    ) -> tuple[IntArray, BoolArray, int]:
        """The hole-card situations (:func:`crazy4.advantage.situation.situation_evs`)."""
        return situation_evs(rules, hands, known)

    def team_evs(
        self, rules: RuleSet, team: IntArray, up: IntArray
    ) -> tuple[IntArray, BoolArray, int]:
        """Every member's prices given every pooled card, by the collusion engine
        (:func:`crazy4.advantage.collusion.team_prices`)."""
        n, k, _ = team.shape
        plan = CollusionPlan(rules, k, max(n, 1), 0)
        seen = np.zeros((n, 52), dtype=bool)
        seen[np.arange(n)[:, None], np.concatenate([team.reshape(n, -1), up], axis=1)] = True
        unseen = np.argsort(seen, axis=1, kind="stable")[:, : plan.unseen].astype(np.int64)
        _, ev, allowed = team_prices(plan, DealtTeam(team, self._up_card(up), unseen))
        scale = plan.dealer_hands * self.colluder.unit(rules)
        return ev.reshape(n, k, 4), allowed.reshape(n, k, 4), scale

    def seat_evs(
        self, rules: RuleSet, hands: IntArray, others: IntArray, up: IntArray
    ) -> tuple[IntArray, BoolArray, int]:
        """The seat's prices given the other seats' cards: the seat's thresholds only
        (:func:`crazy4.advantage.pooled.team_below`)."""
        from crazy4.advantage.pooled import team_below

        role = self.colluder
        n, others_count = hands.shape[0], others.shape[1]
        team = np.sort(np.concatenate([hands[:, None, :], others], axis=1), axis=2).astype(np.int64)
        seen = np.zeros((n, 52), dtype=bool)
        seen[np.arange(n)[:, None], team.reshape(n, -1)] = True
        forced = up[:, 0].astype(np.int64) if role.up_cards else None
        if forced is not None:
            seen[np.arange(n), forced] = True
        plan = CollusionPlan(rules, others_count + 1, max(n, 1), 0)
        unseen = np.argsort(seen, axis=1, kind="stable")[:, : plan.unseen].astype(np.int64)
        strengths = role.player_table()[colex_indices(team[:, 0])].astype(np.int64)
        thresholds = role.thresholds(rules, strengths)
        below = team_below(role, team, forced, unseen, thresholds)
        hands_count = np.full(n, plan.dealer_hands, dtype=np.int64)
        ev, allowed = role.prices(rules, strengths, below, hands_count)
        return ev, allowed, plan.dealer_hands * role.unit(rules)

    def practical_decisions(
        self, rules: RuleSet, rule: str, team: IntArray, up: IntArray
    ) -> IntArray:
        """Each member's decision ``(n, k)`` under the practical rule ``rule``
        (:func:`crazy4.advantage.team.practical_decisions`)."""
        from crazy4.advantage.team import practical_decisions

        role, up_card = self.colluder, self._up_card(up)
        ranks = role.practical_ranks(rules, rule, up_card, team.shape[0])
        return practical_decisions(role, rules, team, up_card, ranks)

    def settle(
        self, rules: RuleSet, hands: IntArray, dealer: IntArray, decisions: IntArray
    ) -> IntArray:
        """The main bets' nets on the dealer's whole hand: its outcome cell from its best-four
        strength, and the settlement's net."""
        hole = self.hole
        settlement = hole.settlement(rules)
        player = build_best_four_strengths(self.player_cards)
        strengths = player[colex_indices(hands)].astype(np.int64)
        table = build_best_four_strengths(hole.dealer_size)
        dealt = table[colex_indices(np.sort(dealer, axis=1))].astype(np.int64)
        below = (dealt[:, None] < hole.thresholds(rules, strengths)).astype(np.int64)
        cell = np.argmax(hole.cells_from_counts(below, 1), axis=1)
        return np.asarray(settlement.nets[strengths, decisions, cell], dtype=np.int64)
