"""Four Card Poker as a :class:`crazy4.generic.bestfour_game.BestFourGame`: the registry's entry.

The game's data, the hooks naming its parts, how ``crazy4 hand`` counts one hand, and what only
its seats know in the simulator (situation classes of the hand and the up card, the dealer's
hand categories as its classes, which wagers make its bets and log columns). The heavy
parts (counting, pricing, the simulator and the validator) are imported when first
used, so reading a rule file does not load them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from crazy4.core.ranking import HandCategory
from crazy4.games.base import Progress
from crazy4.games.four_card.rules import (
    FourCardRuleSet,
    four_card_rules,
    read_four_card_sections,
)
from crazy4.generic.bestfour_game import BestFourGame

if TYPE_CHECKING:
    from crazy4.games.base import Settlement
    from crazy4.games.four_card.showdown_cells import FourCardSettlement
    from crazy4.games.four_card.situations import FourCardReference
    from crazy4.games.four_card.upcard_analysis import FourCardAnalysis
    from crazy4.generic.bestfour_hand import HandPrices
    from crazy4.generic.bestfour_report import BestFourReport
    from crazy4.generic.bestfour_sim_spec import BestFourSim, SeatLookup
    from crazy4.generic.bestfour_validate import BestFourChecks
    from crazy4.generic.cell_roles import CellHoleCards
    from crazy4.rules.ruleset import RuleSet
    from crazy4.rules.sections import Section


class FourCard(BestFourGame):
    """Four Card Poker: the dealer's six cards, one face up, no qualifier, the Ante Bonus.

    Examples
    --------
    >>> from crazy4.core.cards import parse_card, parse_cards
    >>> from crazy4.registry import load_rules
    >>> result = FOUR_CARD.hand_result(load_rules("four-card-standard"),
    ...                                parse_cards("As Ad 7c 4h 2s"), parse_card("Kd"))
    >>> result["optimal_decision"], sum(result["dealer_outcomes"].values())
    ('3x', 1370754)
    """

    key = "four-card-poker"
    title = "Four Card Poker"
    dealer_cards = (6, 1)
    side_bet_label = "Aces Up"
    side_bet_key = "aces_up"
    steps = 3
    main_bet = "ante_play"
    hand_heading = "EV per unit of Ante (Ante + Play + Ante Bonus):"
    practical = ("up",)

    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """The Ante Bonus, Aces Up, Bad Beat and limits sections (:mod:`.rules`)."""
        return read_four_card_sections(top, common)

    def rules_of(self, rules: RuleSet) -> FourCardRuleSet:
        """The Four Card Poker rule set (:func:`.rules.four_card_rules`)."""
        return four_card_rules(rules)

    def reference_of(self, rules: FourCardRuleSet) -> FourCardReference:
        """The situation classes' reference (:func:`.situations.load_fourcard_reference`)."""
        from crazy4.games.four_card.situations import load_fourcard_reference

        return load_fourcard_reference(rules)

    def settlement_of(self, rules: FourCardRuleSet) -> FourCardSettlement:
        """The Ante, Ante Bonus, Play, Aces Up and Bad Beat nets by dealer category and result
        (:mod:`.showdown_cells`)."""
        from crazy4.games.four_card.showdown_cells import four_card_settlement

        return four_card_settlement(rules)

    def dealer_probabilities(self, reference: FourCardReference) -> npt.NDArray[np.float64]:
        """The best four of six's."""
        probabilities: npt.NDArray[np.float64] = reference.dealer_category_probabilities()
        return probabilities

    def prepare(self, rules: RuleSet) -> None:
        """On an empty cache, start compiling the count kernel
        (:func:`crazy4.games.four_card.shape.prepare_counting`)."""
        from crazy4.games.four_card.shape import prepare_counting

        prepare_counting()

    def run_analysis(
        self, rules: FourCardRuleSet, jobs: int, progress: Progress
    ) -> FourCardAnalysis:
        """Every (hand, up card) situation counted, priced and tabulated
        (:mod:`.upcard_analysis`)."""
        from crazy4.games.four_card.upcard_analysis import analyze_four_card

        return analyze_four_card(rules, jobs=jobs, progress=progress)

    def report(self) -> BestFourReport:
        """The up card's report (:mod:`.up_card_report`)."""
        from crazy4.games.four_card.up_card_report import FOUR_CARD_REPORT

        return FOUR_CARD_REPORT

    def count_hand(
        self, rules: RuleSet, cards: tuple[int, ...], up: int | None
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

    def count_lines(self, result: dict[str, object]) -> list[str]:
        """The dealer's completions by result and by category, and the Ante Bonus."""
        from crazy4.report.hand_text import count_lines

        total = result["hidden_completions"]
        outcomes = result["dealer_outcomes"]
        categories = result["dealer_categories"]
        assert (
            isinstance(total, int) and isinstance(outcomes, dict) and isinstance(categories, dict)
        )
        return [
            f"Hidden dealer completions (5 of the other 46 cards): {total:,}",
            *count_lines(outcomes.items(), total),
            "Dealer's best four by category:",
            *count_lines(categories.items(), total),
            f"Ante Bonus: {result['ante_bonus']}",
        ]

    def simulation(self) -> BestFourSim[FourCardSettlement]:
        """The seats' part of the chunk player: the situation classes, the dealer's hand
        categories as its classes, which wagers make the bets and the log's columns, the
        showdown results' names (:mod:`crazy4.generic.bestfour_seat`)."""
        from crazy4.core.upcard_lattice import RESULTS
        from crazy4.generic.bestfour_seat import SeatWagers, dealer_categories
        from crazy4.generic.bestfour_sim_spec import BestFourSim

        seat = SeatWagers(
            bets=(
                ("ante_play", ("ante", "ante_bonus", "play")),
                ("aces_up", ("aces_up",)),
                ("bad_beat", ("bad_beat",)),
            ),
            log_order=("ante", "ante_bonus", "play", "aces_up", "bad_beat"),
            tally=RESULTS,
            tally_key="results",
            shares_title="showdowns",
            absent=_absent,
        )
        return BestFourSim(
            self,
            dealer_classes=len(HandCategory),
            lookup=_seat_lookup,
            dealer_class=dealer_categories,
            seat=seat,
        )

    def checks(self) -> BestFourChecks:
        """This game's part of the log checks (:mod:`.up_card_checks`)."""
        from crazy4.games.four_card.up_card_checks import FOUR_CARD_CHECKS

        return FOUR_CARD_CHECKS

    def hole_cards(self) -> CellHoleCards:
        """The hole-card role: the game's outcome cells (:data:`.showdown_cells.HOLE_CARDS`)."""
        from crazy4.games.four_card.showdown_cells import HOLE_CARDS

        return HOLE_CARDS

    def cell_parts(self) -> Callable[[RuleSet], tuple[dict[str, Settlement], dict[str, str]]]:
        """The Bad Beat a fold forfeits (:func:`.pricing.cell_parts`)."""
        from crazy4.games.four_card.showdown_cells import cell_parts

        return cell_parts


def _seat_lookup(rules: RuleSet) -> SeatLookup:
    """A seat's decision class is its situation class
    (:func:`.bestfour_sim_spec.upcard_seat_lookup`)."""
    from crazy4.generic.bestfour_sim_spec import upcard_seat_lookup

    return upcard_seat_lookup(FOUR_CARD.reference(rules))


def _absent(rules: RuleSet) -> frozenset[str]:
    """No Bad Beat where the rule set has none."""
    return (
        frozenset()
        if four_card_rules(rules).four_card.bad_beat is not None
        else frozenset({"bad_beat"})
    )


#: The game's one instance, registered in :mod:`crazy4.registry`.
FOUR_CARD = FourCard()
