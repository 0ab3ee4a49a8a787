"""Reading a validator's input: a per-round log in round-aligned batches, or a JSON summary.

A log is read in batches of rows that never split a round (the rows with one ``round`` id
stay together), so memory stays bounded whatever its length.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pyarrow as pa

from crazy4.errors import InputError
from crazy4.simulate.roundlog import number_column, read_log_batches
from crazy4.simulate.summary import SUMMARY_FORMAT
from crazy4.validate.statistics import Summary


def round_batches(path: Path, batch_rows: int) -> Iterator[pa.Table]:
    """Batches of about ``batch_rows`` rows that never split a round."""
    carry: pa.Table | None = None
    for table in read_log_batches(path, batch_rows):
        if carry is not None:
            table = pa.concat_tables([carry, table.cast(carry.schema)])
            carry = None
        if "round" not in table.column_names or table.num_rows == 0:
            yield table
            continue
        ids = number_column(table.column("round"))
        last = ids[-1]
        same = ids == last if not math.isnan(last) else np.isnan(ids)
        changes = np.flatnonzero(~same)
        cut = int(changes[-1]) + 1 if changes.size else 0
        if cut:
            yield table.slice(0, cut)
        carry = table.slice(cut)
    if carry is not None and carry.num_rows:
        yield carry


def read_rounds(
    path: Path,
    batch_rows: int,
    check_columns: Callable[[list[str]], None],
    process: Callable[[pa.Table], None],
) -> None:
    """Read a log in round-aligned batches: columns checked on the first, each processed.

    Raises
    ------
    InputError
        A log with no rows, or what ``check_columns`` raises.
    """
    checked_columns = False
    for table in round_batches(path, batch_rows):
        if not checked_columns:
            check_columns(table.column_names)
            checked_columns = True
        process(table)
    if not checked_columns:
        raise InputError(f"{str(path)!r} holds no rows")


def read_summary(path: Path, required: tuple[str, ...]) -> Summary:
    """A JSON summary (``crazy4 simulate --summary``) with the keys ``required``.

    Raises
    ------
    InputError
        Unreadable JSON, not one object, a key missing or an unknown format.
    """
    try:
        summary = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise InputError(f"cannot read {str(path)!r} as a JSON summary: {error}") from None
    if not isinstance(summary, dict):
        raise InputError(f"{str(path)!r}: a summary is one JSON object")
    missing = [key for key in required if key not in summary]
    if missing:
        raise InputError(
            f"{str(path)!r}: the summary has no {missing[0]!r} (see docs/simulator.md)"
        )
    if summary.get("format", SUMMARY_FORMAT) != SUMMARY_FORMAT:
        raise InputError(f"{str(path)!r}: unknown summary format {summary.get('format')!r}")
    return summary
