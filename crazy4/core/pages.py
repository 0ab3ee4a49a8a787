"""Memory pages for large arrays written once: small pages, not transparent huge pages.

Why
---
numpy asks Linux for transparent huge pages (2 MiB, ``madvise(MADV_HUGEPAGE)``) for every array
of 4 MiB or more. Where the kernel's huge-page ``defrag`` setting is ``madvise`` (the usual
default), the first touch of such memory compacts physical memory to find 2 MiB blocks when
none is free, and on a machine whose memory is fragmented (a page cache of many GiB) that costs
far more than the 4 KiB pages it saves: writing a new large array can take several times as
long in huge pages as in small ones, and a cold Four Card Poker analysis spent much of its
system time in those faults (the measurements: docs/engineering.md).

Huge pages still pay for tables read at random, where they spare TLB misses: Four Card Poker's
count reads its 123 MB of tables faster in them. So the analysis keeps numpy's default
while it builds those tables and counts, and switches to small pages (:func:`small_pages`) for
what comes after: the outcome cells, the pricing and the result tables, arrays written once and
read in order. The switch changes where the bytes live, never their values.

The switch is numpy's own (``numpy._core.multiarray._set_madvise_hugepage``, which numpy calls
at import from ``NUMPY_MADVISE_HUGEPAGE``); where a numpy does not have it, :func:`small_pages`
does nothing.

References
----------
The Linux kernel's admin guide, *Transparent Hugepage Support*
(``Documentation/admin-guide/mm/transhuge.rst``: ``enabled``, ``defrag`` and direct compaction);
numpy's ``NUMPY_MADVISE_HUGEPAGE`` (numpy 1.20 release notes).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator

import numpy as np

#: numpy's huge-page switch (takes the new setting, returns the previous one), or None.
HUGE_PAGE_SWITCH: Callable[[bool], bool] | None = getattr(
    getattr(getattr(np, "_core", None), "multiarray", None), "_set_madvise_hugepage", None
)

#: Nesting depth of :func:`small_pages` blocks across threads (the switch is process-wide).
_depth = 0
_previous = True
_lock = threading.Lock()


@contextlib.contextmanager
def small_pages() -> Iterator[None]:
    """Within the block, numpy allocates new arrays in small pages (module docstring).

    Blocks may nest and overlap across threads: numpy's setting is restored when the last one
    ends. Arrays keep their pages after the block; only new allocations are affected.

    Examples
    --------
    >>> with small_pages():
    ...     cells = np.zeros((1_000_000, 4), dtype=np.int64)  # 32 MB in 4 KiB pages
    >>> int(cells.sum())
    0
    """
    global _depth, _previous
    if HUGE_PAGE_SWITCH is None:
        yield
        return
    with _lock:
        if _depth == 0:
            _previous = HUGE_PAGE_SWITCH(False)
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                HUGE_PAGE_SWITCH(_previous)
