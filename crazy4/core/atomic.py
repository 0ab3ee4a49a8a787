"""Atomic file replacement: write a temporary file beside the target, then rename it.

A reader sees either the old file or the complete new one; an interrupted write leaves no
partial file (the temporary one is removed on any error).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path


def replace_atomically(path: Path, write: Callable[[Path], None]) -> None:
    """Call ``write`` on a temporary file in ``path``'s folder, then rename it to ``path``.

    Raises whatever ``write`` or the file system raises (``OSError``), after removing the
    temporary file.

    Examples
    --------
    >>> import tempfile
    >>> target = Path(tempfile.mkdtemp()) / "a.txt"
    >>> replace_atomically(target, lambda tmp: tmp.write_text("done"))
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
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(handle)
    try:
        write(Path(temporary))
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
