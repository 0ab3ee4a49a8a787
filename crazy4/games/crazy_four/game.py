"""Crazy 4 Poker as a :class:`crazy4.games.base.Game`: the registry's entry for the game.

The heavy parts (counting, pricing, the card room, the simulator and the validator) are imported
when first used, so reading a rule file does not load them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crazy4.games.base import GameAnalysis, Progress
from crazy4.games.crazy_four.rules import (
    CrazyFourRules,
    crazy_four_rules,
    read_crazy_four_sections,
)

if TYPE_CHECKING:
    from crazy4.advantage.collusion_role import ColludingGame
    from crazy4.generic.cell_roles import CellHoleCards
    from crazy4.rules.ruleset import RuleSet
    from crazy4.rules.sections import Section
    from crazy4.simulate.game import SimulatedGame
    from crazy4.validate.game import ValidatedGame


def has_cardroom(rules: CrazyFourRules) -> bool:
    """Whether the rule set asks for the card room's tables."""
    return bool(rules.cardroom_tables) or rules.blind_second_hand


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
        """Five steps, and one more for the card room."""
        return 5 + int(has_cardroom(crazy_four_rules(rules)))

    def prepare(self, rules: RuleSet) -> None:
        """Nothing: a cold Crazy 4 Poker analysis compiles no kernel."""

    def analyze(
        self,
        rules: RuleSet,
        *,
        jobs: int,
        progress: Progress,
        simulate_rounds: int | None,
        seed: int | None,
    ) -> GameAnalysis:
        """Counts, prices, bets and tables; the card room's tables when the rules have them."""
        from crazy4.games.crazy_four.analysis import analyze
        from crazy4.games.crazy_four.report import render_report

        chosen = crazy_four_rules(rules)
        analysis = analyze(chosen, jobs=jobs, progress=progress)
        tables = dict(analysis.tables)
        extra: list[str] = []
        details: dict[str, object] = {}
        if has_cardroom(chosen):
            from crazy4.cardroom.defaults import SIMULATION_ROUNDS, SIMULATION_SEED
            from crazy4.cardroom.report import cardroom_results

            rounds = SIMULATION_ROUNDS if simulate_rounds is None else simulate_rounds
            chosen_seed = SIMULATION_SEED if seed is None else seed
            _, cardroom_tables, extra = cardroom_results(
                analysis, simulation_rounds=rounds, seed=chosen_seed
            )
            tables.update(cardroom_tables)
            details = {"simulation_rounds": rounds, "simulation_seed": chosen_seed}
            progress("card room")
        return GameAnalysis(
            tables=tables,
            main_bet="ante_super_bonus_play",
            deals=int(analysis.tables["bets"]["deals"].iloc[0]),
            details=details,
            render_report=lambda record: render_report(analysis, record, extra),
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
        from crazy4.games.crazy_four.pricing import HOLE_CARDS
        from crazy4.games.crazy_four.reference import honest_decisions, optimal_edge
        from crazy4.generic.cell_roles import CellColluder

        practical = ("A", "AK", "K", "AKQ")
        seats = self.simulator().max_seats
        return CellColluder(HOLE_CARDS, seats, practical, honest_decisions, optimal_edge)


#: The game's one instance, registered in :mod:`crazy4.games.registry`.
CRAZY_FOUR = CrazyFour()
