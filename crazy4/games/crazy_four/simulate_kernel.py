"""The compiled Crazy 4 Poker chunk loop (numba): deal, look up, decide and count in one pass.

Per round: the hands are placed from the chunk's draws (:func:`crazy4.simulate.kernel.place_hand`,
the seats' five cards each, then the dealer's), each hand's colex index is looked up once in
``seat_table`` (``strength * 4 + decision``, uint16: the strategy is the table the loop
indexes, so another strategy is another table; the dealer's strength is the same word
shifted) and the seat key ``(strength * 4 + multiple) * 6 + cell`` of
:mod:`crazy4.games.crazy_four.simulate` is counted.
The blind second hands' Play multiple is ``blind_base[strength]``. Sums of squares per bet are
added in int64 only when the caller proved they fit (:func:`crazy4.simulate.kernel.squares_fit`);
otherwise the loop hands back the seat keys.

The counts equal those of the numpy path (:func:`crazy4.games.crazy_four.simulate.numpy_chunk`),
round for round: ``tests/simulate/test_kernel_simulate.py``. This module imports numba; it is
imported only when a Crazy 4 Poker simulation runs.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from crazy4.simulate.kernel import (
    add_squares,
    place_hand,
    place_second,
    second_colex,
    unpack_hand,
)

#: The first 16 hex digits of the sha256 of ``crazy4/simulate/kernel.py``, whose functions this
#: module's compiled loops inline. numba's on-disk cache checks only the source file of the
#: function it caches, not the files of the functions it calls, so a change to kernel.py alone
#: would leave this module's cached machine code stale; ``tests/simulate/test_kernel_simulate.py``
#: fails until this digest is updated, which changes this file and so rebuilds its cache.
KERNEL_SOURCE_DIGEST = "e0a229bef871ded0"


@njit(cache=True, nogil=True)
def crazy_four_colex(
    indices: npt.NDArray[np.int32],
    seat_table: npt.NDArray[np.uint16],
    packed5: npt.NDArray[np.uint32],
    binomial: npt.NDArray[np.int64],
    table: npt.NDArray[np.int8],
    cards_out: npt.NDArray[np.uint8],
    relative: npt.NDArray[np.int32],
    first: npt.NDArray[np.int32],
    colex: npt.NDArray[np.int32],
) -> None:  # pragma: no cover - compiled
    """The colex index of every hand (hands x rounds) from the draws into ``colex``, and the
    first hand's ``seat_table`` entry (``strength * 4 + decision``: its draw is its colex
    index) into ``first`` (``relative``: scratch, hands x rounds, :class:`.kernel.Scratch`);
    the cards (hand, card, round) into ``cards_out`` unless it is empty (``packed5``: every hand's
    relative cards, :func:`crazy4.core.deal.packed_combinations`; ``table``:
    :func:`.kernel.select_table`).

    Every hand's cards come from the one 10 MB ``packed5`` (a later hand's draw is below
    ``C(47, 5)`` and reads its first 6 MB), every hand's word from the 5 MB ``seat_table``:
    15 MB in all, which stays in this machine's caches far better than a 20 MB table of the
    first hand's word and cards beside the two (31 MB), though it is one read more a round."""
    hands, rounds = indices.shape
    for h in range(hands):  # pass 1: gather (many cache misses in flight)
        for r in range(rounds):
            relative[h, r] = packed5[np.uintp(indices[h, r])]  # unsigned: see .kernel
    for r in range(rounds):
        first[r] = seat_table[np.uintp(indices[0, r])]
    cards = np.empty(hands * 5, dtype=np.int64)
    want_cards = cards_out.shape[0] > 0
    if hands == 2 and not want_cards:  # one seat: whole columns, in vector registers
        colex[0] = indices[0]
        second_colex(relative[0], relative[1], colex[1])
        return
    for r in range(rounds):  # pass 2: place the cards (registers and L1 only)
        colex[0, r] = indices[0, r]
        dealt = unpack_hand(relative[0, r], 5, cards, 0)
        colex[1, r] = place_second(relative[1, r], 5, binomial, cards, 5)
        if hands > 2:
            for j in range(5, 10):
                dealt |= 1 << cards[j]
        for h in range(2, hands):
            colex[h, r], dealt = place_hand(relative[h, r], 5, dealt, binomial, table, cards, 5 * h)
        if want_cards:
            for h in range(hands):
                for j in range(5):
                    cards_out[h, j, r] = cards[5 * h + j]


@njit(cache=True, nogil=True)
def crazy_four_rounds(
    colex: npt.NDArray[np.int32],
    first: npt.NDArray[np.int32],
    seat_table: npt.NDArray[np.uint16],
    blind_base: npt.NDArray[np.int32],
    normal: int,
    qualifier: int,
    nets: tuple[npt.NDArray[np.int64], npt.NDArray[np.uint16]],
    blind_nets: tuple[npt.NDArray[np.int64], npt.NDArray[np.uint16]],
    counts: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]],
    squares: npt.NDArray[np.int64],
    keys_out: npt.NDArray[np.int32],
    packed: npt.NDArray[np.int32],
) -> None:  # pragma: no cover - compiled; the tests compare it with the numpy path
    """Count the rounds of one chunk from the hands' colex indices (hands x rounds, the
    dealer's last; ``first``: the first hand's ``seat_table`` entry, ``strength * 4 +
    decision``, whose strength is the dealer's too) into ``counts = (seats, blind,
    dealer)``; ``squares`` gets the per-round sums of squares when it has a row per bet (and
    one for the blind hands), ``keys_out`` the seat keys when it is not empty (``packed``:
    scratch, hands x rounds)."""
    seat_counts, blind_counts, dealer_counts = counts
    net_rows, net_row = nets  # :func:`crazy4.simulate.kernel.nets_by_key`
    blind_rows, blind_row = blind_nets
    hands, rounds = colex.shape
    seats = hands - 1
    packed[0] = first
    for h in range(1, hands):  # pass 3: gather the strengths and decisions
        for r in range(rounds):
            packed[h, r] = seat_table[np.uintp(colex[h, r])]
    want_squares = squares.shape[0] > 0
    want_keys = keys_out.shape[0] > 0
    if seats == 1 and normal == 1 and not want_keys:  # one seat: a loop with no seat loop
        for r in range(rounds):
            dealer = packed[1, r] >> 2
            dealer_counts[np.uintp(dealer)] += 1
            mine = first[r] >> 2
            cell = (3 if dealer >= qualifier else 0) + (mine == dealer) + 2 * (mine < dealer)
            seat_counts[np.uintp(first[r] * 6 + cell)] += 1
        return
    keys = np.empty(seats, dtype=np.int64)
    totals = np.empty(net_rows.shape[1], dtype=np.int64)
    for r in range(rounds):  # pass 4: count
        dealer = packed[seats, r] >> 2
        dealer_counts[np.uintp(dealer)] += 1
        qualified = 3 if dealer >= qualifier else 0
        for s in range(seats):
            strength = packed[s, r] >> 2
            cell = qualified + (strength == dealer) + 2 * (strength < dealer)
            if s < normal:
                key = packed[s, r] * 6 + cell
                seat_counts[np.uintp(key)] += 1
            else:
                key = blind_base[np.uintp(strength)] + cell
                blind_counts[np.uintp(key)] += 1
            keys[s] = key
        if want_squares:
            if normal > 1:
                add_squares(net_rows, net_row, keys, 0, normal, squares, 0, totals)
            if seats - normal > 1:
                offset = net_rows.shape[1]
                add_squares(blind_rows, blind_row, keys, normal, seats, squares, offset, totals)
        if want_keys:
            for s in range(seats):
                keys_out[s, r] = keys[s]
