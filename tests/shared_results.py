"""A test fixture's value computed once per test run for all pytest-xdist workers."""

from __future__ import annotations

import fcntl
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


class SharedResults:
    """A value computed once per test run, whichever pytest-xdist worker asks first.

    The first worker to ask for ``key`` computes it under an exclusive lock (``fcntl.flock``)
    and pickles it into the run's shared temporary folder; a worker asking meanwhile waits for
    the lock and reads the file instead of computing the same thing on the other core. Without
    xdist (``WORKERS=0``, ``-p no:xdist``) the value is simply computed. The folder is the
    parent of the workers' own temporary folders, so a new run never reads an old value.
    """

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.done: dict[str, object] = {}

    def get(self, key: str, compute: Callable[[], T]) -> T:
        """``compute()``, or the value another worker computed for ``key`` in this run."""
        if key in self.done:
            return self.done[key]  # type: ignore[return-value]
        if self.folder is None:
            value = compute()
        else:
            path = self.folder / f"shared-{key}.pickle"
            with (self.folder / f"shared-{key}.lock").open("w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if path.exists():
                    value = pickle.loads(path.read_bytes())
                else:
                    value = compute()
                    temporary = path.with_suffix(f".{os.getpid()}.tmp")
                    temporary.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
                    temporary.replace(path)
        self.done[key] = value
        return value
