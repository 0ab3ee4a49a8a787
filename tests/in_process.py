"""``crazy4 ARGUMENTS`` run in the test's own process, for the tests about what a command
prints and returns rather than about the process (a child Python only adds its start-up: the
imports and the compiled kernels loaded again, seconds of CPU a call). The command line from
outside -- a fresh interpreter, its exit status, no traceback -- is checked by
``tests/cli/test_cli_bad_input.py::test_from_outside`` and
``tests/core/test_large_payouts.py::test_subprocess_runs_show_no_traceback``."""

from __future__ import annotations

import contextlib
import io
import subprocess

from crazy4.cli.main import main


def crazy4(*arguments: str) -> subprocess.CompletedProcess[str]:
    """``main(ARGUMENTS)`` (as ``python -m crazy4 ARGUMENTS`` calls it): its exit status and
    standard output and error, as :func:`subprocess.run` would have captured them."""
    out, errors = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(errors):
        status = main(list(arguments))
    return subprocess.CompletedProcess(list(arguments), status, out.getvalue(), errors.getvalue())
