"""Where results go: the checks of an output folder or file, made before any computing.

They import no pandas or pyarrow (unless a folder holds a parquet table to inspect), so a
command checks its ``--out`` first and only then starts work that takes time (a kernel
compile in a child process, :meth:`crazy4.games.base.Game.prepare`).
"""

from __future__ import annotations

import os
from pathlib import Path

from crazy4.errors import InputError


def ensure_output_dir(path: Path, option: str) -> Path:
    """Create the output folder, or raise :class:`InputError` saying why it cannot be used.

    Examples
    --------
    >>> import tempfile
    >>> file = Path(tempfile.mkdtemp()) / "a-file"
    >>> _ = file.write_text("")
    >>> ensure_output_dir(file / "reports", "--out")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --out: output folder '...reports' cannot be created: ...
    """
    _make_folder(path, path, option)
    if not path.is_dir():
        raise InputError(f"{option}: output folder {str(path)!r} is not a folder")
    if not os.access(path, os.W_OK | os.X_OK):
        raise InputError(f"{option}: output folder {str(path)!r} is not writable")
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
    {
        "report.md",
        "report.html",
        "report.pdf",
        "report.xlsx",
        "strategy-card.pdf",
        "run.json",
        ".analyzed",
    }
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
        from crazy4.results.write import read_provenance  # pyarrow, only for a table

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
    ``report.html``, ``report.pdf``, ``report.xlsx``, ``strategy-card.pdf``, ``run.json``,
    ``.analyzed``, temporary files), since it is replaced.

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
    _make_folder(parent, path, option)
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


def _make_folder(folder: Path, output: Path, option: str) -> None:
    """Create ``folder`` and the folders above it, or raise :class:`InputError` saying that
    ``output`` (the folder itself or one inside it) cannot be created."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(
            f"{option}: output folder {str(output)!r} cannot be created: {error.strerror}"
        ) from None
