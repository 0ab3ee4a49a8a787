"""Four Card Poker's deal on the up-card engine: five player cards, six dealer cards, one up.

The counting is the game-independent :mod:`crazy4.core.upcard`; this module only binds it to
the game's shape, so the counts and figures below are the game's.
"""

from __future__ import annotations

import threading

import numpy as np
import numpy.typing as npt

from crazy4.core.upcard import UpCardShape
from crazy4.core.upcard import count_situations as count_upcard_situations
from crazy4.core.upcard import prepare_counting as prepare_upcard_counting

#: The dealer's six cards, one face up.
SHAPE = UpCardShape(dealer_cards=6)
HIDDEN_COMPLETIONS = SHAPE.completions
SITUATIONS = SHAPE.situations
TOTAL_DEALS = SHAPE.deals


def count_situations(
    hands: npt.NDArray[np.integer],
    hand_of: npt.NDArray[np.integer],
    up_cards: npt.NDArray[np.integer],
    *,
    jobs: int = 1,
) -> npt.NDArray[np.int32]:
    """:func:`crazy4.core.upcard.count_situations` with six dealer cards.

    Examples
    --------
    >>> from crazy4.core.cards import parse_card, parse_cards
    >>> counts = count_situations(np.array([parse_cards("As Ad 7c 4h 2s")]), np.array([0]),
    ...                           np.array([parse_card("Kd")]))
    >>> int(counts[0, 0]), int(counts[0, -1]) <= HIDDEN_COMPLETIONS
    (877458, True)
    """
    return count_upcard_situations(hands, hand_of, up_cards, SHAPE.dealer_cards, jobs=jobs)


def prepare_counting() -> threading.Thread | None:
    """:func:`crazy4.core.upcard.prepare_counting` for the game's shape."""
    return prepare_upcard_counting(SHAPE)


__all__ = [
    "HIDDEN_COMPLETIONS",
    "SHAPE",
    "SITUATIONS",
    "TOTAL_DEALS",
    "count_situations",
    "prepare_counting",
]
