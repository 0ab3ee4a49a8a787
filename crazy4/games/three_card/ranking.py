"""Three Card Poker's ranking, kept here as a name: the core's three-card ranking.

The code is :mod:`crazy4.core.three_card_ranking`; this module keeps the names the game and its
readers import from here. New code imports the core module, or names the ranking
(:func:`crazy4.core.rankings.ranking_named`).

Examples
--------
>>> THREE_CARD_RANKING.key, THREE_CARD_RANKING.n_strengths
('three_card', 741)
"""

from __future__ import annotations

from crazy4.core.three_card_ranking import CATEGORIES, THREE_CARD_RANKING, ThreeCardRanking

__all__ = ["CATEGORIES", "THREE_CARD_RANKING", "ThreeCardRanking"]
