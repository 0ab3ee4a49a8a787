"""numba kernels compiled on first use: a module that defines one imports no numba until the
kernel is wanted (an analysis whose counts are cached, pricing a few rows).

Examples
--------
Defining the getter compiles nothing; its first call compiles (or reads numba's cache) once,
for a function defined in a module file (numba caches by the file):

>>> def double(values):
...     return values * 2
>>> kernel = compiled(double)
>>> callable(kernel), kernel.cache_info().currsize
(True, 0)

A child process may compile such kernels into numba's cache beside other work
(:func:`crazy4.core.precompile.compile_in_child`); :func:`compiled_by` hands its thread to the
getters, which wait for it before their first call reads the cache, so that they load what the
child compiled instead of compiling it again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import cache
from typing import Any

#: Compiles running in child processes that a getter's first call waits for
#: (:func:`compiled_by`).
_pending: list[threading.Thread] = []


def compiled_by(thread: threading.Thread) -> None:
    """Make the first call of every getter not yet called wait for ``thread`` (a child's
    compile of their kernels into numba's cache) to end.

    Examples
    --------
    >>> done = threading.Thread(target=lambda: None)
    >>> done.start()
    >>> compiled_by(done)
    >>> _wait()
    >>> _pending
    []
    """
    _pending.append(thread)


def _wait() -> None:
    for thread in list(_pending):
        thread.join()
        _pending.remove(thread)


def compiled(function: Callable[..., Any]) -> Callable[[], Any]:
    """A getter of ``function`` compiled by numba (``nogil``, cached on disk beside the module
    that defines it), compiled or read from numba's cache at the getter's first call."""

    @cache
    def kernel() -> Any:
        import numba

        _wait()  # a child compiling into numba's cache: read what it wrote
        return numba.njit(nogil=True, cache=True)(function)

    return kernel
