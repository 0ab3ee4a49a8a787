"""Compiled per-row passes of the validator (numba, ``nogil``): cards by dealt position, and the
rounds that deal a card twice; the same integers as the numpy passes they replace."""

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
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled; tests/validate/test_validate_kernels.py
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
) -> npt.NDArray[np.bool_]:  # pragma: no cover - compiled; tests/validate/test_validate_kernels.py
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


@njit(cache=True, nogil=True)
def hand_strengths(
    cards: npt.NDArray[np.int16],
    ok: npt.NDArray[np.bool_],
    binomial: npt.NDArray[np.int64],
    strength_of_hand: npt.NDArray[np.integer],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:  # pragma: no cover - compiled
    """The colex index and strength of each row's hand (cards ascending; a row not ``ok``
    taken as all cards 0, as :meth:`crazy4.validate.rows.LogBatch.indices` gives it).

    Two loops: the indices, then the lookups (a table beyond the caches), which then overlap.

    Examples
    --------
    >>> from crazy4.core.cards import BINOMIAL
    >>> cards = np.array([[0, 1, 2, 3, 5], [0, 1, 2, 3, 5], [47, 48, 49, 50, 51]], np.int16)
    >>> table = np.arange(2598960, dtype=np.uint16)
    >>> colex, strength = hand_strengths(cards, np.array([True, True, False]), BINOMIAL, table)
    >>> colex.tolist(), strength.tolist()
    ([1, 1, 0], [1, 1, 0])
    """
    n, k = cards.shape
    colex = np.zeros(n, np.int64)
    for row in range(n):
        if ok[row]:
            index = 0
            for j in range(k):
                index += binomial[cards[row, j], j + 1]
            colex[row] = index
    strength = np.empty(n, np.int64)
    for row in range(n):
        strength[row] = strength_of_hand[colex[row]]
    return colex, strength


@njit(cache=True, nogil=True)
def cells_fine(
    values: npt.NDArray[np.float64], largest: float, smallest_wager: float
) -> bool:  # pragma: no cover - compiled; tests/validate/test_validate_kernels.py
    """Whether no value is infinite, beyond ``largest`` in size, or positive below
    ``smallest_wager`` (0 for a column that is no wager); a NaN (missing) is fine.

    Examples
    --------
    >>> cells_fine(np.array([1.0, np.nan, -3.0]), 1e12, 1e-6)
    True
    >>> cells_fine(np.array([1.0, 1e-9]), 1e12, 1e-6), cells_fine(np.array([np.inf]), 1e12, 0.0)
    (False, False)
    """
    bad = False
    for value in values:  # no branch: the loop vectorizes (an infinity is beyond largest)
        bad |= (abs(value) > largest) | ((value > 0) & (value < smallest_wager))
    return not bad


@njit(cache=True, nogil=True)
def settled_wrong(
    good: npt.NDArray[np.bool_],
    logged: npt.NDArray[np.float64],
    wager: npt.NDArray[np.float64],
    units: npt.NDArray[np.int64],
    unit: int,
    rtol: float,
    atol: float,
    side: bool,
) -> npt.NDArray[np.bool_]:  # pragma: no cover - compiled; tests/validate/test_validate_kernels.py
    """The ``good`` rows whose ``logged`` net is not close to ``wager * units / unit`` (as
    ``numpy.isclose``: ``|x - y| <= atol + rtol |y|`` with ``y`` finite, or ``x == y``); with
    ``side``, only the rows whose ``wager`` is positive.

    Examples
    --------
    >>> good = np.array([True, True, False, True])
    >>> logged = np.array([1.0, 0.5, 9.0, np.nan])
    >>> settled_wrong(good, logged, np.ones(4), np.array([2, 2, 2, 2]), 2, 1e-9, 1e-9,
    ...               False).tolist()
    [False, True, False, True]
    """
    n = good.shape[0]
    wrong = np.zeros(n, np.bool_)
    for row in range(n):
        if not good[row] or (side and not wager[row] > 0):
            continue
        y = wager[row] * np.float64(units[row]) / unit
        x = logged[row]
        close = (abs(x - y) <= atol + rtol * abs(y) and np.isfinite(y)) or x == y
        wrong[row] = not close
    return wrong


@njit(cache=True, nogil=True)
def unlike_first_of_round(
    cards: npt.NDArray[np.integer], round_of_row: npt.NDArray[np.intp], starts: npt.NDArray[np.intp]
) -> npt.NDArray[np.bool_]:  # pragma: no cover - compiled; tests/validate/test_validate_kernels.py
    """The rows whose ``cards`` differ from those of their round's first row.

    Examples
    --------
    >>> cards = np.array([[1, 2], [1, 2], [1, 3], [4, 5]], np.int16)
    >>> unlike_first_of_round(cards, np.array([0, 0, 0, 1]), np.array([0, 3])).tolist()
    [False, False, True, False]
    """
    n, k = cards.shape
    unlike = np.zeros(n, np.bool_)
    for row in range(n):
        first = starts[round_of_row[row]]
        for j in range(k):
            if cards[row, j] != cards[first, j]:
                unlike[row] = True
                break
    return unlike


@njit(cache=True, nogil=True)
def dealer_card_counts(
    dealer_cards: npt.NDArray[np.intp],
    starts: npt.NDArray[np.intp],
    kept_rounds: npt.NDArray[np.bool_],
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled; tests/validate/test_validate_kernels.py
    """The cards of the dealer hand of each kept round (its first row's), counted.

    Examples
    --------
    >>> dealer = np.array([[0, 1], [0, 1], [1, 2]])
    >>> dealer_card_counts(dealer, np.array([0, 2]), np.array([True, True]))[:4].tolist()
    [1, 2, 1, 0]
    """
    counts = np.zeros(52, np.int64)
    for r in range(starts.shape[0]):
        if kept_rounds[r]:
            for j in range(dealer_cards.shape[1]):
                counts[dealer_cards[starts[r], j]] += 1
    return counts


@njit(cache=True, nogil=True)
def decisions_differ(
    compared: npt.NDArray[np.bool_],
    classes: npt.NDArray[np.integer],
    strategy: npt.NDArray[np.int64],
    taken: npt.NDArray[np.int64],
    ev: npt.NDArray[np.int64],
) -> npt.NDArray[np.bool_]:  # pragma: no cover - compiled; tests/validate/test_validate_kernels.py
    """The ``compared`` rows whose decision ``taken`` has another exact EV
    (``ev[class, decision]``) than their class's ``strategy``: one read of each row's EVs.

    Examples
    --------
    >>> ev = np.array([[0, 5, 5, 9], [0, 1, 2, 3]])
    >>> decisions_differ(np.array([True, True, True, False]), np.array([0, 0, 1, 1]),
    ...                  np.array([3, 2]), np.array([3, 1, 1, 0]), ev).tolist()
    [False, True, True, False]
    """
    n = compared.shape[0]
    differ = np.zeros(n, np.bool_)
    for row in range(n):
        if compared[row]:
            c = classes[row]
            differ[row] = ev[c, taken[row]] != ev[c, strategy[c]]
    return differ


@njit(cache=True, nogil=True)
def seat_codes(
    seat: npt.NDArray[np.float64],
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled; tests/validate/test_validate_kernels.py
    """Each row's seat number (``seat``, as read), 0 where it is not a whole number from 1 to
    2**53 (NaN, say).

    Examples
    --------
    >>> seat_codes(np.array([1.0, 2.5, np.nan, -1.0, 3.0, np.inf])).tolist()
    [1, 0, 0, 0, 3, 0]
    """
    n = seat.shape[0]
    codes = np.zeros(n, np.int64)
    for row in range(n):
        s = seat[row]
        if s >= 1.0 and s <= 9007199254740992.0 and s == np.floor(s):
            codes[row] = np.int64(s)
    return codes


@njit(cache=True, nogil=True)
def seat_counts(
    codes: npt.NDArray[np.int64],
    compared: npt.NDArray[np.bool_],
    differs: npt.NDArray[np.bool_],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:  # pragma: no cover - compiled
    """Per seat number (:func:`seat_codes`; seat 0, no number, counted too): the ``compared``
    rows and those of them that ``differs``.

    Examples
    --------
    >>> decided, deviated = seat_counts(np.array([1, 2, 2, 0]), np.array([True, True, True, True]),
    ...                                 np.array([False, True, True, True]))
    >>> decided.tolist(), deviated.tolist()
    ([1, 1, 2], [1, 0, 2])
    """
    most = 0
    for row in range(codes.shape[0]):
        if compared[row] and codes[row] > most:
            most = codes[row]
    decided = np.zeros(most + 1, np.int64)
    deviated = np.zeros(most + 1, np.int64)
    for row in range(codes.shape[0]):
        if compared[row]:
            decided[codes[row]] += 1
            if differs[row]:
                deviated[codes[row]] += 1
    return decided, deviated
