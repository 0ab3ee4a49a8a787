"""The console script ``crazy4`` (and ``python -m crazy4``): the command line, then a quick exit.

:func:`exit_quickly` skips the interpreter's teardown (which frees every object one at a time)
but keeps what the normal exit guarantees: the background saves of tables
(:data:`crazy4.core.cache.SAVING`) are joined, every :mod:`atexit` handler runs, and the standard
streams are flushed. With another non-daemon thread running it takes the normal exit.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import sys
import threading
from typing import NoReturn

from crazy4.cli.main import main

#: numpy's switch for transparent huge pages, read when numpy is imported: the command line
#: asks for small pages unless the environment says otherwise (docs/engineering.md, "Small
#: memory pages": on a virtual machine that returns free memory to its host, a huge page's
#: first touch cost 5 to 80 times a small page's; the count was no faster in huge pages).
HUGE_PAGES = "NUMPY_MADVISE_HUGEPAGE"


def run() -> NoReturn:
    """Run the command line (:func:`crazy4.cli.main.main`) and exit with its status."""
    os.environ.setdefault(HUGE_PAGES, "0")  # before numpy's import (not imported yet here)
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
    """End the process with ``status`` without the interpreter's teardown (module docstring)."""
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
