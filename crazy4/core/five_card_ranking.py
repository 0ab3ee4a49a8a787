"""The standard five-card poker ranking: every hand of five cards, and the best five of six.

Categories, weakest first: those of :class:`crazy4.core.five_card.FiveCardCategory` (the royal
flush a category of its own, so a pay table can name it). The ace is high, and low only in
A-2-3-4-5; there is no wrap-around, and suits never rank. Within a category hands compare by
rank: the ranks ordered by how many cards hold them, then high to low (a straight by its top
card, 5 for A-2-3-4-5). That is a *key* ``category * 13**5 + tie``, ``tie`` the five ranks so
ordered as base-13 digits (a straight's: its top card, then zeros). Every hand gets a
*strength*, the dense rank of its key: ``0`` (7-5-4-3-2 offsuit) to ``7461`` (the royal flush).

==================  =========
category            strengths
==================  =========
high card               1,277
pair                    2,860
two pair                  858
three of a kind           858
straight                   10
flush                   1,277
full house                156
four of a kind            156
straight flush              9
royal flush                 1
==================  =========

The 7,462 keys come from one hand of each rank pattern (and a suited one of each five distinct
ranks), so describing a strength never builds a table; the strengths of every hand
(:meth:`FiveCardRanking.strengths`) are cached on disk (:mod:`crazy4.core.cache`); six and
seven cards take the best of the hand less one card (:func:`crazy4.core.ranking.best_dropping_one`).

References
----------
Cactus Kev's poker hand evaluator (7,462 distinct five-card values).

Examples
--------
>>> FIVE_CARD.n_strengths, FIVE_CARD.categories[-1]
(7462, 'royal flush')
>>> FIVE_CARD.describe(0), FIVE_CARD.describe(FIVE_CARD.n_strengths - 1)
('7-5-4-3-2', 'royal flush')
>>> FIVE_CARD.describe(FIVE_CARD.strength_of("A-K"))
'A-K-4-3-2'
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache, partial
from itertools import combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array
from crazy4.core.cards import RANKS, combinations_array, parse_rank
from crazy4.core.five_card import TIE_POWERS, TIE_SPAN, FiveCardCategory, five_card_keys
from crazy4.core.ranking import best_dropping_one
from crazy4.errors import InputError

#: The category names, weakest first.
CATEGORIES = tuple(category.label for category in FiveCardCategory)
#: The hand sizes :meth:`FiveCardRanking.strengths` ranks (the best five of them).
SIZES = (5, 6, 7)


@cache
def _representatives() -> npt.NDArray[np.int64]:
    """One hand of each multiset of five ranks (at most four of a rank), the ``j``-th card of a
    rank in suit ``j``, and for five distinct ranks a suited hand beside an unsuited one."""
    hands = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) == 5:
            continue
        seen: Counter[int] = Counter()
        cards = []
        for rank in ranks:
            cards.append(4 * rank + seen[rank])
            seen[rank] += 1
        hands.append(cards)
        if len(seen) == 5:  # all suit 0 above: add the unsuited hand
            hands.append([*cards[:4], cards[4] + 1])
    return np.array(hands, dtype=np.int64)


@cache
def distinct_keys() -> npt.NDArray[np.int64]:
    """The 7,462 distinct keys ascending: strength ``s`` is the hand of key ``[s]``.

    Found from one hand of each pattern of ranks and suits a key depends on (each multiset of
    five ranks, suited or not): every key of a five-card hand, from 7,462 hands.

    Examples
    --------
    >>> keys = distinct_keys()
    >>> keys.shape, int(keys[-1] // 13**5) == FiveCardCategory.ROYAL_FLUSH
    ((7462,), True)
    """
    keys = np.unique(five_card_keys(_representatives()))
    keys.flags.writeable = False
    return keys


#: A pattern's index: the ranks of a hand, ascending, as base-13 digits (lowest digit first).
_PATTERN = np.array([1, 13, 13**2, 13**3, 13**4], dtype=np.int32)


@cache
def _pattern_strengths() -> npt.NDArray[np.uint16]:
    """Strength by (suited, ranks ascending as base-13 digits): shape (2, 13**5)."""
    hands = _representatives()
    ranks = np.sort(hands // 4, axis=1)
    suited = (hands % 4 == hands[:, :1] % 4).all(axis=1)
    table = np.zeros((2, 13**5), dtype=np.uint16)
    table[suited.astype(np.intp), ranks @ _PATTERN] = np.searchsorted(
        distinct_keys(), five_card_keys(hands)
    )
    return table


def _five_card_strengths() -> npt.NDArray[np.uint16]:
    # a hand's strength depends on its ranks and on whether it is suited alone: look it up
    hands = combinations_array(52, 5)  # cards ascending in a row, so ranks ascending too
    pattern = (hands // 4).astype(np.int32) @ _PATTERN
    suits = hands % 4
    suited = (suits == suits[:, :1]).all(axis=1)
    strengths: npt.NDArray[np.uint16] = _pattern_strengths()[suited.astype(np.intp), pattern]
    return strengths


@cache
def build_five_card_strengths(cards: int = 5) -> npt.NDArray[np.uint16]:
    """The strength of the best five of every ``cards``-card hand, by colex index (built once,
    then cached in memory and on disk).

    Parameters
    ----------
    cards : int
        5, 6 or 7.

    Raises
    ------
    ValueError
        For any other number of cards.

    Examples
    --------
    >>> from crazy4.core.cards import colex_index, parse_cards
    >>> table = build_five_card_strengths(5)
    >>> table.shape, int(table[colex_index(parse_cards("Ts Js Qs Ks As"))])
    ((2598960,), 7461)
    """
    if cards not in SIZES:
        raise ValueError(f"the five-card ranking ranks hands of 5, 6 or 7 cards, not {cards}")
    table = cached_array(
        f"five_card_strengths_{cards}",
        _five_card_strengths if cards == 5 else partial(_best_of, cards),
        expected_shape=(comb(52, cards),),
        dtype=np.uint16,
        builders=(__name__, "crazy4.core.five_card"),
    )
    table.flags.writeable = False
    return table


def _best_of(cards: int) -> npt.NDArray[np.uint16]:
    return best_dropping_one(build_five_card_strengths(cards - 1), cards)


def _digits(key: int) -> tuple[int, tuple[str, ...]]:
    category, tie = divmod(key, TIE_SPAN)
    return category, tuple(RANKS[(tie // 13**power) % 13] for power in (4, 3, 2, 1, 0))


#: A key's description by category, from its five ranks ordered as in the key.
_FORMATS = (
    "{0}-{1}-{2}-{3}-{4}",
    "pair of {0}s, {2}-{3}-{4}",
    "two pair, {0}s and {2}s, {4}",
    "three {0}s, {3}-{4}",
    "straight to {0}",
    "flush {0}-{1}-{2}-{3}-{4}",
    "full house, {0}s over {3}s",
    "four {0}s, {4}",
    "straight flush to {0}",
    "royal flush",
)


def _describe(key: int) -> str:
    category, ranks = _digits(key)
    return _FORMATS[category].format(*ranks)


def _group(key: int) -> str:
    category, digits = _digits(key)
    if category == FiveCardCategory.HIGH_CARD:
        return f"{digits[0]} high"
    if category == FiveCardCategory.PAIR:
        return f"pair of {digits[0]}s"
    return CATEGORIES[category]


@cache
def _descriptions() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every strength's description and group, weakest first: written once a process, read
    by every table (a result table asks for thousands)."""
    keys = [int(key) for key in distinct_keys()]
    return tuple(_describe(key) for key in keys), tuple(_group(key) for key in keys)


@cache
def _by_description() -> dict[str, int]:
    return {text.lower(): s for s, text in enumerate(_descriptions()[0])}


_RANK = r"(10|[2-9tjqka])"
_EXPECTED = (
    "expected 'none', a category, '<rank> high', 'pair of <rank>s', ranks like 'A-K' "
    "(the weakest high card holding them) or a hand as described, like 'A-K-9-5-3'"
)


@dataclass(frozen=True)
class FiveCardRanking:
    """The standard five-card poker ranking (module docstring), as the counting engines read
    it and as a game reports it (:class:`crazy4.spec.specification.Ranking`).

    Examples
    --------
    >>> FIVE_CARD.describe(FIVE_CARD.strength_of("pair of 9s"))
    'pair of 9s, 4-3-2'
    >>> FIVE_CARD.group(FIVE_CARD.strength_of("full house, 8s over 3s"))
    'full house'
    """

    key: str = "five_card"

    @property
    def categories(self) -> tuple[str, ...]:
        """The ten categories, weakest first (``"high card"`` ... ``"royal flush"``)."""
        return CATEGORIES

    @property
    def n_strengths(self) -> int:
        """7,462 strengths."""
        return int(distinct_keys().shape[0])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Hands of 5, 6 or 7 cards (the best five of them)."""
        return SIZES

    def strengths(self, cards: int) -> npt.NDArray[np.uint16]:
        """:func:`build_five_card_strengths`: the best five of 5, 6 or 7 cards."""
        return build_five_card_strengths(cards)

    def category_starts(self) -> npt.NDArray[np.int64]:
        """The weakest strength of each category.

        Examples
        --------
        >>> FIVE_CARD.category_starts().tolist()
        [0, 1277, 4137, 4995, 5853, 5863, 7140, 7296, 7452, 7461]
        """
        categories = distinct_keys() // TIE_SPAN
        return np.searchsorted(categories, np.arange(len(CATEGORIES))).astype(np.int64)

    def describe(self, strength: int) -> str:
        """A strength in words: ``"A-K-9-5-3"``, ``"pair of 9s, A-K-4"``, ``"two pair, Ks and
        4s, 9"``, ``"three 7s, K-2"``, ``"straight to 5"``, ``"flush A-J-9-4-2"``, ``"full
        house, 8s over 3s"``, ``"four Qs, 5"``, ``"straight flush to 9"``, ``"royal flush"``.

        Examples
        --------
        >>> FIVE_CARD.describe(FIVE_CARD.strength_of("straight"))
        'straight to 5'
        """
        return _descriptions()[0][strength]

    def group(self, strength: int) -> str:
        """High cards by their top card, pairs by rank, the other categories whole.

        Examples
        --------
        >>> [FIVE_CARD.group(s) for s in (0, FIVE_CARD.strength_of("A-K"), 2000, 7000)]
        ['7 high', 'A high', 'pair of 5s', 'flush']
        """
        return _descriptions()[1][strength]

    def strength_of(self, description: str) -> int:
        """The weakest strength a description names.

        ``"none"`` is 0; a category its weakest hand; ``"Q high"`` the weakest high card
        whose top card is a queen (or, for a top card no high card has, the weakest high card
        above); ranks like ``"A-K"`` the weakest high card holding them on top (a dealer's
        qualifier "ace-king high or better"); ``"pair of 9s"`` the weakest pair of nines; any
        description :meth:`describe` writes its own strength.

        Raises
        ------
        InputError
            When the description names no strength.

        Examples
        --------
        >>> FIVE_CARD.describe(FIVE_CARD.strength_of("Q high"))
        'Q-5-4-3-2'
        >>> FIVE_CARD.strength_of("flush A-J-9-4-2") > FIVE_CARD.strength_of("straight to A")
        True
        """
        text = re.sub(r"(?<![0-9])10(?![0-9])", "t", " ".join(description.lower().split()))
        keys = distinct_keys()
        if text == "none":
            return 0
        if text in CATEGORIES:
            return int(self.category_starts()[CATEGORIES.index(text)])
        if text in _by_description():
            return _by_description()[text]
        match = re.fullmatch(rf"{_RANK} high", text)
        if match:
            return int(np.searchsorted(keys, parse_rank(match.group(1)) * TIE_POWERS[0]))
        match = re.fullmatch(rf"pair of {_RANK}s", text)
        if match:
            rank = parse_rank(match.group(1))
            key = FiveCardCategory.PAIR * TIE_SPAN + rank * (TIE_POWERS[0] + TIE_POWERS[1])
            return int(np.searchsorted(keys, key))
        if re.fullmatch(rf"{_RANK}(-{_RANK}){{1,4}}", text):
            ranks = sorted((parse_rank(part) for part in text.split("-")), reverse=True)
            key = int(np.dot(ranks, TIE_POWERS[: len(ranks)]))
            found = int(np.searchsorted(keys, key))
            if len(set(ranks)) == len(ranks) and (len(ranks) < 5 or int(keys[found]) == key):
                return found
        raise InputError(f"unknown five-card hand {description!r}; {_EXPECTED}")


#: The ranking's one instance.
FIVE_CARD = FiveCardRanking()
