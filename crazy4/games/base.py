"""The interface every game implements, and what its analysis hands to the drivers.

A game (Crazy 4 Poker, Four Card Poker) is one object implementing :class:`Game`. The drivers
(:mod:`crazy4.rules.load`, :mod:`crazy4.pipeline`, the simulator, the validator, the CLI and the
reports) reach a game only through this interface, found by the rule file's ``game`` in
:mod:`crazy4.games.registry`; nothing outside the registry compares game names or probes which
game-specific fields a rule set has.

What a game provides, by role:

* **rules** -- :attr:`Game.key`, :attr:`Game.title`, :attr:`Game.dealer_cards` and
  :meth:`Game.read_sections`, which reads the game's own rule sections into its typed
  :class:`~crazy4.rules.ruleset.RuleSet` subclass;
* **exact analysis** -- :meth:`Game.analysis_steps` and :meth:`Game.analyze`: counts, pricing,
  bets, tables and the report, as a :class:`GameAnalysis`;
* **one hand** -- :meth:`Game.hand_result` and :meth:`Game.hand_text`;
* **simulation** -- :meth:`Game.simulator`, the :class:`crazy4.simulate.game.SimulatedGame`
  role;
* **validation** -- :meth:`Game.validator`, the :class:`crazy4.validate.game.ValidatedGame`
  role;
* **collusion** -- :meth:`Game.colluder`, the
  :class:`crazy4.advantage.collusion_role.ColludingGame` role.

The conformance suite (``tests/test_conformance.py``) runs the same checks against every
registered game and every shipped rule set, in the spirit of scikit-learn's
``check_estimator``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.advantage.collusion_role import ColludingGame
    from crazy4.rules.ruleset import RuleSet
    from crazy4.rules.sections import Section
    from crazy4.simulate.game import SimulatedGame
    from crazy4.validate.game import ValidatedGame

#: Reports progress: called with a short message after each step.
Progress = Callable[[str], None]


@dataclass(frozen=True)
class GameAnalysis:
    """A game's exact analysis of one rule set, ready to be written.

    Attributes
    ----------
    tables : dict of str to DataFrame
        Written as ``<name>.parquet``.
    main_bet : str
        The bet (a row of the ``bets`` table) the headline figures are for.
    deals : int
        The number of deals counted (the game's cycle).
    details : dict
        Extra provenance (for example the card room's simulation seed).
    render_report : callable
        Renders the Markdown report, given the provenance record.
    """

    tables: dict[str, pd.DataFrame] = field(repr=False)
    main_bet: str
    deals: int
    details: dict[str, object]
    render_report: Callable[[dict[str, object]], str] = field(repr=False)


class Game(Protocol):
    """What every game provides (see the module docstring for the roles)."""

    @property
    def key(self) -> str:
        """The rule file's ``game`` (``"crazy-4-poker"``)."""
        ...

    @property
    def title(self) -> str:
        """The game's name as printed (``"Crazy 4 Poker"``)."""
        ...

    @property
    def dealer_cards(self) -> tuple[int, int]:
        """The dealer's cards and how many of them are face up."""
        ...

    @property
    def side_bet_label(self) -> str:
        """What the game calls its bets on the player's own hand (``"Queens Up"``)."""
        ...

    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """Read the game's own rule sections onto the common keys (marking them taken)."""
        ...

    def analysis_steps(self, rules: RuleSet) -> int:
        """How many times :meth:`analyze` calls ``progress``."""
        ...

    def analyze(
        self,
        rules: RuleSet,
        *,
        jobs: int,
        progress: Progress,
        simulate_rounds: int | None,
        seed: int | None,
    ) -> GameAnalysis:
        """The exact analysis: counts, prices, bets, tables and the report."""
        ...

    def hand_result(
        self, rules: RuleSet, cards: tuple[int, ...], up: int | None
    ) -> dict[str, object]:
        """One hand's exact dealer outcomes, EVs and optimal decision (JSON-ready)."""
        ...

    def hand_text(self, result: dict[str, object]) -> str:
        """:meth:`hand_result` as the lines ``crazy4 hand`` prints."""
        ...

    def simulator(self) -> SimulatedGame:
        """The simulator's role of this game."""
        ...

    def validator(self) -> ValidatedGame:
        """The validator's role of this game."""
        ...

    def colluder(self) -> ColludingGame:
        """The collusion role of this game."""
        ...
