"""Crazy 4 Poker as a :class:`crazy4.games.base.Game`: the registry's entry for the game.

The heavy parts (counting, pricing, the simulator and the validator) are imported when first
used, so reading a rule file does not load them. The card room extends the game from outside
(:mod:`crazy4.cardroom.extension`); the game never imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crazy4.games.base import GameAnalysis, Progress
from crazy4.games.crazy_four.rules import (
    crazy_four_rules,
    read_crazy_four_sections,
)

if TYPE_CHECKING:
    from crazy4.games.collusion_role import ColludingGame
    from crazy4.generic.cell_roles import CellHoleCards
    from crazy4.rules.ruleset import RuleSet
    from crazy4.rules.sections import Section
    from crazy4.simulate.game import SimulatedGame
    from crazy4.validate.game import ValidatedGame


class CrazyFour:
    """Crazy 4 Poker: the dealer's five cards, a king-high qualifier, the Super Bonus."""

    key = "crazy-4-poker"
    title = "Crazy 4 Poker"
    dealer_cards = (5, 0)
    player_cards = 5
    side_bet_label = "Queens Up"

    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """The Super Bonus, Queens Up and card-room sections (:mod:`.rules`)."""
        return read_crazy_four_sections(top, common)

    def analysis_steps(self, rules: RuleSet) -> int:
        """Five steps."""
        crazy_four_rules(rules)
        return 5

    def prepare(self, rules: RuleSet) -> None:
        """Nothing: a cold Crazy 4 Poker analysis compiles no kernel."""

    def analyze(
        self,
        rules: RuleSet,
        *,
        jobs: int,
        progress: Progress,
    ) -> GameAnalysis:
        """Counts, prices, bets, tables and the report."""
        from crazy4.games.crazy_four.analysis import analyze
        from crazy4.games.crazy_four.report import render_report

        analysis = analyze(crazy_four_rules(rules), jobs=jobs, progress=progress)
        return GameAnalysis(
            tables=dict(analysis.tables),
            main_bet="ante_super_bonus_play",
            deals=int(analysis.tables["bets"]["deals"].iloc[0]),
            details={},
            render_report=lambda record: render_report(analysis, record),
            state=analysis,
        )

    def hand_result(
        self, rules: RuleSet, cards: tuple[int, ...], up: int | None
    ) -> dict[str, object]:
        """Every dealer hand listed (:func:`crazy4.games.crazy_four.hand.hand_result`)."""
        from crazy4.games.crazy_four.hand import hand_result

        return hand_result(crazy_four_rules(rules), cards, up)

    def hand_text(self, result: dict[str, object]) -> str:
        """The lines ``crazy4 hand`` prints."""
        from crazy4.games.crazy_four.hand import hand_text

        return hand_text(result)

    def simulator(self) -> SimulatedGame:
        """The Crazy 4 Poker chunk player (:mod:`crazy4.games.crazy_four.simulate`)."""
        from crazy4.games.crazy_four.simulate import CrazyFourSimulator

        return CrazyFourSimulator()

    def validator(self) -> ValidatedGame:
        """The Crazy 4 Poker log checks (:mod:`crazy4.games.crazy_four.validate`)."""
        from crazy4.games.crazy_four.validate import CrazyFourValidator

        return CrazyFourValidator()

    def hole_cards(self) -> CellHoleCards:
        """The hole-card role: the game's outcome cells (:data:`.pricing.HOLE_CARDS`)."""
        from crazy4.games.crazy_four.pricing import HOLE_CARDS

        return HOLE_CARDS

    def colluder(self) -> ColludingGame:
        """The collusion role over the same cells (:class:`.cell_roles.CellColluder`)."""
        from crazy4.games.crazy_four.pricing import HOLE_CARDS, cell_parts
        from crazy4.games.crazy_four.reference import honest_decisions, optimal_edge
        from crazy4.generic.cell_roles import CellColluder

        practical = ("A", "AK", "K", "AKQ")
        seats = self.simulator().max_seats
        return CellColluder(
            HOLE_CARDS, seats, practical, honest_decisions, optimal_edge, cell_parts
        )


#: The game's one instance, registered in :mod:`crazy4.registry`.
CRAZY_FOUR = CrazyFour()
