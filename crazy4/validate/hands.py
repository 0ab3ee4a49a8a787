"""Hands as a finding names them, and hands ranked as an engine that misreads A-2-3-4 would.

* :func:`hand_class` is the class a finding names a hand by: its category, with A-2-3-4 (a
  straight or a straight flush whose ace plays low) apart, so "dealer A-2-3-4" is a pattern
  of its own.
* :func:`strengths_without_wheel` ranks hands of four or more cards by their best four when
  A-2-3-4 is no straight: the four cards then rank as ace high (A-4-3-2, a flush when suited),
  per :func:`crazy4.core.ranking.raw_four_card_keys`'s keys with the straight's digits
  replaced. Only a hand whose best four is A-2-3-4 can change (dropping one straight from the
  comparison changes no other hand's maximum). Ace high A-4-3-2 has no strength of its own
  (the ranking has no such hand), so the function returns *doubled* strengths: ``2 s`` for a
  hand of strength ``s``, and ``2 s - 1`` for a hand ranking just below strength ``s`` (A-4-3-2
  just below A-5-3-2). Comparisons of doubled strengths are exact; ``(d + 1) // 2`` is a
  strength of the same category and pay line.
* :func:`best_four_pair_keys` keys hands whose best four is a pair as an engine comparing a
  pair with a pair by the high card would (:mod:`crazy4.validate.misread`).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from crazy4.core.ranking import (
    HandCategory,
    build_four_card_table,
    category_of_strength,
    hand_group,
    hand_groups_in_order,
    number_of_strengths,
    raw_four_card_keys,
)
from crazy4.validate.misread import pair_high_card_keys

_RADIX = 13
#: The class :func:`hand_class` gives A-2-3-4 (past the eight categories).
WHEEL_CLASS = len(HandCategory)
#: Names of the classes, by code.
CLASS_NAMES = (*(category.label for category in HandCategory), "A-2-3-4")


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


def hand_class(strength: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """Category code of each strength, A-2-3-4 as :data:`WHEEL_CLASS`.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.core.ranking import hand_strength
    >>> hands = [hand_strength(parse_cards(h)) for h in ("As 2d 3h 4c", "5s 2d 3h 4c")]
    >>> [CLASS_NAMES[c] for c in hand_class(np.array(hands))]
    ['A-2-3-4', 'straight']
    """
    strength = np.asarray(strength, dtype=np.int64)
    classes = category_of_strength()[strength].astype(np.int64)
    return np.where(wheel_strengths()[strength], WHEEL_CLASS, classes)


def strengths_without_wheel(
    cards: npt.NDArray[np.integer], strength: npt.NDArray[np.integer]
) -> npt.NDArray[np.int64]:
    """The doubled strengths (see the module docstring) of hands (``cards``, one hand a row;
    ``strength`` their best four) when A-2-3-4 is no straight.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.core.ranking import hand_strength, describe_strength
    >>> hand = parse_cards("As 2d 3h 4c 4s")
    >>> new = strengths_without_wheel(np.array([hand]), np.array([hand_strength(hand)]))
    >>> describe_strength(int(new[0]) // 2)
    'pair of fours, A-3'
    >>> hand = parse_cards("As 2s 3s 4s 9d")
    >>> new = strengths_without_wheel(np.array([hand]), np.array([hand_strength(hand)]))
    >>> int(new[0]) % 2, describe_strength((int(new[0]) + 1) // 2)  # just below A-5-3-2
    (1, 'flush A-5-3-2')
    """
    result = 2 * np.asarray(strength, dtype=np.int64)
    rows = np.flatnonzero(wheel_strengths()[result // 2])
    if rows.size == 0:
        return result
    raw_keys = build_four_card_table()[1]
    hands = np.asarray(cards, dtype=np.int64)[rows]
    best = np.full(rows.size, -1, dtype=np.int64)
    low = ((12 * _RADIX + 2) * _RADIX + 1) * _RADIX  # digits A-4-3-2
    for subset in combinations(range(hands.shape[1]), 4):
        key = raw_four_card_keys(hands[:, list(subset)])
        category = key // _RADIX**4
        top = (key // _RADIX**3) % _RADIX
        straight_flush = category == HandCategory.STRAIGHT_FLUSH
        wheel = ((category == HandCategory.STRAIGHT) | straight_flush) & (top == 2)
        replaced = np.where(straight_flush, HandCategory.FLUSH, HandCategory.HIGH_CARD)
        key = np.where(wheel, replaced * _RADIX**4 + low, key)
        found = np.searchsorted(raw_keys, key)
        exact = raw_keys[np.minimum(found, raw_keys.shape[0] - 1)] == key
        best = np.maximum(best, np.where(exact, 2 * found, 2 * found - 1))
    result[rows] = best
    return result


def best_four_pair_keys(cards: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The keys of hands (a hand a row) whose best four is a pair, compared by the high card
    (:func:`crazy4.validate.misread.pair_high_card_keys`); -1 for the other hands.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> keys = best_four_pair_keys(np.array([parse_cards(h) for h in
    ...                            ("5s 5d Kh 3c 2d", "9s 9d 2h 3c 4d", "9s 9d 2h 3c 2d")]))
    >>> bool(keys[0] > keys[1]), int(keys[2])
    (True, -1)
    """
    pairs = category_of_strength() == HandCategory.PAIR
    return pair_high_card_keys(cards, build_four_card_table()[0], 4, pairs)


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
