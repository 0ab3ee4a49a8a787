"""Crazy 4 Poker as the registry's game: the one game type over its specification
(:class:`crazy4.game.SpecGame` over :data:`.spec.CRAZY_FOUR_SPEC`).

The card room extends the game from outside (:mod:`crazy4.cardroom.extension`); the game never
imports it.

Examples
--------
>>> from crazy4.core.cards import parse_cards
>>> from crazy4.registry import load_rules
>>> result = CRAZY_FOUR.hand_result(load_rules("crazy4-standard"),
...                                 parse_cards("As Ad Ac Ah 2s"), None)
>>> result["optimal_decision"], result["dealer_hands"]
('3x', 1533939)
"""

from __future__ import annotations

from crazy4.game import SpecGame
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC

#: The game's one instance, registered in :mod:`crazy4.registry`.
CRAZY_FOUR = SpecGame(CRAZY_FOUR_SPEC)
