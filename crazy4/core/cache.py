"""On-disk cache of lookup tables, verified by checksum.

Tables are saved as ``<name>.npy`` beside ``<name>.crc32`` in :func:`cache_dir`, written
atomically; a table is memory-mapped read-only and its CRC-32 checked over the mapped bytes, and
one whose checksum, shape or dtype does not match is rebuilt, never trusted. Processes sharing
the folder build a missing table once: the first takes an exclusive lock on ``<name>.lock``
(``fcntl.flock``) and the others wait for it, then load the table (where no lock can be taken,
each builds its own). The cache key holds the package version and a fingerprint of the code
that builds the table (:data:`CORE_BUILDERS` and the caller's ``builders``), so no code change
reads a stale table. Saving a table removes its copies under other keys that no process has
read for :data:`IDLE_SECONDS` (:func:`superseded`), so the folder stays bounded.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import io
import os
import re
import sys
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import IO, Any

import numpy as np
import numpy.typing as npt

from crazy4.core.atomic import replace_atomically
from crazy4.version import __version__

#: The modules whose code decides the content of every cached table (part of every key).
CORE_BUILDERS = (
    "crazy4.core.cards",
    "crazy4.core.ranking",
    "crazy4.core.symmetry",
    "crazy4.core.engine",
    "crazy4.core.table_kernels",
    "crazy4.core.cache",
)


def module_source(name: str) -> bytes:
    """The source of a module, found by its dotted name (without running it).

    Raises
    ------
    ValueError
        If no module of that name has a source file.

    Examples
    --------
    >>> b"On-disk cache of lookup tables" in module_source("crazy4.core.cache")
    True
    """
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None or not spec.has_location:
        raise ValueError(f"module {name!r} has no source file to fingerprint")
    return Path(spec.origin).read_bytes()


@cache
def source_fingerprint(builders: tuple[str, ...] = ()) -> str:
    """Short hash of the modules that build a cached table (part of its cache key).

    Parameters
    ----------
    builders : tuple of str
        Dotted names of the modules that build the table, beyond :data:`CORE_BUILDERS`.

    Examples
    --------
    >>> len(source_fingerprint())
    12
    >>> source_fingerprint() != source_fingerprint(("crazy4.core.money",))
    True
    """
    digest = hashlib.sha256()
    for name in (*CORE_BUILDERS, *builders):
        digest.update(module_source(name))
    return digest.hexdigest()[:12]


def _stem(name: str, builders: tuple[str, ...]) -> str:
    return f"{name}-v{__version__}-{source_fingerprint(builders)}"


def cache_dir() -> Path:
    """The folder holding cached tables (created on first write).

    Examples
    --------
    >>> isinstance(cache_dir(), Path)
    True
    """
    explicit = os.environ.get("CRAZY4_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "crazy4"


def _digest(array: npt.NDArray[np.generic]) -> str:
    """CRC-32 of the array's bytes (C order), as 8 hex digits, without copying a C-contiguous
    array."""
    flat = np.ascontiguousarray(array).reshape(-1).view(np.uint8)
    return f"{zlib.crc32(flat.data):08x}"


#: Bytes the checksum of a loaded table reads at a time (:func:`_load`).
DIGEST_BLOCK = 1 << 20


def _file_digest(handle: io.BufferedReader, size: int) -> str:
    """CRC-32 of the next ``size`` bytes of an open file, as :func:`_digest` gives it of the
    same bytes in an array (empty when the file is shorter), read :data:`DIGEST_BLOCK` bytes
    at a time into one buffer."""
    crc, left = 0, size
    block = memoryview(bytearray(min(DIGEST_BLOCK, size)))
    while left:
        got = handle.readinto(block[: min(left, len(block))])
        if not got:
            return ""
        crc = zlib.crc32(block[:got], crc)
        left -= got
    return f"{crc:08x}"


def _load(
    path: Path, checksum_path: Path, shape: tuple[int, ...], dtype: type
) -> np.ndarray | None:
    """The table at ``path`` memory-mapped read-only, or None unless its shape, dtype and
    checksum are those expected. The checksum reads the file through one small buffer from the
    file the map is of, so that the map's pages become the process's only as its caller reads
    them (a table it does not read costs no memory)."""
    try:
        expected = checksum_path.read_text().strip()
        with open(path, "rb") as handle:
            version = np.lib.format.read_magic(handle)
            if version not in ((1, 0), (2, 0)):  # what np.save writes of these tables
                return None
            read_header = (
                np.lib.format.read_array_header_1_0
                if version == (1, 0)
                else np.lib.format.read_array_header_2_0
            )
            found, fortran, kind = read_header(handle)
            if found != shape or kind != np.dtype(dtype) or (fortran and len(shape) > 1):
                return None
            offset = handle.tell()
            mapped = np.memmap(handle, dtype=kind, mode="r", shape=found, offset=offset)
            handle.seek(offset)  # the map moved the file's position
            digest = _file_digest(handle, mapped.nbytes)
    except (OSError, ValueError, EOFError):
        return None
    array: npt.NDArray[Any] = mapped.view(np.ndarray)  # a plain array over the mapped file
    if not array.flags.c_contiguous or digest != expected:
        return None
    with contextlib.suppress(OSError):  # marks the copy used (see IDLE_SECONDS)
        os.utime(path)
    return array


def is_cached(name: str, builders: tuple[str, ...] = ()) -> bool:
    """Whether a table of that name (built by ``builders``, as in :func:`cached_array`) has been
    saved (its checksum is verified on load).

    Examples
    --------
    >>> is_cached("no-such-table")
    False
    """
    return (cache_dir() / f"{_stem(name, builders)}.npy").is_file()


#: The build locks this thread holds (a table's builder may ask for the same table again:
#: a second lock on it would wait for itself).
_held = threading.local()


class _Lock:
    """A build lock's open file, which its holder may hand to another thread (:meth:`keep`)."""

    def __init__(self, handle: IO[str] | None) -> None:
        self.handle = handle

    def keep(self) -> IO[str] | None:
        """Take the open lock file: the lock then lasts until the taker closes it."""
        handle, self.handle = self.handle, None
        return handle


@contextlib.contextmanager
def _build_lock(folder: Path, stem: str) -> Iterator[_Lock]:
    """Hold an exclusive lock on ``<stem>.lock`` in ``folder`` while building (none where the
    system or the folder does not allow one, or where this thread holds it already)."""
    held: set[Path] = _held.__dict__.setdefault("locks", set())
    lock_path = folder / f"{stem}.lock"
    if lock_path in held:
        yield _Lock(None)
        return
    try:
        import fcntl

        folder.mkdir(parents=True, exist_ok=True)
        handle = open(lock_path, "a")  # noqa: SIM115 - closed below or by the taker
    except (ImportError, OSError):
        yield _Lock(None)
        return
    held.add(lock_path)
    lock = _Lock(handle)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield lock
    finally:
        held.discard(lock_path)
        if lock.handle is not None:
            lock.handle.close()  # closing the file releases the lock


#: A superseded copy of a table is removed once no process has read it for this long.
IDLE_SECONDS = 3600.0


def superseded(
    folder: Path, name: str, builders: tuple[str, ...] = (), *, idle: float = IDLE_SECONDS
) -> list[Path]:
    """The ``.npy``, ``.crc32`` and ``.lock`` files (sorted) of table ``name`` (and
    ``builders``, as in :func:`cached_array`) in ``folder`` saved under another key than this
    code's and unread (neither saved nor read) for ``idle`` seconds: what saving the table
    removes; never another table's.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> for stem in ("demo-v0.0.1-0123456789ab", "demo_2-v0.0.1-0123456789ab",
    ...              _stem("demo", ())):
    ...     _ = (folder / f"{stem}.npy").write_bytes(b"")
    >>> [path.name for path in superseded(folder, "demo", idle=0.0)]
    ['demo-v0.0.1-0123456789ab.npy']
    >>> superseded(folder, "demo")  # just written: still in use, maybe by other code
    []
    """
    current = _stem(name, builders)
    pattern = re.compile(re.escape(name) + r"-v[0-9A-Za-z.+!]+-[0-9a-f]{12}\.(npy|crc32|lock)")
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    stems = {
        path.name.rsplit(".", 1)[0]
        for path in entries
        if pattern.fullmatch(path.name) and path.name.rsplit(".", 1)[0] != current
    }
    cutoff = time.time() - idle
    stale = {stem for stem in stems if _last_used(folder, stem) <= cutoff}
    return sorted(path for path in entries if path.name.rsplit(".", 1)[0] in stale)


def _last_used(folder: Path, stem: str) -> float:
    """When a copy's table file was last saved or read (its other files' time if it has none)."""
    for suffix in (".npy", ".crc32", ".lock"):
        try:
            return (folder / f"{stem}{suffix}").stat().st_mtime
        except OSError:
            continue
    return float("inf")


def _prune(folder: Path, name: str, builders: tuple[str, ...]) -> None:
    """Remove the superseded copies of a table (see :func:`superseded`); a file another
    process removed first, or one that cannot be removed, is left to the next save."""
    for path in superseded(folder, name, builders):
        with contextlib.suppress(OSError):
            path.unlink()


def _save_npy(target: Path, array: npt.NDArray[np.generic]) -> None:
    with open(target, "wb") as handle:  # a file object: np.save would append ".npy" to a name
        np.save(handle, array, allow_pickle=False)


def cached_array(
    name: str,
    build: Callable[[], npt.NDArray[np.generic]],
    *,
    expected_shape: tuple[int, ...],
    dtype: type,
    builders: tuple[str, ...] = (),
    background: bool = False,
) -> npt.NDArray[Any]:
    """Load a table from the cache, or build, save and return it.

    Parameters
    ----------
    name : str
        File stem of the table; the package version is appended.
    build : callable
        Builds the table when no valid cached copy exists.
    expected_shape, dtype
        What a valid table looks like; anything else is rebuilt.
    builders : tuple of str
        Dotted names of the modules whose code decides the table, beyond
        :data:`CORE_BUILDERS` (their source is part of the key).
    background : bool
        Save a built table on a thread of its own (not a daemon: the process waits for it
        before it exits) and return at once; the build lock is held until the file is saved,
        so another process waits for the file, not for a second build.

    Returns
    -------
    ndarray
        The table (read-only when it came from disk or was just saved).

    Examples
    --------
    >>> import tempfile, os
    >>> previous = os.environ.get("CRAZY4_CACHE_DIR")
    >>> os.environ["CRAZY4_CACHE_DIR"] = tempfile.mkdtemp()
    >>> cached_array("demo", lambda: np.arange(3, dtype=np.int16), expected_shape=(3,),
    ...              dtype=np.int16).tolist()
    [0, 1, 2]
    >>> if previous is None:
    ...     del os.environ["CRAZY4_CACHE_DIR"]
    ... else:
    ...     os.environ["CRAZY4_CACHE_DIR"] = previous
    """
    folder = cache_dir()
    stem = _stem(name, builders)
    path = folder / f"{stem}.npy"
    checksum_path = folder / f"{stem}.crc32"
    loaded = _load(path, checksum_path, expected_shape, dtype)
    if loaded is None:
        with _build_lock(folder, stem) as lock:
            # another process may have built it while this one waited for the lock
            loaded = _load(path, checksum_path, expected_shape, dtype)
            if loaded is None:
                array = _build(name, build, expected_shape, dtype)
                _prune(folder, name, builders)
                if not background:
                    _save(array, path, checksum_path, None)
                    return array
                saving = threading.Thread(
                    target=_save,
                    args=(array, path, checksum_path, lock.keep()),
                    name=f"{SAVING}{name}",
                    daemon=False,
                )
                saving.start()
                return array
    loaded.flags.writeable = False
    return loaded


#: The name of a thread saving a table in the background starts with this.
SAVING = "crazy4 cache: saving "


def _build(
    name: str,
    build: Callable[[], npt.NDArray[np.generic]],
    expected_shape: tuple[int, ...],
    dtype: type,
) -> npt.NDArray[Any]:
    array: npt.NDArray[Any] = np.ascontiguousarray(build(), dtype=dtype)
    if array.shape != expected_shape:
        raise RuntimeError(f"table {name}: built shape {array.shape}, expected {expected_shape}")
    array.flags.writeable = False
    return array


#: The cache folders already reported unwritable by this process (one line each, a run).
_UNWRITABLE: set[str] = set()
_UNWRITABLE_LOCK = threading.Lock()


def _warn_unwritable(folder: Path, error: OSError) -> None:
    """One line on standard error, once a process: the cache cannot be written, so every
    table is built again on every run (before, this was silent)."""
    with _UNWRITABLE_LOCK:
        if str(folder) in _UNWRITABLE:
            return
        _UNWRITABLE.add(str(folder))
    reason = error.strerror or str(error)
    print(
        f"crazy4: note: the table cache {str(folder)!r} cannot be written ({reason}); its "
        "tables are built again on every run (set CRAZY4_CACHE_DIR to a writable folder)",
        file=sys.stderr,
    )


def _save(array: npt.NDArray[Any], path: Path, checksum_path: Path, lock: IO[str] | None) -> None:
    """Save a table and its checksum (atomically each); then close ``lock``, if given."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_atomically(path, lambda target: _save_npy(target, array))
        digest = _digest(array) + "\n"
        replace_atomically(checksum_path, lambda target: target.write_text(digest))
    except OSError as error:  # costs a rebuild next time: said once a run
        _warn_unwritable(path.parent, error)
    finally:
        if lock is not None:
            lock.close()  # releases the build lock
