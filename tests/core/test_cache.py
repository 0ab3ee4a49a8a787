"""The table cache: a corrupt or mismatched file is rebuilt, never trusted."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from crazy4.core import cache


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CRAZY4_CACHE_DIR", str(tmp_path))
    return tmp_path


def build_count(calls: list[int]) -> np.ndarray:
    calls.append(1)
    return np.arange(10, dtype=np.int32)


def test_built_once_then_loaded(cache_dir: Path) -> None:
    calls: list[int] = []
    first = cache.cached_array(
        "t", lambda: build_count(calls), expected_shape=(10,), dtype=np.int32
    )
    second = cache.cached_array(
        "t", lambda: build_count(calls), expected_shape=(10,), dtype=np.int32
    )
    assert calls == [1]
    assert (first == second).all()
    assert not [p for p in cache_dir.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("damage", ["flip a byte", "truncate", "wrong checksum"])
def test_damaged_tables_are_rebuilt(cache_dir: Path, damage: str) -> None:
    calls: list[int] = []
    cache.cached_array("t", lambda: build_count(calls), expected_shape=(10,), dtype=np.int32)
    (table,) = cache_dir.glob("t-*.npy")
    (checksum,) = cache_dir.glob("t-*.crc32")
    if damage == "flip a byte":
        data = bytearray(table.read_bytes())
        data[-1] ^= 0xFF
        table.write_bytes(bytes(data))
    elif damage == "truncate":
        table.write_bytes(table.read_bytes()[:20])
    else:
        checksum.write_text("0" * 8)
    again = cache.cached_array(
        "t", lambda: build_count(calls), expected_shape=(10,), dtype=np.int32
    )
    assert calls == [1, 1]
    assert again.tolist() == list(range(10))


def test_unwritable_cache_only_costs_a_rebuild(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("CRAZY4_CACHE_DIR", str(blocker / "cache"))
    calls: list[int] = []
    array = cache.cached_array(
        "t", lambda: build_count(calls), expected_shape=(10,), dtype=np.int32
    )
    assert array.tolist() == list(range(10))


def _build_slowly(log: str) -> np.ndarray:
    with open(log, "a") as handle:
        handle.write(f"{os.getpid()}\n")
    time.sleep(0.5)
    return np.arange(10, dtype=np.int32)


def _load_in_a_process(folder: str, log: str, results: str) -> None:
    os.environ["CRAZY4_CACHE_DIR"] = folder
    array = cache.cached_array(
        "shared", lambda: _build_slowly(log), expected_shape=(10,), dtype=np.int32
    )
    with open(results, "a") as handle:
        handle.write(f"{array.tolist()}\n")


def test_processes_sharing_a_folder_build_a_table_once(tmp_path: Path) -> None:
    """Three processes miss the same table at once: one builds it, the others wait for its
    lock and load it."""
    log, results = tmp_path / "builds.txt", tmp_path / "results.txt"
    context = multiprocessing.get_context("fork")
    processes = [
        context.Process(
            target=_load_in_a_process, args=(str(tmp_path / "cache"), str(log), str(results))
        )
        for _ in range(3)
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(60)
        assert process.exitcode == 0
    assert len(log.read_text().split()) == 1
    assert results.read_text().splitlines() == [str(list(range(10)))] * 3


def test_an_unlockable_folder_still_builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache folder under a file cannot hold a lock (or the table): the table is built and
    returned, not an error."""
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("CRAZY4_CACHE_DIR", str(tmp_path / "file" / "cache"))
    calls: list[int] = []
    array = cache.cached_array(
        "t", lambda: build_count(calls), expected_shape=(10,), dtype=np.int32
    )
    assert calls == [1] and array.tolist() == list(range(10))


def test_a_builder_may_ask_for_its_own_table(cache_dir: Path) -> None:
    """A table whose builder loads the same table (one module's cached counts read through
    another's) is built, not deadlocked on its own lock."""

    def inner() -> np.ndarray:
        return cache.cached_array(
            "nested", lambda: np.arange(4, dtype=np.int8), expected_shape=(4,), dtype=np.int8
        )

    got: list[list[int]] = []
    worker = threading.Thread(
        target=lambda: got.append(
            cache.cached_array("nested", inner, expected_shape=(4,), dtype=np.int8).tolist()
        ),
        daemon=True,  # a deadlock fails the test below instead of hanging the run
    )
    worker.start()
    worker.join(30)
    assert got == [[0, 1, 2, 3]]


def _counted_build(size: int, dtype: type) -> tuple[list[int], Callable[[], np.ndarray]]:
    """A builder of ``arange(size)`` and the list it appends to at each build."""
    built: list[int] = []

    def build() -> np.ndarray:
        built.append(1)
        return np.arange(size, dtype=dtype)

    return built, build


def test_a_table_saved_in_the_background_is_on_disk_once_its_thread_ends(
    cache_dir: Path,
) -> None:
    built, build = _counted_build(1 << 20, np.int32)
    first = cache.cached_array(
        "bg", build, expected_shape=(1 << 20,), dtype=np.int32, background=True
    )
    assert not first.flags.writeable and int(first[-1]) == (1 << 20) - 1
    for thread in threading.enumerate():
        if thread.name.startswith(cache.SAVING):
            assert not thread.daemon  # the process waits for it before exiting
            thread.join()
    assert cache.is_cached("bg")
    again = cache.cached_array("bg", build, expected_shape=(1 << 20,), dtype=np.int32)
    assert built == [1] and (again == first).all()


def test_a_second_request_while_saving_waits_for_the_file_not_a_rebuild(
    cache_dir: Path,
) -> None:
    built, build = _counted_build(1 << 22, np.int64)
    first = cache.cached_array(
        "bg2", build, expected_shape=(1 << 22,), dtype=np.int64, background=True
    )
    second = cache.cached_array("bg2", build, expected_shape=(1 << 22,), dtype=np.int64)
    assert built == [1] and (second == first).all()


def test_saving_a_table_removes_its_superseded_copies_only(cache_dir: Path) -> None:
    """A table saved under this code's key removes the same table's files under other keys
    (an older release's, older code's) and nothing else: the folder stays bounded."""
    old = ["t-v0.0.9-0123456789ab", "t-v0.1.0-fedcba987654"]
    others = ["t_other-v0.0.9-0123456789ab", "tt-v0.0.9-0123456789ab", "notes"]
    recent = "t-v0.1.0-aaaaaaaaaaaa"  # another checkout's copy, read a minute ago
    hour_ago = time.time() - cache.IDLE_SECONDS - 60
    for stem in [*old, *others, recent]:
        for suffix in (".npy", ".crc32", ".lock"):
            (cache_dir / f"{stem}{suffix}").write_bytes(b"x")
            if stem != recent:
                os.utime(cache_dir / f"{stem}{suffix}", (hour_ago, hour_ago))
    cache.cached_array("t", lambda: np.arange(3, dtype=np.int8), expected_shape=(3,), dtype=np.int8)
    left = sorted(path.name for path in cache_dir.iterdir())
    assert not [name for name in left if any(name.startswith(stem + ".") for stem in old)]
    for stem in [*others, recent]:
        assert f"{stem}.npy" in left
    current = [
        name
        for name in left
        if name.startswith("t-v") and name.endswith(".npy") and name != f"{recent}.npy"
    ]
    assert len(current) == 1  # this code's copy, saved
    loaded = cache.cached_array(
        "t", lambda: np.zeros(3, dtype=np.int8), expected_shape=(3,), dtype=np.int8
    )
    assert loaded.tolist() == [0, 1, 2]  # read back, not rebuilt
