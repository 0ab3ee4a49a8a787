"""The compiled simulator's shared pieces (numba): the random draws, dealing one round's hands
from them, and the exact per-round sums of squares.

:func:`draw_indices` makes exactly the draws of :func:`crazy4.core.deal.deal_hands`, in its
order, so a seed gives the same cards; :func:`place_hand` then does per round what
``deal_hands`` does per array: a draw is the colex index of the *relative* hand among the cards
still in the deck, and relative card ``c`` is the ``c``-th set bit of the mask of undealt cards,
found without a branch (:func:`select_bit`). The chunk loops (:mod:`crazy4.simulate.fast_kernel`)
work in passes (gather the draws' hands, place the cards, gather the strengths, count) so that
many rounds' table lookups are in flight at once; every count equals the numpy path's.

numba wraps a negative index around, which costs a compare and keeps LLVM from vectorizing a
gather; every index the kernels read a table at is never negative, so they read at
``np.uintp(index)``. Sums of squares (``Σ_rounds (Σ_seats net)²`` per bet) are added in int64
only when :func:`squares_fit` proves no sum can overflow; otherwise the kernels hand back the
seat keys and :func:`crazy4.core.exact.seat_totals` sums them exactly.
"""

from __future__ import annotations

import threading
from functools import cache
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt
from llvmlite import ir  # type: ignore[import-untyped]
from numba import njit, types
from numba.extending import intrinsic

from crazy4.core.cards import DECK_SIZE
from crazy4.core.exact import fits_int64, largest_magnitude
from crazy4.simulate.pcg import bounded_draws, restore, state_of

#: The first 16 hex digits of the sha256 of ``crazy4/simulate/pcg.py``, which :func:`fill_draws`
#: compiles into its cached code: numba's cache checks only this file, so a test fails until
#: this digest is updated after a change to pcg.py (rebuilding this file's cached code).
PCG_SOURCE_DIGEST = "e4015906d339c520"


def draw_indices(
    rng: np.random.Generator, rounds: int, sizes: tuple[int, ...]
) -> npt.NDArray[np.int32]:
    """The relative colex index of every hand of every round, shape ``(hands, rounds)``: the
    draws of :func:`crazy4.core.deal.deal_hands`, in its order.

    Examples
    --------
    >>> from crazy4.core.deal import deal_hands
    >>> drawn = draw_indices(np.random.default_rng(3), 100, (5, 5))
    >>> dealt = deal_hands(np.random.default_rng(3), 100, (5, 5))
    >>> bool((drawn[0] == dealt.colex[0]).all()), drawn.shape
    (True, (2, 100))
    """
    if sum(sizes) > DECK_SIZE:
        raise ValueError("more cards than a deck")
    out = np.empty((len(sizes), rounds), dtype=np.int32)
    remaining = DECK_SIZE
    for number, size in enumerate(sizes):
        out[number] = rng.integers(0, comb(remaining, size), size=rounds, dtype=np.int32)
        remaining -= size
    return out


@njit(cache=True, nogil=True)
def fill_draws(
    state: npt.NDArray[np.uint64], hands: npt.NDArray[np.int64], out: npt.NDArray[np.int32]
) -> None:  # pragma: no cover - compiled; the tests compare it with draw_indices
    """Row ``h`` of ``out``: ``rounds`` draws below ``hands[h]``, hand after hand, from the
    PCG64 state ``state`` (:func:`crazy4.simulate.pcg.bounded_draws`)."""
    for h in range(hands.shape[0]):
        bounded_draws(state, hands[h], out[h])


def compiled_draws(
    rng: np.random.Generator,
    rounds: int,
    sizes: tuple[int, ...],
    out: npt.NDArray[np.int32] | None = None,
) -> npt.NDArray[np.int32]:
    """:func:`draw_indices`, made in compiled code (:mod:`crazy4.simulate.pcg`: numpy's PCG64
    and bounded draws bit for bit); the generator is left in the state numpy's draws leave it
    in. ``out``: an int32 array of shape ``(len(sizes), rounds)`` to fill (a thread's
    :class:`Scratch` array, so that no chunk maps fresh pages).

    Examples
    --------
    >>> a, b = np.random.default_rng(3), np.random.default_rng(3)
    >>> bool((compiled_draws(a, 101, (5, 5, 1)) == draw_indices(b, 101, (5, 5, 1))).all())
    True
    >>> int(a.integers(0, 10**9)) == int(b.integers(0, 10**9))
    True
    """
    if sum(sizes) > DECK_SIZE:
        raise ValueError("more cards than a deck")
    remaining = DECK_SIZE - np.cumsum((0, *sizes[:-1]))
    hands = np.array([comb(int(r), k) for r, k in zip(remaining, sizes, strict=True)])
    state = state_of(rng)
    if out is None:
        out = np.empty((len(sizes), rounds), dtype=np.int32)
    elif out.shape != (len(sizes), rounds) or out.dtype != np.int32:
        raise ValueError("out must be int32 of shape (len(sizes), rounds)")
    fill_draws(state, hands.astype(np.int64), out)
    restore(rng, state)
    return out


class Scratch:
    """The kernels' working arrays, kept per thread and reused chunk after chunk.

    A kernel's own ``np.empty`` of a chunk's arrays would map (and fault in) fresh pages every
    call; an array here is made again only when a chunk's shape differs.

    Examples
    --------
    >>> scratch = Scratch()
    >>> a = scratch.array("relative", (2, 8), np.int32)
    >>> a is scratch.array("relative", (2, 8), np.int32)
    True
    >>> a is scratch.array("relative", (2, 9), np.int32)
    False
    """

    def __init__(self) -> None:
        self.local = threading.local()

    def array(self, name: str, shape: tuple[int, ...], dtype: type) -> npt.NDArray[Any]:
        """This thread's array ``name`` of that shape and dtype (contents undefined)."""
        arrays: dict[str, npt.NDArray[Any]] = self.local.__dict__.setdefault("arrays", {})
        array = arrays.get(name)
        if array is None or array.shape != shape or array.dtype != np.dtype(dtype):
            array = arrays[name] = np.empty(shape, dtype=dtype)
        return array


def squares_fit(nets: npt.NDArray[np.int64], seats: int, rounds: int) -> bool:
    """Whether int64 holds every per-round total of ``seats`` seats' nets, its square and the
    sum of ``rounds`` squares.

    Examples
    --------
    >>> squares_fit(np.array([-3, 200]), 7, 1 << 16), squares_fit(np.array([10**9]), 7, 1 << 16)
    (True, False)
    """
    total = largest_magnitude(nets) * max(seats, 1)
    return fits_int64(total * total * max(rounds, 1))


@intrinsic
def popcount(typingctx: object, value: types.Integer) -> tuple[object, object]:
    """The number of set bits of an int64 (the processor's ``popcnt``; compiled code only)."""
    signature = types.int64(types.int64)

    def codegen(
        context: object, builder: ir.IRBuilder, sig: object, args: list[ir.Value]
    ) -> object:
        return builder.ctpop(args[0])

    return signature, codegen


@cache
def select_table() -> npt.NDArray[np.int8]:
    """``table[b, k]``: the position of the ``k``-th (from 0) set bit of the byte ``b`` (-1 if
    it has fewer).

    Examples
    --------
    >>> select_table()[0b10110, :4].tolist()
    [1, 2, 4, -1]
    """
    table = np.full((256, 8), -1, dtype=np.int8)
    for byte in range(256):
        bits = [bit for bit in range(8) if byte >> bit & 1]
        table[byte, : len(bits)] = bits
    return table


_LOW = 0x0101010101010101
_HIGH = 0x8080808080808080 - (1 << 64)  # as an int64


@njit(cache=True, nogil=True, inline="always")
def select_bit(free: int, c: int, table: npt.NDArray[np.int8]) -> int:  # pragma: no cover
    """The position of the ``c``-th (from 0) set bit of ``free`` (at most 52 bits set): byte
    counts by SWAR, their prefix sums by one multiplication, the byte by comparing every prefix
    with ``c`` at once, the bit by ``table`` (:func:`select_table`). No branch."""
    x = free - ((free >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    prefix = x * _LOW  # byte k: the set bits in bytes 0 .. k (at most 52, so no carry)
    # the byte: how many bytes' prefixes are <= c
    byte: int = popcount(((c * _LOW) | _HIGH) - prefix & _HIGH)  # type: ignore[call-arg]
    before = ((prefix << 8) >> (8 * byte)) & 0xFF
    return 8 * byte + table[(free >> (8 * byte)) & 0xFF, c - before]


@njit(cache=True, nogil=True, inline="always")
def place_hand_select(
    relative: int,
    size: int,
    dealt: int,
    binomial: npt.NDArray[np.int64],
    table: npt.NDArray[np.int8],
    out: npt.NDArray[np.int64],
    at: int,
) -> tuple[int, int]:  # pragma: no cover - compiled; the tests compare it with deal_hands
    """Place one hand: ``relative`` (packed 6 bits a card, :func:`.deal.packed_combinations`)
    among the cards not in the mask ``dealt``; write its sorted cards to ``out[at:]``; return
    its colex index and the new mask. No branch depends on the cards."""
    free = ~dealt & ((1 << 52) - 1)
    colex = 0
    for j in range(size):
        c = (relative >> (6 * j)) & 63
        card = select_bit(free, c, table)
        out[at + j] = card
        colex += binomial[card, j + 1]
        dealt |= 1 << card
    return colex, dealt


@intrinsic
def deposit_bits(
    typingctx: object, source: types.Integer, mask: types.Integer
) -> tuple[object, object]:
    """BMI2's ``pdep``: the low bits of ``source`` moved, in order, to the set bits of ``mask``
    (compiled code only, and only where :data:`FAST_DEPOSIT`)."""
    signature = types.int64(types.int64, types.int64)

    def codegen(
        context: object, builder: ir.IRBuilder, sig: object, args: list[ir.Value]
    ) -> object:
        word = ir.IntType(64)
        function = builder.module.declare_intrinsic(
            "llvm.x86.bmi.pdep.64", fnty=ir.FunctionType(word, [word, word])
        )
        return builder.call(function, args)

    return signature, codegen


@intrinsic
def lowest_bit(typingctx: object, value: types.Integer) -> tuple[object, object]:
    """The position of the lowest set bit of a non-zero int64 (``tzcnt``; compiled code only)."""
    signature = types.int64(types.int64)

    def codegen(
        context: object, builder: ir.IRBuilder, sig: object, args: list[ir.Value]
    ) -> object:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return signature, codegen


@njit(cache=True, nogil=True, inline="always")
def place_hand_deposit(
    relative: int,
    size: int,
    dealt: int,
    binomial: npt.NDArray[np.int64],
    table: npt.NDArray[np.int8],
    out: npt.NDArray[np.int64],
    at: int,
) -> tuple[int, int]:  # pragma: no cover - compiled; the tests compare it with deal_hands
    """:func:`place_hand_select` by one ``pdep``: the relative cards as a mask, deposited on
    the undealt cards' mask, is the hand's mask; its cards are its set bits, lowest first
    (so sorted), instead of one bit selection a card."""
    free = ~dealt & ((1 << 52) - 1)
    chosen = 0
    for j in range(size):
        chosen |= 1 << ((relative >> (6 * j)) & 63)
    hand: int = deposit_bits(chosen, free)  # type: ignore[call-arg, arg-type]
    dealt |= hand
    colex = 0
    for j in range(size):
        card: int = lowest_bit(hand)
        hand &= hand - 1
        out[at + j] = card
        colex += binomial[card, j + 1]
    return colex, dealt


def fast_deposit() -> bool:
    """Whether this processor has ``pdep`` in hardware: BMI2, but not AMD's Zen 1 and 2 (and
    Excavator), which run it in microcode (hundreds of cycles, slower than bit selection).

    Examples
    --------
    >>> isinstance(fast_deposit(), bool)
    True
    """
    from llvmlite import binding

    slow = {"bdver4", "znver1", "znver2"}
    features = binding.get_host_cpu_features()
    return bool(features.get("bmi2", False)) and binding.get_host_cpu_name() not in slow


#: Whether the kernels place hands by ``pdep`` (:func:`fast_deposit`; numba's cache is keyed
#: by the processor, so its machine code always matches).
FAST_DEPOSIT = fast_deposit()

#: The kernels' hand placement: :func:`place_hand_deposit` where :data:`FAST_DEPOSIT`, else
#: :func:`place_hand_select` (the same cards).
place_hand = place_hand_deposit if FAST_DEPOSIT else place_hand_select


@njit(cache=True, nogil=True, inline="always")
def unpack_hand(
    relative: int, size: int, out: npt.NDArray[np.int64], at: int
) -> int:  # pragma: no cover - compiled; the tests compare it with deal_hands
    """The first hand of a round: its relative cards are its cards (to ``out[at:]``); return
    its card mask."""
    dealt = 0
    for j in range(size):
        card = (relative >> (6 * j)) & 63
        out[at + j] = card
        dealt |= 1 << card
    return dealt


@njit(cache=True, nogil=True, inline="always")
def place_second(
    relative: int,
    size: int,
    binomial: npt.NDArray[np.int64],
    out: npt.NDArray[np.int64],
    at: int,
) -> int:  # pragma: no cover - compiled; the tests compare it with deal_hands
    """Place the second hand of a round (to ``out[at:]``) after the first hand's five sorted
    cards ``out[0:5]``: relative card ``c`` is ``c + #{j : out[j] - j <= c}`` (``out[j] - j``
    undealt cards lie below ``out[j]``), 25 comparisons instead of five :func:`select_bit`;
    return the colex index."""
    t0, t1, t2, t3, t4 = out[0], out[1] - 1, out[2] - 2, out[3] - 3, out[4] - 4
    colex = 0
    for j in range(size):
        c = (relative >> (6 * j)) & 63
        card = c + (t0 <= c) + (t1 <= c) + (t2 <= c) + (t3 <= c) + (t4 <= c)
        out[at + j] = card
        colex += binomial[card, j + 1]
    return colex


@njit(cache=True, nogil=True, inline="always")
def after(c: int, t0: int, t1: int, t2: int, t3: int, t4: int) -> int:  # pragma: no cover
    """Relative card ``c`` placed after five dealt cards whose undealt cards below are
    ``t0 .. t4``: ``c + #{t <= c}``."""
    return c + (t0 <= c) + (t1 <= c) + (t2 <= c) + (t3 <= c) + (t4 <= c)


@njit(cache=True, nogil=True)
def second_colex(
    first: npt.NDArray[np.int32], second: npt.NDArray[np.int32], out: npt.NDArray[np.int32]
) -> None:  # pragma: no cover - compiled; the tests compare it with deal_hands
    """The colex index of every round's second five-card hand (``out``), from both hands'
    relative cards (packed): :func:`place_second` for whole columns, with the binomials
    ``C(card, k)`` computed rather than looked up, so the compiler vectorizes the loop."""
    for r in range(first.shape[0]):
        x = int(first[r])
        t0 = x & 63
        t1 = ((x >> 6) & 63) - 1
        t2 = ((x >> 12) & 63) - 2
        t3 = ((x >> 18) & 63) - 3
        t4 = ((x >> 24) & 63) - 4
        y = int(second[r])
        a0 = after(y & 63, t0, t1, t2, t3, t4)
        a1 = after((y >> 6) & 63, t0, t1, t2, t3, t4)
        a2 = after((y >> 12) & 63, t0, t1, t2, t3, t4)
        a3 = after((y >> 18) & 63, t0, t1, t2, t3, t4)
        a4 = after((y >> 24) & 63, t0, t1, t2, t3, t4)
        out[r] = (
            a0
            + a1 * (a1 - 1) // 2
            + a2 * (a2 - 1) * (a2 - 2) // 6
            + a3 * (a3 - 1) * (a3 - 2) * (a3 - 3) // 24
            + a4 * (a4 - 1) * (a4 - 2) * (a4 - 3) * (a4 - 4) // 120
        )


@njit(cache=True, nogil=True, inline="always")
def place_few(
    relative: int,
    size: int,
    n_dealt: int,
    binomial: npt.NDArray[np.int64],
    out: npt.NDArray[np.int64],
    below: npt.NDArray[np.int64],
) -> int:  # pragma: no cover - compiled; the tests compare it with deal_hands
    """Place a hand after the ``n_dealt`` cards ``out[:n_dealt]`` (a few: each costs
    ``n_dealt + size`` comparisons) to ``out[n_dealt:]``: ``c + #{dealt e : below(e) <= c}``,
    ``below(e)`` the undealt cards below ``e`` (scratch ``below``); return the colex index."""
    for t in range(n_dealt):
        lower = 0
        for u in range(n_dealt):
            lower += out[u] < out[t]
        below[t] = out[t] - lower
    colex = 0
    for j in range(size):
        c = (relative >> (6 * j)) & 63
        card = c
        for t in range(n_dealt):
            card += below[t] <= c
        out[n_dealt + j] = card
        colex += binomial[card, j + 1]
    return colex


def nets_by_key(
    nets: list[npt.NDArray[np.int64]],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint16]]:
    """Bets' nets per seat key as the kernels read them: the distinct rows (one column a bet,
    int32 when every net fits, else int64) and each key's row (uint16): a few dozen rows stay
    in the first-level cache.

    Examples
    --------
    >>> rows, row = nets_by_key([np.array([1, -2, 1]), np.array([3, 4, 3])])
    >>> rows.tolist(), row.tolist()
    ([[-2, 4], [1, 3]], [1, 0, 1])
    >>> nets_by_key([np.array([2**40])])[0].dtype, nets_by_key([np.array([5])])[0].dtype
    (dtype('int64'), dtype('int32'))
    """
    stacked = np.stack(nets, axis=1)
    rows, row = np.unique(stacked, axis=0, return_inverse=True)
    if rows.shape[0] > 1 << 16:  # no two keys alike: every key its own row
        rows, row = stacked, np.arange(stacked.shape[0])
    narrow = largest_magnitude(rows) < 2**31
    return (
        np.ascontiguousarray(rows, dtype=np.int32 if narrow else np.int64),
        np.ascontiguousarray(
            row.ravel(), dtype=np.uint16 if rows.shape[0] <= 1 << 16 else np.int64
        ),
    )


@njit(cache=True, nogil=True, inline="always")
def add_squares(
    nets: npt.NDArray[np.int64],
    row_of: npt.NDArray[np.uint16],
    keys: npt.NDArray[np.int64],
    first: int,
    last: int,
    squares: npt.NDArray[np.int64],
    offset: int,
    totals: npt.NDArray[np.int64],
) -> None:  # pragma: no cover - compiled; the tests compare it with the numpy path
    """For every bet ``b`` (column of ``nets``, the distinct rows of :func:`nets_by_key`,
    ``row_of`` each key's): ``squares[offset + b] += (Σ nets[row_of[keys[s]], b])²`` over the
    seats ``first <= s < last`` of one round (``totals``: scratch, a slot a bet)."""
    bets = nets.shape[1]
    for bet in range(bets):
        totals[bet] = 0
    for seat in range(first, last):
        row = row_of[np.uintp(keys[seat])]
        for bet in range(bets):
            totals[bet] += nets[row, bet]
    for bet in range(bets):
        squares[offset + bet] += totals[bet] * totals[bet]
