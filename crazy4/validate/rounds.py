"""The rounds of a batch of log rows, and the checks of the batch alone, made on the reader's
thread and replayed in order when the batch is checked (:class:`EarlyChecks`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.cards import format_cards
from crazy4.log.roundlog import number_column
from crazy4.validate.kernels import rounds_with_a_card_twice


class Flagger(Protocol):
    """Where flagged rows go: :class:`crazy4.validate.rows.BatchRows`, or :class:`EarlyChecks`
    (kept for later)."""

    @property
    def examples(self) -> int:
        """Examples listed per finding."""

    def flag(self, mask: npt.NDArray[np.bool_], what: str, detail: list[str] | None = None) -> None:
        """Count the rows of ``mask`` as malformed under ``what`` (``detail``: each example's
        reason, in row order)."""


class Flag(NamedTuple):
    """One finding kept for later: its rows, its name and its examples' reasons."""

    mask: npt.NDArray[np.bool_]
    what: str
    detail: list[str] | None


class Rounds(NamedTuple):
    """The rounds of a batch (a round's rows are consecutive): each row's id (its row number
    without a ``round`` column) and round (from 0), each round's first row."""

    ids: npt.NDArray[np.float64]
    round_of_row: npt.NDArray[np.intp]
    starts: npt.NDArray[np.intp]
    n_rounds: int


@dataclass
class EarlyChecks:
    """The checks of one batch made while it was parsed: their findings, in order, and its
    rounds.

    Examples
    --------
    >>> early = EarlyChecks(examples=1)
    >>> early.flag(np.array([False, True]), "ante missing")
    >>> early.flags[0].what, early.rounds is None
    ('ante missing', True)
    """

    examples: int = 0
    flags: list[Flag] = field(default_factory=list)
    rounds: Rounds | None = None

    def flag(self, mask: npt.NDArray[np.bool_], what: str, detail: list[str] | None = None) -> None:
        """Keep the finding ``what`` of the rows of ``mask`` for later."""
        self.flags.append(Flag(mask, what, detail))

    def unflagged(self, rows: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        """``rows`` but those a finding so far flagged.

        Examples
        --------
        >>> early = EarlyChecks()
        >>> early.flag(np.array([False, True, False]), "ante missing")
        >>> early.unflagged(np.array([True, True, False])).tolist()
        [True, False, False]
        """
        kept = rows.copy()
        for flag in self.flags:
            kept &= ~flag.mask
        return kept

    def found_rounds(self) -> Rounds:
        """The batch's rounds (found by the early checks)."""
        if self.rounds is None:
            raise RuntimeError("the batch's rounds were not found while it was read")
        return self.rounds


def split_rounds(
    table: pa.Table,
    rows_before: int,
    rows: Flagger,
    read: Mapping[str, npt.NDArray[np.float64]] | None = None,
    seats: int = 9,
) -> Rounds:
    """The rounds of a batch, after ``rows_before`` rows; a seat twice in one round, and a seat
    that is no whole number from 1 to ``seats``, are flagged (``read``: numbers already read).

    Examples
    --------
    >>> early = EarlyChecks(examples=2)
    >>> table = pa.table({"round": [1, 1, 2], "seat": [1, 12, 1]})
    >>> split_rounds(table, 0, early, seats=3).n_rounds, early.flags[0][1:]
    (2, ('seat outside the table (1 to 3)', ['seat 12']))
    """
    n = table.num_rows
    names = table.column_names
    boundary = np.ones(n, dtype=bool)
    read = read or {}

    def numbers(name: str) -> npt.NDArray[np.float64]:
        return read[name] if name in read else number_column(table.column(name))

    if "round" in names:
        ids = numbers("round")
        boundary[1:] = ids[1:] != ids[:-1]
    else:
        ids = np.arange(rows_before + 1, rows_before + n + 1, dtype=np.float64)
    round_of_row = np.cumsum(boundary) - 1
    starts = np.flatnonzero(boundary)
    if "seat" in names and n:
        seat = numbers("seat")
        outside = ~((seat >= 1) & (seat <= seats) & (seat == np.floor(seat))) & ~np.isnan(seat)
        if outside.any():
            shown = [f"seat {seat[row]:g}" for row in np.flatnonzero(outside)[: rows.examples]]
            rows.flag(outside, f"seat outside the table (1 to {seats})", shown)
        if (boundary[1:] | (seat[1:] > seat[:-1])).all():  # seats rise within each round
            return Rounds(ids, round_of_row, starts, int(starts.shape[0]))
        _, seat_code = np.unique(seat, return_inverse=True)
        seat_code = seat_code.ravel()
        seat_key = round_of_row * (int(seat_code.max()) + 1) + seat_code
        _, inverse, occurrences = np.unique(seat_key, return_inverse=True, return_counts=True)
        rows.flag(occurrences[inverse] > 1, "seat appears twice in one round")
    return Rounds(ids, round_of_row, starts, int(starts.shape[0]))


def flag_repeated_cards(
    rows: Flagger,
    player_idx: npt.NDArray[np.intp],
    dealer_idx: npt.NDArray[np.intp],
    cards_ok: npt.NDArray[np.bool_],
    rounds: Rounds,
    what: str,
) -> npt.NDArray[np.intp]:
    """Flag the rows of rounds where a card was dealt twice (every good seat hand, plus the
    dealer's hand once); returns the cards dealt twice, as ``round * 52 + card``."""
    ids, round_of_row, starts, n_rounds = rounds
    dealer_ok = cards_ok[starts]
    if n_rounds == 0:
        return np.zeros(0, dtype=np.intp)
    dup_round = rounds_with_a_card_twice(player_idx, dealer_idx, cards_ok, starts)
    if not dup_round.any():
        return np.zeros(0, dtype=np.intp)
    row_dup = dup_round[round_of_row] & cards_ok
    player_flat = (round_of_row[:, None] * 52 + player_idx)[row_dup].ravel()
    rounds_dup = np.flatnonzero(dup_round & dealer_ok)
    dealer_flat = (rounds_dup[:, None] * 52 + dealer_idx[starts[rounds_dup]]).ravel()
    suspects = np.sort(np.concatenate([player_flat, dealer_flat]))
    repeated = np.unique(suspects[1:][suspects[1:] == suspects[:-1]])
    details = []
    for row in np.flatnonzero(row_dup)[: rows.examples]:
        cards = repeated[repeated // 52 == round_of_row[row]] % 52
        details.append(f"round {ids[row]:g}: {format_cards(cards.tolist())} dealt more than once")
    rows.flag(row_dup, what, details)
    return repeated.astype(np.intp)


def kept_for_statistics(
    bad: npt.NDArray[np.bool_], rounds: Rounds
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """The rows and the rounds kept for the statistics: those of rounds with no bad row.

    Examples
    --------
    >>> rounds = Rounds(np.array([1.0, 1, 2]), np.array([0, 0, 1]), np.array([0, 2]), 2)
    >>> keep, kept = kept_for_statistics(np.array([False, True, False]), rounds)
    >>> keep.tolist(), kept.tolist()
    ([False, False, True], [False, True])
    """
    if not bad.any():  # every row: no rounds to find
        return np.ones(bad.shape[0], dtype=bool), np.ones(rounds.n_rounds, dtype=bool)
    round_bad = np.bincount(rounds.round_of_row, weights=bad, minlength=rounds.n_rounds) > 0
    return ~round_bad[rounds.round_of_row], ~round_bad
