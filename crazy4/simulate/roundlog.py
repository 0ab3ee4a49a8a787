"""The per-round log: its schema, fast card text, and reading logs in batches.

Schema (Crazy 4 Poker), one row per seat and round; ``docs/simulator.md`` has the full table:

=================== ======== ==========================================================
column              type     meaning
=================== ======== ==========================================================
``round``           int      round id (optional); the rows of one round are adjacent
``seat``            int      seat number, 1-7 (optional)
``player``          text     the seat's five cards, e.g. ``"As Kd 8c 4h 2s"``
``dealer``          text     the dealer's five cards (the same in every row of a round)
``decision``        text     ``fold``, ``1x``, ``2x``, ``3x``, or ``blind`` (card room's
                             blind second hand: 3 Antes on Play, 2 returned below a pair
                             of aces)
``ante``            number   Ante wager (> 0)
``super_bonus``     number   Super Bonus wager (= Ante; only if the rule set has one)
``play``            number   Play wager (0 on a fold, the multiple times the Ante)
``queens_up``       number   Queens Up wager (optional, >= 0)
``<wager>_net``     number   net result of each wager above: won (> 0), lost (< 0), push 0
=================== ======== ==========================================================

Cards are written two characters each (rank ``23456789TJQKA``, suit ``cdhs``); the validator
also reads ``10`` for ten, any case and no separators.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.cards import RANKS, SUITS, parse_cards
from crazy4.errors import InputError

#: Decision codes in the log: 0 fold, 1-3 Play multiples, 4 the blind second hand.
DECISION_NAMES = ("fold", "1x", "2x", "3x", "blind")
BLIND = 4

WAGERS = ("ante", "super_bonus", "play", "queens_up")
REQUIRED = ("player", "dealer", "decision", "ante", "play", "ante_net", "play_net")
NUMERIC = (*WAGERS, *(f"{wager}_net" for wager in WAGERS))

_RANK_BYTES = np.frombuffer(RANKS.encode(), dtype=np.uint8)
_SUIT_BYTES = np.frombuffer(SUITS.encode(), dtype=np.uint8)
_RANK_OF_BYTE = np.full(256, -1, dtype=np.int16)
_SUIT_OF_BYTE = np.full(256, -1, dtype=np.int16)
for _index, _char in enumerate(RANKS):
    _RANK_OF_BYTE[ord(_char)] = _RANK_OF_BYTE[ord(_char.lower())] = _index
for _index, _char in enumerate(SUITS):
    _SUIT_OF_BYTE[ord(_char)] = _SUIT_OF_BYTE[ord(_char.upper())] = _index


def hand_text_array(cards: npt.NDArray[np.integer]) -> pa.StringArray:
    """Card text of many hands as an Arrow string column, highest card first.

    Parameters
    ----------
    cards : ndarray, shape (k, n)
        Card-major hands (row ``j`` holds every hand's ``j``-th lowest card).

    Examples
    --------
    >>> hand_text_array(np.array([[0, 12], [51, 48]])).to_pylist()
    ['As 2c', 'Ac 5c']
    """
    cards = np.asarray(cards)
    k, n = cards.shape
    width = 3 * k - 1
    text = np.full((n, 3 * k), ord(" "), dtype=np.uint8)
    for position in range(k):
        column = cards[k - 1 - position].astype(np.intp)
        text[:, 3 * position] = _RANK_BYTES[column >> 2]
        text[:, 3 * position + 1] = _SUIT_BYTES[column & 3]
    data = np.ascontiguousarray(text[:, :width]).ravel()
    offsets = np.arange(0, width * (n + 1), width, dtype=np.int32)
    return pa.StringArray.from_buffers(n, pa.py_buffer(offsets), pa.py_buffer(data))


def parse_hand_column(
    column: pa.Array | pa.ChunkedArray, count: int
) -> tuple[npt.NDArray[np.int16], dict[int, str]]:
    """Parse a text column of hands, fast for the canonical ``"As Kd 8c 4h 2s"`` form.

    Returns
    -------
    cards : ndarray of int16, shape (n, count)
        Cards sorted ascending; rows that failed are -1.
    bad : dict
        Row position (0-based, in this column) to the reason it failed.

    Examples
    --------
    >>> cards, bad = parse_hand_column(pa.array(["As Kd", "kd10h", "As As", None, "Zz 2c"]), 2)
    >>> cards[:2].tolist()
    [[45, 51], [34, 45]]
    >>> sorted(bad)
    [2, 3, 4]
    """
    if isinstance(column, pa.ChunkedArray):  # chunks may carry different dictionaries
        parts = [parse_hand_column(chunk, count) for chunk in column.chunks]
        if not parts:
            return np.zeros((0, count), dtype=np.int16), {}
        bad_rows: dict[int, str] = {}
        offset = 0
        for chunk_cards, chunk_bad in parts:
            bad_rows.update({offset + row: reason for row, reason in chunk_bad.items()})
            offset += chunk_cards.shape[0]
        return np.concatenate([part[0] for part in parts]), bad_rows
    if pa.types.is_dictionary(column.type):
        column = column.dictionary_decode()
    if not (pa.types.is_string(column.type) or pa.types.is_large_string(column.type)):
        column = column.cast(pa.string())
    n = len(column)
    cards = np.full((n, count), -1, dtype=np.int16)
    bad: dict[int, str] = {}
    width = 3 * count - 1
    offset_type = np.int64 if pa.types.is_large_string(column.type) else np.int32
    buffers = column.buffers()
    offsets = np.frombuffer(buffers[1], dtype=offset_type)[column.offset : column.offset + n + 1]
    data = (
        np.frombuffer(buffers[2], dtype=np.uint8)
        if buffers[2] is not None
        else np.zeros(0, np.uint8)
    )
    valid = np.ones(n, dtype=bool) if column.null_count == 0 else column.is_valid().to_numpy(False)
    lengths = np.diff(offsets)
    fast = valid & (lengths == width)
    rows = np.flatnonzero(fast)
    if rows.size:
        starts = offsets[rows].astype(np.int64)
        text = data[starts[:, None] + np.arange(width)]
        ranks = _RANK_OF_BYTE[text[:, 0::3]]
        suits = _SUIT_OF_BYTE[text[:, 1::3]]
        parsed = (4 * ranks + suits).astype(np.int16)
        parsed.sort(axis=1)
        ok = (ranks >= 0).all(axis=1) & (suits >= 0).all(axis=1)
        if count > 1:
            ok &= (text[:, 2::3] == ord(" ")).all(axis=1)
            ok &= (parsed[:, 1:] != parsed[:, :-1]).all(axis=1)
        cards[rows[ok]] = parsed[ok]
        fast[rows[~ok]] = False
    for row in np.flatnonzero(~fast):
        value = column[int(row)].as_py()
        if value is None:
            bad[int(row)] = "no cards (empty cell)"
            continue
        try:
            cards[row] = parse_cards(str(value), count=count)
        except InputError as error:
            bad[int(row)] = str(error)
    return cards, bad


def decision_column(column: pa.Array | pa.ChunkedArray) -> npt.NDArray[np.int8]:
    """Decision codes (:data:`DECISION_NAMES`) of a text column; -1 where unknown.

    Examples
    --------
    >>> decision_column(pa.array(["fold", "3X", " blind", "4x", None])).tolist()
    [0, 3, 4, -1, -1]
    """
    import pyarrow.compute as pc

    if isinstance(column, pa.ChunkedArray):  # chunks may carry different dictionaries
        parts = [decision_column(chunk) for chunk in column.chunks]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int8)
    if pa.types.is_dictionary(column.type):
        column = column.dictionary_decode()
    text = pc.utf8_lower(pc.utf8_trim_whitespace(column.cast(pa.string())))
    index = pc.index_in(text, value_set=pa.array(DECISION_NAMES))
    return np.asarray(index.fill_null(-1).to_numpy(zero_copy_only=False), dtype=np.int8)


def number_column(column: pa.Array | pa.ChunkedArray) -> npt.NDArray[np.float64]:
    """A numeric column as float64 (missing values NaN).

    Examples
    --------
    >>> number_column(pa.array([1, None, 3])).tolist()
    [1.0, nan, 3.0]
    """
    if isinstance(column, pa.ChunkedArray):
        column = column.combine_chunks()
    try:
        values = column.cast(pa.float64())
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        raise InputError(f"a column of type {column.type} is not numeric") from None
    return np.asarray(values.to_numpy(zero_copy_only=False), dtype=np.float64)


def sniff_format(path: Path) -> str:
    """``"parquet"``, ``"summary"`` (a JSON summary) or ``"csv"``, from the file's first bytes.

    Raises
    ------
    InputError
        If the file cannot be read.

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "s.json"
    >>> _ = path.write_text('{"rounds": 1}')
    >>> sniff_format(path)
    'summary'
    """
    try:
        with open(path, "rb") as handle:
            head = handle.read(64)
    except OSError as error:
        raise InputError(f"cannot read {str(path)!r}: {error.strerror}") from None
    if head.startswith(b"PAR1"):
        return "parquet"
    if head.lstrip().startswith(b"{"):
        return "summary"
    return "csv"


def read_log_batches(path: Path, batch_rows: int = 1 << 20) -> Iterator[pa.Table]:
    """Stream a per-round log (parquet or CSV) as Arrow tables of at most ``batch_rows`` rows.

    Raises
    ------
    InputError
        Unreadable or corrupt file (one line; raised when the bad part is reached).

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "log.csv"
    >>> _ = path.write_text("player,dealer\\n" + "As Kd Qh Jc 9s,2c 3c 4c 5c 7d\\n" * 5)
    >>> [table.num_rows for table in read_log_batches(path, batch_rows=2)]
    [5]
    """
    kind = sniff_format(path)
    try:
        if kind == "parquet":
            import pyarrow.parquet as pq

            parquet = pq.ParquetFile(path)
            for batch in parquet.iter_batches(batch_size=batch_rows):
                yield pa.Table.from_batches([batch])
            return
        import pyarrow.csv as pcsv

        types = {name: pa.string() for name in ("player", "dealer", "decision")}
        types.update({name: pa.float64() for name in NUMERIC})
        reader = pcsv.open_csv(
            path,
            read_options=pcsv.ReadOptions(block_size=1 << 24),
            convert_options=pcsv.ConvertOptions(column_types=types, strings_can_be_null=True),
        )
        pending: list[pa.RecordBatch] = []
        rows = 0
        for batch in reader:
            pending.append(batch)
            rows += batch.num_rows
            if rows >= batch_rows:
                yield pa.Table.from_batches(pending)
                pending, rows = [], 0
        if pending:
            yield pa.Table.from_batches(pending)
    except (pa.ArrowException, OSError, UnicodeDecodeError) as error:
        message = " ".join(str(error).split()) or type(error).__name__
        raise InputError(f"cannot read {str(path)!r} as a {kind} log: {message[:300]}") from None


def log_metadata(path: Path) -> dict[str, object]:
    """The crazy4 provenance of a parquet log written by ``crazy4 simulate`` (else empty)."""
    import json

    if sniff_format(path) != "parquet":
        return {}
    import pyarrow.parquet as pq

    from crazy4.results.write import PROVENANCE_KEY

    try:
        metadata = pq.read_schema(path).metadata or {}
    except (pa.ArrowException, OSError) as error:
        raise InputError(f"cannot read {str(path)!r} as a parquet log: {error}") from None
    if PROVENANCE_KEY not in metadata:
        return {}
    value = json.loads(metadata[PROVENANCE_KEY])
    return value if isinstance(value, dict) else {}
