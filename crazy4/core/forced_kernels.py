"""Compiled loops of the forced-card engine (numba): the subset-table counts.

:mod:`crazy4.core.forced` documents what they compute; this module only holds the loops, which
release the GIL so that :func:`crazy4.core.table_kernels.run_in_threads` can run chunks of
situations on threads sharing the tables. Everything is integer.

The count (:func:`count_forced`) is bound by table reads that miss the cache (the four-card
subset table of a six-card dealer hand is 83 MB; its five-card sets are read as their sorted
completions, :mod:`crazy4.core.completions`, 12.6 MB), so it takes the
situations in batches and a batch through three stages, each a batch behind the one before:
the colex indices of the sets ``S ∪ F`` (32 for five hand cards, by doubling over the cards), with
a prefetch of their classes; the rows, with a prefetch of the cells to be read; the signed sums.
Thresholds that are the same for every hand (Four Card Poker's seven category starts, the
Crazy 4 Poker qualifier) are read from compact copies of those table columns, one cache line
a row, instead of one line a threshold. The table reads are cache misses, so each is asked for
a batch before it is needed, and the sets of one size are handled together.

Every table reaches the kernel as a plain array argument (their rows in one class array), and
the stages are plain functions: on an empty numba cache the kernel compiles several times faster
than a tuple of tables of mixed dtypes through inlined stages did. Every table is uint16 (the
wide table's int32 counts as two uint16 halves, :func:`crazy4.core.forced.uint16_halves`), so
each stage's inner loop is compiled once, for one set of types, its table and mode values, not
constants; and the stages are compiled without the Python and C wrappers nothing calls
(:func:`stage`): less code to compile on an empty cache, and the count as fast.

This module imports numba; it is imported only when a forced-card count runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt
from llvmlite import ir  # type: ignore[import-untyped]
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

Function = TypeVar("Function", bound=Callable[..., None])


#: How every function here is compiled: cached on disk, without the GIL, and without the C
#: wrapper it is never called through (each wrapper is more code to compile on an empty cache).
OPTIONS: dict[str, Any] = {"cache": True, "nogil": True, "no_cfunc_wrapper": True}


def stage(function: Function) -> Function:
    """``function`` compiled for calls from compiled code only (no Python wrapper either: the
    stages are called only from :func:`count_forced`).

    Examples
    --------
    >>> subset_indices.targetoptions["no_cpython_wrapper"]
    True
    """
    return cast(Function, njit(**{**OPTIONS, "no_cpython_wrapper": True})(function))


def entry(function: Function) -> Function:
    """``function`` compiled for calls from Python (:func:`count_forced`).

    Examples
    --------
    >>> options = count_forced.targetoptions
    >>> options["no_cfunc_wrapper"], options["no_cpython_wrapper"]
    (True, False)
    """
    return cast(Function, njit(**{**OPTIONS, "no_cpython_wrapper": False})(function))


@intrinsic
def prefetch_hint(
    typingctx: object, array: types.Array, row: types.Integer, column: types.Integer
) -> tuple[object, object]:
    """Ask the processor to fetch ``array[row]`` (1-d) or ``array[row, column]`` (2-d) into the
    cache (``llvm.prefetch``: a hint, never a fault; compiled code only)."""
    signature = types.void(array, row, column)

    def codegen(
        context: Any, builder: ir.IRBuilder, sig: Any, args: list[ir.Value]
    ) -> object:  # pragma: no cover - runs while compiling
        kind = sig.args[0]
        view = context.make_array(kind)(context, builder, args[0])
        where = [context.cast(builder, args[1], sig.args[1], types.intp)]
        if kind.ndim == 2:
            where.append(context.cast(builder, args[2], sig.args[2], types.intp))
        pointer = cgutils.get_item_pointer(  # type: ignore[no-untyped-call]
            context, builder, kind, view, where
        )
        byte = ir.IntType(8).as_pointer()
        word = ir.IntType(32)
        hint = ir.FunctionType(ir.VoidType(), [byte, word, word, word])
        function = cgutils.get_or_insert_function(  # type: ignore[no-untyped-call]
            builder.module, hint, "llvm.prefetch.p0"
        )
        builder.call(function, [builder.bitcast(pointer, byte), word(0), word(3), word(1)])
        return context.get_dummy_value()

    return signature, codegen


@stage
def subset_indices(
    hands: npt.NDArray[np.int64],
    h: int,
    forced: npt.NDArray[np.int64],
    i: int,
    binomial: npt.NDArray[np.int64],
    index: npt.NDArray[np.int64],
    slot: int,
    b: int,
    size: npt.NDArray[np.int64],
) -> None:  # pragma: no cover - compiled; checked against brute force in the tests
    """``index[slot, b, q]``: the colex index of ``S_q ∪ F``, for every subset ``S_q`` of the
    cards ``hands[h]`` (bit ``k`` of ``q``: the ``k``-th card), ``F = forced[i]``; both
    sorted.

    The cards of ``P ∪ F`` are walked in ascending order, keeping the partial index and size
    of every subset of the cards walked so far: a forced card joins every subset (at the
    position its size gives, ``C(card, size + 1)``), a hand card doubles them (subset ``q``
    without it, ``q + 2^k`` with it). For five hand cards, 31 additions instead of 80 for the
    subsets merged and summed one at a time.
    """
    count = 1
    index[slot, b, 0] = 0
    size[0] = 0
    p = 0
    f = 0
    n_player = hands.shape[1]
    n_forced = forced.shape[1]
    while p < n_player or f < n_forced:
        if p == n_player or (f < n_forced and forced[i, f] < hands[h, p]):
            card = forced[i, f]
            for q in range(count):
                index[slot, b, q] += binomial[card, size[q] + 1]
                size[q] += 1
            f += 1
        else:
            card = hands[h, p]
            for q in range(count):
                index[slot, b, count + q] = index[slot, b, q] + binomial[card, size[q] + 1]
                size[count + q] = size[q] + 1
            count *= 2
            p += 1


@stage
def fetch_rows(
    table: npt.NDArray[np.uint16],
    compact: npt.NDArray[np.uint16],
    rows_of: npt.NDArray[np.int32],
    base: int,
    masks: npt.NDArray[np.int64],
    index: npt.NDArray[np.int64],
    rows: npt.NDArray[np.int64],
    t: npt.NDArray[np.int64],
    slot: int,
    count: int,
    lo: int,
    hi: int,
    varying: int,
    completions: bool,
    halves: int,
) -> None:  # pragma: no cover - compiled
    """Stage two: ``rows[slot, b, k] = rows_of[base + index[slot, b, masks[k]]]`` for ``lo <=
    k < hi``; prefetch the cells stage three reads (the varying thresholds' cells of ``table``,
    or both ends of its row when ``table`` lists sorted completions, and the row of
    ``compact``). ``halves`` is 1 when ``table`` holds each count as two uint16 halves (the
    wide table, :func:`add_rows`), else 0."""
    last = table.shape[1] - 1
    for b in range(count):
        for k in range(lo, hi):
            row = rows_of[base + index[slot, b, masks[k]]]
            rows[slot, b, k] = row
            if completions:  # a row of 47 or 48 strengths spans two cache lines
                prefetch_hint(table, row, 0)  # type: ignore[call-arg, arg-type]
                prefetch_hint(table, row, last)
            else:
                for j in range(varying):
                    prefetch_hint(table, row, t[slot, b, j] << halves)  # type: ignore[call-arg]
            if compact.shape[1]:
                prefetch_hint(compact, row, 0)  # type: ignore[call-arg, arg-type]


@stage
def add_rows(
    table: npt.NDArray[np.uint16],
    compact: npt.NDArray[np.uint16],
    rows: npt.NDArray[np.int64],
    t: npt.NDArray[np.int64],
    slot: int,
    count: int,
    lo: int,
    hi: int,
    sign: int,
    varying: int,
    completions: bool,
    halves: int,
    acc: npt.NDArray[np.int64],
) -> None:  # pragma: no cover - compiled
    """Stage three: ``acc[b, j] += sign Σ_k N_k(t_j)``: the varying thresholds from ``table``,
    the others from ``compact`` (its columns in order). When ``table`` lists each set's sorted
    completions (:mod:`crazy4.core.completions`), ``N_k(t)`` is the number of them below
    ``t``, found by a binary search of the row (six steps for 47). When ``halves`` is 1,
    ``table`` and ``compact`` hold each count as two uint16 halves, the low one first."""
    width = table.shape[1]
    for b in range(count):
        for j in range(varying):
            column = t[slot, b, j]
            total = 0
            for k in range(lo, hi):
                row = rows[slot, b, k]
                if completions:
                    first, n = 0, width  # below ``column``: ``first`` and maybe that one
                    while n > 1:
                        half = n >> 1
                        if table[row, first + half] < column:
                            first += half
                        n -= half
                    total += first + (table[row, first] < column)
                elif halves:
                    total += table[row, 2 * column] + (np.int64(table[row, 2 * column + 1]) << 16)
                else:
                    total += table[row, column]
            acc[b, j] += sign * total
        for j in range(compact.shape[1] >> halves):
            total = 0
            for k in range(lo, hi):
                row = rows[slot, b, k]
                if halves:
                    total += compact[row, 2 * j] + (np.int64(compact[row, 2 * j + 1]) << 16)
                else:
                    total += compact[row, j]
            acc[b, varying + j] += sign * total


#: Situations a batch.
BATCH = 8


def work_size(m: int, subsets: int = 32) -> int:
    """Words of the working buffer of :func:`count_forced` for ``m`` thresholds and a hand of
    ``subsets`` subsets (``2^cards``; the caller allocates it; the kernel takes its working
    arrays as views of it)."""
    return 6 * BATCH * subsets + 4 * BATCH * m + 3 + subsets


#: ``kinds[n]``: where the sets of ``n`` cards are counted (:func:`count_forced`).
WIDE, MID, TOP, OWN, NONE = 0, 1, 2, 3, -1


@stage
def fetch_stage(
    masks: npt.NDArray[np.int64],
    bounds: npt.NDArray[np.int64],
    layout: npt.NDArray[np.int64],
    rows_of: npt.NDArray[np.int32],
    wide: npt.NDArray[np.uint16],
    mid: npt.NDArray[np.uint16],
    top: npt.NDArray[np.uint16],
    compact_wide: npt.NDArray[np.uint16],
    compact_mid: npt.NDArray[np.uint16],
    compact_top: npt.NDArray[np.uint16],
    own: npt.NDArray[np.uint16],
    index: npt.NDArray[np.int64],
    rows: npt.NDArray[np.int64],
    t: npt.NDArray[np.int64],
    slot: int,
    count: int,
    n_forced: int,
    varying: int,
) -> None:  # pragma: no cover - compiled
    """Stage two of :func:`count_forced` for the batch in ``slot``: the rows of its sets (the
    strengths for a whole dealer hand) and a prefetch of the cells stage three reads (the
    tables as in :func:`count_forced`)."""
    for g in range(bounds.shape[0] - 1):
        lo, hi = bounds[g], bounds[g + 1]
        if lo == hi:
            continue
        n = g + n_forced
        kind, base = layout[0, n], layout[1, n]
        if kind == OWN:
            for b in range(count):
                for k in range(lo, hi):
                    rows[slot, b, k] = own[index[slot, b, masks[k]]]
        else:  # every table through one call (values, not literals: compiled once)
            table = wide if kind == WIDE else (top if kind == TOP else mid)
            compact = (
                compact_wide if kind == WIDE else (compact_top if kind == TOP else compact_mid)
            )
            fetch_rows(
                table, compact, rows_of, base, masks, index, rows, t, slot, count, lo, hi,
                varying, kind == TOP, int(kind == WIDE),
            )  # fmt: skip


@stage
def sum_stage(
    bounds: npt.NDArray[np.int64],
    layout: npt.NDArray[np.int64],
    wide: npt.NDArray[np.uint16],
    mid: npt.NDArray[np.uint16],
    top: npt.NDArray[np.uint16],
    compact_wide: npt.NDArray[np.uint16],
    compact_mid: npt.NDArray[np.uint16],
    compact_top: npt.NDArray[np.uint16],
    rows: npt.NDArray[np.int64],
    t: npt.NDArray[np.int64],
    slot: int,
    count: int,
    n_forced: int,
    varying: int,
    acc: npt.NDArray[np.int64],
) -> None:  # pragma: no cover - compiled
    """Stage three of :func:`count_forced` for the batch in ``slot``: ``acc[b, j]``, the
    signed sums (the tables as in :func:`count_forced`)."""
    m = acc.shape[1]
    for b in range(BATCH):
        for j in range(m):
            acc[b, j] = 0
    for g in range(bounds.shape[0] - 1):
        lo, hi = bounds[g], bounds[g + 1]
        if lo == hi:
            continue
        sign = 1 - 2 * (g & 1)
        kind = layout[0, g + n_forced]
        if kind == OWN:
            for b in range(count):
                for j in range(m):
                    column = t[slot, b, j]
                    total = 0
                    for k in range(lo, hi):
                        total += rows[slot, b, k] < column
                    acc[b, j] += sign * total
        else:  # every table through one call (values, not literals: compiled once)
            table = wide if kind == WIDE else (top if kind == TOP else mid)
            compact = (
                compact_wide if kind == WIDE else (compact_top if kind == TOP else compact_mid)
            )
            add_rows(
                table, compact, rows, t, slot, count, lo, hi, sign, varying, kind == TOP,
                int(kind == WIDE), acc,
            )  # fmt: skip


@entry
def count_forced(
    hands: npt.NDArray[np.int64],
    hand_of: npt.NDArray[np.int32],
    forced: npt.NDArray[np.int64],
    thresholds: npt.NDArray[np.int64],
    columns: npt.NDArray[np.int64],
    varying: int,
    binomial: npt.NDArray[np.int64],
    masks: npt.NDArray[np.int64],
    bounds: npt.NDArray[np.int64],
    layout: npt.NDArray[np.int64],
    rows_of: npt.NDArray[np.int32],
    wide: npt.NDArray[np.uint16],
    mid: npt.NDArray[np.uint16],
    top: npt.NDArray[np.uint16],
    compact_wide: npt.NDArray[np.uint16],
    compact_mid: npt.NDArray[np.uint16],
    compact_top: npt.NDArray[np.uint16],
    own: npt.NDArray[np.uint16],
    work: npt.NDArray[np.int64],
    out: npt.NDArray[np.int32],
    start: int,
    stop: int,
) -> None:  # pragma: no cover - compiled; checked against brute force in the tests
    """``out[i, j] = Σ_{S ⊆ P} (-1)^{|S|} N_{S ∪ F}(t_j)`` for situations ``start:stop``.

    ``P = hands[hand_of[i]]`` (sorted; any number of cards), ``F = forced[i]`` (sorted, disjoint
    from ``P``), ``t_j = thresholds[hand_of[i], j]``; ``columns`` lists the varying columns
    first. The subsets ``masks[bounds[g]:bounds[g + 1]]`` are those of ``g`` hand cards whose
    set fits a dealer hand. For a set ``T`` of ``n`` cards, ``layout[0, n]`` is where it is
    counted (:data:`WIDE`, :data:`MID`, :data:`TOP`: the subset tables as the three dtypes they
    come in; :data:`OWN`: the dealer's whole hand, ``own`` by colex index) and ``layout[1, n]``
    where its sets start in ``rows_of``: ``N_T(t)`` is ``table[rows_of[layout[1, n] + colex T],
    t]``, or ``compact_*[row, k]`` for the threshold column ``columns[varying + k]`` (the same
    for every hand: those columns of the table, one cache line a row). Batches of :data:`BATCH`
    situations go through three stages a batch apart (module docstring).
    """
    n_forced, m, w = forced.shape[1], columns.shape[0], 1 << hands.shape[1]  # w: subsets
    tables = (wide, mid, top, compact_wide, compact_mid, compact_top)  # six arguments below
    index = work[: 3 * BATCH * w].reshape((3, BATCH, w))
    rows = work[3 * BATCH * w : 6 * BATCH * w].reshape((3, BATCH, w))
    t = work[6 * BATCH * w : 6 * BATCH * w + 3 * BATCH * m].reshape((3, BATCH, m))
    rest = 6 * BATCH * w + 3 * BATCH * m
    acc, rest = work[rest : rest + BATCH * m].reshape((BATCH, m)), rest + BATCH * m
    counts, size = work[rest : rest + 3], work[rest + 3 : rest + 3 + w]
    n_batches = (stop - start + BATCH - 1) // BATCH
    for batch in range(n_batches + 2):
        if batch < n_batches:
            slot = batch % 3
            first = start + batch * BATCH
            counts[slot] = min(BATCH, stop - first)
            for b in range(counts[slot]):
                h = hand_of[first + b]
                subset_indices(hands, h, forced, first + b, binomial, index, slot, b, size)
                for j in range(m):
                    t[slot, b, j] = thresholds[h, columns[j]]
            for g in range(bounds.shape[0] - 1):
                n = g + n_forced
                for b in range(counts[slot]):
                    for k in range(bounds[g], bounds[g + 1]):
                        if layout[0, n] == OWN:
                            prefetch_hint(own, index[slot, b, masks[k]], 0)  # type: ignore
                        else:
                            where = layout[1, n] + index[slot, b, masks[k]]
                            prefetch_hint(rows_of, where, 0)  # type: ignore[call-arg, arg-type]
        if 1 <= batch <= n_batches:
            slot = (batch - 1) % 3
            fetch_stage(
                masks, bounds, layout, rows_of, *tables, own, index, rows, t, slot, counts[slot],
                n_forced, varying,
            )  # fmt: skip
        if batch >= 2:
            slot = (batch - 2) % 3
            count = counts[slot]
            sum_stage(bounds, layout, *tables, rows, t, slot, count, n_forced, varying, acc)
            first = start + (batch - 2) * BATCH
            for b in range(count):
                for j in range(m):
                    out[first + b, columns[j]] = acc[b, j]
