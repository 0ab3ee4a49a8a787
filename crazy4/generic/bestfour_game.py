"""A best-four-of-five game as the registry's :class:`crazy4.spec.game.Game`, written once.

Crazy 4 Poker and Four Card Poker are each a subclass of :class:`BestFourGame` holding the
game's data (its key, title, deal, bets and texts) and a few hooks that name its parts: its
rule set, its analysis, and the game as a specification (:attr:`BestFourGame.spec`). One hand
(``crazy4 hand``), the report, the simulator and the validator are the specification engines'
jobs (:mod:`crazy4.generic.hand`, :mod:`crazy4.generic.report`, :mod:`crazy4.generic.simulate`,
:mod:`crazy4.generic.validate`) as for every game; hole cards are the one hole-card engine's
over :attr:`BestFourGame.spec`, and collusion and surveillance the specification's roles as for
every game (:class:`crazy4.generic.roles.SpecRoles`: the game names its practical team rules,
:attr:`~crazy4.generic.roles.SpecRoles.team_rules`, and the parts of its main game a colluding
table values apart, :meth:`~crazy4.generic.roles.SpecRoles.bet_parts`); the analysis handed to
the drivers is every game's (:func:`crazy4.generic.analysis_record.game_analysis`) over it.

The hooks import the game's heavy modules when first called, so registering a game or reading a
rule file loads none of them. The simulator is built once per game and process (it keeps the
tables each plan derives).

Examples
--------
>>> from crazy4.registry import game_named
>>> game = game_named("four-card-poker")
>>> isinstance(game, BestFourGame), game.dealer_cards, game.spec.shape.face_up
(True, (6, 1), 1)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from crazy4.generic.roles import SpecRoles
from crazy4.spec.game import GameAnalysis, Progress

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.rules.ruleset import RuleSet
    from crazy4.rules.sections import Section
    from crazy4.simulate.game import SimulatedGame
    from crazy4.spec.specification import GameSpec
    from crazy4.validate.game import ValidatedGame

#: The simulator of each game class, built once per process (:meth:`BestFourGame.simulator`).
_SIMULATORS: dict[type, SimulatedGame] = {}


class BestFourGame(SpecRoles, ABC):
    """A best-four-of-five game: data and hooks (module docstring).

    Attributes
    ----------
    key, title : str
        The rule file's ``game`` and the game's name.
    dealer_cards : tuple of int
        The dealer's cards and how many of them are face up (0 or 1).
    player_cards : int
        The player's cards (five).
    required_multiples : tuple of int
        The Play multiples every rule set allows (a 1x Play bet).
    published_deals : int
        The total of player/dealer deals as the game's rules document states it (a literal,
        quoted from the rules; :func:`crazy4.testing.check_game` checks it against the cards).
    side_bet_label, side_bet_key : str
        What the game calls its bets on the player's own hand (``"Queens Up"``), and their log
        column (``"queens_up"``).
    main_bet : str
        The ``bets`` row of the whole mandatory game.
    published_seen : int
        The seen cards of the hole-card tables ``crazy4 analyze --hole-cards`` publishes.
    """

    key: ClassVar[str]
    title: ClassVar[str]
    dealer_cards: ClassVar[tuple[int, int]]
    player_cards: ClassVar[int] = 5
    required_multiples: ClassVar[tuple[int, ...]] = (1,)
    published_deals: ClassVar[int]
    side_bet_label: ClassVar[str]
    side_bet_key: ClassVar[str]
    main_bet: ClassVar[str]
    published_seen: ClassVar[int]
    #: The rule files the game brings: none, the package ships its rule sets.
    rule_files: ClassVar[tuple[str, ...]] = ()

    @abstractmethod
    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """Read the game's own rule sections onto the common keys (marking them taken)."""

    @abstractmethod
    def rules_of(self, rules: RuleSet) -> Any:
        """The game's typed rule set of ``rules`` (an :class:`InputError` for another game's)."""

    def strength_of(self, description: str) -> int:
        """The strength a hand description names: the best four of five cards' ranking
        (:func:`crazy4.core.ranking.strength_of_description`), how the rule file's ``qualifier``
        and ``raise_minimum`` are read.

        Examples
        --------
        >>> from crazy4.registry import game_named
        >>> game_named("crazy-4-poker").strength_of("K high") > 0
        True
        """
        from crazy4.core.ranking import strength_of_description

        return strength_of_description(description)

    @property
    @abstractmethod
    def spec(self) -> GameSpec:
        """The game as a specification: what the engines that take one read (hole cards)."""

    def hole_card_tables(
        self,
        rules: RuleSet,
        seen: int,
        groups: list[str],
        jobs: int,
        sample: int = 0,
        *,
        progress: Callable[[int], None] | None = None,
        sink: Callable[[dict[str, Any]], None] | None = None,
    ) -> dict[str, pd.DataFrame]:
        """The chart tables of ``seen`` seen cards, from the one hole-card engine over
        :attr:`spec` (:func:`crazy4.generic.holecards.chart_tables`)."""
        from crazy4.generic.holecards import chart_tables

        return chart_tables(rules, seen, groups, jobs, sample, progress=progress, sink=sink)

    def hole_card_situation(
        self, rules: RuleSet, hand: str, up: str | None, seen: str | None
    ) -> str:
        """One situation's exact prices, as ``--hand`` prints them, from the one hole-card
        engine's counting over :attr:`spec`
        (:func:`crazy4.generic.holecard_situation.decision_text`)."""
        from crazy4.generic.holecard_situation import decision_text

        return decision_text(self.spec, rules, hand, up, seen)

    def analysis_steps(self, rules: RuleSet) -> int:
        """Counts and prices, then tables (the rule set checked to be the game's)."""
        self.rules_of(rules)
        return 2

    def prepare(self, rules: RuleSet) -> None:
        """Start what a cold analysis waits for first (a kernel compile), and return at once:
        nothing by default, which is correct (the analysis starts what it needs itself)."""
        del rules

    def analyze(
        self,
        rules: RuleSet,
        *,
        jobs: int,
        progress: Progress,
    ) -> GameAnalysis:
        """Counts, prices, bets, tables and the report, as for every game
        (:func:`crazy4.generic.analysis_record.game_analysis`, the rule set checked to be the
        game's); the analysis kept as the state what extends the game reads."""
        from crazy4.generic.analysis_record import game_analysis

        return game_analysis(self.spec, self.rules_of(rules), jobs=jobs, progress=progress)

    def hand_result(
        self, rules: RuleSet, cards: tuple[int, ...], up: int | None
    ) -> dict[str, object]:
        """One hand's dealer outcomes, EVs and optimal decision, every dealer hand from the
        other cards listed (:func:`crazy4.generic.hand.spec_hand_result`)."""
        from crazy4.generic.hand import spec_hand_result

        return spec_hand_result(self.spec, rules, cards, up)

    def hand_text(self, result: dict[str, object]) -> str:
        """The lines ``crazy4 hand`` prints."""
        from crazy4.generic.hand import spec_hand_text

        return spec_hand_text(result)

    def simulator(self) -> SimulatedGame:
        """The one spec simulator over :attr:`spec` (:class:`crazy4.generic.simulate.
        SpecSimulator`), one per game and process."""
        simulator = _SIMULATORS.get(type(self))
        if simulator is None:
            from crazy4.generic.simulate import SpecSimulator

            simulator = _SIMULATORS.setdefault(type(self), SpecSimulator(self.spec))
        return simulator

    def validator(self) -> ValidatedGame:
        """The one spec validator over :attr:`spec`
        (:class:`crazy4.generic.validate.SpecValidator`), as every game's."""
        from crazy4.generic.simulate import SpecSimulator
        from crazy4.generic.validate import SpecValidator

        simulator = self.simulator()
        assert isinstance(simulator, SpecSimulator)
        return SpecValidator(self.spec, simulator)
