"""Compiled per-row passes of the validator (numba): cards by dealt position, and the rounds
that deal a card twice.

Each replaces a few whole-batch numpy passes (a boolean selection per seat position and a
``bincount`` of each; five shifts and ORs of 64-bit card masks, ``reduceat`` and popcounts)
by one loop over the rows that keeps a round's state in registers. The answers are integers
and the same as the numpy passes' (tests/test_validate_kernels.py compares them with
brute-force counts on random rounds). Compiled with ``nogil``, so that the batch reader's
thread (:func:`crazy4.validate.reading.read_rounds`) runs beside them.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit


@njit(cache=True, nogil=True)
def position_card_counts(
    cards: npt.NDArray[np.intp],
    keep: npt.NDArray[np.bool_],
    starts: npt.NDArray[np.intp],
    round_of_row: npt.NDArray[np.intp],
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled; tests/test_validate_kernels.py
    """Cards of the kept rows counted by their row's place in its round (1 for a round's first
    row): ``counts[place, card]``, places 0 to the most rows of a round (place 0 is empty).

    Examples
    --------
    >>> cards = np.array([[0, 1], [2, 3], [0, 5]])
    >>> counts = position_card_counts(cards, np.array([True, True, True]),
    ...                               np.array([0, 2]), np.array([0, 0, 1]))
    >>> counts.shape, counts[1, :6].tolist(), counts[2, :6].tolist()
    ((3, 52), [2, 1, 0, 0, 0, 1], [0, 0, 1, 1, 0, 0])
    """
    n = cards.shape[0]
    most = 0
    for row in range(n):
        place = row - starts[round_of_row[row]] + 1
        if place > most:
            most = place
    counts = np.zeros((most + 1, 52), np.int64)
    for row in range(n):
        if keep[row]:
            place = row - starts[round_of_row[row]] + 1
            for j in range(cards.shape[1]):
                counts[place, cards[row, j]] += 1
    return counts


@njit(cache=True, nogil=True)
def rounds_with_a_card_twice(
    seat_cards: npt.NDArray[np.intp],
    dealer_cards: npt.NDArray[np.intp],
    cards_ok: npt.NDArray[np.bool_],
    starts: npt.NDArray[np.intp],
) -> npt.NDArray[np.bool_]:  # pragma: no cover - compiled; tests/test_validate_kernels.py
    """For each round (rows ``starts[r]`` up to the next start), whether a card appears twice
    among the hands of its rows whose cards parsed (``cards_ok``) and the dealer hand of its
    first row (when that row's cards parsed).

    Examples
    --------
    >>> seats = np.array([[0, 1], [2, 3], [4, 5]])
    >>> dealer = np.array([[6, 7], [6, 7], [5, 8]])
    >>> rounds_with_a_card_twice(seats, dealer, np.ones(3, np.bool_), np.array([0, 2])).tolist()
    [False, True]
    """
    n, n_rounds = seat_cards.shape[0], starts.shape[0]
    twice = np.zeros(n_rounds, np.bool_)
    one = np.uint64(1)
    for r in range(n_rounds):
        first = starts[r]
        end = starts[r + 1] if r + 1 < n_rounds else n
        seen = np.uint64(0)
        dup = False
        if cards_ok[first]:
            for j in range(dealer_cards.shape[1]):
                bit = one << np.uint64(dealer_cards[first, j])
                dup |= (seen & bit) != 0
                seen |= bit
        for row in range(first, end):
            if cards_ok[row]:
                for j in range(seat_cards.shape[1]):
                    bit = one << np.uint64(seat_cards[row, j])
                    dup |= (seen & bit) != 0
                    seen |= bit
        twice[r] = dup
    return twice
