"""Four Card Poker as a :class:`crazy4.generic.bestfour_game.BestFourGame`: the registry's entry.

The game's data, where its parts live, how ``crazy4 hand`` prices one hand, and what only its
seats know in the simulator (the dealer's hand categories as its classes, which wagers make its
bets and log columns). The parts (counting, pricing, the simulator's and the validator's tables)
are imported when first used, so reading a rule file does not load them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crazy4.games.four_card.rules import four_card_rules, read_four_card_sections
from crazy4.generic.bestfour_game import BestFourGame

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.game import Settlement
    from crazy4.spec.specification import GameSpec


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
    main_bet = "ante_play"
    team_rules = ("up",)
    published_seen = 0
    read_sections = staticmethod(read_four_card_sections)
    rules_of = staticmethod(four_card_rules)

    # The game's parts, each imported when first used (reading a rule file loads none).

    @property
    def spec(self) -> GameSpec:
        """The game as a specification (:data:`.spec.FOUR_CARD_SPEC`), what the engines that take
        one read (hole cards)."""
        from crazy4.games.four_card.spec import FOUR_CARD_SPEC

        return FOUR_CARD_SPEC

    def bet_parts(self, rules: RuleSet) -> tuple[dict[str, Settlement], dict[str, str]]:
        """None of the main game; a Bad Beat Bonus a fold forfeits that is keyed on the dealer's
        hand is named unpriced (the cells do not hold the dealer's category; one keyed on the
        player's hand is a side bet of the specification, priced by the engine).

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> FOUR_CARD.bet_parts(load_rules("four-card-standard"))
        ({}, {})
        """
        bad_beat = four_card_rules(rules).four_card.bad_beat
        if bad_beat is None or not bad_beat.fold_forfeits or bad_beat.keyed_on == "player":
            return {}, {}
        return {}, {"bad_beat": "keyed on the dealer's hand, which the cells do not hold"}

    def prepare(self, rules: RuleSet) -> None:
        """Start the count's compile when the analysis will count
        (:func:`crazy4.generic.counting.start_count`)."""
        from crazy4.generic.counting import start_count

        spec = self.spec
        start_count(spec.shape, spec.ranking, spec.qualifier(rules))


#: The game's one instance, registered in :mod:`crazy4.registry`.
FOUR_CARD = FourCard()
