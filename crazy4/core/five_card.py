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

The counts add up to C(52, 5) = 2,598,960; ``tests/core/test_five_card.py`` holds them and checks
the vectorized classification against a plain evaluator written in the test.

References
----------
Any table of five-card poker frequencies, e.g. "Poker probability", Wikipedia; the counts
follow from C(n, k) alone (e.g. royal flushes: 4 suits; straight flushes: 10 x 4 - 4).
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


#: The rank pattern of A-2-3-4-5 (ace low), as sorted ranks 0..12.
_WHEEL = (0, 1, 2, 3, 12)


def five_card_categories(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int8]:
    """The :class:`FiveCardCategory` of every row of five distinct cards, vectorized.

    Parameters
    ----------
    hands : ndarray, shape (n, 5)
        Cards ``0..51`` (``4 * rank + suit``), in any order within a row.

    Returns
    -------
    ndarray of int8, shape (n,)

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> rows = np.array([parse_cards("As Ks Qs Js Ts"), parse_cards("Ah 2d 3c 4s 5h"),
    ...                  parse_cards("7c 7d 7h 2s 2c"), parse_cards("Kc 9d 7h 4s 2c")])
    >>> [FiveCardCategory(c).label for c in five_card_categories(rows)]
    ['royal flush', 'straight', 'full house', 'high card']
    """
    cards = np.asarray(hands, dtype=np.int64)
    ranks = np.sort(cards // 4, axis=1)
    suits = cards % 4
    flush = (suits == suits[:, :1]).all(axis=1)
    counts = (ranks[:, :, None] == np.arange(13)).sum(axis=1)  # (n, 13) cards of each rank
    ordered = -np.sort(-counts, axis=1)  # largest group first
    distinct = ranks[:, 1:] != ranks[:, :-1]
    five_ranks = distinct.all(axis=1)
    wheel = (ranks == np.array(_WHEEL)).all(axis=1)
    straight = five_ranks & ((ranks[:, 4] - ranks[:, 0] == 4) | wheel)
    category = np.full(cards.shape[0], FiveCardCategory.HIGH_CARD, dtype=np.int8)
    category[ordered[:, 0] == 2] = FiveCardCategory.PAIR
    category[(ordered[:, 0] == 2) & (ordered[:, 1] == 2)] = FiveCardCategory.TWO_PAIR
    category[ordered[:, 0] == 3] = FiveCardCategory.THREE_OF_A_KIND
    category[straight] = FiveCardCategory.STRAIGHT
    category[flush] = FiveCardCategory.FLUSH
    category[(ordered[:, 0] == 3) & (ordered[:, 1] == 2)] = FiveCardCategory.FULL_HOUSE
    category[ordered[:, 0] == 4] = FiveCardCategory.FOUR_OF_A_KIND
    category[straight & flush] = FiveCardCategory.STRAIGHT_FLUSH
    category[straight & flush & (ranks[:, 0] == 8)] = FiveCardCategory.ROYAL_FLUSH
    return category


def _all_categories() -> npt.NDArray[np.int8]:
    return five_card_categories(combinations_array(52, 5))


@cache
def build_five_card_categories() -> npt.NDArray[np.int8]:
    """The category of every five-card hand, indexed by colex index (a few seconds, then
    cached in memory and on disk, :mod:`crazy4.core.cache`).

    Examples
    --------
    >>> table = build_five_card_categories()
    >>> table.shape, int((table == FiveCardCategory.ROYAL_FLUSH).sum())
    ((2598960,), 4)
    """
    table = cached_array(
        "five_card_categories",
        _all_categories,
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
