"""Four-card hand ranking and the best-four-of-n lookup tables.

Ranking
-------
Declared once, weakest first, in :class:`HandCategory`: high card < pair < two pair < straight
< flush < three of a kind < straight flush < four of a kind. Ace is high except in A-2-3-4, the
lowest straight; K-A-2-3 does not wrap. Equal categories compare on the whole four-card hand
(quads and trips by rank then kicker, straights by top card, two pair by high then low pair,
pair by pair then kickers, flush and high card by all four ranks); suits never rank.

Strength
--------
Every four-card hand gets a *strength*, an integer ``0 .. N_STRENGTHS - 1`` where equal
strength means a tie and larger beats smaller. It is computed from a raw key
``category * 13**4 + d0 * 13**3 + d1 * 13**2 + d2 * 13 + d3`` whose digits are the ranks
ordered by (multiplicity, rank) descending (for straights: the top card, with 4 on top in
A-2-3-4), then compressed to consecutive integers over the 270,725 four-card hands.

A hand of five (or six) cards plays its best four: its strength is the maximum strength of its
four-card subsets. :func:`build_best_four_strengths` tabulates it by colex index
(:mod:`crazy4.core.cards`), so evaluating any hand is one array lookup.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.core.cache import cached_array
from crazy4.core.cards import BINOMIAL, RANKS, colex_index, colex_indices, combinations_array
from crazy4.errors import InputError


class HandCategory(enum.IntEnum):
    """Four-card hand categories, weakest first (so ``<`` compares them).

    Examples
    --------
    >>> HandCategory.FLUSH > HandCategory.STRAIGHT
    True
    >>> HandCategory.THREE_OF_A_KIND > HandCategory.FLUSH
    True
    >>> HandCategory.FOUR_OF_A_KIND.label
    'four of a kind'
    """

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    STRAIGHT = 3
    FLUSH = 4
    THREE_OF_A_KIND = 5
    STRAIGHT_FLUSH = 6
    FOUR_OF_A_KIND = 7

    @property
    def label(self) -> str:
        """Lower-case name with spaces, as used in reports and rule files."""
        return self.name.lower().replace("_", " ")

    @classmethod
    def from_label(cls, text: str) -> HandCategory:
        """Category from its label or name (``"two pair"``, ``"TWO_PAIR"``, ``"two-pair"``).

        Examples
        --------
        >>> HandCategory.from_label("straight flush")
        <HandCategory.STRAIGHT_FLUSH: 6>
        """
        key = text.strip().upper().replace(" ", "_").replace("-", "_")
        try:
            return cls[key]
        except KeyError:
            names = ", ".join(member.label for member in cls)
            raise InputError(f"unknown hand category {text!r}; expected one of: {names}") from None


_RADIX = 13


def raw_four_card_keys(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """Raw ranking keys of four-card hands (larger beats smaller, equal ties).

    Parameters
    ----------
    hands : ndarray, shape (n, 4)
        Four distinct cards a row (any order).

    Returns
    -------
    ndarray of int64, shape (n,)
        ``category * 13**4 + tie-break digits`` (see the module docstring).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> wheel = raw_four_card_keys(np.array([parse_cards("Ac 2d 3h 4s")]))
    >>> five_high = raw_four_card_keys(np.array([parse_cards("2c 3d 4h 5s")]))
    >>> bool(wheel[0] < five_high[0])
    True
    """
    hands = np.asarray(hands, dtype=np.int64)
    ranks = hands // 4
    suits = hands % 4
    multiplicity = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    order_key = multiplicity * 16 + ranks
    digits = np.take_along_axis(ranks, np.argsort(-order_key, axis=1, kind="stable"), axis=1)
    distinct = multiplicity.max(axis=1) == 1
    flush = (suits == suits[:, :1]).all(axis=1)
    top = digits[:, 0]
    wheel = distinct & (top == 12) & (digits[:, 1] == 2)  # A-4-3-2
    straight = distinct & ((top - digits[:, 3] == 3) | wheel)
    straight_top = np.where(wheel, 2, top)
    pairs = (multiplicity == 2).sum(axis=1) // 2
    category = np.full(hands.shape[0], HandCategory.HIGH_CARD, dtype=np.int64)
    category[pairs == 1] = HandCategory.PAIR
    category[pairs == 2] = HandCategory.TWO_PAIR
    category[straight] = HandCategory.STRAIGHT
    category[flush & ~straight] = HandCategory.FLUSH
    category[multiplicity.max(axis=1) == 3] = HandCategory.THREE_OF_A_KIND
    category[flush & straight] = HandCategory.STRAIGHT_FLUSH
    category[multiplicity.max(axis=1) == 4] = HandCategory.FOUR_OF_A_KIND
    digits = np.where(straight[:, None], 0, digits)
    digits[:, 0] = np.where(straight, straight_top, digits[:, 0])
    key = category
    for position in range(4):
        key = key * _RADIX + digits[:, position]
    return key


@cache
def build_four_card_table() -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.int64]]:
    """Strength of every four-card hand, and the raw key of every strength.

    Returns
    -------
    strengths : ndarray of uint16, shape (270725,)
        Strength of the four-card hand with colex index ``i``.
    raw_keys : ndarray of int64, shape (N_STRENGTHS,)
        ``raw_keys[s]`` is the raw key (:func:`raw_four_card_keys`) of strength ``s``.

    Examples
    --------
    >>> strengths, raw_keys = build_four_card_table()
    >>> strengths.shape, int(strengths.max()) + 1 == raw_keys.shape[0]
    ((270725,), True)
    """
    keys = cached_array(  # computed once, then read (once per process)
        "four_card_raw_keys",
        lambda: raw_four_card_keys(combinations_array(52, 4)),
        expected_shape=(comb(52, 4),),
        dtype=np.int64,
    )
    strengths = cached_array(  # the ranks of the keys (a sort of 270,725 keys, kept)
        "four_card_strengths",
        lambda: np.unique(keys, return_inverse=True)[1],
        expected_shape=(comb(52, 4),),
        dtype=np.uint16,
    )
    raw_keys = np.zeros(int(strengths.max()) + 1, dtype=np.int64)
    raw_keys[strengths] = keys  # every strength is some hand's: the key of its rank
    return strengths.astype(np.uint16), raw_keys


def number_of_strengths() -> int:
    """How many distinct four-card strengths there are.

    Examples
    --------
    >>> number_of_strengths()
    2535
    """
    return int(build_four_card_table()[1].shape[0])


def category_of_strength() -> npt.NDArray[np.int8]:
    """Category (:class:`HandCategory` value) of every strength, as an array.

    Examples
    --------
    >>> categories = category_of_strength()
    >>> HandCategory(int(categories[0])), HandCategory(int(categories[-1]))
    (<HandCategory.HIGH_CARD: 0>, <HandCategory.FOUR_OF_A_KIND: 7>)
    """
    return (build_four_card_table()[1] // _RADIX**4).astype(np.int8)


def category_thresholds() -> npt.NDArray[np.int64]:
    """Lowest strength of each category: ``thresholds[c]`` for ``c`` in 0..7, then the total.

    A strength ``s`` has category ``c`` exactly when ``thresholds[c] <= s < thresholds[c+1]``.

    Examples
    --------
    >>> t = category_thresholds()
    >>> int(t[0]), int(t[-1]) == number_of_strengths()
    (0, True)
    """
    categories = category_of_strength()
    starts = np.searchsorted(categories, np.arange(len(HandCategory) + 1), side="left")
    return starts.astype(np.int64)


def _best_four_strengths(hand_size: int) -> npt.NDArray[np.uint16]:
    # the best of the hand's (n-1)-card subsets: the same table as the plain numpy builder's
    # (the tests compare them), without a compiled kernel to compile on a cold cache
    smaller = build_four_card_table()[0] if hand_size == 5 else build_best_four_strengths(5)
    return best_dropping_one(smaller, hand_size)


def best_dropping_one(smaller: npt.NDArray[np.uint16], size: int) -> npt.NDArray[np.uint16]:
    """The best of every ``size``-card hand's ``size - 1``-card subsets, by colex index.

    The hands with top card ``m`` are the colex indices ``C(m, size) + i`` for the
    ``(size - 1)``-sets ``i`` of the cards below ``m``, so they are built a top card at a
    time: without ``m`` a hand is its set ``i`` (a slice of ``smaller``); without the lower
    card ``d`` it is the set ``i`` less ``d`` (the same colex index for every ``m``, found once)
    with ``m`` on top, adding ``C(m, size - 1)``.

    Parameters
    ----------
    smaller : ndarray of uint16, shape (C(52, size - 1),)
        The values of the smaller hands, by colex index.
    size : int
        Cards in a hand, at least 2.

    Examples
    --------
    >>> best_dropping_one(np.arange(52, dtype=np.uint16), 2)[:3].tolist()  # {0,1} {0,2} {1,2}
    [1, 2, 2]
    """
    lower = combinations_array(52, size - 1)
    column = [BINOMIAL[:, k].astype(np.int32) for k in range(size)]
    dropped = []  # dropped[d][i]: the colex index of lower set i without its card d
    for d in range(size - 1):
        index = np.zeros(lower.shape[0], dtype=np.int32)
        for j in range(size - 1):
            if j != d:
                index += column[j + 1 if j < d else j][lower[:, j].astype(np.intp)]
        dropped.append(index)
    out = np.empty(comb(52, size), dtype=np.uint16)
    for top in range(size - 1, 52):
        count = comb(top, size - 1)
        block = out[comb(top, size) : comb(top, size) + count]
        block[:] = smaller[:count]
        for index in dropped:
            np.maximum(block, smaller[index[:count] + count], out=block)
    return out


def best_four_strengths_numpy(hand_size: int) -> npt.NDArray[np.uint16]:
    """The best-four strength of every ``hand_size``-card hand, each four-card subset of every
    listed hand looked up (the plain reference of the table builders).

    Examples
    --------
    >>> bool((best_four_strengths_numpy(4) == build_four_card_table()[0]).all())
    True
    """
    four_card = build_four_card_table()[0]
    hands = combinations_array(52, hand_size)
    best = np.zeros(hands.shape[0], dtype=np.uint16)
    for kept in combinations(range(hand_size), 4):
        np.maximum(best, four_card[colex_indices(hands[:, list(kept)])], out=best)
    return best


@cache
def build_best_four_strengths(hand_size: int = 5) -> npt.NDArray[np.uint16]:
    """Strength of the best four cards of every ``hand_size``-card hand, by colex index (built
    once, then cached on disk).

    Parameters
    ----------
    hand_size : int
        4, 5 or 6.

    Returns
    -------
    ndarray of uint16, shape (C(52, hand_size),)

    Examples
    --------
    >>> table = build_best_four_strengths(5)
    >>> table.shape
    (2598960,)
    >>> from crazy4.core.cards import parse_cards
    >>> int(table[colex_index(parse_cards("As Ad Ah Ac 2c"))]) == number_of_strengths() - 1
    True
    """
    if hand_size == 4:
        return build_four_card_table()[0]
    if hand_size not in (5, 6):
        raise InputError(f"hand size {hand_size}: only 4, 5 or 6 cards are supported")
    return cached_array(
        f"best_four_of_{hand_size}",
        lambda: _best_four_strengths(hand_size),
        expected_shape=(comb(52, hand_size),),
        dtype=np.uint16,
    )


def hand_strength(cards: Sequence[int]) -> int:
    """Strength of the best four cards of a 4-, 5- or 6-card hand.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> hand_strength(parse_cards("Ks Qd 8c 4h 2s")) == hand_strength(parse_cards("Kd Qd 8c 4h"))
    True
    """
    return int(build_best_four_strengths(len(cards))[colex_index(cards)])


def best_four(cards: Sequence[int]) -> tuple[int, ...]:
    """The four cards a hand plays (the first best subset, cards sorted high to low).

    Examples
    --------
    >>> from crazy4.core.cards import format_cards, parse_cards
    >>> format_cards(best_four(parse_cards("Ks Qd 8c 4h 2s")))
    'Ks Qd 8c 4h'
    """
    four_card = build_four_card_table()[0]
    subsets = [tuple(sorted(subset)) for subset in combinations(cards, 4)]
    best = max(subsets, key=lambda subset: int(four_card[colex_index(subset)]))
    return tuple(sorted(best, reverse=True))


def category_of(cards: Sequence[int]) -> HandCategory:
    """Category of the best four cards of a hand.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> category_of(parse_cards("Ac 2d 3h 4s 9c")).label
    'straight'
    >>> category_of(parse_cards("Kc Ad 2h 3s 9c")).label
    'high card'
    """
    return HandCategory(int(category_of_strength()[hand_strength(cards)]))


def strength_of_description(text: str) -> int:
    """Lowest strength described by a short phrase, for qualifiers in rule files.

    Accepted: ``"none"`` (every hand), ``"<rank> high"`` (e.g. ``"K high"``: the weakest
    hand whose top card is that rank, or any pair or better), ``"pair"``, ``"pair of <rank>s"``,
    ``"four <rank>s"`` and any category label (``"two pair"``).

    Examples
    --------
    >>> strength_of_description("none")
    0
    >>> from crazy4.core.cards import parse_cards
    >>> hand_strength(parse_cards("Kc 4d 3h 2s")) == strength_of_description("K high")
    True
    >>> hand_strength(parse_cards("Qc Jd 9h 8s")) < strength_of_description("K high")
    True
    """
    phrase = " ".join(text.lower().split())
    raw_keys = build_four_card_table()[1]
    if phrase == "none":
        return 0
    rank_names = {name.lower(): index for index, name in enumerate(RANKS)}
    rank_names.update({"10": 8, "ten": 8, "jack": 9, "queen": 10, "king": 11, "ace": 12})
    words = phrase.split(" ")
    if len(words) == 2 and words[1] == "high" and words[0] in rank_names:
        rank = rank_names[words[0]]
        if rank < 3:
            raise InputError(f"qualifier {text!r}: no four-card hand is {words[0]} high")
        if rank == 3:  # 5-4-3-2 is a straight; the weakest 5-high hand does not exist
            raise InputError(f"qualifier {text!r}: every 5-high four-card hand is a straight")
        key = int(HandCategory.HIGH_CARD)
        for digit in (rank, 2, 1, 0):  # the weakest such hand: rank-4-3-2 offsuit
            key = key * _RADIX + digit
        return int(np.searchsorted(raw_keys, key, side="left"))
    if len(words) == 2 and words[0] == "four" and words[1].removesuffix("s") in rank_names:
        rank = rank_names[words[1].removesuffix("s")]
        key = int(HandCategory.FOUR_OF_A_KIND) * _RADIX**4 + rank * (_RADIX**4 - 1) // (_RADIX - 1)
        return int(np.searchsorted(raw_keys, key, side="left"))
    if len(words) == 3 and words[0] == "pair" and words[1] == "of":
        rank_word = words[2].removesuffix("s")
        if rank_word not in rank_names:
            raise InputError(f"qualifier {text!r}: unknown rank {words[2]!r}")
        key = int(HandCategory.PAIR) * _RADIX**4 + rank_names[rank_word] * (_RADIX**3 + _RADIX**2)
        return int(np.searchsorted(raw_keys, key, side="left"))
    category = HandCategory.from_label(phrase)
    return int(category_thresholds()[category])


#: Each rank's plural, by rank: how hands and pay-table lines name it.
RANK_PLURALS = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)  # fmt: skip


def describe_strength(strength: int) -> str:
    """Readable name of a four-card strength (ranks high to low; suits never rank).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> describe_strength(hand_strength(parse_cards("Ks Qd 8c 4h")))
    'K-Q-8-4'
    >>> describe_strength(hand_strength(parse_cards("As Ad Kc Qh")))
    'pair of aces, K-Q'
    >>> describe_strength(hand_strength(parse_cards("As 2s 3s 4s")))
    'straight flush, 4 high'
    """
    return _names()[0][strength]


@cache
def _names() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every strength's :func:`describe_strength` and :func:`hand_group`, built once."""
    raws = build_four_card_table()[1].tolist()
    return tuple(_describe(int(raw)) for raw in raws), tuple(_group(int(raw)) for raw in raws)


def _describe(raw: int) -> str:
    """:func:`describe_strength` of the raw key ``raw``."""
    category = HandCategory(raw // _RADIX**4)
    digits = [(raw // _RADIX**power) % _RADIX for power in (3, 2, 1, 0)]
    ranks = [RANKS[d] for d in digits]
    if category == HandCategory.HIGH_CARD:
        return "-".join(ranks)
    if category == HandCategory.FLUSH:
        return "flush " + "-".join(ranks)
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        return f"{category.label}, {ranks[0]} high"
    if category == HandCategory.FOUR_OF_A_KIND:
        return f"four {RANK_PLURALS[digits[0]]}"
    if category == HandCategory.THREE_OF_A_KIND:
        return f"three {RANK_PLURALS[digits[0]]}, {ranks[3]}"
    if category == HandCategory.TWO_PAIR:
        return f"two pair, {RANK_PLURALS[digits[0]]} and {RANK_PLURALS[digits[2]]}"
    return f"pair of {RANK_PLURALS[digits[0]]}, {ranks[2]}-{ranks[3]}"


def hand_group(strength: int) -> str:
    """The group a hand is reported in: its category, with four aces and pairs by rank apart.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> hand_group(hand_strength(parse_cards("As Ad Ah Ac"))), hand_group(0)
    ('four aces', 'high card')
    >>> hand_group(hand_strength(parse_cards("Qs Qd 3c 2h")))
    'pair of queens'
    """
    return _names()[1][strength]


def _group(raw: int) -> str:
    """:func:`hand_group` of the raw key ``raw``."""
    category = HandCategory(raw // _RADIX**4)
    top = (raw // _RADIX**3) % _RADIX
    if category == HandCategory.FOUR_OF_A_KIND and top == 12:
        return "four aces"
    if category == HandCategory.PAIR:
        return f"pair of {RANK_PLURALS[top]}"
    return category.label


def hand_groups_in_order() -> list[str]:
    """Every :func:`hand_group` name, strongest first.

    Examples
    --------
    >>> groups = hand_groups_in_order()
    >>> groups[:2], groups[-2:], len(groups)
    (['four aces', 'four of a kind'], ['pair of twos', 'high card'], 21)
    """
    names = [hand_group(s) for s in range(number_of_strengths() - 1, -1, -1)]
    return list(dict.fromkeys(names))
