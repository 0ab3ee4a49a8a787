"""The compiled card-text pass (crazy4.log.cardtext) against the plain parser.

``parse_hand_column`` reads canonical cells in one compiled pass and leaves every other cell to
``crazy4.core.cards.parse_cards``; on any column its answer must be the plain parser's, cell by
cell. The expected values come from ``parse_cards`` applied to each cell alone (and, for the
canonical form, from the card numbering of the rules text: rank * 4 + suit, ranks 2..A,
suits c d h s), not from the pass under test.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.core.cards import parse_cards
from crazy4.errors import InputError
from crazy4.log.cardtext import CARD_OF_PAIR, parse_canonical
from crazy4.log.roundlog import parse_hand_column

RANK_TEXT = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
SUIT_TEXT = ["c", "d", "h", "s"]
SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def spell(card: int, style: int) -> str:
    """A card in one of several notations: canonical, lower case, ``10``, suit symbol."""
    rank, suit = RANK_TEXT[card // 4], SUIT_TEXT[card % 4]
    if style == 1:
        return (rank + suit).lower()
    if style == 2 and rank == "T":
        return "10" + suit
    if style == 3:
        return ("10" if rank == "T" else rank) + SYMBOLS[suit]
    return rank + suit


@st.composite
def cells(draw: st.DrawFn, count: int) -> str | None:
    """A cell: mostly a hand in some notation and order, sometimes a broken one."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return None
    if kind == 1:
        return draw(st.text(max_size=3 * count + 2))
    cards = draw(st.lists(st.integers(0, 51), min_size=count, max_size=count, unique=kind != 2))
    if kind == 3 and count > 1:
        cards[-1] = cards[0]  # a card twice
    style = draw(st.sampled_from([0, 0, 0, 1, 2, 3]))
    separator = draw(st.sampled_from([" ", " ", "", "  ", ","]))
    return separator.join(spell(card, style) for card in cards)


def plain(cell: str | None, count: int) -> list[int] | None:
    """The plain parser's cards of one cell (ascending), None when it refuses it."""
    if cell is None:
        return None
    try:
        return sorted(parse_cards(cell, count=count))
    except InputError:
        return None


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 6).flatmap(lambda k: st.tuples(st.just(k), st.lists(cells(k), max_size=40))))
def test_column_parse_is_the_plain_parse(case: tuple[int, list[str | None]]) -> None:
    count, column = case
    cards, bad = parse_hand_column(pa.array(column, pa.string()), count)
    assert cards.shape == (len(column), count)
    for row, cell in enumerate(column):
        expected = plain(cell, count)
        if expected is None:
            assert row in bad
            assert (cards[row] == -1).all()
        else:
            assert row not in bad
            assert cards[row].tolist() == expected


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True), min_size=1))
def test_canonical_cells_are_read_by_the_pass(hands: list[list[int]]) -> None:
    """Canonical text (as ``crazy4 simulate`` writes it) is read by the compiled pass alone,
    into rank * 4 + suit, ascending."""
    text = [" ".join(spell(card, 0) for card in sorted(hand, reverse=True)) for hand in hands]
    column = pa.array(text, pa.string())
    offsets = np.frombuffer(column.buffers()[1], np.int32).astype(np.int64)
    data = np.frombuffer(column.buffers()[2], np.uint8)
    cards = np.full((len(hands), 5), -1, np.int16)
    fast = np.zeros(len(hands), np.bool_)
    parse_canonical(data, offsets, np.ones(len(hands), np.bool_), CARD_OF_PAIR, cards, fast)
    assert fast.all()
    assert cards.tolist() == [sorted(hand) for hand in hands]


def test_sliced_and_chunked_columns() -> None:
    """A column that starts inside its buffers (a slice) and a column of several chunks."""
    text = ["As Kd Qh Jc 9s", "2c 3c 4c 5c 6c", "Td 10h 9c 8s 7d", "Ah Ah 2c 3c 4c"]
    sliced = pa.array(text, pa.string()).slice(1, 3)
    cards, bad = parse_hand_column(sliced, 5)
    assert cards[0].tolist() == [0, 4, 8, 12, 16]
    assert cards[1].tolist() == sorted(parse_cards("Td 10h 9c 8s 7d", count=5))
    assert sorted(bad) == [2]
    chunked = pa.chunked_array([pa.array(text[:2]), pa.array(text[2:])])
    cards, bad = parse_hand_column(chunked, 5)
    assert cards[1].tolist() == [0, 4, 8, 12, 16]
    assert cards[0].tolist() == [31, 36, 42, 45, 51]
    assert sorted(bad) == [3]
