"""The structure of a log as a whole: each round once (a repeated round fails), gaps in the round
ids (reported), and a log mostly malformed refused (:class:`Unreadable`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from crazy4.errors import InputError
from crazy4.log.cardtext import is_code_type
from crazy4.validate.report import Check, Finding
from crazy4.validate.rows import LogBatch

#: The share of malformed rows above which a log is refused (exit 2): more than half.
MOSTLY_MALFORMED = 0.5
#: Reasons given when a log is refused.
REASONS_SHOWN = 3


@dataclass
class RoundIds:
    """The round id and first row (1-based) of every round, in log order: a batch whose ids
    count up by one with evenly spaced rows as a *run* of four numbers, any other as its arrays.

    Examples
    --------
    >>> ids = RoundIds()
    >>> ids.add(np.array([1.0, 2.0, 3.0]), np.array([1, 2, 3]))
    >>> ids.add(np.array([5.0, 2.0]), np.array([4, 5]))
    >>> ids.rising, ids.count
    (False, 5)
    >>> ids.sorted()[0].tolist()
    [1.0, 2.0, 2.0, 3.0, 5.0]
    >>> check = structure_check(ids, 2)
    >>> check.passed, check.summary
    (False, '5 rounds by their id: 1 appear more than once; 1 round numbers missing between 1 \
and 5')
    >>> check.findings["round id seen again after other rounds"].examples
    [{'round': 2, 'rows': '2, 5'}]
    """

    #: Per batch: ``(ids, first rows)``, or a run ``(first id, first row, row step, rounds)``.
    parts: list[
        tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]] | tuple[float, int, int, int]
    ] = field(default_factory=list)
    rising: bool = True
    last: float = -np.inf
    count: int = 0
    unreadable: int = 0

    def add(self, ids: npt.NDArray[np.float64], first_rows: npt.NDArray[np.int64]) -> None:
        """Add the next rounds: each one's id (NaN: unreadable, left to the well-formed
        check) and first row."""
        self.add_part(ids_part(ids, first_rows))

    def add_part(self, part: IdsPart) -> None:
        """Add the next rounds, as :func:`ids_part` read them (on the batch reader's thread)."""
        self.unreadable += part.unreadable
        if part.part is None:
            return
        if self.rising and (part.first <= self.last or not part.rising):
            self.rising = False
        self.last = part.last
        self.parts.append(part.part)
        self.count += part.rounds

    def sorted(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
        """Every id, ascending (stable: a repeated id's rows stay in log order), and its row."""
        parts = [_expand(part) for part in self.parts]
        ids = np.concatenate([part[0] for part in parts]) if parts else np.zeros(0)
        rows = np.concatenate([part[1] for part in parts]) if parts else np.zeros(0, np.int64)
        if self.rising:
            return ids, rows
        order = np.argsort(ids, kind="stable")
        return ids[order], rows[order]

    def ends(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        """The ids with each run's inner ids left out (its first and last kept), and which
        step from one to the next lies within a run (all ones, so no gap): for rising ids,
        the gaps of :meth:`sorted`'s.

        Examples
        --------
        >>> ids = RoundIds()
        >>> ids.add(np.arange(1.0, 101.0), np.arange(1, 201, 2))
        >>> ids.add(np.array([103.0]), np.array([201]))
        >>> ends, within = ids.ends()
        >>> ids.parts[0], ends.tolist(), within.tolist()
        ((1.0, 1, 2, 100), [1.0, 100.0, 103.0], [True, False])
        """
        found: list[npt.NDArray[np.float64]] = []
        within: list[npt.NDArray[np.bool_]] = []
        for part in self.parts:
            if len(part) == 4:
                found.append(np.array([part[0], part[0] + (part[3] - 1)]))
                within.append(np.array([True, False]))
            else:
                found.append(part[0])
                within.append(np.zeros(part[0].size, dtype=bool))
        if not found:
            return np.zeros(0), np.zeros(0, dtype=bool)
        return np.concatenate(found), np.concatenate(within)[:-1]


class IdsPart(NamedTuple):
    """One batch's rounds for :class:`RoundIds`: its part (None: no readable id), the
    unreadable ids, whether the ids rise strictly, the first and last id and the rounds."""

    part: tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]] | tuple[float, int, int, int] | None
    unreadable: int
    rising: bool
    first: float
    last: float
    rounds: int


def ids_part(ids: npt.NDArray[np.float64], first_rows: npt.NDArray[np.int64]) -> IdsPart:
    """The rounds with ids ``ids`` (NaN: unreadable) and first rows ``first_rows`` read as
    :meth:`RoundIds.add_part` adds them: from the rounds alone.

    Examples
    --------
    >>> found = ids_part(np.array([4.0, np.nan, 5.0]), np.array([1, 2, 3]))
    >>> found.part, found.unreadable, found.rising
    ((4.0, 1, 2, 2), 1, True)
    """
    unreadable = 0
    if np.isnan(ids).any():
        readable = ~np.isnan(ids)
        unreadable = int((~readable).sum())
        ids, first_rows = ids[readable], first_rows[readable]
    if not ids.size:
        return IdsPart(None, unreadable, True, np.nan, np.nan, 0)
    ids = np.asarray(ids, dtype=np.float64)
    first_rows = np.asarray(first_rows, dtype=np.int64)
    run = _run(ids, first_rows)
    rising = run is not None or not bool((ids[1:] <= ids[:-1]).any())
    part = (ids, first_rows) if run is None else run
    return IdsPart(part, unreadable, rising, float(ids[0]), float(ids[-1]), int(ids.size))


def _run(
    ids: npt.NDArray[np.float64], rows: npt.NDArray[np.int64]
) -> tuple[float, int, int, int] | None:
    """``(first id, first row, row step, rounds)`` when the ids are a whole number counting up
    by one and the rows evenly spaced (exactly, as :func:`_expand` makes them again)."""
    n = ids.size
    first = float(ids[0])
    if n < 2 or first != np.floor(first) or abs(first) + n >= 2.0**52:
        return None
    step = int(rows[1] - rows[0])
    counting = np.arange(n, dtype=np.int64)
    if not np.array_equal(ids, first + counting) or not np.array_equal(
        rows, rows[0] + step * counting
    ):
        return None
    return first, int(rows[0]), step, n


def _expand(
    part: tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]] | tuple[float, int, int, int],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """A part of :attr:`RoundIds.parts` as its ids and rows."""
    if len(part) == 2:
        return part
    first, row, step, n = part
    counting = np.arange(n, dtype=np.int64)
    ids: npt.NDArray[np.float64] = first + counting.astype(np.float64)
    return ids, row + step * counting


def _gaps(
    ids: npt.NDArray[np.float64],
    examples: int,
    within: npt.NDArray[np.bool_] | None = None,
) -> tuple[int, list[dict[str, object]]]:
    """The whole-number ids missing between the first and the last (distinct, ascending
    ``ids``; 0 when an id is not a whole number), with the first gaps as examples; the steps
    marked ``within`` a run (:meth:`RoundIds.ends`) are no gaps."""
    if ids.size < 2 or not bool((ids == np.floor(ids)).all()):
        return 0, []
    step = np.diff(ids)
    at = np.flatnonzero(step > 1 if within is None else (step > 1) & ~within)
    missing = int((step[at] - 1).sum())
    shown: list[dict[str, object]] = []
    for index in at[:examples].tolist():
        low, high = int(ids[index]) + 1, int(ids[index + 1]) - 1
        shown.append({"missing": f"{low:,}" if low == high else f"{low:,}-{high:,}"})
    return missing, shown


def structure_check(round_ids: RoundIds, examples: int) -> Check:
    """The Structure check: each round id once (fails otherwise), gaps in whole-number ids
    reported as a finding that does not fail (while the ids rose strictly, from the runs'
    ends alone: :meth:`RoundIds.ends`)."""
    findings: dict[str, Finding] = {}
    repeated = 0
    within = None
    if round_ids.rising:
        ids, within = round_ids.ends()
    else:
        ids, rows = round_ids.sorted()
        again = np.flatnonzero(ids[1:] == ids[:-1]) + 1
        if again.size:
            firsts = again[np.r_[True, ids[again[1:]] != ids[again[:-1]]]]
            repeated = int(firsts.size)
            finding = findings.setdefault("round id seen again after other rounds", Finding())
            finding.count = int(again.size)
            for index in firsts[:examples].tolist():
                seen = rows[index - 1 : index + int((ids[index:] == ids[index]).sum())]
                finding.examples.append(
                    {"round": _id_text(ids[index]), "rows": ", ".join(str(r) for r in seen[:5])}
                )
    distinct = np.unique(ids) if repeated else ids
    missing, gap_examples = _gaps(distinct, examples, within)
    summary = f"{round_ids.count:,} rounds by their id: " + (
        f"{repeated:,} appear more than once" if repeated else "each once"
    )
    if missing:
        summary += (
            f"; {missing:,} round numbers missing between {_id_text(distinct[0])} and "
            f"{_id_text(distinct[-1])}"
        )
        findings["round numbers missing (noted, not a failure)"] = Finding(missing, gap_examples)
    notes = []
    if round_ids.unreadable:
        notes.append(f"{round_ids.unreadable:,} rounds with an unreadable id (see Well-formed)")
    return Check(
        "Structure",
        repeated == 0,
        summary,
        findings,
        notes=notes,
        basis=(round_ids.count, "rounds"),
    )


def _id_text(value: float) -> int | float:
    """A round id as shown: a whole number without ``.0``."""
    return int(value) if value == int(value) else float(value)


def text_failures(batch: LogBatch) -> list[tuple[str, dict[int, str]]]:
    """The card cells of ``batch`` that did not read as text, by column (finding, rows and
    reasons); a compact card column's bad cells are the game's findings, left out."""
    return [
        failed
        for name, failed in zip(batch.cards, batch.unparsed, strict=False)
        if not is_code_type(batch.table.column(name).type)
    ]


@dataclass
class Unreadable:
    """The rows with a cell that does not read (card text, a number, a round id or seat, a
    decision label), and the first of them with why; in the majority, the log is refused.

    Examples
    --------
    >>> import pyarrow as pa
    >>> table = pa.table({"player": ["As Kd", None], "decision": ["1x", "P"], "round": [1, 2]})
    >>> unreadable = Unreadable()
    >>> unreadable.add(LogBatch.read(table, 1, [("player", 2, "bad player")], [], examples=5))
    >>> unreadable.rows, unreadable.first[1]
    (1, (2, "decision 'P' is no decision"))
    >>> unreadable.refuse(2, "'x.csv'")  # half: not refused
    >>> unreadable.refuse(1, "'x.csv'")
    Traceback (most recent call last):
    crazy4.errors.InputError: 'x.csv': 1 of 1 rows unreadable (more than half; nothing checked): \
row 2: bad player (no cards (empty cell)); row 2: decision 'P' is no decision
    """

    rows: int = 0
    first: list[tuple[int, str]] = field(default_factory=list)

    def add(self, batch: LogBatch) -> None:
        """Count a batch's unreadable rows; keep the first reasons."""
        bad = batch.decision < 0
        for _, cells in text_failures(batch):
            bad[list(cells)] = True
        for _, cells in batch.bad_numbers:
            bad[list(cells)] = True
        count = int(bad.sum())
        if not count:
            return
        self.rows += count
        if len(self.first) >= REASONS_SHOWN:
            return
        found = [
            (row, f"{what} ({why})")
            for what, cells in text_failures(batch)
            for row, why in cells.items()
        ]
        found += [
            (row, f"{what} ({why})")
            for what, cells in batch.bad_numbers
            for row, why in cells.items()
        ]
        for row in np.flatnonzero(batch.decision < 0)[:REASONS_SHOWN].tolist():
            label = batch.table.column("decision")[row].as_py()
            found.append((row, f"decision {str(label)[:40]!r} is no decision"))
        found.sort(key=lambda item: item[0])
        self.first += [(batch.first_row + row, why) for row, why in found]
        self.first = self.first[:REASONS_SHOWN]

    def refuse(self, rows: int, where: str) -> None:
        """Refuse a log whose unreadable rows are more than :data:`MOSTLY_MALFORMED` of its
        ``rows``, naming the first reasons (row numbers and why).

        Raises
        ------
        InputError
            Most rows unreadable.
        """
        if rows == 0 or self.rows <= MOSTLY_MALFORMED * rows:
            return
        reasons = "; ".join(f"row {row:,}: {why}" for row, why in self.first)
        raise InputError(
            f"{where}: {self.rows:,} of {rows:,} rows unreadable (more than half; nothing "
            f"checked): {reasons}"
        )
