"""Crazy 4 Poker as a :class:`crazy4.generic.bestfour_game.BestFourGame`: the registry's entry.

The game's data, where its parts live, how ``crazy4 hand`` prices one hand, and what only its
seats know in the simulator (the qualifier's two dealer classes, which wagers make its bets and
log columns, the card room's blind hands). The parts (counting, pricing, the simulator's
tables) are imported when first used, so reading a rule file does not load them.
The card room extends the game from outside (:mod:`crazy4.cardroom.extension`); the game never
imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crazy4.games.crazy_four.rules import crazy_four_rules, read_crazy_four_sections
from crazy4.generic.bestfour_game import BestFourGame

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.game import Settlement
    from crazy4.spec.specification import GameSpec


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
    # The rules: "The total number of player/dealer deals is C(52,5)·C(47,5) = 3,986,646,103,440."
    published_deals = 3_986_646_103_440
    side_bet_label = "Queens Up"
    side_bet_key = "queens_up"
    main_bet = "ante_super_bonus_play"
    team_rules = ("A", "AK", "K", "AKQ")
    published_seen = 1
    read_sections = staticmethod(read_crazy_four_sections)
    rules_of = staticmethod(crazy_four_rules)

    # The game's parts, each imported when first used (reading a rule file loads none).

    @property
    def spec(self) -> GameSpec:
        """The game as a specification (:data:`.spec.CRAZY_FOUR_SPEC`), what the engines that take
        one read (hole cards)."""
        from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC

        return CRAZY_FOUR_SPEC

    def bet_parts(self, rules: RuleSet) -> tuple[dict[str, Settlement], dict[str, str]]:
        """The main game's bets apart: Ante + Play and the Super Bonus
        (:func:`.cells.main_parts`)."""
        from crazy4.games.crazy_four.cells import main_parts

        return main_parts(rules), {}


#: The game's one instance, registered in :mod:`crazy4.registry`.
CRAZY_FOUR = CrazyFour()
