"""The console script ``crazy4`` (and ``python -m crazy4``): the command line, then a quick exit.

Why a quick exit
----------------
When a command has finished, the interpreter's own teardown still clears every module and
frees every object one at a time: after a Four Card Poker analysis (1.6 GB of arrays, the
pandas, pyarrow and numba objects) that is a noticeable part of the command's wall time. The
operating system frees a process's memory at once when it ends, so that work buys nothing.

:func:`exit_quickly` keeps what the normal exit guarantees and a command relies on:

- the threads saving a table in the background (:data:`crazy4.core.cache.SAVING`) are
  joined, so a table is never cut short (the module is looked up, not imported: a command
  that never imported it, ``--help``, saves nothing and needs no numpy);
- every :mod:`atexit` handler runs (a compile child still running is stopped, a
  multiprocessing or Dask pool is shut down, logging is flushed);
- standard output and standard error are flushed, and a reader that closed the pipe early
  (``crazy4 ... | head``) costs nothing but the lost output, as with ``BrokenPipeError`` in
  :func:`crazy4.cli.main.main`.

If any other non-daemon thread is still running (a library's pool), it takes the normal exit
instead, which waits for it. An interrupt while it waits for a save is one line and status 130,
as an interrupted command is; the save is atomic (a temporary file renamed into place), so the
table is then either whole or built again by the next run.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import sys
import threading
from typing import NoReturn

from crazy4.cli.main import main


def run() -> NoReturn:
    """Run the command line (:func:`crazy4.cli.main.main`) and exit with its status."""
    try:
        status = main()
    except SystemExit as done:  # --help and --version, as argparse ends them
        if isinstance(done.code, int) or done.code is None:
            status = done.code or 0
        else:  # a message: printed, status 1, as the interpreter does
            print(done.code, file=sys.stderr)
            status = 1
    try:
        exit_quickly(status)
    except KeyboardInterrupt:  # while a table is saved (atomically: whole, or built next time)
        print("crazy4: interrupted", file=sys.stderr)
        sys.exit(130)


def exit_quickly(status: int) -> NoReturn:
    """End the process with ``status`` without the interpreter's teardown (module docstring).

    Falls back to :func:`sys.exit` (the normal teardown) while a non-daemon thread other
    than a table's background save is running.
    """
    cache = sys.modules.get("crazy4.core.cache")  # not imported (--help): no table is saved
    saving: str | None = getattr(cache, "SAVING", None)
    for thread in threading.enumerate():
        if saving is not None and thread.name.startswith(saving):
            thread.join()
    current = threading.current_thread()
    if any(t is not current and not t.daemon and t.is_alive() for t in threading.enumerate()):
        sys.exit(status)
    atexit._run_exitfuncs()  # the handlers the normal exit would run, in the same order
    _flush()
    os._exit(status)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe or stream: output lost
            stream.flush()
