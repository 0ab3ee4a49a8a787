"""The validator's compiled per-row passes (crazy4.validate.kernels) against brute force.

The expected values are counted here in plain Python loops over the rows and rounds: the cards
of each kept row by its place in its round, whether any card of a round's parsed hands (and its
dealer hand once) is seen twice, each hand's colex index (``math.comb``) and its entry in a
random table, the bad numeric cells, ``numpy.isclose``'s definition (``|x - y| <= atol + rtol
|y|`` with ``y`` finite, or ``x == y``), the rows unlike their round's first, the dealer's cards
counted, decisions against EVs, decision labels read from a dictionary column, and the seat
numbers and each seat's compared and differing decisions.
"""

from __future__ import annotations

import math

import numpy as np
import pyarrow as pa
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.core.cards import BINOMIAL
from crazy4.validate.kernels import (
    cells_fine,
    dealer_card_counts,
    decisions_differ,
    hand_strengths,
    position_card_counts,
    rounds_with_a_card_twice,
    seat_codes,
    seat_counts,
    settled_wrong,
    unlike_first_of_round,
)
from crazy4.validate.rows import decisions


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


@settings(max_examples=60, deadline=None)
@given(batches(), st.integers(0, 2**32 - 1))
def test_hand_strengths_are_colex_lookups(
    case: tuple[list[int], np.ndarray, np.ndarray, np.ndarray], seed: int
) -> None:
    sizes, seats, dealer, ok = case
    starts, round_of_row = layout(sizes)
    rng = np.random.default_rng(seed)
    for hands, size in ((seats, 5), (dealer[starts][round_of_row], 6)):  # dealer: repeated rows
        cards = np.sort(hands, axis=1).astype(np.int16)
        table = rng.integers(0, 2**16, math.comb(52, size), dtype=np.uint16)
        colex, strength = hand_strengths(cards, ok, BINOMIAL, table)
        for row in range(cards.shape[0]):
            index = (
                sum(math.comb(int(c), j + 1) for j, c in enumerate(cards[row])) if ok[row] else 0
            )
            assert (colex[row], strength[row]) == (index, table[index])


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.one_of(st.floats(), st.sampled_from([0.0, 1e-7, 1e-6, 1e12, -1e13])), max_size=20)
)
def test_cells_fine_is_no_bad_cell(values: list[float]) -> None:
    for largest, smallest in ((1e12, 1e-6), (2.0**53, 0.0)):
        bad = [
            math.isinf(v) or (not math.isnan(v) and abs(v) > largest) or 0 < v < smallest
            for v in values
        ]
        assert cells_fine(np.array(values, dtype=np.float64), largest, smallest) == (not any(bad))


finite = st.floats(-1e6, 1e6)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.booleans(),
            st.one_of(finite, st.sampled_from([np.nan, np.inf])),
            finite,
            st.integers(-100, 100),
        ),
        max_size=20,
    ),
    st.booleans(),
)
def test_settled_wrong_is_the_isclose_definition(
    rows: list[tuple[bool, float, float, int]], side: bool
) -> None:
    good = np.array([r[0] for r in rows], dtype=bool)
    logged = np.array([r[1] for r in rows], dtype=np.float64)
    wager = np.array([r[2] for r in rows], dtype=np.float64)
    units = np.array([r[3] for r in rows], dtype=np.int64)
    wrong = settled_wrong(good, logged, wager, units, 4, 1e-9, 1e-9, side)
    for row, (is_good, x, w, u) in enumerate(rows):
        y = w * u / 4
        close = (abs(x - y) <= 1e-9 + 1e-9 * abs(y) and math.isfinite(y)) or x == y
        assert wrong[row] == (is_good and not close and (w > 0 or not side))


@settings(max_examples=60, deadline=None)
@given(batches())
def test_round_passes_are_brute_force(
    case: tuple[list[int], np.ndarray, np.ndarray, np.ndarray],
) -> None:
    sizes, _, dealer, kept = case
    starts, round_of_row = layout(sizes)
    dealer = dealer.copy()
    dealer[starts[round_of_row[::3]]] = dealer[0]  # some rows like their round's first
    unlike = unlike_first_of_round(dealer.astype(np.int16), round_of_row, starts)
    assert unlike.tolist() == [
        list(dealer[row]) != list(dealer[starts[round_of_row[row]]]) for row in range(len(dealer))
    ]
    kept_rounds = kept[: len(sizes)]
    counts = [0] * 52
    for r, first in enumerate(starts.tolist()):
        for card in dealer[first] if kept_rounds[r] else []:
            counts[card] += 1
    assert dealer_card_counts(dealer, starts, kept_rounds).tolist() == counts


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 40))
def test_decisions_differ_compares_exact_evs(seed: int, n: int) -> None:
    rng = np.random.default_rng(seed)
    ev = rng.integers(0, 3, (6, 4))  # small EVs: equal EVs of different decisions are common
    classes, taken = rng.integers(0, 6, n), rng.integers(0, 4, n)
    strategy, compared = rng.integers(0, 4, 6), rng.random(n) < 0.7
    differ = decisions_differ(compared, classes, strategy, taken, ev)
    for row in range(n):
        c = classes[row]
        assert differ[row] == (compared[row] and ev[c][taken[row]] != ev[c][strategy[c]])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(["fold", " 1X", "2x ", "3x", "blind", "4x", "", None]), max_size=30)
)
def test_decisions_read_from_the_dictionary(labels: list[str | None]) -> None:
    names = ("fold", "1x", "2x", "3x", "blind")
    expected = [
        -1 if x is None or x.strip().lower() not in names else names.index(x.strip().lower())
        for x in labels
    ]
    column = pa.array(labels, pa.string())
    for chunked in (pa.chunked_array([column.dictionary_encode()]), pa.chunked_array([column])):
        assert decisions(chunked).tolist() == expected


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.floats(allow_nan=True, allow_infinity=True),
            st.integers(-3, 12).map(float),
            st.sampled_from([0.5, 2.5, 1e300, 2.0**53, 2.0**53 + 2]),
        ),
        max_size=40,
    ),
    st.integers(0, 2**32 - 1),
)
def test_seat_codes_and_counts_are_brute_force(seats: list[float], seed: int) -> None:
    rng = np.random.default_rng(seed)
    compared = rng.random(len(seats)) < 0.7
    differs = rng.random(len(seats)) < 0.4
    expected = [
        int(s) if math.isfinite(s) and 1 <= s <= 2**53 and s == math.floor(s) else 0 for s in seats
    ]
    codes = seat_codes(np.array(seats, dtype=np.float64))
    assert codes.tolist() == expected
    small = np.array([c if c < 100 else 0 for c in expected], dtype=np.int64)
    decided, deviated = seat_counts(small, compared, differs)
    for seat in range(max([decided.size, *(small + 1).tolist()])):
        rows = [r for r in range(len(seats)) if small[r] == seat and compared[r]]
        assert (decided[seat] if seat < decided.size else 0) == len(rows)
        assert (deviated[seat] if seat < deviated.size else 0) == sum(differs[r] for r in rows)
