"""Cards, card strings and the colex index of a hand.

A card is one integer ``0..51``::

    card = 4 * rank + suit

    rank:  0  1  2  3  4  5  6  7  8  9 10 11 12
           2  3  4  5  6  7  8  9  T  J  Q  K  A
    suit:  0=c  1=d  2=h  3=s

so ``2c = 0``, ``2d = 1``, ``As = 51``. A hand is a sorted tuple (or array row) of distinct
cards. Text uses two characters a card, rank then suit (``"Ks"``, ``"Td"``; ``10`` is accepted
for ten), separated by spaces or not at all: ``"Ks Qd 8c 4h 2s"`` or ``"KsQd8c4h2s"``.

The hands of ``k`` cards out of 52 are numbered by the combinatorial number system: for sorted
cards ``c0 < c1 < ... < c(k-1)``::

    index = C(c0, 1) + C(c1, 2) + ... + C(c(k-1), k)

which maps the ``C(52, k)`` hands one-to-one onto ``0 .. C(52, k) - 1`` (Knuth, TAOCP 7.2.1.3,
"combinatorial number system"). :func:`combinations_array` lists the hands in that order, so
row ``i`` of it is the hand whose index is ``i``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from math import comb

import numpy as np
import numpy.typing as npt

from crazy4.errors import InputError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK_SIZE = 52

_CARD_PATTERN = re.compile(r"(10|[2-9TJQKA])([cdhs])", re.IGNORECASE)
#: One card, and a hand of cards written one after another (each position starts at most
#: one card: no rank symbol is a prefix of another).
_ONE_CARD = re.compile(r"(?:10|[2-9TJQKA])[cdhs]", re.IGNORECASE)
_HAND_PATTERN = re.compile(f"(?:{_ONE_CARD.pattern})*", re.IGNORECASE)
#: Each card's lower-case text (ten as ``t`` and ``10``) to its number ``4 * rank + suit``.
_CARD_NUMBERS = {
    f"{rank}{suit}": 4 * r + s
    for r, rank in enumerate(RANKS.lower())
    for s, suit in enumerate(SUITS)
} | {f"10{suit}": 4 * RANKS.index("T") + s for s, suit in enumerate(SUITS)}

#: ``BINOMIAL[n, k] = C(n, k)`` for ``0 <= n <= 52``, ``0 <= k <= 7`` (int64).
BINOMIAL: npt.NDArray[np.int64] = np.array(
    [[comb(n, k) for k in range(8)] for n in range(DECK_SIZE + 1)], dtype=np.int64
)

_BINOMIAL_COLUMNS = [np.ascontiguousarray(BINOMIAL[:, k]) for k in range(8)]


def parse_card(text: str) -> int:
    """The card number ``4 * rank + suit`` of one card such as ``"Ks"`` or ``"10d"`` (rank, then
    suit, any case).

    Raises
    ------
    InputError
        If the text is not exactly one card.

    Examples
    --------
    >>> parse_card("2c"), parse_card("As"), parse_card("10d")
    (0, 51, 33)
    """
    match = _CARD_PATTERN.fullmatch(text.strip())
    if match is None:
        raise InputError(f"card {text!r} is not a card: write rank then suit, e.g. 'Ks' or 'Td'")
    rank_text, suit_text = match.groups()
    rank = RANKS.index("T" if rank_text == "10" else rank_text.upper())
    return 4 * rank + SUITS.index(suit_text.lower())


def parse_rank(text: str) -> int:
    """The rank ``0..12`` of ``"2"`` to ``"A"`` (ten as ``"T"`` or ``"10"``), any case.

    Examples
    --------
    >>> parse_rank("10"), parse_rank("a")
    (8, 12)
    """
    symbol = "T" if text == "10" else text.upper()
    if len(symbol) != 1 or symbol not in RANKS:
        raise InputError(f"unknown rank {text!r}")
    return RANKS.index(symbol)


def parse_cards(text: str, count: int | None = None) -> tuple[int, ...]:
    """The cards, sorted ascending, of a hand such as ``"Ks Qd 8c 4h 2s"`` or ``"KsQd8c4h2s"``
    (separated by spaces, commas or nothing); ``count``: the number of cards required.

    Raises
    ------
    InputError
        On a malformed card, a card given twice, or the wrong number of cards; the message
        names the offending card.

    Examples
    --------
    >>> parse_cards("Ks Qd 8c 4h 2s") == parse_cards("KsQd8c4h2s")
    True
    >>> format_cards(parse_cards("ks,qd,8c,4h,2s"))
    '2s 4h 8c Qd Ks'
    """
    compact = re.sub(r"[\s,]+", "", text)
    if _HAND_PATTERN.fullmatch(compact) is not None:  # every character read: the quick way
        found = [_CARD_NUMBERS[card.lower()] for card in _ONE_CARD.findall(compact)]
        if len(set(found)) == len(found) and count in (None, len(found)):
            return tuple(sorted(found))
    cards: list[int] = []  # card by card, to name what is wrong
    position = 0
    while position < len(compact):
        match = _CARD_PATTERN.match(compact, position)
        if match is None:
            bad = compact[position : position + 2]
            raise InputError(
                f"hand {text!r}: {bad!r} at position {position + 1} is not a card "
                "(rank 2-9/T/J/Q/K/A then suit c/d/h/s)"
            )
        card = parse_card(match.group(0))
        if card in cards:
            raise InputError(f"hand {text!r}: card {format_card(card)} appears twice")
        cards.append(card)
        position = match.end()
    if count is not None and len(cards) != count:
        raise InputError(f"hand {text!r}: expected {count} cards, got {len(cards)}")
    return tuple(sorted(cards))


def format_card(card: int) -> str:
    """Two-character text of a card.

    Examples
    --------
    >>> format_card(51), format_card(0)
    ('As', '2c')
    """
    if not 0 <= card < DECK_SIZE:
        raise InputError(f"card number {card} is outside 0..51")
    return RANKS[card // 4] + SUITS[card % 4]


def format_cards(cards: Iterable[int]) -> str:
    """Text of a hand, cards in the order given, separated by spaces.

    Examples
    --------
    >>> format_cards([51, 47, 0])
    'As Ks 2c'
    """
    return " ".join(format_card(int(card)) for card in cards)


_CARD_ASCII = np.array(
    [[ord(RANKS[card // 4]), ord(SUITS[card % 4])] for card in range(DECK_SIZE)], dtype=np.uint8
)


def format_hands(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.str_]:
    """Text of many hands at once, cards in the order of the columns.

    Examples
    --------
    >>> format_hands(np.array([[51, 47], [0, 1]])).tolist()
    ['As Ks', '2c 2d']
    """
    hands = np.asarray(hands, dtype=np.intp)
    # every card is two characters: write the ASCII of each row at once, then read the rows
    # as fixed-width strings (the same text as joining the cards with spaces)
    width = 3 * hands.shape[1] - 1
    characters = np.full((hands.shape[0], width + 1), ord(" "), dtype=np.uint8)
    characters[:, 0:-1:3] = _CARD_ASCII[hands, 0]
    characters[:, 1:-1:3] = _CARD_ASCII[hands, 1]
    rows = np.ascontiguousarray(characters[:, :width]).view(f"S{max(width, 1)}")[:, 0]
    return np.asarray(rows.astype(f"U{max(width, 1)}"), dtype=np.str_)


def colex_index(cards: Sequence[int]) -> int:
    """Colex index of a hand (module docstring), its distinct cards in any order.

    Examples
    --------
    >>> colex_index([0, 1, 2, 3, 4]), colex_index([47, 48, 49, 50, 51])
    (0, 2598959)
    """
    return sum(comb(card, position + 1) for position, card in enumerate(sorted(cards)))


def colex_indices(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """Colex indices (int64) of many hands at once, a row a hand, its cards ascending.

    Examples
    --------
    >>> colex_indices(np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 5]]))
    array([0, 1])
    """
    hands = np.asarray(hands)
    index = np.zeros(hands.shape[0], dtype=np.int64)
    for position in range(hands.shape[1]):
        # Index with intp: numpy gathers ten times faster than with small integer types.
        index += _BINOMIAL_COLUMNS[position + 1][hands[:, position].astype(np.intp)]
    return index


def hands_of_colex(indices: npt.NDArray[np.integer], size: int) -> npt.NDArray[np.uint8]:
    """The ``size``-card hands (cards ascending) with the given colex indices.

    The top card of the hand of index ``i`` is the largest ``c`` with ``C(c, size) <= i``;
    the rest is the hand of index ``i - C(c, size)`` one card smaller (the colex order's
    definition, module docstring).

    Examples
    --------
    >>> hands_of_colex(np.array([0, 1, 2598959]), 5).tolist()
    [[0, 1, 2, 3, 4], [0, 1, 2, 3, 5], [47, 48, 49, 50, 51]]
    >>> bool((hands_of_colex(np.arange(270725), 4) == combinations_array(52, 4)).all())
    True
    """
    rest = np.asarray(indices, dtype=np.int64).copy()
    hands = np.empty((rest.shape[0], size), dtype=np.uint8)
    for position in range(size, 0, -1):
        top = np.searchsorted(_BINOMIAL_COLUMNS[position], rest, side="right") - 1
        hands[:, position - 1] = top
        rest -= _BINOMIAL_COLUMNS[position][top]
    return hands


def combinations_array(n: int, k: int) -> npt.NDArray[np.uint8]:
    """All k-subsets of ``range(n)``, sorted within rows, rows in colex order.

    Row ``i`` is the subset whose colex index is ``i``; built without Python loops over the
    rows: the k-subsets with largest element ``m`` are the (k-1)-subsets of ``range(m)`` (the
    first ``C(m, k-1)`` rows of the previous level) with ``m`` appended.

    Examples
    --------
    >>> combinations_array(4, 2).tolist()
    [[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
    >>> combinations_array(52, 5).shape
    (2598960, 5)
    """
    level = np.zeros((1, 0), dtype=np.uint8)
    for size in range(1, k + 1):
        blocks = []
        for largest in range(size - 1, n):
            head = level[: comb(largest, size - 1)]
            tail = np.full((head.shape[0], 1), largest, dtype=np.uint8)
            blocks.append(np.hstack([head, tail]))
        level = np.vstack(blocks) if blocks else np.zeros((0, size), dtype=np.uint8)
    return level
