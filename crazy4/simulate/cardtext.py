"""Canonical card text read in one compiled pass (numba): the fast path of
:func:`crazy4.simulate.roundlog.parse_hand_column`.

A log written by ``crazy4 simulate`` spells every hand the same way: ``count`` cards of two
bytes (rank, suit) separated by single spaces, ``3 * count - 1`` bytes a cell. One pass over
the Arrow column's UTF-8 buffer reads each such cell: each card's two bytes through one lookup
table (rank byte * 256 + suit byte to the card, -1 for no card), the separators checked, the
cards sorted ascending (reversed when they fall strictly, as ``crazy4 simulate`` writes them;
else by insertion, five or six of them) and checked distinct. A cell that
is not exactly of that form (another width, an empty cell, ``10`` for ten, a suit symbol, a
card twice) is left to the plain parser, :func:`crazy4.core.cards.parse_cards`, cell by cell;
so the result is the plain parser's on every cell (tests/test_validate_cardtext.py compares
them on random hands and notations). The numpy version it replaces built the same answer in
six whole-batch passes (a gather of the bytes, a byte-swapped view, a table lookup, a sort, two
checks), each writing a temporary array; the loop keeps a hand in registers and, compiled
with ``nogil``, lets the batch reader's thread parse while the main thread checks.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from crazy4.core.cards import RANKS, SUITS

#: The byte of the separator between cards.
SPACE = 32


def _card_of_pair() -> npt.NDArray[np.int16]:
    rank = np.full(256, -1, dtype=np.int16)
    suit = np.full(256, -1, dtype=np.int16)
    for index, char in enumerate(RANKS):
        rank[ord(char)] = rank[ord(char.lower())] = index
    for index, char in enumerate(SUITS):
        suit[ord(char)] = suit[ord(char.upper())] = index
    both = (rank[:, None] >= 0) & (suit[None, :] >= 0)
    return np.where(both, 4 * rank[:, None] + suit[None, :], -1).astype(np.int16).ravel()


#: The card of each two bytes (rank byte * 256 + suit byte; either case), -1 for none.
CARD_OF_PAIR = _card_of_pair()


@njit(cache=True, nogil=True)
def parse_canonical(
    data: npt.NDArray[np.uint8],
    offsets: npt.NDArray[np.int64],
    valid: npt.NDArray[np.bool_],
    card_of_pair: npt.NDArray[np.int16],
    cards: npt.NDArray[np.int16],
    fast: npt.NDArray[np.bool_],
) -> None:  # pragma: no cover - compiled; tests/test_validate_cardtext.py
    """Read every canonical cell: ``cards[row]`` its cards ascending and ``fast[row]`` true;
    other rows untouched.

    Parameters
    ----------
    data : ndarray of uint8
        The column's UTF-8 bytes.
    offsets : ndarray of int64, shape (n + 1,)
        Where each cell starts in ``data`` (and where the last ends).
    valid : ndarray of bool, shape (n,)
        The cells that are not null.
    card_of_pair : ndarray of int16, shape (65536,)
        The card of two bytes (rank byte * 256 + suit byte), -1 for none.
    cards : ndarray of int16, shape (n, count)
        Written: the cards of each canonical cell, ascending.
    fast : ndarray of bool, shape (n,)
        Written: true for each canonical cell.

    Examples
    --------
    >>> text = b"As KdQh2c Qh"
    >>> cards, fast = np.full((3, 2), -1, np.int16), np.zeros(3, np.bool_)
    >>> parse_canonical(np.frombuffer(text, np.uint8), np.array([0, 5, 7, 12]),
    ...                 np.ones(3, np.bool_), CARD_OF_PAIR, cards, fast)
    >>> cards.tolist(), fast.tolist()
    ([[45, 51], [-1, -1], [0, 42]], [True, False, True])
    """
    count = cards.shape[1]
    width = 3 * count - 1
    hand = np.empty(count, np.int16)
    for row in range(offsets.shape[0] - 1):
        start = offsets[row]
        if not valid[row] or offsets[row + 1] - start != width:
            continue
        ok = True
        descending = True  # as crazy4 simulate writes a hand: then no sorting is needed
        for j in range(count):
            at = start + 3 * j
            if j < count - 1 and data[at + 2] != SPACE:
                ok = False
                break
            card = card_of_pair[np.int64(data[at]) * 256 + np.int64(data[at + 1])]
            if card < 0:
                ok = False
                break
            if j > 0 and card >= hand[j - 1]:
                descending = False
            hand[j] = card
        if not ok:
            continue
        if descending:  # strictly falling: reversed, ascending and distinct
            for j in range(count):
                cards[row, j] = hand[count - 1 - j]
            fast[row] = True
            continue
        for j in range(1, count):  # insertion sort, then no card twice
            card = hand[j]
            i = j
            while i > 0 and hand[i - 1] > card:
                hand[i] = hand[i - 1]
                i -= 1
            hand[i] = card
        for j in range(1, count):
            if hand[j] == hand[j - 1]:
                ok = False
                break
        if ok:
            for j in range(count):
                cards[row, j] = hand[j]
            fast[row] = True
