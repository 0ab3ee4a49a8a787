"""numpy's PCG64 stream and its bounded int32 draws, in compiled code (numba), bit for bit.

:func:`bounded_draws` makes inside the kernels the draws
``rng.integers(0, n, size=rounds, dtype=np.int32)`` of the simulator's seeding contract
(:func:`crazy4.simulate.kernel.draw_indices`), from the generator's state, as numpy's
``pcg64.h`` and ``distributions.c`` do:

* **The step**: ``state = state * M + inc`` modulo 2**128 (a 128-bit LCG); numpy steps first,
  then outputs ``rotr64(high ^ low, state >> 122)`` of the new state (XSL-RR).
* **32-bit draws**: a 64-bit output gives two, the low half first; the high half is kept
  (``has_uint32``, ``uinteger`` of ``bit_generator.state``) across calls of ``integers``.
* **Bounded int32** (``rng = n - 1``): ``rng == 0`` gives zeros and draws nothing;
  ``rng == 0xFFFFFFFF`` takes the draw itself; otherwise Lemire's method: ``m = x * n``
  (64 bits), drawing again while the low 32 bits of ``m`` are below ``(2**32 - n) mod n``;
  the value is ``m >> 32``.

References
----------
O'Neill 2014, *PCG: A family of simple fast space-efficient statistically good algorithms for
random number generation*; Lemire 2019, *Fast random integer generation in an interval*, ACM
TOMACS 29(1).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from llvmlite import ir  # type: ignore[import-untyped]
from numba import njit, types
from numba.extending import intrinsic

#: The 128-bit multiplier of numpy's PCG64 (``PCG_DEFAULT_MULTIPLIER_128``).
MULTIPLIER = 0x2360ED051FC65DA44385DF649FCCF645
_MASK64 = (1 << 64) - 1
_M_HIGH = np.uint64(MULTIPLIER >> 64)
_M_LOW = np.uint64(MULTIPLIER & _MASK64)
_LOW32 = np.uint64(0xFFFFFFFF)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_S32 = np.uint64(32)
_S58 = np.uint64(58)
_S63 = np.uint64(63)
_S64 = np.uint64(64)


@intrinsic
def mul_high(typingctx: object, a: types.Integer, b: types.Integer) -> tuple[object, object]:
    """The high 64 bits of the 128-bit product of two uint64 (compiled code only)."""
    signature = types.uint64(types.uint64, types.uint64)

    def codegen(
        context: object, builder: ir.IRBuilder, sig: object, args: list[ir.Value]
    ) -> object:
        wide = ir.IntType(128)
        product = builder.mul(builder.zext(args[0], wide), builder.zext(args[1], wide))
        return builder.trunc(builder.lshr(product, ir.Constant(wide, 64)), ir.IntType(64))

    return signature, codegen


def state_of(generator: np.random.Generator) -> npt.NDArray[np.uint64]:
    """A PCG64 generator's state as the compiled draws keep it: ``[state high, state low, inc
    high, inc low, has_uint32, uinteger]``.

    Examples
    --------
    >>> state = state_of(np.random.Generator(np.random.PCG64(5)))
    >>> state.dtype, state.shape, int(state[4])
    (dtype('uint64'), (6,), 0)
    """
    raw = generator.bit_generator.state
    if raw["bit_generator"] != "PCG64":
        raise ValueError(f"a PCG64 generator is needed, not {raw['bit_generator']}")
    state, inc = int(raw["state"]["state"]), int(raw["state"]["inc"])
    words = [state >> 64, state & _MASK64, inc >> 64, inc & _MASK64]
    words += [int(raw["has_uint32"]), int(raw["uinteger"])]
    return np.array(words, dtype=np.uint64)


def restore(generator: np.random.Generator, state: npt.NDArray[np.uint64]) -> None:
    """Write a state of :func:`state_of` (advanced by the compiled draws) back to the generator,
    so that numpy's next draw continues the stream.

    Examples
    --------
    >>> generator = np.random.Generator(np.random.PCG64(5))
    >>> state = state_of(generator)
    >>> out = np.empty(3, dtype=np.int32)
    >>> bounded_draws(state, 1000, out)
    >>> restore(generator, state)
    >>> twin = np.random.Generator(np.random.PCG64(5))
    >>> bool((out == twin.integers(0, 1000, size=3, dtype=np.int32)).all())
    True
    >>> int(generator.integers(0, 10**9)) == int(twin.integers(0, 10**9))
    True
    """
    words = [int(word) for word in state]
    generator.bit_generator.state = {
        "bit_generator": "PCG64",
        "state": {"state": words[0] << 64 | words[1], "inc": words[2] << 64 | words[3]},
        "has_uint32": words[4],
        "uinteger": words[5],
    }


@njit(cache=True, nogil=True, inline="always")
def step(
    high: np.uint64, low: np.uint64, inc_high: np.uint64, inc_low: np.uint64
) -> tuple[np.uint64, np.uint64, np.uint64]:  # pragma: no cover - compiled
    """One step of numpy's ``pcg64_random_r``: the new state (high, low), then the XSL-RR output
    of the new state."""
    product_low = low * _M_LOW
    new_low = product_low + inc_low
    carry = _ONE if new_low < product_low else _ZERO
    carried: np.uint64 = mul_high(low, _M_LOW)  # type: ignore[call-arg, arg-type]
    new_high = high * _M_LOW + low * _M_HIGH + carried + inc_high + carry
    value = new_high ^ new_low
    rotate = new_high >> _S58
    return new_high, new_low, (value >> rotate) | (value << ((_S64 - rotate) & _S63))


@njit(cache=True, nogil=True)
def bounded_draws(
    state: npt.NDArray[np.uint64], n: int, out: npt.NDArray[np.int32]
) -> None:  # pragma: no cover - compiled; tests/test_pcg.py compares it with numpy
    """``out[:] = integers(0, n, size=len(out), dtype=int32)`` of the generator whose state is
    ``state`` (:func:`state_of`, advanced in place), for ``1 <= n <= 2**31 - 1``. A 32-bit
    draw is numpy's ``pcg64_next32``: the kept high half if there is one, else a new 64-bit
    output's low half (keeping its high half). The state stays in registers."""
    count = out.shape[0]
    if n == 1:  # numpy's rng == 0: no draw
        for i in range(count):
            out[i] = 0
        return
    high, low, inc_high, inc_low = state[0], state[1], state[2], state[3]
    has_kept, kept = state[4] != _ZERO, state[5]
    bound = np.uint64(n)
    threshold = (np.uint64(1 << 32) - bound) % bound
    for i in range(count):
        while True:
            if has_kept:
                x = kept
                has_kept = False
            else:
                high, low, value = step(high, low, inc_high, inc_low)
                x = value & _LOW32
                kept = value >> _S32
                has_kept = True
            product = x * bound
            # rejected only when the low half is below the threshold (< n: rare)
            if (product & _LOW32) >= threshold:
                break
        out[i] = np.int32(product >> _S32)
    state[0], state[1] = high, low
    state[4] = _ONE if has_kept else _ZERO
    state[5] = kept
