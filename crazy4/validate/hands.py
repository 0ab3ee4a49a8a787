"""Hands as a strategy finding names them (:func:`strategy_groups`: pairs by rank, A-2-3-4
apart), and which four-card strengths are A-2-3-4 (:func:`wheel_strengths`).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from crazy4.core.ranking import (
    HandCategory,
    build_four_card_table,
    hand_group,
    hand_groups_in_order,
    number_of_strengths,
)

_RADIX = 13


@cache
def wheel_strengths() -> npt.NDArray[np.bool_]:
    """Which four-card strengths are A-2-3-4 (straight or straight flush).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.core.ranking import hand_strength
    >>> wheel = wheel_strengths()
    >>> bool(wheel[hand_strength(parse_cards("As 2d 3h 4c"))]), int(wheel.sum())
    (True, 2)
    """
    raw = build_four_card_table()[1]
    category = raw // _RADIX**4
    top = (raw // _RADIX**3) % _RADIX
    straight = (category == HandCategory.STRAIGHT) | (category == HandCategory.STRAIGHT_FLUSH)
    return np.asarray(straight & (top == 2))


@cache
def strategy_groups() -> tuple[npt.NDArray[np.int64], tuple[str, ...]]:
    """The group code of every strength a strategy finding names hands by, and the names:
    :func:`crazy4.core.ranking.hand_group` (pairs by rank), A-2-3-4 apart.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.core.ranking import hand_strength
    >>> codes, names = strategy_groups()
    >>> [names[codes[hand_strength(parse_cards(h))]] for h in ("As Ad 3h 4c", "As 2d 3h 4c")]
    ['pair of aces', 'A-2-3-4']
    """
    names = (*hand_groups_in_order(), "A-2-3-4")
    index = {name: code for code, name in enumerate(names)}
    codes = np.array([index[hand_group(s)] for s in range(number_of_strengths())], np.int64)
    codes[wheel_strengths()] = len(names) - 1
    return codes, names
