"""Where results go: the checks of an output folder or file, made before any computing.

They import no pandas or pyarrow (unless a folder holds a parquet table to inspect), so a
command checks its ``--out`` first and only then starts work that takes time (a kernel
compile in a child process, :meth:`crazy4.game.SpecGame.prepare`).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from crazy4.core.atomic import Identity, file_kind, identity, mount_point
from crazy4.errors import InputError


@dataclass(frozen=True)
class Output:
    """One path a command writes.

    Attributes
    ----------
    option : str
        The option that names it (``--out``), the start of every message about it.
    path : Path or str
    folder : bool
        A folder replaced as a whole (``analyze --out``), not a file.
    create_parent : bool
        A file whose folder is created when missing (``report --out``).
    """

    option: str
    path: Path | str
    folder: bool = False
    create_parent: bool = False


@dataclass(frozen=True)
class Claimed:
    """An output that passed :func:`check_outputs`: its path, and for a folder what was there
    (the ``expect`` of :func:`crazy4.results.write.replace_folder`: a lost race is said)."""

    path: Path
    state: Identity


def check_outputs(
    outputs: Sequence[Output], inputs: Sequence[tuple[str, Path | str | None]] = ()
) -> list[Claimed]:
    """The one gate every command's outputs pass before any computing (``docs/outputs.md``).

    Only regular files and folders are replaced (never a device, a FIFO, a socket, a symbolic
    link or a mount point); the folder an output goes in must exist (or is created) and be
    writable; an existing results folder may hold only what crazy4 writes; and no output may be
    the same file as another output or an input (by resolved path and by inode), nor lie inside
    an output folder.

    Parameters
    ----------
    outputs : sequence of Output
    inputs : sequence of (option, path)
        The files (or folders) the command reads; ``None`` and missing paths are skipped.

    Returns
    -------
    list of Claimed
        One per output, in order.

    Raises
    ------
    InputError
        One line naming the option, the path and what is wrong.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "a.csv").write_text("")
    0
    >>> check_outputs([Output("--log", folder / "a.csv"), Output("--summary", folder / "b.json")])
    [Claimed(path=..., state=None), Claimed(path=..., state=None)]
    >>> check_outputs([Output("--log", folder / "a.csv"), Output("--summary", f"{folder}/./a.csv")])
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --log and --summary name the same file (...); give two different files
    """
    _check_distinct(outputs, inputs)
    claimed = []
    for output in outputs:
        path = Path(output.path)
        _check_one(output, path)
        claimed.append(Claimed(path, identity(path) if output.folder else None))
    return claimed


def folder_inputs(option: str, folder: Path | str | None) -> list[tuple[str, Path | str | None]]:
    """The inputs of a results folder read with ``option`` (``report --from``): the folder,
    its report and its tables, none of which an output may be (:func:`check_outputs`).

    Examples
    --------
    >>> folder_inputs("--from", None)
    []
    >>> [str(path) for _, path in folder_inputs("--from", "res")]
    ['res', 'res/report.md']
    """
    if folder is None:
        return []
    source = Path(folder)
    found: list[tuple[str, Path | str | None]] = [(option, source), (option, source / "report.md")]
    return found + [(option, table) for table in sorted(source.glob("*.parquet"))]


def _check_one(output: Output, path: Path) -> None:
    """The policy for one output on its own (:func:`check_outputs`)."""
    option = output.option
    if not str(output.path).strip():
        raise InputError(f"{option}: the path is empty")
    try:
        info: os.stat_result | None = os.lstat(path)
    except OSError:  # missing, or a file above it: the folder checks below say which
        info = None
    if info is not None:
        _check_existing(output, path, info)
    if output.folder:
        _check_folder(path, option)
        return
    parent = path.parent
    if output.create_parent:
        _make_folder(parent, parent, option)
    if not parent.is_dir():
        what = "is not a folder" if parent.exists() else "does not exist"
        raise InputError(f"{option}: folder {str(parent)!r} of {str(path)!r} {what}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise InputError(f"{option}: folder {str(parent)!r} of {str(path)!r} is not writable")


def _check_existing(output: Output, path: Path, info: os.stat_result) -> None:
    """Refuse what is at ``path`` unless it is a regular file (a folder for a folder)."""
    option, shown, mode = output.option, repr(str(path)), info.st_mode
    if stat.S_ISLNK(mode):
        raise InputError(
            f"{option}: {shown} is a symbolic link (to {os.readlink(path)!r}); crazy4 never "
            "writes through a link: name the file itself, or another name"
        )
    if output.folder and not stat.S_ISDIR(mode):
        raise InputError(f"{option}: {shown} is {file_kind(mode)}, not a folder")
    if not output.folder and stat.S_ISDIR(mode):
        raise InputError(f"{option}: {shown} is a folder, not a file")
    if not output.folder and not stat.S_ISREG(mode):
        raise InputError(
            f"{option}: {shown} is {file_kind(mode)}; crazy4 replaces only regular files and "
            "folders (never a device, a FIFO or a socket)"
        )
    if mount_point(path, info):
        what = "folder" if output.folder else "file"
        raise InputError(
            f"{option}: {shown} is a mount point, which cannot be replaced (crazy4 writes "
            f"beside an output and renames it into place); give a {what} inside it"
        )


def _check_distinct(
    outputs: Sequence[Output], inputs: Sequence[tuple[str, Path | str | None]]
) -> None:
    """No output is another output or an input, or lies inside an output folder."""
    named = [(o.option, str(o.path), True, o.folder) for o in outputs]
    named += [
        (option, str(path), False, False)
        for option, path in inputs
        if path is not None and os.path.exists(path)
    ]
    found = [(*entry, Path(os.path.realpath(entry[1])), identity(entry[1])) for entry in named]
    # the raw text each option was given with (``./a.csv``), in every message below
    for index, (option, path, written, folder, real, inode) in enumerate(found):
        for other, other_path, other_written, _, other_real, other_inode in found[:index]:
            same = real == other_real or (inode is not None and inode == other_inode)
            if same and written and other_written:
                raise InputError(
                    f"{other} and {option} name the same file ({other_path!r} and "
                    f"{path!r}); give two different files"
                )
            if same and (written or other_written):
                out, out_path, source, source_path = (
                    (option, path, other, other_path)
                    if written
                    else (other, other_path, option, path)
                )
                raise InputError(
                    f"{out} {out_path!r} is the input {source} {source_path!r}; "
                    "writing it would destroy what is read: give another file"
                )
        if folder:
            for place, (other, other_path, _, _, other_real, _) in enumerate(found):
                if place != index and real in other_real.parents:
                    raise InputError(
                        f"{other} {other_path!r} is inside {option} {str(path)!r}, which "
                        "is replaced as a whole; give a path outside it"
                    )


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
    """Check, before any computing, that a results folder can be replaced as a whole: one
    output folder alone through :func:`check_outputs`. The folders above ``path`` are created;
    an existing folder must hold only what crazy4 writes (:data:`RESULT_FILES`, parquet tables
    with crazy4 provenance, temporary files).

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
    check_outputs([Output(option, path, folder=True)])
    return Path(path)


def _check_folder(path: Path, option: str) -> None:
    """The folders above a results folder (created); an existing one holds only crazy4's."""
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


def _make_folder(folder: Path, output: Path, option: str) -> None:
    """Create ``folder`` and those above it, or say that ``output`` cannot be created."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(
            f"{option}: output folder {str(output)!r} cannot be created: {error.strerror}"
        ) from None
