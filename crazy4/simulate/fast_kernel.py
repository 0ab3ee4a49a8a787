"""The simulator's compiled chunk loops (numba): deal, look up, decide and count in one pass.

One pair of loops per deal shape, for any game of that shape (the game's strategy, ranking,
qualifier and bets are the tables the loops index, never code); the spec simulator picks them
by the deal shape (:mod:`crazy4.simulate.fast`):

* **dealer cards all hidden** (:func:`hidden_colex`, :func:`hidden_rounds`): the seats' five
  cards each, then the dealer's five (or fewer cards a hand, as many for each:
  :func:`few_hidden_colex`, Three Card Poker's). Each hand's colex index is looked up once in
  ``seat_table`` (``strength * 4 + decision``, uint16; the dealer's strength is the same word
  shifted); the last seats may be the card room's blind second hands, whose key base is
  ``blind_base[strength]``.
* **one dealer card face up** (:func:`up_card_colex`, :func:`up_card_rounds`): the seats' five
  cards each, the dealer's up card, the dealer's five hidden cards. The dealer's six cards get
  their colex index arithmetically (the up card slotted among the sorted hidden cards) and
  their strength by one lookup; a seat's decision is that of its situation class
  (hand, up card): ``slots`` and ``base`` give ``(strength * 4 + decision) * stride``.

Both count the seat key ``(strength * 4 + decision) * stride + dealer_offset[dealer strength] +
result`` (the spec simulator's ``(strength * 4 + decision) * 6 + cell``: stride 6, the dealer's
offset 3 where he qualifies; result 0 player higher, 1 tie, 2 dealer higher), the same counts
as the numpy path (:meth:`crazy4.simulate.engine.SpecSimulator.numpy_chunk`), round for round.
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
    second_colex,
    unpack_hand,
)

#: The first 16 hex digits of the sha256 of ``crazy4/simulate/kernel.py``, whose functions this
#: module's loops inline: numba's cache checks only this file, so a test fails until this digest
#: is updated after a change to kernel.py (rebuilding this file's cached code).
KERNEL_SOURCE_DIGEST = "f9887fb9c3819bf2"


@njit(cache=True, nogil=True)
def gather_draws(
    indices: npt.NDArray[np.int32],
    seat_table: npt.NDArray[np.uint16],
    packed: npt.NDArray[np.uint32],
    relative: npt.NDArray[np.int32],
    first: npt.NDArray[np.int32],
) -> None:  # pragma: no cover - compiled
    """Pass one of :func:`hidden_colex` and :func:`few_hidden_colex`: every draw's relative
    cards (``packed``) into ``relative`` and the first hand's ``seat_table`` entry into
    ``first``, a gather with many cache misses in flight."""
    hands, rounds = indices.shape
    for h in range(hands):
        for r in range(rounds):
            relative[h, r] = packed[np.uintp(indices[h, r])]  # unsigned: see .kernel
    for r in range(rounds):
        first[r] = seat_table[np.uintp(indices[0, r])]


@njit(cache=True, nogil=True)
def hidden_colex(
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
    :func:`.kernel.select_table`)."""
    hands, rounds = indices.shape
    gather_draws(indices, seat_table, packed5, relative, first)
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
def few_hidden_colex(
    indices: npt.NDArray[np.int32],
    size: int,
    seat_table: npt.NDArray[np.uint16],
    packed: npt.NDArray[np.uint32],
    binomial: npt.NDArray[np.int64],
    table: npt.NDArray[np.int8],
    cards_out: npt.NDArray[np.uint8],
    relative: npt.NDArray[np.int32],
    first: npt.NDArray[np.int32],
    colex: npt.NDArray[np.int32],
) -> None:  # pragma: no cover - compiled; the tests compare it with the numpy path
    """:func:`hidden_colex` for hands of ``size`` cards, any of 1 to 5 (Three Card Poker's
    three; ``packed``: :func:`crazy4.core.deal.packed_combinations` of ``size``): every hand
    after the first placed among the undealt cards by :func:`.kernel.place_hand`."""
    hands, rounds = indices.shape
    gather_draws(indices, seat_table, packed, relative, first)
    cards = np.empty(hands * size, dtype=np.int64)
    want_cards = cards_out.shape[0] > 0
    for r in range(rounds):  # pass 2: place the cards (registers and L1 only)
        colex[0, r] = indices[0, r]
        dealt = unpack_hand(relative[0, r], size, cards, 0)
        for h in range(1, hands):
            colex[h, r], dealt = place_hand(
                relative[h, r], size, dealt, binomial, table, cards, size * h
            )
        if want_cards:
            for h in range(hands):
                for j in range(size):
                    cards_out[h, j, r] = cards[size * h + j]


@njit(cache=True, nogil=True)
def hidden_rounds(
    colex: npt.NDArray[np.int32],
    first: npt.NDArray[np.int32],
    tables: tuple[npt.NDArray[np.uint16], npt.NDArray[np.int32], npt.NDArray[np.int32]],
    normal: int,
    stride: int,
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
    dealer)``, with ``tables = (seat_table, blind_base, dealer_offset)``; ``squares`` gets the
    per-round sums of squares when it has a row per bet (and one for the blind hands),
    ``keys_out`` the seat keys when it is not empty (``packed``: scratch, hands x rounds)."""
    seat_table, blind_base, dealer_offset = tables
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
            cell = dealer_offset[np.uintp(dealer)] + (mine == dealer) + 2 * (mine < dealer)
            seat_counts[np.uintp(first[r] * stride + cell)] += 1
        return
    keys = np.empty(seats, dtype=np.int64)
    totals = np.empty(net_rows.shape[1], dtype=np.int64)
    for r in range(rounds):  # pass 4: count
        dealer = packed[seats, r] >> 2
        dealer_counts[np.uintp(dealer)] += 1
        offset = dealer_offset[np.uintp(dealer)]
        for s in range(seats):
            strength = packed[s, r] >> 2
            cell = offset + (strength == dealer) + 2 * (strength < dealer)
            if s < normal:
                key = packed[s, r] * stride + cell
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


@njit(cache=True, nogil=True, inline="always")
def choose_up(n: int, k: int) -> tuple[int, int]:  # pragma: no cover - compiled
    """``C(n, k)`` and ``C(n, k + 1)``, computed (no table: the loop stays in vector
    registers)."""
    value = 1
    for j in range(k):
        value = value * (n - j) // (j + 1)
    return value, value * (n - k) // (k + 1)


@njit(cache=True, nogil=True)
def one_seat_up_colex(
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
def up_card_colex(
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
        one_seat_up_colex(relative, indices, colex, up_cards)
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
def up_card_rounds(
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
    """Count one chunk from :func:`up_card_colex`'s colex indices and up cards into
    ``counts = (seats, dealer)``, with ``tables = (slots, kernel_base, dealer strength, dealer
    offset)`` of :class:`crazy4.simulate.fast.KernelTables` (``kernel_base``, its ``base``: a
    situation's ``(strength * 4 + decision) * stride << 12 | strength``); ``squares`` gets the
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
