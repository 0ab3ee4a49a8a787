"""Crazy 4 Poker's deal on the all-hidden engine: five player cards, five dealer cards, none up.

The counting is the game-independent :mod:`crazy4.core.hidden`; this module only binds it to
the game's shape (and the name its counts are cached under), so the counts are the game's.
"""

from __future__ import annotations

from collections.abc import Callable

from crazy4.core.hidden import HiddenShape, PlayerOutcomes
from crazy4.core.hidden import compute_outcomes as compute_hidden_outcomes

#: The dealer's five cards, all hidden.
SHAPE = HiddenShape(dealer_cards=5, counts_name="crazy4_outcome_counts")


def compute_outcomes(
    qualifier_strength: int, *, jobs: int = 1, progress: Callable[[str], None] | None = None
) -> PlayerOutcomes:
    """Every hand class of the game counted (:func:`crazy4.core.hidden.compute_outcomes`)."""
    return compute_hidden_outcomes(SHAPE, qualifier_strength, jobs=jobs, progress=progress)
