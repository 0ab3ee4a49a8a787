"""Memory pages for large arrays written once: small pages, not transparent huge pages.

numpy asks Linux for transparent huge pages for every array of 4 MiB or more; where the
kernel's ``defrag`` setting is ``madvise``, the first touch may compact memory, which on a
fragmented machine costs more than the small pages it saves (docs/engineering.md). Huge pages
still pay for tables read at random, so the analysis keeps numpy's default while it builds
and counts, and switches to small pages (:func:`small_pages`) for arrays written once and read
in order. The switch is numpy's own (``numpy._core.multiarray._set_madvise_hugepage``); where a
numpy lacks it, :func:`small_pages` does nothing. It never changes a value.
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
