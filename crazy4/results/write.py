"""Writing results: parquet tables with provenance, and text files, atomically.

Every table is written to a temporary file in the destination folder and renamed into place,
so an interrupted run leaves either the previous file or the new one, never half a table; a
folder of tables is built beside its destination and swapped in as a whole
(:func:`replace_folder`), so it never holds a mix of two runs. The
parquet schema metadata carries the provenance: what determines the data (the rule set's name
and content hash, the package version, the number of deals, a seed where one is used) and
nothing else, so the same inputs give the same bytes whatever the command line, the number of
workers or the checkout. What varies from run to run (the command line, the git commit) goes
in a separate ``run.json`` beside the tables (:func:`write_run_record`), which is not committed.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable, Mapping
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from crazy4 import __version__
from crazy4.core.atomic import replace_atomically, replace_folder_atomically
from crazy4.core.exact import parquet_integers
from crazy4.errors import InputError

PROVENANCE_KEY = b"crazy4"


def git_commit() -> str:
    """The source checkout's commit (``+dirty`` when it has uncommitted changes), or ``unknown``.

    Examples
    --------
    >>> isinstance(git_commit(), str)
    True
    """
    root = Path(__file__).resolve().parents[2]
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", "crazy4"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return commit + ("+dirty" if dirty else "")


def ensure_output_dir(path: Path) -> Path:
    """Create the output folder, or raise :class:`InputError` saying why it cannot be used."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(
            f"output folder {str(path)!r} cannot be created: {error.strerror}"
        ) from None
    if not path.is_dir():
        raise InputError(f"output folder {str(path)!r} is not a folder")
    if not os.access(path, os.W_OK | os.X_OK):
        raise InputError(f"output folder {str(path)!r} is not writable")
    return path


def check_output_file(path: Path | str, option: str) -> None:
    """Raise :class:`InputError` unless ``path`` can be written (before any computing).

    The file's folder must exist and be writable, and ``path`` must not be a folder.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> check_output_file(folder / "summary.json", "--summary")
    >>> check_output_file(folder, "--summary")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --summary: ... is a folder, not a file
    """
    path = Path(path)
    parent = path.parent
    if path.is_dir():
        raise InputError(f"{option}: {str(path)!r} is a folder, not a file")
    if not parent.is_dir():
        what = "is not a folder" if parent.exists() else "does not exist"
        raise InputError(f"{option}: folder {str(parent)!r} of {str(path)!r} {what}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise InputError(f"{option}: folder {str(parent)!r} of {str(path)!r} is not writable")


#: What crazy4 (and ``make``) put in a results folder besides its parquet tables.
RESULT_FILES = frozenset(
    {"report.md", "report.html", "report.pdf", "report.xlsx", "run.json", ".analyzed"}
)


def _written_by_crazy4(entry: Path) -> bool:
    name = entry.name
    if name.startswith(".") and name.endswith(".tmp"):
        return True  # a temporary file of an earlier run
    if entry.is_symlink() or not entry.is_file():
        return False
    if name in RESULT_FILES:
        return True
    if name.endswith(".parquet"):
        try:
            read_provenance(entry)
        except InputError:
            return False
        return True
    return False


def check_output_folder(path: Path | str, option: str = "--out") -> Path:
    """Check, before any computing, that a results folder can be replaced as a whole.

    Creates the folders above ``path`` if missing. ``path`` itself is not created: the new
    results are built beside it and swapped in (:func:`replace_folder`). An existing folder
    must hold only what crazy4 writes (parquet tables with crazy4 provenance, ``report.md``,
    ``report.html``, ``report.pdf``, ``report.xlsx``, ``run.json``, ``.analyzed``, temporary
    files), since it is replaced.

    Raises
    ------
    InputError
        If the folder cannot be created or written, is a file, or holds other files.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> check_output_folder(folder / "new" / "results") == folder / "new" / "results"
    True
    >>> _ = (folder / "new" / "notes.txt").write_text("mine")
    >>> check_output_folder(folder / "new")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --out: folder ... holds 'notes.txt', which crazy4 did not write; ...
    """
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise InputError(f"{option}: {str(path)!r} is a file, not a folder")
    parent = path.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(
            f"{option}: output folder {str(path)!r} cannot be created: {error.strerror}"
        ) from None
    if not parent.is_dir():
        raise InputError(f"{option}: output folder {str(path)!r} cannot be created")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise InputError(
            f"{option}: output folder {str(path)!r} cannot be replaced: folder {str(parent)!r} "
            "is not writable"
        )
    if path.is_dir():
        foreign = [entry.name for entry in sorted(path.iterdir()) if not _written_by_crazy4(entry)]
        if foreign:
            raise InputError(
                f"{option}: folder {str(path)!r} holds {foreign[0]!r}, which crazy4 did not "
                "write; the results replace the whole folder, so give a new or empty folder "
                "or an earlier results folder"
            )
    return path


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


def replace_folder(path: Path | str, write: Callable[[Path], None]) -> None:
    """Build a folder with ``write`` beside ``path`` and swap it in as a whole
    (:func:`crazy4.core.atomic.replace_folder_atomically`): ``path`` becomes exactly what
    ``write`` wrote; an interruption leaves the previous folder untouched.

    Raises
    ------
    InputError
        If the folder cannot be written, naming it and the reason.

    Examples
    --------
    >>> import tempfile
    >>> target = Path(tempfile.mkdtemp()) / "out"
    >>> replace_folder(target, lambda tmp: write_text(tmp / "a.md", "new"))
    >>> [p.name for p in target.iterdir()]
    ['a.md']
    """
    try:
        replace_folder_atomically(path, write)
    except OSError as error:
        raise InputError(f"cannot write {str(path)!r}: {error.strerror or error}") from None


def write_table(frame: pd.DataFrame, path: Path, provenance: Mapping[str, object]) -> None:
    """Write a DataFrame as parquet with the provenance in its schema metadata.

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
        If the file is not a parquet table written by crazy4.
    """
    try:
        metadata = pq.read_schema(path).metadata or {}
    except (OSError, pa.ArrowInvalid) as error:
        raise InputError(f"{str(path)!r} is not a readable parquet table: {error}") from None
    if PROVENANCE_KEY not in metadata:
        raise InputError(f"{str(path)!r} carries no crazy4 provenance")
    value = json.loads(metadata[PROVENANCE_KEY])
    assert isinstance(value, dict)
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


def write_run_record(folder: Path, command: str) -> None:
    """Write :func:`run_record` as ``folder/run.json`` (atomically)."""
    write_text(folder / RUN_RECORD, json.dumps(run_record(command), indent=2, sort_keys=True))
