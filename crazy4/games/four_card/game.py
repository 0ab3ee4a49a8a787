"""Four Card Poker as the registry's game: the one game type over its specification
(:class:`crazy4.game.SpecGame` over :data:`.spec.FOUR_CARD_SPEC`).

Examples
--------
>>> from crazy4.core.cards import parse_card, parse_cards
>>> from crazy4.registry import load_rules
>>> result = FOUR_CARD.hand_result(load_rules("four-card-standard"),
...                                parse_cards("As Ad 7c 4h 2s"), parse_card("Kd"))
>>> result["optimal_decision"], sum(result["dealer_outcomes"].values())
('3x', 1370754)
"""

from __future__ import annotations

from crazy4.game import SpecGame
from crazy4.games.four_card.spec import FOUR_CARD_SPEC

#: The game's one instance, registered in :mod:`crazy4.registry`.
FOUR_CARD = SpecGame(FOUR_CARD_SPEC)
