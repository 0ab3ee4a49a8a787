"""The card room as an extension of Crazy 4 Poker's analysis, for rule sets with card-room
tables or a blind second hand (heavy parts imported when first used).

Examples
--------
>>> from crazy4.registry import load_rules
>>> CARDROOM.applies(load_rules("crazy4-cardroom")), CARDROOM.applies(load_rules("crazy4-standard"))
(True, False)
>>> CARDROOM.applies(load_rules("four-card-standard"))
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crazy4.cardroom.defaults import SIMULATION_ROUNDS, SIMULATION_SEED
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.spec.game import Extended

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.game import GameAnalysis, Progress


class CardroomExtension:
    """The card room's tables and section for the Crazy 4 Poker rule sets that ask for them."""

    steps = 1

    def applies(self, rules: RuleSet) -> bool:
        """A Crazy 4 Poker rule set with card-room tables or a blind second hand."""
        return isinstance(rules, CrazyFourRules) and (
            bool(rules.cardroom_tables) or rules.blind_second_hand
        )

    def extend(
        self,
        rules: RuleSet,
        analysis: GameAnalysis,
        *,
        simulate_rounds: int | None,
        seed: int | None,
        progress: Progress,
    ) -> Extended:
        """The card room's tables and section."""
        from crazy4.analyze.record import Analysis
        from crazy4.cardroom.report import cardroom_results
        from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC

        state = analysis.state
        if not isinstance(state, Analysis) or state.spec is not CRAZY_FOUR_SPEC:
            raise ValueError(f"the card room extends Crazy 4 Poker, not {rules.name}'s game")
        rounds = SIMULATION_ROUNDS if simulate_rounds is None else simulate_rounds
        chosen_seed = SIMULATION_SEED if seed is None else seed
        _, tables, lines = cardroom_results(state, simulation_rounds=rounds, seed=chosen_seed)
        progress("card room")
        return Extended(
            tables=tables,
            lines=lines,
            details={"simulation_rounds": rounds, "simulation_seed": chosen_seed},
        )


#: The card room's one extension, listed in :mod:`crazy4.registry`.
CARDROOM = CardroomExtension()
