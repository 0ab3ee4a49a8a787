"""The cold path's table builders (issue 14) against independent derivations written here.

The vectorized builders that replace compiled kernels on an empty cache are checked against
the plain numpy builders (every hand materialised and sorted), against ``itertools`` listings
of sampled hands, and against a Python evaluator of the suit masks.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

from crazy4.core.cards import colex_index, colex_indices, combinations_array
from crazy4.core.engine import (
    below_table,
    below_table_derived,
    below_table_merged,
    below_table_numpy,
    set_classes,
)
from crazy4.core.ranking import (
    best_dropping_one,
    best_four_strengths_numpy,
    build_best_four_strengths,
    build_four_card_table,
    number_of_strengths,
)
from crazy4.core.symmetry import suit_class_codes, suit_class_keys


def test_best_of_five_equals_the_plain_numpy_builder() -> None:
    fast = best_dropping_one(build_four_card_table()[0], 5)
    assert fast.dtype == np.uint16
    assert np.array_equal(fast, best_four_strengths_numpy(5))


def test_best_of_six_is_the_best_four_card_subset_of_sampled_hands() -> None:
    rng = np.random.default_rng(11)
    hands = np.sort(np.array([rng.choice(52, 6, replace=False) for _ in range(3000)]), axis=1)
    hands = np.concatenate([hands, combinations_array(52, 6)[:500], [list(range(46, 52))]])
    four = build_four_card_table()[0]
    expected = [
        max(int(four[colex_index(kept)]) for kept in combinations(hand, 4))
        for hand in hands.tolist()
    ]
    six = best_dropping_one(build_best_four_strengths(5), 6)
    assert six.shape == (comb(52, 6),)
    assert six[colex_indices(hands)].tolist() == expected


def test_dropping_one_on_small_tables() -> None:
    """Sizes 2 and 3 over an arbitrary value table, by listing the subsets."""
    rng = np.random.default_rng(3)
    for size in (2, 3, 4):
        smaller = rng.integers(0, 60000, size=comb(52, size - 1)).astype(np.uint16)
        got = best_dropping_one(smaller, size)
        hands = combinations_array(52, size)
        expected = np.zeros(hands.shape[0], dtype=np.uint16)
        for kept in combinations(range(size), size - 1):
            np.maximum(expected, smaller[colex_indices(hands[:, list(kept)])], out=expected)
        assert np.array_equal(got, expected)


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_merged_subset_tables_equal_the_plain_numpy_builder(size: int) -> None:
    merged = below_table_merged(size, 5)
    reference = below_table_numpy(size, 5)
    assert merged.dtype == reference.dtype
    assert np.array_equal(merged, reference)


@pytest.mark.parametrize(("size", "dealer_size"), [(0, 5), (1, 5), (2, 5), (2, 6), (3, 6)])
def test_derived_subset_tables_equal_the_other_builders(size: int, dealer_size: int) -> None:
    derived = below_table_derived(size, dealer_size)
    if size == 0:
        reference = below_table_numpy(size, dealer_size)
    else:
        reference = below_table_merged(size, dealer_size)
    assert derived.dtype == reference.dtype
    assert np.array_equal(derived, reference)


def test_six_card_empty_set_row_is_the_histogram_of_every_hand() -> None:
    histogram = np.bincount(build_best_four_strengths(6), minlength=number_of_strengths())
    assert below_table(0, 6).tolist() == [[0, *np.cumsum(histogram).tolist()]]


@pytest.mark.parametrize("size", [1, 3, 4, 5])
def test_six_card_rows_equal_a_listing_of_completions(size: int) -> None:
    """Sampled rows of the six-card tables as built (derived from the larger sets or merged):
    every completion listed, looked up, histogrammed."""
    table = below_table(size, 6)
    strengths = build_best_four_strengths(6)
    representatives = set_classes(size)[1]
    rng = np.random.default_rng(size)
    rows = sorted({0, representatives.shape[0] - 1, *rng.integers(0, len(representatives), 2)})
    for row in rows:
        held = [int(card) for card in representatives[row]]
        rest = np.array([card for card in range(52) if card not in held])
        extra = rest[combinations_array(rest.shape[0], 6 - size)]
        hands = np.sort(np.hstack([np.broadcast_to(held, (extra.shape[0], size)), extra]), axis=1)
        histogram = np.bincount(strengths[colex_indices(hands)], minlength=number_of_strengths())
        assert table[row].tolist() == [0, *np.cumsum(histogram).tolist()]


def test_suit_class_keys_are_the_sorted_suit_masks() -> None:
    rng = np.random.default_rng(8)
    for size in (1, 2, 4, 5, 6):
        hands = np.array([rng.choice(52, size, replace=False) for _ in range(500)])
        expected = []
        for hand in hands.tolist():
            masks = [0, 0, 0, 0]
            for card in hand:
                masks[card % 4] |= 1 << (card // 4)
            a, b, c, d = sorted(masks, reverse=True)
            expected.append((a << 39) | (b << 26) | (c << 13) | d)
        assert suit_class_keys(hands).tolist() == expected


def test_classes_are_numbered_by_their_first_hand() -> None:
    keys = suit_class_keys(combinations_array(52, 5))
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    rank = np.empty(first.shape[0], dtype=np.int64)
    rank[np.argsort(first, kind="stable")] = np.arange(first.shape[0])
    got = suit_class_codes()
    assert got.dtype == np.int32
    assert np.array_equal(got, rank[inverse])
