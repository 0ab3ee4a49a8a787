"""Four Card Poker as a :class:`crazy4.games.base.Game`: the registry's entry for the game.

The heavy parts (counting, pricing, the simulator and the validator) are imported when first
used, so reading a rule file does not load them.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from crazy4.games.base import GameAnalysis, Progress
from crazy4.games.four_card.rules import four_card_rules, read_four_card_sections

if TYPE_CHECKING:
    from crazy4.games.collusion_role import ColludingGame
    from crazy4.generic.bestfour_hand import BestFourHand, HandPrices
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
        (:func:`crazy4.games.four_card.shape.prepare_counting`)."""
        from crazy4.games.four_card.shape import prepare_counting

        prepare_counting()

    def analyze(
        self,
        rules: RuleSet,
        *,
        jobs: int,
        progress: Progress,
    ) -> GameAnalysis:
        """Every (hand, up card) situation counted, priced and tabulated."""
        from crazy4.games.four_card.shape import TOTAL_DEALS
        from crazy4.games.four_card.up_card_report import FOUR_CARD_REPORT
        from crazy4.games.four_card.upcard_analysis import MAIN_BET, analyze_four_card
        from crazy4.generic.bestfour_report import render_bestfour_report

        analysis = analyze_four_card(four_card_rules(rules), jobs=jobs, progress=progress)
        return GameAnalysis(
            tables=dict(analysis.tables),
            main_bet=MAIN_BET,
            deals=TOTAL_DEALS,
            details={},
            render_report=lambda record: render_bestfour_report(FOUR_CARD_REPORT, analysis, record),
        )

    def hand_result(
        self, rules: RuleSet, cards: tuple[int, ...], up: int | None
    ) -> dict[str, object]:
        """Every hidden completion of the up card listed
        (:func:`crazy4.generic.bestfour_hand.bestfour_hand_result`).

        Examples
        --------
        >>> from crazy4.core.cards import parse_card, parse_cards
        >>> from crazy4.registry import load_rules
        >>> result = FOUR_CARD.hand_result(load_rules("four-card-standard"),
        ...                                parse_cards("As Ad 7c 4h 2s"), parse_card("Kd"))
        >>> result["optimal_decision"], sum(result["dealer_outcomes"].values())
        ('3x', 1370754)
        """
        from crazy4.generic.bestfour_hand import bestfour_hand_result

        return bestfour_hand_result(_hand_spec(), four_card_rules(rules), cards, up)

    def hand_text(self, result: dict[str, object]) -> str:
        """The lines ``crazy4 hand`` prints."""
        from crazy4.generic.bestfour_hand import bestfour_hand_text

        return bestfour_hand_text(_hand_spec(), result)

    def simulator(self) -> SimulatedGame:
        """The Four Card Poker chunk player (:mod:`.sim_spec`)."""
        from crazy4.games.four_card.sim_spec import SIMULATOR

        return SIMULATOR

    def validator(self) -> ValidatedGame:
        """The best-four log checks (:mod:`crazy4.generic.bestfour_validate`) with this
        game's part (:mod:`crazy4.games.four_card.up_card_checks`)."""
        from crazy4.games.four_card.up_card_checks import FOUR_CARD_CHECKS
        from crazy4.generic.bestfour_validate import BestFourValidator

        return BestFourValidator(FOUR_CARD_CHECKS)

    def hole_cards(self) -> CellHoleCards:
        """The hole-card role: the game's outcome cells (:data:`.showdown_cells.HOLE_CARDS`)."""
        from crazy4.games.four_card.showdown_cells import HOLE_CARDS

        return HOLE_CARDS

    def colluder(self) -> ColludingGame:
        """The collusion role over the same cells (:class:`.cell_roles.CellColluder`)."""
        from crazy4.games.four_card.showdown_cells import HOLE_CARDS, cell_parts
        from crazy4.games.four_card.situations import reference_of
        from crazy4.generic.bestfour_reference import honest_decisions, optimal_edge
        from crazy4.generic.cell_roles import CellColluder

        practical = ("up",)
        seats = self.simulator().max_seats
        honest = partial(honest_decisions, reference_of)
        edge = partial(optimal_edge, reference_of)
        return CellColluder(HOLE_CARDS, seats, practical, honest, edge, cell_parts)


def _count_hand(
    rules: RuleSet, cards: tuple[int, ...], up: int | None
) -> tuple[HandPrices, dict[str, object]]:
    """The 1,370,754 six-card dealer hands holding the up card, each looked up directly
    (independently of the subset tables), and the situation priced
    (:func:`crazy4.games.four_card.showdown_cells.price_situations`)."""
    import numpy as np

    from crazy4.core.engine import brute_force_counts
    from crazy4.core.ranking import HandCategory, hand_strength
    from crazy4.core.upcard import N_CATEGORIES, situation_thresholds
    from crazy4.games.four_card.shape import HIDDEN_COMPLETIONS
    from crazy4.games.four_card.showdown_cells import price_situations

    assert up is not None
    chosen = four_card_rules(rules)
    strength = hand_strength(cards)
    thresholds = situation_thresholds(np.array([cards]))[0]
    below = brute_force_counts(cards, thresholds, forced_cards=(up,), dealer_size=6)
    lower, tie = int(below[0]), int(below[1] - below[0])
    higher = HIDDEN_COMPLETIONS - int(below[1])
    edges = [0, *(int(b) for b in below[2:]), HIDDEN_COMPLETIONS]
    categories = {
        HandCategory(c).label: edges[c + 1] - edges[c] for c in range(N_CATEGORIES - 1, -1, -1)
    }
    prices = price_situations(
        chosen, np.array([strength]), np.array([lower]), np.array([tie]), np.array([higher])
    )
    bonus = chosen.four_card.ante_bonus
    bonus_odds = bonus.table.odds_of(strength) if bonus is not None else None
    return prices, {
        "hidden_completions": HIDDEN_COMPLETIONS,
        "dealer_outcomes": {"dealer lower": lower, "tie": tie, "dealer higher": higher},
        "dealer_categories": categories,
        "ante_bonus": "none" if bonus_odds is None else f"pays {bonus_odds} to 1",
    }


def _count_lines(result: dict[str, object]) -> list[str]:
    from crazy4.report.hand_text import count_lines

    total = result["hidden_completions"]
    outcomes = result["dealer_outcomes"]
    categories = result["dealer_categories"]
    assert isinstance(total, int) and isinstance(outcomes, dict) and isinstance(categories, dict)
    return [
        f"Hidden dealer completions (5 of the other 46 cards): {total:,}",
        *count_lines(outcomes.items(), total),
        "Dealer's best four by category:",
        *count_lines(categories.items(), total),
        f"Ante Bonus: {result['ante_bonus']}",
    ]


def _hand_spec() -> BestFourHand:
    """``crazy4 hand`` for Four Card Poker: the up card, three results and the categories."""
    from crazy4.generic.bestfour_hand import BestFourHand

    heading = "EV per unit of Ante (Ante + Play + Ante Bonus):"
    return BestFourHand(FourCard.title, 1, heading, _count_hand, _count_lines)


#: The game's one instance, registered in :mod:`crazy4.registry`.
FOUR_CARD = FourCard()
