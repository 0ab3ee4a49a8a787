"""The game: one class for every game, :class:`SpecGame` over its specification, which runs
every engine for the drivers (the pipeline, the command line, :mod:`crazy4.testing`).

Every registered game, built in or declared in a rule file, is a :class:`SpecGame`; what
tells two games apart is the specification's data. Each method imports the engine it runs
when first called.

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
    the drivers run.

    Attributes
    ----------
    spec : GameSpec
        The game as data: what every engine reads.
    """

    spec: GameSpec

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec

    def __eq__(self, other: object) -> bool:
        """Games of one class and one specification are the same game."""
        return type(other) is type(self) and other.spec == self.spec

    def __hash__(self) -> int:
        """By class and specification."""
        return hash((type(self), self.spec))

    def __reduce__(self) -> tuple[type[SpecGame], tuple[GameSpec]]:
        """Pickled as its class and specification (a rule set carries its game to workers)."""
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

    #: The rule files the game brings (a subclass registered from outside names its own).
    rule_files: tuple[str, ...] = ()

    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """The game's own rule sections."""
        return self.spec.read_sections(top, common)

    def strength_of(self, description: str) -> int:
        """The strength a hand description names in the game's ranking."""
        return self.spec.ranking.strength_of(description)

    def analysis_steps(self, rules: RuleSet) -> int:
        """Counts and prices, then tables."""
        return 2

    def prepare(self, rules: RuleSet) -> None:
        """Start the count's compile when the analysis will count."""
        from crazy4.analyze.counting import start_count

        start_count(self.spec.shape, self.spec.ranking, self.spec.qualifier(rules))

    def analyze(self, rules: RuleSet, *, jobs: int, progress: Progress) -> GameAnalysis:
        """Counts, prices, tables and the report."""
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
        the hole-card engine's rule (imported only then: numba's import is slow)."""
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
        """The tables of ``seen`` seen cards in the specification's hole-card form."""
        from crazy4.advantage.holecards import TABLE_FORMS

        tables = TABLE_FORMS[self.spec.hole_card_form]
        return tables(rules, seen, groups, jobs, sample, progress=progress, sink=sink)

    def hole_card_situation(
        self, rules: RuleSet, hand: str, up: str | None, seen: str | None
    ) -> str:
        """One situation's exact prices, as ``--hand`` prints them."""
        from crazy4.advantage.holecards import SITUATION_FORMS

        text = SITUATION_FORMS[self.spec.hole_card_form]
        return text(self.spec, rules, hand, up, seen)
