"""The compiled Four Card Poker chunk loop (numba): deal, look up, decide and count in one pass.

Per round the hands are placed from the chunk's draws (:mod:`crazy4.simulate.kernel`): the
seats' five cards each, the dealer's up card, the dealer's five hidden cards. The dealer's six
cards get their colex index arithmetically (the up card slotted among the sorted hidden cards,
as :func:`crazy4.games.four_card.simulate.dealer_colex`) and their best-four strength by one
lookup. A seat's decision is that of its situation class (hand, up card): ``slots`` and ``base``
give ``(strength * 4 + decision) * 24`` (the strategy is the table the loop indexes, so another
strategy is another table), and the seat key of :mod:`crazy4.games.four_card.simulate` is that
plus the dealer's category and the result. Sums of squares per bet are added in int64 only when
the caller proved they fit (:func:`crazy4.simulate.kernel.squares_fit`); otherwise the loop
hands back the seat keys.

The counts equal those of the numpy path (:func:`crazy4.games.four_card.simulate.numpy_chunk`):
``tests/simulate/test_kernel_simulate.py``. This module imports numba; it is imported only
when a Four Card Poker simulation runs.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from crazy4.simulate.kernel import (
    add_squares,
    after,
    place_few,
    place_hand,
    place_second,
    unpack_hand,
)

#: The first 16 hex digits of the sha256 of ``crazy4/simulate/kernel.py``, whose functions this
#: module's compiled loops inline. numba's on-disk cache checks only the source file of the
#: function it caches, not the files of the functions it calls, so a change to kernel.py alone
#: would leave this module's cached machine code stale; ``tests/simulate/test_kernel_simulate.py``
#: fails until this digest is updated, which changes this file and so rebuilds its cache.
KERNEL_SOURCE_DIGEST = "e0a229bef871ded0"


@njit(cache=True, nogil=True, inline="always")
def choose_up(n: int, k: int) -> tuple[int, int]:  # pragma: no cover - compiled
    """``C(n, k)`` and ``C(n, k + 1)``, computed (no table: the loop stays in vector
    registers)."""
    value = 1
    for j in range(k):
        value = value * (n - j) // (j + 1)
    return value, value * (n - k) // (k + 1)


@njit(cache=True, nogil=True)
def one_seat_colex(
    relative: npt.NDArray[np.int32],
    indices: npt.NDArray[np.int32],
    colex: npt.NDArray[np.int32],
    up_cards: npt.NDArray[np.int32],
) -> None:  # pragma: no cover - compiled; the tests compare it with the numpy path
    """One seat, whole columns: the up card after the seat's five cards, the hidden five after
    those six (:func:`crazy4.simulate.kernel.after`), the dealer's six-card colex index."""
    for r in range(indices.shape[1]):
        x = int(relative[0, r])
        s0, s1, s2, s3, s4 = x & 63, (x >> 6) & 63, (x >> 12) & 63, (x >> 18) & 63, x >> 24
        up = after(int(indices[1, r]), s0, s1 - 1, s2 - 2, s3 - 3, s4 - 4)
        # undealt cards below each dealt card, now that the up card is dealt too
        b0, b1, b2 = s0 - (up < s0), s1 - 1 - (up < s1), s2 - 2 - (up < s2)
        b3, b4 = s3 - 3 - (up < s3), s4 - 4 - (up < s4)
        bu = up - (s0 < up) - (s1 < up) - (s2 < up) - (s3 < up) - (s4 < up)
        y = int(relative[2, r])
        index = 0
        position = 0
        for i in range(5):
            c = (y >> (6 * i)) & 63
            card = after(c, b0, b1, b2, b3, b4) + (bu <= c)
            below = card < up
            position += below
            low, high = choose_up(card, i + 1)
            index += low if below else high  # a select, not a branch
        for k in range(1, 7):
            value, _ = choose_up(up, k)
            index += value if position + 1 == k else 0
        colex[0, r] = indices[0, r]
        colex[1, r] = index
        up_cards[r] = up


@njit(cache=True, nogil=True)
def four_card_colex(
    indices: npt.NDArray[np.int32],
    packed5: npt.NDArray[np.uint32],
    binomial: npt.NDArray[np.int64],
    table: npt.NDArray[np.int8],
    cards_out: npt.NDArray[np.uint8],
    relative: npt.NDArray[np.int32],
    colex: npt.NDArray[np.int32],
    up_cards: npt.NDArray[np.int32],
) -> None:  # pragma: no cover - compiled
    """From the draws (seats' hands, the up card, the hidden cards): the colex index of every
    seat's hand and of the dealer's six cards (seats + 1 rows) into ``colex``, and the up card
    of every round into ``up_cards``; the cards into ``cards_out`` (hand, card, round; the up
    card a hand of one) unless empty (``relative``: scratch, hands x rounds;
    :class:`crazy4.simulate.kernel.Scratch`)."""
    hands, rounds = indices.shape
    seats = hands - 2
    for h in range(hands):  # pass 1: gather (many cache misses in flight)
        if h == seats:  # the up card: a hand of one card is its own index
            for r in range(rounds):
                relative[h, r] = indices[h, r]
        else:
            for r in range(rounds):
                relative[h, r] = packed5[np.uintp(indices[h, r])]  # unsigned: see .kernel
    cards = np.empty(hands * 5, dtype=np.int64)
    scratch = np.empty(8, dtype=np.int64)
    want_cards = cards_out.shape[0] > 0
    if seats == 1 and not want_cards:
        one_seat_colex(relative, indices, colex, up_cards)
        return
    for r in range(rounds):  # pass 2: place the cards (registers and L1 only)
        colex[0, r] = indices[0, r]
        dealt = unpack_hand(relative[0, r], 5, cards, 0)
        if seats == 1:  # the up card is the second hand; six cards dealt before the hidden
            place_second(relative[1, r], 1, binomial, cards, 5)
            place_few(relative[2, r], 5, 6, binomial, cards, scratch)
            for j in range(4, -1, -1):  # the hidden cards from cards[6:] to their slot, [10:]
                cards[10 + j] = cards[6 + j]
        else:
            colex[1, r] = place_second(relative[1, r], 5, binomial, cards, 5)
            for j in range(5, 10):
                dealt |= 1 << cards[j]
            for h in range(2, seats):
                colex[h, r], dealt = place_hand(
                    relative[h, r], 5, dealt, binomial, table, cards, 5 * h
                )
            _, dealt = place_hand(relative[seats, r], 1, dealt, binomial, table, cards, 5 * seats)
            place_hand(relative[seats + 1, r], 5, dealt, binomial, table, cards, 5 * seats + 5)
        up = cards[5 * seats]
        up_cards[r] = up
        position = 0
        index = 0
        for i in range(5):  # the up card slotted among the sorted hidden cards
            card = cards[5 * seats + 5 + i]
            below = card < up
            position += below
            index += binomial[card, i + 2 - below]  # no branch on the cards
        colex[seats, r] = index + binomial[up, position + 1]
        if want_cards:
            for h in range(hands):
                for j in range(1 if h == seats else 5):
                    cards_out[h, j, r] = cards[5 * h + j]


@njit(cache=True, nogil=True)
def four_card_rounds(
    colex: npt.NDArray[np.int32],
    up_cards: npt.NDArray[np.int32],
    tables: tuple[
        npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.uint16], npt.NDArray[np.int32]
    ],
    nets: tuple[npt.NDArray[np.int64], npt.NDArray[np.uint16]],
    counts: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]],
    squares: npt.NDArray[np.int64],
    keys_out: npt.NDArray[np.int64],
    strength: npt.NDArray[np.int32],
    slot: npt.NDArray[np.int32],
) -> None:  # pragma: no cover - compiled; the tests compare it with the numpy path
    """Count one chunk from :func:`four_card_colex`'s colex indices and up cards into
    ``counts = (seats, dealer)``, with ``tables = (slots, kernel_base, strength6, dealer
    offset)`` of :class:`crazy4.games.four_card.simulate.FourCardTables` (``kernel_base``: a
    situation's ``(strength * 4 + decision) * 24 << 12 | strength``); ``squares`` gets the
    per-round sums of squares when it has a row per bet, ``keys_out`` the seat keys when it is
    not empty (``strength``, seats + 1 x rounds, and ``slot``, seats x rounds: scratch)."""
    slots, base, strength6, dealer_offset = tables
    net_rows, net_row = nets  # :func:`crazy4.simulate.kernel.nets_by_key`
    seat_counts, dealer_counts = counts
    rows, rounds = colex.shape
    seats = rows - 1
    for r in range(rounds):  # pass 3: gather the strengths and situation slots
        strength[seats, r] = strength6[np.uintp(colex[seats, r])]
    for s in range(seats):
        for r in range(rounds):
            slot[s, r] = slots[np.uintp(colex[s, r] * 4 + (up_cards[r] & 3))]
    for s in range(seats):  # pass 4: the decisions (a table the situation indexes)
        for r in range(rounds):
            packed = base[np.uintp(slot[s, r] + (up_cards[r] & ~3))]
            slot[s, r] = packed >> 12
            strength[s, r] = packed & 0xFFF  # the strength, without another lookup
    want_squares = squares.shape[0] > 0
    want_keys = keys_out.shape[0] > 0
    if seats == 1 and not want_keys:  # one seat: a loop with no seat loop
        for r in range(rounds):
            dealer = strength[1, r]
            dealer_counts[np.uintp(dealer)] += 1
            mine = strength[0, r]
            key = slot[0, r] + dealer_offset[np.uintp(dealer)] + (mine == dealer)
            seat_counts[np.uintp(key + 2 * (mine < dealer))] += 1
        return
    keys = np.empty(seats, dtype=np.int64)
    totals = np.empty(net_rows.shape[1], dtype=np.int64)
    for r in range(rounds):  # pass 5: count
        dealer = strength[seats, r]
        dealer_counts[np.uintp(dealer)] += 1
        offset = dealer_offset[np.uintp(dealer)]
        for s in range(seats):
            mine = strength[s, r]
            key = slot[s, r] + offset + (mine == dealer) + 2 * (mine < dealer)
            seat_counts[np.uintp(key)] += 1
            keys[s] = key
        if want_squares and seats > 1:
            add_squares(net_rows, net_row, keys, 0, seats, squares, 0, totals)
        if want_keys:
            for s in range(seats):
                keys_out[s, r] = keys[s]
