"""Card parsing, formatting and the colex index."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

from crazy4.core.cards import (
    colex_index,
    colex_indices,
    combinations_array,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
from crazy4.errors import InputError


def test_every_card_round_trips() -> None:
    assert [parse_card(format_card(card)) for card in range(52)] == list(range(52))


def test_hand_forms_agree() -> None:
    spaced = parse_cards("Ks Qd 8c 4h 2s")
    assert spaced == parse_cards("KsQd8c4h2s") == parse_cards("ks, QD, 8c, 4h, 2s")
    assert parse_cards("10d Td".replace("Td", "9d")) == parse_cards("Td 9d")
    assert format_cards(sorted(spaced, reverse=True)) == "Ks Qd 8c 4h 2s"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("Ks Qd 8c 4h 4h", "4h appears twice"),
        ("Ks Qd 8c 4h", "expected 5 cards, got 4"),
        ("Ks Qd 8c 4h Zz", "'Zz' at position 9 is not a card"),
        ("Ks Qd 8c 4h 2x", "is not a card"),
        ("", "expected 5 cards, got 0"),
        ("Ks Qd 8c 4h 2s 3s", "expected 5 cards, got 6"),
    ],
)
def test_bad_hands_name_the_problem(text: str, fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        parse_cards(text, count=5)


def test_colex_index_is_a_bijection_in_listing_order() -> None:
    for size in (1, 2, 3, 4):
        hands = combinations_array(52, size)
        assert hands.shape == (comb(52, size), size)
        assert (colex_indices(hands) == np.arange(hands.shape[0])).all()
    assert sorted(colex_index(c) for c in combinations(range(7), 3)) == list(range(comb(7, 3)))


def test_five_card_listing_is_sorted_and_distinct() -> None:
    hands = combinations_array(52, 5)
    assert hands.shape == (2598960, 5)
    assert (np.diff(hands.astype(np.int16), axis=1) > 0).all()
    assert colex_indices(hands[[0, -1]]).tolist() == [0, 2598959]
