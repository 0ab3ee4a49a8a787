"""Small pages for arrays written once (crazy4/core/pages.py): numpy's huge-page setting is off
inside a block, restored after the last of nested or overlapping blocks, and values never
change."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from crazy4.core.pages import HUGE_PAGE_SWITCH, small_pages

switch = HUGE_PAGE_SWITCH
pytestmark = pytest.mark.skipif(switch is None, reason="this numpy has no huge-page switch")


def huge_pages_on() -> bool:
    """numpy's setting now, read by setting it to itself."""
    assert switch is not None
    current = switch(True)
    switch(current)
    return bool(current)


def test_off_inside_and_restored_after() -> None:
    before = huge_pages_on()
    with small_pages():
        assert not huge_pages_on()
        with small_pages():
            assert not huge_pages_on()
        assert not huge_pages_on()  # the outer block still runs
    assert huge_pages_on() == before


def test_restored_after_an_exception() -> None:
    before = huge_pages_on()
    with pytest.raises(ZeroDivisionError), small_pages():
        _ = 1 / 0
    assert huge_pages_on() == before


def test_overlapping_blocks_on_threads_restore_once_both_end() -> None:
    before = huge_pages_on()
    inside, release = threading.Event(), threading.Event()

    def other() -> None:
        with small_pages():
            inside.set()
            release.wait(10)

    thread = threading.Thread(target=other)
    with small_pages():
        thread.start()
        inside.wait(10)
    assert not huge_pages_on()  # this block ended, the thread's has not
    release.set()
    thread.join()
    assert huge_pages_on() == before


def test_arrays_are_the_same_either_way() -> None:
    values = np.arange(3_000_000, dtype=np.int64) * 7  # 24 MB: above numpy's 4 MiB threshold
    with small_pages():
        copy = values.copy()
        summed = values + values
    assert np.array_equal(copy, values)
    assert np.array_equal(summed, 2 * values)
