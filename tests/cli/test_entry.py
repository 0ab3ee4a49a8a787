"""The console script's quick exit (crazy4.cli.entry): what the normal exit guarantees holds.

Each case runs in a subprocess, since the exit ends the process: the status, the output
flushed to a pipe, a table's background save finished, the atexit handlers run, and the
normal exit taken while another thread still runs."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from crazy4.cli.main import main


def _python(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )


def test_the_output_and_status_of_python_m_crazy4(capsys: pytest.CaptureFixture[str]) -> None:
    """Through the quick exit, the same lines as in this process, all of them, and status 0."""
    assert main(["rules", "list"]) == 0
    expected = capsys.readouterr().out
    done = subprocess.run(
        [sys.executable, "-m", "crazy4", "rules", "list"], capture_output=True, text=True
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, expected, "")
    assert expected.count("\n") >= 6  # every shipped rule set, each on a line


def test_bad_input_still_exits_2_with_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "crazy4", "analyze", "--rules", "no-such-rules"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "no-such-rules" in done.stderr


def test_help_and_version_exit_0() -> None:
    for flag, text in (("--help", "usage: crazy4"), ("--version", "crazy4 ")):
        done = subprocess.run(
            [sys.executable, "-m", "crazy4", flag], capture_output=True, text=True
        )
        assert done.returncode == 0 and done.stdout.startswith(text), flag


def test_a_background_save_finishes_and_atexit_handlers_run(tmp_path: Path) -> None:
    """A thread saving a table (its name starts with SAVING) is joined; handlers run."""
    done = _python(
        """
        import atexit, threading, time
        from pathlib import Path
        from crazy4.cli.entry import exit_quickly
        from crazy4.core.cache import SAVING

        def save():
            time.sleep(0.5)
            Path("table.npy").write_text("saved")

        threading.Thread(target=save, name=SAVING + "counts", daemon=False).start()
        atexit.register(lambda: Path("handler.txt").write_text("ran"))
        print("flushed?", end="")
        exit_quickly(3)
        """,
        tmp_path,
    )
    assert (done.returncode, done.stdout, done.stderr) == (3, "flushed?", "")
    assert (tmp_path / "table.npy").read_text() == "saved"
    assert (tmp_path / "handler.txt").read_text() == "ran"


def test_another_running_thread_gets_the_normal_exit(tmp_path: Path) -> None:
    """A non-daemon thread that is not a save: the normal exit, which waits for it."""
    done = _python(
        """
        import threading, time
        from pathlib import Path
        from crazy4.cli.entry import exit_quickly

        def work():
            time.sleep(0.5)
            Path("work.txt").write_text("done")

        threading.Thread(target=work, daemon=False).start()
        exit_quickly(4)
        """,
        tmp_path,
    )
    assert (done.returncode, done.stderr) == (4, "")
    assert (tmp_path / "work.txt").read_text() == "done"


def test_a_reader_that_closes_the_pipe_costs_no_error(tmp_path: Path) -> None:
    """The reader is gone before the command writes (``crazy4 rules show ... | true``): status 0
    and nothing on standard error, no "Exception ignored" from a failed final flush."""
    process = subprocess.Popen(
        [sys.executable, "-m", "crazy4", "rules", "show", "crazy4-standard"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    error = process.stderr.read()
    assert process.wait(timeout=60) == 0 and error == b""


def test_an_interrupt_while_a_table_is_saved_is_one_line(tmp_path: Path) -> None:
    """Ctrl-C while the quick exit waits for a background save: one line, status 130, no
    traceback. (The save itself is atomic, a temporary file renamed into place, so the table
    is then either whole or built again by the next run.)"""
    import signal
    import time

    script = textwrap.dedent(
        """
        import signal, threading, time
        from pathlib import Path
        import crazy4.cli.entry as entry
        from crazy4.core.cache import SAVING

        # Ctrl-C raises KeyboardInterrupt, as in a terminal, whatever the test runner's
        # process passed down (a worker that ignores SIGINT makes its children ignore it)
        signal.signal(signal.SIGINT, signal.default_int_handler)

        def save():  # in progress until the test's Ctrl-C, however loaded the machine
            deadline = time.monotonic() + 20
            while not Path("release").exists() and time.monotonic() < deadline:
                time.sleep(0.05)
            Path("table.npy").write_text("saved")

        def command():
            threading.Thread(target=save, name=SAVING + "counts", daemon=False).start()
            Path("waiting").write_text("")
            return 0

        entry.main = command
        entry.run()
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    deadline = time.monotonic() + 60
    while not (tmp_path / "waiting").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)  # in the join of the save
    process.send_signal(signal.SIGINT)
    out, error = process.communicate(timeout=60)
    assert (process.returncode, out, error) == (130, "", "crazy4: interrupted\n")


@pytest.mark.parametrize(("environment", "huge"), [(None, False), ("1", True)])
def test_numpy_allocates_in_small_pages_unless_the_environment_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, environment: str | None, huge: bool
) -> None:
    """The console script sets numpy's huge-page switch before numpy's import; a user's own
    setting wins. numpy reports the switch it read (an atexit handler, run at the quick exit)."""
    if environment is None:
        monkeypatch.delenv("NUMPY_MADVISE_HUGEPAGE", raising=False)
    else:
        monkeypatch.setenv("NUMPY_MADVISE_HUGEPAGE", environment)
    done = _python(
        """
        import atexit, sys
        def report():
            import numpy
            print("huge", numpy._core.multiarray._get_madvise_hugepage())
        atexit.register(report)
        sys.argv = ["crazy4", "rules", "list"]
        from crazy4.cli.entry import run
        run()
        """,
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == f"huge {huge}"
