"""The compile in a child process (crazy4/core/precompile.py): the child's machine code, written
to numba's on-disk cache, is what the parent then loads; a failing child changes nothing."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

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
    """
)


@pytest.fixture
def kernel_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "childkernel.py").write_text(KERNEL)
    monkeypatch.syspath_prepend(str(tmp_path))  # the child gets this process's sys.path
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    monkeypatch.delenv("NUMBA_OPT", raising=False)
    return tmp_path


def test_the_parent_loads_what_the_child_compiled(kernel_module: Path) -> None:
    compile_in_child("childkernel:warm").join()
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
    compile_in_child("childkernel:record").join()
    assert record.read_text() == str(CHILD_OPTIMIZATION) == "1"
    monkeypatch.setenv("NUMBA_OPT", "3")  # the caller's own level is passed on
    compile_in_child("childkernel:record").join()
    assert record.read_text() == "3"


def test_a_failing_child_is_quiet(kernel_module: Path) -> None:
    compile_in_child("no_such_module:warm", "childkernel:missing").join()
    assert not (kernel_module / "numba").exists()
