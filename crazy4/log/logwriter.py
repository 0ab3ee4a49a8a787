"""Writing the per-round log a chunk at a time (parquet, the provenance in its schema metadata,
or CSV) on a background thread; the bytes are those of a writer in the calling thread."""

from __future__ import annotations

import json
import queue
import threading
from pathlib import Path
from typing import Protocol

import pyarrow as pa

from crazy4.errors import InputError
from crazy4.log.cardtext import CODES_KEY, CODES_VALUE, is_code_type, spelled
from crazy4.results.write import PROVENANCE_KEY


class TableWriter(Protocol):
    """What the log writer needs of pyarrow's parquet and CSV writers."""

    def write_table(self, table: pa.Table) -> None:
        """Append a table's rows."""
        ...

    def close(self) -> None:
        """Finish the file."""
        ...


#: Columns of near-random text: plain encoding (no dictionary).
PLAIN_COLUMNS = ("player", "dealer")
#: Chunks waiting for the background writer (bounds the memory held).
QUEUE_CHUNKS = 2
#: The encodings of the card columns (``crazy4 simulate --log-cards``).
LOG_CARDS = ("text", "compact")


def check_log_cards(cards: str, csv: bool) -> None:
    """Raise :class:`InputError` unless ``cards`` is one of :data:`LOG_CARDS` (and text for
    a CSV log).

    Examples
    --------
    >>> check_log_cards("compact", csv=False)
    >>> check_log_cards("compact", csv=True)
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --log-cards compact needs a .parquet log (a CSV log is text)
    """
    if cards not in LOG_CARDS:
        raise InputError(f"--log-cards must be one of {', '.join(LOG_CARDS)}, not {cards!r}")
    if csv and cards != "text":
        raise InputError(f"--log-cards {cards} needs a .parquet log (a CSV log is text)")


def compact_schema(schema: pa.Schema) -> pa.Schema:
    """The schema of a compact log: every field required, the card-code fields named by
    their metadata.

    Examples
    --------
    >>> schema = compact_schema(pa.schema([("player", pa.binary(5)), ("seat", pa.int8())]))
    >>> [(field.nullable, field.metadata) for field in schema]  # doctest: +ELLIPSIS
    [(False, {b'crazy4.cards': b'codes 0-51 ...'}), (False, None)]
    """
    fields = []
    for field in schema:
        field = field.with_nullable(False)
        if is_code_type(field.type):
            field = field.with_metadata({CODES_KEY: CODES_VALUE})
        fields.append(field)
    return pa.schema(fields, metadata=schema.metadata)


class LogWriter:
    """Appends chunks' log tables to one parquet or CSV file.

    ``metadata`` is the provenance stored in a parquet log's schema; ``cards = "compact"``
    writes the tables' compact card codes (every column required), ``"text"`` spells them.

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "log.csv"
    >>> decision = pa.DictionaryArray.from_arrays(pa.array([1], pa.int8()), pa.array(["a", "b"]))
    >>> writer = LogWriter(path, csv=True, metadata={})
    >>> writer.write(pa.table({"seat": [1], "decision": decision}))
    >>> writer.close()
    >>> path.read_text().split()
    ['"seat","decision"', '1,"b"']
    """

    def __init__(
        self, path: Path, csv: bool, metadata: dict[str, object], cards: str = "text"
    ) -> None:
        check_log_cards(cards, csv)
        self.path = path
        self.csv = csv
        self.compact = cards == "compact"
        self.metadata = metadata
        self.writer: TableWriter | None = None
        self.schema: pa.Schema | None = None
        self.pending: queue.Queue[pa.Table | None] = queue.Queue(QUEUE_CHUNKS)
        self.failure: BaseException | None = None
        self.thread: threading.Thread | None = None

    def write(self, table: pa.Table) -> None:
        """Append one chunk's rows (handed to the background writer; its error, if any, is
        raised here or by :meth:`close`)."""
        self._raise_failure()
        if not self.compact:
            table = spelled(table)
        if self.thread is None:
            self.thread = threading.Thread(target=self._drain, name="crazy4-log", daemon=True)
            self.thread.start()
        self.pending.put(table)

    def _drain(self) -> None:
        while (table := self.pending.get()) is not None:
            if self.failure is None:
                try:
                    self._write_now(table)
                except BaseException as error:  # handed to the caller's thread
                    self.failure = error

    def _raise_failure(self) -> None:
        if self.failure is not None:
            raise self.failure

    def _write_now(self, table: pa.Table) -> None:
        if self.csv:
            self._write_csv(table)
            return
        import pyarrow.parquet as pq

        if self.writer is None or self.schema is None:
            meta = dict(table.schema.metadata or {})
            meta[PROVENANCE_KEY] = json.dumps(self.metadata, sort_keys=True).encode()
            self.schema = table.schema.with_metadata(meta)
            if self.compact:
                self.schema = compact_schema(self.schema)
            names = table.schema.names
            self.writer = pq.ParquetWriter(
                str(self.path),
                self.schema,
                compression="zstd",
                compression_level=1,
                use_dictionary=[n for n in names if n not in (*PLAIN_COLUMNS, "round")],
                column_encoding={"round": "DELTA_BINARY_PACKED"} if "round" in names else None,
                write_statistics=False,
            )
        if self.compact:
            table = pa.Table.from_arrays(table.columns, schema=self.schema)
        else:
            table = table.replace_schema_metadata(self.schema.metadata)
        self.writer.write_table(table)

    def _write_csv(self, table: pa.Table) -> None:
        import pyarrow.csv as pcsv

        table = table.set_column(
            table.schema.get_field_index("decision"),
            "decision",
            table.column("decision").cast(pa.string()),
        )
        if self.writer is None:
            self.writer = pcsv.CSVWriter(str(self.path), table.schema)
        self.writer.write_table(table)

    def close(self) -> None:
        """Write what is pending and finish the file (nothing is written without a chunk)."""
        if self.thread is not None:
            self.pending.put(None)
            self.thread.join()
            self.thread = None
        self._raise_failure()
        if self.writer is not None:
            self.writer.close()
