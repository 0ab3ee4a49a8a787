"""The compiled builders of the five-card tables against the numpy builders and brute force."""

from __future__ import annotations

from itertools import combinations

import numpy as np

from crazy4.core.cards import BINOMIAL, colex_indices
from crazy4.core.ranking import (
    best_four_strengths_numpy,
    build_best_four_strengths,
    build_four_card_table,
)
from crazy4.core.table_kernels import build_best_of_five


def test_compiled_five_card_strengths_equal_the_numpy_builder() -> None:
    compiled = build_best_of_five(build_four_card_table()[0], BINOMIAL)
    reference = best_four_strengths_numpy(5)
    assert compiled.dtype == reference.dtype == np.uint16
    assert np.array_equal(compiled, reference)
    assert np.array_equal(build_best_four_strengths(5), reference)


def test_compiled_five_card_strengths_are_the_best_four_subset() -> None:
    """Brute force written here: the best of the five four-card subsets of sampled hands."""
    rng = np.random.default_rng(5)
    hands = np.sort(np.array([rng.choice(52, 5, replace=False) for _ in range(2000)]), axis=1)
    four_card = build_four_card_table()[0]
    expected = [
        max(
            int(four_card[colex_indices(np.array([list(kept)]))[0]])
            for kept in combinations(hand, 4)
        )
        for hand in hands.tolist()
    ]
    compiled = build_best_of_five(four_card, BINOMIAL)
    assert compiled[colex_indices(hands)].tolist() == expected
