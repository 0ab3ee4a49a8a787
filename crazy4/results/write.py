"""Writing results: parquet tables with provenance, and text files, atomically.

Every file is written beside its destination and renamed into place; a folder of tables is
swapped in as a whole (:func:`replace_folder`). The parquet schema metadata carries the
provenance: only what determines the data (rule set, content hash, version, deals, seed), so
the same inputs give the same bytes. What varies from run to run (the command line, the git
commit) goes in ``run.json`` beside the tables (:func:`write_run_record`), not committed.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable, Mapping
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from crazy4.core.atomic import (
    UNCHECKED,
    Identity,
    LostRaceError,
    replace_atomically,
    replace_folder_atomically,
)
from crazy4.core.exact import parquet_integers
from crazy4.errors import InputError
from crazy4.results.integrity import DIGEST_KEY, table_sha256
from crazy4.version import __version__

PROVENANCE_KEY = b"crazy4"


def git_commit() -> str:
    """The source checkout's commit (``+dirty`` when it has uncommitted changes), or ``unknown``.

    Examples
    --------
    >>> isinstance(git_commit(), str)
    True
    """
    root = Path(__file__).resolve().parents[2]

    def git(*args: str) -> str:
        run = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True)
        return run.stdout.strip()

    try:
        commit = git("rev-parse", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no", "--", "crazy4")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return commit + ("+dirty" if dirty else "")


def atomic_write(path: Path | str, write: Callable[[Path], None]) -> None:
    """Write ``path`` atomically (:func:`crazy4.core.atomic.replace_atomically`).

    Raises
    ------
    InputError
        If the file cannot be written, naming it and the reason.
    """
    try:
        replace_atomically(path, write)
    except OSError as error:
        raise InputError(f"cannot write {str(path)!r}: {error.strerror or error}") from None


def replace_folder(
    path: Path | str, write: Callable[[Path], None], expect: Identity = UNCHECKED
) -> None:
    """Build a folder with ``write`` beside ``path`` and swap it in as a whole (an interruption
    leaves the previous folder); with ``expect`` (:attr:`~crazy4.results.destination.Claimed.state`)
    a folder another run wrote since it was checked is left as that run wrote it.

    Raises
    ------
    InputError
        If the folder cannot be written, naming it and the reason; or if another run wrote it
        meanwhile (this run lost the race: its results are not written).

    Examples
    --------
    >>> import tempfile
    >>> target = Path(tempfile.mkdtemp()) / "out"
    >>> replace_folder(target, lambda tmp: write_text(tmp / "a.md", "new"))
    >>> [p.name for p in target.iterdir()]
    ['a.md']
    """
    try:
        replace_folder_atomically(path, write, expect)
    except LostRaceError as error:
        raise InputError(f"{str(path)!r}: {error.strerror}") from None
    except OSError as error:
        raise InputError(f"cannot write {str(path)!r}: {error.strerror or error}") from None


def write_table(frame: pd.DataFrame, path: Path, provenance: Mapping[str, object]) -> None:
    """Write a DataFrame as parquet with the provenance and its data's SHA-256 in its schema
    metadata (:data:`PROVENANCE_KEY`, :data:`crazy4.results.integrity.DIGEST_KEY`).

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> write_table(pd.DataFrame({"a": [1, 2]}), folder / "t.parquet", {"rule_set": "x"})
    >>> read_provenance(folder / "t.parquet")["rule_set"]
    'x'
    """
    table = pa.Table.from_pandas(parquet_integers(frame), preserve_index=False)
    metadata = dict(table.schema.metadata or {})
    metadata[PROVENANCE_KEY] = json.dumps(dict(provenance), sort_keys=True).encode()
    metadata[DIGEST_KEY] = table_sha256(table).encode()
    table = table.replace_schema_metadata(metadata)
    atomic_write(
        path,
        lambda target: pq.write_table(table, target, compression="zstd", write_statistics=False),
    )


def read_provenance(path: Path) -> dict[str, object]:
    """The provenance stored in a result table.

    Raises
    ------
    InputError
        If the file is not a parquet table written by crazy4, or its provenance is damaged
        (not JSON, or not a JSON object).

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "t.parquet"
    >>> table = pa.table({"a": [1]}).replace_schema_metadata({PROVENANCE_KEY: b"[1, 2]"})
    >>> pq.write_table(table, path)
    >>> read_provenance(path)
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: ...: its crazy4 provenance is damaged: a JSON list, not an object
    """
    try:
        metadata = pq.read_schema(path).metadata or {}
    except (OSError, pa.ArrowException) as error:
        raise InputError(f"{str(path)!r} is not a readable parquet table: {error}") from None
    return provenance_of(metadata, path)


def provenance_of(metadata: Mapping[bytes, bytes], path: Path) -> dict[str, object]:
    """The provenance in a table's schema ``metadata`` (:func:`read_provenance`)."""
    if PROVENANCE_KEY not in metadata:
        raise InputError(f"{str(path)!r} carries no crazy4 provenance")
    try:
        value = json.loads(metadata[PROVENANCE_KEY])
    except (ValueError, RecursionError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise InputError(f"{str(path)!r}: its crazy4 provenance is damaged: {reason}") from None
    if not isinstance(value, dict):
        kinds = {list: "list", str: "string", bool: "true/false", int: "number", float: "number"}
        kind = kinds.get(type(value), "null")
        raise InputError(
            f"{str(path)!r}: its crazy4 provenance is damaged: a JSON {kind}, not an object"
        )
    return value


def write_text(path: Path, text: str) -> None:
    """Write a text file atomically (UTF-8, newline at the end)."""
    content = text.rstrip("\n") + "\n"

    def write(target: Path) -> None:
        target.write_text(content, encoding="utf-8")

    atomic_write(path, write)


def provenance(rule_set: str, rule_hash: str, deals: int, **extra: object) -> dict[str, object]:
    """The provenance record stored with every table: only what determines the data.

    Examples
    --------
    >>> sorted(provenance("r", "h", 10, seed=7))
    ['deals', 'package_version', 'rule_set', 'rule_set_sha256', 'seed']
    """
    return {
        "rule_set": rule_set,
        "rule_set_sha256": rule_hash,
        "package_version": __version__,
        "deals": deals,
        **extra,
    }


def run_record(command: str) -> dict[str, str]:
    """What varies from run to run: the command line and the source checkout's commit.

    Examples
    --------
    >>> sorted(run_record("crazy4 analyze"))
    ['command', 'git_commit']
    """
    return {"command": command, "git_commit": git_commit()}


#: The volatile record beside a folder of tables (not committed; ``make clean`` removes it).
RUN_RECORD = "run.json"


#: The packages whose versions decide the bytes of the files written (parquet, xlsx, pdf) and
#: the numbers and times behind them; ``run.json`` records each one's installed version.
WRITERS = (
    "numpy", "pandas", "pyarrow", "numba", "llvmlite", "matplotlib", "reportlab", "openpyxl",
    "scipy",
)  # fmt: skip


def writer_versions() -> dict[str, str]:
    """The installed version of each of :data:`WRITERS` (``not installed`` if absent), and Python's.

    Examples
    --------
    >>> versions = writer_versions()
    >>> sorted(versions) == sorted([*WRITERS, "python"])
    True
    """
    from importlib import metadata
    from platform import python_version

    versions = {"python": python_version()}
    for name in WRITERS:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


def write_run_record(folder: Path, command: str) -> None:
    """Write :func:`run_record` as ``folder/run.json`` (atomically), with :func:`writer_versions`.

    The versions of the packages that wrote the files are recorded beside them: the committed
    bytes are those of the locked versions (``requirements/lock.txt``, docs/environment.md).
    """
    record = {**run_record(command), "versions": writer_versions()}
    write_text(folder / RUN_RECORD, json.dumps(record, indent=2, sort_keys=True))
