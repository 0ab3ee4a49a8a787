"""The Makefile and the README do what they say (the Makefile read with ``make -n``: nothing
is run)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def _dry_run(*args: str) -> str:
    return subprocess.run(
        ["make", "-n", *args], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout


@needs_make
def test_clean_removes_the_caches_and_generated_tables() -> None:
    """``make clean`` removes the lookup-table cache and the per-hand tables it says it removes."""
    plan = _dry_run("clean", "CRAZY4_CACHE_DIR=/nowhere/crazy4-cache")
    assert 'rm -rf "/nowhere/crazy4-cache"' in plan
    assert "results/*/player_hands.parquet" in plan
    assert "results/notebooks" in plan


@needs_make
def test_clean_finds_the_default_cache() -> None:
    """Without ``CRAZY4_CACHE_DIR`` it removes the default cache folder."""
    plan = _dry_run("clean", "CRAZY4_CACHE_DIR=", "XDG_CACHE_HOME=/xdg")
    assert 'rm -rf "/xdg/crazy4"' in plan


def test_readme_lists_every_notebook() -> None:
    """The README's notebook table names every notebook shipped (it once left out 05)."""
    readme = (ROOT / "README.md").read_text()
    for book in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"`{book.stem}`" in readme, book.stem
