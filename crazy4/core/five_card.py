"""The standard five-card poker categories of the player's own five cards.

Progressive and envy bets of both games pay on the player's five cards ranked as ordinary
five-card poker, not on the best four. The ten categories are declared once here, in strength
order, beside the four-card :class:`crazy4.core.ranking.HandCategory`:

==================  ===========  ==========================================
category            hands        rule
==================  ===========  ==========================================
royal flush                   4  A-K-Q-J-T of one suit
straight flush               36  five in sequence, one suit (A-2-3-4-5 low)
four of a kind              624  four of one rank
full house                3,744  three of one rank and a pair
flush                     5,108  five of one suit, not in sequence
straight                 10,200  five in sequence (A-2-3-4-5 and T-J-Q-K-A)
three of a kind          54,912  three of one rank, two other ranks
two pair                123,552  two pairs and a fifth rank
pair                  1,098,240  one pair and three other ranks
high card             1,302,540  none of the above
==================  ===========  ==========================================

The counts add up to C(52, 5) = 2,598,960 ("Poker probability", Wikipedia).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array
from crazy4.core.cards import colex_index, combinations_array


class FiveCardCategory(enum.IntEnum):
    """Five-card poker categories, lowest first (so ``>`` compares strength)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        """``"royal flush"``, ``"two pair"``: the name as printed.

        Examples
        --------
        >>> FiveCardCategory.FULL_HOUSE.label
        'full house'
        """
        return self.name.lower().replace("_", " ")


#: The radix of a key's category: 13 ** 5 tie-break values.
TIE_SPAN = 13**5
#: The place values of a key's five tie-break ranks.
TIE_POWERS = np.array([13**4, 13**3, 13**2, 13, 1], dtype=np.int64)
_WHEEL = np.array([12, 3, 2, 1, 0], dtype=np.int64)


def five_card_keys(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The ranking key ``category * 13**5 + tie`` (:mod:`crazy4.core.five_card_ranking`) of
    every row of five distinct cards (any order), vectorized: a higher key is a stronger hand,
    equal keys tie.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> rows = np.array([parse_cards(text) for text in ("Ah 2d 3c 4s 5h", "6h 2d 3c 4s 5h")])
    >>> [divmod(int(key), 13**5) for key in five_card_keys(rows)]  # straights to 5 and to 6
    [(4, 85683), (4, 114244)]
    """
    cards = np.asarray(hands, dtype=np.int64)
    ranks = cards // 4
    flush = (cards % 4 == cards[:, :1] % 4).all(axis=1)
    counts = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)  # each card's rank's count
    ordered = -np.sort(-(counts * 16 + ranks), axis=1)  # by count, then rank, high first
    digits, shape = ordered % 16, ordered // 16
    tie = digits @ TIE_POWERS
    distinct = shape[:, 0] == 1
    wheel = distinct & (digits == _WHEEL).all(axis=1)
    straight = distinct & ((digits[:, 0] - digits[:, 4] == 4) | wheel)
    top = np.where(wheel, 3, digits[:, 0]) * TIE_POWERS[0]
    category = np.full(cards.shape[0], FiveCardCategory.HIGH_CARD, dtype=np.int64)
    category[(shape[:, 0] == 2) & (shape[:, 2] == 1)] = FiveCardCategory.PAIR
    category[(shape[:, 0] == 2) & (shape[:, 2] == 2)] = FiveCardCategory.TWO_PAIR
    category[(shape[:, 0] == 3) & (shape[:, 3] == 1)] = FiveCardCategory.THREE_OF_A_KIND
    category[straight] = FiveCardCategory.STRAIGHT
    category[flush & ~straight] = FiveCardCategory.FLUSH
    category[(shape[:, 0] == 3) & (shape[:, 3] == 2)] = FiveCardCategory.FULL_HOUSE
    category[shape[:, 0] == 4] = FiveCardCategory.FOUR_OF_A_KIND
    category[straight & flush] = FiveCardCategory.STRAIGHT_FLUSH
    category[straight & flush & (digits[:, 0] == 12) & ~wheel] = FiveCardCategory.ROYAL_FLUSH
    return category * TIE_SPAN + np.where(straight, top, tie)


def five_card_categories(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int8]:
    """The :class:`FiveCardCategory` (int8) of every row of five distinct cards (any order),
    vectorized: the category of its key (:func:`five_card_keys`).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> rows = np.array([parse_cards("As Ks Qs Js Ts"), parse_cards("Ah 2d 3c 4s 5h"),
    ...                  parse_cards("7c 7d 7h 2s 2c"), parse_cards("Kc 9d 7h 4s 2c")])
    >>> [FiveCardCategory(c).label for c in five_card_categories(rows)]
    ['royal flush', 'straight', 'full house', 'high card']
    """
    return (five_card_keys(hands) // TIE_SPAN).astype(np.int8)


@cache
def build_five_card_categories() -> npt.NDArray[np.int8]:
    """The category of every five-card hand, indexed by colex index (cached in memory and on
    disk).

    Examples
    --------
    >>> table = build_five_card_categories()
    >>> table.shape, int((table == FiveCardCategory.ROYAL_FLUSH).sum())
    ((2598960,), 4)
    """
    table = cached_array(
        "five_card_categories",
        lambda: five_card_categories(combinations_array(52, 5)),
        expected_shape=(comb(52, 5),),
        dtype=np.int8,
        builders=("crazy4.core.five_card",),
    )
    table.flags.writeable = False
    return table


def five_card_category(cards: Sequence[int]) -> FiveCardCategory:
    """The five-card category of one hand.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> five_card_category(parse_cards("9h 8h 7h 6h 5h")).label
    'straight flush'
    """
    return FiveCardCategory(int(build_five_card_categories()[colex_index(sorted(cards))]))


def five_card_counts() -> dict[str, int]:
    """Hands of each category out of C(52, 5), highest category first.

    Examples
    --------
    >>> counts = five_card_counts()
    >>> counts["royal flush"], counts["high card"], sum(counts.values())
    (4, 1302540, 2598960)
    """
    found = np.bincount(build_five_card_categories(), minlength=len(FiveCardCategory))
    return {
        category.label: int(found[category]) for category in sorted(FiveCardCategory, reverse=True)
    }
