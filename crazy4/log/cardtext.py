"""The log's card columns, fast: canonical card text read in one compiled pass (the fast path
of :func:`crazy4.log.roundlog.parse_hand_column`; any other cell is left to
:func:`crazy4.core.cards.parse_cards`), and compact card codes (``--log-cards compact``: a
``fixed_size_binary`` cell, one byte ``4 * rank + suit`` a card, highest first) written, spelled
and read."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pyarrow as pa
from numba import njit

from crazy4.core.cards import DECK_SIZE, RANKS, SUITS

#: The byte of the separator between cards.
SPACE = 32
#: The field metadata key (and value) that names a column of compact card codes.
CODES_KEY = b"crazy4.cards"
CODES_VALUE = b"codes 0-51 (4 * rank + suit), highest card first"


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
) -> None:  # pragma: no cover - compiled; tests/validate/test_validate_cardtext.py
    """Read every canonical cell of a text column (its UTF-8 ``data``, cell ``row`` from
    ``offsets[row]`` to ``offsets[row + 1]``, null unless ``valid``) by ``card_of_pair``
    (:data:`CARD_OF_PAIR`): ``cards[row]`` its cards ascending and ``fast[row]`` true; other
    rows untouched.

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


#: Rank byte and suit byte of every card (by its number), the text of the codes.
CARD_BYTES = np.array(
    [[ord(RANKS[card // 4]), ord(SUITS[card % 4])] for card in range(DECK_SIZE)], dtype=np.uint8
)


def is_code_type(kind: pa.DataType) -> bool:
    """Whether a column type is compact card codes (a fixed-size binary, or a dictionary of
    them).

    Examples
    --------
    >>> is_code_type(pa.binary(5)), is_code_type(pa.string()), is_code_type(pa.binary())
    (True, False, False)
    """
    if pa.types.is_dictionary(kind):
        kind = kind.value_type
    return bool(pa.types.is_fixed_size_binary(kind))


def hand_code_array(cards: npt.NDArray[np.integer], repeat: int = 1) -> pa.FixedSizeBinaryArray:
    """Compact card codes of many hands (``fixed_size_binary(k)``), highest card first.

    ``cards`` (k, n) is card-major (row ``j`` every hand's ``j``-th card, in any order); each
    hand is written ``repeat`` times in a row (the dealer's hand on every seat's row).

    Examples
    --------
    >>> column = hand_code_array(np.array([[0, 48], [51, 12]]), repeat=2)
    >>> column.type, [list(cell) for cell in column.to_pylist()]
    (FixedSizeBinaryType(fixed_size_binary[2]), [[51, 0], [51, 0], [48, 12], [48, 12]])
    """
    dealt = np.asarray(cards, dtype=np.uint8)
    k, n = dealt.shape
    codes = np.empty((n, k), dtype=np.uint8)
    descending_codes(dealt, codes)
    if repeat > 1:
        codes = np.repeat(codes, repeat, axis=0)
    return pa.FixedSizeBinaryArray.from_buffers(
        pa.binary(k), n * repeat, [None, pa.py_buffer(codes)]
    )


@njit(cache=True, nogil=True)
def descending_codes(
    cards: npt.NDArray[np.uint8], codes: npt.NDArray[np.uint8]
) -> None:  # pragma: no cover - compiled; tests/simulate/test_log_compact.py
    """Write each hand of card-major ``cards`` (k, n) into row-major ``codes`` (n, k), its
    cards falling (read from the last row up, so ascending hands need no moves).

    Examples
    --------
    >>> codes = np.empty((2, 3), np.uint8)
    >>> descending_codes(np.array([[1, 9], [5, 2], [3, 7]], np.uint8), codes)
    >>> codes.tolist()
    [[5, 3, 1], [9, 7, 2]]
    """
    k, n = cards.shape
    for hand in range(n):
        for j in range(k):
            card = cards[k - 1 - j, hand]
            i = j
            while i > 0 and codes[hand, i - 1] < card:
                codes[hand, i] = codes[hand, i - 1]
                i -= 1
            codes[hand, i] = card


def code_bytes(column: pa.Array) -> npt.NDArray[np.uint8]:
    """The codes of a fixed-size binary column, shape (n, width) (a view of its buffer).

    Examples
    --------
    >>> code_bytes(pa.array([b"\\x33\\x2d", b"\\x00\\x01"], pa.binary(2))[1:]).tolist()
    [[0, 1]]
    """
    width = column.type.byte_width
    n = len(column)
    data = column.buffers()[1]
    if data is None or width == 0:
        return np.zeros((n, width), dtype=np.uint8)
    flat = np.frombuffer(data, dtype=np.uint8)
    return flat[column.offset * width : (column.offset + n) * width].reshape(n, width)


def code_text_array(column: pa.Array) -> pa.Array:
    """The card text of a column of codes (as :func:`hand_code_array` writes them), in their
    order: ``"As Kd 8c 4h 2s"`` (an empty cell stays empty).

    Raises
    ------
    ValueError
        A code above 51 (no card to spell).

    Examples
    --------
    >>> code_text_array(hand_code_array(np.array([[0, 12], [51, 48]]))).to_pylist()
    ['As 2c', 'Ac 5c']
    >>> code_text_array(pa.array([None, bytes([51])], pa.binary(1))).to_pylist()
    [None, 'As']
    """
    codes = code_bytes(column)
    n, k = codes.shape
    if column.null_count:
        codes = np.where(column.is_valid().to_numpy(zero_copy_only=False)[:, None], codes, 0)
    if codes.max(initial=0) >= DECK_SIZE:
        raise ValueError(f"card code {int(codes.max())} is above 51")
    width = max(3 * k - 1, 0)
    data = np.empty(n * width, dtype=np.uint8)
    spell_codes(np.ascontiguousarray(codes), CARD_BYTES, data)
    offsets = np.arange(0, width * (n + 1), width, dtype=np.int32)
    text = pa.StringArray.from_buffers(n, pa.py_buffer(offsets), pa.py_buffer(data))
    if column.null_count:
        import pyarrow.compute as pc

        return pc.if_else(column.is_valid(), text, pa.scalar(None, pa.string()))
    return text


@njit(cache=True, nogil=True)
def spell_codes(
    codes: npt.NDArray[np.uint8], card_bytes: npt.NDArray[np.uint8], data: npt.NDArray[np.uint8]
) -> None:  # pragma: no cover - compiled; tests/simulate/test_log_compact.py
    """Write the text of every row of ``codes`` (n, k) into ``data`` (``3 k - 1`` bytes a row:
    rank, suit, a space between cards).

    Examples
    --------
    >>> data = np.empty(5, np.uint8)
    >>> spell_codes(np.array([[51, 0]], np.uint8), CARD_BYTES, data)
    >>> data.tobytes()
    b'As 2c'
    """
    n, k = codes.shape
    width = 3 * k - 1
    for row in range(n):
        at = row * width
        for j in range(k):
            card = codes[row, j]
            data[at] = card_bytes[card, 0]
            data[at + 1] = card_bytes[card, 1]
            if j < k - 1:
                data[at + 2] = SPACE
            at += 3


@njit(cache=True, nogil=True)
def parse_codes(
    codes: npt.NDArray[np.uint8],
    valid: npt.NDArray[np.bool_],
    cards: npt.NDArray[np.int16],
    fast: npt.NDArray[np.bool_],
) -> None:  # pragma: no cover - compiled; tests/simulate/test_log_compact.py
    """Read every good cell of compact codes: ``cards[row]`` its cards ascending and
    ``fast[row]`` true when the cell is not null, every code is a card (below 52) and no card
    is there twice; other rows untouched.

    Examples
    --------
    >>> codes = np.array([[51, 3], [3, 51], [3, 3], [52, 0]], np.uint8)
    >>> cards, fast = np.full((4, 2), -1, np.int16), np.zeros(4, np.bool_)
    >>> parse_codes(codes, np.ones(4, np.bool_), cards, fast)
    >>> cards.tolist(), fast.tolist()
    ([[3, 51], [3, 51], [-1, -1], [-1, -1]], [True, True, False, False])
    """
    n, count = codes.shape
    hand = np.empty(count, np.int16)
    for row in range(n):
        if not valid[row]:
            continue
        ok = True
        descending = True  # as crazy4 simulate writes a hand: then no sorting is needed
        for j in range(count):
            card = np.int16(codes[row, j])
            if card >= 52:
                ok = False
                break
            if j > 0 and card >= hand[j - 1]:
                descending = False
            hand[j] = card
        if not ok:
            continue
        if descending:
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


def code_problem(codes: npt.NDArray[np.uint8], count: int) -> str:
    """Why one cell of codes is not a hand of ``count`` cards (as the text parser words it).

    Examples
    --------
    >>> code_problem(np.array([51, 60], np.uint8), 2)
    'codes [51, 60]: 60 is not a card (codes are 0-51)'
    >>> code_problem(np.array([51, 51], np.uint8), 2)
    'codes [51, 51]: card As appears twice'
    >>> code_problem(np.array([51], np.uint8), 2)
    'codes [51]: expected 2 cards, got 1'
    """
    shown = f"codes {[int(code) for code in codes]}"
    if codes.shape[0] != count:
        return f"{shown}: expected {count} cards, got {codes.shape[0]}"
    for code in codes:
        if code >= DECK_SIZE:
            return f"{shown}: {int(code)} is not a card (codes are 0-51)"
    seen: set[int] = set()
    for code in codes:
        if int(code) in seen:
            card = RANKS[int(code) // 4] + SUITS[int(code) % 4]
            return f"{shown}: card {card} appears twice"
        seen.add(int(code))
    return f"{shown}: not a hand"  # pragma: no cover - parse_codes reads every other cell


def spelled(table: pa.Table) -> pa.Table:
    """A log table with every column of compact card codes as card text (a string column,
    the text log's).

    Examples
    --------
    >>> table = pa.table({"seat": [1], "player": hand_code_array(np.array([[0], [51]]))})
    >>> spelled(table).to_pylist()
    [{'seat': 1, 'player': 'As 2c'}]
    """
    for index, field in enumerate(table.schema):
        if is_code_type(field.type):
            column = table.column(index).combine_chunks()
            table = table.set_column(index, field.name, code_text_array(column))
    return table
