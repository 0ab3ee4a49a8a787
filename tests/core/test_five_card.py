"""Five-card poker categories: the published counts, and a plain evaluator written here."""

from __future__ import annotations

from collections import Counter

import numpy as np

from crazy4.core.five_card import (
    FiveCardCategory,
    five_card_categories,
    five_card_category,
    five_card_counts,
)

#: The standard five-card frequencies out of C(52, 5) = 2,598,960 (any poker-probability table).
PUBLISHED = {
    "royal flush": 4,
    "straight flush": 36,
    "four of a kind": 624,
    "full house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "three of a kind": 54_912,
    "two pair": 123_552,
    "pair": 1_098_240,
    "high card": 1_302_540,
}


def plain_category(cards: tuple[int, ...]) -> str:
    """The category by the rules as usually written, one hand at a time (independent code)."""
    ranks = sorted(card // 4 for card in cards)
    flush = len({card % 4 for card in cards}) == 1
    shape = sorted(Counter(ranks).values(), reverse=True)
    straight = len(set(ranks)) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])
    if straight and flush:
        return "royal flush" if ranks[0] == 8 else "straight flush"
    if shape[0] == 4:
        return "four of a kind"
    if shape[:2] == [3, 2]:
        return "full house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if shape[0] == 3:
        return "three of a kind"
    if shape[:2] == [2, 2]:
        return "two pair"
    return "pair" if shape[0] == 2 else "high card"


def test_counts_equal_the_published_ones() -> None:
    """Every category's count over all 2,598,960 hands, and their order, as published."""
    assert five_card_counts() == PUBLISHED
    assert list(five_card_counts()) == list(PUBLISHED)  # highest first


def test_vectorized_matches_the_plain_evaluator_on_sampled_hands() -> None:
    """20,000 random hands, plus one of every category, classified alike by both."""
    rng = np.random.default_rng(5)
    hands = np.array([rng.choice(52, size=5, replace=False) for _ in range(20_000)])
    extra = np.array([[48, 44, 40, 36, 32], [0, 4, 8, 12, 48], [0, 1, 2, 3, 4], [0, 1, 2, 4, 5]])
    hands = np.concatenate([hands, extra])
    found = five_card_categories(hands)
    expected = [plain_category(tuple(int(c) for c in row)) for row in hands]
    assert [FiveCardCategory(int(c)).label for c in found] == expected


def test_one_hand_and_the_order_of_categories() -> None:
    """The wheel is a straight, A-high straight flush a royal, and categories compare by rank."""
    assert five_card_category((48, 1, 4, 8, 12)).label == "straight"  # Ac 2d 3c 4c 5c
    assert five_card_category((48, 0, 4, 8, 12)).label == "straight flush"  # all clubs
    assert five_card_category((51, 47, 43, 39, 35)) is FiveCardCategory.ROYAL_FLUSH
    assert FiveCardCategory.FLUSH > FiveCardCategory.STRAIGHT > FiveCardCategory.THREE_OF_A_KIND
