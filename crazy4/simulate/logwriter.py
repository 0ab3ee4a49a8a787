"""Writing the per-round log, one chunk's rows at a time (parquet or CSV).

The parquet log carries the provenance in its schema metadata
(:data:`crazy4.results.write.PROVENANCE_KEY`); every chunk is one row group. The CSV log writes
the decision codes as their names.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Protocol

import pyarrow as pa

from crazy4.results.write import PROVENANCE_KEY


class TableWriter(Protocol):
    """What the log writer needs of pyarrow's parquet and CSV writers."""

    def write_table(self, table: pa.Table) -> None:
        """Append a table's rows."""
        ...

    def close(self) -> None:
        """Finish the file."""
        ...


class LogWriter:
    """Appends chunks' log tables to one parquet or CSV file.

    Parameters
    ----------
    path : Path
        The file written (the driver writes to a temporary name and renames it).
    csv : bool
        CSV instead of parquet.
    metadata : dict
        Provenance stored in the parquet log's schema metadata.

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

    def __init__(self, path: Path, csv: bool, metadata: dict[str, object]) -> None:
        self.path = path
        self.csv = csv
        self.metadata = metadata
        self.writer: TableWriter | None = None
        self.schema: pa.Schema | None = None

    def write(self, table: pa.Table) -> None:
        """Append one chunk's rows."""
        if self.csv:
            self._write_csv(table)
            return
        import pyarrow.parquet as pq

        if self.writer is None or self.schema is None:
            meta = dict(table.schema.metadata or {})
            meta[PROVENANCE_KEY] = json.dumps(self.metadata, sort_keys=True).encode()
            self.schema = table.schema.with_metadata(meta)
            # card text is near-random: dictionary pages would only be built and dropped
            self.writer = pq.ParquetWriter(
                str(self.path),
                self.schema,
                compression="zstd",
                compression_level=1,
                use_dictionary=["seat", "decision"],
                write_statistics=False,
            )
        self.writer.write_table(table.replace_schema_metadata(self.schema.metadata))

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
        """Finish the file (nothing is written without a chunk)."""
        if self.writer is not None:
            self.writer.close()
