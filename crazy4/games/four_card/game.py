"""Four Card Poker as a :class:`crazy4.games.base.Game`: the registry's entry for the game.

The heavy parts (counting, pricing, the simulator and the validator) are imported when first
used, so reading a rule file does not load them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crazy4.games.base import GameAnalysis, Progress
from crazy4.games.four_card.rules import four_card_rules, read_four_card_sections

if TYPE_CHECKING:
    from crazy4.games.collusion_role import ColludingGame
    from crazy4.generic.cell_roles import CellHoleCards
    from crazy4.rules.ruleset import RuleSet
    from crazy4.rules.sections import Section
    from crazy4.simulate.game import SimulatedGame
    from crazy4.validate.game import ValidatedGame


class FourCard:
    """Four Card Poker: the dealer's six cards, one face up, no qualifier, the Ante Bonus."""

    key = "four-card-poker"
    title = "Four Card Poker"
    dealer_cards = (6, 1)
    player_cards = 5
    side_bet_label = "Aces Up"

    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """The Ante Bonus, Aces Up, Bad Beat and limits sections (:mod:`.rules`)."""
        return read_four_card_sections(top, common)

    def analysis_steps(self, rules: RuleSet) -> int:
        """Counting, pricing and the tables."""
        four_card_rules(rules)
        return 3

    def prepare(self, rules: RuleSet) -> None:
        """On an empty cache, start compiling the count kernel
        (:func:`crazy4.games.four_card.engine.prepare_counting`)."""
        from crazy4.games.four_card.engine import prepare_counting

        prepare_counting()

    def analyze(
        self,
        rules: RuleSet,
        *,
        jobs: int,
        progress: Progress,
    ) -> GameAnalysis:
        """Every (hand, up card) situation counted, priced and tabulated."""
        from crazy4.games.four_card.analysis import MAIN_BET, analyze_four_card
        from crazy4.games.four_card.engine import TOTAL_DEALS
        from crazy4.games.four_card.report import render_four_card_report

        analysis = analyze_four_card(four_card_rules(rules), jobs=jobs, progress=progress)
        return GameAnalysis(
            tables=dict(analysis.tables),
            main_bet=MAIN_BET,
            deals=TOTAL_DEALS,
            details={},
            render_report=lambda record: render_four_card_report(analysis, record),
        )

    def hand_result(
        self, rules: RuleSet, cards: tuple[int, ...], up: int | None
    ) -> dict[str, object]:
        """Every hidden completion of the up card listed (:mod:`.hand`)."""
        from crazy4.games.four_card.hand import hand_result

        return hand_result(four_card_rules(rules), cards, up)

    def hand_text(self, result: dict[str, object]) -> str:
        """The lines ``crazy4 hand`` prints."""
        from crazy4.games.four_card.hand import hand_text

        return hand_text(result)

    def simulator(self) -> SimulatedGame:
        """The Four Card Poker chunk player (:mod:`crazy4.games.four_card.simulate`)."""
        from crazy4.games.four_card.simulate import FourCardSimulator

        return FourCardSimulator()

    def validator(self) -> ValidatedGame:
        """The Four Card Poker log checks (:mod:`crazy4.games.four_card.validate`)."""
        from crazy4.games.four_card.validate import FourCardValidator

        return FourCardValidator()

    def hole_cards(self) -> CellHoleCards:
        """The hole-card role: the game's outcome cells (:data:`.pricing.HOLE_CARDS`)."""
        from crazy4.games.four_card.pricing import HOLE_CARDS

        return HOLE_CARDS

    def colluder(self) -> ColludingGame:
        """The collusion role over the same cells (:class:`.cell_roles.CellColluder`)."""
        from crazy4.games.four_card.pricing import HOLE_CARDS, cell_parts
        from crazy4.games.four_card.reference import honest_decisions, optimal_edge
        from crazy4.generic.cell_roles import CellColluder

        practical = ("up",)
        seats = self.simulator().max_seats
        return CellColluder(
            HOLE_CARDS, seats, practical, honest_decisions, optimal_edge, cell_parts
        )


#: The game's one instance, registered in :mod:`crazy4.registry`.
FOUR_CARD = FourCard()
