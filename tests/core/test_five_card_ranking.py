"""The five-card ranking against the published counts and a plain evaluator written here.

The evaluator below imports nothing from crazy4: it ranks a hand the way the rules of poker are
usually written, one hand at a time, so the vectorized keys and the dense strengths are checked
against independent code (on every category's count and on the order of random hand pairs).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, permutations
from math import comb

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from crazy4.core.cards import colex_index, colex_indices, combinations_array, parse_cards
from crazy4.core.five_card_ranking import FIVE_CARD, FiveCardRanking, distinct_keys
from crazy4.errors import InputError

#: The standard five-card frequencies out of C(52, 5) (any poker-probability table).
PUBLISHED = {
    "high card": 1_302_540,
    "pair": 1_098_240,
    "two pair": 123_552,
    "three of a kind": 54_912,
    "straight": 10_200,
    "flush": 5_108,
    "full house": 3_744,
    "four of a kind": 624,
    "straight flush": 36,
    "royal flush": 4,
}
#: Distinct hands of each category (Cactus Kev's 7,462, the royal flush apart).
DISTINCT = {
    "high card": 1277,
    "pair": 2860,
    "two pair": 858,
    "three of a kind": 858,
    "straight": 10,
    "flush": 1277,
    "full house": 156,
    "four of a kind": 156,
    "straight flush": 9,
    "royal flush": 1,
}


def plain_value(cards: tuple[int, ...]) -> tuple[int, ...]:
    """A comparable value of five cards (``4 * rank + suit``, rank 0 = deuce), written from the
    rules: the category, then the ranks that break ties."""
    ranks = sorted((card // 4 for card in cards), reverse=True)
    flush = len({card % 4 for card in cards}) == 1
    counted = Counter(ranks)
    groups = sorted(counted.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in groups]
    order = [rank for rank, _ in groups]
    straight_top = None
    if len(counted) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            straight_top = 3
    if straight_top is not None and flush:
        return (9 if straight_top == 12 else 8, straight_top)
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *ranks)
    if straight_top is not None:
        return (4, straight_top)
    if shape == [3, 1, 1]:
        return (3, *order)
    if shape == [2, 2, 1]:
        return (2, *order)
    if shape == [2, 1, 1, 1]:
        return (1, *order)
    return (0, *ranks)


CATEGORY_NAMES = list(PUBLISHED)


def strength(cards: tuple[int, ...]) -> int:
    return int(FIVE_CARD.strengths(len(cards))[colex_index(cards)])


def test_the_ranking_has_7462_strengths_in_ten_categories() -> None:
    table = FIVE_CARD.strengths(5)
    assert FIVE_CARD.n_strengths == 7462
    assert table.shape == (comb(52, 5),)
    assert np.unique(table).tolist() == list(range(7462))
    assert np.array_equal(np.unique(table), np.arange(7462))
    assert list(FIVE_CARD.categories) == CATEGORY_NAMES
    starts = FIVE_CARD.category_starts().tolist()
    ends = [*starts[1:], FIVE_CARD.n_strengths]
    assert {name: ends[i] - starts[i] for i, name in enumerate(CATEGORY_NAMES)} == DISTINCT
    hands = np.bincount(np.searchsorted(starts, table, side="right") - 1, minlength=10)
    assert dict(zip(CATEGORY_NAMES, hands.tolist(), strict=True)) == PUBLISHED


def test_the_order_matches_a_plain_evaluator_on_random_pairs() -> None:
    rng = random.Random(44)
    deck = range(52)
    for _ in range(4000):
        one = tuple(sorted(rng.sample(deck, 5)))
        two = tuple(sorted(rng.sample(deck, 5)))
        plain = (plain_value(one) > plain_value(two)) - (plain_value(one) < plain_value(two))
        ours = (strength(one) > strength(two)) - (strength(one) < strength(two))
        assert ours == plain, (one, two)


def test_the_category_of_random_hands_matches_the_plain_evaluator() -> None:
    rng = random.Random(45)
    starts = FIVE_CARD.category_starts()
    for _ in range(3000):
        hand = tuple(sorted(rng.sample(range(52), 5)))
        found = int(np.searchsorted(starts, strength(hand), side="right") - 1)
        assert found == plain_value(hand)[0], hand


def test_within_each_category_the_plain_values_are_dense() -> None:
    """Every distinct plain value is one strength: the same 7,462 classes, the same order."""
    rng = np.random.default_rng(46)
    hands = combinations_array(52, 5)[rng.choice(comb(52, 5), 20_000, replace=False)]
    table = FIVE_CARD.strengths(5)
    pairs = {plain_value(tuple(int(c) for c in row)): int(table[colex_index(row)]) for row in hands}
    values = sorted(pairs)
    assert [pairs[value] for value in values] == sorted(pairs.values())
    assert len(set(pairs.values())) == len(values)


@pytest.mark.parametrize(
    ("weaker", "stronger"),
    [
        ("Ah 2d 3c 4s 5h", "2h 3d 4c 5s 6h"),  # the wheel is the lowest straight
        ("Kh Qd Jc Ts 9h", "Ah Kd Qc Js Th"),
        ("7h 5d 4c 3s 2h", "Ah Kd Qc Js 9h"),
        ("Ah Kd Qc Js 9h", "2h 2d 3c 4s 5h"),
        ("As 2s 3s 4s 5s", "2c 3c 4c 5c 6c"),  # the steel wheel is the lowest straight flush
        ("9s Ts Js Qs Ks", "Ts Js Qs Ks As"),
        ("Ah Kh Qh Jh 9h", "2c 2d 2h 3s 3c"),
    ],
)
def test_edge_cases(weaker: str, stronger: str) -> None:
    assert strength(parse_cards(weaker)) < strength(parse_cards(stronger))


def test_wheel_royal_and_bottom() -> None:
    assert FIVE_CARD.describe(strength(parse_cards("Ah 2d 3c 4s 5h"))) == "straight to 5"
    assert FIVE_CARD.describe(strength(parse_cards("As 2s 3s 4s 5s"))) == "straight flush to 5"
    assert strength(parse_cards("Ts Js Qs Ks As")) == 7461
    assert FIVE_CARD.describe(7461) == "royal flush"
    assert strength(parse_cards("7h 5d 4c 3s 2h")) == 0
    assert FIVE_CARD.describe(strength(parse_cards("Ah 5h 4h 3h 2h"))) == "straight flush to 5"


def test_ties_are_equal_strengths() -> None:
    assert strength(parse_cards("Ah Kd 9c 5s 3h")) == strength(parse_cards("Ac Ks 9d 5h 3c"))
    assert strength(parse_cards("Ah Kh 9h 5h 3h")) == strength(parse_cards("Ac Kc 9c 5c 3c"))


@pytest.mark.parametrize(
    ("cards", "described", "group"),
    [
        ("Ah Kd 9c 5s 3h", "A-K-9-5-3", "A high"),
        ("9h 9d Ac Ks 4h", "pair of 9s, A-K-4", "pair of 9s"),
        ("Kh Kd 4c 4s 9h", "two pair, Ks and 4s, 9", "two pair"),
        ("7h 7d 7c Ks 2h", "three 7s, K-2", "three of a kind"),
        ("Ah Kd Qc Js Th", "straight to A", "straight"),
        ("Ah Jh 9h 4h 2h", "flush A-J-9-4-2", "flush"),
        ("8h 8d 8c 3s 3h", "full house, 8s over 3s", "full house"),
        ("Qh Qd Qc Qs 5h", "four Qs, 5", "four of a kind"),
        ("5d 6d 7d 8d 9d", "straight flush to 9", "straight flush"),
        ("Td Jd Qd Kd Ad", "royal flush", "royal flush"),
    ],
)
def test_describe_and_group(cards: str, described: str, group: str) -> None:
    found = strength(parse_cards(cards))
    assert FIVE_CARD.describe(found) == described
    assert FIVE_CARD.group(found) == group
    assert FIVE_CARD.strength_of(described) == found


def test_every_description_reads_back_and_groups_are_runs() -> None:
    groups = [FIVE_CARD.group(s) for s in range(FIVE_CARD.n_strengths)]
    for s in range(FIVE_CARD.n_strengths):
        assert FIVE_CARD.strength_of(FIVE_CARD.describe(s)) == s
    runs = [g for i, g in enumerate(groups) if i == 0 or groups[i - 1] != g]
    assert len(runs) == len(set(runs))
    high = [f"{rank} high" for rank in "789TJQKA"]
    pairs = [f"pair of {rank}s" for rank in "23456789TJQKA"]
    assert runs == [*high, *pairs, *CATEGORY_NAMES[2:]]


@pytest.mark.parametrize(
    ("description", "hand"),
    [
        ("none", "7h 5d 4c 3s 2h"),
        ("high card", "7h 5d 4c 3s 2h"),
        ("A-K", "Ah Kd 4c 3s 2h"),  # Caribbean Stud's qualifier
        ("a-k", "Ah Kd 4c 3s 2h"),
        ("K-A", "Ah Kd 4c 3s 2h"),
        ("A high", "Ah 6d 4c 3s 2h"),
        ("Q high", "Qh 5d 4c 3s 2h"),
        ("pair", "2h 2d 5c 4s 3h"),
        ("pair of 6s", "6h 6d 4c 3s 2h"),
        ("pair of 2s", "2h 2d 5c 4s 3h"),
        ("Pair of 10s", "Th Td 4c 3s 2h"),
        ("two pair", "3h 3d 2c 2s 4h"),
        ("straight", "Ah 2d 3c 4s 5h"),
        ("flush", "7h 5h 4h 3h 2h"),
        ("royal flush", "Ah Kh Qh Jh Th"),
        ("A-K-9-5-3", "Ah Kd 9c 5s 3h"),
        ("3-5-9-k-a", "Ah Kd 9c 5s 3h"),
        ("A-K-Q", "Ah Kd Qc 3s 2h"),
        ("pair of 10s, A-K-4", "Th Td Ac Ks 4h"),
        ("10-8-6-4-3", "Th 8d 6c 4s 3h"),
        ("three 10s, 8-2", "Th Td Tc 8s 2h"),
    ],
)
def test_strength_of_names_the_weakest_hand(description: str, hand: str) -> None:
    assert FIVE_CARD.strength_of(description) == strength(parse_cards(hand))


@pytest.mark.parametrize(
    "description",
    [
        "",
        "A-A",
        "A-K-Q-J-T",
        "pair of 1s",
        "pair of aces, 2",
        "Z high",
        "5-4-3-2-A",
        "A-K-Q-J-T-9",
        "100 high",
        "pair of 9s, A-K",
        "three 7s, 7-2",
    ],
)
def test_strength_of_refuses_in_one_line(description: str) -> None:
    with pytest.raises(InputError) as raised:
        FIVE_CARD.strength_of(description)
    assert "\n" not in str(raised.value)


@given(st.text(max_size=30))
def test_strength_of_raises_only_input_errors(text: str) -> None:
    try:
        found = FIVE_CARD.strength_of(text)
    except InputError as error:
        assert "\n" not in str(error).replace(repr(text), "")
    else:
        assert 0 <= found < FIVE_CARD.n_strengths


@given(st.lists(st.sampled_from("23456789TJQKA10-high pair of s"), max_size=8).map("".join))
def test_strength_of_raises_only_input_errors_on_near_misses(text: str) -> None:
    try:
        found = FIVE_CARD.strength_of(text)
    except InputError:
        return
    assert 0 <= found < FIVE_CARD.n_strengths


def test_six_cards_are_the_best_five() -> None:
    rng = np.random.default_rng(47)
    hands = np.sort([rng.choice(52, 6, replace=False) for _ in range(3000)], axis=1)
    six = FIVE_CARD.strengths(6)[colex_indices(hands)]
    five = FIVE_CARD.strengths(5)
    best = np.max([five[colex_indices(np.delete(hands, i, axis=1))] for i in range(6)], axis=0)
    assert np.array_equal(six, best)
    # and by the plain evaluator: the best five's value is that of a hand of the found strength
    first = np.unique(five, return_index=True)[1]
    every = combinations_array(52, 5)
    for row, found in zip(hands[:500], six[:500], strict=True):
        value = max(plain_value(tuple(int(c) for c in five_of)) for five_of in combinations(row, 5))
        assert plain_value(tuple(int(c) for c in every[first[found]])) == value


@pytest.mark.slow
def test_seven_cards_are_the_best_five() -> None:
    """133,784,560 hands (built in about ten seconds, then cached): sampled, by brute force."""
    rng = np.random.default_rng(49)
    hands = np.sort([rng.choice(52, 7, replace=False) for _ in range(2000)], axis=1)
    seven = FIVE_CARD.strengths(7)
    assert seven.shape == (comb(52, 7),)
    five = FIVE_CARD.strengths(5)
    subsets = [list(kept) for kept in combinations(range(7), 5)]
    best = np.max([five[colex_indices(hands[:, kept])] for kept in subsets], axis=0)
    assert np.array_equal(seven[colex_indices(hands)], best)


def test_other_sizes_are_refused() -> None:
    for cards in (3, 4, 8):
        with pytest.raises(ValueError, match="5, 6 or 7"):
            FIVE_CARD.strengths(cards)


@pytest.mark.parametrize("relabelling", [(1, 0, 2, 3), (3, 2, 1, 0), (1, 2, 3, 0)])
def test_the_ranking_is_suit_symmetric(relabelling: tuple[int, ...]) -> None:
    hands = combinations_array(52, 5).astype(np.int64)
    moved = np.sort(hands // 4 * 4 + np.array(relabelling)[hands % 4], axis=1)
    table = FIVE_CARD.strengths(5)
    assert np.array_equal(table[colex_indices(moved)], table)


def test_every_suit_permutation_keeps_sampled_six_card_strengths() -> None:
    rng = np.random.default_rng(48)
    hands = np.sort([rng.choice(52, 6, replace=False) for _ in range(2000)], axis=1)
    table = FIVE_CARD.strengths(6)
    for relabelling in permutations(range(4)):
        moved = np.sort(hands // 4 * 4 + np.array(relabelling)[hands % 4], axis=1)
        assert np.array_equal(table[colex_indices(moved)], table[colex_indices(hands)])


def test_the_ranking_is_hashable_and_keyed() -> None:
    assert FIVE_CARD.key == "five_card"
    assert hash(FIVE_CARD) == hash(FiveCardRanking())
    assert distinct_keys().shape == (7462,)
