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
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any


def compiled(function: Callable[..., Any]) -> Callable[[], Any]:
    """A getter of ``function`` compiled by numba (``nogil``, cached on disk beside the module
    that defines it), compiled or read from numba's cache at the getter's first call."""

    @cache
    def kernel() -> Any:
        import numba

        from crazy4.core.precompile import load_numba_registries

        load_numba_registries()  # without scipy's BLAS bindings, before the first call does
        return numba.njit(nogil=True, cache=True)(function)

    return kernel
