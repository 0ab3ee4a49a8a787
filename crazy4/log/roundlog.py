"""The per-round log: its schema (one row per seat and round, ``docs/simulator.md``), card text,
and reading logs in batches, the format told by the content (:func:`sniff_format`), a bad cell
reported by its row."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.cards import parse_cards
from crazy4.errors import InputError
from crazy4.log.cardtext import (
    CARD_OF_PAIR,
    code_bytes,
    code_problem,
    code_text_array,
    is_code_type,
    parse_canonical,
    parse_codes,
)
from crazy4.log.csvlines import BLOCK, check_header, long_line, wide_text

#: Decision codes in the log: 0 fold, 1-3 Play multiples, 4 the blind second hand.
DECISION_NAMES = ("fold", "1x", "2x", "3x", "blind")
BLIND = 4

WAGERS = ("ante", "super_bonus", "play", "queens_up")
NUMERIC = (*WAGERS, *(f"{wager}_net" for wager in WAGERS))

#: Leads a card cell that a log mapping could not read; the rest of the cell is the reason.
UNREAD = "\x1f"


def hand_text_array(cards: npt.NDArray[np.integer]) -> pa.StringArray:
    """Card text of many hands as an Arrow string column, highest card first.

    ``cards`` (k, n) is card-major: row ``j`` holds every hand's ``j``-th lowest card.

    Examples
    --------
    >>> hand_text_array(np.array([[0, 12], [51, 48]])).to_pylist()
    ['As 2c', 'Ac 5c']
    """
    codes = np.ascontiguousarray(np.asarray(cards)[::-1].T, dtype=np.uint8)
    n, k = codes.shape
    column = pa.FixedSizeBinaryArray.from_buffers(pa.binary(k), n, [None, pa.py_buffer(codes)])
    return code_text_array(column)


def parse_hand_column(
    column: pa.Array | pa.ChunkedArray, count: int
) -> tuple[npt.NDArray[np.int16], dict[int, str]]:
    """Parse a column of hands (text, or compact card codes): each row's cards ascending (-1
    where it failed) and the reason of each row that failed.

    Examples
    --------
    >>> cards, bad = parse_hand_column(pa.array(["As Kd", "kd10h", "As As", None, "Zz 2c"]), 2)
    >>> cards[:2].tolist()
    [[45, 51], [34, 45]]
    >>> sorted(bad)
    [2, 3, 4]
    >>> codes = pa.array([bytes([51, 45]), bytes([45, 45]), None], pa.binary(2))
    >>> cards, bad = parse_hand_column(codes, 2)
    >>> cards[0].tolist(), bad
    ([45, 51], {1: 'codes [45, 45]: card Kd appears twice', 2: 'no cards (empty cell)'})
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
    if is_code_type(column.type):
        return _parse_code_column(column, count)
    column = text_array(column)
    n = len(column)
    cards = np.full((n, count), -1, dtype=np.int16)
    bad: dict[int, str] = {}
    offset_type = np.int64 if pa.types.is_large_string(column.type) else np.int32
    buffers = column.buffers()
    offsets = np.frombuffer(buffers[1], dtype=offset_type)[column.offset : column.offset + n + 1]
    data = (
        np.frombuffer(buffers[2], dtype=np.uint8)
        if buffers[2] is not None
        else np.zeros(0, np.uint8)
    )
    valid = np.ones(n, dtype=bool) if column.null_count == 0 else column.is_valid().to_numpy(False)
    fast = np.zeros(n, dtype=bool)
    # one compiled pass over the bytes reads every canonical cell (crazy4.log.cardtext)
    parse_canonical(data, offsets.astype(np.int64, copy=False), valid, CARD_OF_PAIR, cards, fast)
    for row in np.flatnonzero(~fast):
        value = column[int(row)].as_py()
        if value is None or value.startswith(UNREAD):
            bad[int(row)] = value[1:] if value else "no cards (empty cell)"
            continue
        try:
            cards[row] = parse_cards(str(value), count=count)
        except InputError as error:
            bad[int(row)] = " ".join(str(error).split())[:200]
    return cards, bad


def _parse_code_column(
    column: pa.Array, count: int
) -> tuple[npt.NDArray[np.int16], dict[int, str]]:
    """:func:`parse_hand_column` of compact card codes."""
    if pa.types.is_dictionary(column.type):
        column = column.dictionary_decode()
    n = len(column)
    cards = np.full((n, count), -1, dtype=np.int16)
    codes = code_bytes(column)
    valid = np.ones(n, dtype=bool) if column.null_count == 0 else column.is_valid().to_numpy(False)
    fast = np.zeros(n, dtype=bool)
    if codes.shape[1] == count:
        parse_codes(codes, valid, cards, fast)
    bad: dict[int, str] = {}
    for row in np.flatnonzero(~fast):
        reason = code_problem(codes[row], count) if valid[row] else "no cards (empty cell)"
        bad[int(row)] = reason
    return cards, bad


def hand_text(column: pa.Array | pa.ChunkedArray, row: int) -> str:
    """The text of one cell of a card column (compact codes spelled as cards).

    Examples
    --------
    >>> hand_text(pa.array(["As Kd"]), 0), hand_text(pa.array([bytes([51, 45])], pa.binary(2)), 0)
    ('As Kd', 'As Kd')
    """
    cell = column[row]
    if not is_code_type(cell.type) or not cell.is_valid:
        return str(cell)
    value = cell.as_py()
    assert isinstance(value, bytes)
    if max(value, default=0) >= 52:
        return code_problem(np.frombuffer(value, dtype=np.uint8), len(value)).split(":")[0]
    return str(code_text_array(pa.array([value], pa.binary(len(value)))).to_pylist()[0])


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
    text = pc.utf8_lower(pc.utf8_trim_whitespace(text_array(column)))
    index = pc.index_in(text, value_set=pa.array(DECISION_NAMES))
    return np.asarray(index.fill_null(-1).to_numpy(zero_copy_only=False), dtype=np.int8)


def text_array(column: pa.Array | pa.ChunkedArray) -> pa.Array:
    """A column as Arrow strings: dictionaries decoded, bytes that are not UTF-8 replaced by
    U+FFFD (so the bad cell, not the file, is reported), other types cast to text.

    Raises
    ------
    InputError
        A column of a type that has no text form (a list, a struct).

    Examples
    --------
    >>> text_array(pa.array([b"As", b"\\xffK"], pa.binary())).to_pylist()
    ['As', '\\ufffdK']
    >>> text_array(pa.array([1, None])).to_pylist()
    ['1', None]
    """
    if isinstance(column, pa.ChunkedArray):
        column = column.combine_chunks()
    if pa.types.is_dictionary(column.type):
        column = column.dictionary_decode()
    if pa.types.is_string(column.type) or pa.types.is_large_string(column.type):
        return column
    try:
        return column.cast(pa.string())
    except pa.ArrowInvalid:
        if not (pa.types.is_binary(column.type) or pa.types.is_large_binary(column.type)):
            raise InputError(f"a column of type {column.type} is not text") from None
    except pa.ArrowNotImplementedError:
        raise InputError(f"a column of type {column.type} is not text") from None
    cells = column.to_pylist()
    return pa.array(
        [None if cell is None else bytes(cell).decode("utf-8", "replace") for cell in cells],
        pa.string(),
    )


#: Largest logged amount (a wager or a net) taken as real: beyond it a cell is absurd.
LARGEST_AMOUNT = 1e12
#: Smallest positive wager taken as real (a net per unit of a smaller one is absurd).
SMALLEST_WAGER = 1e-6
#: Largest round id or seat number read exactly as a float (2 ** 53).
LARGEST_ID = float(2**53)

_NUMBER_TEXT = r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^[+-]?(inf|infinity|nan)$"


def number_cells(
    column: pa.Array | pa.ChunkedArray, largest: float = LARGEST_AMOUNT
) -> tuple[npt.NDArray[np.float64], dict[int, str]]:
    """A numeric (or number-text) column as float64 (an empty cell NaN), and its bad cells
    (text that is no number, an infinity, a value beyond ``largest``: NaN), by row.

    Raises
    ------
    InputError
        A column of a type with no numeric or text form.

    Examples
    --------
    >>> values, bad = number_cells(pa.array(["1", " 2.5", "", "abc", "inf", "1e308", "nan"]))
    >>> values.tolist()
    [1.0, 2.5, nan, nan, nan, nan, nan]
    >>> bad
    {3: "'abc' is not a number", 4: 'inf is not finite', 5: '1e+308 is absurd (beyond ±1e+12)'}
    """
    import pyarrow.compute as pc

    if isinstance(column, pa.ChunkedArray):
        column = column.combine_chunks()
    if pa.types.is_dictionary(column.type):
        column = column.dictionary_decode()
    bad: dict[int, str] = {}
    kind = column.type
    if pa.types.is_string(kind) or pa.types.is_large_string(kind) or pa.types.is_binary(kind):
        column = text_array(column)
        # every cell a number, as in a well-formed CSV log: no cell to look at
        with contextlib.suppress(pa.ArrowInvalid, pa.ArrowNotImplementedError):
            column = column.cast(pa.float64())
    if pa.types.is_string(column.type) or pa.types.is_large_string(column.type):
        text = pc.utf8_trim_whitespace(column)
        numeric = pc.match_substring_regex(text, _NUMBER_TEXT, ignore_case=True)
        unreadable = pc.and_(pc.invert(numeric), pc.not_equal(text, "")).fill_null(False)
        for row in np.flatnonzero(unreadable.to_numpy(zero_copy_only=False)):
            bad[int(row)] = f"{str(text[int(row)].as_py())[:40]!r} is not a number"
        column = pc.if_else(numeric, text, pa.scalar(None, pa.string()))
    try:
        values = column.cast(pa.float64(), safe=False)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        raise InputError(f"a column of type {column.type} is not numeric") from None
    numbers = np.array(values.to_numpy(zero_copy_only=False), dtype=np.float64)
    for row in np.flatnonzero(np.isinf(numbers)):
        bad[int(row)] = f"{numbers[row]:g} is not finite"
    for row in np.flatnonzero(np.isfinite(numbers) & (np.abs(numbers) > largest)):
        bad[int(row)] = f"{numbers[row]:g} is absurd (beyond ±{largest:g})"
    if bad:
        numbers[list(bad)] = np.nan
    return numbers, dict(sorted(bad.items()))


def number_column(column: pa.Array | pa.ChunkedArray) -> npt.NDArray[np.float64]:
    """A numeric column as float64 (missing values, and cells that are not numbers, NaN).

    Examples
    --------
    >>> number_column(pa.array([1, None, 3])).tolist()
    [1.0, nan, 3.0]
    >>> number_column(pa.array(["7", "x"])).tolist()
    [7.0, nan]
    """
    return number_cells(column, LARGEST_ID)[0]


def _not_a_log(path: Path, why: str) -> InputError:
    return InputError(f"{str(path)!r}: not a parquet, CSV or JSON log ({why})")


def sniff_format(path: Path) -> str:
    """``"parquet"``, ``"summary"`` (JSON) or ``"csv"``, from the file's content, whatever its
    name: parquet's magic bytes ``PAR1``, a JSON object or array, else UTF-8 text.

    Raises
    ------
    InputError
        If the file cannot be read, is empty, or is binary data that is none of the three.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "s.parquet").write_text(' {"rounds": 1}')
    >>> sniff_format(folder / "s.parquet")
    'summary'
    >>> _ = (folder / "e.json").write_bytes(b"")
    >>> try:
    ...     sniff_format(folder / "e.json")
    ... except InputError as error:
    ...     print(str(error).split(": ", 1)[1])
    not a parquet, CSV or JSON log (empty file)
    """
    try:
        with open(path, "rb") as handle:
            head = handle.read(1 << 16)
    except OSError as error:
        raise InputError(f"cannot read {str(path)!r}: {error.strerror}") from None
    if head.startswith(b"PAR1"):
        return "parquet"
    if not head:
        raise _not_a_log(path, "empty file")
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    if not text:
        raise _not_a_log(path, "only blank space")
    if text[:1] in (b"{", b"["):
        return "summary"
    if (wide := wide_text(head)) is not None or b"\x00" in head:
        raise _not_a_log(path, f"{wide}; save it as UTF-8" if wide else "binary data: NUL bytes")
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.start < len(head) - 3:  # not merely a character cut at the end of the head
            raise _not_a_log(path, f"binary data: not UTF-8 text at byte {error.start}") from None
    return "csv"


def _csv_names(path: Path) -> list[str]:
    """The header of a CSV log (read by the same parser as its rows)."""
    import pyarrow.csv as pcsv

    check_header(path)
    with pcsv.open_csv(path, read_options=pcsv.ReadOptions(block_size=BLOCK)) as reader:
        return list(reader.schema.names)


def read_log_batches(path: Path, batch_rows: int = 1 << 20) -> Iterator[pa.Table]:
    """Stream a per-round log (parquet or CSV) as Arrow tables of at least ``batch_rows`` rows
    (the last one fewer); every CSV column as text (:func:`text_array`).

    Raises
    ------
    InputError
        Unreadable or corrupt file (one line; raised when the bad part is reached).

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "log.csv"
    >>> _ = path.write_text("player,ante\\n" + "As Kd Qh Jc 9s,1\\n" * 5)
    >>> [(table.num_rows, table.schema.types) for table in read_log_batches(path, batch_rows=2)]
    [(5, [DataType(string), DataType(string)])]
    """
    kind = sniff_format(path)
    if kind == "summary":
        raise InputError(f"{str(path)!r} is a JSON file, not a parquet or CSV log")
    try:
        if kind == "parquet":
            import pyarrow.parquet as pq

            # one thread: the validator reads on a thread of its own, beside its checks (Arrow's
            # pool spent half as much CPU again on the same columns, on a 2-core machine)
            batches = pq.ParquetFile(path).iter_batches(batch_size=batch_rows, use_threads=False)
            yield from _regrouped(batches, batch_rows)
            return
        import pyarrow.csv as pcsv

        types = {name: pa.binary() for name in _csv_names(path)}
        # a Python file and 1 MB blocks: Arrow's reader then reads ahead a few blocks, not the
        # file (opened by its path it buffered about the whole file: memory grew with rows)
        with open(path, "rb") as handle:
            reader = pcsv.open_csv(
                handle,
                read_options=pcsv.ReadOptions(block_size=BLOCK),
                convert_options=pcsv.ConvertOptions(column_types=types, strings_can_be_null=True),
            )
            for table in _regrouped(reader, batch_rows):
                columns = [text_array(column) for column in table.columns]
                yield pa.Table.from_arrays(columns, names=table.column_names)
    except (pa.ArrowException, OSError, UnicodeDecodeError) as error:
        message = " ".join(str(error).split()) or type(error).__name__
        if "straddles" in message:  # a line longer than a block: name it
            raise long_line(path) from None
        raise InputError(f"cannot read {str(path)!r} as a {kind} log: {message[:300]}") from None


def _regrouped(batches: Iterable[pa.RecordBatch], rows: int) -> Iterator[pa.Table]:
    """``batches`` as tables of at least ``rows`` rows (the last one fewer)."""
    waiting: list[pa.RecordBatch] = []
    count = 0
    for batch in batches:
        waiting.append(batch)
        count += batch.num_rows
        if count >= rows:
            yield pa.Table.from_batches(waiting)
            waiting, count = [], 0
    if waiting:
        yield pa.Table.from_batches(waiting)


def log_metadata(path: Path) -> dict[str, object]:
    """The crazy4 provenance of a parquet log written by ``crazy4 simulate`` (else empty).

    Raises
    ------
    InputError
        A parquet file whose footer cannot be read.
    """
    import json

    if sniff_format(path) != "parquet":
        return {}
    import pyarrow.parquet as pq

    from crazy4.results.write import PROVENANCE_KEY

    try:
        metadata = pq.read_schema(path).metadata or {}
    except (pa.ArrowException, OSError) as error:
        message = " ".join(str(error).split())[:300]
        raise InputError(f"cannot read {str(path)!r} as a parquet log: {message}") from None
    if PROVENANCE_KEY not in metadata:
        return {}
    try:
        value = json.loads(metadata[PROVENANCE_KEY])
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return {}  # provenance is informative only: a log is validated without it
    return value if isinstance(value, dict) else {}
