"""The SHA-256 of a result table's data: tamper evidence for the tables in a results folder.

:func:`crazy4.results.write.write_table` stores :func:`table_sha256` of every table it writes
under :data:`DIGEST_KEY` in the parquet schema metadata, beside the provenance; whatever reads a
results folder (:func:`crazy4.results.read.read_result_table`: the notebooks' loader and
``crazy4 report --from``) computes it again and refuses a table whose data no longer matches
(a number edited by hand, a row dropped, a column renamed).

The digest is over the data only, never over the file's bytes (which depend on the parquet
writer's version and options) nor its metadata, and is defined column by column so that it does
not depend on how Arrow happens to lay a column out in memory (chunks, offsets, a validity
bitmap present or not when nothing is missing, the bytes under a missing value). For each
column, in order, the hash is fed:

- ``name NUL type NUL rows NUL`` (UTF-8; ``type`` as Arrow prints it, e.g. ``int64``);
- one byte a row: 1 when the value is present, 0 when it is missing (null);
- the values, missing ones replaced by zero (``False``, the empty text): numbers and booleans
  as little-endian machine values of the column's type (every NaN as the one quiet NaN), text
  as the 8-byte little-endian length of every value, then the UTF-8 bytes of all values one
  after the other; any other type (lists,
  structs, dictionaries; result tables hold none) as the UTF-8 of its values' ``repr``.

A table that carries no digest (written before crazy4 wrote them) is read unverified:
``docs/outputs.md`` says why and how to regenerate it.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pyarrow as pa

#: The schema-metadata key of a table's data digest (hex SHA-256 of :func:`table_sha256`).
DIGEST_KEY = b"crazy4_sha256"


def _values(column: pa.ChunkedArray) -> bytes:
    """The canonical bytes of a column's values (missing ones as zero), module docstring."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    kind = column.type
    if pa.types.is_string(kind) or pa.types.is_large_string(kind):
        filled = pc.fill_null(column.cast(pa.large_string()), "").combine_chunks()
        buffers = filled.buffers()
        offsets = np.frombuffer(buffers[1], dtype="<i8")[
            filled.offset : filled.offset + len(filled) + 1
        ]
        data = b"" if buffers[2] is None else buffers[2].to_pybytes()[offsets[0] : offsets[-1]]
        return np.diff(offsets).astype("<i8").tobytes() + data
    if pa.types.is_boolean(kind) or pa.types.is_integer(kind) or pa.types.is_floating(kind):
        zero = pa.scalar(False if pa.types.is_boolean(kind) else 0, kind)
        filled = pc.fill_null(column, zero) if column.null_count else column
        values = np.asarray(filled.to_numpy(zero_copy_only=False))
        if pa.types.is_floating(kind):
            values = np.where(np.isnan(values), np.nan, values).astype(values.dtype)
        return np.ascontiguousarray(values, dtype=values.dtype.newbyteorder("<")).tobytes()
    return "\n".join(repr(value) for value in column.to_pylist()).encode("utf-8")


def table_sha256(table: pa.Table) -> str:
    """The hex SHA-256 of a table's data (columns, types and values; never its metadata).

    Examples
    --------
    >>> import pyarrow as pa
    >>> one = pa.table({"a": [1, 2, None], "b": ["x", "y", "z"]})
    >>> two = pa.concat_tables([one.slice(0, 1), one.slice(1)])  # two chunks, same data
    >>> table_sha256(one) == table_sha256(two.replace_schema_metadata({"k": "v"}))
    True
    >>> table_sha256(one) == table_sha256(pa.table({"a": [1, 3, None], "b": ["x", "y", "z"]}))
    False
    """
    import numpy as np
    import pyarrow.compute as pc

    digest = hashlib.sha256()
    for name, column in zip(table.column_names, table.columns, strict=True):
        digest.update(f"{name}\0{column.type}\0{len(column)}\0".encode())
        if column.null_count:
            valid = np.asarray(pc.is_valid(column).to_numpy(zero_copy_only=False), dtype=np.uint8)
        else:  # the same bytes, without building a boolean column
            valid = np.ones(len(column), dtype=np.uint8)
        digest.update(valid.tobytes())
        digest.update(_values(column))
    return digest.hexdigest()
