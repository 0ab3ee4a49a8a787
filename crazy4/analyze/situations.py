"""What the player knows when deciding, for any deal shape: a hand, and the dealer cards seen.

A *situation* is the player's hand ``P`` and the dealer cards ``F`` the rules turn face up.
Relabelling the suits maps a situation to one with the same counts, so one situation of each
class is priced, weighted by the class size: the player hands' suit classes
(:func:`crazy4.analyze.counts.suit_classes`), then the seen cards' orbits under the
relabellings that fix the hand (:func:`crazy4.core.forced_orbits.forced_situations`). The
weights cover every situation exactly once (checked); with cards face up the classes are kept
in the table cache.

Examples
--------
>>> from crazy4.spec.specification import DealShape
>>> hidden = deal_situations(DealShape(3, 3, 0, 3))
>>> hidden.rows, hidden.seen.shape[1], int(hidden.weights.sum())
(1755, 0, 22100)
>>> up = deal_situations(DealShape(3, 3, 1, 3))
>>> int(up.weights.sum()) == 22100 * 49, up.rows < 1755 * 49
(True, True)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, cached_property
from itertools import permutations
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.analyze.counts import class_of_hands, suit_classes
from crazy4.core.cache import cached_array
from crazy4.core.cards import colex_indices
from crazy4.core.forced_orbits import forced_situations
from crazy4.spec.specification import DealShape

IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class DealSituations:
    """One situation of each suit class (module docstring).

    Attributes
    ----------
    hands, seen : ndarray of uint8, shape (n, player_cards), (n, face_up)
        The player's cards and the dealer cards the player sees, ascending.
    weights : ndarray of int64, shape (n,)
        Situations in each class.
    hand_class : ndarray of int64, shape (n,)
        The row of the hand's class in :func:`crazy4.analyze.counts.suit_classes`.
    """

    hands: npt.NDArray[np.uint8] = field(repr=False)
    seen: npt.NDArray[np.uint8] = field(repr=False)
    weights: IntArray = field(repr=False)
    hand_class: IntArray = field(repr=False)

    @property
    def rows(self) -> int:
        """How many situation classes there are."""
        return int(self.weights.shape[0])

    @cached_property
    def rank_codes(self) -> tuple[npt.NDArray[np.integer[Any]], IntArray]:
        """:func:`seen_rank_codes` of :attr:`seen`, kept with the situations."""
        return seen_rank_codes(self.seen)

    def start_rank_codes(self) -> None:
        """Start making :attr:`rank_codes` on a thread, beside the count (which does not read
        them)."""
        threading.Thread(target=lambda: self.rank_codes, daemon=True).start()


#: Rows a block of :func:`seen_rank_codes` (its temporaries a few megabytes).
RANK_ROWS = 1 << 20


def seen_rank_codes(
    seen: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.integer[Any]], IntArray]:
    """Each row's code of its seen cards' ranks, and a row of each code: the ranks, highest
    first, as base-13 digits, numbered among those present (so the codes order the ranks by
    the highest, then the next; all 0 when no card is seen). The codes are bytes when up to two
    cards are seen (fewer than 256 codes), made :data:`RANK_ROWS` rows at a time.

    Examples
    --------
    >>> codes, rows = seen_rank_codes(np.array([[51], [0], [50], [4]], dtype=np.uint8))
    >>> codes.tolist(), rows.tolist()   # A, 2, A, 3: 2 < 3 < A
    ([2, 0, 2, 1], [1, 3, 2])
    >>> codes.dtype
    dtype('uint8')
    """
    n, size = seen.shape[0], 13 ** seen.shape[1]
    blocks = [slice(start, start + RANK_ROWS) for start in range(0, n, RANK_ROWS)]
    # each row's digits, then (in place) their codes
    codes: npt.NDArray[np.integer[Any]] = np.empty(n, dtype=np.uint8 if size <= 256 else np.int64)
    count = np.zeros(size, dtype=np.int64)
    for rows in blocks:
        ranks = np.sort(seen[rows] // 4, axis=1)[:, ::-1].astype(np.int64)
        digits = (
            ranks[:, 0] if ranks.shape[1] == 1 else ranks @ 13 ** np.arange(ranks.shape[1])[::-1]
        )
        count += np.bincount(digits, minlength=size)
        codes[rows] = digits
    present = np.flatnonzero(count)
    position = np.zeros(size, dtype=codes.dtype)
    position[present] = np.arange(present.shape[0])
    first = np.zeros(present.shape[0], dtype=np.int64)
    for rows in blocks:
        block = codes[rows]  # a view: the digits become codes in place
        block[:] = position[block]
        first[block] = np.arange(rows.start, rows.start + block.shape[0])  # a row of each code
    return codes, first


#: Rows a block of :func:`first_rows` compares (its temporaries a few megabytes).
FIRST_ROWS_BLOCK = 1 << 20


def first_rows(rows: npt.NDArray[np.generic]) -> IntArray:
    """The first row of each run of equal rows, compared a column and a block at a time (a
    bool a row).

    Examples
    --------
    >>> first_rows(np.array([[1, 2], [1, 2], [1, 3], [1, 2]], dtype=np.uint8)).tolist()
    [0, 2, 3]
    """
    n = rows.shape[0]
    starts = np.ones(n, dtype=bool)
    columns = rows.reshape(n, -1) if n else rows
    for start in range(1, n, FIRST_ROWS_BLOCK):
        stop = min(start + FIRST_ROWS_BLOCK, n)
        out, differ = starts[start:stop], np.empty(stop - start, dtype=bool)
        out[:] = False
        for column in range(columns.shape[1]):
            np.not_equal(columns[start:stop, column], columns[start - 1 : stop - 1, column], differ)
            out |= differ
    return np.flatnonzero(starts)


#: Modules whose code decides the cached situation classes (beyond the core's table builders).
SITUATION_MODULES = (
    "crazy4.analyze.situations",
    "crazy4.analyze.counts",
    "crazy4.core.forced",
    "crazy4.core.forced_orbits",
    "crazy4.core.orbit_kernels",
)


@cache
def deal_situations(shape: DealShape) -> DealSituations:
    """The situation classes of a deal shape, from the table cache when cards are face up.

    Raises
    ------
    ValueError
        For more than two cards face up.
    AssertionError
        When the weights do not cover every situation exactly once.
    """
    if not shape.face_up:
        return enumerate_situations(shape)
    found: list[DealSituations] = []

    def situations() -> DealSituations:  # enumerated once, on the first table missed
        if not found:
            found.append(enumerate_situations(shape))
        return found[0]

    stem = f"situations_{shape.player_cards}_up{shape.face_up}"
    (rows,) = _cached(f"{stem}_rows", lambda: np.array([situations().rows]), (1,), np.int64)
    p, f = shape.player_cards, shape.face_up
    return DealSituations(
        hands=_cached(f"{stem}_hands", lambda: situations().hands, (rows, p), np.uint8),
        seen=_cached(f"{stem}_seen", lambda: situations().seen, (rows, f), np.uint8),
        weights=_cached(f"{stem}_weights", lambda: situations().weights, (rows,), np.int64),
        hand_class=_cached(
            f"{stem}_hand_class", lambda: situations().hand_class, (rows,), np.int64
        ),
    )


def _cached(
    name: str,
    build: Callable[[], npt.NDArray[np.generic]],
    shape: tuple[int, ...],
    dtype: type,
) -> npt.NDArray[Any]:
    return cached_array(
        name,
        build,
        expected_shape=shape,
        dtype=dtype,
        builders=SITUATION_MODULES,
        background=True,  # written while the count runs
    )


def enumerate_situations(shape: DealShape) -> DealSituations:
    """The situation classes of a deal shape, enumerated (:func:`deal_situations`).

    Examples
    --------
    >>> from crazy4.spec.specification import DealShape
    >>> enumerate_situations(DealShape(3, 3, 1, 3)).rows == deal_situations(
    ...     DealShape(3, 3, 1, 3)).rows
    True
    """
    hands, sizes = suit_classes(shape.player_cards)
    classes = forced_situations(hands, sizes, shape.face_up)
    rows = classes.hand_of.astype(np.int64)
    result = DealSituations(
        hands=hands[rows],
        seen=np.ascontiguousarray(classes.cards, dtype=np.uint8),
        weights=classes.weights,
        hand_class=rows,
    )
    expected = comb(52, shape.player_cards) * comb(52 - shape.player_cards, shape.face_up)
    assert int(result.weights.sum()) == expected, "situation classes miscounted"
    return result


def situation_rows(
    shape: DealShape,
    hands: npt.NDArray[np.integer],
    seen: npt.NDArray[np.integer],
    colex: npt.NDArray[np.integer] | None = None,
) -> IntArray:
    """The row of :func:`deal_situations` of each hand ``(n, p)`` (cards ascending) and seen
    card ``(n, 1)`` (``colex``: the hands' colex indices, when the caller has them).

    Examples
    --------
    >>> from crazy4.spec.specification import DealShape
    >>> shape = DealShape(3, 3, 1, 3)
    >>> classes = deal_situations(shape)
    >>> rows = situation_rows(shape, classes.hands[:5], classes.seen[:5])
    >>> rows.tolist()
    [0, 1, 2, 3, 4]
    """
    if shape.face_up != 1:
        raise ValueError("situation rows are looked up for one seen card")
    if shape.player_cards == 5:  # the simulator's lookup: a table read, no relabelling
        from crazy4.core.upcard_lookup import situation_entries

        entry = situation_entries(hands, np.asarray(seen)[:, 0], colex)
        rows = five_card_row_table(shape)[entry]
        assert bool((rows >= 0).all()), "a situation outside the classes"
        return rows.astype(np.int64)
    return relabelled_rows(shape, hands, seen)


@cache
def five_card_row_table(shape: DealShape) -> npt.NDArray[np.int32]:
    """For a five-card hand and one seen card: the row of :func:`deal_situations` at each
    entry of :func:`crazy4.core.upcard_lookup.situation_slots`' ``(class, card)`` space (-1
    where no row is).

    Examples
    --------
    >>> from crazy4.spec.specification import DealShape
    >>> table = five_card_row_table(DealShape(5, 6, 1, 4))
    >>> int(table.max()) + 1 == deal_situations(DealShape(5, 6, 1, 4)).hands.shape[0]
    True
    """
    from crazy4.core.upcard_lookup import situation_entries, situation_slots

    classes = deal_situations(shape)
    entry = situation_entries(classes.hands, classes.seen[:, 0])
    table = np.full(int(situation_slots().max()) + 52, -1, dtype=np.int32)  # rows < 2**31
    table[entry] = np.arange(entry.shape[0])
    table.setflags(write=False)
    return table


def relabelled_rows(
    shape: DealShape, hands: npt.NDArray[np.integer], seen: npt.NDArray[np.integer]
) -> IntArray:
    """:func:`situation_rows` for any hand size, by every relabelling of the suits: the least
    image of the seen card over the relabellings that map the hand to its representative.

    Examples
    --------
    >>> from crazy4.spec.specification import DealShape
    >>> shape = DealShape(3, 3, 1, 3)
    >>> classes = deal_situations(shape)
    >>> relabelled_rows(shape, classes.hands[:3], classes.seen[:3]).tolist()
    [0, 1, 2]
    """
    classes = deal_situations(shape)
    inverse, keys = class_of_hands(shape.player_cards)
    cards = np.asarray(hands, dtype=np.int64)
    hand_class = inverse[colex_indices(cards)]
    target = keys[hand_class]
    ranks, suits = cards // 4, cards % 4
    up = np.asarray(seen, dtype=np.int64)[:, 0]
    least = np.full(cards.shape[0], 52, dtype=np.int64)
    for perm in permutations(range(4)):
        mapping = np.array(perm)
        moved = np.sort(4 * ranks + mapping[suits], axis=1)
        image = 4 * (up // 4) + mapping[up % 4]
        least = np.where(colex_indices(moved) == target, np.minimum(least, image), least)
    row_keys = classes.hand_class * 52 + classes.seen[:, 0].astype(np.int64)
    wanted = hand_class * 52 + least
    rows = np.searchsorted(row_keys, wanted)
    assert bool((row_keys[np.minimum(rows, row_keys.shape[0] - 1)] == wanted).all())
    return rows.astype(np.int64)


def class_rows(
    shape: DealShape,
    hands: npt.NDArray[np.integer],
    up: npt.NDArray[np.integer],
    colex: npt.NDArray[np.integer] | None = None,
) -> npt.NDArray[np.int64]:
    """The situation class row of each hand ``(n, p)`` and the dealer's up cards ``(n, f)``:
    :func:`situation_rows`, or the hand's suit class when no card is up.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.spec.specification import DealShape
    >>> hands = np.array([sorted(parse_cards("2c 2d 2h")), sorted(parse_cards("2s 2d 2h"))])
    >>> class_rows(DealShape(3, 3, 0, 3), hands, np.zeros((2, 0), np.int64)).tolist()
    [0, 0]
    """
    cards = np.sort(np.asarray(hands, dtype=np.uint8), axis=1)  # cards fit a byte: a faster sort
    if up.shape[1]:
        return situation_rows(shape, cards, up, colex)
    found = colex_indices(cards) if colex is None else colex
    return np.asarray(class_of_hands(cards.shape[1])[0][found], dtype=np.int64)
