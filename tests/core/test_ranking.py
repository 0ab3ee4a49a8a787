"""The four-card ranking and the best-four-of-five tables against the published counts."""

from __future__ import annotations

import numpy as np
import pytest

from crazy4.core.cards import parse_cards
from crazy4.core.ranking import (
    HandCategory,
    best_four,
    build_best_four_strengths,
    category_of,
    category_of_strength,
    hand_strength,
    strength_of_description,
)

# Published best-four-of-five counts out of 2,598,960 (rules document, "Published anchors").
PUBLISHED_FIVE_CARD_COUNTS = {
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.STRAIGHT_FLUSH: 2072,
    HandCategory.THREE_OF_A_KIND: 58656,
    HandCategory.FLUSH: 114616,
    HandCategory.STRAIGHT: 101808,
    HandCategory.TWO_PAIR: 123552,
    HandCategory.PAIR: 1047552,
    HandCategory.HIGH_CARD: 1150080,
}


def test_best_four_of_five_category_counts_match_the_published_ones() -> None:
    categories = category_of_strength()[build_best_four_strengths(5)]
    counts = np.bincount(categories, minlength=8)
    assert {c: int(counts[c]) for c in HandCategory} == PUBLISHED_FIVE_CARD_COUNTS
    assert int(counts.sum()) == 2598960


def test_four_aces_count() -> None:
    four_aces = strength_of_description("four aces")
    assert int((build_best_four_strengths(5) >= four_aces).sum()) == 48


def test_four_card_category_counts() -> None:
    counts = np.bincount(category_of_strength()[build_best_four_strengths(4)], minlength=8)
    # quads 13, straight flushes 11*4, trips 13*4*48, flushes 4*(C(13,4)-11), straights
    # 11*(4**4-4), two pair C(13,2)*36, pair 13*6*C(12,2)*16, high card (C(13,4)-11)*(4**4-4)
    assert counts.tolist() == [
        (715 - 11) * 252,
        13 * 6 * 66 * 16,
        78 * 36,
        11 * 252,
        4 * (715 - 11),
        13 * 4 * 48,
        11 * 4,
        13,
    ]


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        ("2c 2d 2h 2s", "As Ks Qs Js"),  # four of a kind beats a straight flush
        ("5s 4s 3s 2s", "Ac Ad Ah Kc"),  # straight flush beats three of a kind
        ("2c 2d 2h 3s", "As Ks Qs 9s"),  # three of a kind beats a flush
        ("7s 5s 3s 2s", "Ac Kd Qh Js"),  # flush beats a straight
        ("5c 4d 3h 2s", "Ac Ad Kh Ks"),  # straight beats two pair
        ("5c 4d 3h 2s", "Ac 2d 3h 4s"),  # A-2-3-4 is the lowest straight
        ("Ac 2d 3h 4s", "Ac Ad Kh Qs"),  # ... but still a straight
        ("3c 3d 2h 2s", "Ac Ad Kh Qs"),  # two pair beats a pair
        ("Ac Ad 3h 2s", "Kc Kd Qh Js"),  # pair by rank first
        ("Ac Ad 4h 2s", "Ah As 3c 2d"),  # then the kickers
        ("Ac Kd 3h 2s", "Kc Qd Jh 9s"),  # high card: ace high
        ("Kc Qd 8h 5s", "Kc Qd 8h 4s"),  # high card compares all four cards
        ("3c 3d 3h As", "3c 3d 3h Ks"),  # trips: then the kicker
    ],
)
def test_ranking_order(stronger: str, weaker: str) -> None:
    assert hand_strength(parse_cards(stronger)) > hand_strength(parse_cards(weaker))


def test_no_wrap_around_and_suits_never_rank() -> None:
    assert category_of(parse_cards("Kc Ad 2h 3s")) == HandCategory.HIGH_CARD
    assert hand_strength(parse_cards("As Kd Qh 9c")) == hand_strength(parse_cards("Ac Kh Qs 9d"))


def test_the_fifth_card_never_counts() -> None:
    assert hand_strength(parse_cards("Ks Qd 8c 4h 2s")) == hand_strength(
        parse_cards("Ks Qd 8c 4h 3s")
    )
    assert best_four(parse_cards("Ah Ad Kc 7s 2d")) == parse_cards("Ah Ad Kc 7s")[::-1]


def test_qualifier_description() -> None:
    king_high = strength_of_description("K high")
    assert hand_strength(parse_cards("Kc 4d 3h 2s")) == king_high
    assert hand_strength(parse_cards("Qc Jd Th 8s")) == king_high - 1  # best queen high
    assert strength_of_description("none") == 0
