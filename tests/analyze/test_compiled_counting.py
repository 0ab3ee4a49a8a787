"""The compiled inclusion–exclusion count for any ranking and hand sizes (issue 44, speed).

:class:`crazy4.analyze.counting.SubsetCounter` counts with the compiled forced-card kernel
(:func:`crazy4.core.forced.count_forced`) wherever it applies. Here it is held to the numpy sums
(``SubsetCounter(compiled=False)``), to listing every dealer completion
(:class:`~crazy4.analyze.counting.ListingCounter`) and, for a few situations, to a plain Python
enumeration written in this file; and its integers do not depend on the number of threads.
The expectations never come from the compiled kernel itself.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt
import pytest

from crazy4.analyze.counting import ListingCounter, SubsetCounter
from crazy4.analyze.counts import class_of_hands
from crazy4.core.cards import colex_indices
from crazy4.core.five_card_ranking import FIVE_CARD
from crazy4.core.three_card_ranking import THREE_CARD_RANKING

N_RANDOM = 30


class RandomRanking:
    """Seeded random strengths by suit class, for hands of any size (nothing of poker)."""

    key = "random_any_size_test_ranking"
    n_strengths = N_RANDOM

    def strengths(self, cards: int) -> npt.NDArray[np.int32]:
        class_of_hand, representatives = class_of_hands(cards)
        generator = np.random.default_rng(4400 + cards)
        by_class = generator.integers(0, N_RANDOM, representatives.shape[0])
        return by_class[class_of_hand].astype(np.int32)

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RandomRanking)


def deal(
    seed: int, hands: int, player: int, seen: int, per_hand: int
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """``hands`` sampled player hands, each repeated with ``per_hand`` sampled seen-card sets
    (consecutive rows of one hand, as the situation classes come)."""
    generator = np.random.default_rng(seed)
    rows, cards = [], []
    for _ in range(hands):
        hand = np.sort(generator.choice(52, player, replace=False))
        rest = np.setdiff1d(np.arange(52), hand)
        for _ in range(per_hand):
            rows.append(hand)
            cards.append(np.sort(generator.choice(rest, seen, replace=False)))
    return np.array(rows, dtype=np.uint8), np.array(cards, dtype=np.uint8).reshape(len(rows), seen)


def plain_cells(
    hand: tuple[int, ...],
    seen: tuple[int, ...],
    strength: int,
    qualifier: int,
    table: npt.NDArray[np.integer],
    dealer_cards: int,
) -> list[int]:
    """The six cells by listing every dealer hand holding the seen cards, in plain Python."""
    cells = [0] * 6
    rest = [card for card in range(52) if card not in hand and card not in seen]
    for others in combinations(rest, dealer_cards - len(seen)):
        dealer = sorted((*others, *seen))
        value = int(table[sum(comb(card, place + 1) for place, card in enumerate(dealer))])
        base = 3 if value >= qualifier else 0
        cells[base + (0 if strength > value else 1 if strength == value else 2)] += 1
    return cells


def all_three(
    hands: npt.NDArray[np.uint8],
    strengths: npt.NDArray[np.int64],
    qualifier: int,
    ranking: object,
    dealer_cards: int,
    seen: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.int64], ...]:
    """The compiled count, the numpy sums and listing, in that order."""
    arguments = (hands, strengths, qualifier, ranking, dealer_cards)
    compiled = SubsetCounter().cells(*arguments, forced=seen)  # type: ignore[arg-type]
    numpy = SubsetCounter(compiled=False).cells(*arguments, forced=seen)  # type: ignore[arg-type]
    listed = ListingCounter().cells(*arguments, forced=seen)  # type: ignore[arg-type]
    return compiled, numpy, listed


def test_five_card_ranking_with_an_up_card() -> None:
    """Caribbean Stud's deal (five cards each, one dealer card up, the five-card ranking):
    sampled hands with several up cards each, player strengths on both sides of the
    qualifier, the compiled count against numpy and against listing."""
    hands, seen = deal(44, 8, 5, 1, 3)
    strengths = FIVE_CARD.strengths(5)[colex_indices(hands)].astype(np.int64)
    qualifier = FIVE_CARD.strength_of("A-K")
    assert (strengths < qualifier).any() and (strengths >= qualifier).any()
    compiled, numpy, listed = all_three(hands, strengths, qualifier, FIVE_CARD, 5, seen)
    assert (listed.sum(axis=1) == comb(46, 4)).all()
    assert np.array_equal(compiled, numpy)
    assert np.array_equal(compiled, listed)


def test_five_card_situations_against_a_plain_enumeration() -> None:
    """Two (hand, up card) situations, every dealer completion listed in plain Python."""
    hands = np.array([[0, 5, 22, 39, 48], [12, 13, 14, 15, 51]], dtype=np.uint8)
    seen = np.array([[50], [3]], dtype=np.uint8)
    table = FIVE_CARD.strengths(5)
    strengths = table[colex_indices(hands)].astype(np.int64)
    qualifier = FIVE_CARD.strength_of("A-K")
    expected = [
        plain_cells(tuple(map(int, h)), tuple(map(int, s)), int(v), qualifier, table, 5)
        for h, s, v in zip(hands, seen, strengths, strict=True)
    ]
    assert SubsetCounter().cells(
        hands, strengths, qualifier, FIVE_CARD, 5, forced=seen
    ).tolist() == (expected)


def test_no_qualifier_counts_every_dealer_hand_qualified() -> None:
    """A qualifier of 0 (every dealer hand qualifies, Four Card Poker's): the compiled count,
    which then counts no third threshold, equals listing; cells 0-2 (not qualified) are empty."""
    hands, seen = deal(45, 6, 5, 1, 2)
    strengths = FIVE_CARD.strengths(5)[colex_indices(hands)].astype(np.int64)
    compiled, numpy, listed = all_three(hands, strengths, 0, FIVE_CARD, 5, seen)
    assert not compiled[:, :3].any()
    assert np.array_equal(compiled, listed)
    assert np.array_equal(compiled, numpy)


@pytest.mark.parametrize(
    ("player", "dealer_cards", "seen_cards"),
    [(3, 3, 0), (3, 3, 2), (4, 2, 0), (6, 3, 1), (7, 4, 1), (2, 5, 2)],
)
def test_any_hand_sizes_and_a_random_ranking(
    player: int, dealer_cards: int, seen_cards: int
) -> None:
    """Any number of player cards, dealer cards and seen cards, a ranking of random strengths
    by suit class: the compiled count equals listing (and numpy)."""
    ranking = RandomRanking()
    hands, seen = deal(player * 10 + dealer_cards, 12, player, seen_cards, 2)
    generator = np.random.default_rng(seen_cards)
    strengths = generator.integers(0, N_RANDOM, hands.shape[0]).astype(np.int64)
    hands_of_one = strengths.reshape(-1, 2)[:, :1].repeat(2, axis=1).ravel()  # a hand, a strength
    for qualifier in (0, N_RANDOM // 2, N_RANDOM):
        compiled, numpy, listed = all_three(
            hands, hands_of_one, qualifier, ranking, dealer_cards, seen
        )
        completions = comb(52 - player - seen_cards, dealer_cards - seen_cards)
        assert (listed.sum(axis=1) == completions).all()
        assert np.array_equal(compiled, listed)
        assert np.array_equal(numpy, listed)


def test_three_card_ranking_two_seen_cards() -> None:
    """Three Card Poker's ranking, two dealer cards seen of three."""
    hands, seen = deal(3, 20, 3, 2, 2)
    strengths = THREE_CARD_RANKING.strengths(3)[colex_indices(hands)].astype(np.int64)
    qualifier = THREE_CARD_RANKING.strength_of("Q-6-4")
    compiled, numpy, listed = all_three(hands, strengths, qualifier, THREE_CARD_RANKING, 3, seen)
    assert np.array_equal(compiled, listed)
    assert np.array_equal(numpy, listed)


def test_threads_give_the_same_integers() -> None:
    """Thousands of situations counted on one, two and three threads: the same integers, and
    the numpy sums' too."""
    hands, seen = deal(2026, 400, 5, 1, 5)
    strengths = FIVE_CARD.strengths(5)[colex_indices(hands)].astype(np.int64)
    qualifier = FIVE_CARD.strength_of("A-K")
    counts = [
        SubsetCounter().cells(hands, strengths, qualifier, FIVE_CARD, 5, jobs=jobs, forced=seen)
        for jobs in (1, 2, 3)
    ]
    assert np.array_equal(counts[0], counts[1])
    assert np.array_equal(counts[0], counts[2])
    numpy = SubsetCounter(compiled=False).cells(
        hands, strengths, qualifier, FIVE_CARD, 5, jobs=2, forced=seen
    )
    assert np.array_equal(counts[0], numpy)
    assert (counts[0].sum(axis=1) == comb(46, 4)).all()


def test_cells_from_counts_blocks_and_dtype() -> None:
    """The cells filled a block of rows at a time, as int32 or int64, are the six formulas of
    the module docstring row by row (written out here), past several block boundaries."""
    from crazy4.analyze.counting import CELL_ROWS, cells_from_counts

    generator = np.random.default_rng(44)
    n = 2 * CELL_ROWS + 17
    at_v = generator.integers(0, 1000, n)
    above_v = at_v + generator.integers(0, 50, n)
    at_q = generator.integers(0, 1000, n)
    under = at_v < 500
    at_q = np.where(under, np.maximum(at_q, above_v), np.minimum(at_q, at_v))
    total = 2000
    expected = np.stack(
        [
            np.where(under, at_v, at_q),
            np.where(under, above_v - at_v, 0),
            np.where(under, at_q - above_v, 0),
            np.where(under, 0, at_v - at_q),
            np.where(under, 0, above_v - at_v),
            total - np.where(under, at_q, above_v),
        ],
        axis=1,
    )
    wide = cells_from_counts(at_v, above_v, at_q, under, total)
    narrow = cells_from_counts(
        *(a.astype(np.int32) for a in (at_v, above_v, at_q)), under, total, np.int32
    )
    by_row = cells_from_counts(at_v, above_v, at_q, under, np.full(n, total))
    assert wide.dtype == np.int64 and narrow.dtype == np.int32
    assert (wide == expected).all() and (narrow == expected).all() and (by_row == expected).all()


def test_counter_cells_dtype() -> None:
    """``dtype=np.int32`` gives the same cells as the default int64, from every counter."""
    hands = np.array([[0, 1, 6], [3, 9, 20]], dtype=np.uint8)
    strengths = THREE_CARD_RANKING.strengths(3)[colex_indices(hands)].astype(np.int64)
    for counter in (SubsetCounter(), SubsetCounter(compiled=False), ListingCounter()):
        wide = counter.cells(hands, strengths, 300, THREE_CARD_RANKING, 3)
        narrow = counter.cells(hands, strengths, 300, THREE_CARD_RANKING, 3, dtype=np.int32)
        assert narrow.dtype == np.int32 and wide.dtype == np.int64
        assert (narrow == wide).all()
