"""The validator's compiled per-row passes (crazy4.validate.kernels) against brute force.

The expected values are counted here in plain Python loops over the rows and rounds: the cards
of each kept row by its place in its round, and whether any card of a round's parsed hands
(and its dealer hand once) is seen twice.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.validate.kernels import position_card_counts, rounds_with_a_card_twice


@st.composite
def batches(draw: st.DrawFn) -> tuple[list[int], np.ndarray, np.ndarray, np.ndarray]:
    """Round sizes, seat hands (5 cards, repeats across hands allowed), dealer hands, flags."""
    sizes = draw(st.lists(st.integers(1, 7), min_size=1, max_size=12))
    n = sum(sizes)
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    pool = draw(st.sampled_from([52, 20]))  # a small pool makes cards dealt twice common
    seats = np.array([rng.choice(pool, 5, replace=False) for _ in range(n)], dtype=np.intp)
    dealer = np.array([rng.choice(pool, 6, replace=False) for _ in range(n)], dtype=np.intp)
    flags = rng.random(n) < draw(st.sampled_from([1.0, 0.8]))
    return sizes, seats, dealer, flags


def layout(sizes: list[int]) -> tuple[np.ndarray, np.ndarray]:
    starts = np.cumsum([0, *sizes[:-1]]).astype(np.intp)
    round_of_row = np.repeat(np.arange(len(sizes)), sizes).astype(np.intp)
    return starts, round_of_row


@settings(max_examples=80, deadline=None)
@given(batches())
def test_position_counts_are_brute_force_counts(
    case: tuple[list[int], np.ndarray, np.ndarray, np.ndarray],
) -> None:
    sizes, seats, _, keep = case
    starts, round_of_row = layout(sizes)
    counts = position_card_counts(seats, keep, starts, round_of_row)
    assert counts.shape == (max(sizes) + 1, 52)
    expected = np.zeros((max(sizes) + 1, 52), dtype=np.int64)
    row = 0
    for size in sizes:
        for place in range(1, size + 1):
            if keep[row]:
                for card in seats[row]:
                    expected[place, card] += 1
            row += 1
    assert (counts == expected).all()


@settings(max_examples=80, deadline=None)
@given(batches())
def test_rounds_with_a_card_twice_are_brute_force_rounds(
    case: tuple[list[int], np.ndarray, np.ndarray, np.ndarray],
) -> None:
    sizes, seats, dealer, ok = case
    starts, _ = layout(sizes)
    found = rounds_with_a_card_twice(seats, dealer, ok, starts)
    expected = []
    for first, size in zip(starts.tolist(), sizes, strict=True):
        cards: list[int] = list(dealer[first]) if ok[first] else []
        for row in range(first, first + size):
            if ok[row]:
                cards += list(seats[row])
        expected.append(len(cards) != len(set(cards)))
    assert found.tolist() == expected
