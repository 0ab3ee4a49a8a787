"""The mapping tried on a log's first rows: a column most of whose rows do not read is named as
the mapping key's error, in one line."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pyarrow as pa

from crazy4.errors import InputError
from crazy4.log.cardtext import is_code_type
from crazy4.log.mapping import LogMapping
from crazy4.log.roundlog import DECISION_NAMES
from crazy4.validate.rows import LogBatch

#: The rows the mapping is tried on before the log is read.
SAMPLE_ROWS = 1000


def _column(mapping: LogMapping, name: str) -> str:
    """``'player'``, or ``'player' (the log's 'Cards')`` when the mapping renames it."""
    theirs = mapping.columns.get(name)
    return f"{name!r}" + (f" (the log's {theirs!r})" if theirs and theirs != name else "")


def card_key(mapping: LogMapping) -> str:
    """The mapping keys that decide how card text reads.

    Examples
    --------
    >>> card_key(LogMapping(notation="integers"))
    '[cards] notation = "integers" (encoding "rank*4+suit", ranks "23456789TJQKA", suits "cdhs")'
    >>> card_key(LogMapping())
    '[cards] notation = "text" (order "rank-suit")'
    """
    if mapping.notation == "integers":
        return (
            f'[cards] notation = "integers" (encoding "{mapping.encoding}", ranks '
            f'"{mapping.ranks}", suits "{mapping.suits}")'
        )
    return f'[cards] notation = "text" (order "{mapping.order}")'


def _most(failed: int, rows: int) -> bool:
    return rows > 0 and failed > rows / 2


def try_mapping(
    table: pa.Table, read_batch: Callable[[pa.Table, int], LogBatch], mapping: LogMapping
) -> None:
    """Parse the first rows of a (translated) log and refuse the mapping when more than half
    of them do not read in a card column, the decision or an amount.

    Raises
    ------
    InputError
        The mapping key and the column that do not fit, with the first row that does not read.
    """
    sample = table.slice(0, SAMPLE_ROWS)
    batch = read_batch(sample, 1)
    n = batch.n
    for name, (_, failures) in zip(batch.cards, batch.unparsed, strict=False):
        if _most(len(failures), n) and not is_code_type(sample.column(name).type):
            row = min(failures)
            raise InputError(
                f"the mapping's {card_key(mapping)} does not fit column {_column(mapping, name)}: "
                f"{len(failures):,} of the first {n:,} rows do not read; row {row + 1}: "
                f"{failures[row]}"
            )
    unknown = np.flatnonzero(batch.decision < 0)
    if _most(unknown.size, n):
        label = sample.column("decision")[int(unknown[0])].as_py()
        key = "[decisions] (or --decision)" if mapping.decisions else "no [decisions] given"
        raise InputError(
            f"the mapping's {key} does not fit column {_column(mapping, 'decision')}: "
            f"{unknown.size:,} of the first {n:,} rows give no decision of "
            f"{'/'.join(DECISION_NAMES)}; row {int(unknown[0]) + 1}: {str(label)[:40]!r}"
        )
    for what, cells in batch.bad_numbers:
        if _most(len(cells), n) and what.startswith("round ") and mapping.round_ids != "text":
            row = min(cells)
            raise InputError(
                f'the mapping\'s round_ids = "numbers" does not fit column '
                f"{_column(mapping, 'round')}: {len(cells):,} of the first {n:,} rows; row "
                f'{row + 1}: {cells[row]} (ids of any kind read with round_ids = "text")'
            )
    for what, cells in batch.bad_numbers:
        if _most(len(cells), n) and mapping.unit != 1.0:
            row = min(cells)
            raise InputError(
                f"the mapping's [wagers] unit = {mapping.unit:g} makes {what}: "
                f"{len(cells):,} of the first {n:,} rows; row {row + 1}: {cells[row]}"
            )
