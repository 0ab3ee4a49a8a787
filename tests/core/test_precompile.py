"""The compile in a child process (crazy4/core/precompile.py): the child's machine code, written
to numba's on-disk cache, is what the parent then loads; a failing child changes nothing."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import cast

import pytest

from crazy4.core.precompile import CHILD_OPTIMIZATION, compile_in_child

KERNEL = textwrap.dedent(
    """
    import os
    from numba import njit

    @njit(cache=True)
    def add(a, b):
        return a + b

    def warm():
        add(1, 2)

    def record():
        with open(os.environ["RECORD_TO"], "w") as handle:
            handle.write(os.environ.get("NUMBA_OPT", "unset"))

    def fails():
        raise RuntimeError("no kernel here")

    def linger():
        import time
        # whole or not at all: a parent that sees the file may stop this child at once, and a
        # file created but not yet written would hold no pid (the test then waited in vain)
        with open(os.environ["RECORD_TO"] + ".part", "w") as handle:
            handle.write(str(os.getpid()))
        os.replace(os.environ["RECORD_TO"] + ".part", os.environ["RECORD_TO"])
        time.sleep(float(os.environ.get("LINGER", "60")))
    """
)


@pytest.fixture
def kernel_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "childkernel.py").write_text(KERNEL)
    monkeypatch.syspath_prepend(str(tmp_path))  # the child gets this process's sys.path
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    monkeypatch.delenv("NUMBA_OPT", raising=False)
    monkeypatch.delitem(sys.modules, "childkernel", raising=False)
    return tmp_path


def target(name: str) -> Callable[[], object]:
    """The function ``name`` of the test's kernel module (imported from its folder)."""
    return cast("Callable[[], object]", getattr(importlib.import_module("childkernel"), name))


def test_the_parent_loads_what_the_child_compiled(kernel_module: Path) -> None:
    compile_in_child(target("warm")).join()
    assert list((kernel_module / "numba").rglob("*.nbi")), "the child wrote no cache index"
    probe = (
        "import childkernel as k; assert k.add(2, 3) == 5; "
        "s = k.add.stats; print(sum(s.cache_hits.values()), sum(s.cache_misses.values()))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(kernel_module)},
    )
    hits, misses = map(int, done.stdout.split())
    assert (hits, misses) == (1, 0)


def test_the_child_optimizes_at_its_level_unless_told(
    kernel_module: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = kernel_module / "opt.txt"
    monkeypatch.setenv("RECORD_TO", str(record))
    compile_in_child(target("record")).join()
    assert record.read_text() == str(CHILD_OPTIMIZATION) == "1"
    monkeypatch.setenv("NUMBA_OPT", "3")  # the caller's own level is passed on
    compile_in_child(target("record")).join()
    assert record.read_text() == "3"


def test_a_failing_child_is_quiet(kernel_module: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A target the child cannot import (its module's file removed) and one that raises: the
    child fails, nothing is written and nothing is raised here."""
    (kernel_module / "gone.py").write_text("def warm():\n    pass\n")
    monkeypatch.delitem(sys.modules, "gone", raising=False)
    vanished = importlib.import_module("gone").warm
    (kernel_module / "gone.py").unlink()
    compile_in_child(vanished, target("fails")).join()
    assert not (kernel_module / "numba").exists()


def test_one_child_for_the_same_targets_while_it_runs(
    kernel_module: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = kernel_module / "pid.txt"
    monkeypatch.setenv("RECORD_TO", str(record))
    monkeypatch.setenv("LINGER", "1.5")
    first = compile_in_child(target("linger"))
    assert compile_in_child(target("linger")) is first  # asked again: the same child
    other = compile_in_child(target("record"))  # other targets: a child of their own
    assert other is not first
    first.join()
    other.join()
    assert compile_in_child(target("linger")) is not first  # ended: a new one starts
    compile_in_child(target("linger")).join()


def test_a_child_still_running_when_the_process_exits_is_stopped(kernel_module: Path) -> None:
    record = kernel_module / "pid.txt"
    program = (
        "from crazy4.core.precompile import compile_in_child; import os, time\n"
        "import childkernel; compile_in_child(childkernel.linger)\n"
        f"while not os.path.exists({str(record)!r}): time.sleep(0.01)\n"
        "raise SystemExit(2)  # a command failing on its input"
    )
    environment = {**os.environ, "RECORD_TO": str(record), "LINGER": "60"}
    environment["PYTHONPATH"] = os.pathsep.join([str(kernel_module), *sys.path])
    done = subprocess.run([sys.executable, "-c", program], env=environment, timeout=60)
    assert done.returncode == 2
    for _ in range(400):  # 20 s: under a loaded machine the exit handler runs late
        time.sleep(0.05)
        if record.read_text() and not _alive(int(record.read_text())):
            return
    pytest.fail("the child outlived the process that started it")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie (stopped, not yet reaped) is gone
        return stat.read().split()[2] != "Z"


def test_numba_registries_load_before_the_first_kernel_call() -> None:
    """What a kernel's first call would load (numba's array functions among the registries)
    is loaded by load_numba_registries, in a fresh process, without scipy's linear algebra."""
    probe = (
        "import sys\n"
        "from crazy4.core.precompile import load_numba_registries\n"
        "assert 'numba.np.arraymath' not in sys.modules\n"
        "load_numba_registries()\n"
        "assert 'numba.np.arraymath' in sys.modules\n"
        "assert 'scipy.linalg' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", probe], check=True)


def test_numba_registries_load_under_numbas_compiler_lock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Threads of one process each load the registries before their count (a team's seats
    priced in parallel), and numba refreshes them on a kernel's first call: two refreshes at
    once failed with "generator already executing" (a clean-clone run of
    tests/advantage/test_detect_group.py). Each refresh holds numba's own compiler lock."""
    from numba.core.compiler_lock import global_compiler_lock
    from numba.core.registry import cpu_target

    from crazy4.core.precompile import load_numba_registries

    held: list[bool] = []
    for context in (cpu_target.typing_context, cpu_target.target_context):
        monkeypatch.setattr(
            context, "refresh", lambda: held.append(global_compiler_lock.is_locked())
        )
    load_numba_registries()
    assert held == [True, True]
