"""The table cache: a corrupt or mismatched file is rebuilt, never trusted."""

from __future__ import annotations

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
