"""Crazy 4 Poker as a :class:`crazy4.games.base.Game`: the registry's entry for the game.

The heavy parts (counting, pricing, the simulator and the validator) are imported when first
used, so reading a rule file does not load them. The card room extends the game from outside
(:mod:`crazy4.cardroom.extension`); the game never imports it.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from crazy4.games.base import GameAnalysis, Progress
from crazy4.games.crazy_four.rules import (
    crazy_four_rules,
    read_crazy_four_sections,
)

if TYPE_CHECKING:
    from crazy4.games.collusion_role import ColludingGame
    from crazy4.generic.bestfour_hand import BestFourHand, HandPrices
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
        from crazy4.games.crazy_four.super_bonus_report import CRAZY_FOUR_REPORT
        from crazy4.generic.bestfour_report import render_bestfour_report

        analysis = analyze(crazy_four_rules(rules), jobs=jobs, progress=progress)
        return GameAnalysis(
            tables=dict(analysis.tables),
            main_bet="ante_super_bonus_play",
            deals=int(analysis.tables["bets"]["deals"].iloc[0]),
            details={},
            render_report=lambda record: render_bestfour_report(
                CRAZY_FOUR_REPORT, analysis, record
            ),
            state=analysis,
        )

    def hand_result(
        self, rules: RuleSet, cards: tuple[int, ...], up: int | None
    ) -> dict[str, object]:
        """Every dealer hand listed (:func:`crazy4.generic.bestfour_hand.bestfour_hand_result`).

        Examples
        --------
        >>> from crazy4.core.cards import parse_cards
        >>> from crazy4.registry import load_rules
        >>> result = CRAZY_FOUR.hand_result(load_rules("crazy4-standard"),
        ...                                 parse_cards("As Ad Ac Ah 2s"), None)
        >>> result["optimal_decision"], result["dealer_hands"]
        ('3x', 1533939)
        """
        from crazy4.generic.bestfour_hand import bestfour_hand_result

        return bestfour_hand_result(_hand_spec(), crazy_four_rules(rules), cards, up)

    def hand_text(self, result: dict[str, object]) -> str:
        """The lines ``crazy4 hand`` prints."""
        from crazy4.generic.bestfour_hand import bestfour_hand_text

        return bestfour_hand_text(_hand_spec(), result)

    def simulator(self) -> SimulatedGame:
        """The Crazy 4 Poker chunk player (:mod:`.sim_spec`)."""
        from crazy4.games.crazy_four.sim_spec import SIMULATOR

        return SIMULATOR

    def validator(self) -> ValidatedGame:
        """The best-four log checks (:mod:`crazy4.generic.bestfour_validate`) with this
        game's part (:mod:`crazy4.games.crazy_four.super_bonus_checks`)."""
        from crazy4.games.crazy_four.super_bonus_checks import CRAZY_FOUR_CHECKS
        from crazy4.generic.bestfour_validate import BestFourValidator

        return BestFourValidator(CRAZY_FOUR_CHECKS)

    def hole_cards(self) -> CellHoleCards:
        """The hole-card role: the game's outcome cells (:data:`.qualifier_cells.HOLE_CARDS`)."""
        from crazy4.games.crazy_four.qualifier_cells import HOLE_CARDS

        return HOLE_CARDS

    def colluder(self) -> ColludingGame:
        """The collusion role over the same cells (:class:`.cell_roles.CellColluder`)."""
        from crazy4.games.crazy_four.hand_reference import reference_of
        from crazy4.games.crazy_four.qualifier_cells import HOLE_CARDS, cell_parts
        from crazy4.generic.bestfour_reference import honest_decisions, optimal_edge
        from crazy4.generic.cell_roles import CellColluder

        practical = ("A", "AK", "K", "AKQ")
        seats = self.simulator().max_seats
        honest = partial(honest_decisions, reference_of)
        edge = partial(optimal_edge, reference_of)
        return CellColluder(HOLE_CARDS, seats, practical, honest, edge, cell_parts)


def _count_hand(
    rules: RuleSet, cards: tuple[int, ...], up: int | None
) -> tuple[HandPrices, dict[str, object]]:
    """The 1,533,939 dealer hands from the other 47 cards, each ranked directly
    (:func:`crazy4.core.engine.brute_force_counts`), and the hand priced."""
    import numpy as np

    from crazy4.core.engine import DEALER_HANDS, brute_force_counts
    from crazy4.core.ranking import hand_strength
    from crazy4.games.crazy_four.outcomes import (
        OUTCOME_CELLS,
        PlayerOutcomes,
        cells_from_below,
        outcome_thresholds,
    )
    from crazy4.games.crazy_four.qualifier_cells import price_hands

    chosen = crazy_four_rules(rules)
    strength = hand_strength(cards)
    thresholds = outcome_thresholds(np.array([strength]), chosen.dealer.qualifier_strength)
    cells = cells_from_below(brute_force_counts(cards, thresholds[0])[None, :], DEALER_HANDS)
    assert int(cells.sum()) == DEALER_HANDS
    outcomes = PlayerOutcomes(
        hands=np.array([cards], dtype=np.uint8),
        weights=np.array([1], dtype=np.int64),
        strengths=np.array([strength], dtype=np.int64),
        counts=cells,
        dealer_hands=DEALER_HANDS,
        qualifier_strength=chosen.dealer.qualifier_strength,
    )
    counts = {name: int(cells[0, i]) for i, name in enumerate(OUTCOME_CELLS)}
    return price_hands(chosen, outcomes), {
        "dealer_hands": DEALER_HANDS,
        "dealer_outcomes": counts,
        "dealer_does_not_qualify": sum(counts[n] for n in OUTCOME_CELLS[:3]),
    }


def _count_lines(result: dict[str, object]) -> list[str]:
    from crazy4.report.hand_text import count_lines, qualifier_rows

    total = result["dealer_hands"]
    assert isinstance(total, int)
    lines = [f"Dealer hands from the other 47 cards: {total:,}"]
    return lines + count_lines(qualifier_rows(result), total)


def _hand_spec() -> BestFourHand:
    """``crazy4 hand`` for Crazy 4 Poker: no up card, the qualifier's six outcome cells."""
    from crazy4.generic.bestfour_hand import BestFourHand

    heading = "EV per unit of Ante (Ante + Super Bonus + Play):"
    return BestFourHand(CrazyFour.title, 0, heading, _count_hand, _count_lines)


#: The game's one instance, registered in :mod:`crazy4.registry`.
CRAZY_FOUR = CrazyFour()
