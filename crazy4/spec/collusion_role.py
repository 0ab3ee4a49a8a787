"""The collusion role of a game: what :mod:`crazy4.advantage.collusion` needs from each game.

The driver owns what does not depend on the game: dealing the team's cards from seeded chunks,
listing the dealer hands from the unseen cards (:mod:`crazy4.advantage.collusion_kernel`), the
practical team rules' weights (:mod:`crazy4.advantage.team`), the sums and standard errors. A
game (the one the rule set carries, :func:`crazy4.spec.game.game_of`, its role by
:meth:`crazy4.spec.game.Game.colluder`) provides:

* **the table** -- its largest table (:attr:`ColludingGame.max_seats`, the simulator's), its
  deal (:attr:`ColludingGame.shape`: the player's cards, the dealer's, how many face up) and
  its ranking (:attr:`ColludingGame.ranking`: the strength of the player's and of the dealer's
  hand by colex index);
* **prices** -- the thresholds at which the dealer hands are counted for a player strength, and
  from those counts the exact EV numerator of every decision (fold, 1x, 2x, 3x) with the
  decisions the rules allow, by the game's own settlement (:meth:`ColludingGame.prices`);
* **the honest strategy** -- the no-information optimal decision of a dealt hand (and up card);
* **practical rules** -- which ranks a practical team rule shares the count of;
* **the bets a decision settles** -- the main game and each bet whose result depends on the
  decision (a component of the main game, a bet a fold forfeits), each priced per unit of its
  own wager in the same cells (:meth:`ColludingGame.bet_settlements`), and the ones that
  depend on the decision but cannot be priced from the cells, with the reason.

Why a protocol: the role has one implementation, :class:`crazy4.advantage.colluder.CellColluder`
(from any specification, :func:`crazy4.advantage.collusion_engine.spec_colluder`), but its callers
(:mod:`crazy4.advantage.collusion`, ``faceup``, ``pooled``, ``team``) cannot name that class:
the generic engines import the advantage ones (the collusion engine runs
:mod:`crazy4.advantage.collusion`, the hole-card engine its compiled pricing), so an import of
:mod:`crazy4.generic` from :mod:`crazy4.advantage`, even inside a function or under
``TYPE_CHECKING``, would close a loop between the two units (``tests/test_structure.py``). The
protocol sits below both; :meth:`crazy4.spec.game.Game.colluder` returns it.

Imports no engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from crazy4.core.strength_table import StrengthTable
    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.settlement import Settlement
    from crazy4.spec.specification import DealShape


class ColludingGame(Protocol):
    """What the collusion engine calls on a game (see the module docstring)."""

    @property
    def max_seats(self) -> int:
        """The most seats at one table (the simulator's largest table)."""
        ...

    @property
    def shape(self) -> DealShape:
        """The deal: the player's cards, the dealer's, those face up, the cards of a hand."""
        ...

    @property
    def ranking(self) -> StrengthTable:
        """How hands rank (the player's and the dealer's)."""
        ...

    @property
    def up_cards(self) -> int:
        """Dealer cards face up (0 or 1: the engine refuses more); the others are hidden."""
        ...

    @property
    def practical_rules(self) -> tuple[str, ...]:
        """Names of the practical team rules, the recommended one first."""
        ...

    def player_table(self) -> npt.NDArray[np.integer]:
        """Strength of the player's hand by colex index."""
        ...

    def dealer_table(self) -> npt.NDArray[np.integer]:
        """Strength of the dealer's whole hand (up cards included) by colex index."""
        ...

    def thresholds(self, rules: RuleSet, strengths: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Strengths, shape ``(n, t)``, below which the dealer hands are counted for players of
        the given strengths."""
        ...

    def prices(
        self,
        rules: RuleSet,
        strengths: npt.NDArray[np.int64],
        below: npt.NDArray[np.int64],
        hands: npt.NDArray[np.int64],
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
        """EV numerators (over ``hands * unit``) of fold, 1x, 2x, 3x and the allowed decisions,
        shape ``(n, 4)`` each, from the dealer hands below each threshold (``below``, shape
        ``(n, t)``) out of ``hands`` (shape ``(n,)``). Works on int64 or Python-integer arrays."""
        ...

    def unit(self, rules: RuleSet) -> int:
        """The common denominator of the game's pay tables (EVs are over ``hands * unit``)."""
        ...

    def honest_decisions(
        self, rules: RuleSet, colex: npt.NDArray[np.int64], up: npt.NDArray[np.int64] | None
    ) -> npt.NDArray[np.int64]:
        """The no-information optimal decision of each dealt hand (with the up card)."""
        ...

    def exact_edge(self, rules: RuleSet) -> Fraction:
        """The exact house edge (per Ante) of the no-information optimal strategy."""
        ...

    def practical_ranks(
        self, rules: RuleSet, rule: str, up: npt.NDArray[np.int64] | None, deals: int
    ) -> npt.NDArray[np.int64]:
        """Per deal, the 13-bit mask of ranks whose count the team shares under ``rule``."""
        ...

    def bet_settlements(self, rules: RuleSet) -> tuple[Mapping[str, Settlement], dict[str, str]]:
        """Every bet the decision settles that the cells price, by its name in the exact
        analysis' ``bets`` table (the main game first, then its components and the bets a fold
        forfeits, each per unit of its own wager), and the names of those the cells cannot
        price, with the reason."""
        ...

    def bet_prices(
        self,
        rules: RuleSet,
        strengths: npt.NDArray[np.int64],
        below: npt.NDArray[np.int64],
        hands: npt.NDArray[np.int64],
    ) -> dict[str, npt.NDArray[np.int64]]:
        """:meth:`prices`' EV numerators, shape ``(n, 4)``, of every bet of
        :meth:`bet_settlements` (each over ``hands`` times its own unit)."""
        ...
