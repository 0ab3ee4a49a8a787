"""Atomic replacement of a file or a whole folder: build beside the target, then rename.

A reader sees either the old file (folder) or the complete new one. Only a regular file (a
folder) is replaced: a link, a device, a FIFO, a socket or a mount point at the target raises
:class:`UnsafeTargetError` before anything is written, and again just before the rename.
Temporary names are ``.<target name>.<process id>.<random>.tmp`` beside the target; every write
first removes the *stale* ones of its target, whose process is no longer running.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import re
import secrets
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

#: ``renameat2`` flag: swap two paths atomically (Linux).
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100
#: The random part of the temporary names earlier versions wrote (``mkstemp``: no process id).
_LEGACY = re.compile(r"[a-z0-9_]{8}")


#: What is at a path: its (device, inode), or ``None`` when nothing is.
Identity = tuple[int, int] | None
#: ``expect`` of :func:`replace_folder_atomically` when the caller claims nothing.
UNCHECKED: Identity = (-1, -1)


class UnsafeTargetError(OSError):
    """The target of a write is not what may be replaced (a link, a device, a mount point)."""


class LostRaceError(OSError):
    """Another process replaced the target folder after this one checked it."""


def identity(path: Path | str) -> Identity:
    """The (device, inode) of what is at ``path`` (links followed), or ``None``.

    Examples
    --------
    >>> identity("/no/such/path") is None, identity("/") == identity("/.")
    (True, True)
    """
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino)


def file_kind(mode: int) -> str:
    """``"a character device"``, ``"a FIFO"``...: what a ``st_mode`` is, for a message.

    Examples
    --------
    >>> file_kind(os.stat("/").st_mode), file_kind(stat.S_IFIFO)
    ('a folder', 'a FIFO (named pipe)')
    """
    kinds = (
        (stat.S_ISLNK, "a symbolic link"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISREG, "a file"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((text for test, text in kinds if test(mode)), "not a regular file")


def mount_point(path: Path | str, info: os.stat_result) -> bool:
    """Whether ``path`` (``info``: its ``lstat``) is a mount point: a folder by
    :func:`os.path.ismount`, a file by the system's mount table (a file bind-mounted over
    another; where there is no ``/proc/self/mountinfo``, never). A file's device number is no
    test: on an overlay file system files and folders report different ones.

    Examples
    --------
    >>> mount_point("/", os.lstat("/")), mount_point(__file__, os.lstat(__file__))
    (True, False)
    """
    if stat.S_ISDIR(info.st_mode):
        return os.path.ismount(path)
    try:
        table = Path("/proc/self/mountinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    real = os.path.realpath(path)
    octal = re.compile(r"\\([0-7]{3})")  # a space in a mount point is written \040
    for line in table.splitlines():
        fields = line.split(" ")
        if len(fields) > 4 and octal.sub(lambda m: chr(int(m[1], 8)), fields[4]) == real:
            return True
    return False


def refuse_unsafe(path: Path, folder: bool) -> None:
    """Raise :class:`UnsafeTargetError` unless ``path`` is missing or a regular file (a folder when
    ``folder``) that is not a mount point.

    Examples
    --------
    >>> refuse_unsafe(Path("/dev/null"), folder=False)
    Traceback (most recent call last):
    ...
    crazy4.core.atomic.UnsafeTargetError: [Errno 17] is a character device; only a regular ...
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as error:  # a file above it: the write itself fails and says so
        if error.errno == errno.ENOTDIR:
            return
        raise
    mode, wanted = info.st_mode, "a folder" if folder else "a regular file"
    safe = stat.S_ISDIR(mode) if folder else stat.S_ISREG(mode)
    if not safe:
        reason = f"is {file_kind(mode)}; only {wanted} is replaced"
        raise UnsafeTargetError(errno.EEXIST, reason, str(path))
    if mount_point(path, info):
        raise UnsafeTargetError(
            errno.EBUSY, "is a mount point, which cannot be replaced", str(path)
        )


def _process_running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0  # another user's process (or not a process id at all)
    return True


def stale_temporaries(path: Path) -> list[Path]:
    """The temporary files and folders beside ``path`` left by killed writes to it.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> mine = f".a.txt.{os.getpid()}.x.tmp"
    >>> for name in (".a.txt.abcd1234.tmp", ".a.txt.99999999.x.tmp", mine, ".a.txt.gz.1.x.tmp"):
    ...     _ = (folder / name).write_text("")
    >>> [p.name for p in stale_temporaries(folder / "a.txt")]
    ['.a.txt.99999999.x.tmp', '.a.txt.abcd1234.tmp']
    """
    prefix = f".{path.name}."
    try:
        entries = sorted(path.parent.iterdir())
    except OSError:
        return []
    stale = []
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        parts = name[len(prefix) : -len(".tmp")].split(".")
        if len(parts) == 2 and parts[0].isdigit():  # <process id>.<random>
            if _process_running(int(parts[0])):
                continue
        elif not (len(parts) == 1 and _LEGACY.fullmatch(parts[0])):
            continue  # another target's temporary (``a.txt.gz`` beside ``a.txt``)
        stale.append(entry)
    return stale


def remove_stale_temporaries(path: Path) -> None:
    """Remove :func:`stale_temporaries` of ``path`` (errors ignored: another run may race)."""
    for entry in stale_temporaries(path):
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                entry.unlink()


def _prefix(path: Path) -> str:
    return f".{path.name}.{os.getpid()}."


def replace_atomically(path: Path | str, write: Callable[[Path], object]) -> None:
    """Call ``write`` on a temporary file in ``path``'s folder, then rename it to ``path``
    (on any error the temporary file is removed and the error raised).

    Examples
    --------
    >>> import tempfile
    >>> target = Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = (target.parent / ".a.txt.99999999.abcd.tmp").write_text("left by a killed run")
    >>> replace_atomically(str(target), lambda tmp: tmp.write_text("done"))
    >>> target.read_text()
    'done'
    >>> def fail(tmp: Path) -> None:
    ...     tmp.write_text("half")
    ...     raise OSError("disk full")
    >>> try:
    ...     replace_atomically(target, fail)
    ... except OSError:
    ...     pass
    >>> target.read_text(), sorted(p.name for p in target.parent.iterdir())
    ('done', ['a.txt'])
    """
    path = Path(path)
    refuse_unsafe(path, folder=False)
    remove_stale_temporaries(path)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=_prefix(path), suffix=".tmp")
    os.close(handle)
    try:
        write(Path(temporary))
        os.chmod(temporary, 0o644)
        refuse_unsafe(path, folder=False)  # again: the write may have taken minutes
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def _exchange(first: Path, second: Path) -> bool:
    """Swap two existing paths atomically (Linux ``renameat2``); False where unsupported."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return False
    status: int = renameat2(
        _AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE
    )
    if status == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(second))


@contextlib.contextmanager
def _folder_lock(folder: Path) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``folder`` (where the system has one): the check of what
    is at a target and the swap are one step for every crazy4 process writing beside it."""
    try:
        import fcntl

        handle = os.open(folder, os.O_RDONLY)
    except (ImportError, OSError):
        yield
        return
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # releases the lock


def replace_folder_atomically(
    path: Path | str, write: Callable[[Path], None], expect: Identity = UNCHECKED
) -> None:
    """Call ``write`` on a new temporary folder beside ``path``, then swap it in as a whole.

    Where the system can swap two folders atomically (Linux) it does; elsewhere the old folder
    is renamed aside first. ``expect`` is what the caller found at ``path`` before it computed
    (:func:`identity`); when given, the swap happens only if ``path`` still holds that (checked
    and swapped under a lock on the parent folder), else :class:`LostRaceError` is raised.

    Examples
    --------
    >>> import tempfile
    >>> target = Path(tempfile.mkdtemp()) / "out"
    >>> replace_folder_atomically(target, lambda tmp: (tmp / "a.txt").write_text("1"))
    >>> replace_folder_atomically(str(target), lambda tmp: (tmp / "b.txt").write_text("2"))
    >>> sorted(p.name for p in target.iterdir()), sorted(p.name for p in target.parent.iterdir())
    (['b.txt'], ['out'])
    """
    path = Path(path)
    refuse_unsafe(path, folder=True)
    remove_stale_temporaries(path)
    temporary = Path(tempfile.mkdtemp(dir=path.parent, prefix=_prefix(path), suffix=".tmp"))
    try:
        write(temporary)
        os.chmod(temporary, 0o755)
        with _folder_lock(path.parent):
            if expect != UNCHECKED and identity(path) != expect:
                raise LostRaceError(
                    errno.EEXIST,
                    "another run wrote this folder while this one computed; its results are "
                    "kept and this run's were not written",
                    str(path),
                )
            refuse_unsafe(path, folder=True)
            _swap(temporary, path)
    finally:
        if temporary.exists():
            shutil.rmtree(temporary, ignore_errors=True)


def _swap(temporary: Path, path: Path) -> None:
    """Put the folder ``temporary`` at ``path``; the old folder, if any, ends at ``temporary``
    or is removed."""
    if not path.exists():
        os.rename(temporary, path)
    elif _exchange(temporary, path):
        pass  # ``temporary`` now holds the old folder, removed by the caller
    else:
        aside = path.parent / f"{_prefix(path)}{secrets.token_hex(4)}.tmp"
        os.rename(path, aside)
        os.rename(temporary, path)
        shutil.rmtree(aside, ignore_errors=True)
