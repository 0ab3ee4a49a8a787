"""The spec simulator's fast path: compiled chunk loops chosen by the deal shape.

Hands all of one to five cards with the dealer's hidden play by ``hidden_rounds``; five cards
with one of the dealer's six face up by ``up_card_rounds``; every other shape by the numpy
path. The loops make the numpy path's draws, counts and log rows, and read the game only as
tables (:class:`KernelTables`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import permutations
from typing import Protocol

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.cards import BINOMIAL, colex_indices
from crazy4.core.deal import packed_combinations
from crazy4.simulate.counts import BLIND_BET, Chunk, Counts
from crazy4.simulate.kernel import Scratch, compiled_draws, select_table, squares_fit
from crazy4.simulate.plan import SimulationPlan
from crazy4.simulate.progressive import progressive_counts
from crazy4.spec.specification import CELLS, DealShape

IntArray = npt.NDArray[np.int64]
#: The widest seat word the compiled loops read (uint16).
WORD_LIMIT = 1 << 16
#: The most strengths the up-card loops' packed entry holds (12 bits).
STRENGTH_LIMIT = 1 << 12


@dataclass(frozen=True)
class KernelTables:
    """What the compiled loops read of a plan (cached per plan by the simulator).

    Attributes
    ----------
    word : ndarray of uint16
        Per five-card colex index: ``strength * 4 + decision`` (the dealer's strength is the
        word shifted).
    blind_base : ndarray of int32
        Per strength: a blind hand's ``(strength * 4 + multiple) * 6``.
    dealer_offset : ndarray of int32
        Per dealer strength: ``3`` where the dealer qualifies, else ``0``.
    bets : tuple of str
        The bets of :attr:`nets_matrix`'s columns, in order.
    slots, base : ndarray of int32
        One card face up: a situation's entry by ``colex * 4 + up suit``
        (:func:`crazy4.core.upcard_lookup.situation_slots`, the up card's rank added), and each
        entry's ``(strength * 4 + decision) * 6 << 12 | strength`` (:func:`situation_base`).
    dealer_strength : ndarray of uint16
        One card face up: the dealer's strength by the colex index of his six cards.
    nets_matrix, blind_matrix : tuple
        Every bet's net per key, as the loops read them
        (:func:`crazy4.simulate.kernel.nets_by_key`); the blind hands' main game.
    """

    word: npt.NDArray[np.uint16]
    blind_base: npt.NDArray[np.int32]
    dealer_offset: npt.NDArray[np.int32]
    bets: tuple[str, ...]
    nets_matrix: tuple[IntArray, npt.NDArray[np.uint16]]
    blind_matrix: tuple[IntArray, npt.NDArray[np.uint16]]
    slots: npt.NDArray[np.int32] = field(default_factory=lambda: np.zeros(0, np.int32))
    base: npt.NDArray[np.int32] = field(default_factory=lambda: np.zeros(0, np.int32))
    dealer_strength: npt.NDArray[np.uint16] = field(default_factory=lambda: np.zeros(0, np.uint16))


class KernelSeats(Protocol):
    """What the fast path calls back on the simulator."""

    @property
    def key_bins(self) -> int:
        """Seat keys counted."""
        ...

    @property
    def kernel_tables(self) -> Callable[[SimulationPlan], KernelTables]:
        """The plan's :class:`KernelTables`."""
        ...

    def round_squares(
        self, plan: SimulationPlan, normal: list[IntArray], blind: list[IntArray]
    ) -> dict[str, int]:
        """The exact per-round sums of squares from the seat keys."""
        ...

    def log_table(
        self,
        plan: SimulationPlan,
        first: int,
        cards: list[npt.NDArray[np.uint8]],
        keys: list[IntArray],
    ) -> pa.Table:
        """The log rows of one chunk."""
        ...


def fast_path(shape: DealShape, strengths: int) -> HiddenKernel | UpCardKernel | None:
    """The compiled loops of a deal shape (None: the numpy path plays it).

    Examples
    --------
    >>> type(fast_path(DealShape(5, 5, 0, 4), 2535)).__name__
    'HiddenKernel'
    >>> type(fast_path(DealShape(5, 6, 1, 4), 2535)).__name__
    'UpCardKernel'
    >>> fast_path(DealShape(3, 3, 0, 3), 741).size
    3
    >>> fast_path(DealShape(3, 5, 0, 3), 1000), fast_path(DealShape(5, 5, 1, 5), 7462)
    (None, None)
    """
    five = shape.player_cards == 5
    alike = shape.player_cards == shape.dealer_cards <= 5  # one strength table for both
    if alike and shape.face_up == 0 and strengths * 4 <= WORD_LIMIT:
        return HiddenKernel(shape.player_cards)
    if five and shape.dealer_cards == 6 and shape.face_up == 1 and strengths <= STRENGTH_LIMIT:
        return UpCardKernel()
    return None


def situation_base(
    hands: npt.NDArray[np.uint8],
    seen: npt.NDArray[np.uint8],
    strength: IntArray,
    decision: IntArray,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """The up-card loops' ``slots`` and ``base`` (:class:`KernelTables`) from the situation
    classes (a representative hand and up card each, its strength and decision): every
    (hand, up card) of a class finds the class's entry, as suit relabellings map it
    (:mod:`crazy4.core.upcard_lookup`)."""
    from crazy4.core.upcard_lookup import situation_entries, situation_slots

    slots = situation_slots()
    entry = situation_entries(hands, seen[:, 0])
    base = np.zeros(int(slots.max()) + 52, dtype=np.int32)
    base[entry] = ((strength * 4 + decision) * len(CELLS) << 12) | strength
    return slots, base


class HiddenKernel:
    """The compiled loops of ``size`` cards a hand (1 to 5), the dealer's all hidden (module
    docstring)."""

    def __init__(self, size: int = 5) -> None:
        #: The cards of every hand, the seats' and the dealer's.
        self.size = size
        #: The loops' working arrays, per thread.
        self.scratch = Scratch()

    def play_chunk(
        self,
        seats: KernelSeats,
        plan: SimulationPlan,
        chunk: int,
        log: bool,
        into: Counts | None = None,
    ) -> Chunk:
        """One chunk: the counts of the numpy path from the same draws, added to ``into``
        when given; the seat keys and cards only for the log (or when the sums of squares
        need Python integers)."""
        from crazy4.simulate.fast_kernel import few_hidden_colex, hidden_colex, hidden_rounds

        tables = seats.kernel_tables(plan)
        rounds, hands = plan.chunk_rounds(chunk), plan.seats
        normal, blind = plan.normal_hands, hands - plan.normal_hands
        fits = max(normal, blind) <= 1 or (  # one seat of a kind: no sums of squares
            squares_fit(tables.nets_matrix[0], normal, rounds)
            and squares_fit(tables.blind_matrix[0], blind, rounds)
        )
        bets = len(tables.bets)
        squares = np.zeros(bets + 1 if fits and max(normal, blind) > 1 else 0, dtype=np.int64)
        want_keys = log or (not fits and max(normal, blind) > 1)
        counts = (
            Counts.empty(seats.key_bins, tables.dealer_offset.shape[0]) if into is None else into
        )
        scratch = self.scratch
        shape = (hands + 1, rounds)
        size = self.size
        indices = compiled_draws(
            plan.generator(chunk),
            rounds,
            (size,) * (hands + 1),
            scratch.array("draws", shape, np.int32),
        )
        keys = np.zeros((hands, rounds) if want_keys else (0, 0), dtype=np.int32)
        cards = np.zeros((hands + 1, size, rounds) if log else (0, 0, 0), dtype=np.uint8)
        colex = scratch.array("colex", shape, np.int32)
        first = scratch.array("first", (rounds,), np.int32)
        relative = scratch.array("relative", shape, np.int32)
        packed, binomial, select = packed_combinations(size), BINOMIAL, select_table()
        if size == 5:
            hidden_colex(
                indices, tables.word, packed, binomial, select, cards, relative, first, colex
            )
        else:
            few_hidden_colex(
                indices, size, tables.word, packed, binomial, select, cards, relative, first, colex
            )
        hidden_rounds(
            colex,
            first,
            (tables.word, tables.blind_base, tables.dealer_offset),
            normal,
            len(CELLS),
            tables.nets_matrix,
            tables.blind_matrix,
            (counts.seats, counts.blind, counts.dealer),
            squares,
            keys,
            scratch.array("packed", shape, np.int32),
        )
        round_squares: dict[str, int] = {}
        keyed = [keys[s].astype(np.int64) for s in range(keys.shape[0])]
        if squares.shape[0]:
            if normal > 1:
                round_squares = {name: int(squares[i]) for i, name in enumerate(tables.bets)}
            if blind > 1:
                round_squares[BLIND_BET] = int(squares[bets])
        elif want_keys:
            round_squares = seats.round_squares(plan, keyed[:normal], keyed[normal:])
        progressive = progressive_counts(plan.rules, plan.meter, list(colex[:hands]))
        counts.add_totals(rounds, round_squares, progressive)
        table = None
        if log:
            table = seats.log_table(plan, plan.first_round(chunk), list(cards), keyed)
        return Chunk(counts=counts, log=table)


class UpCardKernel:
    """The compiled loops of five cards a hand and one of the dealer's six face up
    (``up_card_colex``, ``up_card_rounds``; no blind hands)."""

    def __init__(self) -> None:
        #: The loops' working arrays, per thread.
        self.scratch = Scratch()

    def play_chunk(
        self,
        seats: KernelSeats,
        plan: SimulationPlan,
        chunk: int,
        log: bool,
        into: Counts | None = None,
    ) -> Chunk:
        """One chunk, as :meth:`HiddenKernel.play_chunk`."""
        from crazy4.simulate.fast_kernel import up_card_colex, up_card_rounds

        tables = seats.kernel_tables(plan)
        rounds, hands = plan.chunk_rounds(chunk), plan.seats
        fits = hands <= 1 or squares_fit(tables.nets_matrix[0], hands, rounds)
        squares = np.zeros(len(tables.bets) if fits and hands > 1 else 0, dtype=np.int64)
        want_keys = log or (not fits and hands > 1)
        dealer_bins = tables.dealer_offset.shape[0]
        counts = Counts.empty(seats.key_bins, dealer_bins) if into is None else into
        scratch = self.scratch
        sizes = (5,) * hands + (1, 5)
        draws = scratch.array("draws", (len(sizes), rounds), np.int32)
        indices = compiled_draws(plan.generator(chunk), rounds, sizes, draws)
        keys = np.zeros((hands, rounds) if want_keys else (0, 0), dtype=np.int64)
        cards = np.zeros((hands + 2, 5, rounds) if log else (0, 0, 0), dtype=np.uint8)
        colex = scratch.array("colex", (hands + 1, rounds), np.int32)
        up = scratch.array("up", (rounds,), np.int32)
        relative = scratch.array("relative", (hands + 2, rounds), np.int32)
        up_card_colex(
            indices, packed_combinations(5), BINOMIAL, select_table(), cards, relative, colex, up
        )
        up_card_rounds(
            colex,
            up,
            (tables.slots, tables.base, tables.dealer_strength, tables.dealer_offset),
            tables.nets_matrix,
            (counts.seats, counts.dealer),
            squares,
            keys,
            scratch.array("strength", (hands + 1, rounds), np.int32),
            scratch.array("slot", (hands, rounds), np.int32),
        )
        keyed = [keys[s] for s in range(keys.shape[0])]
        round_squares: dict[str, int] = {}
        if squares.shape[0]:
            round_squares = {name: int(squares[i]) for i, name in enumerate(tables.bets)}
        elif want_keys and hands > 1:
            round_squares = seats.round_squares(plan, keyed, [])
        progressive = progressive_counts(plan.rules, plan.meter, list(colex[:hands]))
        counts.add_totals(rounds, round_squares, progressive)
        table = None
        if log:  # the dealer's six cards (the up card and the hidden five), then the up card
            dealer = np.concatenate([cards[hands][:1], cards[hands + 1]])
            dealt = [*cards[:hands], dealer, cards[hands][:1]]
            table = seats.log_table(plan, plan.first_round(chunk), dealt, keyed)
        return Chunk(counts=counts, log=table)


def situation_decisions(
    hands: npt.NDArray[np.uint8], seen: npt.NDArray[np.uint8], decision: npt.NDArray[np.int64]
) -> npt.NDArray[np.int8]:
    """The decision of every (hand, up card) pair, shape ``(C(52, p), 52)``, from one per
    situation class (:class:`crazy4.analyze.situations.DealSituations`): every relabelling of
    the suits maps a class's row to the pairs of its class.

    Examples
    --------
    >>> from crazy4.spec.specification import DealShape
    >>> from crazy4.analyze.situations import deal_situations, situation_rows
    >>> classes = deal_situations(DealShape(3, 3, 1, 3))
    >>> table = situation_decisions(classes.hands, classes.seen, np.arange(classes.rows) % 2)
    >>> table.shape, int((table >= 0).sum()) == 22100 * 49
    ((22100, 52), True)
    """
    cards = hands.shape[1]
    out = np.full((int(BINOMIAL[52, cards]), 52), -1, dtype=np.int8)
    ranks, suits = hands.astype(np.int64) // 4, hands.astype(np.int64) % 4
    up = seen[:, 0].astype(np.int64)
    for perm in permutations(range(4)):
        moved = np.sort(4 * ranks + np.array(perm)[suits], axis=1)
        out[colex_indices(moved), 4 * (up // 4) + np.array(perm)[up % 4]] = decision
    return out
