"""The counting override against the default (issue 42: each fast counter is checked against
listing on sampled hands).

:class:`crazy4.analyze.counting.SubsetCounter` (inclusion–exclusion over the player's cards) must
give the same six outcome cells as :class:`~crazy4.analyze.counting.ListingCounter` (every
dealer completion listed) for every hand, any ranking and any qualifier. The expectations here
come from listing and, for a few hands, from a plain Python enumeration of every dealer hand
written in this file (importing nothing of the counting code).
"""

from __future__ import annotations

from itertools import combinations, permutations
from math import comb

import numpy as np
import numpy.typing as npt
import pytest

from crazy4.analyze.counting import ListingCounter, SubsetCounter, counter_for
from crazy4.analyze.counts import class_of_hands, suit_classes
from crazy4.core.cards import colex_indices, combinations_array
from crazy4.core.hidden import count_cells as hidden_count_cells
from crazy4.core.ranking import build_best_four_strengths, number_of_strengths
from crazy4.core.three_card_ranking import THREE_CARD_RANKING
from crazy4.spec.specification import DealShape

N_RANDOM = 40


class RandomRanking:
    """A ranking with no poker in it: every suit class of three-card hands a seeded random
    strength of 40. Inclusion–exclusion counts strengths of hands, whatever they mean, as long
    as relabelling the suits changes none (the subset tables are kept per suit class)."""

    key = "random_test_ranking"
    n_strengths = N_RANDOM

    def strengths(self, cards: int) -> npt.NDArray[np.int32]:
        assert cards == 3
        class_of_hand, representatives = class_of_hands(3)
        generator = np.random.default_rng(20261206)
        by_class = generator.integers(0, N_RANDOM, representatives.shape[0])
        return by_class[class_of_hand].astype(np.int32)


class BestFour:
    """The best-four ranking as a game's ranking (five- and six-card hands)."""

    key = "best_four"

    @property
    def n_strengths(self) -> int:
        return number_of_strengths()

    def strengths(self, cards: int) -> npt.NDArray[np.uint16]:
        return build_best_four_strengths(cards)


def brute_force_cells(
    hand: tuple[int, ...],
    strength: int,
    qualifier: int,
    table: npt.NDArray[np.integer],
    dealer_cards: int,
) -> list[int]:
    """The six cells by listing every dealer hand in Python, from the rules of the cells: the
    dealer qualifies at ``qualifier`` or above; within each half the player is higher, ties or
    is lower."""
    cells = [0] * 6
    rest = [card for card in range(52) if card not in hand]
    for dealer in combinations(rest, dealer_cards):
        index = sum(comb(card, place + 1) for place, card in enumerate(dealer))
        value = int(table[index])
        base = 3 if value >= qualifier else 0
        cells[base + (0 if strength > value else 1 if strength == value else 2)] += 1
    return cells


@pytest.mark.parametrize("qualifier_text", ["none", "Q high", "Q-6-4", "pair of 9s", "trips"])
def test_three_card_every_class_counted_alike(qualifier_text: str) -> None:
    """Every one of the 1,755 three-card classes, each qualifier: the override equals listing."""
    ranking = THREE_CARD_RANKING
    qualifier = ranking.strength_of(
        qualifier_text if qualifier_text != "trips" else "three of a kind"
    )
    hands, _ = suit_classes(3)
    strengths = ranking.strengths(3)[colex_indices(hands)].astype(np.int64)
    listed = ListingCounter().cells(hands, strengths, qualifier, ranking, 3)
    subsets = SubsetCounter().cells(hands, strengths, qualifier, ranking, 3, jobs=2)
    assert (listed.sum(axis=1) == 18_424).all()
    assert np.array_equal(subsets, listed)


def test_three_card_hands_against_a_plain_enumeration() -> None:
    """A few hands, both counters against every dealer hand listed in plain Python."""
    ranking = THREE_CARD_RANKING
    table = ranking.strengths(3)
    qualifier = ranking.strength_of("Q-6-4")
    hands = np.array([[0, 1, 2], [8, 29, 47], [44, 48, 51], [3, 20, 41]], dtype=np.uint8)
    strengths = table[colex_indices(hands)].astype(np.int64)
    expected = [
        brute_force_cells(tuple(map(int, hand)), int(strength), qualifier, table, 3)
        for hand, strength in zip(hands, strengths, strict=True)
    ]
    for counter in (ListingCounter(), SubsetCounter()):
        assert counter.cells(hands, strengths, qualifier, ranking, 3).tolist() == expected


@pytest.mark.parametrize("qualifier", [0, 17, N_RANDOM])
def test_a_ranking_of_random_strengths(qualifier: int) -> None:
    """The override knows nothing of poker: random strengths of three-card hands (by suit
    class), random player strengths, every hand class counted alike by both counters."""
    ranking = RandomRanking()
    hands, _ = suit_classes(3)
    strengths = np.random.default_rng(7).integers(0, N_RANDOM, hands.shape[0]).astype(np.int64)
    listed = ListingCounter().cells(hands, strengths, qualifier, ranking, 3)
    subsets = SubsetCounter().cells(hands, strengths, qualifier, ranking, 3)
    assert np.array_equal(subsets, listed)


def test_more_player_cards_than_dealer_cards() -> None:
    """Five player cards against a three-card dealer hand (subsets larger than the dealer's hand
    are in no dealer hand): sampled hands, both counters alike."""
    ranking = THREE_CARD_RANKING
    generator = np.random.default_rng(11)
    hands = np.sort(
        np.array([generator.choice(52, 5, replace=False) for _ in range(60)]), axis=1
    ).astype(np.uint8)
    strengths = generator.integers(0, ranking.n_strengths, 60).astype(np.int64)
    qualifier = ranking.strength_of("Q high")
    listed = ListingCounter().cells(hands, strengths, qualifier, ranking, 3)
    subsets = SubsetCounter().cells(hands, strengths, qualifier, ranking, 3)
    assert (listed.sum(axis=1) == comb(47, 3)).all()
    assert np.array_equal(subsets, listed)


@pytest.mark.parametrize("dealer_cards", [5, pytest.param(6, marks=pytest.mark.heavy)])
def test_best_four_sampled_hands(dealer_cards: int) -> None:
    """Five player cards against a hidden dealer hand of five or six cards ranked by its best
    four (Crazy 4 Poker's deal; Four Card Poker's with the up card hidden): sampled hands, the
    override against listing and against the core's all-hidden engine."""
    ranking = BestFour()
    generator = np.random.default_rng(dealer_cards)
    hands = np.sort(
        np.array([generator.choice(52, 5, replace=False) for _ in range(6)]), axis=1
    ).astype(np.uint8)
    strengths = ranking.strengths(5)[colex_indices(hands)].astype(np.int64)
    qualifier = 322  # a strength in the middle of the high cards
    listed = ListingCounter().cells(hands, strengths, qualifier, ranking, dealer_cards)
    subsets = SubsetCounter().cells(hands, strengths, qualifier, ranking, dealer_cards)
    core = hidden_count_cells(hands, qualifier, dealer_cards)
    assert (listed.sum(axis=1) == comb(47, dealer_cards)).all()
    assert np.array_equal(subsets, listed)
    assert np.array_equal(core, listed)


def test_the_shape_picks_the_counter() -> None:
    """Listing by default; the override only where listing takes over 50,000 completions of the
    dealer's hand a player hand."""
    assert isinstance(counter_for(DealShape(3, 3, 0, 3)), ListingCounter)
    assert isinstance(counter_for(DealShape(3, 3, 1, 3)), ListingCounter)
    assert isinstance(counter_for(DealShape(5, 5, 0, 4)), SubsetCounter)
    assert isinstance(counter_for(DealShape(5, 5, 1, 5)), SubsetCounter)
    assert isinstance(counter_for(DealShape(5, 6, 1, 4)), SubsetCounter)


@pytest.mark.parametrize(
    ("ranking", "dealer_cards"),
    [
        (THREE_CARD_RANKING, 3),
        (BestFour(), 5),
        pytest.param(BestFour(), 6, marks=pytest.mark.heavy),
    ],
)
def test_seen_dealer_cards_sampled(ranking: object, dealer_cards: int) -> None:
    """A dealer card the player sees (an up card, a flashed card) is in every counted dealer
    hand: sampled (hand, seen card) pairs, the override against listing; three-card hands
    against a three-card dealer hand, five-card hands against five dealer cards (one seen) and
    against Four Card Poker's six (the heavy tier: its six-card subset tables)."""
    assert isinstance(ranking, (type(THREE_CARD_RANKING), BestFour))
    player = 3 if dealer_cards == 3 else 5
    generator = np.random.default_rng(dealer_cards + 100)
    dealt = np.array([generator.choice(52, player + 1, replace=False) for _ in range(8)])
    hands = np.sort(dealt[:, :player], axis=1).astype(np.uint8)
    seen = dealt[:, player:].astype(np.uint8)
    strengths = ranking.strengths(player)[colex_indices(hands)].astype(np.int64)
    qualifier = ranking.n_strengths // 3
    listed = ListingCounter().cells(hands, strengths, qualifier, ranking, dealer_cards, forced=seen)
    subsets = SubsetCounter().cells(hands, strengths, qualifier, ranking, dealer_cards, forced=seen)
    assert (listed.sum(axis=1) == comb(51 - player, dealer_cards - 1)).all()
    assert np.array_equal(subsets, listed)


@pytest.mark.parametrize("cards", [2, 3])
def test_suit_classes_against_every_relabelling(cards: int) -> None:
    """The classes by sorted suit masks are the classes of the 24 suit relabellings: each hand's
    class is named by the least colex index any relabelling of it reaches."""
    hands = combinations_array(52, cards).astype(np.int64)
    ranks, suits = hands // 4, hands % 4
    least = np.full(hands.shape[0], np.iinfo(np.int64).max)
    for order in permutations(range(4)):
        relabelled = np.sort(4 * ranks + np.array(order)[suits], axis=1)
        least = np.minimum(least, colex_indices(relabelled))
    keys, inverse = np.unique(least, return_inverse=True)
    got_inverse, got_keys = class_of_hands(cards)
    assert np.array_equal(got_keys, keys)
    assert np.array_equal(got_inverse, inverse)
