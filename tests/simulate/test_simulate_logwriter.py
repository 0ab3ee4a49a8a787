"""The log writer (crazy4/log/logwriter.py): its background thread writes the chunks given,
in order, one row group each, with the documented encodings, and hands its errors back.

Expected values come from the tables handed in (read back with pyarrow) and from the encoding
rules written in the module's docstring and docs/simulator.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from crazy4.log.logwriter import LogWriter
from crazy4.results.write import PROVENANCE_KEY


def chunk(first: int, rows: int) -> pa.Table:
    rng = np.random.default_rng(first)
    return pa.table(
        {
            "round": pa.array(np.arange(first, first + rows, dtype=np.int64)),
            "seat": pa.array(np.ones(rows, dtype=np.int8)),
            "player": pa.array([f"As Kd {n % 97}" for n in range(rows)]),
            "dealer": pa.array([f"Qh Js {n % 89}" for n in range(rows)]),
            "ante": pa.array(np.ones(rows)),
            "ante_net": pa.array(rng.choice([-1.0, 0.0, 1.0, 2.0], size=rows)),
        }
    )


def test_chunks_in_order_one_row_group_each_with_the_encodings(tmp_path: Path) -> None:
    path = tmp_path / "log.parquet"
    tables = [chunk(1, 1000), chunk(1001, 1000), chunk(2001, 37)]
    writer = LogWriter(path, csv=False, metadata={"seed": 5})
    for table in tables:
        writer.write(table)
    writer.close()
    back = pq.read_table(path)
    assert back.replace_schema_metadata(None).equals(pa.concat_tables(tables))
    assert json.loads(back.schema.metadata[PROVENANCE_KEY]) == {"seed": 5}
    meta = pq.ParquetFile(path).metadata
    assert [meta.row_group(i).num_rows for i in range(meta.num_row_groups)] == [1000, 1000, 37]
    columns = meta.row_group(0)
    encodings = {
        columns.column(i).path_in_schema: set(columns.column(i).encodings)
        for i in range(columns.num_columns)
    }
    assert "DELTA_BINARY_PACKED" in encodings["round"]
    for name in ("player", "dealer"):
        assert not encodings[name] & {"RLE_DICTIONARY", "PLAIN_DICTIONARY"}
    for name in ("seat", "ante", "ante_net"):
        assert encodings[name] & {"RLE_DICTIONARY", "PLAIN_DICTIONARY"}


def test_same_tables_same_bytes(tmp_path: Path) -> None:
    files = []
    for name in ("a.parquet", "b.parquet"):
        writer = LogWriter(tmp_path / name, csv=False, metadata={})
        for first in (1, 501):
            writer.write(chunk(first, 500))
        writer.close()
        files.append((tmp_path / name).read_bytes())
    assert files[0] == files[1]


def test_a_failed_write_is_raised_in_the_callers_thread(tmp_path: Path) -> None:
    writer = LogWriter(tmp_path / "log.parquet", csv=False, metadata={})
    writer.write(chunk(1, 10))
    writer.write(chunk(11, 10).drop_columns(["ante"]))  # not the file's schema
    with pytest.raises(ValueError, match="schema"):
        for first in range(21, 2000, 10):  # the error surfaces at a later write or at close
            writer.write(chunk(first, 10))
        writer.close()


def test_csv_log(tmp_path: Path) -> None:
    path = tmp_path / "log.csv"
    writer = LogWriter(path, csv=True, metadata={})
    decision = pa.DictionaryArray.from_arrays(pa.array([0, 1], pa.int8()), pa.array(["x", "y"]))
    for first in (1, 3):
        writer.write(pa.table({"round": [first, first + 1], "decision": decision}))
    writer.close()
    assert path.read_text().split() == ['"round","decision"', '1,"x"', '2,"y"', '3,"x"', '4,"y"']
