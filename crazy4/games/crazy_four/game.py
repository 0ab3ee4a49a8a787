"""Crazy 4 Poker as a :class:`crazy4.generic.bestfour_game.BestFourGame`: the registry's entry.

The game's data, the hooks naming its parts, how ``crazy4 hand`` counts one hand, and what only
its seats know in the simulator (suit classes, the qualifier's two dealer classes, which wagers
make its bets and log columns, the card room's blind hands). The heavy parts (counting, pricing,
the simulator and the validator) are imported when first used, so reading a rule file does not
load them. The card room extends the game from outside
(:mod:`crazy4.cardroom.extension`); the game never imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from crazy4.games.base import Progress
from crazy4.games.crazy_four.rules import (
    CrazyFourRules,
    crazy_four_rules,
    read_crazy_four_sections,
)
from crazy4.generic.bestfour_game import BestFourGame

if TYPE_CHECKING:
    from crazy4.games.base import Settlement
    from crazy4.games.crazy_four.analysis import Analysis
    from crazy4.games.crazy_four.hand_reference import Reference
    from crazy4.games.crazy_four.qualifier_cells import CrazyFourSettlement
    from crazy4.generic.bestfour_hand import HandPrices
    from crazy4.generic.bestfour_report import BestFourReport
    from crazy4.generic.bestfour_sim_spec import BestFourSim, SeatLookup
    from crazy4.generic.bestfour_validate import BestFourChecks
    from crazy4.generic.cell_roles import CellHoleCards
    from crazy4.rules.ruleset import RuleSet
    from crazy4.rules.sections import Section


class CrazyFour(BestFourGame):
    """Crazy 4 Poker: the dealer's five cards, a king-high qualifier, the Super Bonus.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.registry import load_rules
    >>> result = CRAZY_FOUR.hand_result(load_rules("crazy4-standard"),
    ...                                 parse_cards("As Ad Ac Ah 2s"), None)
    >>> result["optimal_decision"], result["dealer_hands"]
    ('3x', 1533939)
    """

    key = "crazy-4-poker"
    title = "Crazy 4 Poker"
    dealer_cards = (5, 0)
    side_bet_label = "Queens Up"
    side_bet_key = "queens_up"
    steps = 5
    main_bet = "ante_super_bonus_play"
    hand_heading = "EV per unit of Ante (Ante + Super Bonus + Play):"
    practical = ("A", "AK", "K", "AKQ")

    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """The Super Bonus, Queens Up and card-room sections (:mod:`.rules`)."""
        return read_crazy_four_sections(top, common)

    def rules_of(self, rules: RuleSet) -> CrazyFourRules:
        """The Crazy 4 Poker rule set (:func:`.rules.crazy_four_rules`)."""
        return crazy_four_rules(rules)

    def reference_of(self, rules: CrazyFourRules) -> Reference:
        """The suit classes' reference (:func:`.hand_reference.load_reference`)."""
        from crazy4.games.crazy_four.hand_reference import load_reference

        return load_reference(rules)

    def settlement_of(self, rules: CrazyFourRules) -> CrazyFourSettlement:
        """The Ante, Play, Super Bonus and Queens Up nets by cell (:mod:`.qualifier_cells`)."""
        from crazy4.games.crazy_four.qualifier_cells import crazy_four_settlement

        return crazy_four_settlement(rules)

    def dealer_probabilities(self, reference: Reference) -> npt.NDArray[np.float64]:
        """A five-card hand's, as the player's."""
        probabilities: npt.NDArray[np.float64] = reference.category_probabilities()
        return probabilities

    def run_analysis(self, rules: CrazyFourRules, jobs: int, progress: Progress) -> Analysis:
        """Counts, prices, bets and tables in five steps (:mod:`.analysis`)."""
        from crazy4.games.crazy_four.analysis import analyze

        return analyze(rules, jobs=jobs, progress=progress)

    def report(self) -> BestFourReport:
        """The Super Bonus report (:mod:`.super_bonus_report`)."""
        from crazy4.games.crazy_four.super_bonus_report import CRAZY_FOUR_REPORT

        return CRAZY_FOUR_REPORT

    def count_hand(
        self, rules: RuleSet, cards: tuple[int, ...], up: int | None
    ) -> tuple[HandPrices, dict[str, object]]:
        """The 1,533,939 dealer hands from the other 47 cards, each ranked directly
        (:func:`crazy4.core.engine.brute_force_counts`), and the hand priced."""
        import numpy as np

        from crazy4.core.engine import DEALER_HANDS, brute_force_counts
        from crazy4.core.hidden import (
            OUTCOME_CELLS,
            PlayerOutcomes,
            cells_from_below,
            outcome_thresholds,
        )
        from crazy4.core.ranking import hand_strength
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

    def count_lines(self, result: dict[str, object]) -> list[str]:
        """The dealer hands by the qualifier's outcome cells."""
        from crazy4.report.hand_text import count_lines, qualifier_rows

        total = result["dealer_hands"]
        assert isinstance(total, int)
        lines = [f"Dealer hands from the other 47 cards: {total:,}"]
        return lines + count_lines(qualifier_rows(result), total)

    def simulation(self) -> BestFourSim[CrazyFourSettlement]:
        """The seats' part of the chunk player: the suit classes, the qualifier's two dealer
        classes, which wagers make the bets and the log's columns, the outcome cells' names, the
        card room's blind hands (:mod:`crazy4.generic.bestfour_seat`)."""
        from crazy4.core.hidden import OUTCOME_CELLS
        from crazy4.generic.bestfour_seat import DealerQualifier, SeatWagers
        from crazy4.generic.bestfour_sim_spec import BestFourSim

        seat = SeatWagers(
            bets=(
                ("ante_super_bonus_play", ("ante", "play", "super_bonus")),
                ("ante_play", ("ante", "play")),
                ("super_bonus", ("super_bonus",)),
                ("queens_up", ("queens_up",)),
            ),
            log_order=("ante", "super_bonus", "play", "queens_up"),
            tally=OUTCOME_CELLS,
            tally_key="outcomes",
            absent=_absent,
        )
        qualifier = DealerQualifier(self.reference)
        return BestFourSim(
            self,
            dealer_classes=2,
            lookup=_seat_lookup,
            dealer_class=qualifier.classes,
            seat=seat,
            dealer_summary=qualifier.summary,
            tail_line=qualifier.line,
            blind_hands_allowed=_blind_hands_allowed,
        )

    def checks(self) -> BestFourChecks:
        """This game's part of the log checks (:mod:`.super_bonus_checks`)."""
        from crazy4.games.crazy_four.super_bonus_checks import CRAZY_FOUR_CHECKS

        return CRAZY_FOUR_CHECKS

    def hole_cards(self) -> CellHoleCards:
        """The hole-card role: the game's outcome cells (:data:`.qualifier_cells.HOLE_CARDS`)."""
        from crazy4.games.crazy_four.qualifier_cells import HOLE_CARDS

        return HOLE_CARDS

    def cell_parts(self) -> Callable[[RuleSet], tuple[dict[str, Settlement], dict[str, str]]]:
        """The Ante and Play apart from the Super Bonus (:func:`.qualifier_cells.cell_parts`)."""
        from crazy4.games.crazy_four.qualifier_cells import cell_parts

        return cell_parts


def _seat_lookup(rules: RuleSet) -> SeatLookup:
    """A hand's decision class is its suit class (:func:`.bestfour_sim_spec.hidden_seat_lookup`)."""
    from crazy4.generic.bestfour_sim_spec import hidden_seat_lookup

    return hidden_seat_lookup(CRAZY_FOUR.reference(rules))


def _absent(rules: RuleSet) -> frozenset[str]:
    """No Super Bonus where the rule set has none."""
    return (
        frozenset()
        if crazy_four_rules(rules).super_bonus is not None
        else frozenset({"super_bonus"})
    )


def _blind_hands_allowed(rules: RuleSet) -> bool:
    """Whether the rule set deals the card room's blind second hands."""
    return bool(crazy_four_rules(rules).blind_second_hand)


#: The game's one instance, registered in :mod:`crazy4.registry`.
CRAZY_FOUR = CrazyFour()
