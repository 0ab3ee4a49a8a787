"""Reading the result tables in ``results/`` (for notebooks and reports), verified.

The folder is ``$CRAZY4_RESULTS`` if set, else the checkout's ``results/``. Every table is read
through :func:`read_result_table`, which checks its provenance and its data's SHA-256.
"""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd

from crazy4.errors import InputError
from crazy4.results.integrity import DIGEST_KEY, table_sha256


def read_result_table(path: Path) -> pd.DataFrame:
    """A table crazy4 wrote, after checking its provenance and its data's SHA-256 (a table
    with no :data:`DIGEST_KEY`, written before crazy4 stored it, is read unverified).

    Raises
    ------
    InputError
        One line naming the file: unreadable, no provenance, damaged provenance, or data that
        does not match its SHA-256.

    Examples
    --------
    >>> import tempfile
    >>> from crazy4.results.write import write_table
    >>> path = Path(tempfile.mkdtemp()) / "t.parquet"
    >>> write_table(pd.DataFrame({"a": [1, 2]}), path, {"rule_set": "x"})
    >>> read_result_table(path)["a"].tolist()
    [1, 2]
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    from crazy4.results.write import provenance_of

    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowException) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise InputError(f"{str(path)!r} is not a readable parquet table: {reason}") from None
    metadata = table.schema.metadata or {}
    provenance_of(metadata, path)
    stored = metadata.get(DIGEST_KEY)
    if stored is not None and stored.decode("utf-8", "replace") != table_sha256(table):
        raise InputError(
            f"{str(path)!r}: its data does not match the SHA-256 stored when crazy4 wrote it "
            "(the table was changed afterwards); run the analysis again"
        )
    frame: pd.DataFrame = table.to_pandas()
    return frame


def require_columns(frame: pd.DataFrame, columns: tuple[str, ...], path: Path | str) -> None:
    """Raise :class:`InputError` naming the first of ``columns`` the table lacks.

    Examples
    --------
    >>> require_columns(pd.DataFrame({"bet": []}), ("bet", "house_edge"), "bets.parquet")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: 'bets.parquet' has no column 'house_edge'; run the analysis again
    """
    for column in columns:
        if column not in frame.columns:
            raise InputError(f"{str(path)!r} has no column {column!r}; run the analysis again")


def results_dir() -> Path:
    """The results folder.

    Examples
    --------
    >>> results_dir().name
    'results'
    """
    explicit = os.environ.get("CRAZY4_RESULTS")
    if explicit:
        return Path(explicit)
    return Path(__file__).resolve().parents[2] / "results"


def rule_sets() -> list[str]:
    """Rule sets with results (folders holding a ``bets.parquet``), sorted.

    Examples
    --------
    >>> "crazy4-standard" in rule_sets()
    True
    """
    return sorted(p.parent.name for p in results_dir().glob("*/bets.parquet"))


def read_table(rule_set: str, table: str) -> pd.DataFrame:
    """One result table of one rule set.

    Raises
    ------
    InputError
        If the table does not exist (``make results`` writes every table).

    Examples
    --------
    >>> read_table("crazy4-standard", "hand_frequencies")["combinations"].sum()
    np.int64(2598960)
    """
    path = results_dir() / rule_set / f"{table}.parquet"
    if not path.is_file():
        raise InputError(f"no table {str(path)!r}; run 'make results' first")
    return read_result_table(path)


def read_all(table: str) -> pd.DataFrame:
    """A table of every rule set that has it, stacked, with a leading ``rule_set`` column."""
    frames = []
    for name in rule_sets():
        path = results_dir() / name / f"{table}.parquet"
        if path.is_file():
            frame = read_result_table(path)
            frame.insert(0, "rule_set", name)
            frames.append(frame)
    if not frames:
        raise InputError(f"no rule set has a {table!r} table; run 'make results' first")
    return pd.concat(frames, ignore_index=True)
