"""Four Card Poker as a :class:`crazy4.generic.bestfour_game.BestFourGame`: the registry's entry.

The game's data, where its parts live, how ``crazy4 hand`` prices one hand, and what only its
seats know in the simulator (the dealer's hand categories as its classes, which wagers make its
bets and log columns). The parts (counting, pricing, the simulator's and the validator's tables)
are imported when first used, so reading a rule file does not load them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from crazy4.core.ranking import HandCategory
from crazy4.games.four_card.rules import four_card_rules, read_four_card_sections
from crazy4.generic.bestfour_game import BestFourGame

if TYPE_CHECKING:
    from collections.abc import Mapping

    from crazy4.games.four_card.showdown_cells import FourCardSettlement
    from crazy4.generic.bestfour_hand import HandPrices
    from crazy4.generic.bestfour_sim_spec import BestFourSim
    from crazy4.rules.ruleset import RuleSet

_HERE = "crazy4.games.four_card"


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
    # The rules: "Total deals: C(52,5) · 47 up cards · C(46,5) hidden dealer cards."
    published_deals = 2_598_960 * 47 * 1_370_754
    side_bet_label = "Aces Up"
    side_bet_key = "aces_up"
    steps = 3
    main_bet = "ante_play"
    hand_heading = "EV per unit of Ante (Ante + Play + Ante Bonus):"
    practical = ("up",)
    parts: ClassVar[Mapping[str, str]] = {
        "reference": f"{_HERE}.situations:load_fourcard_reference",
        "settlement": f"{_HERE}.showdown_cells:four_card_settlement",
        "analysis": f"{_HERE}.upcard_analysis:analyze_four_card",
        "report": f"{_HERE}.up_card_report:FOUR_CARD_REPORT",
        "checks": f"{_HERE}.up_card_checks:FOUR_CARD_CHECKS",
        "hole_cards": f"{_HERE}.showdown_cells:HOLE_CARDS",
        "cell_parts": f"{_HERE}.showdown_cells:cell_parts",
        "prepare": f"{_HERE}.shape:prepare_counting",
    }
    read_sections = staticmethod(read_four_card_sections)
    rules_of = staticmethod(four_card_rules)

    def count_hand(
        self, rules: RuleSet, cards: tuple[int, ...], up: int | None
    ) -> tuple[HandPrices, dict[str, object]]:
        """The 1,370,754 six-card dealer hands holding the up card, each looked up directly
        (:func:`crazy4.generic.bestfour_hand_counts.upcard_hand_counts`), and the situation
        priced (:func:`crazy4.games.four_card.showdown_cells.price_situations`)."""
        import numpy as np

        from crazy4.games.four_card.showdown_cells import price_situations
        from crazy4.generic.bestfour_hand_counts import upcard_hand_counts

        assert up is not None
        chosen = four_card_rules(rules)
        hand = upcard_hand_counts(cards, up, self.dealer_cards[0])
        prices = price_situations(
            chosen, *(np.array([n]) for n in (hand.strength, hand.lower, hand.tie, hand.higher))
        )
        bonus = chosen.four_card.ante_bonus
        odds = bonus.table.odds_of(hand.strength) if bonus is not None else None
        return prices, {
            **hand.result,
            "ante_bonus": "none" if odds is None else f"pays {odds} to 1",
        }

    def count_lines(self, result: dict[str, object]) -> list[str]:
        """The dealer's completions by result and by category, and the Ante Bonus."""
        return [*super().count_lines(result), f"Ante Bonus: {result['ante_bonus']}"]

    def simulation(self) -> BestFourSim[FourCardSettlement]:
        """The seats' part of the chunk player: the dealer's hand categories as its classes,
        which wagers make the bets and the log's columns, the showdown results' names
        (:mod:`crazy4.generic.bestfour_seat`)."""
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
            self, dealer_classes=len(HandCategory), dealer_class=dealer_categories, seat=seat
        )


def _absent(rules: RuleSet) -> frozenset[str]:
    """No Bad Beat where the rule set has none."""
    return (
        frozenset()
        if four_card_rules(rules).four_card.bad_beat is not None
        else frozenset({"bad_beat"})
    )


#: The game's one instance, registered in :mod:`crazy4.registry`.
FOUR_CARD = FourCard()
