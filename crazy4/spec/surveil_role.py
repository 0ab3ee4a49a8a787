"""The surveillance role: what planting (:mod:`crazy4.advantage.plant`) and detection
(:mod:`crazy4.advantage.detect`, :mod:`crazy4.advantage.teamdetect`,
:mod:`crazy4.advantage.groupdetect`) need of a game.

Every game hands the engines a :class:`SurveilledTable` (:meth:`crazy4.spec.game.Game.surveilled`):
its exact prices of a hand given seen dealer cards or pooled team cards, its no-information
decisions, its settlement on the dealer's whole hand, and the practical team rules it knows
(possibly none). Every game's is built from its specification (:mod:`crazy4.advantage.surveil`,
through :meth:`crazy4.game.SpecGame.surveilled`). Hands are
sorted card codes of :attr:`SurveilledTable.player_cards` cards; EVs are integer numerators
over a stated denominator, per unit of Ante.

Why a protocol: the role has one implementation,
:class:`crazy4.advantage.surveil.SpecSurveillance`, but its callers (:mod:`crazy4.advantage`'s
planting, detection, the hole-card seat and one situation's prices) cannot name that class: the
generic engines import the advantage ones (the surveillance and collusion engines run
:mod:`crazy4.advantage.collusion`, the hole-card engine its compiled pricing), so an import of
:mod:`crazy4.generic` from :mod:`crazy4.advantage`, even inside a function or under
``TYPE_CHECKING``, would close a loop between the two units (``tests/test_structure.py``). The
protocol sits below both; :meth:`crazy4.spec.game.Game.surveilled` returns it.

Imports no engine.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from crazy4.rules.ruleset import RuleSet

    IntArray = npt.NDArray[np.int64]
    BoolArray = npt.NDArray[np.bool_]


class SurveilledTable(Protocol):
    """A game's own engines as planting and detection call them (module docstring)."""

    @property
    def title(self) -> str:
        """The game's name as printed."""
        ...

    @property
    def max_seats(self) -> int:
        """The most seats at one table."""
        ...

    @property
    def player_cards(self) -> int:
        """Cards in a player's hand."""
        ...

    @property
    def dealer_size(self) -> int:
        """Cards in the dealer's hand."""
        ...

    @property
    def face_up(self) -> int:
        """Dealer cards every player sees by the rules."""
        ...

    @property
    def most_seen(self) -> int:
        """The most hidden dealer cards a hole-carder is analysed with."""
        ...

    @property
    def main_bet(self) -> str:
        """What the settled bets are called (a row name of the ``bets`` table)."""
        ...

    @property
    def practical_rules(self) -> tuple[str, ...]:
        """The practical team rules (only a count of some ranks is shared), the recommended one
        first; empty when the game knows none (then only full pooling is planted and tested)."""
        ...

    def unit(self, rules: RuleSet) -> int:
        """The common denominator of the pay tables."""
        ...

    def wagers(self, rules: RuleSet) -> IntArray:
        """Total wagered by fold, 1x, 2x, 3x (numerators over :meth:`unit`, in Antes)."""
        ...

    def honest_ev(self, rules: RuleSet) -> Fraction:
        """The exact EV per Ante of the no-information optimal strategy."""
        ...

    def honest_decisions(self, rules: RuleSet, hands: IntArray, up: IntArray) -> IntArray:
        """The no-information optimal decision of each hand ``(n, p)`` (with the up cards)."""
        ...

    def seen_evs(
        self, rules: RuleSet, hands: IntArray, known: IntArray
    ) -> tuple[IntArray, BoolArray, int]:
        """EV numerators of fold, 1x, 2x, 3x ``(n, 4)`` of each hand given the dealer cards it
        knows ``(n, f)`` (up cards first), the allowed decisions, and the common denominator."""
        ...

    def team_evs(
        self, rules: RuleSet, team: IntArray, up: IntArray
    ) -> tuple[IntArray, BoolArray, int]:
        """EV numerators ``(n, k, 4)`` of each member of a team ``(n, k, p)`` given every pooled
        card (and the up cards), the allowed decisions ``(n, k, 4)`` and the denominator."""
        ...

    def seat_evs(
        self, rules: RuleSet, hands: IntArray, others: IntArray, up: IntArray
    ) -> tuple[IntArray, BoolArray, int]:
        """:meth:`team_evs` of the seat ``hands`` ``(n, p)`` only, its team the other seats'
        hands ``(n, k - 1, p)``: EV numerators ``(n, 4)``, allowed ``(n, 4)``, denominator."""
        ...

    def practical_decisions(
        self, rules: RuleSet, rule: str, team: IntArray, up: IntArray
    ) -> IntArray:
        """Each member's decision ``(n, k)`` when the team ``(n, k, p)`` shares only what the
        practical rule ``rule`` (one of :attr:`practical_rules`) shares."""
        ...

    def settle(
        self, rules: RuleSet, hands: IntArray, dealer: IntArray, decisions: IntArray
    ) -> IntArray:
        """Net numerators (over :meth:`unit`, per Ante) of the main bets of each hand against
        the dealer's whole hand ``(n, dealer_size)``."""
        ...
