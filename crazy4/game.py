"""The game: one class for every game, :class:`SpecGame` over its specification, which runs
every engine for the drivers (the pipeline, the command line, :mod:`crazy4.testing`).

Every registered game is a :class:`SpecGame` over its specification: Crazy 4 Poker, Four Card
Poker, Three Card Poker and the games declared in rule files. What tells two games apart is
the specification's data, the members a game may leave out among it (those of
:class:`crazy4.spec.specification.GameSpec` with a default): its practical team rules and the
bets of its main game a colluding table values apart (read by the collusion and surveillance
roles, :func:`crazy4.advantage.collusion.colluder_role`,
:func:`crazy4.advantage.surveil.surveillance_of`, which like the simulator and the validator
take the game's :attr:`~SpecGame.spec`), the seen cards its hole-card tables are published for
and their vocabulary (:meth:`SpecGame.hole_card_tables`, :meth:`SpecGame.hole_card_situation`).
Each method imports the engine it runs when first called.

Examples
--------
>>> from crazy4.games.three_card.game import THREE_CARD
>>> game = SpecGame(THREE_CARD)
>>> game.key, game.dealer_cards, game.player_cards
('three-card-poker', (3, 0), 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from crazy4.spec.game import GameAnalysis, Progress
from crazy4.spec.specification import GameSpec

if TYPE_CHECKING:
    from collections.abc import Callable

    import pandas as pd

    from crazy4.rules.ruleset import RuleSet
    from crazy4.rules.sections import Section


class SpecGame:
    """The game of a :class:`crazy4.spec.specification.GameSpec`: what the registry holds and
    the drivers run (module docstring).

    Attributes
    ----------
    spec : GameSpec
        The game as data: what every engine below reads
        (:func:`crazy4.spec.game.spec_of` hands it to them from a rule set).
    """

    spec: GameSpec

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec

    def __eq__(self, other: object) -> bool:
        """Games of one class and one specification are the same game (a rule file that
        declares a registered game's specification is read by the registered one)."""
        return type(other) is type(self) and other.spec == self.spec

    def __hash__(self) -> int:
        """By class and specification."""
        return hash((type(self), self.spec))

    def __reduce__(self) -> tuple[type[SpecGame], tuple[GameSpec]]:
        """Pickled as its class and specification (a rule set carries its game to worker
        processes; a subclass keeps what it adds, its rule files say)."""
        return type(self), (self.spec,)

    @property
    def key(self) -> str:
        """The rule file's ``game``."""
        return self.spec.key

    @property
    def title(self) -> str:
        """The game's name."""
        return self.spec.title

    @property
    def dealer_cards(self) -> tuple[int, int]:
        """The dealer's cards and how many are face up."""
        return self.spec.shape.dealer_cards, self.spec.shape.face_up

    @property
    def player_cards(self) -> int:
        """The player's cards."""
        return self.spec.shape.player_cards

    @property
    def required_multiples(self) -> tuple[int, ...]:
        """The Play multiples every rule set allows."""
        return self.spec.required_multiples

    @property
    def published_deals(self) -> int:
        """The deals the game's rules document states."""
        return self.spec.published_deals

    @property
    def side_bet_label(self) -> str:
        """The side bet's name."""
        return self.spec.side_bet_label

    #: The rule files the game brings (none: the package ships its rule sets; a subclass
    #: registered from outside the package names its own).
    rule_files: tuple[str, ...] = ()

    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """The game's own rule sections."""
        return self.spec.read_sections(top, common)

    def strength_of(self, description: str) -> int:
        """The strength a hand description names in the game's ranking: how the rule file's
        ``qualifier`` and ``raise_minimum`` are read (:class:`crazy4.rules.load.RuleReader`)."""
        return self.spec.ranking.strength_of(description)

    def analysis_steps(self, rules: RuleSet) -> int:
        """Counts and prices, then tables."""
        return 2

    def prepare(self, rules: RuleSet) -> None:
        """Start the count's compile when the analysis will count
        (:func:`crazy4.analyze.counting.start_count`)."""
        from crazy4.analyze.counting import start_count

        start_count(self.spec.shape, self.spec.ranking, self.spec.qualifier(rules))

    def analyze(
        self,
        rules: RuleSet,
        *,
        jobs: int,
        progress: Progress,
    ) -> GameAnalysis:
        """Counts, prices, tables and the report
        (:func:`crazy4.analyze.record.game_analysis`)."""
        from crazy4.analyze.record import game_analysis

        return game_analysis(self.spec, rules, jobs=jobs, progress=progress)

    def hand_result(
        self, rules: RuleSet, cards: tuple[int, ...], up: int | None
    ) -> dict[str, object]:
        """Every dealer hand from the other cards listed."""
        from crazy4.report.hand import spec_hand_result

        return spec_hand_result(self.spec, rules, cards, up)

    def hand_text(self, result: dict[str, object]) -> str:
        """The lines ``crazy4 hand`` prints."""
        from crazy4.report.hand import spec_hand_text

        return spec_hand_text(result)

    @property
    def published_seen(self) -> int:
        """The specification's :attr:`~crazy4.spec.specification.GameSpec.published_seen`, else
        one seen card while its situations are few
        (:func:`crazy4.advantage.holecards.published_seen`). The hole-card engine is imported
        only then: the engine's import (numba's with it) is half a second an analysis may not
        need."""
        seen = self.spec.published_seen
        if seen is not None:
            return seen
        from crazy4.advantage.holecards import published_seen

        return published_seen(self.spec.shape)

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
        """The tables of ``seen`` seen cards in the specification's
        :attr:`~crazy4.spec.specification.GameSpec.hole_card_form`
        (:data:`crazy4.advantage.holecards.TABLE_FORMS`)."""
        from crazy4.advantage.holecards import TABLE_FORMS

        tables = TABLE_FORMS[self.spec.hole_card_form]
        return tables(rules, seen, groups, jobs, sample, progress=progress, sink=sink)

    def hole_card_situation(
        self, rules: RuleSet, hand: str, up: str | None, seen: str | None
    ) -> str:
        """One situation's exact prices, as ``--hand`` prints them, in the specification's
        :attr:`~crazy4.spec.specification.GameSpec.hole_card_form`
        (:data:`crazy4.advantage.holecard_situation.SITUATION_FORMS`)."""
        from crazy4.advantage.holecard_situation import SITUATION_FORMS

        text = SITUATION_FORMS[self.spec.hole_card_form]
        return text(self.spec, rules, hand, up, seen)
