"""Compile numba kernels in a child process, so that a cold cache's compile runs on another core.

Why a process
-------------
On an empty numba cache, Four Card Poker's count kernels take seconds of CPU to compile.
Compiled on a thread beside the table building, the compile holds the GIL for most of that time
(numba types and lowers in Python), so the table building waits for it and the two hardly
overlap. A child process compiles on the other core instead: it calls each kernel once with
arguments of the types the analysis passes (its caller's ``compile`` functions), numba writes the
machine code to its on-disk cache (``cache=True``), and the parent, which calls the kernels only
after the child has finished, loads them from there in a fraction of a second. The child
optimizes at LLVM's level 1 (:data:`CHILD_OPTIMIZATION`), which compiles faster; the code differs
only in speed, and the integers it computes are the same.

When
----
As early as the caller knows a cold run will need the kernels: ``crazy4 analyze`` asks the
game to start its compile (:meth:`crazy4.game.SpecGame.prepare`) right after reading the rules,
before the analysis imports pandas and pyarrow, and the analysis's own request returns the same
running child. While it waits, the caller does what needs no kernel (the forced-card count
checks and prepares its arguments and loads numba's registries, :func:`load_numba_registries`).
A child still running when the process exits is stopped.

Nothing depends on the child: if it cannot start, fails, or its cache cannot be written (an
unwritable ``NUMBA_CACHE_DIR``), the parent compiles the kernels itself on their first call, as
it would without this module. The child gets the parent's ``sys.path``, so it imports the same
package (a checkout on ``PYTHONPATH``, a notebook's inserted path).
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.util
import os
import pickle
import subprocess
import sys
import threading
from collections.abc import Callable
from functools import cache
from typing import Any

#: LLVM's optimization level in the child (numba's ``NUMBA_OPT``; numba's default is 3). At
#: level 1 a child compiles Four Card Poker's count kernel faster than at levels 2 and 3, and
#: the count runs as fast (its time is in table reads that miss the caches; the measurements
#: are in docs/engineering.md). Level 0 is not used: numba cannot cache the count kernel
#: compiled at it. A ``NUMBA_OPT`` of the caller's own is passed on unchanged.
CHILD_OPTIMIZATION = 1

#: The child's program: unpickle each target (a function pickles as a reference to its
#: module and name, which unpickling imports) and call it, then end at once. numba has written
#: each kernel's cache files by the time its call returns, and the interpreter's teardown
#: (clearing numba's and LLVM's objects) would add to the child's wall time, all of it on the
#: parent's critical path: it waits for the child to end.
_PROGRAM = """
import os, pickle, sys
for target in sys.argv[1:]:
    pickle.loads(bytes.fromhex(target))()
os._exit(0)
"""


#: The last child started for each set of targets, with the thread that waits for it (None
#: if no interpreter could start): :func:`compile_in_child` starts one while none runs, and
#: those still running when this process exits are stopped (:func:`_stop_children`).
_children: dict[
    tuple[Callable[[], object], ...], tuple[threading.Thread, subprocess.Popen[bytes] | None]
] = {}
_children_lock = threading.Lock()


def compile_in_child(*targets: Callable[[], object]) -> threading.Thread:
    """Start a child Python process that calls each of ``targets`` (a module-level function of
    no arguments that compiles kernels by calling them, passed to the child pickled: by its
    module and name); return a started thread that ends when the child does. Join it before
    the kernels' first call in this process.

    While a child for the same ``targets`` runs, a second call returns its thread instead of
    starting another, so a command may start the compile as early as it knows it will need
    it (:meth:`crazy4.game.SpecGame.prepare`) and the analysis asks for it again later.

    Parameters
    ----------
    *targets : Callable[[], object]
        Functions of a module the child can import, such as
        :func:`crazy4.core.forced.compile_count_kernel`.

    Returns
    -------
    threading.Thread
        Waits for the child; its failure (a non-zero exit, no interpreter) is ignored.

    Examples
    --------
    >>> import gc, time
    >>> compile_in_child(gc.collect).join()
    >>> first = compile_in_child(time.sleep)  # fails (no argument), after a process start
    >>> compile_in_child(time.sleep) is first or not first.is_alive()
    True
    """
    with _children_lock:
        running = _children.get(targets)
        if running is not None and running[0].is_alive():
            return running[0]
        _children[targets] = _start(targets)
        return _children[targets][0]


def _start(
    targets: tuple[Callable[[], object], ...],
) -> tuple[threading.Thread, subprocess.Popen[bytes] | None]:
    pickled = [pickle.dumps(target).hex() for target in targets]
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(entry for entry in sys.path if entry)
    environment.setdefault("NUMBA_OPT", str(CHILD_OPTIMIZATION))
    child: subprocess.Popen[bytes] | None = None
    with contextlib.suppress(OSError):  # no interpreter to start: the kernels compile on use
        child = subprocess.Popen(
            [sys.executable, "-c", _PROGRAM, *pickled],
            env=environment,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    waiting = child.wait if child is not None else None
    thread = threading.Thread(target=waiting, name="compile in a child process", daemon=True)
    thread.start()
    return thread, child


@atexit.register
def _stop_children() -> None:
    # a command that failed on its input leaves no compile behind; numba writes each cache
    # file whole (a temporary file renamed into place), so a child stopped mid-compile leaves
    # no broken cache entry (at most a stray temporary file): the kernel compiles again later
    for _, child in _children.values():
        if child is not None and child.poll() is None:
            child.terminate()


def compiled(function: Callable[..., Any]) -> Callable[[], Any]:
    """A getter of ``function`` compiled by numba (``nogil``, cached on disk beside the module
    that defines it) at the getter's first call, so a module defining a kernel imports no numba
    until it is wanted.

    Examples
    --------
    Defining the getter compiles nothing; its first call compiles (or reads numba's cache) once:

    >>> def double(values):
    ...     return values * 2
    >>> kernel = compiled(double)
    >>> callable(kernel), kernel.cache_info().currsize
    (True, 0)
    """

    @cache
    def kernel() -> Any:
        import numba

        load_numba_registries()  # without scipy's BLAS bindings, before the first call does
        return numba.njit(nogil=True, cache=True)(function)

    return kernel


def load_numba_registries() -> None:
    """Load numba's typing and lowering registries in this process now.

    numba fills them on a process's first kernel call, even one read from its on-disk cache,
    most of the time importing its array functions. A process that will soon call a kernel
    compiled by a child calls this while it waits for the child, and the kernel then loads at
    once; the child calls it before its compile. Those functions ask at their import whether
    scipy's BLAS bindings are there, by importing ``scipy.linalg`` (half a second; no kernel
    here calls BLAS): the question is answered by whether scipy is installed, and numba's
    linear algebra still imports the bindings when a kernel uses them. If numba's internals
    differ from what this expects, nothing is loaded early and the first call pays as before.

    Examples
    --------
    >>> load_numba_registries()
    """
    with contextlib.suppress(ImportError, AttributeError):
        from numba.core.compiler_lock import global_compiler_lock
        from numba.core.registry import cpu_target
        from numba.np import linalg

        # under numba's own lock, as numba refreshes them: threads of one process (a team's
        # seats priced in parallel) each load them before their count, and two refreshes at
        # once advance the same generator ("generator already executing")
        with global_compiler_lock:
            check = linalg.ensure_blas
            linalg.ensure_blas = _ensure_scipy  # what numba.np.arraymath calls at its import
            try:
                cpu_target.typing_context.refresh()
                cpu_target.target_context.refresh()
            finally:
                linalg.ensure_blas = check


def _ensure_scipy() -> None:
    if importlib.util.find_spec("scipy") is None:  # found without importing it
        raise ImportError("scipy is required for linear algebra")
