"""The three-card hand ranking: straight flush, three of a kind, straight, flush, pair, high.

A straight beats a flush (three-card odds). Ace is high, and low only in A-2-3, the lowest
straight; there is no wrap-around, and suits never rank. Within a category hands compare by
rank, high to low (a pair by its pair, then the kicker; a straight by its top card).

Every hand gets a *strength*, ``0`` (2-3-5 offsuit, the weakest) to ``n_strengths - 1``
(A-K-Q suited), equal strengths tying: the dense rank of the key ``category * 13**3 +
tie-break`` over all 22,100 hands.

Examples
--------
>>> ranking = ThreeCardRanking()
>>> ranking.n_strengths, ranking.categories[-1]
(741, 'straight flush')
>>> ranking.describe(ranking.strength_of("Q-6-4")), ranking.describe(ranking.strength_of("Q high"))
('Q-6-4', 'Q-3-2')
>>> ranking.describe(ranking.strength_of("pair of 6s"))
'pair of 6s, 2'
>>> ranking.strength_of("straight flush to A") == ranking.n_strengths - 1  # A-K-Q suited
True
>>> ranking.describe(ranking.strength_of("straight A-2-3"))
'straight A-2-3'
"""

from __future__ import annotations

import re
from functools import cache

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import RANKS, combinations_array, parse_rank
from crazy4.errors import InputError

CATEGORIES = ("high card", "pair", "flush", "straight", "three of a kind", "straight flush")
HIGH, PAIR, FLUSH, STRAIGHT, TRIPS, STRAIGHT_FLUSH = range(6)


@cache
def _keys() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32]]:
    """The distinct keys ascending, and each three-card hand's strength by colex index."""
    hands = combinations_array(52, 3).astype(np.int64)
    ranks = np.sort(hands // 4, axis=1)[:, ::-1]  # high to low
    suits = hands % 4
    high, middle, low = ranks[:, 0], ranks[:, 1], ranks[:, 2]
    flush = (suits[:, 0] == suits[:, 1]) & (suits[:, 1] == suits[:, 2])
    wheel = (high == 12) & (middle == 1) & (low == 0)
    run = (high - middle == 1) & (middle - low == 1)
    straight = run | wheel
    top = np.where(wheel, 1, high)
    trips = high == low
    pair = ~trips & ((high == middle) | (middle == low))
    pair_rank = middle  # the middle card is always in the pair
    kicker = np.where(high == middle, low, high)
    digits = high * 169 + middle * 13 + low
    category = np.full(hands.shape[0], HIGH)
    tie = digits.copy()
    for hit, value, code in (
        (pair, pair_rank * 13 + kicker, PAIR),
        (flush & ~straight, digits, FLUSH),
        (straight & ~flush, top, STRAIGHT),
        (trips, high, TRIPS),
        (straight & flush, top, STRAIGHT_FLUSH),
    ):
        category = np.where(hit, code, category)
        tie = np.where(hit, value, tie)
    key = category * 13**3 + tie
    distinct, strength = np.unique(key, return_inverse=True)
    return distinct, strength.astype(np.int32)


class ThreeCardRanking:
    """The three-card ranking (module docstring)."""

    categories = CATEGORIES
    key = "three_card"

    @property
    def n_strengths(self) -> int:
        """741: 274 high cards, 156 pairs, 274 flushes, 12 straights, 13 trips, 12 straight
        flushes."""
        return int(_keys()[0].shape[0])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Three-card hands only."""
        return (3,)

    def strengths(self, cards: int) -> npt.NDArray[np.int32]:
        """Strength of every three-card hand by colex index (``cards`` must be 3)."""
        if cards != 3:
            raise ValueError(f"the three-card ranking ranks 3-card hands, not {cards}")
        return _keys()[1]

    def category_starts(self) -> npt.NDArray[np.int64]:
        """The weakest strength of each category."""
        categories = _keys()[0] // 13**3
        return np.searchsorted(categories, np.arange(len(CATEGORIES))).astype(np.int64)

    def describe(self, strength: int) -> str:
        """``"Q-6-4"``, ``"pair of 9s, K"``, ``"flush A-J-4"``, ``"straight to 5"`` ..."""
        key = int(_keys()[0][strength])
        category, tie = divmod(key, 13**3)
        if category in (HIGH, FLUSH):
            text = "-".join(RANKS[(tie // 13**power) % 13] for power in (2, 1, 0))
            return text if category == HIGH else f"flush {text}"
        if category == PAIR:
            return f"pair of {RANKS[tie // 13]}s, {RANKS[tie % 13]}"
        if category == TRIPS:
            return f"three {RANKS[tie]}s"
        name = "straight" if category == STRAIGHT else "straight flush"
        return f"{name} A-2-3" if tie == 1 else f"{name} to {RANKS[tie]}"

    def group(self, strength: int) -> str:
        """Pairs by rank, high cards by their top card, the other categories whole.

        Examples
        --------
        >>> ranking = ThreeCardRanking()
        >>> [ranking.group(s) for s in (0, ranking.strength_of("Q-6-4"), 300, 740)]
        ['5 high', 'Q high', 'pair of 4s', 'straight flush']
        """
        key = int(_keys()[0][strength])
        category, tie = divmod(key, 13**3)
        if category == HIGH:
            return f"{RANKS[tie // 169]} high"
        if category == PAIR:
            return f"pair of {RANKS[tie // 13]}s"
        return CATEGORIES[category]

    def strength_of(self, description: str) -> int:
        """The weakest strength that ``description`` names (module docstring examples)."""
        text = " ".join(description.lower().split())
        keys = _keys()[0]
        if text == "none":
            return 0
        if text in CATEGORIES:
            return int(self.category_starts()[CATEGORIES.index(text)])
        match = re.fullmatch(r"(10|[2-9tjqka]) high", text)
        if match:
            top = parse_rank(match.group(1))
            key = HIGH * 13**3 + top * 169 + (1 if top > 1 else 0) * 13
            return int(np.searchsorted(keys, key))
        match = re.fullmatch(r"pair of (10|[2-9tjqka])s", text)
        if match:
            return int(np.searchsorted(keys, PAIR * 13**3 + parse_rank(match.group(1)) * 13))
        match = re.fullmatch(r"(straight|straight flush) (?:to (10|[2-9tjqka])|(a-2-3))", text)
        if match:  # as :meth:`describe` words it: the one straight (flush) to that card
            category = STRAIGHT if match.group(1) == "straight" else STRAIGHT_FLUSH
            key = category * 13**3 + (1 if match.group(3) else parse_rank(match.group(2) or ""))
            found = int(np.searchsorted(keys, key))
            if found < keys.shape[0] and int(keys[found]) == key:
                return found
        match = re.fullmatch(r"(10|[2-9tjqka])-(10|[2-9tjqka])-(10|[2-9tjqka])", text)
        if match:
            ranks = sorted((parse_rank(part) for part in match.groups()), reverse=True)
            key = HIGH * 13**3 + ranks[0] * 169 + ranks[1] * 13 + ranks[2]
            found = int(np.searchsorted(keys, key))
            if len(set(ranks)) == 3 and found < keys.shape[0] and int(keys[found]) == key:
                return found
        raise InputError(
            f"unknown three-card hand {description!r}; expected 'none', '<rank> high', "
            "'pair', 'pair of <rank>s', a category or three ranks like 'Q-6-4'"
        )


#: The ranking's one instance.
THREE_CARD_RANKING = ThreeCardRanking()
