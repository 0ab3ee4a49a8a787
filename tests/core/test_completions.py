"""The sorted completions of the sets one card short of a dealer hand (crazy4.core.completions),
checked against a listing of hands and against the subset tables they replace in the count."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.core.cards import colex_indices
from crazy4.core.completions import build_completion_strengths, completion_strengths, counts_below
from crazy4.core.engine import below_table_numpy, set_classes
from crazy4.core.ranking import build_best_four_strengths, number_of_strengths


@pytest.mark.parametrize("dealer_size", [5, 6])
def test_rows_are_the_listed_completions_of_sampled_sets(dealer_size: int) -> None:
    rows = completion_strengths(dealer_size)
    representatives = set_classes(dealer_size - 1)[1]
    strengths = build_best_four_strengths(dealer_size)
    picked = np.random.default_rng(7).choice(len(representatives), size=60, replace=False)
    for r in picked:
        held = [int(card) for card in representatives[r]]
        hands = [sorted([*held, x]) for x in range(52) if x not in held]
        listed = sorted(int(strengths[colex_indices(np.array([hand]))[0]]) for hand in hands)
        assert rows[r].tolist() == listed


def test_counts_equal_the_subset_table_of_five_card_hands_in_every_cell() -> None:
    dense = below_table_numpy(4, 5)  # the plain reference: every hand listed and looked up
    counted = counts_below(build_completion_strengths(5), tuple(range(number_of_strengths() + 1)))
    assert counted.shape == dense.shape
    assert (counted == dense).all()


def test_counts_equal_the_subset_table_of_six_card_hands_on_sampled_rows() -> None:
    rows = completion_strengths(6)
    representatives = set_classes(5)[1]
    strengths = build_best_four_strengths(6)
    thresholds = (0, 1, 322, 1000, 1500, 2000, 2534, 2535, number_of_strengths())
    counted = counts_below(rows, thresholds)
    for r in np.random.default_rng(11).choice(len(representatives), size=40, replace=False):
        held = set(int(card) for card in representatives[r])
        hands = [sorted([*held, x]) for x in range(52) if x not in held]
        values = strengths[colex_indices(np.array(hands))]
        assert counted[r].tolist() == [int((values < t).sum()) for t in thresholds]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 2535), min_size=1, max_size=48).map(sorted),
    st.lists(st.integers(0, 2536), min_size=1, max_size=6),
)
def test_counts_below_counts_the_strengths_below_each_threshold(
    row: list[int], thresholds: list[int]
) -> None:
    got = counts_below(np.array([row], dtype=np.uint16), tuple(thresholds))
    assert got[0].tolist() == [sum(1 for value in row if value < t) for t in thresholds]
