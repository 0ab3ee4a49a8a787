"""One seen card's situation classes from the suits' rank masks against the compiled loops.

:func:`crazy4.core.forced_orbits.one_card_orbits` (numpy, no compile) must give the rows of
:mod:`crazy4.core.orbit_kernels`, in their order and with their weights, for every hand class;
both are checked against all 24 relabellings in ``tests/advantage/test_holecards.py``.
"""

from __future__ import annotations

import numpy as np
import pytest

from crazy4.analyze.counts import suit_classes
from crazy4.core.forced_orbits import forced_situations


@pytest.mark.parametrize("cards", [2, 3, 4])
def test_one_card_orbits_are_the_compiled_rows(cards: int) -> None:
    hands, weights = suit_classes(cards)
    read = forced_situations(hands, weights, 1)
    compiled = forced_situations(hands, weights, 1, compiled=True)
    for mine, theirs in (
        (read.hand_of, compiled.hand_of),
        (read.cards, compiled.cards),
        (read.weights, compiled.weights),
    ):
        assert mine.dtype == theirs.dtype and mine.shape == theirs.shape
        assert np.array_equal(mine, theirs)
    assert int(read.weights.sum()) == int(weights.sum()) * (52 - cards)


def test_one_card_orbits_of_sampled_five_card_classes() -> None:
    hands, weights = suit_classes(5)
    rows = np.random.default_rng(44).choice(hands.shape[0], size=3000, replace=False)
    rows.sort()
    read = forced_situations(hands[rows], weights[rows], 1)
    compiled = forced_situations(hands[rows], weights[rows], 1, compiled=True)
    assert np.array_equal(read.hand_of, compiled.hand_of)
    assert np.array_equal(read.cards, compiled.cards)
    assert np.array_equal(read.weights, compiled.weights)
