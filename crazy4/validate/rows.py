"""One batch of log rows, for any game: its columns parsed and its malformed rows flagged (counted
under their reason, left out of the other checks)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.cards import BINOMIAL
from crazy4.errors import InputError
from crazy4.log.roundlog import (
    LARGEST_AMOUNT,
    LARGEST_ID,
    SMALLEST_WAGER,
    decision_column,
    number_cells,
    parse_hand_column,
)
from crazy4.validate.kernels import cells_fine, hand_strengths
from crazy4.validate.report import Finding
from crazy4.validate.rounds import EarlyChecks

#: The columns that identify a row (round id, seat number), read as numbers when present.
ID_COLUMNS = ("round", "seat")

#: Bad cells of a batch: per column, its finding and the rows (0-based) with their reasons.
BadCells = list[tuple[str, dict[int, str]]]


@dataclass(frozen=True)
class LogBatch:
    """One batch of a log's rows (whole rounds), its columns parsed: each card column's cards
    ascending (-1 where unparsed), decision codes (-1 unknown), numbers (NaN where missing or
    bad); ``first_row`` 1-based. ``derived`` and ``early`` are what the batch reader's thread
    computes and checks ahead (:meth:`BatchRows.replay`).

    Examples
    --------
    >>> table = pa.table({"player": ["As Kd", "As"], "decision": ["fold", "3x"], "ante": [1, 2]})
    >>> batch = LogBatch.read(table, 1, [("player", 2, "bad player")], ["ante", "play"], examples=5)
    >>> batch.unparsed, batch.decision.tolist(), batch.wager("play").tolist()
    ([('bad player', {1: "hand 'As': expected 2 cards, got 1"})], [0, 3], [0.0, 0.0])
    >>> batch.cards_ok.tolist(), batch.indices("player").tolist()
    ([True, False], [[45, 51], [0, 0]])
    >>> table = table.append_column("play", pa.array(["0", "x"]))
    >>> LogBatch.read(table, 1, [], ["ante", "play"], examples=5).bad_numbers
    [('play not a readable number', {1: "'x' is not a number"})]
    """

    table: pa.Table
    first_row: int
    cards: dict[str, npt.NDArray[np.int16]]
    unparsed: list[tuple[str, dict[int, str]]]
    decision: npt.NDArray[np.int64]
    number: dict[str, npt.NDArray[np.float64]]
    bad_numbers: BadCells = field(default_factory=list)
    made_indices: dict[str, npt.NDArray[np.intp]] = field(
        default_factory=dict, repr=False, compare=False
    )
    made_divisors: dict[str, npt.NDArray[np.float64]] = field(
        default_factory=dict, repr=False, compare=False
    )
    derived: dict[str, npt.NDArray[np.int64]] = field(
        default_factory=dict, repr=False, compare=False
    )
    early: EarlyChecks = field(default_factory=EarlyChecks, repr=False, compare=False)

    @classmethod
    def read(
        cls,
        table: pa.Table,
        first_row: int,
        hands: Sequence[tuple[str, int, str]],
        numbers: Iterable[str],
        *,
        examples: int,
    ) -> LogBatch:
        """Parse the card columns ``hands`` (column, cards, finding when unparsed), the
        decision and the numeric columns of ``numbers`` the batch has.

        Raises
        ------
        InputError
            A column of a type with no text (or numeric) form, named.
        """
        cards: dict[str, npt.NDArray[np.int16]] = {}
        unparsed = []
        name = "decision"
        try:
            for name, count, what in hands:
                cards[name], failures = parse_hand_column(table.column(name), count)
                unparsed.append((what, failures))
            name = "decision"
            decision = decisions(table.column(name))
        except InputError as error:
            raise InputError(f"column {name!r}: {error}") from None
        number, bad_numbers = read_numbers(table, numbers)
        early = EarlyChecks(examples)
        return cls(table, first_row, cards, unparsed, decision, number, bad_numbers, early=early)

    @property
    def n(self) -> int:
        """The number of rows."""
        return int(self.table.num_rows)

    @property
    def names(self) -> list[str]:
        """The column names."""
        return list(self.table.column_names)

    @cached_property
    def cards_ok(self) -> npt.NDArray[np.bool_]:
        """The rows whose every card column parsed."""
        bad = [row for _, failures in self.unparsed for row in failures]
        if not bad:
            return np.ones(self.n, dtype=bool)
        return ~np.isin(np.arange(self.n), bad)

    def indices(self, column: str) -> npt.NDArray[np.intp]:
        """A card column as indices, 0 on the rows where a card column did not parse (made
        once per column; do not modify)."""
        made = self.made_indices.get(column)
        if made is None:
            cards = self.cards[column]
            if self.cards_ok.all():
                made = cards.astype(np.intp)
            else:
                ok = self.cards_ok if cards.ndim == 1 else self.cards_ok[:, None]
                made = np.where(ok, cards, 0).astype(np.intp)
            self.made_indices[column] = made
        return made

    def derive_strengths(self, column: str, strength_of_hand: npt.NDArray[np.integer]) -> None:
        """Keep a card column's colex indices and strengths in :attr:`derived`
        (``<column>_colex``, ``<column>_strength``), in one compiled pass."""
        self.indices(column)
        cards = np.ascontiguousarray(self.cards[column])
        index, strength = hand_strengths(cards, self.cards_ok, BINOMIAL, strength_of_hand)
        self.derived[f"{column}_colex"] = index
        self.derived[f"{column}_strength"] = strength

    def wager(self, name: str) -> npt.NDArray[np.float64]:
        """A numeric column; zeros when the log has none."""
        found = self.number.get(name)
        return found if found is not None else np.zeros(self.n)

    def per_unit(self, net: npt.NDArray[np.float64], wager: str) -> npt.NDArray[np.float64]:
        """``net`` per unit of the wager ``wager`` (where it is positive; the divisors made once
        per wager)."""
        divisor = self.made_divisors.get(wager)
        if divisor is None:
            base = self.wager(wager)
            divisor = self.made_divisors[wager] = np.where(base > 0, base, 1)
        return net / divisor

    def rows(self, findings: dict[str, Finding], examples: int) -> BatchRows:
        """The batch's rows, their findings going to ``findings``: those with a bad numeric
        cell flagged (and their other findings not counted), no other yet."""
        rows = BatchRows(findings, np.zeros(self.n, dtype=bool), self.first_row, examples)
        rows.flag_unparsed(self.bad_numbers)
        rows.explained = rows.bad.copy()
        return rows


@dataclass
class BatchRows:
    """The malformed rows of one batch (``bad``) and where their findings go (the well-formed
    check's, shared by every batch); rows ``explained`` (a bad cell) flagged again are marked bad
    but not counted again.

    Examples
    --------
    >>> rows = BatchRows({}, np.zeros(4, dtype=bool), first_row=11, examples=1)
    >>> rows.flag(np.array([False, True, True, False]), "ante missing")
    >>> rows.bad.tolist(), rows.findings
    ([False, True, True, False], {'ante missing': Finding(count=2, examples=[{'row': 12}])})
    """

    findings: dict[str, Finding]
    bad: npt.NDArray[np.bool_]
    first_row: int
    examples: int
    explained: npt.NDArray[np.bool_] | None = None

    def flag(self, mask: npt.NDArray[np.bool_], what: str, detail: list[str] | None = None) -> None:
        """Count the rows of ``mask`` as malformed under ``what`` (``detail``: each example's
        reason, in row order); mark them bad."""
        rows = np.flatnonzero(mask)
        if not rows.size:
            return
        self.bad[rows] = True
        reasons = dict(zip(rows.tolist(), detail, strict=False)) if detail is not None else None
        if self.explained is not None:
            rows = rows[~self.explained[rows]]
            if not rows.size:
                return
        finding = self.findings.setdefault(what, Finding())
        finding.count += rows.size
        for row in rows[: finding.budget(self.examples)].tolist():
            example: dict[str, object] = {"row": self.first_row + row}
            if reasons is not None and row in reasons:
                example["reason"] = reasons[row]
            finding.examples.append(example)

    def replay(self, early: EarlyChecks) -> None:
        """Flag the findings of the batch's early checks, in the order they were made."""
        for mask, what, detail in early.flags:
            self.flag(mask, what, detail)

    def flag_unparsed(self, columns: Iterable[tuple[str, dict[int, str]]]) -> None:
        """Flag the rows whose card text did not parse: ``(what, {row: reason})`` per column."""
        for what, failures in columns:
            if failures:
                rows = sorted(failures)
                mask = np.zeros(self.bad.shape[0], dtype=bool)
                mask[rows] = True
                self.flag(mask, what, [failures[r] for r in rows])


def read_numbers(
    table: pa.Table, wanted: Iterable[str]
) -> tuple[dict[str, npt.NDArray[np.float64]], BadCells]:
    """The numeric columns of ``wanted`` (and of :data:`ID_COLUMNS`) the batch has (bad cells
    NaN: not a number, not finite, beyond ``LARGEST_AMOUNT`` or ``LARGEST_ID``, a positive wager
    below ``SMALLEST_WAGER``), and each column's bad cells.

    Raises
    ------
    InputError
        A column of a type with no numeric or text form, named.

    Examples
    --------
    >>> table = pa.table({"seat": [1, 2], "ante": [1e-9, 2.0], "ante_net": [0.0, float("inf")]})
    >>> values, bad = read_numbers(table, ["ante", "ante_net"])
    >>> values["ante_net"].tolist(), [(what, sorted(cells)) for what, cells in bad]
    ([0.0, nan], [('ante not a readable number', [0]), ('ante_net not a readable number', [1])])
    """
    chosen = set(wanted)
    values: dict[str, npt.NDArray[np.float64]] = {}
    bad_cells: BadCells = []
    for name in table.column_names:
        if name not in chosen and name not in ID_COLUMNS:
            continue
        identifier = name in ID_COLUMNS and name not in chosen
        wager = not identifier and not name.endswith("_net")
        largest = LARGEST_ID if identifier else LARGEST_AMOUNT
        plain = plain_numbers(table.column(name), largest, SMALLEST_WAGER if wager else 0.0)
        if plain is not None:  # no bad cell: what number_cells gives, in one pass
            # a net may be made from winnings or a combined amount in place (money.resolve)
            writable = plain.flags.writeable or not name.endswith("_net")
            values[name] = plain if writable else plain.copy()
            continue
        try:
            column, bad = number_cells(table.column(name), largest)
        except InputError as error:
            raise InputError(f"column {name!r}: {error}") from None
        if wager:
            tiny = np.flatnonzero((column > 0) & (column < SMALLEST_WAGER))
            bad.update({int(row): f"{column[row]:g} is below {SMALLEST_WAGER:g}" for row in tiny})
            column[tiny] = np.nan
            bad = dict(sorted(bad.items()))
        values[name] = column
        if bad:
            bad_cells.append((f"{name} not a readable number", bad))
    return values, bad_cells


def plain_numbers(
    column: pa.ChunkedArray, largest: float, smallest_wager: float
) -> npt.NDArray[np.float64] | None:
    """A numeric column of no missing value and no bad cell as float64, checked in one
    compiled pass; None for any other column (read cell by cell).

    Examples
    --------
    >>> plain_numbers(pa.chunked_array([[1, 2], [3]]), 1e12, 1e-6).tolist()
    [1.0, 2.0, 3.0]
    >>> plain_numbers(pa.chunked_array([[1.0, None]]), 1e12, 1e-6) is None
    True
    >>> plain_numbers(pa.chunked_array([[1e-9]]), 1e12, 1e-6) is None
    True
    """
    chunks = column.chunks
    numeric = (pa.types.is_floating(c.type) or pa.types.is_integer(c.type) for c in chunks)
    if not chunks or not all(numeric) or column.null_count:
        return None
    parts = [chunk.to_numpy(zero_copy_only=False) for chunk in chunks]
    # one float64 chunk: Arrow's own memory, no copy (read-only: nothing writes to it)
    values = parts[0] if len(parts) == 1 else np.concatenate(parts)
    values = values.astype(np.float64, copy=False)
    return values if cells_fine(values, largest, smallest_wager) else None


def decisions(column: pa.ChunkedArray) -> npt.NDArray[np.int64]:
    """The decision codes of a column, a dictionary chunk's read from its dictionary.

    Examples
    --------
    >>> labels = pa.array(["3x", "fold", "3x", None, " 1X", "no"]).dictionary_encode()
    >>> decisions(pa.chunked_array([labels])).tolist(), decisions(pa.chunked_array([["2x"]]))
    ([3, 0, 3, -1, 1, -1], array([2]))
    """
    parts = []
    for chunk in column.chunks:
        if pa.types.is_dictionary(chunk.type):
            codes = np.append(decision_column(chunk.dictionary).astype(np.int64), -1)
            indices = chunk.indices.fill_null(-1).to_numpy(zero_copy_only=False)
            parts.append(codes[indices.astype(np.intp)])
        else:
            parts.append(decision_column(chunk).astype(np.int64))
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
