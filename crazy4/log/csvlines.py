"""The lines of a CSV log Arrow's reader cannot take (longer than a block of :data:`BLOCK`
bytes, a header that is no line, UTF-16 or UTF-32 text), found and named in one line."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from crazy4.errors import InputError

#: The CSV reader's block: no line of a log may be longer.
BLOCK = 1 << 20


def wide_text(head: bytes) -> str | None:
    """What a file's first bytes are when they read as UTF-16 or UTF-32 text, mostly ASCII
    (as a log is), else None: by a byte-order mark, or NUL bytes beside ASCII characters.

    Examples
    --------
    >>> wide_text("round,seat".encode("utf-16")), wide_text("round".encode("utf-16-be"))
    ('UTF-16 text', 'UTF-16 text')
    >>> wide_text(b"round,seat") is None, wide_text(b"\\xff\\xfe" + bytes(range(200))) is None
    (True, True)
    """
    for codec, name, unit in (
        ("utf-32", "UTF-32", 4),
        ("utf-16", "UTF-16", 2),
        ("utf-16-le", "UTF-16", 2),
        ("utf-16-be", "UTF-16", 2),
    ):
        sample = head[: min(len(head), 4096) // unit * unit]
        try:
            text = sample.decode(codec)
        except UnicodeDecodeError:
            continue
        text = text.removeprefix("\ufeff")
        if len(text) >= 2 and sum(" " <= c < "\x7f" or c in "\r\n\t" for c in text) > 0.9 * len(
            text
        ):
            return f"{name} text"
    return None


def check_header(path: Path) -> None:
    """Refuse a CSV log whose header line is longer than :data:`BLOCK`.

    Raises
    ------
    InputError
        The header line is too long, with its length when the file ends sooner than 64 MB.
    """
    with open(path, "rb") as handle:
        head = handle.read(BLOCK + 1)
    if len(head) > BLOCK and b"\n" not in head and b"\r" not in head:
        raise InputError(
            f"{str(path)!r}: the header (line 1) is longer than {BLOCK:,} bytes; a CSV log's "
            "lines are at most that long"
        )


def long_line(path: Path) -> InputError:
    """The one-line error naming the first line of ``path`` longer than :data:`BLOCK` (read in
    blocks; called only when the reader failed on such a line).

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "log.csv"
    >>> _ = path.write_bytes(b"a,b\\n1,2\\n" + b"x" * (BLOCK + 5) + b"\\n3,4\\n")
    >>> print(long_line(path))  # doctest: +ELLIPSIS
    '...log.csv': row 2 (line 3) is 1,048,581 bytes long; a CSV log's lines are at most ...
    """
    line, start, position = 1, 0, 0
    with open(path, "rb") as handle:
        while block := handle.read(1 << 24):
            ends = np.flatnonzero(np.frombuffer(block, np.uint8) == 10) + position
            bounds = np.concatenate([[start], ends + 1])
            lengths = np.diff(bounds) - 1
            over = np.flatnonzero(lengths > BLOCK)
            if over.size:
                at = int(over[0])
                return _too_long(path, line + at, int(lengths[at]))
            line += ends.size
            start = int(bounds[-1])
            position += len(block)
            if position - start > BLOCK:
                return _too_long(path, line, position - start, at_least=True)
    return InputError(f"{str(path)!r}: a line is longer than {BLOCK:,} bytes")


def _too_long(path: Path, line: int, length: int, at_least: bool = False) -> InputError:
    size = f"{'more than ' if at_least else ''}{length:,} bytes long"
    return InputError(
        f"{str(path)!r}: row {line - 1:,} (line {line:,}) is {size}; a CSV log's lines are at "
        f"most {BLOCK:,} bytes"
    )
